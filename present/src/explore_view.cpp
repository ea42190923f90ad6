// Slider tables, distances, table rows and chart series of the depth-vs-width explorer
// (explore_view.h). The solving itself is explore.cpp's.
#include "llmsizer/present/explore_view.h"

#include "llmsizer/catalog/preset.h"
#include "llmsizer/model/count.h"
#include "llmsizer/present/view_support.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <regex>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

const char* const kMinus = "\u2212"; // − (U+2212), as the teaching notes print negative numbers

// v with `decimals` digits after the point.
std::string fixed(double v, int decimals)
{
    return text::fixed(v, decimals);
}

u64 minLayers(const ModelConfig& base)
{
    return base.isMoe() ? base.moe.first_dense_layers + base.moe.every : 1;
}

double safeRatio(double value, double reference)
{
    return reference == 0 ? 0.0 : value / reference;
}

} // namespace

IsoRange isoRange(const ModelConfig& base, std::uint64_t current, std::uint64_t maxPoints)
{
    const u64 lo = minLayers(base);
    const u64 L = std::max<u64>(base.n_layers, lo);
    IsoRange r;
    r.layers_from = std::max(lo, (L + 3) / 4);
    r.layers_to = std::min<u64>(Limits::maxLayers, std::max<u64>(4 * L, r.layers_from + 1));
    if (current >= lo) {
        r.layers_from = std::min(r.layers_from, current);
        r.layers_to = std::max(r.layers_to, std::min<u64>(current, Limits::maxLayers));
    }
    const u64 span = r.layers_to - r.layers_from;
    const u64 intervals = std::max<u64>(maxPoints, 2) - 1;
    r.step = std::max<u64>(1, (span + intervals - 1) / intervals);
    return r;
}

std::vector<std::uint64_t> isoLayerSteps(const IsoRange& range)
{
    std::vector<u64> steps;
    steps.reserve(range.layers_to - range.layers_from + 1);
    for (u64 l = range.layers_from; l <= range.layers_to; ++l) {
        steps.push_back(l);
    }
    return steps;
}

std::vector<std::uint64_t> isoWidthSteps(const ModelConfig& base, std::uint64_t target,
                                         const IsoRange& range, const ShapeRules& rules,
                                         std::uint64_t current)
{
    const u64 step = widthStep(base, rules);
    const u64 widest = solveWidth(base, target, range.layers_from, rules).config.d_model;
    const u64 narrowest = solveWidth(base, target, range.layers_to, rules).config.d_model;
    std::vector<u64> steps;
    for (u64 d = std::min(narrowest, widest); d <= std::max(narrowest, widest); d += step) {
        steps.push_back(d);
    }
    if (current > 0 && current % step == 0 &&
        !std::binary_search(steps.begin(), steps.end(), current)) {
        steps.insert(std::lower_bound(steps.begin(), steps.end(), current), current);
    }
    return steps;
}

IsoSolution isoDistance(const ModelConfig& config, std::uint64_t target)
{
    return isoDistance(config, countParameters(config).total, target);
}

IsoSolution isoDistance(const ModelConfig& config, std::uint64_t total, std::uint64_t target)
{
    IsoSolution s;
    s.config = config;
    s.total = total;
    s.target = target;
    s.above = s.total > target;
    s.abs_error = s.above ? s.total - target : target - s.total;
    return s;
}

std::string signedCountText(const IsoSolution& s)
{
    return signedThousands(!s.above, s.abs_error, kMinus);
}

std::string relativeErrorText(const IsoSolution& s)
{
    // Two decimals; two significant digits below 0.01%: never "0.00%" for a non-zero error.
    return s.abs_error == 0 || s.target == 0 ? std::string("0%")
                                             : signedPercent(s.relativeError(), 2);
}

std::string isoErrorText(const IsoSolution& s)
{
    return signedCountText(s) + " (" + relativeErrorText(s) + ")";
}

std::vector<IsoMetricRow> isoMetricRows(const ShapeMetrics& current, const ShapeMetrics& reference,
                                        ByteUnits units)
{
    auto row = [](std::string key, std::string label, std::string value, std::string ref,
                  double ratio) {
        IsoMetricRow r{std::move(key), std::move(label), std::move(value), std::move(ref), "",
                       ratio};
        r.ratio = ratioText(ratio);
        return r;
    };
    auto d = [](u64 v) { return static_cast<double>(v); };
    std::vector<IsoMetricRow> rows;
    rows.push_back(row("flops", "FLOPs per token", formatFlops(current.flops_per_token),
                       formatFlops(reference.flops_per_token),
                       safeRatio(current.flops_per_token, reference.flops_per_token)));
    rows.push_back(row("kv", "KV cache per token (FP16)",
                       formatBytes(current.kv_bytes_per_token, units),
                       formatBytes(reference.kv_bytes_per_token, units),
                       safeRatio(d(current.kv_bytes_per_token), d(reference.kv_bytes_per_token))));
    // What one training step stores for its backward pass, not what inference holds (the
    // Overview's activations, about one layer's): said on the label, with its batch and sequence.
    rows.push_back(
        row("activations",
            "Training activations (batch 1 × " + withThousands(current.context) + " tokens)",
            formatBytes(current.activation_bytes, units),
            formatBytes(reference.activation_bytes, units),
            safeRatio(d(current.activation_bytes), d(reference.activation_bytes))));
    rows.back().note =
        "The activations one training step keeps for the backward pass: a micro-batch of 1 "
        "sequence of " +
        withThousands(current.context) +
        " tokens, 16-bit, no recomputation, L·(34·s·h + 5·a·s²) bytes (Korthikanti et al. 2022, "
        "eq. 1). Inference keeps about one layer's at a time: the Overview's activations.";
    rows.push_back(row("aspect", "d_model / layers", fixed(current.aspect_ratio, 1),
                       fixed(reference.aspect_ratio, 1),
                       safeRatio(current.aspect_ratio, reference.aspect_ratio)));
    rows.push_back(row("embedding_share", "Embedding share", formatShare(current.embedding_share),
                       formatShare(reference.embedding_share),
                       safeRatio(current.embedding_share, reference.embedding_share)));
    return rows;
}

