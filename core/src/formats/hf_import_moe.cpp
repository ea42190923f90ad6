// Mixture-of-experts types beyond the Llama family's own: gpt-oss, GLM-4.5 (glm4_moe) and OLMoE.
// Follows transformers' configuration_gpt_oss.py (GptOssConfig) and modeling_gpt_oss.py;
// docs/hf-import.md has the mapping as a table.
#include "formats/hf_import_internal.h"

namespace llmsizer::hf {

// GptOssConfig defaults: num_hidden_layers 36, num_local_experts 128, vocab_size 201088,
// hidden_size 2880, intermediate_size 2880, head_dim 64, num_attention_heads 64,
// num_key_value_heads 8, sliding_window 128, num_experts_per_tok 4, max_position_embeddings
// 131072, attention_bias True, tie_word_embeddings False; layer_types alternate
// sliding_attention and full_attention.
// modeling_gpt_oss.py: GptOssAttention q/k/v/o_proj with bias=attention_bias and sinks
// Parameter(num_attention_heads); GptOssTopKRouter weight (experts, hidden) and bias (experts);
// GptOssExperts gate_up_proj (experts, hidden, 2·intermediate) with gate_up_proj_bias
// (experts, 2·intermediate), down_proj (experts, intermediate, hidden) with down_proj_bias
// (experts, hidden); input_layernorm and post_attention_layernorm RMSNorm; final norm; lm_head.
// Every layer is a MoE layer; there is no shared expert.
void importGptOss(Reader& r, ModelConfig& c)
{
    c.mlp = MlpKind::Gated;
    c.norm = NormKind::RMSNorm;
    c.norms_per_block = 2;
    c.final_norm = true;
    c.position = PositionKind::None;
    readCommon(r, c, {64, 8, 64, 201088, 2880, 131072, false});
    const bool attn = r.flag({"attention_bias"}, true);
    c.biases.qkv = attn;
    c.biases.out = attn;
    // The experts' fused gate_up and down projections carry per-expert biases.
    c.biases.mlp_up = true;
    c.biases.mlp_down = true;
    c.attention_sinks = true;
    c.moe.n_routed_experts = r.orDefault({"num_local_experts"}, 128);
    r.source("moe.n_routed_experts", "num_local_experts");
    c.moe.experts_per_token = r.orDefault({"num_experts_per_tok", "experts_per_token"}, 4);
    r.source("moe.experts_per_token", "num_experts_per_tok");
    c.moe.expert_d_ff = c.d_ff;
    c.moe.router_bias = true;
    readSliding(r, c, 128, 2);
}

// configuration_glm4_moe.py Glm4MoeConfig defaults: vocab_size 151552, hidden_size 4096,
// intermediate_size 10944, num_hidden_layers 46, num_attention_heads 96, num_key_value_heads 8,
// max_position_embeddings 131072, moe_intermediate_size 1408, num_experts_per_tok 8,
// n_shared_experts 1, n_routed_experts 128, first_k_dense_replace 1, attention_bias False,
// use_qk_norm False, head_dim 128, tie_word_embeddings False. modeling_glm4_moe.py:
// Glm4MoeAttention q/k/v_proj bias=attention_bias, o_proj without bias, q_norm/k_norm
// RMSNorm(head_dim) when use_qk_norm; layers below first_k_dense_replace hold a dense MLP of
// intermediate_size, the others Glm4MoeMoE: Glm4MoeTopkRouter weight (experts, hidden) and
// e_score_correction_bias (experts; stored in the checkpoint, counted like DeepSeek-V3's),
// experts of moe_intermediate_size, shared_experts one MLP of moe_intermediate_size·n_shared.
// num_nextn_predict_layers: MTP layers the checkpoint stores and transformers does not build.
void importGlm4Moe(Reader& r, ModelConfig& c)
{
    c.mlp = MlpKind::Gated;
    c.norm = NormKind::RMSNorm;
    c.norms_per_block = 2;
    c.final_norm = true;
    c.position = PositionKind::None;
    readCommon(r, c, {96, 8, 128, 151552, 10944, 131072, false});
    c.biases.qkv = r.flag({"attention_bias"}, false);
    if (r.flag({"use_qk_norm"}, false)) {
        c.qk_norm = QkNormKind::PerHead;
    }
    const u64 routed = r.orDefault({"n_routed_experts"}, 128);
    if (routed == 0) {
        r.fail("n_routed_experts", "must be positive");
    }
    c.moe.first_dense_layers = r.orDefault({"first_k_dense_replace"}, 1);
    r.source("moe.first_dense_layers", "first_k_dense_replace");
    c.moe.n_routed_experts = routed;
    r.source("moe.n_routed_experts", "n_routed_experts");
    c.moe.experts_per_token = r.orDefault({"num_experts_per_tok"}, 8);
    r.source("moe.experts_per_token", "num_experts_per_tok");
    c.moe.expert_d_ff = r.orDefault({"moe_intermediate_size"}, 1408);
    r.source("moe.expert_d_ff", "moe_intermediate_size");
    c.moe.n_shared_experts = r.orDefault({"n_shared_experts"}, 1);
    r.source("moe.n_shared_experts", "n_shared_experts");
    c.moe.router_bias = true;
    c.mtp_layers = r.optUInt({"num_nextn_predict_layers"}).value_or(0);
}

// configuration_olmoe.py OlmoeConfig defaults: vocab_size 50304, hidden_size 2048,
// intermediate_size 2048 (one expert), num_hidden_layers 16, num_attention_heads 16,
// num_key_value_heads None (-> heads), max_position_embeddings 4096, tie_word_embeddings False,
// attention_bias False, num_experts 64, num_experts_per_tok 8. modeling_olmoe.py:
// OlmoeAttention q/k/v/o_proj (bias=attention_bias), q_norm RMSNorm(hidden_size) and k_norm
// RMSNorm(head_dim · kv_heads) over the whole projections (as OLMo 2); OlmoeSparseMoeBlock gate
// Linear(d, num_experts, bias=False) and num_experts OlmoeMLP of intermediate_size in every layer,
// no shared expert; input_layernorm and post_attention_layernorm; final norm; lm_head.
void importOlmoe(Reader& r, ModelConfig& c)
{
    c.mlp = MlpKind::Gated;
    c.norm = NormKind::RMSNorm;
    c.norms_per_block = 2;
    c.final_norm = true;
    c.position = PositionKind::None;
    c.qk_norm = QkNormKind::Full;
    readCommon(r, c, {16, std::nullopt, std::nullopt, 50304, 2048, 4096, false});
    const bool bias = r.flag({"attention_bias"}, false);
    c.biases.qkv = bias;
    c.biases.out = bias;
    c.moe.n_routed_experts = r.orDefault({"num_experts"}, 64);
    if (c.moe.n_routed_experts == 0) {
        r.fail("num_experts", "must be positive");
    }
    r.source("moe.n_routed_experts", "num_experts");
    c.moe.experts_per_token = r.orDefault({"num_experts_per_tok"}, 8);
    r.source("moe.experts_per_token", "num_experts_per_tok");
    c.moe.expert_d_ff = c.d_ff;
    r.source("moe.expert_d_ff", "intermediate_size");
}

} // namespace llmsizer::hf
