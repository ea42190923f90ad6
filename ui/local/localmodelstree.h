#pragma once

#include <QAbstractItemModel>
#include <QSortFilterProxyModel>

namespace llmsizer::ui {

class LocalModelsModel;

// My models as a tree: a row per model, its copies under it when it has several (rows from the
// presentation layer, local_view.h). Rows with an architecture can be dragged (into Compare).
class LocalModelsTree : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Roles {
        SortRole = Qt::UserRole + 1,
        ModelRole, // index into the scan's models
        CopyRole,  // index into its copies
    };
    explicit LocalModelsTree(LocalModelsModel* model, QObject* parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    void setDark(bool dark);

private:
    LocalModelsModel* m_model;
    bool m_dark = false;
};

// Sorting by the sort role, children within their model.
class LocalModelsSort : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit LocalModelsSort(LocalModelsTree* source, QObject* parent = nullptr);
};

} // namespace llmsizer::ui
