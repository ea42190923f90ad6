// Chart data of the comparison view, from countParameters() and the comparison table.
#include "llmsizer/present/compare_view.h"

#include "llmsizer/present/memory_view.h"
#include "llmsizer/present/view_support.h"
#include "llmsizer/text/format.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

namespace llmsizer {

namespace {

// pieSlices' keys in display order, so every model's groups line up: every component of
// kAllComponents, the MLP split into dense, routed and shared experts.
constexpr std::array<std::string_view, 13> kSliceOrder{
    "embedding",    "position_embedding", "attention", "mixer", "mlp",
    "experts",      "shared_experts",     "router",    "norms", "lm_head",
    "vision_tower", "audio_tower",        "projector"};

void setAxis(CompareChart& chart)
{
    double largest = 0;
    double smallest = 0; // above zero
    for (const CompareSeries& s : chart.series) {
        for (double v : s.values) {
            largest = std::max(largest, v);
            if (v > 0 && (smallest == 0 || v < smallest)) {
                smallest = v;
            }
        }
    }
    chart.axis_max = largest > 0 ? niceCeil(largest * 1.08) : 1.0;
    chart.tick = niceTick(chart.axis_max);
    if (smallest > 0) {
        chart.log_min = std::pow(10.0, std::floor(std::log10(smallest)));
        chart.log_max =
            std::pow(10.0, std::ceil(std::log10(std::max(largest, chart.log_min * 10))));
    }
}

} // namespace

CountUnit countUnit(std::uint64_t largest)
{
    if (largest >= 1'000'000'000ULL) {
        return {1e9, "billions"};
    }
    if (largest >= 1'000'000ULL) {
        return {1e6, "millions"};
    }
    if (largest >= 1'000ULL) {
        return {1e3, "thousands"};
    }
    return {1, ""};
}

CompareChart componentChart(const std::vector<NamedConfig>& configs)
{
    CountCache counts;
    return componentChart(counts, configs);
}

CompareChart componentChart(CountCache& counts, const std::vector<NamedConfig>& configs)
{
    CompareChart chart;
    std::vector<std::vector<Slice>> slices;
    std::uint64_t largest = 0;
    for (const NamedConfig& nc : configs) {
        chart.categories.push_back(nc.name);
        slices.push_back(pieSlices(counts.count(nc.config)));
        for (const Slice& s : slices.back()) {
            largest = std::max(largest, s.params);
        }
    }
    const CountUnit unit = countUnit(largest);
    for (std::string_view key : kSliceOrder) {
        CompareSeries series;
        series.key = key;
        bool present = false;
        for (const std::vector<Slice>& model : slices) {
            const auto it = std::find_if(model.begin(), model.end(),
                                         [key](const Slice& s) { return s.key == key; });
            const std::uint64_t params = it == model.end() ? 0 : it->params;
            if (it != model.end()) {
                present = true;
                series.label = it->label;
            }
            series.values.push_back(static_cast<double>(params) / unit.divisor);
            series.texts.push_back(shortCount(params));
        }
        if (present) {
            chart.series.push_back(std::move(series));
        }
    }
    chart.axis_title = unit.name.empty() ? std::string("parameters") : unit.name + " of parameters";
    setAxis(chart);
    return chart;
}

CompareChart memoryChart(const ComparisonTable& table)
{
    CompareChart chart;
    chart.categories = table.names;
    const ByteUnits units = table.options.units;
    auto addRow = [&](const TableRow& row, std::string key, std::string label) {
        CompareSeries series{std::move(key), std::move(label), {}, {}};
        for (const TableCell& cell : row.cells) {
            series.values.push_back(bytesInUnit(cell.integer, units));
            series.texts.push_back(cell.text);
        }
        chart.series.push_back(std::move(series));
    };
    for (const std::string& id : table.options.weight_precisions) {
        if (const TableRow* row = table.row("weights." + id)) {
            addRow(*row, "weights." + id, precisionShortLabel(id, false));
        }
    }
    chart.axis_title = units == ByteUnits::Binary ? "GiB" : "GB";
    setAxis(chart);
    return chart;
}

std::vector<ComparePie> comparePies(const std::vector<NamedConfig>& configs)
{
    CountCache counts;
    return comparePies(counts, configs);
}

std::vector<ComparePie> comparePies(CountCache& counts, const std::vector<NamedConfig>& configs)
{
    std::vector<ComparePie> pies;
    for (const NamedConfig& nc : configs) {
        const ParamCount& count = counts.count(nc.config);
        ComparePie pie;
        pie.name = nc.name;
        pie.total = count.total;
        pie.active = count.active;
        pie.moe = nc.config.isMoe();
        pie.caption = shortCount(count.total) + " parameters";
        if (pie.moe) {
            pie.caption = shortCount(count.total) + " (" + shortCount(count.active) + " active)";
        }
        if (!nc.config.estimate.empty()) {
            pie.caption = "Estimate: " + pie.caption;
        }
        pie.slices = pieSlices(count);
        for (const Slice& s : pie.slices) {
            pie.shares.push_back(formatShare(fraction(s.params, count.total)));
        }
        pies.push_back(std::move(pie));
    }
    return pies;
}

} // namespace llmsizer
