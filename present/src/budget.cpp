#include "llmsizer/present/budget.h"

#include <exception>

namespace llmsizer {

std::string defaultBudgetLayers()
{
    return countListText(BudgetSearchOptions{}.layers);
}

std::string defaultBudgetWidths()
{
    return countListText(BudgetSearchOptions{}.d_models);
}

BudgetColumn budgetRankedColumn(const std::string& ranking)
{
    if (ranking == "quality") {
        return BudgetColumn::Quality;
    }
    if (ranking == "efficiency") {
        return BudgetColumn::Efficiency;
    }
    return ranking == "loss" ? BudgetColumn::Loss : BudgetColumn::LossFullBudget;
}

BudgetSnapshot evaluate(const BudgetQuestion& q)
{
    BudgetSnapshot s;
    s.ranked = budgetRankedColumn(q.ranking);
    try {
        BudgetSearchOptions& o = s.options;
        o.budget_flops = parseQuantity(q.budget, "budget");
        o.tokens = parseQuantity(q.tokens, "tokens");
        o.layers = parseCountList(q.layers, "layers");
        o.d_models = parseCountList(q.d_models, "d_model");
        o.ranking = budgetRankingById(q.ranking);
        if (q.current_family) {
            o.base = q.current;
            o.head_dim = q.current.effectiveHeadDim();
        }
        s.result = searchBudget(o);
        s.summary = budgetSummary(s.result, o);
        s.chart = budgetChart(s.result, o);
        s.ok = true;
    } catch (const std::exception& e) {
        s.ok = false;
        s.error = e.what();
        s.result = {};
    }
    return s;
}

} // namespace llmsizer
