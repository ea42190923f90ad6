#include "llmsizer/present/fit.h"

#include "llmsizer/precision/precision.h"

#include <exception>
#include <map>

namespace llmsizer {

namespace {

FitExerciseRow exerciseRow(const std::string& precision, const FitResult& r, ByteUnits units)
{
    FitExerciseRow row;
    row.precision = precision;
    row.cells = {precisionById(precision).label,
                 r.found ? countWithShort(r.best.params) : "nothing fits",
                 r.found ? shapeText(r.best.config) : std::string(),
                 r.found ? formatBytes(r.headroom_bytes, units) : std::string(),
                 r.has_next ? shortCount(r.next.params) : std::string()};
    return row;
}

} // namespace

FitSnapshot evaluate(const FitQuestion& q, const GpuCatalog& catalog, CountCache& counts)
{
    FitSnapshot s;
    const GpuSpec* gpu = catalog.find(q.gpu);
    if (gpu == nullptr) {
        s.error = "unknown GPU '" + q.gpu + "'";
        return s;
    }
    FitPath path;
    path.keep_layers = q.keep_layers;
    // The family rule every view uses (explore.h): head_dim and the queries per KV head kept (no
    // prime head counts forced to one KV head); or the exact KV head count of the base.
    ShapeRules rules;
    rules.kv = q.exact_kv ? KvScaling::KeepCountExact : KvScaling::Auto;
    const auto budgetAt = [&](const std::string& precision) {
        return fitBudgetFor(*gpu, q.gpus, precision, q.kv_precision, q.context, q.batch,
                            q.overhead);
    };
    try {
        std::map<std::string, FitResult> searched;
        s.budget = budgetAt(q.precision);
        s.result = largestThatFits(counts, q.base, s.budget, path, rules);
        searched.emplace(q.precision, s.result);
        s.lines = fitLines(s.result, s.budget, q.units);
        s.width_rule = widthRuleText(q.base, rules);
        for (const char* precision : kFitExercisePrecisions) {
            auto it = searched.find(precision);
            if (it == searched.end()) {
                it = searched
                         .emplace(precision,
                                  largestThatFits(counts, q.base, budgetAt(precision), path, rules))
                         .first;
            }
            s.exercise.push_back(exerciseRow(precision, it->second, q.units));
        }
        s.ok = true;
    } catch (const std::exception& e) {
        s = FitSnapshot{};
        s.error = e.what();
    }
    return s;
}

} // namespace llmsizer
