#include "llmsizer/present/family.h"

#include <exception>

namespace llmsizer {

bool FamilyCurve::sameShapes(const Family& f) const
{
    return base == f.base && target == f.target && rules == f.rules &&
           anchor_layers == f.anchor_layers && anchor_d_model == f.anchor_d_model;
}

bool FamilyCurve::drawnFrom(const Family& f) const
{
    return sameShapes(f) && context == f.context;
}

namespace {

std::shared_ptr<const FamilyCurve> drawFamily(const Family& f)
{
    auto c = std::make_shared<FamilyCurve>();
    c->base = f.base;
    c->target = f.target;
    c->rules = f.rules;
    c->context = f.context;
    c->anchor_layers = f.anchor_layers;
    c->anchor_d_model = f.anchor_d_model;
    try {
        c->range = isoRange(f.base, f.anchor_layers);
        c->curve = isoCurve(f.base, f.target, c->range.layers_from, c->range.layers_to,
                            c->range.step, f.rules, f.context);
        c->layer_steps = isoLayerSteps(c->range);
        c->width_steps = isoWidthSteps(f.base, f.target, c->range, f.rules, f.anchor_d_model);
        c->reference = shapeMetrics(f.base, f.context);
        c->ratios = scalingRatios(f.base, f.rules);
    } catch (const std::exception& e) {
        c->curve.clear();
        c->error = e.what();
    }
    return c;
}

// `from` at the family's context: the same points, each measured again (one count each, where
// drawing the curve searches every point's width).
std::shared_ptr<const FamilyCurve> atContext(const FamilyCurve& from, const Family& f)
{
    auto c = std::make_shared<FamilyCurve>(from);
    c->context = f.context;
    try {
        for (IsoPoint& p : c->curve) {
            p.metrics = shapeMetrics(p.solution.config, f.context);
        }
        c->reference = shapeMetrics(f.base, f.context);
    } catch (const std::exception& e) {
        c->curve.clear();
        c->error = e.what();
    }
    return c;
}

std::shared_ptr<const FamilyCurve> familyOf(const Family& f, const FamilySnapshot* previous)
{
    if (previous == nullptr || !previous->family) {
        return drawFamily(f);
    }
    const FamilyCurve& last = *previous->family;
    if (last.drawnFrom(f)) {
        return previous->family;
    }
    return last.sameShapes(f) && last.error.empty() ? atContext(last, f) : drawFamily(f);
}

} // namespace

FamilySnapshot evaluate(const Family& f, const FamilySnapshot* previous)
{
    FamilySnapshot s;
    s.family = familyOf(f, previous);
    try {
        s.metrics = shapeMetrics(f.current, f.current_count, f.context);
        s.solution = f.solved ? *f.solved : isoDistance(f.current, f.current_count.total, f.target);
    } catch (const std::exception& e) {
        s.error = e.what();
        if (previous != nullptr) { // the last point stays on screen, with the message
            s.metrics = previous->metrics;
            s.solution = previous->solution;
        }
    }
    return s;
}

} // namespace llmsizer
