// KV cache: 2 (K and V) · L · n_kv · d_head · ctx · batch · bytes per element
// [cli99/llm-analysis llm_analysis/analysis.py get_memory_kv_cache_per_layer: per layer
// 2·b·s·d_head·max(n_kv/t, 1)·bytes; formulas.md §2]. Block formats (q8_0, q4_0) store each
// token's row of n_kv · d_head values as whole ggml blocks (ggml_row_size). Sliding-window
// layers keep min(ctx, window) tokens (Hugging Face's sliding-window cache). MLA caches the
// compressed latent and the shared RoPE key, kv_lora_rank + qk_rope_head_dim values per token
// per layer [formulas.md §2, UNCERTAIN: not verified against an inference engine].
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/model/mixer.h"
#include "llmsizer/text/checked.h"

#include <algorithm>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

u64 mul(u64 a, u64 b)
{
    return checkedMul(a, b, "KV cache bytes");
}

} // namespace

KvCache kvCache(const ModelConfig& config, std::uint64_t context, std::uint64_t batch,
                const Precision& kv, std::uint64_t tensorParallel)
{
    requireValid(config);
    const u64 t = std::max<u64>(tensorParallel, 1);
    KvCache r;
    if (config.attention == AttentionKind::Latent) {
        r.latent = true;
        // DeepSeek-V3.2 / GLM-5: the sparse-attention indexer keeps one key of index_head_dim per
        // token and layer beside the latent (inference/model.py Indexer.k_cache).
        r.bytes_per_token_layer_global = rowBytes(
            config.mla.kv_lora_rank + config.mla.qk_rope_head_dim + config.indexer.head_dim,
            kv.bpw);
    } else {
        const u64 heads = (config.n_kv_heads + t - 1) / t; // max(n_kv/t, 1) for divisible t
        const u64 row = mul(heads, config.effectiveHeadDim());
        r.bytes_per_token_layer_global = mul(2, rowBytes(row, kv.bpw)); // one K row, one V row
    }

    // Only attention layers cache keys and values; the others carry a recurrent state.
    const u64 L = config.attentionLayers();
    if (config.sliding_window == 0) {
        r.global_layers = L;
    } else if (config.global_every == 0) {
        r.sliding_layers = L; // every layer slides (Mistral 7B v0.1)
    } else {
        // Layer i (0-based) is global when (i + 1) % global_every == 0 (Gemma 2: odd layers;
        // Gemma 3: every sixth).
        r.global_layers = L / config.global_every;
        r.sliding_layers = L - r.global_layers;
    }
    r.tokens_global = context;
    r.tokens_sliding = config.sliding_window == 0 ? 0 : std::min(context, config.sliding_window);
    r.bytes_per_token = mul(r.bytes_per_token_layer_global, L);

    const u64 tokenLayers = checkedAdd(mul(r.global_layers, r.tokens_global),
                                       mul(r.sliding_layers, r.tokens_sliding), "KV cache bytes");
    r.bytes = mul(mul(r.bytes_per_token_layer_global, tokenLayers), batch);
    // Recurrent state (docs/memory.md §2): per mixer layer and sequence the convolution window
    // plus the SSM / delta-rule state (mixerStatePerLayer, from the cache classes of
    // transformers), values of 2 bytes (the model's 16-bit dtype), independent of the context.
    r.recurrent_layers = config.mixer.layers;
    r.recurrent_values_per_layer = mixerStatePerLayer(config.mixer, config.d_model);
    r.recurrent_bytes = mul(mul(mul(config.mixer.layers, r.recurrent_values_per_layer), 2), batch);
    return r;
}

} // namespace llmsizer
