#include "ui/teach/budgettablemodel.h"

#include "llmsizer/present/explore_tables.h"

namespace llmsizer::ui {

void BudgetTableModel::setResult(BudgetSearchResult result)
{
    beginResetModel();
    m_result = std::move(result);
    endResetModel();
}

int BudgetTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_result.candidates.size());
}

int BudgetTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : kBudgetColumns;
}

QVariant BudgetTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) {
        return {};
    }
    const BudgetCandidate& c = m_result.candidates[static_cast<std::size_t>(index.row())];
    const auto column = static_cast<BudgetColumn>(index.column());
    const auto rank = static_cast<std::size_t>(index.row()) + 1;
    switch (role) {
    case Qt::DisplayRole:
        return QString::fromStdString(budgetCellText(c, column, rank));
    case Qt::UserRole:
        return budgetCellValue(c, column, rank);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant BudgetTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= kBudgetColumns) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    const auto column = static_cast<BudgetColumn>(section);
    if (role == Qt::DisplayRole) {
        return QString::fromStdString(budgetColumnTitle(column));
    }
    if (role == Qt::ToolTipRole) {
        return QString::fromStdString(budgetColumnToolTip(column));
    }
    return {};
}

} // namespace llmsizer::ui
