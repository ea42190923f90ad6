// The Llama-shaped model types (gated MLP, RMSNorm, rotary positions): Llama, Mistral, Mixtral,
// Qwen2/Qwen2-MoE/Qwen3/Qwen3-MoE, Gemma/Gemma 2/Gemma 3, Phi-3, OLMo 2 and DeepSeek-V2/V3.
// Defaults are the __init__ defaults of transformers' configuration_<type>.py; the modules are
// those of modeling_<type>.py. docs/hf-import.md has the same mapping as tables.
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

// Class defaults of the fields readCommon reads, per configuration class.
const std::map<std::string, CommonDefaults>& llamaFamilyDefaults()
{
    // {heads, kv (nullopt: None), head_dim (nullopt: hidden/heads), vocab, intermediate, context,
    //  tie}
    static const std::map<std::string, CommonDefaults> d = {
        {"llama", {32, std::nullopt, std::nullopt, 32000, 11008, 2048, false}},
        {"mistral", {32, 8, std::nullopt, 32000, 14336, u64{4096} * 32, false}},
        {"mixtral", {32, 8, std::nullopt, 32000, 14336, u64{4096} * 32, false}},
        {"qwen2", {32, 32, std::nullopt, 151936, 22016, 32768, false}},
        {"qwen2_moe", {16, 16, std::nullopt, 151936, 5632, 32768, false}},
        {"qwen3", {32, 32, 128, 151936, 22016, 32768, false}},
        {"qwen3_moe", {32, 4, std::nullopt, 151936, 6144, 32768, false}},
        {"gemma", {16, 16, 256, 256000, 24576, 8192, true}},
        {"gemma2", {8, 4, 256, 256000, 9216, 8192, true}},
        {"gemma3_text", {8, 4, 256, 262208, 9216, 131072, true}},
        {"phi3", {32, std::nullopt, std::nullopt, 32064, 8192, 4096, false}},
        {"olmo2", {32, std::nullopt, std::nullopt, 50304, 11008, 2048, false}},
        {"deepseek_v2", {32, 32, std::nullopt, 102400, 11008, 2048, false}},
        {"deepseek_v3", {128, 128, std::nullopt, 129280, 18432, 4096, false}},
        {"smollm3", {16, 4, std::nullopt, 128256, 11008, 32768, true}},
        {"granite", {32, std::nullopt, std::nullopt, 32000, 11008, 2048, false}},
        {"cohere", {64, std::nullopt, std::nullopt, 256000, 22528, 8192, true}},
        {"internlm2", {32, std::nullopt, std::nullopt, 103168, 11008, 2048, false}},
        // Ministral3Config follows MistralConfig's defaults.
        {"ministral3", {32, 8, std::nullopt, 32000, 14336, u64{4096} * 32, false}},
    };
    return d;
}

void llamaShape(ModelConfig& c)
{
    c.mlp = MlpKind::Gated;
    c.norm = NormKind::RMSNorm;
    c.norms_per_block = 2;
    c.final_norm = true;
    c.position = PositionKind::None;
    c.biases = {};
}

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

// Qwen2-MoE / Qwen3-MoE: layer i is sparse iff i is not in mlp_only_layers, num_experts > 0 and
// (i + 1) % decoder_sparse_step == 0 (Qwen2MoeDecoderLayer.__init__).
void readQwenMoe(Reader& r, ModelConfig& c, u64 experts, u64 topk, u64 expertFf)
{
    const u64 n = r.orDefault({"num_experts"}, experts);
    if (n == 0) {
        return;
    }
    const u64 step = r.optUInt({"decoder_sparse_step"}).value_or(1);
    if (step == 0) {
        r.fail("decoder_sparse_step", "must be at least 1");
    }
    const std::vector<u64> list = r.uintList("mlp_only_layers");
    const std::set<u64> mlpOnly(list.begin(), list.end());
    std::vector<bool> isMoe(c.n_layers);
    for (u64 i = 0; i < c.n_layers; ++i) {
        const bool dense = mlpOnly.count(i) != 0;
        isMoe[i] = !dense && (i + 1) % step == 0;
    }
    c.moe.first_dense_layers = firstDenseLayers(
        r, c.n_layers, isMoe, step != 1 ? "decoder_sparse_step" : "mlp_only_layers");
    if (c.moe.first_dense_layers == c.n_layers) {
        return; // every layer dense
    }
    c.moe.n_routed_experts = n;
    r.source("moe.n_routed_experts", "num_experts");
    c.moe.experts_per_token = r.orDefault({"num_experts_per_tok"}, topk);
    r.source("moe.experts_per_token", "num_experts_per_tok");
    c.moe.expert_d_ff = r.orDefault({"moe_intermediate_size"}, expertFf);
    r.source("moe.expert_d_ff", "moe_intermediate_size");
    r.source("moe.first_dense_layers", "mlp_only_layers");
}

} // namespace

