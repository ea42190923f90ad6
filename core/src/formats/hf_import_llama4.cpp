// Llama 4 (llama4_text, the language model of llama4): transformers' configuration_llama4.py
// (Llama4TextConfig) and modeling_llama4.py. docs/hf-import.md has the mapping as a table; the
// vision tower and projector are read in hf_import_vision.cpp.
#include "formats/hf_import_internal.h"

namespace llmsizer::hf {

namespace {

// Llama4TextConfig.__post_init__: moe_layers, when given, lists the MoE layers; otherwise
// range(interleave_moe_layer_step - 1, num_hidden_layers, interleave_moe_layer_step). Returns
// the set as a per-layer flag.
std::vector<bool> moeLayerFlags(Reader& r, u64 layers)
{
    std::vector<bool> isMoe(layers, false);
    if (r.has("moe_layers") && !r.isNull("moe_layers")) {
        for (u64 i : r.uintList("moe_layers")) {
            if (i >= layers) {
                r.fail("moe_layers", "layer " + std::to_string(i) + " is not below " +
                                         "num_hidden_layers (" + std::to_string(layers) + ")");
            }
            isMoe[i] = true;
        }
        return isMoe;
    }
    const u64 step = r.orDefault({"interleave_moe_layer_step"}, 1);
    if (step == 0) {
        r.fail("interleave_moe_layer_step", "must be positive");
    }
    for (u64 i = step - 1; i < layers; i += step) {
        isMoe[i] = true;
    }
    return isMoe;
}

// ModelConfig describes the MoE layers as "from first_dense_layers on, every `every`-th"
// (model.h). Finds those two numbers for the flags, or fails naming the fields. False when no
// layer holds experts (Llama Guard 4: moe_layers [], every layer a dense MLP).
bool describeMoeLayers(Reader& r, ModelConfig& c, const std::vector<bool>& isMoe)
{
    const u64 L = isMoe.size();
    u64 first = 0;
    while (first < L && !isMoe[first]) {
        ++first;
    }
    if (first == L) {
        return false;
    }
    // Candidates: a leading dense block then all MoE (every = 1), or every (first + 1)-th layer.
    for (const u64 every : {u64{1}, first + 1}) {
        const u64 dense = every == 1 ? first : 0;
        bool fits = true;
        for (u64 i = 0; i < L && fits; ++i) {
            fits = isMoe[i] == (i >= dense && (i + 1) % every == 0);
        }
        if (fits) {
            c.moe.first_dense_layers = dense;
            c.moe.every = every;
            r.source("moe.first_dense_layers", "moe_layers");
            r.source("moe.every", "interleave_moe_layer_step");
            return true;
        }
    }
    r.fail("moe_layers", "the layout of mixture-of-experts layers is neither a dense block "
                         "followed by MoE layers nor every N-th layer");
}

// Chunked attention, for the KV cache only. layer_types, or else no_rope_layers (1: RoPE layer,
// chunked; 0: NoPE layer, full attention; default every no_rope_layer_interval-th layer [4] is
// NoPE). A chunked layer attends within its attention_chunk_size [8192] block, so it never
// holds more than that many positions: modelled as a sliding window of that size, an upper
// bound (docs/memory.md).
void readChunkedAttention(Reader& r, ModelConfig& c)
{
    const u64 L = c.n_layers;
    std::vector<bool> full(L, false);
    const std::vector<std::string> types = r.stringList("layer_types");
    if (types.size() == L) {
        for (u64 i = 0; i < L; ++i) {
            full[i] = types[i] == "full_attention";
        }
    } else {
        const std::vector<u64> rope = r.uintList("no_rope_layers");
        const u64 interval = r.optUInt({"no_rope_layer_interval"}).value_or(4);
        for (u64 i = 0; i < L; ++i) {
            const bool useRope = rope.size() >= L ? rope[i] != 0
                                 : interval == 0  ? true
                                                  : (i + 1) % interval != 0;
            full[i] = !useRope;
        }
    }
    c.sliding_window = 0;
    c.global_every = 0;
    if (r.isNull("attention_chunk_size")) {
        return;
    }
    const u64 chunk = r.optUInt({"attention_chunk_size"}).value_or(8192);
    u64 firstFull = 0;
    while (firstFull < L && !full[firstFull]) {
        ++firstFull;
    }
    const u64 n = firstFull == L ? 0 : firstFull + 1;
    for (u64 i = 0; i < L; ++i) {
        if (full[i] != (n != 0 && (i + 1) % n == 0)) {
            r.guess(r.path("no_rope_layers") + ": the chunked-attention layers are not periodic; "
                                               "the KV cache assumes every layer attends fully");
            return;
        }
    }
    c.sliding_window = chunk;
    c.global_every = n;
    c.chunked_attention = true;
    r.source("sliding_window", "attention_chunk_size");
}

} // namespace

// Llama4TextConfig defaults: vocab_size 202048, hidden_size 5120, intermediate_size 8192 (one
// expert and the shared expert), intermediate_size_mlp 16384 (a dense layer's MLP),
// num_hidden_layers 48, num_attention_heads 40, num_key_value_heads 8, head_dim 128,
// max_position_embeddings 131072, num_local_experts 16, num_experts_per_tok 1,
// interleave_moe_layer_step 1, attention_bias False, tie_word_embeddings False.
// modeling_llama4.py: Llama4TextAttention q/k/v/o_proj (bias=attention_bias); its qk_norm is
// Llama4TextL2Norm, without weights. Llama4TextDecoderLayer: input_layernorm and
// post_attention_layernorm RMSNorm(hidden); feed_forward is Llama4TextMoe in moe_layers
// (Llama4TextExperts gate_up_proj (E, d, 2·ff) and down_proj (E, ff, d) without biases,
// Llama4Router Linear(d, E, bias=False), shared_expert Llama4TextMLP of intermediate_size),
// else Llama4TextMLP(intermediate_size_mlp). Llama4TextModel: embed_tokens, final norm;
// Llama4ForCausalLM: lm_head Linear(d, vocab, bias=False).
void importLlama4(Reader& r, ModelConfig& c)
{
    c.mlp = MlpKind::Gated;
    c.norm = NormKind::RMSNorm;
    c.norms_per_block = 2;
    c.final_norm = true;
    c.position = PositionKind::None;
    readCommon(r, c, {40, 8, 128, 202048, 8192, 131072, false});
    const bool bias = r.flag({"attention_bias"}, false);
    c.biases.qkv = bias;
    c.biases.out = bias;
    c.moe.expert_d_ff = c.d_ff;
    r.source("moe.expert_d_ff", "intermediate_size");
    c.moe.n_shared_experts = 1;
    c.moe.shared_d_ff = c.d_ff;
    c.d_ff = r.orDefault({"intermediate_size_mlp"}, 16384);
    r.source("d_ff", "intermediate_size_mlp");
    c.moe.n_routed_experts = r.orDefault({"num_local_experts"}, 16);
    r.source("moe.n_routed_experts", "num_local_experts");
    c.moe.experts_per_token = r.orDefault({"num_experts_per_tok"}, 1);
    r.source("moe.experts_per_token", "num_experts_per_tok");
    if (!describeMoeLayers(r, c, moeLayerFlags(r, c.n_layers))) {
        // No MoE layer: every layer is Llama4TextMLP(intermediate_size_mlp), as Llama Guard 4
        // (a dense model pruned from Llama 4 Scout) builds it.
        c.moe = MoeConfig{};
    }
    readChunkedAttention(r, c);
}

} // namespace llmsizer::hf
