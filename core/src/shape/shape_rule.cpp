// The family shape rule: how a model widens (explore.h, "The family shape rule"). One rule for
// every view that changes d_model: the Overview's d_model slider, Depth × width, Largest that fits
// and the scaling ratios; widthRuleText() is the sentence each of them shows.
#include "llmsizer/shape/explore.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/format.h"
#include "shape/shape_internal.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

// round(value · num / den) to the nearest multiple of m, ties up; at least m.
u64 scaleRounded(u64 value, u64 num, u64 den, u64 m)
{
    const u64 twice = checkedMul(checkedMul(2, value, "scaled width"), num, "scaled width");
    const u64 unit = checkedMul(m, den, "scaled width");
    const u64 q = checkedAdd(twice, unit, "scaled width") / checkedMul(2, unit, "scaled width");
    return q == 0 ? m : q * m;
}

u64 largestDivisorAtMost(u64 n, u64 limit)
{
    for (u64 k = std::min(n, limit); k > 1; --k) {
        if (n % k == 0) {
            return k;
        }
    }
    return 1;
}

u64 queriesPerKvHead(const ModelConfig& base)
{
    return std::max<u64>(base.n_heads / std::max<u64>(base.n_kv_heads, 1), 1);
}

// value · dNew / dBase where dNew is a multiple of dBase / gcd(dBase, value): exact.
u64 scaleExact(u64 value, u64 dNew, u64 dBase)
{
    const u64 g = std::gcd(dBase, value);
    return checkedMul(dNew / (dBase / g), value / g, "scaled width");
}

u64 lcmChecked(u64 a, u64 b)
{
    return checkedMul(a / std::gcd(a, b), b, "width step");
}

// Whether attention's heads scale with the width: a model none of whose layers attends keeps
// its placeholder heads (Mamba).
bool attends(const ModelConfig& base)
{
    return base.attentionLayers() > 0;
}

// The width step the mixer's scaled dimensions need to stay whole: Gated DeltaNet and Mamba-2
// heads grow in proportion to d_model (their head widths kept), Mamba-2 heads stay a multiple of
// the groups, Mamba's d_inner keeps its ratio (expand). ShortConv follows d_model by itself.
u64 mixerStep(const ModelConfig& base)
{
    const MixerLayers& m = base.mixer;
    const u64 d = base.d_model;
    switch (m.kind) {
    case MixerKind::GatedDeltaNet:
        return lcmChecked(d / std::gcd(d, m.key_heads), d / std::gcd(d, m.heads));
    case MixerKind::Mamba:
        return d / std::gcd(d, m.d_inner);
    case MixerKind::Mamba2: {
        const u64 g = std::gcd(d, m.heads);
        const u64 headsPerStep = m.heads / g;
        return checkedMul(d / g, m.groups / std::gcd(m.groups, headsPerStep), "width step");
    }
    case MixerKind::ShortConv:
    case MixerKind::None:
        break;
    }
    return 1;
}

// The attention's own step (widthStep before the mixer's).
u64 attentionStep(const ModelConfig& base, const ShapeRules& rules)
{
    if (!attends(base)) {
        // Placeholder heads are kept; d_model / n_heads must stay whole when head_dim is 0.
        return base.head_dim == 0 ? base.n_heads : 1;
    }
    const u64 g = std::gcd(base.d_model, base.n_heads);
    const u64 step = base.d_model / g;
    const u64 headsPerStep = base.n_heads / g;
    const KvScaling kv = resolvedKvScaling(base, rules.kv);
    if (kv == KvScaling::KeepRatio) {
        // n_heads = k · headsPerStep must be a multiple of the group size.
        const u64 group = queriesPerKvHead(base);
        return checkedMul(step, group / std::gcd(group, headsPerStep), "width step");
    }
    if (kv != KvScaling::KeepCountExact) {
        return step;
    }
    // n_heads = k · headsPerStep must be a multiple of n_kv.
    return checkedMul(step, base.n_kv_heads / std::gcd(base.n_kv_heads, headsPerStep),
                      "width step");
}

// The share of `part` layers out of `total` kept at `layers`, rounded to the nearest layer.
u64 keepShare(u64 part, u64 total, u64 layers)
{
    const u64 twice = checkedMul(2, checkedMul(part, layers, "mixer layers"), "mixer layers");
    return std::min<u64>(layers, (twice + total) / (2 * total));
}

