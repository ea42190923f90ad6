#pragma once

#include <QObject>
#include <QStringList>

class QMenu;
class QTabWidget;

namespace llmsizer::ui {

class BudgetView;
class ConfigModel;
class ExploreModel;
class ExplorerView;
class FitSolverView;
class MathPanel;
class Presentation;

// The teaching views of the app, made for the main window to add in a few lines: the
// depth-vs-width explorer, "show the math", the compute-budget search and the largest model that
// fits, as tabs, with View menu entries (Ctrl+1…) and presentation mode. It owns the explorer's
// state object; every view reads the shared ConfigModel.
class ExploreViews : public QObject {
    Q_OBJECT
public:
    ExploreViews(ConfigModel* model, QWidget* parent);

    // Adds the four views as tabs after the existing ones.
    void addTabs(QTabWidget* tabs);
    // Adds one entry per tab (the first `tabs` tab included) and the presentation toggle.
    void addMenuEntries(QMenu* view);
    // Shows a view by name: "overview" (the first tab), "explorer", "math", "budget", "fit".
    bool showView(const QString& name);
    static QStringList viewNames();

    ExploreModel* exploreModel() const { return m_exploreModel; }
    ExplorerView* explorer() const { return m_explorer; }
    MathPanel* math() const { return m_math; }
    BudgetView* budget() const { return m_budget; }
    FitSolverView* fit() const { return m_fit; }
    Presentation* presentation() const { return m_presentation; }

private:
    QTabWidget* m_tabs = nullptr;
    ExploreModel* m_exploreModel;
    ExplorerView* m_explorer;
    MathPanel* m_math;
    BudgetView* m_budget;
    FitSolverView* m_fit;
    Presentation* m_presentation;
};

} // namespace llmsizer::ui
