#include "ui/hardware/gpueditordialog.h"

#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/present/gpu_form.h"
#include "llmsizer/text/error.h"
#include "ui/hardware/gpuformwidget.h"
#include "ui/kit/palette.h"
#include "ui/kit/theme.h"
#include "ui/kit/windowsize.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <exception>

namespace llmsizer::ui {

namespace {

enum Column { Name, Memory, Bandwidth, Bf16, Fp8, Int8, Source, ColumnCount };

QString html(const std::string& text)
{
    return qs(text).toHtmlEscaped();
}

// A source as rich text: a link when it is a URL.
QString sourceHtml(const std::string& source)
{
    const QString s = qs(source);
    if (s.startsWith(QLatin1String("https://")) || s.startsWith(QLatin1String("http://"))) {
        return QStringLiteral("<a href=\"%1\">%2</a>").arg(s.toHtmlEscaped(), s.toHtmlEscaped());
    }
    return s.toHtmlEscaped();
}

QString detailsHtml(const GpuDetails& d)
{
    QString out = QStringLiteral("<b>%1</b><br>%2").arg(html(d.title), html(d.capacity));
    if (!d.memory_note.empty()) {
        out += QStringLiteral("<br>%1").arg(html(d.memory_note));
    }
    if (!d.uncertain.empty()) {
        QStringList fields;
        for (const std::string& f : d.uncertain) {
            fields << html(f);
        }
        out += QObject::tr("<br>Not confirmed by a primary source (*): %1")
                   .arg(fields.join(QStringLiteral(", ")));
    }
    if (!d.notes.empty()) {
        out += QObject::tr("<br>Notes: %1").arg(html(d.notes));
    }
    if (d.sources.empty()) {
        out += QObject::tr("<br>No sources given.");
    } else {
        out += QObject::tr("<br>Sources:<ul style=\"margin-top: 0px\">");
        for (const std::string& s : d.sources) {
            out += QStringLiteral("<li>%1</li>").arg(sourceHtml(s));
        }
        out += QStringLiteral("</ul>");
    }
    return out;
}

QString quotedPath(const QString& path)
{
    return path.contains(QLatin1Char(' ')) ? QLatin1Char('"') + path + QLatin1Char('"') : path;
}

} // namespace

GpuEditorDialog::GpuEditorDialog(ConfigModel* model, UserGpus* store, QWidget* parent)
    : QDialog(parent), m_model(model), m_store(store), m_list(new QTreeWidget(this)),
      m_details(new QLabel(this)), m_problem(new QLabel(this)), m_heading(new QLabel(this)),
      m_form(new GpuFormWidget(this)), m_message(new QLabel(this)),
      m_new(new QPushButton(tr("&New"), this)),
      m_duplicate(new QPushButton(tr("&Duplicate"), this)),
      m_remove(new QPushButton(tr("&Remove…"), this)),
      m_save(new QPushButton(tr("&Add GPU"), this)), m_file(new QLabel(this))
{
    setWindowTitle(tr("Custom GPUs"));
    m_list->setColumnCount(ColumnCount);
    m_list->setHeaderLabels(
        {tr("GPU"), tr("Memory"), tr("GB/s"), tr("BF16"), tr("FP8"), tr("INT8"), tr("Source")});
    m_list->headerItem()->setToolTip(Bandwidth, tr("Memory bandwidth, 10⁹ bytes per second"));
    m_list->headerItem()->setToolTip(
        Bf16, tr("Dense BF16 TFLOPS, without sparsity (FP16 where there is no BF16)"));
    m_list->headerItem()->setToolTip(Fp8, tr("Dense FP8 TFLOPS, without sparsity"));
    m_list->headerItem()->setToolTip(Int8, tr("Dense INT8 TOPS, without sparsity"));
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAlternatingRowColors(true);
    m_list->setAccessibleName(tr("GPUs"));
    m_list->header()->setStretchLastSection(true);
    for (int c = Name; c < Source; ++c) {
        m_list->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    }
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::RichText);
    m_details->setOpenExternalLinks(true);
    m_details->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_details->setContentsMargins(6, 6, 6, 6);
    auto* detailsScroll = new QScrollArea(this);
    detailsScroll->setWidget(m_details);
    detailsScroll->setWidgetResizable(true);

