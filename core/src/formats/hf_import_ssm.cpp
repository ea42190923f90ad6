// Hybrid types whose layers mix attention with another token mixer: LFM2 (short convolutions) and
// Qwen3-Next (Gated DeltaNet linear attention), and the helpers every hybrid importer shares.
// Each follows transformers' configuration_<type>.py defaults and modeling_<type>.py modules;
// the importer records the mixer's kind and dimensions (ModelConfig::mixer), from which
// mixer.cpp counts its parameters and recurrent state. docs/hf-import.md and docs/counting.md
// have the formulas.
#include "formats/hf_import_internal.h"

#include <algorithm>
#include <cmath>

namespace llmsizer::hf {

u64 positiveOrDefault(Reader& r, std::initializer_list<const char*> names, u64 classDefault)
{
    const u64 v = r.orDefault(names, classDefault);
    if (v == 0) {
        r.fail(*names.begin(), "must be positive");
    }
    return v;
}

std::vector<bool> attendingLayers(Reader& r, const char* field, const std::string& attention,
                                  const std::vector<std::string>& known,
                                  const std::vector<bool>& byRule)
{
    const std::vector<std::string> types = r.stringList(field);
    if (types.empty()) {
        return byRule;
    }
    const u64 layers = byRule.size();
    if (types.size() != layers) {
        r.fail(field, "must name one type per layer (" + std::to_string(layers) + ", got " +
                          std::to_string(types.size()) + ")");
    }
    std::vector<bool> attends(layers);
    for (u64 i = 0; i < layers; ++i) {
        if (!known.empty() && std::find(known.begin(), known.end(), types[i]) == known.end()) {
            std::string list;
            for (const std::string& k : known) {
                list += (list.empty() ? "\"" : ", \"") + k + "\"";
            }
            r.fail(field, "layer " + std::to_string(i) + " is \"" + types[i] +
                              "\"; the types are " + list);
        }
        attends[i] = types[i] == attention;
    }
    return attends;
}

u64 countTrue(const std::vector<bool>& v)
{
    return static_cast<u64>(std::count(v.begin(), v.end(), true));
}

u64 expandedWidth(Reader& r, const char* field, u64 hidden, double classDefault)
{
    const double expand = r.optNumber({field}).value_or(classDefault);
    const double width = std::floor(expand * static_cast<double>(hidden));
    if (!(expand > 0.0) || width < 1.0 || width > static_cast<double>(Limits::maxDff)) {
        r.fail(field, "must give a width expand·hidden_size between 1 and " +
                          std::to_string(Limits::maxDff));
    }
    return static_cast<u64>(width);
}

void hybridShape(ModelConfig& c)
{
    c.mlp = MlpKind::Gated;
    c.norm = NormKind::RMSNorm;
    c.norms_per_block = 2;
    c.final_norm = true;
    c.position = PositionKind::None;
    c.position_offset = 0;
}

// configuration_lfm2.py Lfm2Config defaults: vocab_size 65536, hidden_size 2560,
// intermediate_size 12288 (alias block_ff_dim), num_hidden_layers 32, num_attention_heads 32,
// num_key_value_heads 8, max_position_embeddings 128000, tie_word_embeddings True (alias
// tie_embedding), conv_bias False, conv_L_cache 3, block_multiple_of 256,
// block_ffn_dim_multiplier 1.0, block_auto_adjust_ff_dim True; layer_types from full_attn_idxs
// (default: every layer attends). modeling_lfm2.py: Lfm2MLP w1/w3/w2 of the adjusted width
// int(2·ff/3), then int(multiplier·ff) rounded up to block_multiple_of; Lfm2Attention q/k/v and
// out_proj without bias, q_layernorm and k_layernorm RMSNorm(head_dim); Lfm2ShortConv in_proj
// Linear(d, 3d), conv Conv1d(d, d, L_cache, groups=d), out_proj Linear(d, d), all bias=conv_bias;
// operator_norm and ffn_norm per layer; embedding_norm (the final norm). Lfm2HybridConvCache keeps
// a (hidden_size, conv_L_cache) conv state per conv layer and sequence.
void importLfm2(Reader& r, ModelConfig& c)
{
    c.mlp = MlpKind::Gated;
    c.norm = NormKind::RMSNorm;
    c.norms_per_block = 2;
    c.final_norm = true;
    c.position = PositionKind::None;
    c.qk_norm = QkNormKind::PerHead;
    readCommon(r, c, {32, 8, std::nullopt, 65536, std::nullopt, 128000, true});
    if (auto tie = r.optBool({"tie_embedding"}); tie && !r.has("tie_word_embeddings")) {
        c.tied_head = *tie;
    }
    u64 ff = positiveOrDefault(r, {"intermediate_size", "block_ff_dim"}, 12288);
    if (r.flag({"block_auto_adjust_ff_dim"}, true)) {
        ff = 2 * ff / 3;
        if (auto m = r.optNumber({"block_ffn_dim_multiplier"})) {
            ff = static_cast<u64>(std::floor(*m * static_cast<double>(ff)));
            const u64 multiple = positiveOrDefault(r, {"block_multiple_of"}, 256);
            ff = multiple * ((ff + multiple - 1) / multiple);
        }
    }
    c.d_ff = ff;
    r.source("d_ff", "block_ff_dim");

    const u64 L = c.n_layers;
    std::vector<bool> rule(L, r.uintList("full_attn_idxs").empty());
    for (u64 i : r.uintList("full_attn_idxs")) {
        if (i >= L) {
            r.fail("full_attn_idxs", "layer " + std::to_string(i) + " is not below " +
                                         "num_hidden_layers (" + std::to_string(L) + ")");
        }
        rule[i] = true;
    }
    const u64 conv = L - countTrue(attendingLayers(r, "layer_types", "full_attention", {}, rule));
    if (conv == 0) {
        return;
    }
    const bool bias = r.flag({"conv_bias"}, false);
    c.mixer.kind = MixerKind::ShortConv;
    c.mixer.layers = conv;
    c.mixer.d_conv = positiveOrDefault(r, {"conv_L_cache"}, 3);
    c.mixer.conv_bias = c.mixer.in_proj_bias = c.mixer.out_proj_bias = bias;
}

// configuration_qwen3_next.py Qwen3NextConfig defaults: vocab_size 151936, hidden_size 2048,
// intermediate_size 5632, num_hidden_layers 48, num_attention_heads 16, num_key_value_heads 2,
// head_dim 256, max_position_embeddings 32768, tie_word_embeddings False, attention_bias False,
// linear_conv_kernel_dim 4, linear_key_head_dim 128, linear_value_head_dim 128,
// linear_num_key_heads 16, linear_num_value_heads 32, decoder_sparse_step 1,
// moe_intermediate_size 512, shared_expert_intermediate_size 512, num_experts_per_tok 10,
// num_experts 512, mlp_only_layers [], full_attention_interval 4 (layer i attends fully iff
// (i + 1) % 4 == 0, else linear_attention). modeling_qwen3_next.py: Qwen3NextAttention q_proj
// Linear(d, 2·heads·head_dim) (query and output gate), k/v/o_proj, q_norm and k_norm
// RMSNorm(head_dim); Qwen3NextGatedDeltaNet: conv1d over conv_dim = 2·key_dim + value_dim
// (kernel K, groups conv_dim, no bias), in_proj_qkvz Linear(d, 2·key_dim + 2·value_dim),
// in_proj_ba Linear(d, 2·v_heads), dt_bias and A_log (v_heads each), norm RMSNormGated(head_v),
// out_proj Linear(value_dim, d), all without bias; Qwen3NextSparseMoeBlock as Qwen2-MoE (router,
// experts, shared_expert, shared_expert_gate). The cache keeps per linear layer and sequence a
// conv state (conv_dim, K) and a recurrent state (v_heads, head_k, head_v).
void importQwen3Next(Reader& r, ModelConfig& c)
{
    c.mlp = MlpKind::Gated;
    c.norm = NormKind::RMSNorm;
    c.norms_per_block = 2;
    c.final_norm = true;
    c.position = PositionKind::None;
    c.qk_norm = QkNormKind::PerHead;
    c.attention_output_gate = true;
    readCommon(r, c, {16, 2, 256, 151936, 5632, 32768, false});
    // The checkpoint's mtp.* module (one full-attention MoE layer, fc, three norms) reuses the
    // embedding and head; transformers does not build it. Its config may say how many layers.
    c.mtp_layers = r.optUInt({"mtp_num_hidden_layers"}).value_or(0);
    c.mtp_shared_embeddings = true;
    const bool bias = r.flag({"attention_bias"}, false);
    c.biases.qkv = bias;
    c.biases.out = bias;

    const u64 L = c.n_layers;
    const u64 experts = r.orDefault({"num_experts"}, 512);
    const u64 step = r.orDefault({"decoder_sparse_step"}, 1);
    const std::vector<u64> mlpOnly = r.uintList("mlp_only_layers");
    std::vector<bool> isMoe(L);
    for (u64 i = 0; i < L; ++i) {
        const bool only = std::find(mlpOnly.begin(), mlpOnly.end(), i) != mlpOnly.end();
        isMoe[i] = !only && experts > 0 && step > 0 && (i + 1) % step == 0;
    }
    c.moe.first_dense_layers = firstDenseLayers(r, L, isMoe, "decoder_sparse_step");
    r.source("moe.first_dense_layers", "mlp_only_layers");
    if (experts > 0 && c.moe.first_dense_layers < L) {
        c.moe.n_routed_experts = experts;
        r.source("moe.n_routed_experts", "num_experts");
        c.moe.experts_per_token = r.orDefault({"num_experts_per_tok"}, 10);
        r.source("moe.experts_per_token", "num_experts_per_tok");
        c.moe.expert_d_ff = r.orDefault({"moe_intermediate_size"}, 512);
        r.source("moe.expert_d_ff", "moe_intermediate_size");
        c.moe.n_shared_experts = 1;
        c.moe.shared_d_ff = r.orDefault({"shared_expert_intermediate_size"}, 512);
        c.moe.shared_expert_gate = true;
    } else {
        c.moe.first_dense_layers = 0;
    }

    readDeltaNetLayers(r, c, {16, 32, 128, 128, 4});
}

void readDeltaNetLayers(Reader& r, ModelConfig& c, const DeltaNetDefaults& d)
{
    const u64 L = c.n_layers;
    const u64 interval = r.orDefault({"full_attention_interval"}, 4);
    std::vector<bool> rule(L);
    for (u64 i = 0; i < L; ++i) {
        rule[i] = interval != 0 && (i + 1) % interval == 0;
    }
    const u64 linear = L - countTrue(attendingLayers(r, "layer_types", "full_attention", {}, rule));
    if (linear == 0) {
        return;
    }
    MixerLayers& m = c.mixer;
    m.kind = MixerKind::GatedDeltaNet;
    m.layers = linear;
    m.key_heads = positiveOrDefault(r, {"linear_num_key_heads"}, d.keyHeads);
    m.heads = positiveOrDefault(r, {"linear_num_value_heads"}, d.valueHeads);
    m.key_head_dim = positiveOrDefault(r, {"linear_key_head_dim"}, d.keyHeadDim);
    m.head_dim = positiveOrDefault(r, {"linear_value_head_dim"}, d.valueHeadDim);
    m.d_conv = positiveOrDefault(r, {"linear_conv_kernel_dim"}, d.conv);
}

} // namespace llmsizer::hf
