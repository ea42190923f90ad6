// Cell texts of the compute-budget table and lines of the largest-model-that-fits answer
// (explore_tables.h).
#include "llmsizer/present/explore_tables.h"

#include "llmsizer/memory/memory.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/present/view_support.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

// v with `digits` decimals (fixed) or significant digits (general).
std::string number(double v, int digits, bool general = false)
{
    return general ? text::general(v, digits) : text::fixed(v, digits);
}

std::string bytesText(u64 bytes, ByteUnits units)
{
    return withThousands(bytes) + " bytes (" + formatBytes(bytes, units) + ")";
}

} // namespace

std::string budgetColumnTitle(BudgetColumn column)
{
    switch (column) {
    case BudgetColumn::Rank:
        return "Rank";
    case BudgetColumn::Layers:
        return "Layers";
    case BudgetColumn::DModel:
        return "d_model";
    case BudgetColumn::Heads:
        return "Heads";
    case BudgetColumn::Params:
        return "Parameters";
    case BudgetColumn::ChapterParams:
        return "Chapter estimate";
    case BudgetColumn::Tokens:
        return "Tokens";
    case BudgetColumn::Flops:
        return "FLOPs (6·N·D)";
    case BudgetColumn::Utilization:
        return "Budget used";
    case BudgetColumn::Quality:
        return "Quality";
    case BudgetColumn::Efficiency:
        return "Efficiency";
    case BudgetColumn::Loss:
        return "Loss";
    case BudgetColumn::LossFullBudget:
        return "Loss, whole budget";
    }
    return {};
}

std::string budgetColumnToolTip(BudgetColumn column)
{
    switch (column) {
    case BudgetColumn::Rank:
        return "Position in the chosen ranking";
    case BudgetColumn::Layers:
        return "n_layers";
    case BudgetColumn::DModel:
        return "d_model (hidden size)";
    case BudgetColumn::Heads:
        return "Attention heads (KV heads)";
    case BudgetColumn::Params:
        return "Exact parameter count (countParameters)";
    case BudgetColumn::ChapterParams:
        return "The sizing chapter's estimate_model_size for the same shape";
    case BudgetColumn::Tokens:
        return "Training tokens of this candidate";
    case BudgetColumn::Flops:
        return "Training compute 6·N·D (Kaplan et al. 2020 §2.1)";
    case BudgetColumn::Utilization:
        return "Required FLOPs / budget";
    case BudgetColumn::Quality:
        return "The sizing chapter's quality estimate (params / 1e9)^0.2";
    case BudgetColumn::Efficiency:
        return "The sizing chapter's sort key: quality / budget used";
    case BudgetColumn::Loss:
        return "Chinchilla loss L(N, D) = E + A/N^α + B/D^β (Hoffmann et al. 2022 eq. 10)";
    case BudgetColumn::LossFullBudget:
        return "Chinchilla loss when the whole budget trains this size: D = budget / 6N";
    }
    return {};
}

double budgetCellValue(const BudgetCandidate& c, BudgetColumn column, std::size_t rank)
{
    auto d = [](u64 v) { return static_cast<double>(v); };
    switch (column) {
    case BudgetColumn::Rank:
        return d(rank);
    case BudgetColumn::Layers:
        return d(c.n_layers);
    case BudgetColumn::DModel:
        return d(c.d_model);
    case BudgetColumn::Heads:
        return d(c.n_heads);
    case BudgetColumn::Params:
        return d(c.params);
    case BudgetColumn::ChapterParams:
        return d(c.chapter_params);
    case BudgetColumn::Tokens:
        return c.tokens;
    case BudgetColumn::Flops:
        return c.required_flops;
    case BudgetColumn::Utilization:
        return c.utilization;
    case BudgetColumn::Quality:
        return c.quality;
    case BudgetColumn::Efficiency:
        return c.efficiency;
    case BudgetColumn::Loss:
        return c.loss_at_tokens;
    case BudgetColumn::LossFullBudget:
        return c.loss_at_full_budget;
    }
    return 0;
}

