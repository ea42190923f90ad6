#pragma once

#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/compute/budget.h"
#include "llmsizer/shape/explore.h"
#include "llmsizer/text/format.h"

#include <string>
#include <vector>

// Cell texts and sort values of the desktop app's compute-budget table (the sizing chapter's
// exercise, searchBudget) and the lines of its largest-model-that-fits answer (the teaching guide's
// exercise, largestThatFits). The widgets show these strings and sort by these values; they compute
// nothing.
namespace llmsizer {

enum class BudgetColumn {
    Rank,
    Layers,
    DModel,
    Heads,
    Params,
    ChapterParams,
    Tokens,
    Flops,
    Utilization,
    Quality,
    Efficiency,
    Loss,
    LossFullBudget,
};
constexpr int kBudgetColumns = 13;

std::string budgetColumnTitle(BudgetColumn column);   // "Parameters"
std::string budgetColumnToolTip(BudgetColumn column); // what the column means and its source
// The cell's text ("6,574,055,424") and its value for sorting; `rank` is the 1-based position in
// the search's own order.
std::string budgetCellText(const BudgetCandidate& c, BudgetColumn column, std::size_t rank);
double budgetCellValue(const BudgetCandidate& c, BudgetColumn column, std::size_t rank);
// "1e24", "3.5e+23" → FLOPs; "0", "" → 0; throws InputError("", field, …) for anything else or a
// negative value.
double parseQuantity(const std::string& text, const std::string& field);
// "8, 12, 16" → {8, 12, 16}: a grid of positive whole numbers separated by commas or spaces;
// throws InputError("", field, …) for anything else, an empty list or more than
// kMaxCountListValues values (a grid of at most 64 x 64 points).
inline constexpr std::size_t kMaxCountListValues = 64;
std::vector<std::uint64_t> parseCountList(const std::string& text, const std::string& field);
// "8, 12, 16": the inverse.
std::string countListText(const std::vector<std::uint64_t>& values);
// "1.00e24": a FLOP budget or token count as the budget view prints it.
std::string scientificText(double value);
// "30 configurations fit in 1.00e24 FLOP; 0 need more; 0 skipped."
std::string budgetSummary(const BudgetSearchResult& r, const BudgetSearchOptions& options);

// The budget of `count` such GPUs in per-GPU mode (explore.h FitBudget::gpus: the Overview's and
// fit's memory model, one device's usable bytes against the most loaded device's need) with
// weights at `precision` (precision.h id) and the KV cache at `kvPrecision`. Throws InputError for
// an unknown precision.
FitBudget fitBudgetFor(const GpuSpec& gpu, std::uint64_t count, const std::string& precision,
                       const std::string& kvPrecision, std::uint64_t context, std::uint64_t batch,
                       const std::string& overhead = "none");
// "NVIDIA GeForce RTX 4090 (24 GiB)": a device as the pickers list it.
std::string gpuLabel(const GpuSpec& gpu);

// One line of the fit answer: a label and a value ("Headroom", "865,519,744 bytes (0.87 GB)").
struct FitLine {
    std::string key;
    std::string label;
    std::string value;
    bool emphasis = false;
};
// The best configuration (shape, exact count, weight, KV and total bytes against the budget,
// headroom) and the next step that does not fit; a single line when nothing fits.
std::vector<FitLine> fitLines(const FitResult& r, const FitBudget& budget,
                              ByteUnits units = ByteUnits::Decimal);
// "d_model 5,504 · 54 layers · 43 heads (43 KV)": a family member's shape.
std::string shapeText(const ModelConfig& c);

} // namespace llmsizer
