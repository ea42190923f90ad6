// Session files (docs/session-format.md): writing, and strict reading into a fresh Session that
// the caller adopts only when the whole file was valid.
#include "llmsizer/catalog/session.h"

#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/precision/quant_mix.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <nlohmann/json.hpp>

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

// The GPU entries of a list ("gpus", or "display.gpus"), checked against the catalog when one is
// given.
std::vector<std::string> gpuLinesFromJson(const json& list, const std::string& file,
                                          const std::string& path, const GpuCatalog* catalog)
{
    if (!list.is_array()) {
        throw InputError(file, path, "must be an array");
    }
    if (list.size() > kMaxSessionGpus) {
        throw InputError(file, path,
                         "holds at most " + std::to_string(kMaxSessionGpus) + " GPU entries (got " +
                             withThousands(list.size()) + ")");
    }
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string at = indexPath(path, i);
        const json& g = list[i];
        requireObject(g, file, at);
        requireKnownKeys(g, {"id", "count"}, file, at);
        SessionGpu gpu;
        gpu.id = nonEmptyString(g, "id", file, at);
        if (catalog != nullptr && catalog->find(gpu.id) == nullptr) {
            throw InputError(file, at + ".id", "unknown GPU '" + gpu.id + "'");
        }
        gpu.count = boundedUInt(g, "count", 1, kMaxGpuCount, 1, file, at);
        lines.push_back(gpuLine(gpu));
    }
    return lines;
}

// A field of two allowed values: whether it holds `second` (absent: `first`); anything else is
// refused, naming both.
bool secondOfTwo(const json& j, const char* key, const std::string& first,
                 const std::string& second, const std::string& file, const std::string& path)
{
    const std::string value = getOptString(j, key, file, path).value_or(first);
    if (value != first && value != second) {
        throw InputError(file, joinPath(path, key),
                         "must be \"" + first + "\" or \"" + second + "\" (got \"" + value + "\")");
    }
    return value == second;
}

bool trainingFromJson(const json& j, const std::string& file, const std::string& path)
{
    return secondOfTwo(j, "mode", "inference", "training", file, path);
}

bool textbookFromJson(const json& j, const std::string& file, const std::string& path)
{
    return secondOfTwo(j, "numbers", "realistic", "textbook", file, path);
}

// The precisions and the overhead profile of `j` (the version 4 "display" object, or an older
// "workload"), each checked and canonical; absent ones keep `o`'s.
void precisionsFromJson(const json& j, DisplayOptions& o, const std::string& file,
                        const std::string& path)
{
    o.weight_precision = canonicalPrecision(
        j, "precision", o.weight_precision, file, path,
        [](const std::string& id, const std::string& field) { return precisionById(id, field); });
    o.kv_precision = canonicalPrecision(
        j, "kv_precision", o.kv_precision, file, path,
        [](const std::string& id, const std::string& field) { return kvPrecisionById(id, field); });
    o.overhead = canonicalPrecision(j, "overhead", o.overhead, file, path,
                                    [](const std::string& id, const std::string& field) {
                                        return overheadProfileById(id, field);
                                    });
}

ByteUnits unitsFromJson(const json& j, const std::string& file, const std::string& path)
{
    const std::string units = getOptString(j, "units", file, path).value_or("GB");
    if (units == "GB") {
        return ByteUnits::Decimal;
    }
    if (units == "GiB") {
        return ByteUnits::Binary;
    }
    throw InputError(file, joinPath(path, "units"),
                     "must be \"GB\" or \"GiB\" (got \"" + units + "\")");
}

// DisplayOptions in JSON, the one place of the mapping (version 4's "display" object).
ordered_json displayToJson(const DisplayOptions& o)
{
    ordered_json j;
    j["units"] = o.units == ByteUnits::Binary ? "GiB" : "GB";
    j["mode"] = o.training ? "training" : "inference";
    j["numbers"] = o.textbook ? "textbook" : "realistic";
    j["precision"] = o.weight_precision;
    j["kv_precision"] = o.kv_precision;
    j["overhead"] = o.overhead;
    j["extra_precisions"] = o.extra_precisions;
    j["gpus"] = ordered_json::array();
    for (const std::string& line : o.gpus) {
        const SessionGpu g = sessionGpu(line);
        j["gpus"].push_back({{"id", g.id}, {"count", g.count}});
    }
    j["tokens_per_param"] = o.tokens_per_param;
    return j;
}

