#pragma once

#include "llmsizer/present/hardware_view.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

namespace llmsizer::ui {

class HardwareModel;

// The My hardware rows as a Qt item model: the texts and sort keys come from the presentation
// layer (hardware_view.h); the verdict column is coloured green, amber or red.
class HardwareTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Roles {
        SortRole = Qt::UserRole + 1,
        PresetRole,    // the preset id ("" for the model being looked at)
        PrecisionRole, // the precision id
    };
    explicit HardwareTableModel(HardwareModel* model, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    const HardwareRow& row(int r) const;
    void setDark(bool dark);

private:
    HardwareModel* m_model;
    bool m_dark = false;
};

// The filters of the view over the table model (hardwareRowPasses); sorting by the sort role.
class HardwareFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit HardwareFilterModel(HardwareTableModel* source, QObject* parent = nullptr);
    void setFilter(const HardwareFilter& filter);
    const HardwareFilter& filter() const { return m_filter; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    HardwareTableModel* m_table;
    HardwareFilter m_filter;
};

} // namespace llmsizer::ui
