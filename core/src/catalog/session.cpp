// Session files (docs/session-format.md): writing, and strict reading into a fresh Session that
// the caller adopts only when the whole file was valid.
#include "llmsizer/catalog/session.h"

#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

namespace llmsizer {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

using u64 = std::uint64_t;

// The app's limit (Limits::maxBatch): a session holds what the app can show.
constexpr u64 kMaxBatch = Limits::maxBatch;
constexpr u64 kMaxGpuCount = 1u << 16;

std::string indexPath(const std::string& key, std::size_t i)
{
    return key + "[" + std::to_string(i) + "]";
}

ordered_json modelToJson(const SessionModel& m)
{
    ordered_json j;
    j["name"] = m.name;
    if (!m.preset_id.empty()) {
        j["preset"] = m.preset_id;
    }
    j["architecture"] = ordered_json::parse(modelConfigToJson(m.config).dump());
    return j;
}

std::string nonEmptyString(const json& obj, const char* key, const std::string& file,
                           const std::string& prefix)
{
    std::string s = getString(obj, key, file, prefix);
    if (s.empty()) {
        throw InputError(file, joinPath(prefix, key), "must not be empty");
    }
    return s;
}

SessionModel modelFromJson(const json& j, const std::string& file, const std::string& path)
{
    requireObject(j, file, path);
    requireKnownKeys(j, {"name", "preset", "architecture"}, file, path);
    SessionModel m;
    m.name = nonEmptyString(j, "name", file, path);
    requireNameLength(m.name, file, joinPath(path, "name"));
    if (j.contains("preset")) {
        m.preset_id = nonEmptyString(j, "preset", file, path);
    }
    auto arch = j.find("architecture");
    if (arch == j.end()) {
        throw InputError(file, joinPath(path, "architecture"), "is required");
    }
    requireObject(*arch, file, joinPath(path, "architecture"));
    m.config = modelConfigFromJson(*arch, file, joinPath(path, "architecture"));
    return m;
}

const json* optionalArray(const json& root, const char* key, const std::string& file)
{
    auto it = root.find(key);
    if (it == root.end()) {
        return nullptr;
    }
    if (!it->is_array()) {
        throw InputError(file, key, "must be an array");
    }
    return &*it;
}

u64 boundedUInt(const json& obj, const char* key, u64 lo, u64 hi, u64 fallback,
                const std::string& file, const std::string& prefix)
{
    const u64 v = getOptUInt(obj, key, file, prefix).value_or(fallback);
    if (v < lo || v > hi) {
        throw InputError(file, joinPath(prefix, key),
                         "must be between " + withThousands(lo) + " and " + withThousands(hi) +
                             " (got " + withThousands(v) + ")");
    }
    return v;
}

// precisionById / kvPrecisionById report without a file; add it.
template <typename Lookup>
std::string canonicalPrecision(const json& obj, const char* key, const std::string& fallback,
                               const std::string& file, const std::string& prefix, Lookup lookup)
{
    const std::string id = getOptString(obj, key, file, prefix).value_or(fallback);
    const std::string field = joinPath(prefix, key);
    try {
        return lookup(id, field).id;
    } catch (const InputError& e) {
        throw InputError(file, field, e.message());
    }
}

SessionWorkload workloadFromJson(const json& j, const std::string& file, u64 version)
{
    const std::string path = "workload";
    requireObject(j, file, path);
    if (version >= 2) {
        requireKnownKeys(j, {"mode", "context", "batch", "precision", "kv_precision", "overhead"},
                         file, path);
    } else {
        requireKnownKeys(j, {"mode", "context", "batch", "precision", "kv_precision"}, file, path);
    }
    SessionWorkload w;
    if (version < 2) {
        w.precision = "bf16"; // version 1's documented default
    }
    const std::string mode = getOptString(j, "mode", file, path).value_or("inference");
    if (mode == "inference") {
        w.mode = WorkloadMode::Inference;
    } else if (mode == "training") {
        w.mode = WorkloadMode::Training;
    } else {
        throw InputError(file, "workload.mode",
                         "must be \"inference\" or \"training\" (got \"" + mode + "\")");
    }
    w.context = boundedUInt(j, "context", 1, Limits::maxContext, w.context, file, path);
    w.batch = boundedUInt(j, "batch", 1, kMaxBatch, w.batch, file, path);
    w.precision = canonicalPrecision(
        j, "precision", w.precision, file, path,
        [](const std::string& id, const std::string& field) { return precisionById(id, field); });
    w.kv_precision = canonicalPrecision(
        j, "kv_precision", w.kv_precision, file, path,
        [](const std::string& id, const std::string& field) { return kvPrecisionById(id, field); });
    w.overhead = canonicalPrecision(j, "overhead", w.overhead, file, path,
                                    [](const std::string& id, const std::string& field) {
                                        return overheadProfileById(id, field);
                                    });
    return w;
}

} // namespace

json sessionToJson(const Session& s)
{
    return json::parse(saveSession(s));
}

std::string saveSession(const Session& s)
{
    ordered_json j;
    j["format"] = kSessionFormat;
    j["version"] = kSessionVersion;
    j["current"] = modelToJson(s.current);
    j["comparison"] = ordered_json::array();
    for (const SessionModel& m : s.comparison) {
        j["comparison"].push_back(modelToJson(m));
    }
    j["gpus"] = ordered_json::array();
    for (const SessionGpu& g : s.gpus) {
        j["gpus"].push_back({{"id", g.id}, {"count", g.count}});
    }
    j["workload"] = {{"mode", s.workload.mode == WorkloadMode::Training ? "training" : "inference"},
                     {"context", s.workload.context},
                     {"batch", s.workload.batch},
                     {"precision", s.workload.precision},
                     {"kv_precision", s.workload.kv_precision},
                     {"overhead", s.workload.overhead}};
    j["units"] = s.units == ByteUnits::Binary ? "GiB" : "GB";
    if (s.baseline) {
        j["baseline"] = modelToJson(*s.baseline);
    }
    return j.dump(2) + "\n";
}

