#pragma once

#include "llmsizer/model/count.h"
#include "llmsizer/model/model.h"
#include "llmsizer/present/explore_view.h"
#include "llmsizer/shape/explore.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// The Depth × width explorer's evaluation: a family (the shape the sliders reshape, its rules and
// the locked parameter total) and the current point in; the equal-parameter curve, the sliders'
// steps, the scaling ratios and the current shape's metrics and distance from the target out.
// ExploreModel (ui/state) holds one Family and its snapshot.
namespace llmsizer {

struct Family {
    ModelConfig base;         // the family's base shape
    std::uint64_t target = 0; // the locked parameter total
    ShapeRules rules;
    std::uint64_t context = 0;        // the workload's context, for the metrics
    std::uint64_t anchor_layers = 0;  // the layer count the curve's range is drawn around
    std::uint64_t anchor_d_model = 0; // a width the d_model slider offers besides its steps
    // The current point: its configuration and count (counted once, by the Overview's evaluate),
    // and the solver's own result when the shape came from the solver.
    ModelConfig current;
    ParamCount current_count;
    std::optional<IsoSolution> solved;
};

// What depends on the family alone (not on the current point).
struct FamilyCurve {
    std::vector<IsoPoint> curve;
    IsoRange range;
    std::vector<std::uint64_t> layer_steps;
    std::vector<std::uint64_t> width_steps;
    ShapeMetrics reference; // the family base's metrics
    ScalingRatios ratios;
    std::string error; // the core's message when the family could not be drawn

    // What it was drawn from: a snapshot of the same family reuses it.
    ModelConfig base;
    std::uint64_t target = 0;
    ShapeRules rules;
    std::uint64_t context = 0;
    std::uint64_t anchor_layers = 0;
    std::uint64_t anchor_d_model = 0;
    bool drawnFrom(const Family& family) const;
    // The same shapes as `family` draws, whatever its context.
    bool sameShapes(const Family& family) const;
};

struct FamilySnapshot {
    std::shared_ptr<const FamilyCurve> family; // never null after evaluate
    ShapeMetrics metrics;                      // the current shape's
    IsoSolution solution;                      // the current shape against the target
    std::string error; // the core's message when the current point could not be measured
};

// Evaluates the explorer. The family's curve, steps and ratios are drawn only when `previous`
// (the last snapshot) was drawn from another family: a slider step along the family costs the
// current point's metrics alone, and a new context the metrics of the curve's points (its shapes
// do not depend on it).
FamilySnapshot evaluate(const Family& family, const FamilySnapshot* previous = nullptr);

} // namespace llmsizer
