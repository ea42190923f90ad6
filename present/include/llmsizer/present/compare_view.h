#pragma once

#include "llmsizer/model/count.h"
#include "llmsizer/present/table.h"

#include <cstdint>
#include <string>
#include <vector>

// The comparison view's chart data, Qt-free so that the widgets compute nothing: grouped bars of
// parameters per component and of memory per precision (one group per model), and one parameter
// pie per model. Every value comes from countParameters() or from the comparison table's cells.
namespace llmsizer {

// One bar set: a value per model, already in the chart's unit (billions of parameters, GB, …).
struct CompareSeries {
    std::string key;   // a pie slice key ("attention", palette.h) or "weights.int8"
    std::string label; // "Attention", "FP8/INT8"
    std::vector<double> values;
    std::vector<std::string> texts; // exact display text per model ("9.7B", "70.55 GB")
    bool operator==(const CompareSeries&) const = default;
};

struct CompareChart {
    std::vector<std::string> categories; // model names, in column order
    std::vector<CompareSeries> series;
    std::string axis_title; // the values' unit: "billions of parameters", "GB"
    double axis_max = 1;    // a 1, 2, 5 × 10^k multiple covering the tallest bar
    double tick = 0.2;
    // The log axis: powers of ten around the smallest bar above zero and the tallest (GPT-2
    // small's 0.12 B beside DeepSeek-V3's 671 B: 0.01 to 1,000).
    double log_min = 0.1;
    double log_max = 10;
    bool operator==(const CompareChart&) const = default;
};

// Parameters per pie slice key (embedding, attention, mlp, experts, …), one group per model; a
// key absent from a model counts 0. The unit (billions, millions, thousands, parameters) follows
// the largest value.
CompareChart componentChart(const std::vector<NamedConfig>& configs);
CompareChart componentChart(CountCache& counts, const std::vector<NamedConfig>& configs);

// Weight memory per precision, one group per model, in the table's units (GB or GiB), read from
// the table's "weights.*" rows. (The KV cache, a few GB beside hundreds, stays in the table.)
CompareChart memoryChart(const ComparisonTable& table);

struct ComparePie {
    std::string name;
    std::uint64_t total = 0;
    std::uint64_t active = 0;
    bool moe = false;
    std::string caption; // "70.6B parameters", "140.6B (39.2B active)"
    std::vector<Slice> slices;
    std::vector<std::string> shares; // formatShare per slice, "13.8%"
    bool operator==(const ComparePie&) const = default;
};
std::vector<ComparePie> comparePies(const std::vector<NamedConfig>& configs);
std::vector<ComparePie> comparePies(CountCache& counts, const std::vector<NamedConfig>& configs);

// The unit for a count axis: the divisor and its name ("billions"), chosen by the largest value.
struct CountUnit {
    double divisor = 1;
    std::string name; // "billions", "millions", "thousands", "" (plain parameters)
};
CountUnit countUnit(std::uint64_t largest);

} // namespace llmsizer
