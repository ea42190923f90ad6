// The compute budget's chart: the iso-FLOP line of Chinchilla's parametric fit (Hoffmann et al.
// 2022, eq. 10: L(N, D) = E + A/N^α + B/D^β with D = C / 6N), its minimum (eq. 4), the 20-tokens
// rule's size (N = sqrt(C / 6·20)) and the grid's candidates (budget.h).
#include "llmsizer/present/budget_chart.h"

#include "llmsizer/present/explore_tables.h"
#include "llmsizer/present/explore_view.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <algorithm>
#include <cmath>

namespace llmsizer {

namespace {

constexpr int kCurvePoints = 81;

std::string sizeText(double params)
{
    return shortCount(static_cast<std::uint64_t>(std::llround(params)));
}

BudgetChartPoint candidatePoint(const BudgetCandidate& k)
{
    BudgetChartPoint p;
    const double n = static_cast<double>(k.params);
    p.log_params = std::log10(n);
    p.loss = k.loss_at_tokens;
    p.label = std::to_string(k.n_layers) + " layers × d_model " + withThousands(k.d_model) + ": " +
              sizeText(n) + ", L " + text::fixed(k.loss_at_tokens, 3);
    return p;
}

// "1M", "10M", "100M", "1B", … for the powers of ten in [lo, hi].
std::string powerLabel(int exponent)
{
    static constexpr const char* kUnits[] = {"", "K", "M", "B", "T"};
    const int group = std::clamp(exponent / 3, 0, 4);
    std::string digits = "1";
    digits.append(static_cast<std::size_t>(exponent - 3 * group), '0');
    if (exponent > 14) {
        return "1e" + std::to_string(exponent);
    }
    return digits + kUnits[group];
}

} // namespace

BudgetChartData budgetChart(const BudgetSearchResult& result, const BudgetSearchOptions& options)
{
    BudgetChartData d;
    const double c = options.budget_flops;
    const ComputeOptimal rule = computeOptimalByRule(c, options.tokens_per_param);
    const ComputeOptimal fit = computeOptimalByFit(c, options.fit);
    d.title = "Chinchilla loss at " + scientificText(c) + " FLOP";
    d.curve_name = "Budget spent in full: L(N, C/6N)";
    d.rule = {std::log10(rule.params), chinchillaLoss(rule.params, rule.tokens, options.fit),
              text::fixed(options.tokens_per_param, 0) + " tokens/param: " + sizeText(rule.params)};
    d.optimum = {std::log10(fit.params), chinchillaLoss(fit.params, fit.tokens, options.fit),
                 "Fit's minimum: " + sizeText(fit.params)};
    for (const BudgetCandidate& k : result.candidates) {
        d.fits.push_back(candidatePoint(k));
    }
    for (const BudgetCandidate& k : result.over) {
        d.over.push_back(candidatePoint(k));
    }
    d.fits_name = "The grid at its tokens (" + std::to_string(d.fits.size()) + ")";
    d.over_name = "Over the budget (" + std::to_string(d.over.size()) + ")";

    // The sizes shown: every mark, with a decade's margin on either side.
    double lo = std::min(d.rule.log_params, d.optimum.log_params);
    double hi = std::max(d.rule.log_params, d.optimum.log_params);
    for (const auto* marks : {&d.fits, &d.over}) {
        for (const BudgetChartPoint& p : *marks) {
            lo = std::min(lo, p.log_params);
            hi = std::max(hi, p.log_params);
        }
    }
    d.x_min = std::floor(lo - 0.5);
    d.x_max = std::ceil(hi + 0.5);
    double yLo = d.optimum.loss;
    double yHi = d.optimum.loss;
    for (int i = 0; i < kCurvePoints; ++i) {
        const double x = d.x_min + (d.x_max - d.x_min) * i / (kCurvePoints - 1);
        const double n = std::pow(10.0, x);
        const double loss = chinchillaLoss(n, c / (6.0 * n), options.fit);
        d.curve.push_back({x, loss, {}});
    }
    // The loss axis covers the marks and the line near them, not the line's far ends (at a
    // thousandth of the optimal size the loss is several times the rest).
    for (const auto* marks : {&d.fits, &d.over}) {
        for (const BudgetChartPoint& p : *marks) {
            yLo = std::min(yLo, p.loss);
            yHi = std::max(yHi, p.loss);
        }
    }
    yHi = std::max(yHi, d.rule.loss);
    // Room above the rule's mark and below the minimum's for the two sizes' names.
    const double span = std::max(yHi - yLo, 0.05);
    const AxisRange y = niceRange(yLo - 0.3 * span, yHi + 0.1 * span, false, 6);
    d.y_min = y.min;
    d.y_max = y.max;
    d.y_ticks = y.ticks;
    // No label at the left end: it would meet the loss axis's lowest label in the corner.
    for (int e = static_cast<int>(d.x_min) + 1; e <= static_cast<int>(d.x_max); ++e) {
        d.x_ticks.emplace_back(e, powerLabel(e));
    }
    return d;
}

} // namespace llmsizer
