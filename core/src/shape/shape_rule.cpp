// The family shape rule: how a model widens (explore.h, "The family shape rule"). One rule for
// every view that changes d_model: the Overview's d_model slider, Depth × width, Largest that fits
// and the scaling ratios; widthRuleText() is the sentence each of them shows.
#include "llmsizer/shape/explore.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/format.h"

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

std::uint64_t maxWidthMultiple(const ModelConfig& base, const ShapeRules& rules)
{
    const u64 step = widthStep(base, rules);
    const u64 headsPerStep = step / (base.d_model / std::gcd(base.d_model, base.n_heads)) *
                             (base.n_heads / std::gcd(base.d_model, base.n_heads));
    // step is a multiple of the base's own step, so headsPerStep >= 1 for a valid base.
    return std::min(Limits::maxDModel / step, Limits::maxHeads / std::max<u64>(headsPerStep, 1));
}

ModelConfig reshape(const ModelConfig& base, std::uint64_t d_model, std::uint64_t n_layers,
                    const ShapeRules& rules)
{
    const u64 step = widthStep(base, rules);
    if (n_layers == 0) {
        throw std::invalid_argument("n_layers must be positive");
    }
    if (d_model == 0 || d_model % step != 0) {
        throw std::invalid_argument("d_model " + withThousands(d_model) +
                                    " is not a positive multiple of the family's width step " +
                                    withThousands(step));
    }
    const u64 g = std::gcd(base.d_model, base.n_heads);
    ModelConfig c = base;
    c.d_model = d_model;
    c.n_layers = n_layers;
    c.n_heads = checkedMul(d_model / (base.d_model / g), base.n_heads / g, "n_heads");

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
    // Hybrid models keep their share of mixer layers (rounded to the nearest layer); the parts
    // are sums over identical layers, so each scales with the layer count exactly.
    if (base.mixer.layers > 0 && n_layers != base.n_layers) {
        const u64 layers = std::min<u64>(
            n_layers, (checkedMul(2, checkedMul(base.mixer.layers, n_layers, "mixer layers"),
                                  "mixer layers") +
                       base.n_layers) /
                          (2 * base.n_layers));
        for (Part& part : c.mixer.parts) {
            part.params = checkedMul(part.params / base.mixer.layers, layers, "mixer parts");
        }
        c.mixer.layers = layers;
        if (layers == 0) {
            c.mixer = MixerLayers{};
        }
    }
    return c;
}

std::string widthRuleText(const ModelConfig& base, const ShapeRules& rules)
{
    const u64 step = widthStep(base, rules);
    std::string text = "Widening: d_model in steps of " + withThousands(step) + ", ";
    if (base.attention == AttentionKind::Latent) {
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
    text += modelRule ? "; d_ff by the model's rule"
                      : "; d_ff ×" + twoDecimals(base.effectiveDff(), base.d_model) + " d_model";
    if (base.moe.expert_d_ff != 0) {
        text += ", experts' width in proportion";
    }
    return text + ".";
}

} // namespace llmsizer
