#pragma once

#include "llmsizer/compute/budget.h"
#include "llmsizer/model/model.h"
#include "llmsizer/present/budget_chart.h"
#include "llmsizer/present/explore_tables.h"

#include <string>

// The Compute budget view's evaluation: its fields as typed in, every configuration of the grid
// that fits the budget (searchBudget), ranked, with the summary line and the chart out.
// BudgetModel (ui/state) holds one BudgetQuestion and its snapshot.
namespace llmsizer {

// The sizing chapter's grid as the fields show it ("8, 12, 16, 24, 32, 40").
std::string defaultBudgetLayers();
std::string defaultBudgetWidths();

struct BudgetQuestion {
    std::string budget = "1e24"; // FLOPs, as typed ("1e24", "3.5e23")
    std::string tokens;          // training tokens per candidate; "" or "0": 20 per parameter
    std::string layers = defaultBudgetLayers();   // "8, 12, 16, 24, 32, 40"
    std::string d_models = defaultBudgetWidths(); // "2048, 2560, 3072, 4096, 5120"
    std::string ranking = "quality"; // budgetRankingId: quality, efficiency, loss, loss-budget
    // The family: the sizing chapter's (MHA, 4·d MLP, vocab 32,000), or `current`'s.
    bool current_family = false;
    ModelConfig current;

    bool operator==(const BudgetQuestion&) const = default;
};

struct BudgetSnapshot {
    bool ok = false;
    std::string error; // the field that could not be read, or the search's message
    BudgetSearchOptions options;
    BudgetSearchResult result;
    std::string summary; // "30 configurations fit in 1.00e24 FLOP; …"
    BudgetChartData chart;
    BudgetColumn ranked = BudgetColumn::Quality; // the column of the ranking
};

// The column that shows a ranking's key (quality, efficiency, loss, loss-budget).
BudgetColumn budgetRankedColumn(const std::string& ranking);

// Reads the fields and searches; a field that cannot be read (InputError) or a search that fails
// gives ok = false and the message, never an exception.
BudgetSnapshot evaluate(const BudgetQuestion& question);

} // namespace llmsizer
