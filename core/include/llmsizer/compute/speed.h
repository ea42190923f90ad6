#pragma once

#include "llmsizer/compute/hardware.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/model.h"

#include <cstdint>

namespace llmsizer {

// Roofline estimates of inference speed (formulas.md §5, after hahnyuan/LLM-Viewer
// roofline_model.py): a step takes max(bytes / bandwidth, FLOPs / peak). Decode streams the
// active weights and the KV cache once per step; prefill is usually compute-bound.

// Assumptions a user may dispute.
struct RooflineAssumptions {
    // Share of peak memory bandwidth a decode step realizes (MBU). formulas.md §5: llama.cpp
    // batch-1 decode reaches roughly 30–70% of peak; 0.6–0.7 is reasonable for GDDR cards, and
    // HBM datacenter cards and Apple chips reach less at batch 1. 0.6 is the low end of that
    // range [secondary source; an assumption].
    double bandwidth_efficiency = 0.6;
    // Share of peak dense FLOP/s a prefill's matrix products realize; the training MFU range
    // (Korthikanti et al. 2022 Table 5: 41.5–56.3%; Transformer Math 101: ≈38% on A100).
    double compute_efficiency = 0.4;
};

// One decode step for `batch` sequences at `context` tokens each.
struct DecodeEstimate {
    std::uint64_t weight_bytes = 0; // active weights streamed per step (MoE: visited experts)
    std::uint64_t kv_bytes = 0;     // KV cache read per step (all sequences)
    std::uint64_t bytes_per_step = 0;
    double flops_per_step = 0;  // batch × forward FLOPs of one token at the context
    double memory_seconds = 0;  // bytes / (bandwidth × efficiency)
    double compute_seconds = 0; // FLOPs / (peak × efficiency); 0 when the peak is unknown
    bool compute_known = true;  // false when the GPU has no FLOP/s figure
    bool memory_bound = true;
    double step_seconds = 0;
    double tokens_per_second = 0; // batch / step_seconds
    // The same with efficiency 1: peak bandwidth and peak FLOP/s, an upper bound.
    double upper_bound_tokens_per_second = 0;
};

// Low level: the roofline from its inputs. bandwidth in bytes/s, peak in FLOP/s (0 = unknown).
DecodeEstimate decodeRoofline(std::uint64_t weight_bytes, std::uint64_t kv_bytes,
                              double flops_per_step, std::uint64_t batch, double bandwidth,
                              double peak_flops, const RooflineAssumptions& a = {});

// From a model and inference settings (params.context, params.batch, precisions) on `gpus`
// devices with ideal tensor parallelism (bandwidth and FLOP/s add up). Peak FLOP/s: dense BF16.
DecodeEstimate decodeEstimate(const ModelConfig& config, const InferenceParams& params,
                              const GpuSpec& gpu, std::uint64_t gpus = 1,
                              const RooflineAssumptions& a = {});
// The same with the configuration's count already made (count = countParameters(config)).
DecodeEstimate decodeEstimate(const ModelConfig& config, const ParamCount& count,
                              const InferenceParams& params, const GpuSpec& gpu, std::uint64_t gpus,
                              const RooflineAssumptions& a);

// Prefill of `prompt_tokens` tokens for one sequence.
struct PrefillEstimate {
    double flops = 0;           // prompt × causal-average forward FLOPs per token
    std::uint64_t bytes = 0;    // weights read once plus the KV cache written
    double compute_seconds = 0; // FLOPs / (peak × efficiency); 0 when the peak is unknown
    double memory_seconds = 0;  // bytes / (bandwidth × efficiency)
    bool compute_known = true;
    bool compute_bound = false;
    double seconds = 0; // max of the two
    double tokens_per_second = 0;
};

PrefillEstimate prefillEstimate(const ModelConfig& config, const InferenceParams& params,
                                std::uint64_t prompt_tokens, const GpuSpec& gpu,
                                std::uint64_t gpus = 1, const RooflineAssumptions& a = {});
PrefillEstimate prefillEstimate(const ModelConfig& config, const ParamCount& count,
                                const InferenceParams& params, std::uint64_t prompt_tokens,
                                const GpuSpec& gpu, std::uint64_t gpus,
                                const RooflineAssumptions& a);

} // namespace llmsizer
