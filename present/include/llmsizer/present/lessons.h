#pragma once

#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/model/model.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

// One-click demonstrations for class (Help > Lessons): each loads a preset, opens a view, may put
// models side by side in the Compare window, and says what to look at with the numbers worked out
// (the teaching guide's parts 2–5 and its exercises; docs/teaching.md).
namespace llmsizer {

struct LessonModel {
    std::string name;
    ModelConfig config;
    std::string preset_id; // the preset it is, unchanged (its published figures then show)
};

struct Lesson {
    std::string id;     // "depth-vs-width", "gqa-saving", "rule-vs-exact"
    std::string title;  // the menu entry: "Depth vs width"
    std::string preset; // loaded in the Overview (unless `model` is set)
    // A model of the lesson's own loaded in the Overview instead of the preset (an exercise's
    // shape); the preset is the one it was made from.
    std::optional<LessonModel> model;
    std::string view; // the view shown: "overview", "math" (ExploreViews names)
    // The one number to look at: the Overview summary figure framed ("kv_context",
    // "published"), or in Show the math the item brought to the top ("approx_12ld2").
    std::string highlight;
    std::vector<LessonModel> compare; // side by side in the Compare window; empty: not opened
    // A two-model step pins the other model as the baseline: every figure of the Overview's model
    // then carries its ratio to it (×0.125 for the KV cache of 8 KV heads against 64); absent:
    // the baseline is left as it is.
    std::optional<LessonModel> baseline;
    std::string text; // what the class should see, with the numbers
    // The Overview's GPU lines the lesson selects (referenceLines keys, "h100-sxm-80gb:1"), so
    // that the bars carry their verdicts for that machine; empty: unchanged. Such a lesson also
    // shows inference at batch 1 with an FP16 KV cache, as its text assumes.
    std::vector<std::string> gpus;
    // Largest that fits: the GPU (catalogue id), weight precision and context it solves for;
    // empty: unchanged.
    std::string fit_gpu;
    std::string fit_precision;
    std::uint64_t fit_context = 0;
    // Compute budget: the budget searched ("1e24"); empty: unchanged.
    std::string budget;
};

// What some lessons read beside the presets: the GPU catalogue and the runtime overhead profile
// the Overview's bars use (so a lesson's verdicts are the bars' own).
struct LessonInputs {
    const GpuCatalog* catalog = nullptr;
    std::string overhead; // OverheadProfile id; empty: the default
};

// The lessons' ids, in menu order, and their menu titles ("Depth vs width"; empty when unknown).
std::vector<std::string> lessonIds();
std::string lessonTitle(std::string_view id);

// The lesson, worked out on the catalogue's presets. Throws std::invalid_argument for an unknown
// id, when the preset it needs is not in `presets`, or when it needs a GPU the inputs lack.
Lesson buildLesson(std::string_view id, const std::vector<Preset>& presets,
                   const LessonInputs& inputs = {});

} // namespace llmsizer
