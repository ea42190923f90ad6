#pragma once

#include <QObject>
#include <QStringList>

class QMenu;
class QTabWidget;
class QWidget;

namespace llmsizer::ui {

class BudgetModel;
class BudgetView;
class ConfigModel;
class ExploreModel;
class ExplorerView;
class FitModel;
class FitSolverView;
class MathPanel;

// The list of every tab of the main window, in one place: the Overview, My hardware and My models
// (made by the window), then the teaching views made here (the depth-vs-width explorer, "show the
// math", the compute-budget search and the largest model that fits) with the state they read.
// It also gives each tab its View menu entry (Ctrl+1…) and shows a tab by name.
class ViewTabs : public QObject {
    Q_OBJECT
public:
    ViewTabs(ConfigModel* model, QWidget* parent);

    // Adds every tab, in viewNames() order.
    void addTabs(QTabWidget* tabs, QWidget* overview, QWidget* hardware, QWidget* models);
    // Adds one entry per tab and the presentation toggle.
    void addMenuEntries(QMenu* view);
    // Shows a tab by name (viewNames()).
    bool showView(const QString& name);
    // "overview", "hardware", "models", "explorer", "math", "budget", "fit".
    static QStringList viewNames();
    // The name of the tab showing ("" before the tabs are added).
    QString currentView() const;

    ExploreModel* exploreModel() const { return m_exploreModel; }
    BudgetModel* budgetModel() const { return m_budgetModel; }
    FitModel* fitModel() const { return m_fitModel; }
    ExplorerView* explorer() const { return m_explorer; }
    MathPanel* math() const { return m_math; }
    BudgetView* budget() const { return m_budget; }
    FitSolverView* fit() const { return m_fit; }

private:
    QTabWidget* m_tabs = nullptr;
    ExploreModel* m_exploreModel;
    BudgetModel* m_budgetModel;
    FitModel* m_fitModel;
    ExplorerView* m_explorer;
    MathPanel* m_math;
    BudgetView* m_budget;
    FitSolverView* m_fit;
};

} // namespace llmsizer::ui
