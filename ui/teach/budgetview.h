#pragma once

#include "ui/kit/onceperturn.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace llmsizer::ui {

class BudgetChart;
class BudgetModel;
class BudgetTableModel;

// The sizing chapter's compute-budget exercise as a view: under a FLOP budget (default 1e24) and a
// token count (default: 20 per parameter, the Chinchilla rule), every configuration of a layers ×
// d_model grid that fits, ranked (searchBudget), in a sortable table, and a chart of Chinchilla's
// loss against the parameters at that budget with the grid on it (budget_chart.h). The family is
// the sizing chapter's own or the current model's. The view writes its fields to the BudgetModel
// (ui/state), which evaluates them (budget.h), and shows the snapshot.
class BudgetView : public QWidget {
    Q_OBJECT
public:
    explicit BudgetView(BudgetModel* model, QWidget* parent = nullptr);

    BudgetTableModel* tableModel() const { return m_table; }
    QTableView* tableView() const { return m_view; }
    QLineEdit* budgetEdit() const { return m_budget; }
    QLineEdit* tokensEdit() const { return m_tokens; }
    QComboBox* rankingBox() const { return m_ranking; }
    QComboBox* familyBox() const { return m_family; }
    QLabel* summaryLabel() const { return m_summary; }
    BudgetChart* chart() const { return m_chart; }
    BudgetModel* model() const { return m_model; }
    // Asks the fields' question now (the view also asks when shown after a change).
    void search();

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void ask();
    void showSnapshot();
    void showQuestion();
    // Presentation mode (presentation.h), or a table wider than the view (a 1280-pixel
    // projector): the table keeps the columns a class reads (rank, shape, parameters, tokens,
    // budget used and the ranking's own), so that it fits without scrolling sideways.
    void showColumns();
    // A resize measures the columns once per turn of the event loop, not on every step of a drag.
    OncePerTurn m_fitColumns{this, [this] { showColumns(); }};

    BudgetModel* m_model;
    QLineEdit* m_budget;
    QLineEdit* m_tokens;
    QComboBox* m_ranking;
    QComboBox* m_family;
    QLineEdit* m_layers;
    QLineEdit* m_widths;
    QLabel* m_summary;
    BudgetTableModel* m_table;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_view;
    BudgetChart* m_chart;
    QSplitter* m_split;
};

} // namespace llmsizer::ui
