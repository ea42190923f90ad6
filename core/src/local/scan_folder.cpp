// Folders of model files: LM Studio's (PUBLISHER/REPO/*.gguf, or an MLX folder of safetensors),
// llama.cpp's cache (flat ORG_REPO_FILE.gguf files, or the Hugging Face layout in newer
// versions) and any folder the user adds. A folder with safetensors files is one model; each
// GGUF file (or split set) is one; mmproj GGUFs are projectors of the models beside them.
// Folder links are never followed (so loops cannot be), file links only inside the store.
#include "formats/checkpoint_internal.h"
#include "local/scan_internal.h"

#include <algorithm>
#include <map>

namespace llmsizer::detail {

namespace fs = std::filesystem;

namespace {

struct Found {
    std::vector<std::pair<fs::path, std::uint64_t>> ggufs;
    std::vector<std::pair<fs::path, std::uint64_t>> safetensors; // and indexes
    std::vector<std::pair<fs::path, std::uint64_t>> other;       // config.json
};

std::string relativeName(const fs::path& p, const fs::path& root)
{
    const fs::path rel = p.lexically_relative(root);
    return rel.empty() || rel == "." ? p.filename().string() : rel.generic_string();
}

void addFolderCopies(StoreScan& s, const fs::path& dir, Found& f)
{
    const fs::path& root = s.store.root;
    std::vector<LocalFile> projectors;
    std::vector<std::pair<fs::path, std::uint64_t>> models;
    for (const auto& g : f.ggufs) {
        const std::string name = g.first.filename().string();
        if (name.find("mmproj") != std::string::npos) {
            projectors.push_back({g.first.string(), "projector", g.second, ""});
        } else {
            models.push_back(g);
        }
    }
    if (!f.safetensors.empty()) {
        LocalCopy c = s.newCopy();
        c.name = relativeName(dir, root);
        c.location = dir.string();
        c.open_path = dir;
        for (const auto& st : f.safetensors) {
            const std::string n = st.first.filename().string();
            c.files.push_back(
                {st.first.string(), n.ends_with(".json") ? "index" : "weights", st.second, ""});
        }
        for (const auto& o : f.other) {
            c.files.push_back({o.first.string(), "config", o.second, ""});
        }
        s.copies.push_back(std::move(c));
    }
    std::map<std::string, std::vector<std::pair<fs::path, std::uint64_t>>> sets;
    for (const auto& g : models) {
        const auto split = parseGgufSplitName(g.first.filename().string());
        sets[split ? split->prefix : g.first.filename().string()].push_back(g);
    }
    for (auto& [key, files] : sets) {
        std::sort(files.begin(), files.end());
        LocalCopy c = s.newCopy();
        const fs::path first = files.front().first;
        std::string stem = key.ends_with(".gguf") ? key.substr(0, key.size() - 5) : key;
        c.name = relativeName(dir / stem, root);
        c.location = first.string();
        c.open_path = first;
        for (const auto& g : files) {
            c.files.push_back({g.first.string(), "weights", g.second, ""});
        }
        c.files.insert(c.files.end(), projectors.begin(), projectors.end());
        s.copies.push_back(std::move(c));
    }
}

void walk(StoreScan& s, const fs::path& dir, int depth)
{
    const fs::path& root = s.store.root;
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) {
        s.problem(dir, "cannot be listed (" + ec.message() + ")");
        return;
    }
    Found found;
    std::vector<fs::path> subdirs;
    bool hfLayout = false;
    for (; it != fs::directory_iterator(); it.increment(ec)) {
        if (ec) {
            s.problem(dir, "could not be listed to the end (" + ec.message() + ")");
            break;
        }
        if (!s.count(dir)) {
            return;
        }
        const fs::directory_entry& e = *it;
        const std::string name = e.path().filename().string();
        if (name.empty() || name.front() == '.') {
            continue;
        }
        const bool link = e.is_symlink(ec);
        if (e.is_directory(ec)) {
            if (link) {
                std::string why;
                if (linkInside(e.path(), root, &why).empty()) {
                    s.problem(e.path(), why);
                }
                continue; // a link to a folder inside the store: reached through its own path
            }
            if (name.rfind("models--", 0) == 0) {
                hfLayout = true;
            } else {
                subdirs.push_back(e.path());
            }
            continue;
        }
        const bool gguf = name.ends_with(".gguf");
        const bool st = name.ends_with(".safetensors") || name.ends_with(".safetensors.index.json");
        if (!gguf && !st && name != "config.json") {
            if (link) {
                std::string why;
                if (linkInside(e.path(), root, &why).empty() && why == "is a symbolic link loop") {
                    s.problem(e.path(), why);
                }
            }
            continue;
        }
        if (link) {
            std::string why;
            if (linkInside(e.path(), root, &why).empty()) {
                s.problem(e.path(), why);
                continue;
            }
        }
        std::string why;
        const auto size = regularSize(e.path(), &why);
        if (!size) {
            if (name != "config.json") {
                s.problem(e.path(), why);
            }
            continue;
        }
        (gguf ? found.ggufs : st ? found.safetensors : found.other).emplace_back(e.path(), *size);
    }
    std::sort(found.ggufs.begin(), found.ggufs.end());
    std::sort(found.safetensors.begin(), found.safetensors.end());
    addFolderCopies(s, dir, found);
    if (hfLayout) {
        scanHfCache(s, dir);
    }
    std::sort(subdirs.begin(), subdirs.end());
    for (const fs::path& sub : subdirs) {
        if (depth + 1 > s.limits.max_depth) {
            s.problem(sub, "is more than " + std::to_string(s.limits.max_depth) +
                               " folders deep: not looked into");
            continue;
        }
        walk(s, sub, depth + 1);
        if (s.stopped) {
            return;
        }
    }
}

} // namespace

void scanFolder(StoreScan& s)
{
    walk(s, s.store.root, 0);
}

} // namespace llmsizer::detail