// The mixer's dimensions and layers at c's width and depth (reshape). Dimensions that follow
// d_model in the original architecture scale with it: Mamba's d_inner (expand·d) and its Δ rank
// when it is the ceil(d / 16) rule, Mamba-2 and Gated DeltaNet heads (their widths, the state
// and the convolution kept); ShortConv reads d_model itself. Layers: a mixer in every layer stays
// in every layer, otherwise the share of mixer layers is kept; likewise the layers calling a
// shared block (at least one).
void reshapeMixer(const ModelConfig& base, ModelConfig& c)
{
    const MixerLayers& b = base.mixer;
    MixerLayers& m = c.mixer;
    const u64 d = c.d_model;
    switch (b.kind) {
    case MixerKind::GatedDeltaNet:
        m.key_heads = scaleExact(b.key_heads, d, base.d_model);
        m.heads = scaleExact(b.heads, d, base.d_model);
        break;
    case MixerKind::Mamba:
        m.d_inner = scaleExact(b.d_inner, d, base.d_model);
        if (b.dt_rank != 0) {
            m.dt_rank = b.dt_rank == (base.d_model + 15) / 16
                            ? (d + 15) / 16
                            : std::max<u64>(scaleRounded(b.dt_rank, d, base.d_model, 1), 1);
        }
        break;
    case MixerKind::Mamba2:
        m.heads = scaleExact(b.heads, d, base.d_model);
        break;
    case MixerKind::ShortConv:
    case MixerKind::None:
        break;
    }
    if (c.n_layers != base.n_layers && b.layers > 0) {
        m.layers =
            b.layers == base.n_layers ? c.n_layers : keepShare(b.layers, base.n_layers, c.n_layers);
        if (m.layers == 0) {
            m = MixerLayers{};
        }
    }
    if (c.n_layers != base.n_layers && base.shared.blocks > 0) {
        c.shared.layers =
            std::max<u64>(keepShare(base.shared.layers, base.n_layers, c.n_layers), 1);
    }
    if (c.n_layers != base.n_layers && base.kv_shared_layers > 0) {
        // Gemma 3n: the share of layers that reuse an earlier layer's KV cache is kept.
        c.kv_shared_layers =
            std::min(keepShare(base.kv_shared_layers, base.n_layers, c.n_layers), c.n_layers - 1);
    }
    if (c.n_layers != base.n_layers && base.single.any()) {
        // Nemotron-H: the shares of attention-only and mixer layers are kept, the rest are the
        // MLP (or expert) layers.
        c.single.attention_only = keepShare(base.single.attention_only, base.n_layers, c.n_layers);
        m.layers = std::min(m.layers, c.n_layers - c.single.attention_only);
        c.single.mlp_only = c.n_layers - c.single.attention_only - m.layers;
        if (!c.single.any()) {
            c.single.mlp_only = c.n_layers - m.layers; // keep the layout meaningful
        }
    }
}

// "3.50": value / den with two decimals, rounded half up, without the C library's locale.
std::string twoDecimals(u64 value, u64 den)
{
    if (den == 0) {
        return "0.00";
    }
    const u64 hundredths = checkedAdd(checkedMul(value, 200, "ratio"), den, "ratio") / (2 * den);
    const u64 whole = hundredths / 100;
    const u64 frac = hundredths % 100;
    return std::to_string(whole) + "." + (frac < 10 ? "0" : "") + std::to_string(frac);
}

} // namespace

KvScaling resolvedKvScaling(const ModelConfig& base, KvScaling kv)
{
    if (kv != KvScaling::Auto) {
        return kv;
    }
    if (base.n_kv_heads == base.n_heads) {
        return KvScaling::MatchHeads;
    }
    return base.n_kv_heads <= 1 ? KvScaling::KeepCountExact : KvScaling::KeepRatio;
}

std::uint64_t widthStep(const ModelConfig& base, const ShapeRules& rules)
{
    requireValid(base);
    return lcmChecked(attentionStep(base, rules), mixerStep(base));
}

std::uint64_t maxWidthMultiple(const ModelConfig& base, const ShapeRules& rules)
{
    const u64 step = widthStep(base, rules);
    const u64 d = base.d_model;
    u64 limit = Limits::maxDModel / step;
    // Each count that grows with d_model grows by count · step / d_model per step (a whole
    // number: the step is a multiple of d_model / gcd(d_model, count)).
    const auto bound = [&](u64 count, u64 max) {
        if (count > 0) {
            limit = std::min(limit, max / std::max<u64>(scaleExact(count, step, d), 1));
        }
    };
    if (attends(base)) {
        bound(base.n_heads, Limits::maxHeads);
    }
    const MixerLayers& m = base.mixer;
    if (m.kind == MixerKind::GatedDeltaNet || m.kind == MixerKind::Mamba2) {
        bound(m.heads, Limits::maxHeads);
        bound(m.key_heads, Limits::maxHeads);
    } else if (m.kind == MixerKind::Mamba) {
        bound(m.d_inner, Limits::maxDff);
    }
    return limit;
}

