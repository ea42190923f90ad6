#pragma once

#include "llmsizer/present/explore_view.h"
#include "llmsizer/shape/explore.h"
#include "ui/state/configmodel.h"

#include <QObject>
#include <QString>
#include <cstdint>
#include <vector>

namespace llmsizer::ui {

// The depth-vs-width explorer's state next to the ConfigModel: the family (the shape the sliders
// reshape, explore.h's ShapeRules), the locked parameter total and what the core computes for
// them: the iso curve, the slider tables, the scaling ratios and the current shape's distance
// from the target. With the lock on, setLayers() solves the width (solveWidth) and setDModel()
// the depth (solveDepth), and the solution goes to the ConfigModel, so every other view follows.
//
// Any other edit of the configuration keeps the family when the new configuration is still one of
// its members, and otherwise makes it the new family base; loading another model also resets the
// target to that model's total. While inactive (no explorer view visible) nothing is computed;
// setActive(true) catches up.
class ExploreModel : public QObject {
    Q_OBJECT
public:
    explicit ExploreModel(ConfigModel* model, QObject* parent = nullptr);

    ConfigModel* configModel() const { return m_model; }
    void setActive(bool active);
    bool isActive() const { return m_active; }

    bool locked() const { return m_locked; }
    void setLocked(bool locked);
    std::uint64_t target() const { return m_target; }
    void setTarget(std::uint64_t target);
    void lockCurrentTotal(); // target = the current configuration's total
    void usePresetTotal();   // target = the loaded preset's (or file's) total
    // Keep the base's KV head count exactly (KvScaling::KeepCountExact) instead of the default.
    bool exactKv() const { return m_rules.kv == KvScaling::KeepCountExact; }
    void setExactKv(bool exact);
    const ShapeRules& rules() const { return m_rules; }
    const ModelConfig& base() const { return m_base; }
    // The family rule as a sentence (explore.h widthRuleText), the one the Overview states too.
    QString widthRule() const;

    // Edits from the explorer's sliders. Locked: the other dimension is solved for the target.
    // Unlocked: the family member with the other dimension kept.
    void setLayers(std::uint64_t layers);
    void setDModel(std::uint64_t d_model);

    // The current configuration against the target (the solver's own result after a solve).
    const IsoSolution& solution() const { return m_solution; }
    bool solved() const { return m_solved; } // the current shape came from the solver
    const std::vector<IsoPoint>& curve() const { return m_curve; }
    const IsoRange& range() const { return m_range; }
    const std::vector<std::uint64_t>& layerSteps() const { return m_layerSteps; }
    const std::vector<std::uint64_t>& widthSteps() const { return m_widthSteps; }
    const ShapeMetrics& metrics() const { return m_metrics; }     // the current shape
    const ShapeMetrics& reference() const { return m_reference; } // the family base
    const ScalingRatios& ratios() const { return m_ratios; }
    QString errorText() const { return m_error; } // the core's message when a step failed
    int recomputeCount() const { return m_recomputes; }

signals:
    // The current point moved (after a solve or any configuration change).
    void changed();
    // The family, the target or the rules changed: curve, tables and ratios are new.
    void familyChanged();

private:
    void onConfigChanged(ConfigModel::Changes what);
    void rebuildFamily();
    void updateCurrent();
    void applyConfig(const IsoSolution& solution);

    ConfigModel* m_model;
    bool m_active = false;
    bool m_dirty = true;
    bool m_applying = false;
    bool m_locked = true;
    bool m_solved = false;
    ShapeRules m_rules;
    ModelConfig m_base;
    std::uint64_t m_target = 0;
    std::uint64_t m_context = 0;
    bool m_newModel = true;    // another model was loaded since the family was built
    bool m_changeSeen = false; // applyConfig: the ConfigModel reported the change
    IsoSolution m_solution;
    std::vector<IsoPoint> m_curve;
    IsoRange m_range;
    std::vector<std::uint64_t> m_layerSteps;
    std::vector<std::uint64_t> m_widthSteps;
    ShapeMetrics m_metrics;
    ShapeMetrics m_reference;
    ScalingRatios m_ratios;
    QString m_error;
    int m_recomputes = 0;
};

} // namespace llmsizer::ui
