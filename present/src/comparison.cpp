#include "llmsizer/present/comparison.h"

namespace llmsizer {

ComparisonSnapshot evaluate(const Comparison& c, CountCache& counts)
{
    ComparisonSnapshot s;
    if (c.models.empty()) {
        return s;
    }
    s.table = buildComparisonTable(counts, c.models, c.options);
    s.components = componentChart(counts, c.models);
    s.memory = memoryChart(s.table);
    s.pies = comparePies(counts, c.models);
    s.diagrams.reserve(c.models.size());
    for (const NamedConfig& m : c.models) {
        s.diagrams.push_back(parameterDiagram(m.config, counts.count(m.config)));
    }
    return s;
}

} // namespace llmsizer
