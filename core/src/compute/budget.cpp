// The sizing chapter's compute-budget search with exact parameter counts, ranked by the chapter's
// own quality and efficiency formulas or by the Chinchilla loss fit (Hoffmann et al. 2022 eq. 10).
#include "llmsizer/compute/budget.h"

#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

#include <algorithm>
#include <cmath>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

u64 mul(u64 a, u64 b)
{
    return checkedMul(a, b, "the sizing chapter parameter estimate");
}
u64 add(u64 a, u64 b)
{
    return checkedAdd(a, b, "the sizing chapter parameter estimate");
}

// round(v · num / den) for a width scaled with d_model; at least 1.
u64 scaled(u64 v, u64 num, u64 den)
{
    const double r =
        std::round(static_cast<double>(v) * static_cast<double>(num) / static_cast<double>(den));
    return std::max<u64>(1, static_cast<u64>(r));
}

// The largest divisor of n that is at most cap (≥ 1).
u64 largestDivisorAtMost(u64 n, u64 cap)
{
    for (u64 k = std::min(n, cap); k > 1; --k) {
        if (n % k == 0) {
            return k;
        }
    }
    return 1;
}

bool better(const BudgetCandidate& a, const BudgetCandidate& b, BudgetRanking r)
{
    switch (r) {
    case BudgetRanking::ChapterEfficiency:
        return a.efficiency > b.efficiency;
    case BudgetRanking::ChapterQuality:
        return a.quality > b.quality;
    case BudgetRanking::LossAtTokens:
        return a.loss_at_tokens < b.loss_at_tokens;
    case BudgetRanking::LossAtFullBudget:
        return a.loss_at_full_budget < b.loss_at_full_budget;
    }
    return false;
}

} // namespace

std::uint64_t chapterEstimateParams(std::uint64_t d_model, std::uint64_t n_layers,
                                    std::uint64_t vocab_size, std::uint64_t n_kv_heads,
                                    std::uint64_t n_heads)
{
    // The sizing chapter, estimate_model_size: head_dim = d_model // n_heads; kv_heads = n_kv_heads
    // or n_heads; attention (Q + K + V + O) · n_layers; d_ff = 4·d_model; FFN (d·d_ff + d_ff·d) ·
    // n_layers; layer norms 2·d·n_layers + 2·d; embedding V·d.
    const u64 d = d_model;
    const u64 heads = n_heads == 0 ? 1 : n_heads;
    const u64 hd = d / heads;
    const u64 kv = n_kv_heads != 0 ? n_kv_heads : heads;
    const u64 attnLayer =
        add(add(mul(mul(heads, d), hd), mul(mul(2, kv), mul(d, hd))), mul(mul(heads, hd), d));
    const u64 dff = mul(4, d);
    const u64 ffnLayer = add(mul(d, dff), mul(dff, d));
    u64 total = mul(vocab_size, d);
    total = add(total, mul(attnLayer, n_layers));
    total = add(total, mul(ffnLayer, n_layers));
    total = add(total, add(mul(mul(2, d), n_layers), mul(2, d)));
    return total;
}

ModelConfig chapterFamily()
{
    ModelConfig c;
    c.vocab_size = 32000;
    c.mlp = MlpKind::Plain; // d_ff = 4·d_model
    c.d_ff = 0;
    c.norm = NormKind::LayerNorm;
    c.biases = {};
    c.tied_head = true;
    c.position = PositionKind::None;
    return c;
}

