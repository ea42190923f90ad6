#pragma once

#include "llmsizer/catalog/gpu_choices.h"
#include "llmsizer/present/fit.h"

#include <QObject>
#include <QString>
#include <cstdint>

namespace llmsizer::ui {

class ConfigModel;

// The Largest that fits view's state next to the ConfigModel: the view's own choices (a GPU and
// how many, the weight precision, the family and its path) and the one evaluation of the
// presentation layer (fit.h). The workload (context, batch, KV cache precision), the runtime
// overhead and the units are the ConfigModel's Workspace, read when evaluating: nothing of the
// workload is held here. While inactive (the view hidden) nothing is evaluated; setActive(true)
// catches up. changed() fires once after each evaluation.
class FitModel : public QObject {
    Q_OBJECT
public:
    explicit FitModel(ConfigModel* model, QObject* parent = nullptr);

    struct Choice {
        QString gpu = QString::fromLatin1(kDefaultGpuId); // catalog id
        std::uint64_t gpus = 1;
        QString precision = QStringLiteral("int8");
        QString family; // a preset id; empty: the current model
        bool keepLayers = false;
        bool exactKv = false;
        bool weightsOnly = false; // no KV cache (the context field's "no KV cache")
        bool operator==(const Choice&) const = default;
    };
    const Choice& choice() const { return m_choice; }
    void setChoice(const Choice& choice);
    // A lesson's question: one `gpu`, weights at `precision`, the current model's family along
    // its own aspect ratio, and the workload set to `context` tokens of one sequence with an FP16
    // KV cache (one edit of the Workspace). False (nothing changed) for an unknown GPU or
    // precision.
    bool setExercise(const QString& gpu, const QString& precision, std::uint64_t context);

    ConfigModel* configModel() const { return m_model; }
    // The question the choice and the Workspace ask now.
    FitQuestion question() const;
    const FitSnapshot& snapshot() const { return m_snapshot; }

    void setActive(bool active);
    bool isActive() const { return m_active; }
    // Evaluates now when anything changed since the last evaluation.
    void refresh();
    int evaluations() const { return m_evaluations; }

signals:
    void changed();

private:
    void invalidate();

    ConfigModel* m_model;
    Choice m_choice;
    FitSnapshot m_snapshot;
    FitQuestion m_asked; // the question of m_snapshot
    bool m_active = false;
    bool m_stale = true; // ask again even when the question reads the same (a catalog edit)
    int m_evaluations = 0;
};

} // namespace llmsizer::ui