std::string budgetCellText(const BudgetCandidate& c, BudgetColumn column, std::size_t rank)
{
    switch (column) {
    case BudgetColumn::Rank:
        return std::to_string(rank);
    case BudgetColumn::Layers:
        return std::to_string(c.n_layers);
    case BudgetColumn::DModel:
        return withThousands(c.d_model);
    case BudgetColumn::Heads:
        return std::to_string(c.n_heads) +
               (c.n_kv_heads == c.n_heads ? "" : " (" + std::to_string(c.n_kv_heads) + ")");
    case BudgetColumn::Params:
        return withThousands(c.params);
    case BudgetColumn::ChapterParams:
        return withThousands(c.chapter_params);
    case BudgetColumn::Tokens:
        return scientificText(c.tokens);
    case BudgetColumn::Flops:
        return scientificText(c.required_flops);
    case BudgetColumn::Utilization:
        return formatShare(c.utilization);
    case BudgetColumn::Quality:
        return number(c.quality, 3);
    case BudgetColumn::Efficiency:
        // The sizing chapter's key spans many decades: whole numbers with separators from 100 up.
        return c.efficiency >= 100 ? withThousands(static_cast<u64>(std::llround(c.efficiency)))
                                   : number(c.efficiency, 3, true);
    case BudgetColumn::Loss:
        return number(c.loss_at_tokens, 3);
    case BudgetColumn::LossFullBudget:
        return number(c.loss_at_full_budget, 3);
    }
    return {};
}

double parseQuantity(const std::string& text, const std::string& field)
{
    std::size_t b = text.find_first_not_of(" \t");
    if (b == std::string::npos) {
        return 0;
    }
    const std::string t = text.substr(b, text.find_last_not_of(" \t") - b + 1);
    const std::optional<double> parsed = text::parseDouble(t);
    if (!parsed) {
        throw InputError("", field, "'" + t + "' is not a number (write e.g. 1e24)");
    }
    const double v = *parsed;
    if (v < 0) {
        throw InputError("", field, "must not be negative (got " + t + ")");
    }
    return v;
}

std::vector<std::uint64_t> parseCountList(const std::string& text, const std::string& field)
{
    // Commas, spaces, tabs, semicolons and line breaks separate the values: a list pasted from a
    // spreadsheet or a file (often ending in a newline) reads as typed.
    const auto separator = [](char ch) {
        return ch == ',' || ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == ';';
    };
    // The offending word alone is quoted, shown (terminalSafe) and cut at 24 characters, never
    // the whole pasted text.
    const auto word = [&](std::size_t from) {
        std::size_t to = from;
        while (to < text.size() && !separator(text[to]) && to - from < 24) {
            ++to;
        }
        return "'" + terminalSafe(text.substr(from, to - from), false) +
               (to < text.size() && !separator(text[to]) ? "...'" : "'");
    };
    std::vector<u64> values;
    std::size_t i = 0;
    while (i < text.size()) {
        const char ch = text[i];
        if (separator(ch)) {
            ++i;
            continue;
        }
        if (ch < '0' || ch > '9') {
            throw InputError("", field,
                             word(i) + " is not a whole number (write a list such as 8, 12, 16)");
        }
        const std::size_t start = i;
        u64 v = 0;
        for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
            const auto digit = static_cast<u64>(text[i] - '0');
            if (v > (UINT64_MAX - digit) / 10) {
                throw InputError("", field, word(start) + " is too large");
            }
            v = v * 10 + digit;
        }
        if (i < text.size() && !separator(text[i])) {
            throw InputError("", field,
                             word(start) + " is not a whole number (write a list such as 8, 12, "
                                           "16)");
        }
        if (v == 0) {
            throw InputError("", field, "values must be positive (got 0)");
        }
        values.push_back(v);
    }
    if (values.empty()) {
        throw InputError("", field, "needs at least one value");
    }
    if (values.size() > kMaxCountListValues) {
        // A pasted 2,000 x 2,000 grid froze the app for 8 s and took 944 MB.
        throw InputError("", field,
                         "lists " + withThousands(values.size()) + " values; at most " +
                             std::to_string(kMaxCountListValues) + " are searched");
    }
    return values;
}

std::string countListText(const std::vector<std::uint64_t>& values)
{
    std::string s;
    for (const u64 v : values) {
        s += (s.empty() ? "" : ", ") + std::to_string(v);
    }
    return s;
}

std::string scientificText(double value)
{
    if (value == 0) {
        return "0";
    }
    const int exp = static_cast<int>(std::floor(std::log10(value)));
    double mantissa = value / std::pow(10.0, exp);
    int e = exp;
    if (mantissa >= 9.995) { // "10.00e23" reads as 1.00e24
        mantissa /= 10;
        ++e;
    }
    return number(mantissa, 2) + "e" + std::to_string(e);
}

