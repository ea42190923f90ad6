// Training activations per Korthikanti et al. 2022, "Reducing Activation Recomputation in Large
// Transformer Models" (arXiv 2205.05198) §4, Table 2, eq. 1-6 (formulas.md §3.2).
//
// The paper's 34·sbh + 5as²b per layer breaks down (16-bit values, 1-byte dropout masks) as:
//   attention 11sbh + 5as²b: QKV input 2sbh, Q and K for QKᵀ 4sbh, softmax output 2as²b,
//     its dropout mask as²b, dropout output 2as²b, V 2sbh, output projection input 2sbh,
//     output dropout mask sbh;
//   MLP 19sbh: first linear input 2sbh, GELU input 8sbh, second linear input 8sbh, mask sbh;
//   two layer norms 4sbh.
// We keep that breakdown but use the model's own widths [derived]: Q/K/V/output widths from
// the heads (GQA shrinks K and V), the MLP's d_ff, and for a gated MLP four stored tensors of
// width d_ff (gate output, SiLU output, up output, their product) instead of two. For GPT-3
// (MHA, plain 4h MLP) this is exactly 34 + 5as/h.
// Tensor parallelism splits everything except the layer-norm inputs, the two block inputs and the
// two output dropout masks (10sbh, eq. 2); sequence parallelism splits those too (eq. 4).
// Selective recompute and FlashAttention drop the as² terms; full recompute keeps only the layer
// input (2sbh). The first pipeline stage holds p micro-batches of L/p layers (1F1B, eq. 5).
#include "llmsizer/memory/training.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"

#include <algorithm>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

u64 mul(u64 a, u64 b)
{
    return checkedMul(a, b, "activation bytes");
}
u64 add(u64 a, u64 b)
{
    return checkedAdd(a, b, "activation bytes");
}
struct LayerWidths {
    u64 qk = 0;  // Q plus K values per token
    u64 v = 0;   // V
    u64 oIn = 0; // output projection input
    u64 mlp = 0; // stored MLP intermediates per token, in values
};

LayerWidths widths(const ModelConfig& c, bool paper)
{
    const u64 h = c.d_model;
    LayerWidths w;
    if (paper) {
        return {2 * h, h, h, 8 * h}; // MHA; GELU input and second-linear input, 4h each
    }
    if (c.attention == AttentionKind::Latent) {
        const u64 qk = mul(c.n_heads, c.mla.qk_nope_head_dim + c.mla.qk_rope_head_dim);
        w.qk = 2 * qk;
        w.v = mul(c.n_heads, c.mla.v_head_dim);
        w.oIn = w.v;
    } else {
        const u64 hd = c.effectiveHeadDim();
        w.qk = add(mul(c.n_heads, hd), mul(c.n_kv_heads, hd));
        w.v = mul(c.n_kv_heads, hd);
        w.oIn = mul(c.n_heads, hd);
    }
    // MoE: the tokens routed to each expert together hold experts_per_token · expert_d_ff per
    // token, plus the shared experts.
    u64 ff = c.moeLayers() < c.n_layers ? c.effectiveDff() : 0;
    if (c.isMoe()) {
        const u64 sff = c.moe.shared_d_ff != 0 ? c.moe.shared_d_ff : c.moe.expert_d_ff;
        ff = std::max(ff, add(mul(c.moe.experts_per_token, c.moe.expert_d_ff),
                              mul(c.moe.n_shared_experts, sff)));
    }
    w.mlp = mul(c.mlp == MlpKind::Gated ? 4 : 2, ff);
    return w;
}

} // namespace

std::string_view recomputeId(Recompute r)
{
    switch (r) {
    case Recompute::None:
        return "none";
    case Recompute::Selective:
        return "selective";
    case Recompute::Full:
        return "full";
    }
    return "none";
}

ActivationMemory trainingActivations(const ModelConfig& c, const ActivationParams& p)
{
    requireValid(c);
    const u64 t = std::max<u64>(p.tensor_parallel, 1);
    const u64 pp = std::max<u64>(p.pipeline_parallel, 1);
    const u64 B = p.bytes_per_value;
    const u64 sb = mul(p.seq, p.micro_batch);
    const u64 sbh = mul(sb, c.d_model);
    const u64 mask = p.dropout ? 1 : 0;

    ActivationMemory r;
    if (p.recompute == Recompute::Full) {
        // Only the layer input is kept (2sbh; split by t under sequence parallelism).
        const u64 in = mul(B, sbh);
        r.per_layer = p.sequence_parallel ? ceilDiv(in, t) : in;
    } else {
        const LayerWidths w = widths(c, p.paper_constants);
        // Not split by plain TP: 2 LN inputs, attention and MLP inputs, 2 output dropout masks.
        const u64 unsplit = add(mul(4 * B, sbh), mul(2 * mask, sbh));
        // Split by TP: Q, K, V, output projection input, MLP intermediates, attention scores.
        u64 split = mul(mul(B, sb), add(add(w.qk, w.v), add(w.oIn, w.mlp)));
        const bool scores = p.recompute == Recompute::None && !p.flash_attention;
        if (scores) {
            // Softmax output (B bytes) + dropout mask (1) + dropout output (B) per score; without
            // dropout only the softmax output. a·s²·b scores.
            const u64 perScore = p.dropout ? 2 * B + 1 : B;
            const u64 as2b = mul(mul(c.n_heads, mul(p.seq, p.seq)), p.micro_batch);
            split = add(split, mul(perScore, as2b));
        }
        const u64 numerator =
            p.sequence_parallel ? add(unsplit, split) : add(mul(unsplit, t), split);
        r.per_layer = ceilDiv(numerator, t);
    }

    r.layers_held = mul(ceilDiv(c.n_layers, pp), pp);
    r.layers_bytes = mul(r.per_layer, r.layers_held);
    if (p.include_embedding_and_logits) {
        // eq. 5's extra terms: sbhL/t · (p/L + δ(p=1)·4/L·(1 + V/h)), i.e. the embedding dropout
        // mask of p micro-batches, and with p = 1 the final LN and output-layer inputs (4sbh)
        // plus fp32 logits (4sbV).
        u64 extra = mask * ceilDiv(mul(sbh, pp), t);
        if (pp == 1) {
            extra = add(extra, ceilDiv(mul(4, mul(sb, add(c.d_model, c.vocab_size))), t));
        }
        r.extra_bytes = extra;
    }
    r.total = add(r.layers_bytes, r.extra_bytes);
    return r;
}

} // namespace llmsizer
