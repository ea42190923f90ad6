#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace llmsizer {

// How a device's memory behaves when a decode step streams it: the realized share of peak
// bandwidth differs by memory kind (docs/compute.md, "Speed model").
enum class MemoryClass {
    Gddr,    // GDDR6 / GDDR6X / GDDR7 on a discrete card
    GddrAmd, // GDDR6 on an AMD Radeon card: ROCm/HIP and Vulkan kernels stream it less well
    Hbm,     // HBM2e / HBM3 / HBM3e
    Unified, // LPDDR4X / LPDDR5 shared by CPU and GPU (Apple M1–M3)
    Lpddr5x, // LPDDR5X shared by CPU and GPU (Apple M4, DGX Spark, Strix Halo)
    Ddr      // DDR4 / DDR5 system memory: a CPU-only machine
};

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
    // Dense FP16 tensor peak with FP16 accumulation, where it differs from bf16_tflops: GeForce
    // cards run FP32 accumulation at half rate (NVIDIA Ada whitepaper: RTX 4090 330.3 with FP16
    // accumulate, 165.2 with FP32), and llama.cpp's and cuBLAS's FP16 kernels use the fast one.
    std::optional<double> fp16_acc16_tflops;
    // "GDDR6X", "HBM3", "LPDDR5X", "DDR5", …; empty = unknown (the class then follows the
    // category: datacenter HBM, apple unified, others GDDR).
    std::string memory_type;
    // One pool of memory for CPU and GPU (Apple silicon, DGX Spark, Strix Halo, a CPU-only
    // machine): system RAM given beside it is the same memory, never counted twice.
    bool unified_memory = false;
    // A CPU-only machine's physical cores (JSON "cpu_cores"): a prefill's share of the peak falls
    // with them (SpeedConstants::prefill_cpu_cores). Absent: estimated from the peak (cpuCores).
    std::optional<std::uint32_t> cpu_cores;
    // An NVIDIA GPU's CUDA compute capability (8.9 for Ada): which kernels a runtime has for it
    // (SGLang's and vLLM's FP8 need 8.0, TensorRT-LLM's 8.9). NVIDIA's "CUDA GPUs" list.
    std::optional<double> compute_capability;
    std::vector<std::string> sources;          // at least one
    std::vector<std::string> uncertain_fields; // JSON keys not confirmed by a primary source
    std::string notes;
    bool user = false; // from the user catalog, not built in
    // Found on this machine and not in the catalog (its memory as the driver reports it, its
    // bandwidth unknown: 0): in the catalog for this run only, never written to a file.
    bool detected = false;

    std::uint64_t usableBytes() const; // floor(memory_bytes × usable_fraction)
    // The memory as quoted and in GB (10^9 bytes), as tables of GB show it: "80 GiB = 85.9 GB",
    // or "48 GB" for a device quoted in decimal GB.
    std::string memoryText() const;
    MemoryClass memoryClass() const;
    bool cpuOnly() const { return memoryClass() == MemoryClass::Ddr; } // no GPU: the CPU computes
    double bandwidthBytesPerSecond() const { return bandwidth_gb_s * 1e9; }
    // Dense BF16 (else nothing) in FLOP/s; 0 when unknown.
    double peakFlops() const { return bf16_tflops ? *bf16_tflops * 1e12 : 0.0; }
    // The peak FP16 matrix products reach with FP16 accumulation (fp16_acc16_tflops where
    // given, else the BF16 figure) in FLOP/s; 0 when unknown.
    double peakFp16Acc16Flops() const
    {
        return fp16_acc16_tflops ? *fp16_acc16_tflops * 1e12 : peakFlops();
    }
    // cpu_cores, else the cores the peak implies at 150 GFLOP/s a core (4.7 GHz × 32 FP32 FLOP a
    // clock, AVX2; the rate cpuMachine gives a detected CPU), at least 1.
    double cpuCores() const;
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
