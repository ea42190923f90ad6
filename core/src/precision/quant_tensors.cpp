// The GGUF tensor list of a ModelConfig. Names and shapes follow llama.cpp's GGUF conventions
// (src/llama-arch.cpp tensor names; ne[0] is a matrix's input width, experts are stacked as a
// third dimension); biases and norm weights are 1-D.
#include "precision/quant_tensors.h"

#include "llmsizer/text/checked.h"

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

void addAttention(std::vector<Tensor>& out, const ModelConfig& c, std::int64_t i, bool fusedQkv)
{
    const u64 d = c.d_model;
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
        out.push_back({"attn_output.weight", Cat::AttnOut, mul(c.n_heads, m.v_head_dim), d, 1, i});
    } else {
        const u64 hd = c.effectiveHeadDim();
        const u64 q = mul(c.n_heads, hd);
        const u64 kv = mul(c.n_kv_heads, hd);
        if (fusedQkv) {
            out.push_back({"attn_qkv.weight", Cat::AttnQkv, d, q + 2 * kv, 1, i});
        } else {
            out.push_back({"attn_q.weight", Cat::AttnQ, d, q, 1, i});
            out.push_back({"attn_k.weight", Cat::AttnK, d, kv, 1, i});
            out.push_back({"attn_v.weight", Cat::AttnV, d, kv, 1, i});
        }
        out.push_back({"attn_output.weight", Cat::AttnOut, q, d, 1, i});
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
        addVector(out, "attn_output.bias", d, i);
    }
}

} // namespace

std::vector<Tensor> tensorsOf(const ModelConfig& c, bool fusedQkv)
{
    std::vector<Tensor> out;
    const u64 d = c.d_model;
    out.push_back({"token_embd.weight", Cat::TokenEmbd, d, c.vocab_size});
    if (c.position == PositionKind::Learned) {
        out.push_back(
            {"position_embd.weight", Cat::Unquantized, d, c.context_length + c.position_offset});
    }
    if (c.embedding_norm) {
        addVector(out, "token_embd_norm", normWidth(c, d), -1);
    }
    for (u64 l = 0; l < c.n_layers; ++l) {
        const auto i = static_cast<std::int64_t>(l);
        addVector(out, "block_norms", mul(c.norms_per_block, normWidth(c, d)), i);
        addAttention(out, c, i, fusedQkv);
        if (!c.isMoeLayer(l)) {
            addMlp(out, c, c.effectiveDff(), i, "", 1, false);
            continue;
        }
        const MoeConfig& m = c.moe;
        out.push_back({"ffn_gate_inp.weight", Cat::Unquantized, d, m.n_routed_experts, 1, i});
        if (m.shared_expert_gate) {
            addVector(out, "ffn_gate_inp_shexp.weight", d, i);
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
    if (c.final_norm) {
        addVector(out, "output_norm", normWidth(c, d), -1);
    }
    if (!c.tied_head) {
        out.push_back({"output.weight", Cat::Output, d, c.vocab_size});
    }
    if (c.biases.lm_head) {
        addVector(out, "output.bias", c.vocab_size, -1);
    }
    return out;
}

} // namespace llmsizer::quant
