// The GGUF tensor list of a ModelConfig. Names and shapes follow llama.cpp's GGUF conventions
// (src/llama-arch.cpp tensor names; ne[0] is a matrix's input width, experts are stacked as a
// third dimension); biases and norm weights are 1-D.
#include "precision/quant_tensors.h"

#include "llmsizer/model/mixer.h"
#include "llmsizer/text/checked.h"

#include <algorithm>

namespace llmsizer::quant {

namespace {

using u64 = std::uint64_t;

u64 mul(u64 a, u64 b)
{
    return checkedMul(a, b, "tensor size");
}

u64 normWidth(const ModelConfig& c, u64 width)
{
    return mul(c.norm == NormKind::LayerNorm ? 2 : 1, width);
}

// A matrix llama.cpp quantizes with the file's base type.
void addMatrix(std::vector<Tensor>& out, const char* name, u64 cols, u64 rows, std::int64_t i)
{
    out.push_back({name, Cat::Other, cols, rows, 1, i});
}

// 1-D tensors: one row of `n` values (norm weights and biases); stay unquantized.
void addVector(std::vector<Tensor>& out, const char* name, u64 n, std::int64_t layer)
{
    if (n > 0) {
        out.push_back({name, Cat::Unquantized, n, 1, 1, layer, false});
    }
}

void addMlp(std::vector<Tensor>& out, const ModelConfig& c, u64 ff, std::int64_t layer,
            const char* suffix, u64 count, bool expert)
{
    const std::string s = suffix;
    if (c.mlp == MlpKind::Gated) {
        out.push_back(
            {"ffn_gate" + s + ".weight", Cat::FfnGate, c.d_model, ff, count, layer, expert});
    }
    out.push_back({"ffn_up" + s + ".weight", Cat::FfnUp, c.d_model, ff, count, layer, expert});
    out.push_back({"ffn_down" + s + ".weight", Cat::FfnDown, ff, c.d_model, count, layer, expert});
    if (c.biases.mlp_up) {
        const u64 n = mul(c.mlp == MlpKind::Gated ? 2 : 1, mul(ff, count));
        out.push_back({"ffn_up" + s + ".bias", Cat::Unquantized, n, 1, 1, layer, expert});
    }
    if (c.biases.mlp_down) {
        out.push_back({"ffn_down" + s + ".bias", Cat::Unquantized, mul(c.d_model, count), 1, 1,
                       layer, expert});
    }
}

// Attention reading `in` values (d_model; Zamba2's shared block 2·d_model).
void addAttention(std::vector<Tensor>& out, const ModelConfig& c, std::int64_t i, bool fusedQkv,
                  u64 in)
{
    const u64 d = in;
    if (c.attention == AttentionKind::Latent) {
        // DeepSeek-V2/V3 GGUF names (attn_kv_b as one tensor, the older conversion).
        const MlaConfig& m = c.mla;
        const u64 qk = m.qk_nope_head_dim + m.qk_rope_head_dim;
        if (m.q_lora_rank > 0) {
            out.push_back({"attn_q_a.weight", Cat::Other, d, m.q_lora_rank, 1, i});
            addVector(out, "attn_q_a_norm.weight", normWidth(c, m.q_lora_rank), i);
            out.push_back({"attn_q_b.weight", Cat::Other, m.q_lora_rank, mul(c.n_heads, qk), 1, i});
        } else {
            out.push_back({"attn_q.weight", Cat::AttnQ, d, mul(c.n_heads, qk), 1, i});
        }
        out.push_back(
            {"attn_kv_a_mqa.weight", Cat::Other, d, m.kv_lora_rank + m.qk_rope_head_dim, 1, i});
        addVector(out, "attn_kv_a_norm.weight", normWidth(c, m.kv_lora_rank), i);
        out.push_back({"attn_kv_b.weight", Cat::AttnKvB, m.kv_lora_rank,
                       mul(c.n_heads, m.qk_nope_head_dim + m.v_head_dim), 1, i});
        out.push_back(
            {"attn_output.weight", Cat::AttnOut, mul(c.n_heads, m.v_head_dim), c.d_model, 1, i});
        if (c.indexer.heads > 0) {
            // DeepSeek-V3.2's lightning indexer (llama.cpp: indexer.*).
            const IndexerConfig& ix = c.indexer;
            addMatrix(out, "indexer.attn_q_b.weight", m.q_lora_rank, mul(ix.heads, ix.head_dim), i);
            addMatrix(out, "indexer.attn_k.weight", d, ix.head_dim, i);
            addVector(out, "indexer.k_norm", mul(2, ix.head_dim), i);
            addMatrix(out, "indexer.proj.weight", d, ix.heads, i);
        }
    } else {
        const u64 hd = c.effectiveHeadDim();
        const u64 q = mul(c.n_heads, hd);
        const u64 kv = mul(c.n_kv_heads, hd);
        // Qwen3-Next's q_proj also yields the output gate (2·heads·head_dim).
        const u64 qOut = c.attention_output_gate ? 2 * q : q;
        if (fusedQkv) {
            out.push_back({"attn_qkv.weight", Cat::AttnQkv, d, qOut + 2 * kv, 1, i});
        } else {
            out.push_back({"attn_q.weight", Cat::AttnQ, d, qOut, 1, i});
            out.push_back({"attn_k.weight", Cat::AttnK, d, kv, 1, i});
            out.push_back({"attn_v.weight", Cat::AttnV, d, kv, 1, i});
        }
        out.push_back({"attn_output.weight", Cat::AttnOut, q, c.d_model, 1, i});
        if (c.biases.qkv) {
            addVector(out, "attn_qkv.bias", q + 2 * kv, i);
        }
        if (c.qk_norm == QkNormKind::PerHead) {
            addVector(out, "attn_qk_norm.weight", 2 * normWidth(c, hd), i);
        } else if (c.qk_norm == QkNormKind::Full) {
            addVector(out, "attn_qk_norm.weight", normWidth(c, q + kv), i);
        }
    }
    if (c.biases.out) {
        addVector(out, "attn_output.bias", c.d_model, i);
    }
    if (c.attention_sinks) {
        addVector(out, "attn_sinks.weight", c.n_heads, i); // gpt-oss: one logit per head
    }
}

// One mixer layer (mixer.h), with llama.cpp's names (llama-arch.cpp: ssm_*, shortconv.*). The
// depthwise convolution, A, D, norms and biases stay unquantized (llama-quant.cpp: "do not
// quantize Mamba's small yet 2D weights"; only 2-D ".weight" tensors are quantized).
void addMixer(std::vector<Tensor>& out, const ModelConfig& c, std::int64_t i)
{
    const MixerLayers& m = c.mixer;
    const u64 d = c.d_model;
    const u64 inner = mixerInnerWidth(m, d);
    const u64 conv = mixerConvChannels(m, d);
    const auto biasIf = [&](bool on, const char* name, u64 n) {
        if (on) {
            addVector(out, name, n, i);
        }
    };
    switch (m.kind) {
    case MixerKind::ShortConv:
        addMatrix(out, "shortconv.in_proj.weight", d, mul(3, d), i);
        biasIf(m.in_proj_bias, "shortconv.in_proj.bias", mul(3, d));
        addVector(out, "shortconv.conv.weight", mul(d, m.d_conv), i);
        biasIf(m.conv_bias, "shortconv.conv.bias", d);
        addMatrix(out, "shortconv.out_proj.weight", d, d, i);
        biasIf(m.out_proj_bias, "shortconv.out_proj.bias", d);
        return;
    case MixerKind::GatedDeltaNet:
        addMatrix(out, "ssm_in.weight", d, conv + inner, i); // q, k, v, z
        addMatrix(out, "ssm_ba.weight", d, mul(2, m.heads), i);
        addVector(out, "ssm_conv1d.weight", mul(conv, m.d_conv), i);
        addVector(out, "ssm_dt.bias", m.heads, i);
        addVector(out, "ssm_a", m.heads, i);
        addVector(out, "ssm_norm.weight", m.head_dim, i);
        addMatrix(out, "ssm_out.weight", inner, d, i);
        return;
    case MixerKind::Mamba: {
        const u64 R = mixerDtRank(m, d);
        addMatrix(out, "ssm_in.weight", d, mul(2, inner), i);
        biasIf(m.in_proj_bias, "ssm_in.bias", mul(2, inner));
        addVector(out, "ssm_conv1d.weight", mul(inner, m.d_conv), i);
        biasIf(m.conv_bias, "ssm_conv1d.bias", inner);
        addMatrix(out, "ssm_x.weight", inner, R + 2 * m.d_state, i);
        addMatrix(out, "ssm_dt.weight", R, inner, i);
        addVector(out, "ssm_dt.bias", inner, i);
        addVector(out, "ssm_a", mul(inner, m.d_state), i);
        addVector(out, "ssm_d", inner, i);
        biasIf(m.inner_norms, "ssm_dt_b_c_norm.weight", R + 2 * m.d_state);
        addMatrix(out, "ssm_out.weight", inner, d, i);
        biasIf(m.out_proj_bias, "ssm_out.bias", d);
        return;
    }
    case MixerKind::Mamba2:
        addMatrix(out, "ssm_in.weight", d, inner + conv + m.heads, i);
        biasIf(m.in_proj_bias, "ssm_in.bias", inner + conv + m.heads);
        addVector(out, "ssm_conv1d.weight", mul(conv, m.d_conv), i);
        biasIf(m.conv_bias, "ssm_conv1d.bias", conv);
        addVector(out, "ssm_dt.bias", m.heads, i);
        addVector(out, "ssm_a", m.heads, i);
        addVector(out, "ssm_d", m.heads, i);
        biasIf(m.gated_norm, "ssm_norm.weight", inner);
        addMatrix(out, "ssm_out.weight", inner, d, i);
        biasIf(m.out_proj_bias, "ssm_out.bias", d);
        return;
    case MixerKind::None:
        return;
    }
}

// A Zamba2 hybrid layer: its Linear(d, d) and adapters; the j-th one also holds shared block j
// (attention over 2d, the MLP, the block's two norms) while j < the blocks used.
void addHybrid(std::vector<Tensor>& out, const ModelConfig& c, std::int64_t i, u64 j, bool fusedQkv)
{
    const SharedBlocks& s = c.shared;
    const u64 d = c.d_model;
    const u64 ff = c.effectiveDff();
    addMatrix(out, "hybrid_linear.weight", d, d, i);
    if (s.attention_adapters) {
        out.push_back({"attn_qkv_adapter_a.weight", Cat::Other, mul(2, d), s.adapter_rank, 3, i});
        out.push_back({"attn_qkv_adapter_b.weight", Cat::Other, s.adapter_rank, mul(2, d), 3, i});
    }
    if (s.mlp_adapters) {
        addMatrix(out, "ffn_adapter_a.weight", d, s.adapter_rank, i);
        addMatrix(out, "ffn_adapter_b.weight", s.adapter_rank, mul(2, ff), i);
    }
    if (j < std::min(s.blocks, s.layers)) {
        addVector(out, "shared_norms", normWidth(c, mul(3, d)), i); // 2d and d
        addAttention(out, c, i, fusedQkv, mul(2, d));
        addMlp(out, c, ff, i, "", 1, false);
    }
}

// One mixture-of-experts block: router (and its bias, the shared expert's gate), the routed
// experts as 3-D tensors, the shared experts.
void addExperts(std::vector<Tensor>& out, const ModelConfig& c, std::int64_t i)
{
    const MoeConfig& m = c.moe;
    out.push_back({"ffn_gate_inp.weight", Cat::Unquantized, c.d_model, m.n_routed_experts, 1, i});
    if (m.shared_expert_gate) {
        addVector(out, "ffn_gate_inp_shexp.weight", c.d_model, i);
    }
    if (m.router_bias) {
        addVector(out, "exp_probs_b.bias", m.n_routed_experts, i);
    }
    addMlp(out, c, m.expert_d_ff, i, "_exps", m.n_routed_experts, true);
    if (m.n_shared_experts > 0) {
        const u64 sff = m.shared_d_ff != 0 ? m.shared_d_ff : m.expert_d_ff;
        addMlp(out, c, sff, i, "_shexp", m.n_shared_experts, false);
    }
}

// Gemma 3n's additions (model.h LayerAugments), as llama.cpp's gemma3n loader creates them
// (src/models/gemma3n.cpp, names and placement from llama-arch.cpp): the per-layer embedding
// table, quantized like token_embd (llama-quant.cpp) and an input-layer tensor kept in host RAM
// like it (LLM_TENSOR_LAYER_INPUT: "I intentionally set LLM_TENSOR_PER_LAYER_TOKEN_EMBD to
// LLM_TENSOR_LAYER_INPUT", llama.cpp PR 14400); its projection and norm and AltUp's two stacks
// of n-1 projections, created with layer 0; per layer, the per-layer input gate and projection,
// AltUp's coefficients, router and scale, and LAuReL's low-rank pair.
void addAugmentGlobals(std::vector<Tensor>& out, const ModelConfig& c)
{
    const LayerAugments& a = c.augments;
    const u64 d = c.d_model;
    const u64 wide = mul(c.n_layers, a.per_layer_dim);
    if (a.per_layer_dim != 0) {
        out.push_back({"per_layer_token_embd.weight", Cat::Other, wide, a.per_layer_vocab});
        addMatrix(out, "per_layer_model_proj.weight", d, wide, 0);
        addVector(out, "per_layer_proj_norm.weight", a.per_layer_dim, 0);
    }
    if (a.altup_inputs > 1) {
        out.push_back({"altup_proj.weight", Cat::Other, d, d, a.altup_inputs - 1, 0});
        out.push_back({"altup_unembd_proj.weight", Cat::Other, d, d, a.altup_inputs - 1, 0});
    }
}

void addAugmentLayer(std::vector<Tensor>& out, const ModelConfig& c, std::int64_t i)
{
    const LayerAugments& a = c.augments;
    const u64 d = c.d_model;
    if (a.per_layer_dim != 0) {
        addMatrix(out, "inp_gate.weight", d, a.per_layer_dim, i);
        addMatrix(out, "proj.weight", a.per_layer_dim, d, i);
        addVector(out, "post_norm.weight", d, i);
    }
    if (a.altup_inputs != 0) {
        const u64 n = a.altup_inputs;
        addMatrix(out, "altup_correct_coef.weight", n, n, i);
        addVector(out, "altup_correct_scale.weight", d, i);
        addMatrix(out, "altup_predict_coef.weight", n, mul(n, n), i);
        addMatrix(out, "altup_router.weight", d, n, i);
        addVector(out, "altup_router_norm.weight", d, i);
    }
    if (a.laurel_rank != 0) {
        addMatrix(out, "laurel_l.weight", d, a.laurel_rank, i);
        addMatrix(out, "laurel_r.weight", a.laurel_rank, d, i);
        addVector(out, "laurel_post_norm.weight", d, i);
    }
}

} // namespace

std::vector<Tensor> tensorsOf(const ModelConfig& c, bool fusedQkv)
{
    std::vector<Tensor> out;
    const u64 d = c.d_model;
    // OPT-350m: a narrower embedding (and tied head) behind project_in / project_out.
    const u64 e = c.embedding_dim != 0 ? c.embedding_dim : d;
    out.push_back({"token_embd.weight", Cat::TokenEmbd, e, c.vocab_size});
    if (e != d) {
        addMatrix(out, "project_in.weight", e, d, -1);
        addMatrix(out, "project_out.weight", d, e, -1);
    }
    if (c.position == PositionKind::Learned) {
        out.push_back(
            {"position_embd.weight", Cat::Unquantized, d, c.context_length + c.position_offset});
    }
    if (c.embedding_norm) {
        addVector(out, "token_embd_norm", normWidth(c, d), -1);
    }
    addAugmentGlobals(out, c);
    const MixerLayers& mix = c.mixer;
    const u64 L = c.n_layers;
    const u64 ownAttention = c.attentionLayers() - c.shared.layers;
    u64 hybrids = 0;
    for (u64 l = 0; c.single.any() && l < L; ++l) {
        // Nemotron-H: one block per layer behind one norm, the kinds interleaved
        // (ModelConfig::singleBlock).
        const auto i = static_cast<std::int64_t>(l);
        addVector(out, "block_norms", normWidth(c, d), i);
        const ModelConfig::SingleBlock kind = c.singleBlock(l);
        if (kind == ModelConfig::SingleBlock::Attention) {
            addAttention(out, c, i, fusedQkv, d);
        } else if (kind == ModelConfig::SingleBlock::Mixer) {
            addMixer(out, c, i);
        } else if (!c.isMoe()) {
            addMlp(out, c, c.effectiveDff(), i, "", 1, false);
        } else {
            addExperts(out, c, i);
        }
    }
    for (u64 l = 0; !c.single.any() && l < L; ++l) {
        const auto i = static_cast<std::int64_t>(l);
        const bool attends = spreadLayer(l, ownAttention, L);
        const bool mixer = mix.layout == MixerLayout::Parallel ? spreadLayer(l, mix.layers, L)
                                                               : !attends && mix.layers > 0;
        const bool only = mixer && mix.layout == MixerLayout::Only;
        addVector(out, "block_norms", mul(only ? 1 : c.norms_per_block, normWidth(c, d)), i);
        if (attends) {
            addAttention(out, c, i, fusedQkv, d);
        }
        if (mixer) {
            addMixer(out, c, i);
        }
        if (c.shared.blocks > 0 && spreadLayer(l, c.shared.layers, L)) {
            addHybrid(out, c, i, hybrids++, fusedQkv);
        }
        addAugmentLayer(out, c, i);
        if (only) {
            continue;
        }
        if (!c.isMoeLayer(l)) {
            addMlp(out, c, c.effectiveDff(), i, "", 1, false);
            if (c.mlp_activation_params > 0) {
                addVector(out, "ffn_act", c.mlp_activation_params, i); // Apertus' xIELU
            }
            continue;
        }
        addExperts(out, c, i);
    }
    if (c.final_norm) {
        addVector(out, "output_norm", normWidth(c, d), -1);
    }
    if (!c.tied_head) {
        out.push_back({"output.weight", Cat::Output, e, c.vocab_size});
    }
    if (c.biases.lm_head) {
        addVector(out, "output.bias", c.vocab_size, -1);
    }
    return out;
}

} // namespace llmsizer::quant
