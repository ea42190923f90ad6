#include "ui/shell/edithistory.h"

#include "ui/state/configmodel.h"

#include <QAction>
#include <QDateTime>
#include <QUndoCommand>
#include <QUndoStack>

namespace llmsizer::ui {

namespace {

// Edits of knobs and the workload merge when they come within this many milliseconds of each
// other (a slider drag, the arrow keys held down).
constexpr qint64 kMergeMs = 700;

class EditCommand : public QUndoCommand {
public:
    EditCommand(EditHistory* history, EditHistory::State before, EditHistory::State after,
                bool load, const QString& text)
        : QUndoCommand(text), m_history(history), m_before(std::move(before)),
          m_after(std::move(after)), m_load(load), m_at(QDateTime::currentMSecsSinceEpoch())
    {
    }
    void undo() override { m_history->restore(m_before); }
    void redo() override
    {
        if (m_pushed) {
            m_history->restore(m_after);
        }
        m_pushed = true; // the first redo is the push: the edit has already happened
    }
    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* o = static_cast<const EditCommand*>(other);
        if (m_load || o->m_load || o->m_at - m_at > kMergeMs) {
            return false;
        }
        m_after = o->m_after;
        m_at = o->m_at;
        return true;
    }

private:
    EditHistory* m_history;
    EditHistory::State m_before;
    EditHistory::State m_after;
    bool m_load;
    qint64 m_at;
    bool m_pushed = false;
};

} // namespace

EditHistory::EditHistory(ConfigModel* model, QObject* parent)
    : QObject(parent), m_model(model), m_stack(new QUndoStack(this)),
      m_undo(m_stack->createUndoAction(this, tr("&Undo"))),
      m_redo(m_stack->createRedoAction(this, tr("&Redo")))
{
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
    m_last = current();
    using Change = ConfigModel::Change;
    connect(m_model, &ConfigModel::changed, this, [this](ConfigModel::Changes what) {
        if (m_restoring) {
            return;
        }
        if (what.testFlag(Change::Checkpoint)) {
            m_stack->clear();
            m_last = current();
            return;
        }
        if (what.testFlag(Change::Configuration) || what.testFlag(Change::Workload) ||
            what.testFlag(Change::ModelLoaded)) {
            record(what.testFlag(Change::ModelLoaded));
        }
    });
}

EditHistory::~EditHistory() = default;

EditHistory::State EditHistory::current() const
{
    return {m_model->presetId(), m_model->modelName(), m_model->baseConfig(),
            m_model->config(),   m_model->context(),   m_model->batch()};
}

void EditHistory::record(bool load)
{
    const State now = current();
    if (now == m_last) {
        return;
    }
    // The first model the app opens is where the history starts, not a step back to nothing.
    if (m_last.presetId.isEmpty() && m_stack->count() == 0 && load) {
        m_last = now;
        return;
    }
    const QString text = load ? tr("open %1").arg(now.name) : tr("edit %1").arg(now.name);
    m_stack->push(new EditCommand(this, m_last, now, load, text));
    m_last = now;
}

void EditHistory::restore(const State& state)
{
    // One evaluation for the whole state (the model, its edits and the workload).
    m_restoring = true;
    m_model->restoreEdit(state.base, state.presetId, state.name, state.config, state.context,
                         state.batch);
    m_restoring = false;
    m_last = current();
}

} // namespace llmsizer::ui
