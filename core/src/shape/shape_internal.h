#pragma once

// Shared by shape_rule.cpp and the width solvers (explore.cpp). Not installed: the public API is
// llmsizer/shape/explore.h.
#include "llmsizer/model/model.h"
#include "llmsizer/shape/explore.h"

#include <cstdint>

namespace llmsizer::shapedetail {

// reshape(base, d_model, n_layers, rules) with `step` = widthStep(base, rules) given: a solver
// that reshapes one base hundreds of times works the step (and validates the base) out once.
ModelConfig reshapeAtStep(const ModelConfig& base, std::uint64_t d_model, std::uint64_t n_layers,
                          const ShapeRules& rules, std::uint64_t step);

} // namespace llmsizer::shapedetail
