#include "ui/compare/comparetablemodel.h"

#include "ui/kit/presentation.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/qstrings.h"

#include <QFont>

namespace llmsizer::ui {

CompareTableModel::CompareTableModel(ComparisonModel* comparison, QObject* parent)
    : QAbstractTableModel(parent), m_comparison(comparison)
{
    connect(m_comparison, &ComparisonModel::changed, this, &CompareTableModel::update);
}

void CompareTableModel::reset()
{
    ++m_resets;
    beginResetModel();
    m_shown = m_comparison->table();
    endResetModel();
}

namespace {

bool sameCell(const TableCell& a, const TableCell& b)
{
    return a.integral == b.integral && a.integer == b.integer && a.real == b.real &&
           a.text == b.text && a.short_text == b.short_text && a.detail == b.detail;
}

} // namespace

void CompareTableModel::update()
{
    const ComparisonTable& now = m_comparison->table();
    bool sameShape = now.names == m_shown.names && now.rows.size() == m_shown.rows.size();
    for (std::size_t r = 0; sameShape && r < now.rows.size(); ++r) {
        sameShape = now.rows[r].key == m_shown.rows[r].key &&
                    now.rows[r].cells.size() == m_shown.rows[r].cells.size();
    }
    if (!sameShape || now.rows.empty() || now.names.empty()) {
        reset();
        return;
    }
    ++m_rowUpdates;
    std::vector<std::pair<int, int>> cells; // (row, column) of each changed cell
    std::vector<int> headers;               // rows whose label, unit or highlight changed
    for (std::size_t r = 0; r < now.rows.size(); ++r) {
        const TableRow& a = m_shown.rows[r];
        const TableRow& b = now.rows[r];
        const bool rowLook = a.differs != b.differs || a.unit != b.unit || a.label != b.label;
        if (rowLook || a.short_label != b.short_label) {
            headers.push_back(static_cast<int>(r));
        }
        for (std::size_t c = 0; c < a.cells.size(); ++c) {
            if (rowLook || !sameCell(a.cells[c], b.cells[c])) {
                cells.emplace_back(static_cast<int>(r), static_cast<int>(c));
            }
        }
    }
    m_shown = now;
    // One signal a cell: a view repaints a single cell's rectangle, but the whole viewport for a
    // range of more than one.
    for (const auto& [r, c] : cells) {
        emit dataChanged(index(r, c), index(r, c));
    }
    // One signal per run of consecutive header rows.
    const auto runs = [](const std::vector<int>& rows, auto emitRun) {
        for (std::size_t i = 0; i < rows.size();) {
            std::size_t j = i;
            while (j + 1 < rows.size() && rows[j + 1] == rows[j] + 1) {
                ++j;
            }
            emitRun(rows[i], rows[j]);
            i = j + 1;
        }
    };
    runs(headers, [this](int first, int last) { emit rowLabelsChanged(first, last); });
}

int CompareTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_comparison->table().rows.size());
}

int CompareTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_comparison->table().names.size());
}

QVariant CompareTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) {
        return {};
    }
    const TableRow& row = m_comparison->table().rows[static_cast<std::size_t>(index.row())];
    const TableCell& cell = row.cells[static_cast<std::size_t>(index.column())];
    switch (role) {
    case Qt::DisplayRole:
        return qs(presentationMode() && !cell.short_text.empty() ? cell.short_text : cell.text);
    case Qt::ToolTipRole:
        if (!cell.detail.empty()) {
            return QStringLiteral("%1: %2").arg(qs(row.label), qs(cell.detail));
        }
        return QStringLiteral("%1: %2 %3").arg(qs(row.label), qs(cell.exact()), qs(row.unit));
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        return row.differs ? QVariant(highlight()) : QVariant();
    case ExactRole:
        return qs(cell.exact());
    case DiffersRole:
        return row.differs;
    case KeyRole:
        return qs(row.key);
    default:
        return {};
    }
}

QVariant CompareTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    const ComparisonTable& table = m_comparison->table();
    if (orientation == Qt::Horizontal) {
        if (section < 0 || section >= static_cast<int>(table.names.size())) {
            return {};
        }
        if (role == Qt::DisplayRole) {
            return qs(table.names[static_cast<std::size_t>(section)]);
        }
        if (role == Qt::ToolTipRole) {
            const std::string& preset =
                m_comparison->entries()[static_cast<std::size_t>(section)].preset_id;
            return preset.empty() ? tr("Custom configuration")
                                  : tr("From preset %1").arg(qs(preset));
        }
        return {};
    }
    if (section < 0 || section >= static_cast<int>(table.rows.size())) {
        return {};
    }
    const TableRow& row = table.rows[static_cast<std::size_t>(section)];
    switch (role) {
    case Qt::DisplayRole:
        return qs(presentationMode() && !row.short_label.empty() ? row.short_label : row.label);
    case Qt::ToolTipRole:
        return row.differs
                   ? tr("%1 (%2): differs between the models").arg(qs(row.label), qs(row.key))
                   : tr("%1 (%2): the same for every model").arg(qs(row.label), qs(row.key));
    case Qt::FontRole: {
        QFont f;
        f.setBold(row.differs);
        return f;
    }
    case Qt::BackgroundRole:
        return row.differs ? QVariant(highlight()) : QVariant();
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    default:
        return {};
    }
}

void CompareTableModel::setDark(bool dark)
{
    if (dark != m_dark) {
        m_dark = dark;
        reset();
    }
}

void CompareTableModel::presentationChanged()
{
    if (rowCount() > 0 && columnCount() > 0) {
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::DisplayRole});
        emit headerDataChanged(Qt::Vertical, 0, rowCount() - 1);
    }
}

QColor CompareTableModel::highlight() const
{
    return m_dark ? QColor(0x453812) : QColor(0xFFF1C2);
}

} // namespace llmsizer::ui
