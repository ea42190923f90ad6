// DeepSeek-V2/V3 (latent attention) and the sliding-window rules the Llama-shaped rows share
// (hf_import_decoder.cpp reads those rows). Defaults are the __init__ defaults of transformers'
// configuration_<type>.py; the modules are those of modeling_<type>.py. docs/hf-import.md has
// the same mapping as tables.
#include "formats/hf_import_internal.h"

#include <map>
#include <set>

namespace llmsizer::hf {

void readSliding(Reader& r, ModelConfig& c, std::optional<u64> classDefault, u64 pattern)
{
    if (auto w = r.optUInt({"sliding_window"})) {
        c.sliding_window = *w;
    } else if (classDefault && !r.has("sliding_window")) {
        c.sliding_window = r.orDefault({"sliding_window"}, *classDefault);
    } else {
        c.sliding_window = 0;
    }
    r.source("sliding_window", "sliding_window");
    c.global_every = c.sliding_window == 0 ? 0 : pattern;
    const std::vector<std::string> types = r.stringList("layer_types");
    if (types.empty() || c.sliding_window == 0) {
        return;
    }
    // Find the period N with "layer i is full iff (i + 1) % N == 0" (N = 0: all sliding). The
    // first full layer fixes the only candidate, so one pass checks it.
    std::size_t firstFull = 0;
    while (firstFull < types.size() && types[firstFull] != "full_attention") {
        ++firstFull;
    }
    const u64 n = firstFull == types.size() ? 0 : firstFull + 1;
    bool fits = true;
    for (std::size_t i = 0; i < types.size() && fits; ++i) {
        const bool full = n != 0 && (i + 1) % n == 0;
        fits = (types[i] == "full_attention") == full;
    }
    if (fits) {
        c.global_every = n;
        return;
    }
    r.guess(r.path("layer_types") + ": the layer pattern is not periodic; the KV cache assumes "
                                    "every layer attends globally");
    c.sliding_window = 0;
    c.global_every = 0;
}

namespace {

void llamaShape(ModelConfig& c)
{
    c.mlp = MlpKind::Gated;
    c.norm = NormKind::RMSNorm;
    c.norms_per_block = 2;
    c.final_norm = true;
    c.position = PositionKind::None;
    c.biases = {};
}

} // namespace

// Qwen: sliding attention only when use_sliding_window is set, and then per max_window_layers;
// that split cannot be described, so the cache is taken as full attention.
void readQwenSliding(Reader& r, ModelConfig& c)
{
    c.sliding_window = 0;
    c.global_every = 0;
    if (r.flag({"use_sliding_window"}, false)) {
        r.guess(r.path("use_sliding_window") +
                ": the max_window_layers split is not modelled; the KV cache assumes full "
                "attention in every layer");
    }
}

// configuration_deepseek_v2.py / configuration_deepseek_v3.py and DeepSeek's modeling_deepseek.py
// (the code their config.json's auto_map names). DeepseekV2Attention: q_proj (q_lora_rank None) or
// q_a_proj + q_a_layernorm + q_b_proj; kv_a_proj_with_mqa (hidden -> kv_lora_rank + rope),
// kv_a_layernorm, kv_b_proj (-> heads·(nope + v)), o_proj; bias=attention_bias on q_a, kv_a, o.
// DeepseekV2DecoderLayer: MoE iff n_routed_experts is not None and layer >= first_k_dense_replace
// and layer % moe_layer_freq == 0; else a dense MLP of intermediate_size. DeepseekV2MoE: experts of
// moe_intermediate_size, shared_experts = one MLP of moe_intermediate_size·n_shared_experts,
// MoEGate weight (n_routed_experts, hidden) plus e_score_correction_bias when topk_method ==
// "noaux_tc".
void importDeepseek(const std::string& type, Reader& r, ModelConfig& c)
{
    const bool v3 = type == "deepseek_v3";
    llamaShape(c);
    // DeepseekV2Config / DeepseekV3Config: {heads, kv, head_dim, vocab, intermediate, context,
    // tie}.
    readCommon(r, c,
               v3 ? CommonDefaults{128, 128, std::nullopt, 129280, 18432, 4096, false}
                  : CommonDefaults{32, 32, std::nullopt, 102400, 11008, 2048, false});
    c.head_dim = 0;
    c.n_kv_heads = c.n_heads; // MLA has no separate KV heads; every head reads the latent.
    r.source("n_kv_heads", "num_attention_heads");
    if (r.flag({"attention_bias"}, false)) {
        r.fail("attention_bias", "biases on DeepSeek's latent-attention projections are not "
                                 "described");
    }
    c.attention = AttentionKind::Latent;
    if (r.isNull("q_lora_rank")) {
        c.mla.q_lora_rank = 0;
    } else {
        c.mla.q_lora_rank = r.orDefault({"q_lora_rank"}, 1536);
    }
    r.source("mla.q_lora_rank", "q_lora_rank");
    c.mla.kv_lora_rank = r.orDefault({"kv_lora_rank"}, 512);
    r.source("mla.kv_lora_rank", "kv_lora_rank");
    c.mla.qk_nope_head_dim = r.orDefault({"qk_nope_head_dim"}, 128);
    r.source("mla.qk_nope_head_dim", "qk_nope_head_dim");
    c.mla.qk_rope_head_dim = r.orDefault({"qk_rope_head_dim"}, 64);
    r.source("mla.qk_rope_head_dim", "qk_rope_head_dim");
    c.mla.v_head_dim = r.orDefault({"v_head_dim"}, 128);
    r.source("mla.v_head_dim", "v_head_dim");

    // n_routed_experts None means a dense model (remote-code DeepseekV2Config default).
    std::optional<u64> routed = r.optUInt({"n_routed_experts", "num_local_experts"});
    if (!routed && !r.has("n_routed_experts") && v3) {
        routed = r.orDefault({"n_routed_experts"}, 256);
    }
    if (!routed || *routed == 0) {
        return;
    }
    const u64 firstDense = r.optUInt({"first_k_dense_replace"}).value_or(v3 ? 3 : 0);
    const u64 freq = r.optUInt({"moe_layer_freq"}).value_or(1);
    if (freq == 0) {
        r.fail("moe_layer_freq", "must be at least 1");
    }
    std::vector<bool> isMoe(c.n_layers);
    for (u64 i = 0; i < c.n_layers; ++i) {
        isMoe[i] = i >= firstDense && i % freq == 0;
    }
    c.moe.first_dense_layers = firstDenseLayers(
        r, c.n_layers, isMoe, freq != 1 ? "moe_layer_freq" : "first_k_dense_replace");
    r.source("moe.first_dense_layers", "first_k_dense_replace");
    if (c.moe.first_dense_layers == c.n_layers) {
        return;
    }
    c.moe.n_routed_experts = *routed;
    r.source("moe.n_routed_experts", "n_routed_experts");
    if (auto k = r.optUInt({"num_experts_per_tok"})) {
        c.moe.experts_per_token = *k;
    } else if (v3) {
        c.moe.experts_per_token = r.orDefault({"num_experts_per_tok"}, 8);
    } else {
        r.fail("num_experts_per_tok", "is required when n_routed_experts is set");
    }
    r.source("moe.experts_per_token", "num_experts_per_tok");
    c.moe.expert_d_ff = r.orDefault({"moe_intermediate_size"}, v3 ? 2048 : 1407);
    r.source("moe.expert_d_ff", "moe_intermediate_size");
    if (auto shared = r.optUInt({"n_shared_experts"})) {
        c.moe.n_shared_experts = *shared;
    } else if (v3 && !r.has("n_shared_experts")) {
        c.moe.n_shared_experts = r.orDefault({"n_shared_experts"}, 1);
    }
    r.source("moe.n_shared_experts", "n_shared_experts");
    // DeepSeek-V3's checkpoint stores num_nextn_predict_layers MTP layers transformers skips.
    c.mtp_layers = r.optUInt({"num_nextn_predict_layers"}).value_or(0);
    const std::string topk = r.optString({"topk_method"}).value_or(v3 ? "noaux_tc" : "greedy");
    c.moe.router_bias = topk == "noaux_tc";
}

} // namespace llmsizer::hf
