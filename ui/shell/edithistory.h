#pragma once

#include "llmsizer/model/model.h"

#include <QObject>
#include <QString>
#include <cstdint>

class QAction;
class QUndoStack;

namespace llmsizer::ui {

class ConfigModel;

// Undo and redo for every edit of the model and the workload (a knob, a typed value, context,
// batch, a preset or file loaded, reset), so a teacher can step back through a demonstration.
// A drag of a slider is one step: edits that follow each other within a moment merge. Display
// options (precision, units, GPU lines) are not edits of the model and are not recorded; opening
// a checkpoint starts a new history (its per-tensor breakdown cannot be restored from a state).
class EditHistory : public QObject {
    Q_OBJECT
public:
    EditHistory(ConfigModel* model, QObject* parent = nullptr);
    ~EditHistory() override;

    QUndoStack* stack() const { return m_stack; }
    QAction* undoAction() const { return m_undo; }
    QAction* redoAction() const { return m_redo; }

    // What a state holds: the loaded model (preset id or name and its base configuration) and
    // the edited configuration and workload.
    struct State {
        QString presetId;
        QString name;
        ModelConfig base;
        ModelConfig config;
        std::uint64_t context = 0;
        std::uint64_t batch = 1;
        bool operator==(const State&) const = default;
    };
    State current() const;
    // Brings the model to `state` (used by undo and redo; not recorded).
    void restore(const State& state);

private:
    void record(bool load);

    ConfigModel* m_model;
    QUndoStack* m_stack;
    QAction* m_undo;
    QAction* m_redo;
    State m_last;
    bool m_restoring = false;
};

} // namespace llmsizer::ui
