#include "ui/local/localmodelsview.h"

#include "llmsizer/present/local_view.h"
#include "ui/kit/flowlayout.h"
#include "ui/kit/wraplabel.h"
#include "ui/local/localmodelstree.h"
#include "ui/state/localmodelsmodel.h"
#include "ui/state/qstrings.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QStyle>
#include <QTreeView>
#include <QVBoxLayout>

namespace llmsizer::ui {

LocalModelsView::LocalModelsView(LocalModelsModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_treeModel(new LocalModelsTree(model, this)),
      m_sort(new LocalModelsSort(m_treeModel, this)), m_tree(new QTreeView(this)),
      m_machine(new WrapLabel(this)), m_status(new QLabel(this)), m_problems(new WrapLabel(this)),
      m_rescan(new QPushButton(tr("&Rescan"), this)),
      m_addFolder(new QPushButton(tr("Add &folder…"), this)),
      m_useMachine(new QPushButton(tr("&Use this machine in My hardware"), this)),
      m_addGpu(new QPushButton(this))
{
    auto* layout = new QVBoxLayout(this);
    m_machine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_machine);

    auto* bar = new QWidget(this);
    auto* flow = new FlowLayout(bar, 8);
    flow->setContentsMargins(0, 0, 0, 0);
    m_rescan->setToolTip(tr("Look through the stores again (they are also watched for changes)"));
    m_addFolder->setToolTip(tr("Also look for models in a folder of your own"));
    m_useMachine->setToolTip(tr("Set My hardware to the GPUs and RAM found on this machine"));
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_rescan, m_addFolder, m_useMachine, m_status}) {
        w->setParent(bar);
        flow->addWidget(w);
    }
    layout->addWidget(bar);

    m_tree->setModel(m_sort);
    m_tree->setSortingEnabled(true);
    m_tree->sortByColumn(-1, Qt::AscendingOrder); // the scan's order (by name) until a click
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setAlternatingRowColors(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setWordWrap(false);
    m_tree->setDragEnabled(true);
    m_tree->setDragDropMode(QAbstractItemView::DragOnly);
    m_tree->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_tree->header()->setStretchLastSection(false);
    m_tree->setAccessibleName(tr("Models on this machine's disk"));
    layout->addWidget(m_tree, 1);

    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_problems);
    auto* hint = new QLabel(tr("Click a model to make it the current one (the Overview's pie "
                               "shows its own tensors); double-click to open the Overview; "
                               "drag a model into the Compare window."),
                            this);
    hint->setWordWrap(true);
    layout->addWidget(hint);

    connect(m_rescan, &QPushButton::clicked, m_model, &LocalModelsModel::refresh);
    connect(m_addFolder, &QPushButton::clicked, this, &LocalModelsView::addFolderRequested);
    connect(m_useMachine, &QPushButton::clicked, this, &LocalModelsView::useMachineRequested);
    connect(m_addGpu, &QPushButton::clicked, this, &LocalModelsView::addGpuRequested);
    connect(m_tree, &QTreeView::clicked, this, [this](const QModelIndex& i) { open(i, false); });
    connect(m_tree, &QTreeView::activated, this, [this](const QModelIndex& i) { open(i, true); });
    connect(m_model, &LocalModelsModel::rowsChanged, this, [this] {
        m_tree->expandAll();
        update();
        fitColumns();
    });
    connect(m_model, &LocalModelsModel::busyChanged, this, &LocalModelsView::update);
    connect(m_model, &LocalModelsModel::systemDetected, this, &LocalModelsView::update);
    update();
}

void LocalModelsView::update()
{
    if (m_model->hasResults()) {
        m_machine->setText(qs(localMachineLine(m_model->system(), m_model->machine())));
    } else {
        m_machine->setText(tr("Detecting this machine…"));
    }
    m_useMachine->setEnabled(m_model->machine().has_gpu || m_model->machine().cpu_only);
    const GpuSpec& gpu = m_model->machine().hardware.gpu;
    const bool unknown = m_model->machine().has_gpu && gpu.id.rfind("detected-", 0) == 0;
    m_addGpu->setVisible(unknown);
    if (unknown) {
        m_addGpu->setText(tr("Add %1 to Custom GPUs…").arg(qs(gpu.name)));
    }
    const QString status = m_model->hasResults() ? qs(localStatusLine(m_model->scan())) : QString();
    m_status->setText(m_model->busy()
                          ? tr("Scanning…") +
                                (status.isEmpty() ? QString() : QStringLiteral(" ") + status)
                          : status);
    const std::string problems = localProblemsText(m_model->scan());
    m_problems->setVisible(!problems.empty());
    m_problems->setText(tr("Not read: %1").arg(qs(problems)));
}

void LocalModelsView::open(const QModelIndex& index, bool show)
{
    if (!index.isValid()) {
        return;
    }
    const QModelIndex first = index.siblingAtColumn(0);
    emit openCopy(first.data(LocalModelsTree::ModelRole).toULongLong(),
                  first.data(LocalModelsTree::CopyRole).toULongLong(), show);
}

void LocalModelsView::setDark(bool dark)
{
    m_treeModel->setDark(dark);
    m_tree->expandAll();
}

// Every column as wide as its contents, the model's name taking what is left. When that is too
// wide for the view (a narrow window, presentation mode's larger font), the name is cut (down
// to a quarter of the width; the tooltip has it whole), then the columns least needed are hidden
// (architecture, trained context, store, size), so that the verdict never scrolls out of view.
void LocalModelsView::fitColumns()
{
    QHeaderView* header = m_tree->header();
    for (int c = 0; c < header->count(); ++c) {
        m_tree->setColumnHidden(c, false);
        m_tree->resizeColumnToContents(c);
    }
    const int bar = m_tree->verticalScrollBar()->isVisible()
                        ? 0
                        : style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_tree);
    const int avail = m_tree->viewport()->width() - bar;
    const auto others = [header] {
        int used = 0;
        for (int c = 1; c < header->count(); ++c) {
            used += header->isSectionHidden(c) ? 0 : header->sectionSize(c);
        }
        return used;
    };
    const int nameMin = std::max(160, avail / 4);
    const int nameWanted = header->sectionSize(0);
    for (LocalColumn c :
         {LocalColumn::Architecture, LocalColumn::Context, LocalColumn::Where, LocalColumn::Disk}) {
        if (others() + std::min(nameWanted, nameMin) <= avail) {
            break;
        }
        m_tree->setColumnHidden(static_cast<int>(c), true);
    }
    header->resizeSection(0, std::max(std::min(nameWanted, nameMin), avail - others()));
}

void LocalModelsView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        QMetaObject::invokeMethod(this, &LocalModelsView::fitColumns, Qt::QueuedConnection);
    }
}

void LocalModelsView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    QMetaObject::invokeMethod(this, &LocalModelsView::fitColumns, Qt::QueuedConnection);
}

} // namespace llmsizer::ui
