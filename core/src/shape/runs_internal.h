#pragma once

// Between the parts of runs.cpp: the serving engines' and MLX's placements
// (runtime_serving.cpp) and the speed model's step terms (runtime_speed.cpp).
#include "llmsizer/shape/runs.h"

#include <algorithm>

namespace llmsizer {

Placement servingPlacement(const RunModel& m, const Precision& p, const RunQuery& q,
                           std::uint64_t context, std::uint64_t gpus);
Placement mlxPlacement(const RunModel& m, const Precision& p, const RunQuery& q,
                       std::uint64_t context);

StepTerms decodeTerms(const RunModel& m, const Precision& p, const RunQuery& q, const Placement& pl,
                      std::uint64_t context);
// The devices the machine puts to one model: its GPUs, or one unified-memory device (an Apple
// chip, a DGX Spark, a CPU-only machine), which does not pool its memory with a second.
inline std::uint64_t machineDevices(const Hardware& hw)
{
    return hw.gpu.unified_memory || hw.gpu.cpuOnly() ? 1 : std::max<std::uint64_t>(hw.gpus, 1);
}

// The note of a row that fits on `pl` (runs_notes.cpp): "fits on 2 GPUs (2-way tensor parallel);
// the other 30.3 GB of vLLM's share per GPU is KV cache too (…)".
std::string fitsNote(const RunRow& row, const Placement& pl, const RunModel& m, const RunQuery& q);

// Whether the runtime has kernels for the precision on this GPU: FP8 not below its least CUDA
// compute capability (runtime.h; a GPU of unknown capability is not refused).
inline bool precisionRunsOn(const RuntimeProfile& runtime, const GpuSpec& gpu, const Precision& p)
{
    return p.id != "fp8" || runtime.fp8_min_compute_capability <= 0 || !gpu.compute_capability ||
           *gpu.compute_capability >= runtime.fp8_min_compute_capability;
}
// A precision the runtime has no kernel for on this GPU runs nothing (runs_notes.cpp): the row
// says why and names the highest other precision that runs there.
void applyPrecisionSupport(RunRow& row, const RunModel& m, const Precision& p, const RunQuery& q);

// The smallest change that makes a "no" run (runs_advice.cpp); empty when none is found.
std::string smallestChange(const RunModel& m, const Precision& p, const RunQuery& q,
                           std::uint64_t context, std::uint64_t machineContext);

// The runtime may put weights in RAM on this machine: it offloads, and there is RAM beside the
// GPUs (given, or the rest of a unified pool); a CPU-only machine's RAM is its only memory.
inline bool mayUseRam(const RunQuery& q)
{
    const Hardware& hw = q.hardware;
    return q.runtime.offloads() && !hw.gpu.cpuOnly() && (hw.ram_bytes > 0 || hw.gpu.unified_memory);
}

// Largest context in [1, limit] for which `ok` holds; 0 when not even one token.
template <typename F> std::uint64_t largestContext(std::uint64_t limit, F&& ok)
{
    if (!ok(1)) {
        return 0;
    }
    std::uint64_t lo = 1;
    std::uint64_t hi = std::clamp<std::uint64_t>(limit, 1, Limits::maxContext);
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo + 1) / 2;
        if (ok(mid)) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return lo;
}

// How long a context runs (runs_context.cpp): the model's own limit (clamped to what the app
// counts), the longest context a placement on `gpus` holds (with weights in RAM where `ram`), and
// the longest with the experts of at most `layers` layers in RAM.
std::uint64_t modelLimit(const ModelConfig& c);
std::uint64_t maxContextOn(const RunModel& m, const Precision& p, const RunQuery& q,
                           std::uint64_t gpus, bool ram);
std::uint64_t maxContextWithExperts(const RunModel& m, const Precision& p, const RunQuery& q,
                                    std::uint64_t gpus, std::uint64_t layers);

// A GGUF of a checkpoint that ships its experts in MXFP4 (gpt-oss) keeps them so in every file
// type (QuantMixParams::keep_experts_mxfp4).
bool keepsExpertsMxfp4(const RunModel& m, const Precision& p);

// What a row says beyond its placement (runs_notes.cpp): gpt-oss's two kinds of GGUF file, the
// tensors a GGUF file type stores in a fallback type, and the runtime's support of the
// architecture (an unsupported one clears the row's placement and speeds).
std::string ggufKindNote(const Precision& p, const RuntimeProfile& runtime);
std::string ggufFallbackNote(const ModelConfig& config, const Precision& p,
                             const RuntimeProfile& runtime);
void applyArchSupport(RunRow& row, const ModelConfig& config, const RunQuery& q);
// A CPU's prefill slowed by weight types without a tiled kernel: by how much ("" when under 2 %).
std::string cpuKernelNote(const StepTerms& prefill);

StepTerms prefillTerms(const RunModel& m, const Precision& p, const RunQuery& q,
                       const Placement& pl, std::uint64_t prompt);

} // namespace llmsizer
