#pragma once

#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/gpu_choices.h"
#include "llmsizer/model/count.h"
#include "llmsizer/model/model.h"
#include "llmsizer/present/explore_tables.h"
#include "llmsizer/shape/explore.h"
#include "llmsizer/text/format.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

// The Largest that fits view's evaluation (the teaching guide's exercise, "You have a 24GB GPU.
// What's the largest model you can run at INT8? At INT4?"): a GPU, a weight precision, a family
// shape and the workload in; the largest family member whose weights, KV cache and overhead fit
// (largestThatFits), the answer's lines, the family rule, and the exercise's table for FP16, INT8
// and INT4 out. FitModel (ui/state) holds the view's own choices and reads the workload from the
// one Workspace when it asks.
namespace llmsizer {

struct FitQuestion {
    std::string gpu = kDefaultGpuId; // catalog id
    std::uint64_t gpus = 1;          // how many such devices
    std::string precision = "int8";  // weights (precision.h id)
    ModelConfig base;                // the family's base shape
    bool keep_layers = false;        // only the width grows
    bool exact_kv = false;           // the base's KV head count exactly (KeepCountExact)
    // The workload and display options (the Workspace's).
    std::uint64_t context = 4096;
    std::uint64_t batch = 1;
    std::string kv_precision = "fp16";
    std::string overhead = "none";
    ByteUnits units = ByteUnits::Decimal;

    bool operator==(const FitQuestion&) const = default;
};

// One row of the exercise: weights, largest that fits, shape, headroom, next step (too big).
struct FitExerciseRow {
    std::string precision;
    std::array<std::string, 5> cells;
};

struct FitSnapshot {
    bool ok = false;
    std::string error;                    // an unknown GPU or precision, or the search's message
    FitBudget budget;                     // of the answer
    FitResult result;                     // the answer
    std::vector<FitLine> lines;           // the answer, line by line (fitLines)
    std::string width_rule;               // the family rule as a sentence (widthRuleText)
    std::vector<FitExerciseRow> exercise; // FP16, INT8, INT4
};

// The precisions of the exercise's table.
inline constexpr std::array<const char*, 3> kFitExercisePrecisions{"fp16", "int8", "int4"};

// Evaluates the question; each shape is counted once for the answer and the table (through
// `counts`, which may already hold the base's count), and a precision the table shares with the
// answer is searched once.
FitSnapshot evaluate(const FitQuestion& question, const GpuCatalog& catalog, CountCache& counts);

} // namespace llmsizer
