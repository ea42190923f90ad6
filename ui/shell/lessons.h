#pragma once

#include "llmsizer/catalog/session.h"
#include "llmsizer/present/budget.h"
#include "ui/state/fitmodel.h"

#include <QFrame>
#include <QString>
#include <cstdint>
#include <optional>

class QLabel;
class QMenu;
class QToolButton;

namespace llmsizer::ui {

class ConfigModel;
class MainWindow;

// Help > Lessons: one-click demonstrations for class (present/lessons.h). A lesson loads its
// preset, shows its view, frames the summary figure to look at, may put models side by side in
// the Compare window, and says in a bar above the views what the class should see, with the
// numbers. The bar's "End lesson" ends it and puts back everything the lesson changed: the
// working state as a session holds it (model, comparison, workload, GPU lines, precisions,
// baseline), the tab, the Compare window's visibility and the Largest-that-fits and Compute-
// budget questions, as they were before the first lesson started (one lesson after another
// returns to the state before the first). Back and Next step through the lessons as a course, each
// starting from that same state.
class Lessons : public QFrame {
    Q_OBJECT
public:
    Lessons(MainWindow* window, ConfigModel* model);

    // One entry per lesson.
    void addMenuEntries(QMenu* menu);
    // Starts a lesson by id ("depth-vs-width", "gqa-saving", "rule-vs-exact"); false for an
    // unknown id or a catalogue without its preset.
    bool start(const QString& id);
    // The next (`by` 1) or previous (-1) lesson of the course; false at either end or with no
    // lesson on.
    bool step(int by);
    void stop();
    QString current() const { return m_current; }
    QString text() const;

private:
    // What a lesson may change, as it was before the first lesson started.
    struct Saved {
        Session session;
        QString view;
        bool compareShown = false;
        bool compareOwnContexts = false; // the comparison's "each model's own" context
        FitModel::Choice fit;
        BudgetQuestion budget;
    };
    Saved capture() const;
    void restore(const Saved& saved);

    MainWindow* m_window;
    ConfigModel* m_model;
    QLabel* m_title;
    QLabel* m_text;
    QToolButton* m_back;
    QToolButton* m_next;
    QString m_current;
    std::optional<Saved> m_saved;
};

} // namespace llmsizer::ui
