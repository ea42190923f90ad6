#pragma once

#include <cstdint>
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
    double bandwidth_gb_s = 0;         // GB/s, 1 GB = 1e9 bytes
    std::optional<double> bf16_tflops; // dense (no 2:4 sparsity); FP16 where no BF16
    std::optional<double> fp8_tflops;  // dense; absent = not supported or unknown
    std::optional<double> int8_tops;   // dense INT8 tensor TOPS (1e12 op/s); absent = unknown
    std::vector<std::string> sources;  // at least one
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

// A node of `count` identical devices (8×H100), as a fit target and a chart reference line.
struct GpuGroup {
    std::string gpu_id;
    std::uint64_t count = 1;
    std::string label() const; // "8× h100-sxm-80gb"
    bool operator==(const GpuGroup&) const = default;
};

} // namespace llmsizer