std::string budgetSummary(const BudgetSearchResult& r, const BudgetSearchOptions& options)
{
    const std::size_t fit = r.candidates.size();
    std::string s = std::to_string(fit) +
                    (fit == 1 ? " configuration fits" : " configurations fit") + " in " +
                    scientificText(options.budget_flops) + " FLOP; " +
                    std::to_string(r.over_budget) + " need more";
    if (!r.skipped.empty()) {
        s += "; " + std::to_string(r.skipped.size()) + " skipped (" + r.skipped.front() + ")";
    }
    return s + ".";
}

FitBudget fitBudgetFor(const GpuSpec& gpu, std::uint64_t count, const std::string& precision,
                       const std::string& kvPrecision, std::uint64_t context, std::uint64_t batch,
                       const std::string& overhead)
{
    FitBudget b;
    b.overhead_profile = overheadProfileById(overhead).id;
    b.budget_bytes = gpu.usableBytes();
    b.gpus = std::max<u64>(count, 1);
    b.gpu = gpu;
    b.weight_precision = precisionById(precision).id;
    b.weight_bpw = precisionById(precision).bpw;
    b.kv_precision = kvPrecisionById(kvPrecision).id;
    b.context = context;
    b.batch = batch;
    return b;
}

std::string gpuLabel(const GpuSpec& gpu)
{
    return gpu.name + " (" + number(gpu.memory_value, 0) +
           (gpu.memory_unit == MemoryUnit::GiB ? " GiB)" : " GB)");
}

std::string shapeText(const ModelConfig& c)
{
    return "d_model " + withThousands(c.d_model) + " · " + std::to_string(c.n_layers) +
           " layers · " + std::to_string(c.n_heads) + " heads (" + std::to_string(c.n_kv_heads) +
           " KV)";
}

std::vector<FitLine> fitLines(const FitResult& r, const FitBudget& budget, ByteUnits units)
{
    std::vector<FitLine> lines;
    if (!r.found) {
        lines.push_back({"none", "Largest that fits",
                         "Nothing: the smallest member of the family needs more than " +
                             bytesText(budget.budget_bytes, units),
                         true});
        return lines;
    }
    const FitPoint& b = r.best;
    lines.push_back({"best", "Largest that fits", countWithShort(b.params) + " parameters", true});
    lines.push_back({"shape", "Shape", shapeText(b.config), false});
    const bool split = budget.gpus > 1;
    const std::string whole = split ? " (whole model)" : "";
    lines.push_back({"weights", "Weights" + whole, bytesText(b.weight_bytes, units), false});
    lines.push_back({"kv",
                     "KV cache (" + withThousands(budget.context) + " tokens × " +
                         std::to_string(budget.batch) + ")",
                     bytesText(b.kv_bytes, units), false});
    if (b.activation_bytes > 0) {
        lines.push_back(
            {"activations", "Activations", bytesText(b.activation_bytes, units), false});
    }
    if (b.overhead_bytes > 0) {
        lines.push_back({"overhead", "Overhead", bytesText(b.overhead_bytes, units), false});
    }
    if (split) {
        lines.push_back({"total",
                         "Per GPU (" + std::to_string(budget.gpus) + " GPUs: tensor parallel " +
                             std::to_string(b.tensor_parallel) + ", pipeline " +
                             std::to_string(b.pipeline_parallel) + ")",
                         bytesText(b.total_bytes, units), false});
        lines.push_back({"budget", "Usable per GPU", bytesText(budget.budget_bytes, units), false});
        lines.push_back({"headroom", "Headroom per GPU", bytesText(r.headroom_bytes, units), true});
    } else {
        lines.push_back({"total", "Total", bytesText(b.total_bytes, units), false});
        // The GPU's capacity the model may use (GpuSpec::usableBytes), named as such: "Memory"
        // read as the model's need.
        lines.push_back(
            {"budget", "Usable GPU capacity", bytesText(budget.budget_bytes, units), false});
        lines.push_back({"headroom", "Headroom", bytesText(r.headroom_bytes, units), true});
    }
    if (r.has_next) {
        const FitPoint& n = r.next;
        lines.push_back({"next", "Next step (does not fit)",
                         countWithShort(n.params) + " parameters; " + shapeText(n.config), false});
        lines.push_back({"next_over", "It needs",
                         bytesText(n.total_bytes, units) + ", " +
                             formatBytes(n.total_bytes - budget.budget_bytes, units) + " too many",
                         false});
    }
    return lines;
}

} // namespace llmsizer
