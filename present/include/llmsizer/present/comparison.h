#pragma once

#include "llmsizer/model/count.h"
#include "llmsizer/present/compare_view.h"
#include "llmsizer/present/diagram.h"
#include "llmsizer/present/table.h"

#include <vector>

// The Compare window's evaluation: 1–4 named configurations and the table's options in, the
// table, the grouped bars, the pies and the diagrams out. ComparisonModel (ui/state) holds one
// Comparison and its snapshot, as ConfigModel holds a Workspace.
namespace llmsizer {

struct Comparison {
    std::vector<NamedConfig> models; // in column order, each name distinct
    TableOptions options;            // context, units, KV precision, tokens per parameter, machine
};

struct ComparisonSnapshot {
    ComparisonTable table;
    CompareChart components;       // parameters per component, one group per model
    CompareChart memory;           // weight memory per precision
    std::vector<ComparePie> pies;  // one per model
    std::vector<Diagram> diagrams; // one per model
};

// Evaluates a comparison, counting each model through `counts` (a comparison that keeps its cache
// between evaluations counts only the models added since). Empty for no models; throws like
// buildComparisonTable (more than kMaxCompared models, an invalid configuration).
ComparisonSnapshot evaluate(const Comparison& comparison, CountCache& counts);

} // namespace llmsizer
