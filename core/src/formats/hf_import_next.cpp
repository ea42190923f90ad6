// Model types of 2025-26 with layer kinds of their own: Qwen3.5 (Gated DeltaNet and gated
// attention, dense or MoE), Nemotron-H (Mamba-2, attention, MLP and MoE layers by a pattern
// string), DeepSeek-V3.2 and GLM-5 (latent attention with the sparse-attention indexer) and Bamba.
// Each follows transformers' configuration_<type>.py and modeling_<type>.py (or the remote code
// the config's auto_map names); docs/hf-import.md has the same mapping as tables.
#include "formats/hf_import_internal.h"

#include <algorithm>

namespace llmsizer::hf {

// configuration_qwen3_5.py Qwen3_5TextConfig / Qwen3_5MoeTextConfig: the Qwen3-Next layer layout
// (layer_types of linear_attention and full_attention, every full_attention_interval-th [4]
// attending), dense MLP of intermediate_size (qwen3_5_text) or Qwen3-Next's experts with a gated
// shared expert (qwen3_5_moe_text). modeling_qwen3_5.py: Qwen3_5Attention q_proj Linear(d,
// 2·heads·head_dim) when attn_output_gate [True], q_norm/k_norm RMSNorm(head_dim);
// Qwen3_5GatedDeltaNet in_proj_qkv, in_proj_z, in_proj_b, in_proj_a (the same parameters as
// Qwen3-Next's in_proj_qkvz and in_proj_ba), conv1d, dt_bias, A_log, norm, out_proj. The
// checkpoint's mtp.* (mtp_num_hidden_layers full-attention layers, fc, three norms) reuses the
// embedding and head unless mtp_use_dedicated_embeddings.
void importQwen35(const ModelTypeRow& row, Reader& r, ModelConfig& c)
{
    const bool moe = std::string(row.type) == "qwen3_5_moe_text";
    c.mlp = MlpKind::Gated;
    c.norm = NormKind::RMSNorm;
    c.norms_per_block = 2;
    c.final_norm = true;
    c.position = PositionKind::None;
    c.qk_norm = QkNormKind::PerHead;
    readCommon(r, c, {16, 2, 256, 248320, moe ? u64{512} : u64{17408}, 262144, false});
    c.attention_output_gate = r.flag({"attn_output_gate"}, true);
    const bool bias = r.flag({"attention_bias"}, false);
    c.biases.qkv = c.biases.out = bias;
    c.mtp_layers = r.optUInt({"mtp_num_hidden_layers"}).value_or(0);
    if (r.flag({"mtp_use_dedicated_embeddings"}, false)) {
        c.mtp_copies_unknown = true; // a dedicated embedding: how many copies is not described
    } else {
        c.mtp_shared_embeddings = true;
    }
    if (moe) {
        readMoe(r, c,
                {.layers = MoeLayers::Qwen,
                 .expertsDefault = 256,
                 .topkDefault = 8,
                 .expertFfDefault = 512,
                 .sharedDefault = 1,
                 .sharedFf = "shared_expert_intermediate_size",
                 .sharedFfDefault = 512,
                 .sharedGate = true});
    }
    readDeltaNetLayers(r, c, {16, 48, 128, 128, 4});
}

// configuration_nemotron_h.py NemotronHConfig and modeling_nemotron_h.py: every layer is one
// NemotronHBlock, an RMSNorm and one mixer chosen by hybrid_override_pattern: "M"
// NemotronHMamba2Mixer (in_proj, conv1d, dt_bias, A_log, D, gated RMSNorm, out_proj), "*"
// NemotronHAttention (q/k/v/o, bias=attention_bias), "-" NemotronHMLP (up_proj and down_proj,
// ReLU², bias=mlp_bias), "E" NemotronHMoE (router weight and e_score_correction_bias,
// n_routed_experts NemotronHMLP of moe_intermediate_size, shared experts of
// moe_shared_expert_intermediate_size); norm_f; lm_head. Nemotron 3 Super's latent experts
// (moe_latent_size) are not described.
void importNemotronH(Reader& r, ModelConfig& c)
{
    c.mlp = MlpKind::Plain;
    c.norm = NormKind::RMSNorm;
    c.norms_per_block = 2;
    c.final_norm = true;
    c.position = PositionKind::None;
    readCommon(r, c, {32, 8, 128, 131072, 21504, 4096, false});
    c.biases.qkv = c.biases.out = r.flag({"attention_bias"}, false);
    c.biases.mlp_up = c.biases.mlp_down = r.flag({"mlp_bias"}, false);
    const std::string pattern = r.optString({"hybrid_override_pattern"}).value_or("");
    if (pattern.size() != c.n_layers) {
        r.fail("hybrid_override_pattern", "must name one layer kind per layer (" +
                                              std::to_string(c.n_layers) + ", got " +
                                              std::to_string(pattern.size()) + ")");
    }
    u64 mamba = 0;
    u64 attention = 0;
    u64 mlp = 0;
    u64 moe = 0;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        switch (pattern[i]) {
        case 'M':
            ++mamba;
            break;
        case '*':
            ++attention;
            break;
        case '-':
            ++mlp;
            break;
        case 'E':
            ++moe;
            break;
        default:
            r.fail("hybrid_override_pattern",
                   "layer " + std::to_string(i) + " is '" + std::string(1, pattern[i]) +
                       "'; the kinds are M (Mamba-2), * (attention), - (MLP), E (experts)");
        }
    }
    if (mlp > 0 && moe > 0) {
        r.fail("hybrid_override_pattern",
               "dense MLP layers beside expert layers in one model are not described");
    }
    c.single.attention_only = attention;
    c.single.mlp_only = mlp + moe;
    r.source("single", "hybrid_override_pattern");
    if (moe > 0 && r.has("moe_latent_size") && !r.isNull("moe_latent_size")) {
        r.fail("moe_latent_size", "experts in a latent space (Nemotron 3 Super) are not described");
    }
    if (moe > 0) {
        c.moe.n_routed_experts = r.orDefault({"n_routed_experts"}, 8);
        r.source("moe.n_routed_experts", "n_routed_experts");
        c.moe.experts_per_token = r.orDefault({"num_experts_per_tok"}, 2);
        r.source("moe.experts_per_token", "num_experts_per_tok");
        c.moe.expert_d_ff = r.orDefault({"moe_intermediate_size"}, 7688);
        r.source("moe.expert_d_ff", "moe_intermediate_size");
        c.moe.n_shared_experts = r.orDefault({"n_shared_experts"}, 1);
        c.moe.shared_d_ff = r.orDefault({"moe_shared_expert_intermediate_size"}, 7688);
        r.source("moe.shared_d_ff", "moe_shared_expert_intermediate_size");
        // NemotronHTopkRouter's e_score_correction_bias is not among the checkpoint's tensors
        // (Nemotron 3 Nano's published total is 2,944 = 23 layers · 128 experts below the count
        // with it), so it is not counted.
        c.moe.router_bias = false;
    }
    if (mamba > 0) {
        MixerLayers& m = c.mixer;
        m.layout = MixerLayout::Only;
        m.layers = mamba;
        const u64 heads = positiveOrDefault(r, {"mamba_num_heads"}, 128);
        const u64 headDim = positiveOrDefault(r, {"mamba_head_dim"}, 64);
        readMamba2(r, m, heads * headDim,
                   {"mamba_num_heads", 128, "mamba_head_dim", 64, "n_groups", 8, "ssm_state_size",
                    128, "conv_kernel", 4});
        m.gated_norm = true;
        m.conv_bias = r.flag({"use_conv_bias"}, true);
        m.in_proj_bias = m.out_proj_bias = r.flag({"use_bias"}, false);
    }
}

