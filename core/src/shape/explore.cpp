// Family shapes, the iso-parameter solver and the scaling ratios. The family rule and the search
// are described in explore.h; docs/teaching.md shows them in class. The largest-model-that-fits
// search is in explore_fit.cpp.
#include "llmsizer/shape/explore.h"

#include "llmsizer/compute/compute.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/figures.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"
#include "shape/shape_internal.h"

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <stdexcept>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

CountRatio ratio(u64 num, u64 den)
{
    return {num, den};
}

IsoSolution makeSolution(ModelConfig config, u64 total, u64 target)
{
    IsoSolution s;
    s.config = std::move(config);
    s.total = total;
    s.target = target;
    s.above = total > target;
    s.abs_error = s.above ? total - target : target - total;
    return s;
}

// Keeps the closer of two candidates; ties go to the smaller total.
bool closer(u64 total, u64 target, const IsoSolution& best, bool haveBest)
{
    if (!haveBest) {
        return true;
    }
    const u64 err = total > target ? total - target : target - total;
    return err < best.abs_error || (err == best.abs_error && total < best.total);
}

// The largest k ≤ kLimit for which reshape(base, k·step, layers) validates; validity is assumed
// to hold for every smaller k (the limits only bound widths from above).
u64 largestValidK(const ModelConfig& base, u64 layers, const ShapeRules& rules, u64 kLimit)
{
    const u64 step = widthStep(base, rules);
    auto valid = [&](u64 k) {
        return validate(shapedetail::reshapeAtStep(base, k * step, layers, rules, step)).empty();
    };
    requireValid(reshape(base, step, layers, rules)); // k = 1 must work: report why not
    if (valid(kLimit)) {
        return kLimit;
    }
    u64 lo = 1;
    u64 hi = kLimit; // valid(lo), !valid(hi)
    while (hi - lo > 1) {
        const u64 mid = lo + (hi - lo) / 2;
        (valid(mid) ? lo : hi) = mid;
    }
    return lo;
}

} // namespace

double IsoSolution::signedError() const
{
    const auto e = static_cast<double>(abs_error);
    return above ? e : -e;
}

double IsoSolution::relativeError() const
{
    return target == 0 ? 0.0 : signedError() / static_cast<double>(target);
}

