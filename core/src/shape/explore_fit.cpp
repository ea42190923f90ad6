// The reverse question of the classic sizing exercise: the largest model of a family that fits a
// memory budget. Bytes come from the memory model: weights ceil(N·bits/8) (precision.h bytesFor,
// formulas.md §1) and the KV cache 2·L·n_kv·d_head·ctx·batch·bytes (memory.h kvCache,
// formulas.md §2).
#include "llmsizer/memory/memory.h"
#include "llmsizer/shape/explore.h"
#include "llmsizer/shape/fit.h"
#include "llmsizer/text/checked.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

u64 layersOnPath(const ModelConfig& base, const FitPath& path, u64 d_model)
{
    u64 layers = base.n_layers;
    if (!path.keep_layers) {
        const bool own = path.aspect_d_model == 0 || path.aspect_layers == 0;
        const u64 ad = own ? base.d_model : path.aspect_d_model;
        const u64 al = own ? base.n_layers : path.aspect_layers;
        // round(d · al / ad), ties up
        const u64 twice = checkedMul(checkedMul(2, d_model, "n_layers"), al, "n_layers");
        layers = checkedAdd(twice, ad, "n_layers") / (2 * ad);
    }
    layers = std::max<u64>(layers, 1);
    if (base.isMoe()) {
        layers = std::max(layers, base.moe.first_dense_layers + 1);
    }
    return std::min(layers, Limits::maxLayers);
}

} // namespace

FitPoint fitPoint(const ModelConfig& config, const FitBudget& budget)
{
    CountCache counts;
    return fitPoint(counts, config, budget);
}

FitPoint fitPoint(CountCache& counts, const ModelConfig& config, const FitBudget& budget)
{
    if (budget.batch == 0) {
        throw std::invalid_argument("batch must be at least 1");
    }
    if (budget.weight_bpw.bits == 0 || budget.weight_bpw.weights == 0) {
        throw std::invalid_argument("bits per weight must be positive");
    }
    FitPoint p;
    p.config = config;
    const ParamCount& count = counts.count(config);
    p.params = count.total;
    if (budget.gpus > 0) {
        // The Overview's and fit's model: inferenceMemory, split as fit would split it.
        InferenceParams params;
        params.weights = precisionById(budget.weight_precision);
        params.kv = kvPrecisionById(budget.kv_precision);
        params.context = budget.context;
        params.batch = budget.batch;
        params.overhead = overheadProfileById(budget.overhead_profile);
        const InferenceMemory whole = inferenceMemory(config, count, params);
        p.weight_bytes = whole.weights_bytes;
        p.kv_bytes = whole.kv_cache_bytes;
        p.activation_bytes = whole.activation_bytes;
        p.overhead_bytes = checkedAdd(whole.overhead_bytes, budget.overhead_bytes, "overhead");
        if (budget.gpus == 1) { // fitInference's need on one device is this total
            p.total_bytes = checkedAdd(whole.total_bytes, budget.overhead_bytes, "memory total");
            return p;
        }
        FitOptions options;
        options.find_needed = false;
        const FitCheck check =
            fitInference(counts, config, params, budget.gpu, budget.gpus, options);
        p.total_bytes = checkedAdd(check.required_bytes, budget.overhead_bytes, "memory total");
        p.tensor_parallel = check.split.tensor_parallel;
        p.pipeline_parallel = check.split.pipeline_parallel;
        return p;
    }
    p.weight_bytes = bytesFor(p.params, budget.weight_bpw);
    p.kv_bytes = budget.context == 0 ? 0
                                     : kvCache(config, budget.context, budget.batch,
                                               kvPrecisionById(budget.kv_precision))
                                           .bytes;
    const char* what = "memory total";
    const u64 need =
        checkedAdd(checkedAdd(p.weight_bytes, p.kv_bytes, what), budget.overhead_bytes, what);
    p.overhead_bytes = checkedAdd(
        budget.overhead_bytes,
        overheadBytes(overheadProfileById(budget.overhead_profile), p.weight_bytes, need), what);
    p.total_bytes =
        checkedAdd(checkedAdd(p.weight_bytes, p.kv_bytes, what), p.overhead_bytes, what);
    return p;
}

FitResult largestThatFits(const ModelConfig& base, const FitBudget& budget, const FitPath& path,
                          const ShapeRules& rules)
{
    CountCache counts;
    return largestThatFits(counts, base, budget, path, rules);
}

FitResult largestThatFits(CountCache& counts, const ModelConfig& base, const FitBudget& budget,
                          const FitPath& path, const ShapeRules& rules)
{
    const u64 step = widthStep(base, rules);
    const u64 kMax = maxWidthMultiple(base, rules);

    FitResult r;
    u64 bestK = 0;
    for (u64 k = 1; k <= kMax; ++k) {
        const u64 d = k * step;
        ModelConfig c = reshape(base, d, layersOnPath(base, path, d), rules);
        if (!validate(c).empty()) {
            break; // beyond the limits the validator enforces
        }
        if (budget.gpus > 1) {
            // Per GPU over several devices the layout changes with the head count, so the need
            // is not monotone along the path; half the weights split evenly is below it at every
            // layout and never decreases.
            const u64 weights = bytesFor(counts.count(c).total, budget.weight_bpw);
            if (weights / budget.gpus / 2 > budget.budget_bytes) {
                break;
            }
        } else if (budget.gpus == 0 || rules.kv == KvScaling::KeepCount) {
            // A lower bound that never decreases along the path: one KV head (d_model, n_layers,
            // n_heads and d_ff only grow). Once it is over the budget, so is every later point.
            ModelConfig lower = c;
            lower.n_kv_heads = 1;
            if (fitPoint(counts, lower, budget).total_bytes > budget.budget_bytes) {
                break;
            }
        }
        FitPoint p = fitPoint(counts, c, budget);
        // On one device the need only grows along the path (every width, the layers, the heads
        // and, under every rule but KeepCount, the KV heads grow): the first miss is the next step.
        if (budget.gpus == 1 && rules.kv != KvScaling::KeepCount &&
            p.total_bytes > budget.budget_bytes) {
            break;
        }
        if (p.total_bytes <= budget.budget_bytes && (!r.found || p.params > r.best.params)) {
            r.found = true;
            r.best = std::move(p);
            bestK = k;
        }
    }
    if (!r.found) {
        return r;
    }
    r.headroom_bytes = budget.budget_bytes - r.best.total_bytes;
    for (u64 k = bestK + 1; k <= kMax; ++k) {
        const u64 d = k * step;
        ModelConfig c = reshape(base, d, layersOnPath(base, path, d), rules);
        if (!validate(c).empty()) {
            break;
        }
        FitPoint p = fitPoint(counts, c, budget);
        if (p.total_bytes > budget.budget_bytes) {
            r.has_next = true;
            r.next = std::move(p);
            break;
        }
    }
    return r;
}

} // namespace llmsizer
