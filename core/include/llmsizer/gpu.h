#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace llmsizer {

// The unit a vendor's "GB" means for one device. Memory chips come in binary sizes, so an
// "80GB" HBM card has 80 GiB (85,899,345,920 bytes); a few devices are quoted in decimal GB.
enum class MemoryUnit { GiB, GB };

// One accelerator: capacity, bandwidth and dense peak throughput, with where each number comes
// from. Schema in docs/compute.md ("GPU catalog"); resources/gpus.json holds the built-ins.
struct GpuSpec {
    std::string id;          // "h100-sxm-80gb": lowercase letters, digits and '-'
    std::string name;        // "NVIDIA H100 SXM5 80GB"
    std::string vendor;      // "NVIDIA", "AMD", "Apple", …
    std::string category;    // "datacenter", "workstation", "consumer", "apple", "other"
    double memory_value = 0; // as quoted, in memory_unit
    MemoryUnit memory_unit = MemoryUnit::GiB;
    std::uint64_t memory_bytes = 0; // memory_value × 2^30 or × 1e9, exact
    std::string memory_note;        // what the vendor's "GB" is and what the driver reports
    // Share of memory_bytes a model can use (Apple GPUs get ≈75% of unified memory by default;
    // 1 for discrete cards, whose runtime reservation the memory model's overhead covers).
    double usable_fraction = 1.0;
    double bandwidth_gb_s = 0;                 // GB/s, 1 GB = 1e9 bytes
    std::optional<double> bf16_tflops;         // dense (no 2:4 sparsity); FP16 where no BF16
    std::optional<double> fp8_tflops;          // dense; absent = not supported or unknown
    std::vector<std::string> sources;          // at least one
    std::vector<std::string> uncertain_fields; // JSON keys not confirmed by a primary source
    std::string notes;
    bool user = false; // from the user catalog, not built in

    std::uint64_t usableBytes() const; // floor(memory_bytes × usable_fraction)
    double bandwidthBytesPerSecond() const { return bandwidth_gb_s * 1e9; }
    // Dense BF16 (else nothing) in FLOP/s; 0 when unknown.
    double peakFlops() const { return bf16_tflops ? *bf16_tflops * 1e12 : 0.0; }
    bool isUncertain(std::string_view field) const;
    bool operator==(const GpuSpec&) const = default;
};

// A lookup of an id that is not in the catalog.
class UnknownGpuError : public std::invalid_argument {
public:
    explicit UnknownGpuError(const std::string& id);
    const std::string& id() const { return m_id; }

private:
    std::string m_id;
};

// JSON form of the catalog files: {"gpus": [ {...}, … ]}. Parsing validates every field and
// throws InputError naming the file and the field ("gpus[3].memory_gib").
nlohmann::json gpuToJson(const GpuSpec& gpu);
GpuSpec gpuFromJson(const nlohmann::json& j, const std::string& file, const std::string& path,
                    bool user);
std::vector<GpuSpec> gpusFromJson(const nlohmann::json& j, const std::string& file, bool user);
nlohmann::json gpusToJson(const std::vector<GpuSpec>& gpus);

// Built-in devices plus the user's own. User ids may not collide with built-in ids.
// The most GPUs a user catalog (loadUser) may list.
inline constexpr std::size_t kMaxUserGpus = 4096;

class GpuCatalog {
public:
    // resources/gpus.json under defaultResourceDir().
    static std::filesystem::path builtinFile();
    // Throws InputError for a missing or invalid file.
    static GpuCatalog loadBuiltin(const std::filesystem::path& file = builtinFile());

    // Reads and merges a user catalog; a file that does not exist adds nothing. Throws
    // InputError (naming the file and field) for invalid files and colliding ids; the catalog is
    // unchanged on error.
    void loadUser(const std::filesystem::path& file);
    // Writes the user devices to `file` atomically.
    void saveUser(const std::filesystem::path& file) const;

    // Adds or replaces a user device; throws InputError if it is invalid or its id is built in.
    void setUserGpu(GpuSpec gpu);
    bool removeUserGpu(std::string_view id);

    const std::vector<GpuSpec>& gpus() const { return m_gpus; } // built-ins first, then user
    std::vector<GpuSpec> userGpus() const;
    const GpuSpec* find(std::string_view id) const;
    const GpuSpec& at(std::string_view id) const; // throws UnknownGpuError

private:
    std::vector<GpuSpec> m_gpus;
};

// A node of `count` identical devices (8×H100), as a fit target and a chart reference line.
struct GpuGroup {
    std::string gpu_id;
    std::uint64_t count = 1;
    std::string label() const; // "8× h100-sxm-80gb"
    bool operator==(const GpuGroup&) const = default;
};

// The default reference lines of the memory charts: common single cards and 8-GPU nodes.
std::vector<GpuGroup> defaultReferenceGroups();

} // namespace llmsizer