    auto* legend = new QLabel(tr("Built-in GPUs are read-only: select one to see its sources, or "
                                 "duplicate it to start a GPU of your own. BF16 and FP8 in dense "
                                 "TFLOPS, INT8 in dense TOPS; * marks a figure no primary source "
                                 "confirmed."),
                              this);
    legend->setWordWrap(true);
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(legend);
    leftLayout->addWidget(m_list, 1);

    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    m_heading->setWordWrap(true);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_new);
    buttons->addWidget(m_duplicate);
    buttons->addStretch(1);
    buttons->addWidget(m_remove);
    buttons->addWidget(m_save);
    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_heading);
    rightLayout->addWidget(m_form);
    rightLayout->addWidget(m_message);
    rightLayout->addLayout(buttons);
    rightLayout->addWidget(detailsScroll, 1);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    split->setSizes({600, 400});

    const QString path = QDir::toNativeSeparators(m_store->file());
    m_file->setText(tr("Your GPUs are saved in %1\nThe command line reads the same file: "
                       "llm-sizer-cli runs --user-gpus %2")
                        .arg(path, quotedPath(path)));
    m_file->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_file->setWordWrap(true);
    m_problem->setWordWrap(true);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    close->button(QDialogButtonBox::Close)->setAutoDefault(false);
    m_save->setDefault(true);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_problem);
    layout->addWidget(split, 1);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_file, 1);
    bottom->addWidget(close);
    layout->addLayout(bottom);

    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QTreeWidget::currentItemChanged, this, &GpuEditorDialog::showSelected);
    connect(m_new, &QPushButton::clicked, this, &GpuEditorDialog::startNew);
    connect(m_duplicate, &QPushButton::clicked, this, &GpuEditorDialog::duplicateSelected);
    connect(m_save, &QPushButton::clicked, this, [this] { submit(); });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const GpuSpec* gpu = m_model->gpuCatalog().find(m_editing.toStdString());
        if (gpu != nullptr &&
            QMessageBox::question(
                this, tr("Remove GPU"),
                tr("Remove %1 (%2) from %3?").arg(qs(gpu->name), m_editing, m_store->file())) ==
                QMessageBox::Yes) {
            removeGpu(m_editing);
        }
    });
    connect(m_form, &GpuFormWidget::edited, this, [this] {
        m_message->clear();
        m_form->markField(QString());
    });
    m_model->whenChanged(ConfigModel::Change::Catalog, this, [this] { refill(); });
    refill();
    startNew();
    resize(fittingWindowSize(this, QSize(1240, 780)));
}

void GpuEditorDialog::refill()
{
    const QString selected = selectedId();
    const QSignalBlocker block(m_list);
    m_list->clear();
    auto* mine = new QTreeWidgetItem(m_list);
    auto* builtIn = new QTreeWidgetItem(m_list);
    int mineCount = 0;
    int builtInCount = 0;
    for (const GpuSpec& g : m_model->gpuCatalog().gpus()) {
        const GpuListRow row = gpuListRow(g);
        auto* item = new QTreeWidgetItem(g.user ? mine : builtIn);
        item->setText(Name, qs(row.name));
        item->setText(Memory, qs(row.memory));
        item->setText(Bandwidth, qs(row.bandwidth));
        item->setText(Bf16, qs(row.bf16));
        item->setText(Fp8, qs(row.fp8));
        item->setText(Int8, qs(row.int8));
        item->setText(Source, qs(row.source));
        for (int c = Memory; c < Source; ++c) {
            item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
        }
        item->setData(Name, Qt::UserRole, qs(row.id));
        item->setToolTip(Name, qs(row.id));
        item->setToolTip(Memory, qs(row.memory_tip));
        QStringList sources;
        for (const std::string& s : g.sources) {
            sources << qs(s);
        }
        item->setToolTip(Source, sources.join(QLatin1Char('\n')));
        ++(g.user ? mineCount : builtInCount);
    }
    mine->setText(Name, mineCount == 0 ? tr("Yours: none yet (add one with the form)")
                                       : tr("Yours (%1)").arg(mineCount));
    builtIn->setText(Name, tr("Built in (%1, read-only)").arg(builtInCount));
    for (QTreeWidgetItem* group : {mine, builtIn}) {
        group->setFlags(Qt::ItemIsEnabled);
        group->setFirstColumnSpanned(true);
        QFont font = group->font(Name);
        font.setBold(true);
        group->setFont(Name, font);
    }
    m_list->expandAll();
    if (!selected.isEmpty()) {
        selectGpu(selected);
    }
    m_problem->setText(m_store->problem());
    m_problem->setVisible(!m_store->problem().isEmpty());
    QPalette p = m_problem->palette();
    p.setColor(QPalette::WindowText, fitColor(false, isDark(palette())));
    m_problem->setPalette(p);
}

bool GpuEditorDialog::selectGpu(const QString& id)
{
    for (int g = 0; g < m_list->topLevelItemCount(); ++g) {
        QTreeWidgetItem* group = m_list->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i) {
            if (group->child(i)->data(Name, Qt::UserRole).toString() == id) {
                m_list->setCurrentItem(group->child(i));
                m_list->scrollToItem(group->child(i));
                return true;
            }
        }
    }
    return false;
}

QString GpuEditorDialog::selectedId() const
{
    const QTreeWidgetItem* item = m_list->currentItem();
    return item != nullptr ? item->data(Name, Qt::UserRole).toString() : QString();
}

