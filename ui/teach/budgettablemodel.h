#pragma once

#include "llmsizer/present/budget.h"

#include <QAbstractTableModel>

namespace llmsizer::ui {

// The compute-budget candidates (searchBudget) as a table: one row per configuration that fits,
// in the search's ranking; the columns and cell texts are the core's (explore_tables.h).
// Qt::DisplayRole is the text, Qt::UserRole the number to sort by, Qt::ToolTipRole explains the
// column.
class BudgetTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    void setResult(BudgetSearchResult result);
    const BudgetSearchResult& result() const { return m_result; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    BudgetSearchResult m_result;
};

} // namespace llmsizer::ui