ModelConfig reshape(const ModelConfig& base, std::uint64_t d_model, std::uint64_t n_layers,
                    const ShapeRules& rules)
{
    return shapedetail::reshapeAtStep(base, d_model, n_layers, rules, widthStep(base, rules));
}

ModelConfig shapedetail::reshapeAtStep(const ModelConfig& base, std::uint64_t d_model,
                                       std::uint64_t n_layers, const ShapeRules& rules,
                                       std::uint64_t step)
{
    if (n_layers == 0) {
        throw std::invalid_argument("n_layers must be positive");
    }
    if (d_model == 0 || d_model % step != 0) {
        throw std::invalid_argument("d_model " + withThousands(d_model) +
                                    " is not a positive multiple of the family's width step " +
                                    withThousands(step));
    }
    ModelConfig c = base;
    c.d_model = d_model;
    c.n_layers = n_layers;
    if (attends(base)) {
        c.n_heads = scaleExact(base.n_heads, d_model, base.d_model);
        // KeepCountExact widths make n_heads a multiple of the base's KV heads, so the largest
        // divisor is that count itself.
        const KvScaling kv = resolvedKvScaling(base, rules.kv);
        if (kv == KvScaling::KeepRatio) {
            c.n_kv_heads = c.n_heads / queriesPerKvHead(base);
        } else {
            c.n_kv_heads = kv == KvScaling::MatchHeads
                               ? c.n_heads
                               : largestDivisorAtMost(c.n_heads, base.n_kv_heads);
        }
    }

    DffScaling dff = rules.dff;
    if (dff == DffScaling::Auto) {
        dff = base.d_ff == 0 ? DffScaling::ModelRule : DffScaling::Ratio;
    }
    const u64 m = std::max<u64>(rules.dff_multiple, 1);
    c.d_ff = dff == DffScaling::ModelRule
                 ? 0
                 : scaleRounded(base.effectiveDff(), d_model, base.d_model, m);
    // Experts have no rule of their own: their widths always keep the base's ratio.
    if (base.moe.expert_d_ff != 0) {
        c.moe.expert_d_ff = scaleRounded(base.moe.expert_d_ff, d_model, base.d_model, m);
    }
    if (base.moe.shared_d_ff != 0) {
        c.moe.shared_d_ff = scaleRounded(base.moe.shared_d_ff, d_model, base.d_model, m);
    }
    reshapeMixer(base, c);
    return c;
}

std::string widthRuleText(const ModelConfig& base, const ShapeRules& rules)
{
    const u64 step = widthStep(base, rules);
    std::string text = "Widening: d_model in steps of " + withThousands(step) + ", ";
    if (!attends(base)) {
        text += "no attention";
    } else if (base.attention == AttentionKind::Latent) {
        text += "heads grow with it (latent ranks kept)";
    } else {
        text += "head dim " + withThousands(base.effectiveHeadDim()) + " kept";
        switch (resolvedKvScaling(base, rules.kv)) {
        case KvScaling::MatchHeads:
            text += ", one KV head per head (MHA)";
            break;
        case KvScaling::KeepRatio:
            text += ", " + withThousands(queriesPerKvHead(base)) + " query heads per KV head";
            break;
        case KvScaling::KeepCountExact:
            text += base.n_kv_heads <= 1
                        ? std::string(", one KV head (MQA)")
                        : ", exactly " + withThousands(base.n_kv_heads) + " KV heads";
            break;
        case KvScaling::KeepCount:
        case KvScaling::Auto:
            text += ", at most " + withThousands(base.n_kv_heads) + " KV heads";
            break;
        }
    }
    const bool modelRule =
        rules.dff == DffScaling::ModelRule || (rules.dff == DffScaling::Auto && base.d_ff == 0);
    if (base.mlpLayers() > 0 || base.shared.blocks > 0) {
        text += modelRule
                    ? "; d_ff by the model's rule"
                    : "; d_ff ×" + twoDecimals(base.effectiveDff(), base.d_model) + " d_model";
    }
    if (base.moe.expert_d_ff != 0) {
        text += ", experts' width in proportion";
    }
    switch (base.mixer.kind) {
    case MixerKind::GatedDeltaNet:
        text += "; Gated DeltaNet heads in proportion, head dims kept";
        break;
    case MixerKind::Mamba:
        text += "; Mamba d_inner ×" + twoDecimals(base.mixer.d_inner, base.d_model) + " d_model";
        break;
    case MixerKind::Mamba2:
        text += "; Mamba-2 heads of " + withThousands(base.mixer.head_dim) + " in proportion";
        break;
    case MixerKind::ShortConv:
    case MixerKind::None:
        break;
    }
    return text + ".";
}

} // namespace llmsizer