void GpuEditorDialog::showSelected()
{
    const GpuSpec* gpu = m_model->gpuCatalog().find(selectedId().toStdString());
    if (gpu == nullptr) {
        return;
    }
    m_base = *gpu;
    m_editing = gpu->user ? qs(gpu->id) : QString();
    m_form->setForm(gpuForm(*gpu), false);
    setEditable(gpu->user, gpu->user);
    m_heading->setText(gpu->user ? tr("Your GPU: %1").arg(qs(gpu->name))
                                 : tr("%1 is built in (read-only). Duplicate it to start a GPU "
                                      "of your own.")
                                       .arg(qs(gpu->name)));
    m_details->setText(detailsHtml(gpuDetails(*gpu)));
    m_message->clear();
}

void GpuEditorDialog::setEditable(bool editable, bool existing)
{
    m_form->setReadOnly(!editable);
    m_save->setEnabled(editable);
    m_save->setText(existing ? tr("&Save changes") : tr("&Add GPU"));
    m_remove->setEnabled(editable && existing);
    m_duplicate->setEnabled(!selectedId().isEmpty());
}

void GpuEditorDialog::startNew()
{
    {
        const QSignalBlocker block(m_list);
        m_list->setCurrentItem(nullptr);
        m_list->clearSelection();
    }
    m_editing.clear();
    m_base = GpuSpec{};
    m_form->setForm(GpuForm{}, true);
    setEditable(true, false);
    m_heading->setText(tr("New GPU"));
    m_details->setText(tr("Fill in the form and add the GPU: the memory chart's GPUs menu, the fit "
                          "views and the command line (--user-gpus) then offer it."));
    m_message->clear();
    m_form->nameEdit()->setFocus();
}

void GpuEditorDialog::duplicateSelected()
{
    const GpuSpec* gpu = m_model->gpuCatalog().find(selectedId().toStdString());
    if (gpu == nullptr) {
        return;
    }
    m_base = *gpu;
    GpuForm form = gpuForm(*gpu);
    form.name += " (custom)";
    form.id = gpuIdFromName(form.name);
    {
        const QSignalBlocker block(m_list);
        m_list->setCurrentItem(nullptr);
        m_list->clearSelection();
    }
    m_editing.clear();
    m_form->setForm(form, true);
    setEditable(true, false);
    m_heading->setText(tr("New GPU, from %1").arg(qs(gpu->name)));
    m_message->clear();
    m_form->nameEdit()->setFocus();
}

void GpuEditorDialog::startFrom(const GpuSpec& gpu)
{
    m_base = gpu;
    GpuForm form = gpuForm(gpu);
    form.id = gpuIdFromName(form.name);
    {
        const QSignalBlocker block(m_list);
        m_list->setCurrentItem(nullptr);
        m_list->clearSelection();
    }
    m_editing.clear();
    m_form->setForm(form, true);
    setEditable(true, false);
    m_heading->setText(tr("New GPU, found on this machine: %1").arg(qs(gpu.name)));
    m_details->setText(tr("Its name and memory are as the driver reports them; add its memory "
                          "bandwidth (and throughput, if known) from its specification."));
    m_message->clear();
    m_form->nameEdit()->setFocus();
}

QString GpuEditorDialog::submit()
{
    if (m_form->isReadOnly()) {
        return tr("Built-in GPUs cannot be changed; duplicate one to start a GPU of your own.");
    }
    GpuSpec gpu;
    try {
        gpu = gpuFromForm(m_form->form(), m_base);
    } catch (const std::exception& e) {
        const auto* input = dynamic_cast<const InputError*>(&e);
        const UserGpus::Result bad{QString::fromStdString(e.what()),
                                   input != nullptr ? qs(input->field()) : QString(),
                                   {}};
        showResult(bad, {});
        return bad.error;
    }
    const UserGpus::Result saved = m_store->save(gpu, m_editing);
    if (!saved.ok()) {
        showResult(saved, {});
        return saved.error;
    }
    selectGpu(qs(gpu.id));
    showResult(saved, tr("Saved %1 to %2.").arg(qs(gpu.name), m_store->file()));
    return {};
}

QString GpuEditorDialog::removeGpu(const QString& id)
{
    const GpuSpec* gpu = m_model->gpuCatalog().find(id.toStdString());
    const QString name = gpu != nullptr ? qs(gpu->name) : id;
    const UserGpus::Result removed = m_store->remove(id);
    if (!removed.ok()) {
        showResult(removed, {});
        return removed.error;
    }
    startNew();
    showResult(removed, tr("Removed %1 from %2.").arg(name, m_store->file()));
    return {};
}

void GpuEditorDialog::showResult(const UserGpus::Result& result, const QString& done)
{
    // A save that kept another window's changes says so after what it did.
    m_message->setText(result.ok()
                           ? (result.notice.isEmpty()
                                  ? done
                                  : done + QLatin1Char(' ') + result.notice + QLatin1Char('.'))
                           : result.error);
    QPalette p = m_message->palette();
    p.setColor(QPalette::WindowText, result.ok() ? palette().color(QPalette::WindowText)
                                                 : fitColor(false, isDark(palette())));
    m_message->setPalette(p);
    m_form->markField(result.ok() ? QString() : result.field);
}

} // namespace llmsizer::ui