namespace {

// solveWidth, with `hint` a guess of the first multiple k whose lower bound reaches the target
// (0: none). The answer does not depend on the hint, only the number of counts does: the bracket
// is found by doubling steps away from the hint, then bisected. Along an iso curve the next
// depth's k is within a few steps of the last one's, so a point costs a handful of counts
// instead of a bisection over every width.
IsoSolution solveWidthFrom(const ModelConfig& base, u64 target, u64 n_layers,
                           const ShapeRules& rules, u64 hint, u64* firstAtOrAbove,
                           ParamCount* bestCount)
{
    const u64 step = widthStep(base, rules);
    const u64 kMax = largestValidK(base, n_layers, rules, maxWidthMultiple(base, rules));

    // The base was validated by widthStep above: each multiple is reshaped at that step.
    auto config = [&](u64 k) {
        return shapedetail::reshapeAtStep(base, k * step, n_layers, rules, step);
    };
    // The real total of each multiple counted, kept: a shape whose rule gives it one KV head (or
    // as many as heads) has its lower (upper) bound below equal to it, counted once for both.
    std::map<u64, u64> exact;
    auto exactTotal = [&](u64 k, const ModelConfig& c) {
        const auto [at, fresh] = exact.try_emplace(k, 0);
        if (fresh) {
            at->second = countParameters(c).total;
        }
        return at->second;
    };
    // Totals with one KV head and with n_kv = n_heads bracket the real total and are both
    // non-decreasing in k (every other term grows with d_model); they bound the scans below.
    std::map<std::pair<u64, bool>, u64> bounds;
    auto totalWithKv = [&](u64 k, bool all) {
        const auto [at, fresh] = bounds.try_emplace({k, all}, 0);
        if (fresh) {
            ModelConfig c = config(k);
            const u64 kv = all ? c.n_heads : 1;
            if (c.n_kv_heads == kv) {
                at->second = exactTotal(k, c);
            } else {
                c.n_kv_heads = kv;
                at->second = countParameters(c).total;
            }
        }
        return at->second;
    };
    auto reaches = [&](u64 k) { return k > kMax || totalWithKv(k, false) >= target; };

    // lo = the first k in [1, kMax + 1] whose lower bound reaches the target (kMax + 1: none).
    // Invariant of the bisection: !reaches(a - 1) (or a = 1) and reaches(b).
    u64 a = 1;
    u64 b = kMax + 1;
    if (hint >= 1 && hint <= kMax) {
        if (reaches(hint)) {
            b = hint;
            for (u64 jump = 1; b > 1;) {
                const u64 below = b > jump ? b - jump : 1;
                if (!reaches(below)) {
                    a = below + 1;
                    break;
                }
                b = below;
                jump *= 2;
            }
        } else {
            a = hint + 1;
            for (u64 jump = 1; a <= kMax;) {
                const u64 above = std::min(kMax + 1, a + jump);
                if (reaches(above)) {
                    b = above;
                    break;
                }
                a = above + 1;
                jump *= 2;
            }
            b = std::max(a, b);
        }
    }
    while (a < b) {
        const u64 mid = a + (b - a) / 2;
        if (reaches(mid)) {
            b = mid;
        } else {
            a = mid + 1;
        }
    }
    const u64 lo = a;
    if (firstAtOrAbove != nullptr) {
        *firstAtOrAbove = lo;
    }

    IsoSolution best;
    bool haveBest = false;
    auto consider = [&](u64 k) {
        if (const auto known = exact.find(k);
            known != exact.end() && !closer(known->second, target, best, haveBest)) {
            return; // counted as a bound already, and not closer
        }
        ModelConfig c = config(k);
        ParamCount count = countParameters(c);
        exact.try_emplace(k, count.total);
        if (closer(count.total, target, best, haveBest)) {
            best = makeSolution(std::move(c), count.total, target);
            haveBest = true;
            if (bestCount != nullptr) {
                *bestCount = std::move(count);
            }
        }
    };
    // Upwards: every total is at least its lower bound, which only grows.
    for (u64 k = lo; k <= kMax; ++k) {
        if (haveBest && totalWithKv(k, false) - target > best.abs_error) {
            break;
        }
        consider(k);
    }
    // Downwards: every total is at most its upper bound, which only shrinks.
    for (u64 k = std::min(lo, kMax + 1) - 1; k >= 1; --k) {
        const u64 upper = totalWithKv(k, true);
        if (haveBest && upper < target && target - upper > best.abs_error) {
            break;
        }
        consider(k);
    }
    return best;
}

} // namespace

IsoSolution solveWidth(const ModelConfig& base, std::uint64_t target, std::uint64_t n_layers,
                       const ShapeRules& rules)
{
    return solveWidthFrom(base, target, n_layers, rules, 0, nullptr, nullptr);
}

IsoSolution solveDepth(const ModelConfig& base, std::uint64_t target, std::uint64_t d_model,
                       const ShapeRules& rules)
{
    // The total grows with every layer added (a dense, MoE, attention or mixer layer each adds
    // parameters), though not by the same amount when MoE layers interleave or a hybrid keeps
    // its share of mixer layers: a binary search for the first depth at or above the target,
    // then the closer of it and the depth below.
    const u64 l0 = base.isMoe() ? base.moe.first_dense_layers + base.moe.every : 1;
    if (l0 >= Limits::maxLayers) {
        throw std::invalid_argument("first_dense_layers leaves no room for more layers");
    }
    auto config = [&](u64 layers) { return reshape(base, d_model, layers, rules); };
    u64 a = l0;
    u64 b = Limits::maxLayers;
    while (a < b) {
        const u64 mid = a + (b - a) / 2;
        bool atOrAbove = true; // a total past 64 bits is above any target
        try {
            atOrAbove = countParameters(config(mid)).total >= target;
        } catch (const OverflowError&) {
        }
        if (atOrAbove) {
            b = mid;
        } else {
            a = mid + 1;
        }
    }
    IsoSolution best;
    bool haveBest = false;
    for (u64 layers : {a > l0 ? a - 1 : a, a}) {
        ModelConfig c = config(layers);
        const u64 total = countParameters(c).total;
        if (closer(total, target, best, haveBest)) {
            best = makeSolution(std::move(c), total, target);
            haveBest = true;
        }
    }
    return best;
}

std::uint64_t korthikantiActivationBytes(const ModelConfig& c, std::uint64_t seq,
                                         std::uint64_t microBatch)
{
    // Korthikanti et al. 2022 (arXiv 2205.05198) eq. 1, bytes per layer with 16-bit activations:
    // s·b·h·(34 + 5·a·s/h) = 34·s·b·h + 5·a·s²·b.
    const char* what = "activation bytes";
    const u64 sbh = checkedMul3(seq, microBatch, c.d_model, what);
    const u64 scores =
        checkedMul(checkedMul3(5, c.n_heads, seq, what), checkedMul(seq, microBatch, what), what);
    const u64 perLayer = checkedAdd(checkedMul(34, sbh, what), scores, what);
    return checkedMul(perLayer, c.n_layers, what);
}

