// FP8 block scales: an FP8 checkpoint (quantization_config weight_block_size [r, c]) stores
// beside every FP8 weight matrix one scale per r×c block, ceil(out/r)·ceil(in/c) values
// (weight_scale_inv). The FP8 matrices are the decoder layers' attention projections (and the
// sparse-attention indexer's wq_b and wk), dense MLPs, routed and shared experts; the embedding,
// the head, routers, norms and the indexer's weights_proj stay in higher precision. Each MTP
// layer (one decoder layer with experts) has its own. DeepSeek-V3: 3 dense layers of 35,640, 58
// MoE layers and the MTP layer of 702,264 each, 41,540,496 (docs/counting.md).
#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

u64 mul(u64 a, u64 b)
{
    return checkedMul(a, b, "FP8 scales");
}
u64 add(u64 a, u64 b)
{
    return checkedAdd(a, b, "FP8 scales");
}

class Blocks {
public:
    Blocks(u64 rows, u64 cols) : m_rows(rows), m_cols(cols) {}
    // One Linear(in, out) weight.
    u64 operator()(u64 in, u64 out) const
    {
        return mul((out + m_rows - 1) / m_rows, (in + m_cols - 1) / m_cols);
    }

private:
    u64 m_rows;
    u64 m_cols;
};

u64 attentionBlocks(const ModelConfig& c, const Blocks& b)
{
    const u64 d = c.d_model;
    if (c.attention == AttentionKind::Latent) {
        const MlaConfig& m = c.mla;
        const u64 qOut = mul(c.n_heads, m.qk_nope_head_dim + m.qk_rope_head_dim);
        u64 n = m.q_lora_rank > 0 ? add(b(d, m.q_lora_rank), b(m.q_lora_rank, qOut)) : b(d, qOut);
        n = add(n, b(d, m.kv_lora_rank + m.qk_rope_head_dim));
        n = add(n, b(m.kv_lora_rank, mul(c.n_heads, m.qk_nope_head_dim + m.v_head_dim)));
        n = add(n, b(mul(c.n_heads, m.v_head_dim), d));
        if (c.indexer.heads > 0) {
            n = add(n, add(b(m.q_lora_rank, mul(c.indexer.heads, c.indexer.head_dim)),
                           b(d, c.indexer.head_dim)));
        }
        return n;
    }
    const u64 q = mul(c.n_heads, c.effectiveHeadDim());
    const u64 kv = mul(c.n_kv_heads, c.effectiveHeadDim());
    return add(add(b(d, c.attention_output_gate ? mul(2, q) : q), mul(2, b(d, kv))), b(q, d));
}

u64 mlpBlocks(const ModelConfig& c, const Blocks& b, u64 ff)
{
    const u64 up = b(c.d_model, ff);
    return add(mul(c.mlp == MlpKind::Gated ? 2 : 1, up), b(ff, c.d_model));
}

u64 moeBlocks(const ModelConfig& c, const Blocks& b)
{
    const MoeConfig& m = c.moe;
    const u64 shared = m.shared_d_ff != 0 ? m.shared_d_ff : m.expert_d_ff;
    return add(mul(m.n_routed_experts, mlpBlocks(c, b, m.expert_d_ff)),
               mul(m.n_shared_experts, mlpBlocks(c, b, shared)));
}

} // namespace

u64 fp8BlockScales(const ModelConfig& c)
{
    if (c.fp8_block_rows == 0 || c.fp8_block_cols == 0) {
        return 0;
    }
    const Blocks b(c.fp8_block_rows, c.fp8_block_cols);
    const u64 attention = attentionBlocks(c, b);
    const u64 moe = c.isMoe() ? moeBlocks(c, b) : 0;
    const u64 dense = mlpBlocks(c, b, c.effectiveDff());
    const u64 moeLayers = c.moeLayers();
    u64 n = mul(c.attentionLayers() - c.shared.layers, attention);
    n = add(n, mul(moeLayers, moe));
    n = add(n, mul(c.mlpLayers() - moeLayers, dense));
    // Each MTP layer: attention and the MoE block (or a dense MLP without experts).
    return add(n, mul(c.mtp_layers, add(attention, moeLayers > 0 ? moe : dense)));
}

} // namespace llmsizer
