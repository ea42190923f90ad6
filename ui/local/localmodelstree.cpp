#include "ui/local/localmodelstree.h"

#include "llmsizer/present/local_view.h"
#include "ui/state/configmodel.h"
#include "ui/state/localmodelsmodel.h"
#include "ui/state/modelmime.h"
#include "ui/state/qstrings.h"

#include <QColor>
#include <QFont>

namespace llmsizer::ui {

namespace {

// internalId: 0 for a model's row, its row + 1 for the copies under it.
const LocalRowView* rowOf(const LocalModelsModel* m, const QModelIndex& index)
{
    const auto& rows = m->rows();
    if (!index.isValid()) {
        return nullptr;
    }
    if (index.internalId() == 0) {
        return static_cast<std::size_t>(index.row()) < rows.size()
                   ? &rows[static_cast<std::size_t>(index.row())]
                   : nullptr;
    }
    const auto top = static_cast<std::size_t>(index.internalId() - 1);
    if (top >= rows.size() || static_cast<std::size_t>(index.row()) >= rows[top].children.size()) {
        return nullptr;
    }
    return &rows[top].children[static_cast<std::size_t>(index.row())];
}

} // namespace

LocalModelsTree::LocalModelsTree(LocalModelsModel* model, QObject* parent)
    : QAbstractItemModel(parent), m_model(model)
{
    connect(m_model, &LocalModelsModel::rowsChanged, this, [this] {
        beginResetModel();
        endResetModel();
    });
}

QModelIndex LocalModelsTree::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= columnCount()) {
        return {};
    }
    if (!parent.isValid()) {
        return row < rowCount() ? createIndex(row, column, quintptr(0)) : QModelIndex();
    }
    if (parent.internalId() != 0 || row >= rowCount(parent)) {
        return {};
    }
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex LocalModelsTree::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == 0) {
        return {};
    }
    return createIndex(static_cast<int>(child.internalId() - 1), 0, quintptr(0));
}

int LocalModelsTree::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid()) {
        return static_cast<int>(m_model->rows().size());
    }
    if (parent.internalId() != 0 || parent.column() != 0) {
        return 0;
    }
    const LocalRowView* r = rowOf(m_model, parent);
    return r == nullptr ? 0 : static_cast<int>(r->children.size());
}

int LocalModelsTree::columnCount(const QModelIndex&) const
{
    return static_cast<int>(LocalColumn::Count);
}

QVariant LocalModelsTree::data(const QModelIndex& index, int role) const
{
    const LocalRowView* r = rowOf(m_model, index);
    if (r == nullptr) {
        return {};
    }
    const auto col = static_cast<LocalColumn>(index.column());
    const LocalCell& cell = r->cells.at(static_cast<std::size_t>(index.column()));
    switch (role) {
    case Qt::DisplayRole:
        return qs(cell.text);
    case SortRole:
        if (col == LocalColumn::Name || col == LocalColumn::Where ||
            col == LocalColumn::Architecture) {
            return qs(cell.text).toLower();
        }
        return cell.sort;
    case ModelRole:
        return static_cast<qulonglong>(r->model);
    case CopyRole:
        return static_cast<qulonglong>(r->copy);
    case Qt::ToolTipRole:
        return qs(r->tooltip);
    case Qt::TextAlignmentRole:
        if (col == LocalColumn::Params || col == LocalColumn::Disk || col == LocalColumn::Context) {
            return int(Qt::AlignRight | Qt::AlignVCenter);
        }
        return int(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (r->error) {
            return m_dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x20, 0x20);
        }
        if (col == LocalColumn::Runs && r->has_verdict) {
            switch (r->verdict) {
            case RunVerdict::Fits:
            case RunVerdict::FitsTp:
                return m_dark ? QColor(0x8c, 0xe8, 0x9c) : QColor(0x1b, 0x7a, 0x32);
            case RunVerdict::Offload:
            case RunVerdict::ExpertsInRam:
                return m_dark ? QColor(0xf0, 0xc0, 0x60) : QColor(0x9a, 0x64, 0x00);
            case RunVerdict::No:
                return m_dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x20, 0x20);
            }
        }
        if (col == LocalColumn::Params && r->partial) {
            return m_dark ? QColor(0xf0, 0xc0, 0x60) : QColor(0x9a, 0x64, 0x00);
        }
        return {};
    case Qt::FontRole:
        if (col == LocalColumn::Name && index.internalId() == 0) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    default:
        return {};
    }
}

QVariant LocalModelsTree::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) {
        return {};
    }
    const auto col = static_cast<LocalColumn>(section);
    if (role == Qt::DisplayRole) {
        return qs(localColumnTitle(col));
    }
    if (role == Qt::ToolTipRole) {
        return qs(localColumnTip(col));
    }
    return {};
}

Qt::ItemFlags LocalModelsTree::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractItemModel::flags(index);
    const LocalRowView* r = rowOf(m_model, index);
    const LocalCopy* c = r == nullptr ? nullptr : m_model->copy(r->model, r->copy);
    if (c != nullptr && c->config) {
        f |= Qt::ItemIsDragEnabled;
    }
    return f;
}

QStringList LocalModelsTree::mimeTypes() const
{
    return {kModelMimeType};
}

QMimeData* LocalModelsTree::mimeData(const QModelIndexList& indexes) const
{
    for (const QModelIndex& i : indexes) {
        const LocalRowView* r = rowOf(m_model, i);
        const LocalCopy* c = r == nullptr ? nullptr : m_model->copy(r->model, r->copy);
        if (c != nullptr && c->config) {
            return modelMimeData(m_model->scan().models[r->model].name, *c->config);
        }
    }
    return nullptr;
}

void LocalModelsTree::setDark(bool dark)
{
    m_dark = dark;
    beginResetModel();
    endResetModel();
}

LocalModelsSort::LocalModelsSort(LocalModelsTree* source, QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSourceModel(source);
    setSortRole(LocalModelsTree::SortRole);
}

} // namespace llmsizer::ui