void importLlamaFamily(const std::string& type, Reader& r, ModelConfig& c)
{
    const std::string key = type == "gemma3" ? "gemma3_text" : type;
    llamaShape(c);
    readCommon(r, c, llamaFamilyDefaults().at(key));

    if (type == "llama" || type == "granite" || type == "smollm3") {
        // LlamaAttention: q/k/v/o_proj bias=attention_bias; LlamaMLP: bias=mlp_bias. Granite's
        // embedding/residual/attention/logits multipliers scale activations, not parameters.
        // SmolLM3's NoPE layers (no_rope_layers) only skip the rotary embedding, which has no
        // parameters.
        const bool attn = r.flag({"attention_bias"}, false);
        const bool mlp = r.flag({"mlp_bias"}, false);
        c.biases = {attn, attn, mlp, mlp, false};
    } else if (type == "cohere") {
        // CohereDecoderLayer: one input_layernorm (CohereLayerNorm, weight only, no bias) feeding
        // attention and MLP in parallel; CohereModel.norm likewise. q/k/v/o bias=attention_bias.
        // use_qk_norm: q_norm CohereLayerNorm((heads, head_dim)) and k_norm ((kv_heads,
        // head_dim)), weight only.
        const bool attn = r.flag({"attention_bias"}, false);
        c.biases.qkv = attn;
        c.biases.out = attn;
        c.norms_per_block = 1;
        c.parallel_block = true;
        if (r.flag({"use_qk_norm"}, false)) {
            c.qk_norm = QkNormKind::Full;
        }
    } else if (type == "internlm2") {
        // InternLM2Attention: fused wqkv (hidden -> (heads + 2·kv_heads)·head_dim) and wo, both
        // bias=config.bias; InternLM2MLP w1/w2/w3 without bias. Same count as separate q/k/v.
        const bool bias = r.flag({"bias"}, true);
        c.biases.qkv = bias;
        c.biases.out = bias;
    } else if (type == "mistral" || type == "mixtral" || type == "ministral3") {
        // MistralAttention / MixtralAttention: no biases. sliding_window: MistralConfig 4096,
        // MixtralConfig None; every layer slides.
        readSliding(r, c, type == "mistral" ? std::optional<u64>(4096) : std::nullopt, 0);
        // Ministral3Attention / Ministral3MLP: the Mistral modules (no biases).
        if (type == "mixtral") {
            // MixtralSparseMoeBlock: gate Linear(hidden, num_local_experts, bias=False) and
            // num_local_experts experts w1/w2/w3 of intermediate_size, in every layer.
            c.moe.n_routed_experts = r.orDefault({"num_local_experts"}, 8);
            r.source("moe.n_routed_experts", "num_local_experts");
            c.moe.experts_per_token = r.orDefault({"num_experts_per_tok"}, 2);
            r.source("moe.experts_per_token", "num_experts_per_tok");
            c.moe.expert_d_ff = c.d_ff;
        }
    } else if (type == "qwen2" || type == "qwen2_moe") {
        // Qwen2Attention: q/k/v_proj with bias (Qwen2MoeConfig.qkv_bias, default True), o_proj
        // without.
        c.biases.qkv = type == "qwen2" || r.flag({"qkv_bias"}, true);
        readQwenSliding(r, c);
        if (type == "qwen2_moe") {
            // Qwen2MoeSparseMoeBlock: gate, experts of moe_intermediate_size, one shared_expert of
            // shared_expert_intermediate_size and shared_expert_gate Linear(hidden, 1).
            readQwenMoe(r, c, 60, 4, 1408);
            if (c.isMoe()) {
                c.moe.n_shared_experts = 1;
                c.moe.shared_d_ff = r.orDefault({"shared_expert_intermediate_size"}, 5632);
                r.source("moe.shared_d_ff", "shared_expert_intermediate_size");
                if (c.moe.shared_d_ff == 0) {
                    r.fail("shared_expert_intermediate_size", "must be positive");
                }
                c.moe.shared_expert_gate = true;
            }
        }
    } else if (type == "qwen3" || type == "qwen3_moe") {
        // Qwen3Attention: bias=attention_bias; q_norm and k_norm are RMSNorm(head_dim).
        const bool attn = r.flag({"attention_bias"}, false);
        c.biases.qkv = attn;
        c.biases.out = attn;
        c.qk_norm = QkNormKind::PerHead;
        readQwenSliding(r, c);
        if (type == "qwen3_moe") {
            readQwenMoe(r, c, 128, 8, 768);
        }
    } else if (type == "gemma" || type == "gemma2" || key == "gemma3_text") {
        // GemmaAttention: bias=attention_bias. GemmaRMSNorm has one weight of hidden_size.
        // Gemma 2/3 decoder layers hold four norms (input, post_attention, pre_feedforward,
        // post_feedforward); Gemma 3 adds q_norm/k_norm of head_dim. Gemma 2 alternates sliding
        // and global layers; Gemma 3 makes every sliding_window_pattern-th layer global.
        const bool attn = r.flag({"attention_bias"}, false);
        c.biases.qkv = attn;
        c.biases.out = attn;
        if (type == "gemma2") {
            c.norms_per_block = 4;
            readSliding(r, c, 4096, 2);
        } else if (key == "gemma3_text") {
            c.norms_per_block = 4;
            c.qk_norm = QkNormKind::PerHead;
            readSliding(r, c, 4096, r.optUInt({"sliding_window_pattern"}).value_or(6));
        }
    } else if (type == "phi3") {
        // Phi3Attention: fused qkv_proj and o_proj without bias; Phi3MLP: fused gate_up_proj and
        // down_proj without bias. Same count as separate Llama projections.
        readSliding(r, c, std::nullopt, 0);
    } else if (type == "olmo2") {
        // Olmo2Attention: bias=attention_bias; q_norm = RMSNorm(heads·head_dim), k_norm =
        // RMSNorm(kv_heads·head_dim). Olmo2DecoderLayer: post_attention_layernorm and
        // post_feedforward_layernorm only.
        const bool attn = r.flag({"attention_bias"}, false);
        c.biases.qkv = attn;
        c.biases.out = attn;
        c.qk_norm = QkNormKind::Full;
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
    readCommon(r, c, llamaFamilyDefaults().at(type));
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