// DeepSeek-V3.2 (DeepseekV32ForCausalLM, inference/model.py): DeepSeek-V3 plus one Indexer per
// layer of index_n_heads [64] heads of index_head_dim [128]. Its checkpoint stores the MTP layer
// with copies of the embedding and head, as DeepSeek-V3's does.
void importDeepseekV32(const std::string& /*type*/, Reader& r, ModelConfig& c)
{
    importDeepseek("deepseek_v3", r, c);
    c.indexer.heads = positiveOrDefault(r, {"index_n_heads"}, 64);
    r.source("indexer.heads", "index_n_heads");
    c.indexer.head_dim = positiveOrDefault(r, {"index_head_dim"}, 128);
    r.source("indexer.head_dim", "index_head_dim");
}

// GLM-5 (glm_moe_dsa, modeling_glm_moe_dsa.py): DeepSeek-V3.2's layout under GLM's name (latent
// attention with q_a/kv_a/q_b/kv_b/o and their norms, the indexer, first_k_dense_replace dense
// layers, routed and shared experts, router e_score_correction_bias). Its MTP layer
// (num_nextn_predict_layers) reuses the embedding and head.
void importGlmMoeDsa(Reader& r, ModelConfig& c)
{
    importDeepseekV32("deepseek_v3", r, c);
    c.mtp_shared_embeddings = true;
}

// configuration_bamba.py BambaConfig and modeling_bamba.py: attention (q/k/v/o without bias) in
// attn_layer_indices, BambaMixer (Mamba-2 with the gated norm) elsewhere, a gated MLP of
// intermediate_size in every layer, input_layernorm and pre_ff_layernorm, final_layernorm.
void importBamba(Reader& r, ModelConfig& c)
{
    hybridShape(c);
    readCommon(r, c, {32, 8, std::nullopt, 128000, 14336, 262144, false});
    std::vector<bool> attends(c.n_layers, false);
    for (u64 i : r.uintList("attn_layer_indices")) {
        if (i >= c.n_layers) {
            r.fail("attn_layer_indices", "layer " + std::to_string(i) +
                                             " is not below num_hidden_layers (" +
                                             std::to_string(c.n_layers) + ")");
        }
        attends[i] = true;
    }
    const u64 mambaLayers = c.n_layers - countTrue(attends);
    if (mambaLayers == 0) {
        return;
    }
    MixerLayers& m = c.mixer;
    m.layers = mambaLayers;
    readMamba2(r, m, expandedWidth(r, "mamba_expand", c.d_model, 2.0),
               {"mamba_n_heads", 128, "mamba_d_head", std::nullopt, "mamba_n_groups", 1,
                "mamba_d_state", 256, "mamba_d_conv", 4});
    m.gated_norm = true;
    m.conv_bias = r.flag({"mamba_conv_bias"}, true);
    m.in_proj_bias = m.out_proj_bias = r.flag({"mamba_proj_bias"}, false);
}

} // namespace llmsizer::hf
