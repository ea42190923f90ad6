#include "ui/hardware/hardwaretable.h"

#include "ui/state/hardwaremodel.h"
#include "ui/state/qstrings.h"

#include <QColor>
#include <QFont>

namespace llmsizer::ui {

HardwareTableModel::HardwareTableModel(HardwareModel* model, QObject* parent)
    : QAbstractTableModel(parent), m_model(model)
{
    connect(m_model, &HardwareModel::rowsChanged, this, [this] {
        beginResetModel();
        endResetModel();
    });
}

int HardwareTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_model->rows().size());
}

int HardwareTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(HardwareColumn::Count);
}

const HardwareRow& HardwareTableModel::row(int r) const
{
    return m_model->rows().at(static_cast<std::size_t>(r));
}

void HardwareTableModel::setDark(bool dark)
{
    m_dark = dark;
    if (rowCount() > 0) {
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                         {Qt::ForegroundRole});
    }
}

QVariant HardwareTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) {
        return {};
    }
    const HardwareRow& r = row(index.row());
    const auto col = static_cast<HardwareColumn>(index.column());
    const HardwareCell& cell = r.cells.at(static_cast<std::size_t>(index.column()));
    switch (role) {
    case Qt::DisplayRole:
        return qs(cell.text);
    case SortRole:
        if (col == HardwareColumn::Model || col == HardwareColumn::Family ||
            col == HardwareColumn::Precision) {
            return qs(cell.text);
        }
        return cell.sort;
    case PresetRole:
        return qs(r.model_id);
    case PrecisionRole:
        return qs(r.precision_id);
    case Qt::ToolTipRole:
        return qs(r.tooltip);
    case Qt::TextAlignmentRole:
        if (col == HardwareColumn::Model || col == HardwareColumn::Family ||
            col == HardwareColumn::Precision || col == HardwareColumn::Verdict ||
            col == HardwareColumn::Machine) {
            return int(Qt::AlignLeft | Qt::AlignVCenter);
        }
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (col == HardwareColumn::Verdict) {
            switch (r.verdict) {
            case RunVerdict::Fits:
            case RunVerdict::FitsTp:
                return m_dark ? QColor(0x8c, 0xe8, 0x9c) : QColor(0x1b, 0x7a, 0x32);
            case RunVerdict::ExpertsInRam:
            case RunVerdict::Offload:
                return m_dark ? QColor(0xf0, 0xc0, 0x60) : QColor(0x9a, 0x64, 0x00);
            case RunVerdict::No:
                return m_dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x20, 0x20);
            }
        }
        return {};
    case Qt::FontRole:
        if (r.current) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        return {};
    default:
        return {};
    }
}

QVariant HardwareTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) {
        return {};
    }
    const auto col = static_cast<HardwareColumn>(section);
    if (role == Qt::DisplayRole) {
        return qs(hardwareColumnTitle(col, m_model->units()));
    }
    if (role == Qt::ToolTipRole) {
        return qs(hardwareColumnTip(col));
    }
    return {};
}

HardwareFilterModel::HardwareFilterModel(HardwareTableModel* source, QObject* parent)
    : QSortFilterProxyModel(parent), m_table(source)
{
    setSourceModel(source);
    setSortRole(HardwareTableModel::SortRole);
}

void HardwareFilterModel::setFilter(const HardwareFilter& filter)
{
    m_filter = filter;
    invalidateFilter();
}

bool HardwareFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    (void)sourceParent;
    return hardwareRowPasses(m_table->row(sourceRow), m_filter);
}

bool HardwareFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant a = left.data(HardwareTableModel::SortRole);
    const QVariant b = right.data(HardwareTableModel::SortRole);
    if (a.typeId() == QMetaType::QString) {
        return a.toString().compare(b.toString(), Qt::CaseInsensitive) < 0;
    }
    return a.toDouble() < b.toDouble();
}

} // namespace llmsizer::ui