ShapeMetrics shapeMetrics(const ModelConfig& config, std::uint64_t context)
{
    return shapeMetrics(config, countParameters(config), context);
}

ShapeMetrics shapeMetrics(const ModelConfig& config, const ParamCount& count, std::uint64_t context)
{
    ShapeMetrics m;
    m.total = count.total;
    m.active = count.active;
    m.context = context == 0 ? config.context_length : context;
    m.flops_per_token = decodeFlopsPerToken(config, count, m.context).total();
    m.kv_bytes_per_token = kvCache(config, 1, 1, kvPrecisionById("fp16")).bytes_per_token;
    m.activation_bytes = korthikantiActivationBytes(config, m.context);
    m.aspect_ratio = static_cast<double>(config.d_model) / static_cast<double>(config.n_layers);
    m.embedding_params = count.params(Component::Embedding) +
                         count.params(Component::PositionEmbedding) +
                         count.params(Component::LmHead);
    m.embedding_share = static_cast<double>(m.embedding_params) / static_cast<double>(m.total);
    return m;
}

std::vector<IsoPoint> isoCurve(const ModelConfig& base, std::uint64_t target,
                               std::uint64_t layersFrom, std::uint64_t layersTo, std::uint64_t step,
                               const ShapeRules& rules, std::uint64_t context)
{
    if (layersFrom == 0 || layersFrom > layersTo || step == 0) {
        throw std::invalid_argument("the layer range must be 1 ≤ from ≤ to with a positive step");
    }
    std::vector<IsoPoint> out;
    u64 hint = 0; // the last point's first multiple at or above the target
    for (u64 layers = layersFrom; layers <= layersTo; layers += step) {
        IsoPoint p;
        ParamCount count;
        p.solution = solveWidthFrom(base, target, layers, rules, hint, &hint, &count);
        p.metrics =
            shapeMetrics(p.solution.config, count, context == 0 ? base.context_length : context);
        out.push_back(std::move(p));
        if (layersTo - layers < step) {
            break;
        }
    }
    return out;
}

double CountRatio::value() const
{
    return den == 0 ? 0.0 : static_cast<double>(num) / static_cast<double>(den);
}

std::uint64_t BlockParams::total() const
{
    const char* what = "block parameters";
    return checkedAdd(checkedAdd(attention, mlp, what), checkedAdd(router, norms, what), what);
}

BlockParams blockParams(const ParamCount& count)
{
    BlockParams b;
    b.attention = count.params(Component::Attention);
    b.mlp = count.params(Component::Mlp);
    b.router = count.params(Component::Router);
    b.norms = count.get(Component::Norms).part("block");
    return b;
}

ScalingRatios scalingRatios(const ModelConfig& base, const ShapeRules& rules)
{
    const ParamCount baseCount = countParameters(base);
    ScalingRatios r;
    r.base_blocks = blockParams(baseCount);
    r.base_total = baseCount.total;
    auto step = [&](ModelConfig c) {
        const ParamCount count = countParameters(c);
        ScalingStep s;
        s.config = std::move(c);
        s.blocks = blockParams(count);
        s.total = count.total;
        s.block_ratio = ratio(s.blocks.total(), r.base_blocks.total());
        s.total_ratio = ratio(s.total, r.base_total);
        s.attention_ratio = ratio(s.blocks.attention, r.base_blocks.attention);
        s.mlp_ratio = ratio(s.blocks.mlp, r.base_blocks.mlp);
        s.norms_ratio = ratio(s.blocks.norms, r.base_blocks.norms);
        return s;
    };
    r.deeper = step(reshape(base, base.d_model, checkedMul(2, base.n_layers, "n_layers"), rules));
    r.wider = step(reshape(base, checkedMul(2, base.d_model, "d_model"), base.n_layers, rules));
    r.summary = "×2 layers → " + ratioText(r.deeper.block_ratio.value()) + " blocks, " +
                ratioText(r.deeper.total_ratio.value()) + " total; ×2 width → " +
                ratioText(r.wider.block_ratio.value()) + " blocks, " +
                ratioText(r.wider.total_ratio.value()) + " total with embeddings";
    return r;
}

} // namespace llmsizer