std::vector<IsoMetricSeries> isoMetricSeries(const std::vector<IsoPoint>& curve,
                                             const ShapeMetrics& reference)
{
    auto d = [](u64 v) { return static_cast<double>(v); };
    std::vector<IsoMetricSeries> out{
        {"flops", "FLOPs/token", {}, {}},
        {"kv", "KV/token", {}, {}},
        {"activations", "Training act.", {}, {}}, // the table says "Training activations"
        {"embedding_share", "Embeddings", {}, {}},
    };
    for (const IsoPoint& p : curve) {
        const ShapeMetrics& m = p.metrics;
        const double L = d(p.solution.config.n_layers);
        const std::array<double, 4> values{
            safeRatio(m.flops_per_token, reference.flops_per_token),
            safeRatio(d(m.kv_bytes_per_token), d(reference.kv_bytes_per_token)),
            safeRatio(d(m.activation_bytes), d(reference.activation_bytes)),
            safeRatio(m.embedding_share, reference.embedding_share)};
        for (std::size_t i = 0; i < out.size(); ++i) {
            out[i].layers.push_back(L);
            out[i].ratio.push_back(values[i]);
        }
    }
    return out;
}

AxisRange niceRange(double lo, double hi, bool fromZero, int maxTicks)
{
    if (fromZero) {
        lo = std::min(lo, 0.0);
    }
    if (!(hi > lo)) {
        hi = lo + (lo == 0 ? 1.0 : std::abs(lo) * 0.1);
    }
    maxTicks = std::max(maxTicks, 2);
    const double raw = (hi - lo) / (maxTicks - 1);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = 10 * mag;
    for (const double f : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (f * mag >= raw) {
            step = f * mag;
            break;
        }
    }
    AxisRange r;
    r.min = std::floor(lo / step) * step;
    r.max = std::ceil(hi / step) * step;
    if (r.max - r.min < step) {
        r.max = r.min + step;
    }
    r.ticks = static_cast<int>(std::lround((r.max - r.min) / step)) + 1;
    return r;
}

AxisRange steadyRange(const AxisRange& shown, double lo, double hi, bool fromZero, int maxTicks)
{
    if (fromZero) {
        lo = std::min(lo, 0.0);
    }
    const double span = shown.max - shown.min;
    const bool covers = shown.min <= lo && hi <= shown.max;
    const bool filled = span > 0 && (hi - lo) * 2 >= span;
    const bool fromZeroKept = !fromZero || shown.min == std::min(lo, 0.0);
    if (covers && filled && fromZeroKept && shown.ticks <= std::max(maxTicks, 2)) {
        return shown;
    }
    return niceRange(lo, hi, fromZero, maxTicks);
}

std::vector<ScalingRow> scalingRows(const ScalingRatios& r)
{
    auto row = [](std::string key, std::string label, const CountRatio& deeper,
                  const CountRatio& wider) {
        return ScalingRow{std::move(key),           std::move(label), ratioText(deeper.value()),
                          ratioText(wider.value()), deeper.value(),   wider.value()};
    };
    std::vector<ScalingRow> rows;
    rows.push_back(row("blocks", "Blocks", r.deeper.block_ratio, r.wider.block_ratio));
    rows.push_back(
        row("attention", "Attention", r.deeper.attention_ratio, r.wider.attention_ratio));
    rows.push_back(row("mlp", "MLP", r.deeper.mlp_ratio, r.wider.mlp_ratio));
    rows.push_back(row("norms", "Norms", r.deeper.norms_ratio, r.wider.norms_ratio));
    rows.push_back(
        row("total", "Total, with embeddings", r.deeper.total_ratio, r.wider.total_ratio));
    return rows;
}

std::vector<SourceSegment> sourceSegments(const std::string& source)
{
    static const std::regex link(R"((https?://[^\s;,()]+[^\s;,().])|(docs/[A-Za-z0-9_\-]+\.md))");
    std::vector<SourceSegment> out;
    auto text = [&out](std::string t) {
        if (!t.empty()) {
            out.push_back({SourceSegment::Kind::Text, std::move(t)});
        }
    };
    auto it = std::sregex_iterator(source.begin(), source.end(), link);
    std::size_t pos = 0;
    for (; it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        text(source.substr(pos, static_cast<std::size_t>(m.position(0)) - pos));
        out.push_back(
            {m[1].matched ? SourceSegment::Kind::Url : SourceSegment::Kind::Doc, m.str(0)});
        pos = static_cast<std::size_t>(m.position(0) + m.length(0));
    }
    text(source.substr(pos));
    return out;
}

std::string docPath(const std::string& doc)
{
    std::error_code ec;
    const std::filesystem::path path = defaultPresetDir().parent_path() / doc;
    return std::filesystem::is_regular_file(path, ec) ? path.string() : std::string();
}

} // namespace llmsizer
