#pragma once

#include "llmsizer/present/family.h"
#include "ui/state/configmodel.h"

#include <QObject>
#include <QString>
#include <cstdint>
#include <memory>
#include <vector>

namespace llmsizer::ui {

// The depth-vs-width explorer's state next to the ConfigModel: the family (the shape the sliders
// reshape, explore.h's ShapeRules) and the locked parameter total, and their one evaluation by
// the presentation layer (family.h evaluate): the iso curve, the slider tables, the scaling
// ratios and the current shape's distance from the target; a step along the family redraws
// nothing of the curve. With the lock on, setLayers() solves the width (solveWidth) and setDModel()
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
    std::uint64_t target() const { return m_family.target; }
    void setTarget(std::uint64_t target);
    void lockCurrentTotal(); // target = the current configuration's total
    void usePresetTotal();   // target = the loaded preset's (or file's) total
    // Keep the base's KV head count exactly (KvScaling::KeepCountExact) instead of the default.
    bool exactKv() const { return m_family.rules.kv == KvScaling::KeepCountExact; }
    void setExactKv(bool exact);
    const ShapeRules& rules() const { return m_family.rules; }
    const ModelConfig& base() const { return m_family.base; }
    // The family rule as a sentence (explore.h widthRuleText), the one the Overview states too.
    QString widthRule() const;

    // Edits from the explorer's sliders. Locked: the other dimension is solved for the target.
    // Unlocked: the family member with the other dimension kept.
    void setLayers(std::uint64_t layers);
    void setDModel(std::uint64_t d_model);

    // The current configuration against the target (the solver's own result after a solve).
    const FamilySnapshot& snapshot() const { return m_snapshot; }
    const IsoSolution& solution() const { return m_snapshot.solution; }
    bool solved() const { return m_family.solved.has_value(); } // the shape came from the solver
    const std::vector<IsoPoint>& curve() const { return m_snapshot.family->curve; }
    const IsoRange& range() const { return m_snapshot.family->range; }
    const std::vector<std::uint64_t>& layerSteps() const { return m_snapshot.family->layer_steps; }
    const std::vector<std::uint64_t>& widthSteps() const { return m_snapshot.family->width_steps; }
    const ShapeMetrics& metrics() const { return m_snapshot.metrics; } // the current shape
    const ShapeMetrics& reference() const { return m_snapshot.family->reference; } // the base
    const ScalingRatios& ratios() const { return m_snapshot.family->ratios; }
    QString errorText() const; // the core's message when a step failed
    int recomputeCount() const { return m_recomputes; }
    // Whether the family was drawn for a model just loaded (its charts then start from the
    // data's own ranges instead of keeping the last ones).
    bool familyIsNewModel() const { return m_familyIsNewModel; }

signals:
    // The current point moved (after a solve or any configuration change).
    void changed();
    // The family, the target or the rules changed: curve, tables and ratios are new.
    void familyChanged();

private:
    void onConfigChanged(ConfigModel::Changes what);
    void rebuildFamily();
    // Evaluates the family at the ConfigModel's current point (family.h).
    void updateCurrent();
    void remember(const std::shared_ptr<const FamilyCurve>& family);
    void applyConfig(const IsoSolution& solution);
    bool isMember(const ModelConfig& config) const;

    ConfigModel* m_model;
    bool m_active = false;
    bool m_dirty = true;
    bool m_applying = false;
    bool m_locked = true;
    bool m_newModel = true;    // another model was loaded since the family was built
    bool m_changeSeen = false; // applyConfig: the ConfigModel reported the change
    bool m_familyIsNewModel = true;
    Family m_family; // what the explorer is evaluated from (its point: updateCurrent)
    FamilySnapshot m_snapshot;
    // The last families drawn, newest first: a heads or KV heads slider dragged back and forth
    // draws each family once (a family's width search is the costliest part of such a step).
    std::vector<std::shared_ptr<const FamilyCurve>> m_drawn;
    QString m_error; // a solver's message (the snapshot holds the evaluation's own)
    int m_recomputes = 0;
};

} // namespace llmsizer::ui
