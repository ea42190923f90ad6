#include "ui/shell/edithistory.h"

#include "ui/state/configmodel.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDateTime>
#include <QKeyEvent>
#include <QLineEdit>
#include <QUndoCommand>
#include <QUndoStack>

namespace llmsizer::ui {

namespace {

// Edits of knobs and the workload merge when they come within this many milliseconds of each
// other (a slider drag, the arrow keys held down).
constexpr qint64 kMergeMs = 700;

// The redo keys: the platform's (Ctrl+Y, Ctrl+Shift+Z on Linux) and the action's own.
bool isRedoKey(const QKeyEvent* key)
{
    return key->matches(QKeySequence::Redo) ||
           key->keyCombination() == QKeyCombination(Qt::CTRL | Qt::SHIFT, Qt::Key_Z);
}

// The text field behind a focused widget: a line edit itself, or the one inside an editable
// combo box (the preset picker) or a spin box (a knob's value), which hand it their keys.
const QLineEdit* textFieldOf(QObject* focused)
{
    if (const auto* edit = qobject_cast<const QLineEdit*>(focused)) {
        return edit;
    }
    if (const auto* combo = qobject_cast<const QComboBox*>(focused)) {
        return combo->lineEdit();
    }
    if (qobject_cast<const QAbstractSpinBox*>(focused) != nullptr) {
        return focused->findChild<const QLineEdit*>(QString(), Qt::FindDirectChildrenOnly);
    }
    return nullptr;
}

// Undo and redo reach the app's history wherever the focus is. A text field claims Ctrl+Z even
// with nothing of its own to undo (right after a preset is picked, the picker keeps the focus
// and its text was set, not typed); then the key goes to the history. A field with typing of its
// own to undo keeps the key, as every text field does.
class UndoKeys : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::ShortcutOverride) {
            return false;
        }
        const auto* key = static_cast<QKeyEvent*>(event);
        const bool undo = key->matches(QKeySequence::Undo);
        const bool redo = !undo && isRedoKey(key);
        const QLineEdit* edit = undo || redo ? textFieldOf(watched) : nullptr;
        if (edit == nullptr || (undo ? edit->isUndoAvailable() : edit->isRedoAvailable())) {
            return false;
        }
        event->ignore(); // not the field's: the shortcut runs
        return true;
    }
};

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
    // Every window of the app (the Compare window, Help) steps back through the same edits.
    m_undo->setShortcutContext(Qt::ApplicationShortcut);
    m_redo->setShortcutContext(Qt::ApplicationShortcut);
    if (QCoreApplication::instance() != nullptr) {
        QCoreApplication::instance()->installEventFilter(new UndoKeys(this));
    }
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
