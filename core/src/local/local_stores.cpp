// Where the model stores are (huggingface_hub's constants.py, ollama's envconfig.Models,
// llama.cpp's fs_get_cache_directory, LM Studio's folders), and the helpers every store's scan
// shares: the entry budget, and symbolic links that may only lead inside the store.
#include "llmsizer/local/local_models.h"
#include "llmsizer/text/format.h"
#include "local/scan_internal.h"

#include <cerrno>
#include <sys/stat.h>

namespace llmsizer {

namespace fs = std::filesystem;

std::string_view storeKindId(StoreKind k)
{
    switch (k) {
    case StoreKind::HuggingFace:
        return "hf";
    case StoreKind::Ollama:
        return "ollama";
    case StoreKind::LmStudio:
        return "lmstudio";
    case StoreKind::LlamaCpp:
        return "llama.cpp";
    case StoreKind::Folder:
        return "folder";
    }
    return "folder";
}

std::string_view storeKindLabel(StoreKind k)
{
    switch (k) {
    case StoreKind::HuggingFace:
        return "Hugging Face";
    case StoreKind::Ollama:
        return "Ollama";
    case StoreKind::LmStudio:
        return "LM Studio";
    case StoreKind::LlamaCpp:
        return "llama.cpp";
    case StoreKind::Folder:
        return "Folder";
    }
    return "Folder";
}

namespace {

std::string envValue(const ScanEnvironment& e, const std::string& key)
{
    const auto it = e.env.find(key);
    return it == e.env.end() ? std::string() : it->second;
}

// "~/x" and "$HOME/x" as huggingface_hub expands them (os.path.expanduser).
fs::path expandHome(const ScanEnvironment& e, const std::string& p)
{
    if (p == "~") {
        return e.home;
    }
    if (p.rfind("~/", 0) == 0) {
        return e.home / p.substr(2);
    }
    return p;
}

} // namespace

std::vector<ModelStore> modelStores(const ScanEnvironment& e)
{
    std::vector<ModelStore> out;
    const auto add = [&out](StoreKind kind, const fs::path& root, std::string because) {
        ModelStore s;
        s.kind = kind;
        s.root = root.lexically_normal();
        s.because = std::move(because);
        std::error_code ec;
        s.exists = fs::is_directory(s.root, ec);
        for (const ModelStore& o : out) {
            if (o.root == s.root) {
                return; // the same folder named twice
            }
        }
        out.push_back(std::move(s));
    };
    const std::string xdg = envValue(e, "XDG_CACHE_HOME");
    const fs::path cache = xdg.empty() ? e.home / ".cache" : fs::path(xdg);
    // huggingface_hub constants.py: HF_HUB_CACHE, else HUGGINGFACE_HUB_CACHE, else HF_HOME/hub,
    // HF_HOME defaulting to $XDG_CACHE_HOME/huggingface, else ~/.cache/huggingface.
    if (const std::string v = envValue(e, "HF_HUB_CACHE"); !v.empty()) {
        add(StoreKind::HuggingFace, expandHome(e, v), "HF_HUB_CACHE");
    } else if (const std::string legacy = envValue(e, "HUGGINGFACE_HUB_CACHE"); !legacy.empty()) {
        add(StoreKind::HuggingFace, expandHome(e, legacy), "HUGGINGFACE_HUB_CACHE");
    } else if (const std::string home = envValue(e, "HF_HOME"); !home.empty()) {
        add(StoreKind::HuggingFace, expandHome(e, home) / "hub", "HF_HOME");
    } else {
        add(StoreKind::HuggingFace, cache / "huggingface" / "hub",
            xdg.empty() ? "default" : "XDG_CACHE_HOME");
    }
    // ollama envconfig.Models(): OLLAMA_MODELS, else ~/.ollama/models.
    if (const std::string v = envValue(e, "OLLAMA_MODELS"); !v.empty()) {
        add(StoreKind::Ollama, expandHome(e, v), "OLLAMA_MODELS");
    } else {
        add(StoreKind::Ollama, e.home / ".ollama" / "models", "default");
    }
    add(StoreKind::LmStudio, e.home / ".lmstudio" / "models", "default");
    add(StoreKind::LmStudio, e.home / ".cache" / "lm-studio" / "models", "older default");
    // llama.cpp common.cpp fs_get_cache_directory(): LLAMA_CACHE, else
    // $XDG_CACHE_HOME/llama.cpp, else ~/.cache/llama.cpp.
    if (const std::string v = envValue(e, "LLAMA_CACHE"); !v.empty()) {
        add(StoreKind::LlamaCpp, expandHome(e, v), "LLAMA_CACHE");
    } else {
        add(StoreKind::LlamaCpp, cache / "llama.cpp", xdg.empty() ? "default" : "XDG_CACHE_HOME");
    }
    for (const fs::path& f : e.folders) {
        add(StoreKind::Folder, f, "added");
    }
    return out;
}

std::string ggufFileTypeName(std::uint64_t ftype)
{
    // llama.cpp include/llama.h, enum llama_ftype (4-6 and 33-35 were removed).
    static const char* const names[] = {
        "F32",    "F16",    "Q4_0",    "Q4_1",      nullptr,  nullptr,   nullptr,
        "Q8_0",   "Q5_0",   "Q5_1",    "Q2_K",      "Q3_K_S", "Q3_K_M",  "Q3_K_L",
        "Q4_K_S", "Q4_K_M", "Q5_K_S",  "Q5_K_M",    "Q6_K",   "IQ2_XXS", "IQ2_XS",
        "Q2_K_S", "IQ3_XS", "IQ3_XXS", "IQ1_S",     "IQ4_NL", "IQ3_S",   "IQ3_M",
        "IQ2_S",  "IQ2_M",  "IQ4_XS",  "IQ1_M",     "BF16",   nullptr,   nullptr,
        nullptr,  "TQ1_0",  "TQ2_0",   "MXFP4_MOE", "NVFP4",  "Q1_0"};
    if (ftype < std::size(names) && names[ftype] != nullptr) {
        return names[ftype];
    }
    return "file type " + std::to_string(ftype);
}

namespace detail {

bool StoreScan::count(const fs::path& dir)
{
    if (stopped) {
        return false;
    }
    if (++entries > limits.max_entries) {
        stopped = true;
        problem(dir, "the store holds more than " + withThousands(limits.max_entries) +
                         " entries; the rest were not looked at");
        return false;
    }
    return true;
}

LocalCopy StoreScan::newCopy() const
{
    LocalCopy c;
    c.store = store.kind;
    c.store_root = store.root.string();
    return c;
}

bool within(const fs::path& p, const fs::path& base)
{
    const fs::path rel = p.lexically_relative(base);
    return !rel.empty() && *rel.begin() != "..";
}

fs::path linkInside(const fs::path& link, const fs::path& root, std::string* why)
{
    std::error_code ec;
    fs::path target = fs::canonical(link, ec);
    if (ec) {
        *why = ec == std::errc::too_many_symbolic_link_levels
                   ? "is a symbolic link loop"
                   : "is a symbolic link to a missing file";
        return {};
    }
    const fs::path home = fs::canonical(root, ec);
    if (ec || !within(target, home)) {
        *why = "is a symbolic link out of the store (to " + target.string() + "): not followed";
        return {};
    }
    return target;
}

std::optional<std::uint64_t> regularSize(const fs::path& p, std::string* why)
{
    struct stat st {};
    if (::stat(p.c_str(), &st) != 0) {
        *why = errno == ELOOP ? "is a symbolic link loop" : "is missing";
        return std::nullopt;
    }
    if (S_ISFIFO(st.st_mode)) {
        *why = "is a FIFO, not a file: not read";
        return std::nullopt;
    }
    if (!S_ISREG(st.st_mode)) {
        *why = S_ISDIR(st.st_mode) ? "is a directory, not a file" : "is not a regular file";
        return std::nullopt;
    }
    return static_cast<std::uint64_t>(st.st_size);
}

} // namespace detail

} // namespace llmsizer