DisplayOptions sessionDisplayOptions(const Session& session, DisplayOptions base)
{
    base.units = session.units;
    base.weight_precision = session.workload.precision;
    base.kv_precision = session.workload.kv_precision;
    base.overhead = session.workload.overhead;
    base.training = session.workload.mode == WorkloadMode::Training;
    base.gpus.clear();
    for (const SessionGpu& g : session.gpus) {
        base.gpus.push_back(g.count == 1 ? g.id : g.id + ":" + std::to_string(g.count));
    }
    return base;
}

void setSessionDisplayOptions(Session& session, const DisplayOptions& options)
{
    session.units = options.units;
    session.workload.precision = options.weight_precision;
    session.workload.kv_precision = options.kv_precision;
    session.workload.overhead = options.overhead;
    session.workload.mode = options.training ? WorkloadMode::Training : WorkloadMode::Inference;
    session.gpus.clear();
    for (const std::string& key : options.gpus) {
        // "id" or "id:count" (memory_view.h referenceLines); a malformed count reads as 1.
        const auto colon = key.rfind(':');
        const std::optional<std::uint64_t> count =
            colon == std::string::npos || colon == 0
                ? std::nullopt
                : text::parseUnsigned(std::string_view(key).substr(colon + 1));
        if (count && *count > 0) {
            session.gpus.push_back({key.substr(0, colon), *count});
        } else {
            session.gpus.push_back({key, 1});
        }
    }
}

void saveSessionFile(const std::filesystem::path& file, const Session& session)
{
    writeFileAtomically(file, saveSession(session));
}

Session sessionFromJson(const json& j, const std::string& file, const GpuCatalog* catalog)
{
    requireObject(j, file, "");
    const std::optional<std::string> format = getOptString(j, "format", file, "");
    if (format != kSessionFormat) {
        throw InputError(file, "format",
                         std::string("must be \"") + kSessionFormat +
                             "\" (this is not a session file)");
    }
    const u64 version = getUInt(j, "version", file, "");
    if (version < kOldestSessionVersion || version > kSessionVersion) {
        throw InputError(file, "version",
                         "unsupported session version " + std::to_string(version) +
                             " (this build reads versions " +
                             std::to_string(kOldestSessionVersion) + " to " +
                             std::to_string(kSessionVersion) + ")");
    }
    if (version >= 3) {
        requireKnownKeys(
            j,
            {"format", "version", "current", "comparison", "gpus", "workload", "units", "baseline"},
            file, "");
    } else {
        requireKnownKeys(
            j, {"format", "version", "current", "comparison", "gpus", "workload", "units"}, file,
            "");
    }

    Session s;
    auto current = j.find("current");
    if (current == j.end()) {
        throw InputError(file, "current", "is required");
    }
    s.current = modelFromJson(*current, file, "current");

    if (const json* list = optionalArray(j, "comparison", file)) {
        if (list->size() > kMaxSessionComparison) {
            throw InputError(file, "comparison",
                             "holds at most " + std::to_string(kMaxSessionComparison) +
                                 " configurations (got " + std::to_string(list->size()) + ")");
        }
        for (std::size_t i = 0; i < list->size(); ++i) {
            s.comparison.push_back(modelFromJson((*list)[i], file, indexPath("comparison", i)));
        }
    }

    if (const json* list = optionalArray(j, "gpus", file)) {
        if (list->size() > kMaxSessionGpus) {
            throw InputError(file, "gpus",
                             "holds at most " + std::to_string(kMaxSessionGpus) +
                                 " GPU entries (got " + withThousands(list->size()) + ")");
        }
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string path = indexPath("gpus", i);
            const json& g = (*list)[i];
            requireObject(g, file, path);
            requireKnownKeys(g, {"id", "count"}, file, path);
            SessionGpu gpu;
            gpu.id = nonEmptyString(g, "id", file, path);
            if (catalog != nullptr && catalog->find(gpu.id) == nullptr) {
                throw InputError(file, path + ".id", "unknown GPU '" + gpu.id + "'");
            }
            gpu.count = boundedUInt(g, "count", 1, kMaxGpuCount, 1, file, path);
            s.gpus.push_back(std::move(gpu));
        }
    }

    if (auto w = j.find("workload"); w != j.end()) {
        s.workload = workloadFromJson(*w, file, version);
    } else if (version < 2) {
        s.workload.precision = "bf16"; // version 1's documented default
    }

    const std::string units = getOptString(j, "units", file, "").value_or("GB");
    if (units == "GB") {
        s.units = ByteUnits::Decimal;
    } else if (units == "GiB") {
        s.units = ByteUnits::Binary;
    } else {
        throw InputError(file, "units", "must be \"GB\" or \"GiB\" (got \"" + units + "\")");
    }
    if (auto b = j.find("baseline"); b != j.end()) {
        s.baseline = modelFromJson(*b, file, "baseline");
    }
    return s;
}

Session parseSession(const std::string& text, const std::string& fileLabel,
                     const GpuCatalog* catalog)
{
    return sessionFromJson(parseJsonText(text, fileLabel), fileLabel, catalog);
}

Session loadSession(const std::filesystem::path& file, const GpuCatalog* catalog)
{
    return sessionFromJson(readJsonFile(file), file.string(), catalog);
}

} // namespace llmsizer
