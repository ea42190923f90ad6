#pragma once

#include "llmsizer/memory/memory.h"

#include <cstdint>
#include <vector>

// Inference memory layer by layer, and a model split between GPUs and system RAM by layers as
// llama.cpp does it (-ngl / --n-gpu-layers): the last g layers, their KV cache and the compute
// buffer on the GPU, the other layers, their KV cache and the token embedding in RAM
// (llama.cpp src/llama-model.cpp: i_gpu_start = n_layer - n_gpu_layers; the input layer stays
// on the CPU; the KV cache of a layer lives on that layer's device). docs/memory.md, "Offload".
namespace llmsizer {

struct ParamCount; // count.h

// One decoder layer's share.
struct LayerMemory {
    std::uint64_t weight_bytes = 0;        // its weights at the precision
    std::uint64_t active_bytes = 0;        // the part a decode step reads (MoE: visited experts)
    std::uint64_t expert_bytes = 0;        // of weight_bytes, the routed experts' matrices
    std::uint64_t active_expert_bytes = 0; // of active_bytes, the visited experts'
    std::uint64_t kv_bytes = 0; // its KV cache (attention) or recurrent state (other mixers),
                                // all sequences of the batch
    bool attention = false;     // the layer attends (has a KV cache)
    bool mixer = false;         // the layer holds a state-space / linear-attention mixer
    bool moe = false;           // its MLP is a mixture of experts
};

// The whole model as layers plus what sits before and after them. The weights add up to
// weightMemory(config, count, params.weights).bytes exactly; the KV bytes to kvCache's bytes plus
// its recurrent bytes (one device).
struct LayerSplit {
    std::vector<LayerMemory> layers;
    std::uint64_t input_bytes = 0;     // token and position embeddings, embedding norm, and a
                                       // vision-language model's tower and projector
    std::uint64_t embedding_bytes = 0; // of input_bytes, the token embedding (a tied head's
                                       // matrix: read by every decode step, copied to the GPU
                                       // with the output layer as llama.cpp does)
    std::uint64_t output_bytes = 0;    // final norm and an untied LM head
    std::uint64_t output_active_bytes = 0;
};

// params.tensor_parallel is ignored (one device).
LayerSplit layerSplit(const ModelConfig& config, const ParamCount& count,
                      const InferenceParams& params);

// A model split between one GPU and system RAM.
struct OffloadMemory {
    std::uint64_t layers = 0;     // n_layers
    std::uint64_t gpu_layers = 0; // the last gpu_layers layers are on the GPU
    bool output_on_gpu = false;   // the final norm and LM head (only with every layer there)
    // On the GPU.
    std::uint64_t gpu_weight_bytes = 0;
    std::uint64_t gpu_kv_bytes = 0;
    std::uint64_t workspace_bytes = 0; // the compute buffer (inferenceMemory's activations)
    std::uint64_t overhead_bytes = 0;  // the runtime profile's, on what the GPU holds
    std::uint64_t gpu_total_bytes = 0;
    // In system RAM.
    std::uint64_t ram_weight_bytes = 0;
    std::uint64_t ram_kv_bytes = 0;
    std::uint64_t ram_total_bytes = 0;
    // Read per decode step from each side (active weights and every sequence's KV).
    std::uint64_t gpu_read_bytes = 0;
    std::uint64_t ram_read_bytes = 0;
};

// gpu_layers in [0, n_layers]. With 0 no layer is on the GPU but the compute buffer and the
// runtime's overhead still are (llama.cpp keeps its CUDA buffers), unless `gpu_layers` is 0 and
// `cpu_only` is set.
OffloadMemory offloadMemory(const LayerSplit& split, const ModelConfig& config,
                            const InferenceParams& params, std::uint64_t gpu_layers,
                            bool cpu_only = false);
OffloadMemory offloadMemory(const ModelConfig& config, const ParamCount& count,
                            const InferenceParams& params, std::uint64_t gpu_layers);

// The inference compute buffer inferenceMemory counts as activations (exposed for the split).
std::uint64_t workspaceBytes(const ModelConfig& config, const InferenceParams& params);
// The same without the logits phase: a GPU that does not hold the output layer (llama.cpp
// computes the logits where the output layer is).
std::uint64_t workspaceBytes(const ModelConfig& config, const InferenceParams& params,
                             bool withLogits);

} // namespace llmsizer