ModelConfig familyMember(const ModelConfig& base, std::uint64_t d_model, std::uint64_t n_layers,
                         std::uint64_t head_dim)
{
    if (head_dim == 0 || d_model % head_dim != 0) {
        throw InvalidConfigError({{"d_model", "d_model " + std::to_string(d_model) +
                                                  " is not a multiple of the head dimension " +
                                                  std::to_string(head_dim)}});
    }
    ModelConfig c = base;
    c.d_model = d_model;
    c.n_layers = n_layers;
    c.n_heads = d_model / head_dim;
    c.head_dim = 0;
    // Keep the base's queries per KV head (GQA group size): 32 heads / 8 KV heads stays 4:1.
    u64 group = 1;
    if (base.n_kv_heads != 0 && base.n_heads % base.n_kv_heads == 0) {
        group = base.n_heads / base.n_kv_heads;
    }
    c.n_kv_heads = largestDivisorAtMost(c.n_heads, std::max<u64>(1, c.n_heads / group));
    if (base.d_ff != 0 && base.d_model != 0) {
        c.d_ff = scaled(base.d_ff, d_model, base.d_model);
    }
    if (base.isMoe() && base.d_model != 0) {
        c.moe.expert_d_ff = scaled(base.moe.expert_d_ff, d_model, base.d_model);
        if (base.moe.shared_d_ff != 0) {
            c.moe.shared_d_ff = scaled(base.moe.shared_d_ff, d_model, base.d_model);
        }
        if (c.moe.first_dense_layers >= n_layers) {
            c.moe.first_dense_layers = 0;
        }
    }
    if (auto issues = validate(c); !issues.empty()) {
        throw InvalidConfigError(std::move(issues));
    }
    return c;
}

std::string_view budgetRankingId(BudgetRanking r)
{
    switch (r) {
    case BudgetRanking::ChapterEfficiency:
        return "efficiency";
    case BudgetRanking::ChapterQuality:
        return "quality";
    case BudgetRanking::LossAtTokens:
        return "loss";
    case BudgetRanking::LossAtFullBudget:
        return "loss-budget";
    }
    return "efficiency";
}

BudgetRanking budgetRankingById(std::string_view id)
{
    for (BudgetRanking r : {BudgetRanking::ChapterEfficiency, BudgetRanking::ChapterQuality,
                            BudgetRanking::LossAtTokens, BudgetRanking::LossAtFullBudget}) {
        if (budgetRankingId(r) == id) {
            return r;
        }
    }
    throw InputError("", "rank",
                     "unknown ranking '" + std::string(id) +
                         "' (known: efficiency, quality, loss, loss-budget)");
}

BudgetSearchResult searchBudget(const BudgetSearchOptions& o)
{
    // The CLI's --budget range: the app's field and the CLI take the same budgets.
    if (!(o.budget_flops >= kMinBudgetFlops && o.budget_flops <= kMaxBudgetFlops)) {
        throw InputError("", "budget", "must be from 1 to 1e+40 FLOPs");
    }
    if (o.tokens < 0.0 || !std::isfinite(o.tokens)) {
        throw InputError("", "tokens", "must not be negative");
    }
    BudgetSearchResult result;
    for (u64 L : o.layers) {
        for (u64 d : o.d_models) {
            ModelConfig c;
            ParamCount count;
            try {
                c = familyMember(o.base, d, L, o.head_dim);
                count = countParameters(c);
            } catch (const InvalidConfigError& e) {
                result.skipped.push_back(std::to_string(L) + " layers × d_model " +
                                         std::to_string(d) + ": " + e.what());
                continue;
            }
            BudgetCandidate k;
            k.n_layers = L;
            k.d_model = d;
            k.n_heads = c.n_heads;
            k.n_kv_heads = c.n_kv_heads;
            k.params = count.total;
            k.active_params = count.active;
            k.chapter_params = chapterEstimateParams(d, L, o.base.vocab_size);
            const double n = static_cast<double>(k.params);
            const double active = static_cast<double>(k.active_params);
            k.tokens = o.tokens > 0.0 ? o.tokens : chinchillaTokens(n, o.tokens_per_param);
            // The sizing chapter: required_compute = 6 · params · target_tokens (Kaplan's 6ND).
            k.required_flops = 6.0 * active * k.tokens;
            k.utilization = k.required_flops / o.budget_flops;
            k.quality = std::pow(n / 1e9, o.quality_exponent);
            k.efficiency = k.quality / k.utilization;
            k.loss_at_tokens = chinchillaLoss(n, k.tokens, o.fit);
            k.affordable_tokens = o.budget_flops / (6.0 * active);
            k.loss_at_full_budget = chinchillaLoss(n, k.affordable_tokens, o.fit);
            if (k.required_flops > o.budget_flops) {
                ++result.over_budget;
                result.over.push_back(k);
                continue;
            }
            result.candidates.push_back(k);
        }
    }
    std::stable_sort(result.candidates.begin(), result.candidates.end(),
                     [&](const BudgetCandidate& a, const BudgetCandidate& b) {
                         return better(a, b, o.ranking);
                     });
    return result;
}

} // namespace llmsizer
