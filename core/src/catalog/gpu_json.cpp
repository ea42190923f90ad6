// The JSON form of a GPU catalog file ({"gpus": [...]}), read and validated field by field: every
// error names the file and the field. The catalog that holds the devices is gpu_catalog.cpp.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>
#include <unordered_map>

namespace llmsizer {

using nlohmann::json;

namespace {

constexpr std::array<const char*, 20> kKeys{"id",
                                            "name",
                                            "vendor",
                                            "category",
                                            "memory_gib",
                                            "memory_gb",
                                            "memory_note",
                                            "usable_fraction",
                                            "bandwidth_gb_s",
                                            "bf16_dense_tflops",
                                            "fp8_dense_tflops",
                                            "int8_dense_tops",
                                            "fp16_acc16_dense_tflops",
                                            "memory_type",
                                            "unified_memory",
                                            "cpu_cores",
                                            "compute_capability",
                                            "sources",
                                            "uncertain_fields",
                                            "notes"};
constexpr std::array<const char*, 5> kCategories{"datacenter", "workstation", "consumer", "apple",
                                                 "other"};
// Bounds that catch unit mistakes (bytes typed into a GiB field) without limiting real devices.
constexpr double kMaxMemoryGiB = 1u << 20; // 1 PiB
constexpr double kMaxBandwidth = 1e6;      // GB/s
constexpr double kMaxTflops = 1e6;
// Physical lower bounds: below them a value is a typo or a unit mistake, and the estimates it
// would give (training time in "inf" days) mean nothing. A 1 MB GPU, 0.1 GB/s of bandwidth
// (slower than 1990s DRAM) and 1 GFLOP/s are below every device the catalog describes.
constexpr double kMinMemory = 0.001;  // GB or GiB
constexpr double kMinBandwidth = 0.1; // GB/s
constexpr double kMinTflops = 0.001;

bool isKnownKey(const std::string& key)
{
    return std::find_if(kKeys.begin(), kKeys.end(), [&](const char* k) { return key == k; }) !=
           kKeys.end();
}

bool validId(const std::string& id)
{
    if (id.empty() || id.size() > 64 || id.front() == '-' || id.back() == '-') {
        return false;
    }
    return std::all_of(id.begin(), id.end(), [](char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-';
    });
}

// 1e6 -> "1000000", 0.5 -> "0.5": integers without a trailing ".0".
std::string numberText(double v)
{
    if (std::isfinite(v) && std::floor(v) == v && std::abs(v) < 1e15) {
        return std::to_string(static_cast<long long>(v));
    }
    json j = v;
    return j.dump();
}

// A required positive number from `lo` to `hi`.
double positive(const json& obj, const char* key, const std::string& file, const std::string& path,
                double lo, double hi)
{
    const double v = getNumber(obj, key, file, path);
    if (!(v > 0.0) || v > hi) {
        throw InputError(file, joinPath(path, key),
                         "must be a positive number no larger than " + numberText(hi) + " (got " +
                             numberText(v) + ")");
    }
    if (v < lo) {
        throw InputError(file, joinPath(path, key),
                         "must be at least " + numberText(lo) + " (got " + numberText(v) +
                             "; no real GPU is that small)");
    }
    return v;
}

std::optional<double> optionalPositive(const json& obj, const char* key, const std::string& file,
                                       const std::string& path, double lo, double hi)
{
    if (!getOptNumber(obj, key, file, path)) {
        return std::nullopt;
    }
    return positive(obj, key, file, path, lo, hi);
}

std::vector<std::string> stringList(const json& obj, const char* key, const std::string& file,
                                    const std::string& path)
{
    std::vector<std::string> out;
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) {
        return out;
    }
    const std::string field = joinPath(path, key);
    if (!it->is_array()) {
        throw InputError(file, field, "must be an array of strings");
    }
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json& v = (*it)[i];
        const std::string item = field + "[" + std::to_string(i) + "]";
        if (!v.is_string() || v.get<std::string>().empty()) {
            throw InputError(file, item, "must be a non-empty string");
        }
        out.push_back(v.get<std::string>());
    }
    return out;
}

std::string nonEmpty(const json& obj, const char* key, const std::string& file,
                     const std::string& path)
{
    std::string s = getString(obj, key, file, path);
    if (s.empty()) {
        throw InputError(file, joinPath(path, key), "must not be empty");
    }
    return s;
}

void setMemory(GpuSpec& g, const json& obj, const std::string& file, const std::string& path)
{
    const bool hasGiB = getOptNumber(obj, "memory_gib", file, path).has_value();
    const bool hasGB = getOptNumber(obj, "memory_gb", file, path).has_value();
    if (hasGiB == hasGB) {
        throw InputError(file, path,
                         hasGiB ? "give memory_gib or memory_gb, not both"
                                : "needs memory_gib (2^30 bytes) or memory_gb (1e9 bytes)");
    }
    const char* key = hasGiB ? "memory_gib" : "memory_gb";
    g.memory_unit = hasGiB ? MemoryUnit::GiB : MemoryUnit::GB;
    g.memory_value = positive(obj, key, file, path, kMinMemory, kMaxMemoryGiB);
    const double bytes = g.memory_value * (hasGiB ? 1073741824.0 : 1e9);
    if (std::floor(bytes) != bytes) {
        throw InputError(file, joinPath(path, key),
                         "must be a whole number of bytes (got " + numberText(g.memory_value) +
                             ")");
    }
    g.memory_bytes = static_cast<std::uint64_t>(bytes);
}

} // namespace

