#pragma once

#include "llmsizer/compute/budget.h"

#include <string>
#include <vector>

// The compute budget's chart (the sizing chapter's 1e24-FLOP exercise, drawn): Chinchilla's loss
// against the parameters when the whole budget is spent on one size, L(N, C / 6N) (Hoffmann et al.
// 2022, eq. 10), with the size the 20-tokens rule picks (N = sqrt(C / 120): about 91.3B at 1e24),
// the size at which the fit itself is lowest (eq. 4), and the grid's configurations at their own
// tokens, those over the budget apart. The x axis is log10 of the parameters.
namespace llmsizer {

struct BudgetChartPoint {
    double log_params = 0; // log10 of the parameters
    double loss = 0;
    std::string label; // "40 layers × d_model 5,120: 12.7B, L 2.31"; the marks' legend names
};

struct BudgetChartData {
    std::string title;                   // "Chinchilla loss at 1.00e24 FLOP"
    std::string curve_name;              // "Budget spent in full: L(N, C/6N)"
    std::vector<BudgetChartPoint> curve; // log-spaced sizes along the iso-FLOP line
    BudgetChartPoint rule;               // "20 tokens/param: 91.3B"
    BudgetChartPoint optimum;            // "Fit's minimum: 41.0B"
    std::vector<BudgetChartPoint> fits;  // the candidates within the budget, at their tokens
    std::vector<BudgetChartPoint> over;  // the grid points over the budget (drawn greyed)
    std::string fits_name;               // "The grid at its tokens (30)"
    std::string over_name;               // "Over the budget (0)"
    double x_min = 0, x_max = 0;         // log10 of the parameters shown
    double y_min = 0, y_max = 0;         // loss shown (round ends)
    int y_ticks = 5;                     // ticks on round steps
    // The x axis's labelled ticks, from the second power of ten: log10 positions and their labels
    // ("1B", "10B", "100B").
    std::vector<std::pair<double, std::string>> x_ticks;
};

// The chart for a search and the options it ran with (searchBudget).
BudgetChartData budgetChart(const BudgetSearchResult& result, const BudgetSearchOptions& options);

} // namespace llmsizer