DisplayOptions displayFromJson(const json& j, const std::string& file, const GpuCatalog* catalog)
{
    const std::string path = "display";
    requireObject(j, file, path);
    requireKnownKeys(j,
                     {"units", "mode", "numbers", "precision", "kv_precision", "overhead",
                      "extra_precisions", "gpus", "tokens_per_param"},
                     file, path);
    DisplayOptions o;
    o.units = unitsFromJson(j, file, path);
    o.training = trainingFromJson(j, file, path);
    o.textbook = textbookFromJson(j, file, path);
    precisionsFromJson(j, o, file, path);
    if (auto extras = j.find("extra_precisions"); extras != j.end()) {
        const std::string at = joinPath(path, "extra_precisions");
        if (!extras->is_array()) {
            throw InputError(file, at, "must be an array");
        }
        for (std::size_t i = 0; i < extras->size(); ++i) {
            const json& e = (*extras)[i];
            if (!e.is_string()) {
                throw InputError(file, indexPath(at, i), "must be a string");
            }
            // A GGUF file type, as the GGUF types menu adds it (quant_mix.h).
            const std::string id = e.get<std::string>();
            if (!isGgufFileType(id)) {
                throw InputError(file, indexPath(at, i), "unknown GGUF file type '" + id + "'");
            }
            o.extra_precisions.push_back(id);
        }
    }
    if (auto gpus = j.find("gpus"); gpus != j.end()) {
        o.gpus = gpuLinesFromJson(*gpus, file, joinPath(path, "gpus"), catalog);
    }
    o.tokens_per_param =
        boundedUInt(j, "tokens_per_param", 1, kMaxTokensPerParam, o.tokens_per_param, file, path);
    return o;
}

SessionWorkload workloadFromJson(const json& j, const std::string& file, u64 version,
                                 DisplayOptions& display)
{
    const std::string path = "workload";
    requireObject(j, file, path);
    if (version >= 4) {
        requireKnownKeys(j, {"context", "batch"}, file, path);
    } else if (version >= 2) {
        requireKnownKeys(j, {"mode", "context", "batch", "precision", "kv_precision", "overhead"},
                         file, path);
    } else {
        requireKnownKeys(j, {"mode", "context", "batch", "precision", "kv_precision"}, file, path);
    }
    SessionWorkload w;
    if (version < 4) {
        // Before version 4 the workload held the mode, the precisions and the profile.
        display.training = trainingFromJson(j, file, path);
    }
    w.context = boundedUInt(j, "context", 1, Limits::maxContext, w.context, file, path);
    w.batch = boundedUInt(j, "batch", 1, kMaxBatch, w.batch, file, path);
    if (version < 4) {
        precisionsFromJson(j, display, file, path);
    }
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
    j["workload"] = {{"context", s.workload.context}, {"batch", s.workload.batch}};
    j["display"] = displayToJson(s.display);
    if (s.baseline) {
        j["baseline"] = modelToJson(*s.baseline);
    }
    return j.dump(2) + "\n";
}

SessionGpu sessionGpu(const std::string& line)
{
    // "id" or "id:count" (memory_view.h referenceLines); a malformed count reads as 1.
    const auto colon = line.rfind(':');
    const std::optional<std::uint64_t> count =
        colon == std::string::npos || colon == 0
            ? std::nullopt
            : text::parseUnsigned(std::string_view(line).substr(colon + 1));
    if (count && *count > 0) {
        return {line.substr(0, colon), *count};
    }
    return {line, 1};
}

std::string gpuLine(const SessionGpu& gpu)
{
    return gpu.count == 1 ? gpu.id : gpu.id + ":" + std::to_string(gpu.count);
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
    if (version >= 4) {
        requireKnownKeys(
            j, {"format", "version", "current", "comparison", "workload", "display", "baseline"},
            file, "");
    } else if (version >= 3) {
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

    s.version = version;
    if (version < 2) {
        s.display.weight_precision = "bf16"; // version 1's documented default
    }
    // Versions 1 to 3: the GPUs and the units at the top, the mode, the precisions and the
    // overhead profile in the workload.
    if (auto gpus = j.find("gpus"); version < 4 && gpus != j.end()) {
        s.display.gpus = gpuLinesFromJson(*gpus, file, "gpus", catalog);
    }
    if (auto w = j.find("workload"); w != j.end()) {
        s.workload = workloadFromJson(*w, file, version, s.display);
    }
    if (version < 4) {
        s.display.units = unitsFromJson(j, file, "");
    } else if (auto d = j.find("display"); d != j.end()) {
        s.display = displayFromJson(*d, file, catalog);
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
