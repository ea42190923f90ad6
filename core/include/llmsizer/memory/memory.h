#pragma once

#include "llmsizer/model/model.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/precision/quant_mix.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// Inference memory: weights, KV cache, activations/workspace and runtime overhead, each apart,
// in exact bytes. Sources are cited in weight_memory.cpp, kv_cache.cpp, inference_memory.cpp and
// derived in docs/memory.md. Related headers: precision.h (formats), quant_mix.h (GGUF files),
// training.h (training memory).
namespace llmsizer {

struct ParamCount; // count.h

// An exact fraction for the few proportional constants (1/5 of the weights, 9/10 of a device).
struct Ratio {
    std::uint64_t num = 0;
    std::uint64_t den = 1;
    double value() const { return static_cast<double>(num) / static_cast<double>(den); }
    bool operator==(const Ratio&) const = default;
};
// ceil(x · r.num / r.den), exact.
std::uint64_t mulCeil(std::uint64_t x, Ratio r);

// ---- Weights ------------------------------------------------------------------------------

struct WeightParams {
    // bitsandbytes and GPTQ/AWQ leave the token embedding and the LM head unquantized. false:
    // every parameter uses the chosen precision (the teaching guide's convention); true: those two
    // stay at `unquantized_embedding`. Only for Integer/GroupQuant/Nf4/Float precisions.
    bool keep_embeddings_unquantized = false;
    // A serving checkpoint (AWQ, GPTQ, W8A8): only the decoder's linear layers (attention, mixer,
    // MLP and experts) are quantized; everything else, the embedding, head, router, norms and a
    // vision or audio tower, stays at `unquantized_embedding`. Implies the embeddings are kept.
    bool decoder_linears_only = false;
    std::string unquantized_embedding = "fp16";
    GroupQuantParams group; // for "int4_g128" (and other GroupQuant precisions)
    Nf4Params nf4;          // for "nf4_dq"
    QuantMixParams gguf;    // for GGUF file types
};

struct WeightMemory {
    std::string precision_id;
    std::uint64_t params = 0;        // all parameters (countParameters().total)
    std::uint64_t bytes = 0;         // exact bytes of all weights
    std::uint64_t active_params = 0; // read per token (MoE: unvisited routed experts left out)
    std::uint64_t active_bytes = 0;  // bytes of those (what a decode step streams)
    // Of `bytes`, the token embedding's. A decode step reads one row of it per token, not the
    // whole matrix, unless the head is tied to it (decodeEstimate).
    std::uint64_t embedding_bytes = 0;
    // Of `bytes`, other tables a step gathers one row of per token and never reads whole
    // (Gemma 3n's per-layer embedding, embed_tokens_per_layer), whether or not the head is tied.
    std::uint64_t gathered_bytes = 0;
    // Of `bytes`, the tables a decode step looks rows up in rather than reads whole: the token
    // embedding unless the head is tied to it, and the gathered tables.
    std::uint64_t lookupBytes(bool tiedHead) const
    {
        return (tiedHead ? 0 : embedding_bytes) + gathered_bytes;
    }
    // Of `bytes` over the weights the file holds: a GGUF file leaves the vision and audio towers
    // to a separate mmproj file, so its bits per weight are over the language model's.
    BitsPerWeight effective; // {bytes·8, params}: the model's effective bits per weight
    std::vector<TensorAssignment> tensors; // GGUF files only: the per-tensor mix
};

WeightMemory weightMemory(const ModelConfig& config, const Precision& precision,
                          const WeightParams& params = {});
// The same with the configuration's count already made (count = countParameters(config)).
WeightMemory weightMemory(const ModelConfig& config, const ParamCount& count,
                          const Precision& precision, const WeightParams& params = {});
// Nominal: `params` weights at the precision's nominal bpw, rounded up once (the teaching guide
// style: 70e9 at FP16 = 140 GB). GGUF files use the block type's bpw.
std::uint64_t nominalWeightBytes(std::uint64_t params, const Precision& precision);

// ---- KV cache -----------------------------------------------------------------------------

// KV = 2 · layers · n_kv · d_head · tokens · batch · bytes per element (llm-analysis
// get_memory_kv_cache_per_layer). Sliding-window layers hold min(context, window) tokens. MLA
// caches kv_lora_rank + qk_rope_head_dim values per token per layer [uncertain, formulas.md §2].
struct KvCache {
    std::uint64_t bytes_per_token = 0; // one token in every layer, one sequence (= the rate
                                       // while context <= any window)
    std::uint64_t bytes_per_token_layer_global = 0; // one token, one global layer (one GPU)
    std::uint64_t global_layers = 0;
    std::uint64_t sliding_layers = 0;
    std::uint64_t tokens_global = 0;  // tokens each global layer holds per sequence (= context)
    std::uint64_t tokens_sliding = 0; // min(context, window)
    std::uint64_t bytes = 0;          // total, all sequences of the batch
    bool latent = false;              // MLA compressed cache
    // Mixer layers (ModelConfig::mixer) keep a recurrent state of fixed size per sequence:
    // mixer.layers · mixerStatePerLayer values of 2 bytes (the model's 16-bit dtype, as
    // transformers allocates it) · batch, whatever the context. Only attention layers
    // (attentionLayers(): Falcon-H1's parallel layers both) hold K and V.
    std::uint64_t recurrent_layers = 0;
    std::uint64_t recurrent_values_per_layer = 0; // mixerStatePerLayer, one sequence
    std::uint64_t recurrent_bytes = 0;            // all sequences of the batch; not in `bytes`
};

// tensor_parallel t: each GPU holds ceil(n_kv / t) heads (max(n_kv/t, 1), llm-analysis); MLA's
// latent is replicated. Values are per GPU when t > 1.
KvCache kvCache(const ModelConfig& config, std::uint64_t context, std::uint64_t batch,
                const Precision& kvPrecision, std::uint64_t tensorParallel = 1);

// ---- Activations / workspace --------------------------------------------------------------

// A llama.cpp-style compute buffer estimate (ggml graph intermediates are f32). The graph is
// evaluated over `tokens` = min(ubatch, batch · context) tokens at a time, and ggml's allocator
// reuses memory, so the buffer is the larger of two phases: the output (logits V plus the last
// hidden state d per token) and attention (residual d, Q, K, V and, without FlashAttention,
// score_copies · n_heads · (batch · context) scores per token). Checked against llama.cpp's
// logged compute buffers; see docs/memory.md.
struct WorkspaceParams {
    std::uint64_t ubatch = 512;        // llama.cpp's default n_ubatch (tokens per graph eval)
    std::uint64_t bytes_per_value = 4; // f32 intermediates
    bool flash_attention = true;       // no materialised KQ matrix
    std::uint64_t score_copies = 1;    // KQ matrices alive at once (softmax taken in place)
};

// ---- Runtime overhead ---------------------------------------------------------------------

// A named runtime profile. overhead = fixed_bytes + ceil(weights · weights_fraction), then the
// device must be (subtotal + that) / usable_fraction (vLLM reserves gpu_memory_utilization of
// the device and leaves the rest alone), rounded up.
struct OverheadProfile {
    std::string id;    // "none", "llama.cpp", "vllm", "transformers", "tm101"
    std::string label; // "llama.cpp (CUDA)"
    std::uint64_t fixed_bytes = 0;
    Ratio weights_fraction{0, 1};
    Ratio usable_fraction{1, 1};
    bool rule_of_thumb = false; // not a measurement (TM101's 1.2 x weights)
    std::string source;         // why these constants
};
const std::vector<OverheadProfile>& overheadProfiles();
OverheadProfile overheadProfileById(std::string_view id, const std::string& field = "overhead");
// Its constants in words: "+723 MiB", "90% of the device usable", "+20% of the weights",
// "nothing added"; several joined with ", ".
std::string overheadProfileSummary(const OverheadProfile& profile);
// The bytes a runtime adds to `need` (weights + KV cache + workspace) holding `weights` bytes of
// weights: the profile's fixed bytes and share of the weights, then the device must hold all of it
// within its usable fraction. inferenceMemory's overhead segment; Largest that fits adds the same.
std::uint64_t overheadBytes(const OverheadProfile& profile, std::uint64_t weights,
                            std::uint64_t need);

// ---- Inference total ----------------------------------------------------------------------

struct InferenceParams {
    Precision weights = precisionById("fp16");
    WeightParams weight_params;
    Precision kv = kvPrecisionById("fp16");
    std::uint64_t context = 4096;      // tokens per sequence
    std::uint64_t batch = 1;           // concurrent sequences
    std::uint64_t tensor_parallel = 1; // GPUs sharing the model; results are per GPU
    WorkspaceParams workspace;
    OverheadProfile overhead = overheadProfileById("none");
};

struct InferenceMemory {
    WeightMemory weights; // for the whole model (weights_bytes below is per GPU)
    KvCache kv;
    std::uint64_t weights_bytes = 0;         // ceil(weights.bytes / t)
    std::uint64_t kv_cache_bytes = 0;        // = kv.bytes
    std::uint64_t recurrent_state_bytes = 0; // = kv.recurrent_bytes (hybrid and SSM layers)
    std::uint64_t kv_bytes_per_token = 0;    // = kv.bytes_per_token
    std::uint64_t activation_bytes = 0;
    std::uint64_t overhead_bytes = 0;
    std::uint64_t total_bytes = 0; // sum of the parts
};

InferenceMemory inferenceMemory(const ModelConfig& config, const InferenceParams& params);
// The same with the configuration's count already made (count = countParameters(config)).
InferenceMemory inferenceMemory(const ModelConfig& config, const ParamCount& count,
                                const InferenceParams& params);

// Largest context (tokens per sequence, 0..Limits::maxContext) whose total fits in
// `budgetBytes`, other parameters as given; 0 if not even an empty cache fits. Exact (the total
// is monotone in the context; binary search).
std::uint64_t maxContextThatFits(const ModelConfig& config, InferenceParams params,
                                 std::uint64_t budgetBytes);
// Largest batch (0..maxBatch) that fits at params.context; 0 if none.
std::uint64_t maxBatchThatFits(const ModelConfig& config, InferenceParams params,
                               std::uint64_t budgetBytes, std::uint64_t maxBatch = 1u << 20);

} // namespace llmsizer
