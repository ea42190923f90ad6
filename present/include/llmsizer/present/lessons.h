#pragma once

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
};

struct Lesson {
    std::string id;     // "depth-vs-width", "gqa-saving", "rule-vs-exact"
    std::string title;  // the menu entry: "Depth vs width"
    std::string preset; // loaded in the Overview (unless `model` is set)
    // A model of the lesson's own loaded in the Overview instead of the preset (an exercise's
    // shape); the preset is the one it was made from.
    std::optional<LessonModel> model;
    std::string view;      // the view shown: "overview", "math" (ExploreViews names)
    std::string highlight; // the Overview summary figure framed ("kv_context", "published")
    std::vector<LessonModel> compare; // side by side in the Compare window; empty: not opened
    std::string text;                 // what the class should see, with the numbers
};

// The lessons' ids, in menu order, and their menu titles ("Depth vs width"; empty when unknown).
std::vector<std::string> lessonIds();
std::string lessonTitle(std::string_view id);

// The lesson, worked out on the catalogue's presets. Throws std::invalid_argument for an unknown
// id or when the preset it needs is not in `presets`.
Lesson buildLesson(std::string_view id, const std::vector<Preset>& presets);

} // namespace llmsizer
