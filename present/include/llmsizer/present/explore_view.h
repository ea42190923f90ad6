#pragma once

#include "llmsizer/shape/explore.h"
#include "llmsizer/text/figures.h"
#include "llmsizer/text/format.h"

#include <cstdint>
#include <string>
#include <vector>

// The numbers behind the desktop app's depth-vs-width explorer: which layer counts and widths its
// sliders offer, how far a shape is from the locked total, and the rows and series its table and
// charts show. Kept here so the widgets compute nothing (explore.h does the solving).
namespace llmsizer {

// The layer counts the explorer offers for a family and the curve drawn over them: from a quarter
// to four times the base's layers (at least 1, MoE: above the dense layers; at most
// Limits::maxLayers), widened to include `current`, with a curve step that keeps the curve at or
// below `maxPoints` points.
struct IsoRange {
    std::uint64_t layers_from = 1;
    std::uint64_t layers_to = 1;
    std::uint64_t step = 1;
    bool operator==(const IsoRange&) const = default;
};
IsoRange isoRange(const ModelConfig& base, std::uint64_t current = 0, std::uint64_t maxPoints = 80);

// Every layer count of the range, ascending.
std::vector<std::uint64_t> isoLayerSteps(const IsoRange& range);
// The widths the d_model slider offers: the multiples of widthStep(base, rules) between the widths
// solveWidth picks at the range's two ends (so that solveDepth stays inside the range), plus
// `current` when it is a positive multiple; ascending.
std::vector<std::uint64_t> isoWidthSteps(const ModelConfig& base, std::uint64_t target,
                                         const IsoRange& range, const ShapeRules& rules = {},
                                         std::uint64_t current = 0);

// How far a configuration is from the target: an IsoSolution for a shape the solver did not pick
// (the user moved a slider freely). Throws InvalidConfigError for an invalid configuration.
IsoSolution isoDistance(const ModelConfig& config, std::uint64_t target);
// The same with the configuration's total already counted.
IsoSolution isoDistance(const ModelConfig& config, std::uint64_t total, std::uint64_t target);

// "+514,432", "−1,234", "0": the exact signed distance from the target.
std::string signedCountText(const IsoSolution& s);
// "+2.25%", "−0.0076%", "0%": the relative distance with enough decimals to never read 0 unless 0.
std::string relativeErrorText(const IsoSolution& s);
// "+514,432 (+0.0076%)": both, as the explorer shows them.
std::string isoErrorText(const IsoSolution& s);

// One row of "what changes at equal parameters": a figure at the current shape, at the reference
// shape (the family base), and their ratio.
struct IsoMetricRow {
    std::string key;   // "flops", "kv", "activations", "aspect", "embedding_share"
    std::string label; // "FLOPs per token"
    std::string value;
    std::string reference;
    std::string ratio; // "×1.05"
    double ratio_value = 0;
    std::string note{}; // what the figure assumes, in a sentence (a tooltip); empty: none
};
std::vector<IsoMetricRow> isoMetricRows(const ShapeMetrics& current, const ShapeMetrics& reference,
                                        ByteUnits units = ByteUnits::Decimal);

// The same figures along the iso curve, each as value / reference, against n_layers.
struct IsoMetricSeries {
    std::string key;
    std::string label;
    std::vector<double> layers;
    std::vector<double> ratio;
};
std::vector<IsoMetricSeries> isoMetricSeries(const std::vector<IsoPoint>& curve,
                                             const ShapeMetrics& reference);

// An axis range covering [lo, hi] with round ends and a tick count that lands on round steps
// (1, 2, 2.5 or 5 × 10^k); `fromZero` starts it at 0. Charts rescale with it on every change.
struct AxisRange {
    double min = 0;
    double max = 1;
    int ticks = 5;
    bool operator==(const AxisRange&) const = default;
};
AxisRange niceRange(double lo, double hi, bool fromZero = false, int maxTicks = 6);

// The range an axis keeps while its data still fill it: `shown` when it covers [lo, hi] (from 0
// when `fromZero`), the data span at least half of it, and it has at most `maxTicks` ticks;
// niceRange otherwise. A slider step then moves the lines, not the axes: a new range lays every
// tick label out again, the larger part of a chart's step. The charts settle on niceRange once the
// slider rests, so that a picture depends on what it shows, not on the steps that led to it.
AxisRange steadyRange(const AxisRange& shown, double lo, double hi, bool fromZero = false,
                      int maxTicks = 6);

// Rows of the scaling-ratio table: one per block component, doubled depth and doubled width.
struct ScalingRow {
    std::string key;   // "blocks", "attention", "mlp", "norms", "total"
    std::string label; // "Blocks (attention + MLP + norms)"
    std::string deeper;
    std::string wider;
    double deeper_value = 0;
    double wider_value = 0;
};
std::vector<ScalingRow> scalingRows(const ScalingRatios& r);

// Source text split into plain text, web links and project documents, so that a view can make the
// links clickable: "… (https://pytorch.org/…); docs/counting.md" gives a text, a Url and a Doc
// segment among others.
struct SourceSegment {
    enum class Kind { Text, Url, Doc };
    Kind kind = Kind::Text;
    std::string text;
};
std::vector<SourceSegment> sourceSegments(const std::string& source);

// The file a Doc segment ("docs/counting.md") names: <prefix>/share/llm-sizer/docs/…, beside the
// presets (installed, or linked to the source tree in a build tree); empty when it is not there.
std::string docPath(const std::string& doc);

} // namespace llmsizer