std::vector<std::string> gpuCategories()
{
    return {kCategories.begin(), kCategories.end()};
}

GpuSpec gpuFromJson(const json& j, const std::string& file, const std::string& path, bool user)
{
    requireObject(j, file, path);
    for (const auto& item : j.items()) {
        if (!isKnownKey(item.key())) {
            throw InputError(file, joinPath(path, item.key()), "is not a known GPU field");
        }
    }
    GpuSpec g;
    g.user = user;
    g.id = getString(j, "id", file, path);
    if (!validId(g.id)) {
        throw InputError(file, joinPath(path, "id"),
                         "must be 1 to 64 characters of a-z, 0-9 and '-', not starting or ending "
                         "with '-' (got '" +
                             g.id + "')");
    }
    g.name = nonEmpty(j, "name", file, path);
    requireNameLength(g.name, file, joinPath(path, "name"));
    g.vendor = nonEmpty(j, "vendor", file, path);
    requireNameLength(g.vendor, file, joinPath(path, "vendor"));
    g.category = getOptString(j, "category", file, path).value_or("other");
    if (std::find_if(kCategories.begin(), kCategories.end(),
                     [&](const char* c) { return g.category == c; }) == kCategories.end()) {
        throw InputError(file, joinPath(path, "category"),
                         "must be one of datacenter, workstation, consumer, apple, other (got '" +
                             g.category + "')");
    }
    setMemory(g, j, file, path);
    g.memory_note = getOptString(j, "memory_note", file, path).value_or("");
    if (auto f = getOptNumber(j, "usable_fraction", file, path)) {
        // Apple's unified memory gives the GPU about 0.66 to 0.75 of it; no real GPU leaves
        // less than a tenth usable (1e-300 showed "0 B usable" and still a speed).
        if (!(*f >= 0.1 && *f <= 1.0)) {
            throw InputError(file, joinPath(path, "usable_fraction"),
                             "must be from 0.1 to 1 (got " + numberText(*f) +
                                 "; no real GPU makes less than a tenth of its memory usable)");
        }
        g.usable_fraction = *f;
    }
    g.bandwidth_gb_s = positive(j, "bandwidth_gb_s", file, path, kMinBandwidth, kMaxBandwidth);
    g.bf16_tflops = optionalPositive(j, "bf16_dense_tflops", file, path, kMinTflops, kMaxTflops);
    g.fp8_tflops = optionalPositive(j, "fp8_dense_tflops", file, path, kMinTflops, kMaxTflops);
    g.int8_tops = optionalPositive(j, "int8_dense_tops", file, path, kMinTflops, kMaxTflops);
    g.fp16_acc16_tflops =
        optionalPositive(j, "fp16_acc16_dense_tflops", file, path, kMinTflops, kMaxTflops);
    g.memory_type = getOptString(j, "memory_type", file, path).value_or("");
    if (!g.memory_type.empty() && g.memory_type.rfind("GDDR", 0) != 0 &&
        g.memory_type.rfind("HBM", 0) != 0 && g.memory_type.rfind("LPDDR", 0) != 0 &&
        g.memory_type.rfind("DDR", 0) != 0) {
        throw InputError(file, joinPath(path, "memory_type"),
                         "must name a GDDR, HBM, LPDDR or DDR memory (got '" + g.memory_type +
                             "')");
    }
    if (const auto it = j.find("unified_memory"); it != j.end()) {
        if (!it->is_boolean()) {
            throw InputError(file, joinPath(path, "unified_memory"), "must be true or false");
        }
        g.unified_memory = it->get<bool>();
    }
    if (auto n = getOptNumber(j, "cpu_cores", file, path)) {
        if (!(*n >= 1 && *n <= 4096 && std::floor(*n) == *n)) {
            throw InputError(file, joinPath(path, "cpu_cores"),
                             "must be a whole number of cores from 1 to 4096 (got " +
                                 numberText(*n) + ")");
        }
        g.cpu_cores = static_cast<std::uint32_t>(*n);
        if (g.memory_type.rfind("DDR", 0) != 0) {
            throw InputError(file, joinPath(path, "cpu_cores"),
                             "only a CPU-only device (memory_type DDR4 or DDR5) has cores here");
        }
        // Its peak is cores × clock × FP32 FLOP a clock: from 4 GFLOP/s a core (a 1 GHz SSE
        // core) to 400 (5 GHz, two 512-bit FMA units, 320); outside, the cores or the peak is
        // mistyped (threads for cores halve it).
        const double perCore = g.bf16_tflops ? *g.bf16_tflops * 1000 / *n : 100.0;
        if (perCore < 4 || perCore > 400) {
            throw InputError(file, joinPath(path, "cpu_cores"),
                             numberText(*n) + " cores at " + numberText(*g.bf16_tflops) +
                                 " TFLOPS is " + numberText(std::round(perCore * 100) / 100) +
                                 " GFLOP/s a core; a CPU core gives 4 to 400 (count physical "
                                 "cores, and bf16_dense_tflops is cores x clock x FP32 FLOP a "
                                 "clock)");
        }
    }
    if (auto cc = getOptNumber(j, "compute_capability", file, path)) {
        // Tesla (1.0) to Blackwell (12.x); major.minor with a one-digit minor.
        if (!(*cc >= 1.0 && *cc < 13.0) || std::abs(*cc * 10 - std::round(*cc * 10)) > 1e-9) {
            throw InputError(
                file, joinPath(path, "compute_capability"),
                "must be a CUDA compute capability from 1.0 to 12.9 such as 8.9 (got " +
                    numberText(*cc) + ")");
        }
        if (g.vendor != "NVIDIA") {
            throw InputError(file, joinPath(path, "compute_capability"),
                             "only an NVIDIA GPU has a CUDA compute capability (vendor is '" +
                                 g.vendor + "')");
        }
        g.compute_capability = *cc;
    }
    g.sources = stringList(j, "sources", file, path);
    if (g.sources.empty() && !user) {
        throw InputError(file, joinPath(path, "sources"), "needs at least one source");
    }
    g.uncertain_fields = stringList(j, "uncertain_fields", file, path);
    for (std::size_t i = 0; i < g.uncertain_fields.size(); ++i) {
        const std::string& f = g.uncertain_fields[i];
        if (!isKnownKey(f) || f == "id" || f == "sources" || f == "uncertain_fields") {
            throw InputError(file,
                             joinPath(path, "uncertain_fields") + "[" + std::to_string(i) + "]",
                             "'" + f + "' is not a GPU field that can be uncertain");
        }
    }
    g.notes = getOptString(j, "notes", file, path).value_or("");
    return g;
}

