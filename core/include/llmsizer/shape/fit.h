#pragma once

#include "llmsizer/compute/hardware.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/memory/training.h"
#include "llmsizer/model/model.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llmsizer {

class CountCache; // count.h

// Does a workload fit on a GPU (or on `count` of them), and on how many would it fit? The
// memory figures come from inferenceMemory() and trainingMemory(); this file decides the split.

// How a model is laid out over `gpus` devices: tensor parallel inside a node (NVLink), pipeline
// stages across nodes, data parallel (training, ZeRO shards) for the rest.
struct ParallelSplit {
    std::uint64_t gpus = 1;
    std::uint64_t tensor_parallel = 1;
    std::uint64_t pipeline_parallel = 1;
    std::uint64_t data_parallel = 1;
    std::uint64_t nodes = 1;
    std::vector<std::string> notes; // head divisibility, replicated KV heads, …
    bool operator==(const ParallelSplit&) const = default;
};

// Assumptions a user may dispute.
struct FitOptions {
    // Devices that share a fast interconnect; tensor parallelism stays inside one node. 8 is
    // the HGX/DGX board (8 × H100 or 8 × MI300X per node).
    std::uint64_t gpus_per_node = 8;
    // gpus_needed searches up to this many devices.
    std::uint64_t max_gpus = 4096;
    // Off: only the asked-about count is checked (gpus_needed, needed_split and
    // needed_required_bytes stay 0), for callers that ask about several counts in a row.
    bool find_needed = true;
};

// The layout chosen for `gpus` devices. Tensor parallel t: the largest divisor of gpus that is at
// most gpus_per_node and divides n_heads (attention heads are split across the t GPUs, Megatron
// §3); pipeline p = gpus / t for inference; for training with ZeRO (stage ≥ 1) the remaining
// factor is data parallel, without ZeRO it is pipeline (capped at n_layers, rest data parallel).
ParallelSplit chooseSplit(const ModelConfig& config, std::uint64_t gpus, bool training,
                          int zero_stage, const FitOptions& options = {});

struct FitCheck {
    bool fits = false;
    std::uint64_t gpus = 1;                  // the devices asked about
    ParallelSplit split;                     // their layout
    std::uint64_t required_bytes = 0;        // per GPU at that layout (most-loaded GPU)
    std::uint64_t capacity_bytes = 0;        // usable bytes of one GPU (GpuSpec::usableBytes)
    std::int64_t headroom_bytes = 0;         // capacity − required; negative when it does not fit
    std::uint64_t single_gpu_bytes = 0;      // the whole workload on one device
    std::uint64_t gpus_needed = 0;           // fewest devices that fit; 0: none up to max_gpus
    ParallelSplit needed_split;              // layout at gpus_needed
    std::uint64_t needed_required_bytes = 0; // per GPU at gpus_needed
    std::string reason;                      // one or two sentences
};

// Inference: params.tensor_parallel is replaced by the chosen layout. Pipeline stages hold
// ceil(L/p) layers plus the embedding (or the LM head); every GPU carries its own activations
// and runtime overhead.
FitCheck fitInference(const ModelConfig& config, const InferenceParams& params, const GpuSpec& gpu,
                      std::uint64_t gpus = 1, const FitOptions& options = {});

// Training: params' tensor, pipeline and data parallel sizes are replaced by the chosen layout;
// the ZeRO stage, optimizer, precision, recompute and LoRA settings are kept.
FitCheck fitTraining(const ModelConfig& config, const TrainingParams& params, const GpuSpec& gpu,
                     std::uint64_t gpus = 1, const FitOptions& options = {});

// The same, taking the counts of the configuration and of its pipeline stages from `counts`
// (each counted once however many layouts are tried, and across calls sharing the cache).
FitCheck fitInference(CountCache& counts, const ModelConfig& config, const InferenceParams& params,
                      const GpuSpec& gpu, std::uint64_t gpus, const FitOptions& options);
FitCheck fitTraining(CountCache& counts, const ModelConfig& config, const TrainingParams& params,
                     const GpuSpec& gpu, std::uint64_t gpus, const FitOptions& options);

// The device counts gpus_needed tries, in order: 1, 2, 4, … up to gpus_per_node, then whole
// nodes (16, 24, …) up to max_gpus.
std::vector<std::uint64_t> candidateGpuCounts(const FitOptions& options = {});

} // namespace llmsizer
