// The scan: every store's copies, their headers read by inspectCheckpoint (header only: never a
// weight), and copies of the same model merged into one (docs/local.md, "The same model twice").
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/text.h"
#include "local/scan_internal.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

namespace llmsizer {

namespace {

std::string metadataValue(const Checkpoint& c, std::string_view key)
{
    for (const MetadataItem& m : c.metadata) {
        if (m.key == key) {
            return m.value;
        }
    }
    return {};
}

// config.json's model_type beside a safetensors checkpoint ("" when there is none).
std::string modelType(const std::string& configPath)
{
    if (configPath.empty() || !configPath.ends_with(".json")) {
        return {};
    }
    try {
        const nlohmann::json j = readJsonFile(configPath);
        if (j.is_object() && j.contains("model_type") && j["model_type"].is_string()) {
            return j["model_type"].get<std::string>();
        }
    } catch (const std::exception&) {
        // inspectCheckpoint already reported the config's problem in estimate_note
    }
    return {};
}

// Lower-case letters and digits only, without a trailing "gguf" or quantization name:
// "Llama-3.2-3B-Instruct-GGUF" and "Llama 3.2 3B Instruct" are both "llama323binstruct".
std::string identity(std::string name)
{
    const std::size_t slash = name.rfind('/');
    if (slash != std::string::npos) {
        name = name.substr(slash + 1);
    }
    std::string out;
    for (char ch : name) {
        if (std::isalnum(static_cast<unsigned char>(ch))) {
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        }
    }
    for (std::string_view tail : {"gguf"}) {
        if (out.size() > tail.size() && out.ends_with(tail)) {
            out.erase(out.size() - tail.size());
        }
    }
    return out;
}

std::vector<std::string> identities(const LocalCopy& c)
{
    std::vector<std::string> out;
    for (const std::string& n : {c.source_repo, c.header_name, c.name}) {
        const std::string id = identity(n);
        if (!id.empty() && std::find(out.begin(), out.end(), id) == out.end()) {
            out.push_back(id);
        }
    }
    return out;
}

// The copy whose weights run best: GGUF (llama.cpp offloads what does not fit) before others,
// fewer bytes first; copies that could not be read last.
bool primaryBefore(const LocalCopy& a, const LocalCopy& b)
{
    if (a.error.empty() != b.error.empty()) {
        return a.error.empty();
    }
    return a.weight_bytes < b.weight_bytes;
}

std::string displayName(const LocalModel& m)
{
    for (const LocalCopy& c : m.copies) {
        if (c.store == StoreKind::HuggingFace && c.error.empty() && !c.source_repo.empty()) {
            return c.source_repo;
        }
    }
    for (const LocalCopy& c : m.copies) {
        if (c.store == StoreKind::Ollama) {
            return c.name; // "llava:7b", as `ollama list` names it
        }
    }
    for (const LocalCopy& c : m.copies) {
        if (!c.header_name.empty()) {
            return c.header_name;
        }
    }
    return m.copies.front().name;
}

} // namespace

void describeCopy(LocalCopy& copy, const Checkpoint& c)
{
    copy.format = std::string(checkpointFormatName(c.format));
    copy.params = c.total_params;
    copy.weight_bytes = c.total_bytes;
    if (c.total_params > 0) {
        copy.bpw = 8.0 * static_cast<double>(c.total_bytes) / static_cast<double>(c.total_params);
    }
    if (c.format == CheckpointFormat::Gguf) {
        copy.architecture = metadataValue(c, "general.architecture");
        const auto ftype = text::parseUnsigned(metadataValue(c, "general.file_type"));
        if (ftype) {
            copy.quantization = ggufFileTypeName(*ftype);
        }
        const std::string repo = metadataValue(c, "general.source.huggingface.repository");
        if (!repo.empty() && copy.source_repo.empty()) {
            copy.source_repo = repo;
        }
    } else {
        copy.architecture = modelType(c.config_source);
        if (!c.quantization.empty()) {
            std::string q;
            for (const std::string& s : c.quantization) {
                q += (q.empty() ? "" : ", ") + s;
            }
            copy.quantization = q;
        }
    }
    if (copy.quantization.empty()) {
        // The dtype holding the most bytes ("BF16").
        const DtypeTotal* most = nullptr;
        for (const DtypeTotal& d : c.dtypes) {
            if (most == nullptr || d.bytes > most->bytes) {
                most = &d;
            }
        }
        if (most != nullptr) {
            copy.quantization = most->dtype;
        }
    }
    // general.name names the model; a config.json's name is only its architecture's
    // ("LlamaForCausalLM"), shared by unrelated models, so it names nothing here.
    if (c.format == CheckpointFormat::Gguf) {
        copy.header_name = c.model_name;
    }
    if (c.inferred) {
        copy.config = c.inferred;
        copy.context_length = c.inferred->context_length;
    }
    if (c.partial || !c.data_present) {
        copy.partial = true;
    }
    for (const std::string& shard : c.missing_shards) {
        copy.problems.push_back(shard + ": missing (not downloaded)");
    }
    if (!c.headline.empty()) {
        copy.problems.push_back(c.headline);
    }
    if (!c.inferred && !c.estimate_note.empty()) {
        copy.problems.push_back("no architecture: " + c.estimate_note);
    }
}

LocalScan scanStores(const std::vector<ModelStore>& stores, const ScanLimits& limits)
{
    LocalScan out;
    out.stores = stores;
    std::vector<LocalCopy> copies;
    for (const ModelStore& store : stores) {
        if (!store.exists) {
            continue;
        }
        detail::StoreScan s{store, limits, {}, {}, 0, false};
        switch (store.kind) {
        case StoreKind::HuggingFace:
            detail::scanHfCache(s, store.root);
            break;
        case StoreKind::Ollama:
            detail::scanOllama(s);
            break;
        default:
            detail::scanFolder(s);
            break;
        }
        out.entries += s.entries;
        out.problems.insert(out.problems.end(), s.problems.begin(), s.problems.end());
        for (LocalCopy& c : s.copies) {
            copies.push_back(std::move(c));
        }
    }
    // The headers, read by up to four threads (each copy by one): most of the scan's time is
    // stepping over GGUF tokenizer arrays, and the copies are independent.
    std::atomic<std::size_t> next{0};
    const auto work = [&copies, &next] {
        for (std::size_t i = next++; i < copies.size(); i = next++) {
            LocalCopy& c = copies[i];
            std::uint64_t disk = 0;
            for (const LocalFile& f : c.files) {
                disk += f.bytes;
            }
            c.disk_bytes = disk;
            if (!c.error.empty() || c.open_path.empty()) {
                continue;
            }
            try {
                InspectOptions options;
                options.header_only = true; // an interrupted download still shows its header
                describeCopy(c, inspectCheckpoint(c.open_path, options));
            } catch (const std::exception& e) {
                c.error = e.what();
            }
        }
    };
    const std::size_t threads = std::min<std::size_t>(
        {4, std::max(1u, std::thread::hardware_concurrency()), copies.size() / 8 + 1});
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t) {
        pool.emplace_back(work);
    }
    work();
    for (std::thread& t : pool) {
        t.join();
    }
    // The same model twice: the same exact parameter count and a name in common (the HF repo,
    // GGUF general.name or its source repository).
    std::vector<LocalModel> models;
    for (LocalCopy& c : copies) {
        LocalModel* home = nullptr;
        if (c.error.empty() && c.params > 0) {
            const std::vector<std::string> ids = identities(c);
            for (LocalModel& m : models) {
                const LocalCopy& p = m.copies.front();
                if (!p.error.empty() || p.params != c.params) {
                    continue;
                }
                for (const LocalCopy& other : m.copies) {
                    const std::vector<std::string> theirs = identities(other);
                    if (std::any_of(ids.begin(), ids.end(), [&theirs](const std::string& id) {
                            return std::find(theirs.begin(), theirs.end(), id) != theirs.end();
                        })) {
                        home = &m;
                        break;
                    }
                }
                if (home != nullptr) {
                    break;
                }
            }
        }
        if (home == nullptr) {
            models.push_back({});
            home = &models.back();
        }
        home->copies.push_back(std::move(c));
    }
    for (LocalModel& m : models) {
        std::stable_sort(m.copies.begin(), m.copies.end(), primaryBefore);
        m.name = displayName(m);
    }
    const auto folded = [](std::string s) {
        std::transform(s.begin(), s.end(), s.begin(),
                       [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
        return s;
    };
    std::sort(models.begin(), models.end(), [&folded](const LocalModel& a, const LocalModel& b) {
        return folded(a.name) < folded(b.name);
    });
    out.models = std::move(models);
    return out;
}

LocalScan scanLocalModels(const ScanEnvironment& env, const ScanLimits& limits)
{
    return scanStores(modelStores(env), limits);
}

namespace {

nlohmann::json copyJson(const LocalCopy& c)
{
    nlohmann::json j;
    j["store"] = std::string(storeKindId(c.store));
    j["name"] = c.name;
    j["location"] = c.location;
    j["revision"] = c.revision.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.revision);
    j["format"] = c.format.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.format);
    j["architecture"] =
        c.architecture.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.architecture);
    j["params"] = c.params;
    j["weight_bytes"] = c.weight_bytes;
    j["quantization"] =
        c.quantization.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.quantization);
    j["bits_per_weight"] = c.bpw ? nlohmann::json(*c.bpw) : nlohmann::json(nullptr);
    j["context_length"] =
        c.context_length == 0 ? nlohmann::json(nullptr) : nlohmann::json(c.context_length);
    j["num_ctx"] = c.num_ctx == 0 ? nlohmann::json(nullptr) : nlohmann::json(c.num_ctx);
    j["disk_bytes"] = c.disk_bytes;
    j["partial"] = c.partial;
    nlohmann::json files = nlohmann::json::array();
    for (const LocalFile& f : c.files) {
        files.push_back(
            {{"path", f.path},
             {"role", f.role},
             {"bytes", f.bytes},
             {"state", f.state.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.state)}});
    }
    j["files"] = std::move(files);
    j["problems"] = c.problems;
    j["error"] = c.error.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.error);
    return j;
}

} // namespace

nlohmann::json localScanToJson(const LocalScan& scan)
{
    nlohmann::json j;
    nlohmann::json stores = nlohmann::json::array();
    for (const ModelStore& s : scan.stores) {
        stores.push_back({{"store", std::string(storeKindId(s.kind))},
                          {"root", s.root.string()},
                          {"because", s.because},
                          {"exists", s.exists}});
    }
    j["stores"] = std::move(stores);
    nlohmann::json models = nlohmann::json::array();
    for (const LocalModel& m : scan.models) {
        nlohmann::json e;
        e["name"] = m.name;
        nlohmann::json copies = nlohmann::json::array();
        for (const LocalCopy& c : m.copies) {
            copies.push_back(copyJson(c));
        }
        e["copies"] = std::move(copies);
        models.push_back(std::move(e));
    }
    j["models"] = std::move(models);
    nlohmann::json problems = nlohmann::json::array();
    for (const ScanProblem& p : scan.problems) {
        problems.push_back({{"path", p.path}, {"message", p.message}});
    }
    j["problems"] = std::move(problems);
    j["entries"] = scan.entries;
    return j;
}

} // namespace llmsizer