json gpuToJson(const GpuSpec& g)
{
    json j = json::object();
    j["id"] = g.id;
    j["name"] = g.name;
    j["vendor"] = g.vendor;
    j["category"] = g.category;
    j[g.memory_unit == MemoryUnit::GiB ? "memory_gib" : "memory_gb"] = g.memory_value;
    if (!g.memory_note.empty()) {
        j["memory_note"] = g.memory_note;
    }
    if (g.usable_fraction != 1.0) {
        j["usable_fraction"] = g.usable_fraction;
    }
    j["bandwidth_gb_s"] = g.bandwidth_gb_s;
    if (g.bf16_tflops) {
        j["bf16_dense_tflops"] = *g.bf16_tflops;
    }
    if (g.fp8_tflops) {
        j["fp8_dense_tflops"] = *g.fp8_tflops;
    }
    if (g.int8_tops) {
        j["int8_dense_tops"] = *g.int8_tops;
    }
    if (g.fp16_acc16_tflops) {
        j["fp16_acc16_dense_tflops"] = *g.fp16_acc16_tflops;
    }
    if (!g.memory_type.empty()) {
        j["memory_type"] = g.memory_type;
    }
    if (g.unified_memory) {
        j["unified_memory"] = true;
    }
    if (g.cpu_cores) {
        j["cpu_cores"] = *g.cpu_cores;
    }
    if (g.compute_capability) {
        j["compute_capability"] = *g.compute_capability;
    }
    j["sources"] = g.sources;
    if (!g.uncertain_fields.empty()) {
        j["uncertain_fields"] = g.uncertain_fields;
    }
    if (!g.notes.empty()) {
        j["notes"] = g.notes;
    }
    return j;
}

std::vector<GpuSpec> gpusFromJson(const json& j, const std::string& file, bool user)
{
    requireObject(j, file, "");
    for (const auto& item : j.items()) {
        if (item.key() != "gpus" && item.key().rfind('_', 0) != 0) {
            throw InputError(file, item.key(), "is not a known key (expected \"gpus\")");
        }
    }
    auto it = j.find("gpus");
    if (it == j.end() || !it->is_array()) {
        throw InputError(file, "gpus", "must be an array of GPU objects");
    }
    std::vector<GpuSpec> out;
    std::unordered_map<std::string, std::size_t> firstUse; // id -> index: linear in the catalog
    for (std::size_t i = 0; i < it->size(); ++i) {
        const std::string path = "gpus[" + std::to_string(i) + "]";
        GpuSpec g = gpuFromJson((*it)[i], file, path, user);
        if (const auto [at, added] = firstUse.emplace(g.id, i); !added) {
            throw InputError(file, path + ".id",
                             "'" + g.id + "' is already used by gpus[" +
                                 std::to_string(at->second) + "]");
        }
        out.push_back(std::move(g));
    }
    return out;
}

json gpusToJson(const std::vector<GpuSpec>& gpus)
{
    json arr = json::array();
    for (const GpuSpec& g : gpus) {
        arr.push_back(gpuToJson(g));
    }
    return json{{"gpus", std::move(arr)}};
}

} // namespace llmsizer
