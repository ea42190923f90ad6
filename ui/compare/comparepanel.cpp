#include "ui/compare/comparepanel.h"

#include "llmsizer/precision/precision.h"
#include "llmsizer/text/format.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/comparechartbars.h"
#include "ui/charts/comparechartpies.h"
#include "ui/compare/comparechips.h"
#include "ui/compare/comparediagrams.h"
#include "ui/compare/compareexportmenu.h"
#include "ui/compare/comparerowheader.h"
#include "ui/compare/comparetablemodel.h"
#include "ui/kit/export.h"
#include "ui/kit/glossarydialog.h"
#include "ui/kit/presetpicker.h"
#include "ui/kit/theme.h"
#include "ui/kit/wraplabel.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/exportfacts.h"
#include "ui/state/qstrings.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <iterator>

namespace llmsizer::ui {

namespace {

// Contexts offered for the KV cache and FLOPs rows; 0 = each model's own.
constexpr std::uint64_t kContexts[] = {0, 2048, 4096, 8192, 32768, 131072};

} // namespace

ComparePanel::ComparePanel(ComparisonModel* comparison, ConfigModel* current, QWidget* parent)
    : QWidget(parent), m_comparison(comparison), m_current(current),
      m_picker(new PresetPicker(this)), m_addCurrent(new QPushButton(tr("Add &current"), this)),
      m_context(new QComboBox(this)), m_kv(new QComboBox(this)), m_units(new QComboBox(this)),
      m_tokensPerParam(new QSpinBox(this)), m_export(new QToolButton(this)),
      m_exportMenu(new CompareExportMenu(this)), m_chips(new CompareChips(comparison, this)),
      m_hint(new QLabel(this)), m_message(new WrapLabel(this)), m_stack(new QStackedWidget(this)),
      m_split(new QSplitter(Qt::Horizontal, this)), m_tabs(new QTabWidget(this)),
      m_table(new QTableView(this)), m_tableModel(new CompareTableModel(comparison, this)),
      m_components(new CompareChartBars(tr("Parameters per component"), this)),
      m_memory(new CompareChartBars(tr("Weights in memory per precision"), this)),
      m_pies(new CompareChartPies(tr("Where the parameters live"), this)),
      m_diagrams(new CompareDiagrams(this)), m_wide(new QTabWidget(this))
{
    m_picker->setPresets(current->presets(), current->presetTotals());
    m_picker->lineEdit()->setPlaceholderText(tr("Add a preset…"));
    m_picker->showCurrent({}, {});
    m_picker->setToolTip(tr("Add a model from the catalogue (type to search)"));
    m_picker->setMinimumContentsLength(14);
    // The option boxes keep their texts whole ("GB (10⁹)"); the picker gives way instead.
    for (QComboBox* box : {m_context, m_kv, m_units}) {
        box->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    }
    m_addCurrent->setToolTip(tr("Add the configuration being edited in the main window"));
    for (std::uint64_t c : kContexts) {
        m_context->addItem(c == 0 ? tr("each model's own")
                                  : QString::fromStdString(withThousands(c)) + tr(" tokens"),
                           QVariant::fromValue<qulonglong>(c));
    }
    m_context->setToolTip(tr("Context for the KV cache and FLOPs rows: the main window's context "
                             "(choosing one here sets it there), or each model's own"));
    m_units->setObjectName(QStringLiteral("units"));
    m_kv->setObjectName(QStringLiteral("kvPrecision"));
    for (const Precision& p : kvPrecisions()) {
        m_kv->addItem(QString::fromStdString(p.label), QString::fromStdString(p.id));
    }
    m_kv->setToolTip(tr("Precision of the KV cache rows"));
    m_units->addItem(tr("GB (10⁹)"));
    m_units->addItem(tr("GiB (2³⁰)"));
    m_units->setToolTip(tr("GB = 1,000,000,000 bytes; GiB = 1,073,741,824 bytes"));
    // The Chinchilla rows' tokens per parameter (Hoffmann et al. 2022: about 20), shared with
    // the Overview's summary through the display options.
    m_tokensPerParam->setObjectName(QStringLiteral("tokensPerParam"));
    m_tokensPerParam->setRange(1, static_cast<int>(kMaxTokensPerParam));
    m_tokensPerParam->setPrefix(tr("Chinchilla "));
    m_tokensPerParam->setSuffix(tr(" tokens/param"));
    m_tokensPerParam->setAccessibleName(tr("Chinchilla tokens per parameter"));
    m_tokensPerParam->setToolTip(tr("Chinchilla's rule (Hoffmann et al. 2022): a compute-optimal "
                                    "model trains on about 20 tokens per parameter; the "
                                    "tokens-per-parameter and Chinchilla rows use this value"));
    m_tokensPerParam->setWhatsThis(glossaryTip("chinchilla"));
    m_export->setText(tr("Export"));
    m_export->setMenu(m_exportMenu);
    m_export->setPopupMode(QToolButton::InstantPopup);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_picker);
    bar->addWidget(m_addCurrent);
    auto* contextLabel = new QLabel(tr("KV cache &at"), this);
    contextLabel->setBuddy(m_context);
    bar->addSpacing(12);
    bar->addWidget(contextLabel);
    bar->addWidget(m_context);
    bar->addWidget(m_kv);
    bar->addWidget(m_units);
    bar->addWidget(m_tokensPerParam);
    bar->addStretch();
    bar->addWidget(m_export);

    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();

    m_table->setVerticalHeader(new CompareRowHeader(m_table));
    m_table->setModel(m_tableModel);
    m_table->setSelectionMode(QAbstractItemView::ContiguousSelection);
    m_table->setWordWrap(false);
    // Rows are one line each: their height is measured when the rows or the font change, not on
    // every edit (ResizeToContents measured every cell and repainted the whole header each time).
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    connect(m_tableModel, &QAbstractItemModel::modelReset, m_table,
            &QTableView::resizeRowsToContents);
    connect(m_tableModel, &CompareTableModel::rowLabelsChanged, this, [this](int first, int last) {
        QHeaderView* labels = m_table->verticalHeader();
        const int width = labels->sizeHint().width();
        labels->headerDataChanged(Qt::Vertical, first, last); // repaints those rows
        // A label that needs another width lays the table out again.
        if (labels->sizeHint().width() != width) {
            emit m_tableModel->headerDataChanged(Qt::Vertical, first, last);
        }
    });
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed); // fillTableWidth
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setAlternatingRowColors(false);
    m_table->setTabKeyNavigation(false); // Tab leaves the table; the arrows move in it

    // Presentation mode comes with its larger font: the table then shows counts in short.
    connect(Presentation::instance(), &Presentation::toggled, this, [this] {
        m_tableModel->presentationChanged();
        arrange();
    });
    buildCharts();
    m_split->setStretchFactor(0, 0);
    m_split->setStretchFactor(1, 1);
    m_split->setChildrenCollapsible(false);

    auto* empty = new QLabel(tr("<h3>Compare 2–4 models side by side</h3>"
                                "<p>Pick presets with <i>Add a preset…</i> above, or add the "
                                "configuration you are editing with <i>Add current</i>.</p>"),
                             this);
    empty->setAlignment(Qt::AlignCenter);
    empty->setWordWrap(true);
    m_stack->addWidget(empty);
    m_stack->addWidget(m_wide);
    m_stack->addWidget(m_tabs);
    m_tabs->setDocumentMode(true);
    m_wide->setDocumentMode(true);
    m_wide->addTab(m_split, tr("Table and c&harts"));

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    auto* chipRow = new QHBoxLayout;
    chipRow->addWidget(m_chips, 1);
    chipRow->addWidget(m_hint);
    layout->addLayout(chipRow);
    layout->addWidget(m_message);
    layout->addWidget(m_stack, 1);

    connect(m_picker, &PresetPicker::presetChosen, this, [this](const QString& id) {
        showMessage(m_comparison->addPreset(id));
        m_picker->showCurrent({}, {});
    });
    connect(m_addCurrent, &QPushButton::clicked, this,
            [this] { showMessage(m_comparison->addCurrent()); });
    connect(m_comparison, &ComparisonModel::notice, this, &ComparePanel::showMessage);
    connect(m_context, &QComboBox::activated, this, [this](int index) {
        m_comparison->setContext(m_context->itemData(index).toULongLong());
    });
    connect(m_kv, &QComboBox::activated, this,
            [this](int index) { m_comparison->setKvPrecision(m_kv->itemData(index).toString()); });
    connect(m_units, &QComboBox::activated, this, [this](int index) {
        m_current->setUnits(index == 1 ? ByteUnits::Binary : ByteUnits::Decimal);
    });
    connect(m_tokensPerParam, &QSpinBox::valueChanged, this, [this](int tokens) {
        m_current->setTokensPerParam(static_cast<std::uint64_t>(tokens));
    });
    connect(m_current, &ConfigModel::presetsChanged, this,
            [this] { m_picker->setPresets(m_current->presets(), m_current->presetTotals()); });
    connect(m_comparison, &ComparisonModel::changed, this, &ComparePanel::refresh);
    setDark(isDark(palette()));
    refresh();
}

void ComparePanel::buildCharts()
{
    // Side by side, the pies sit below the table and the two bar charts stack on the right; in
    // the charts tab the bar charts sit next to each other above the pies (arrange()).
    m_bars = new QSplitter(Qt::Vertical, this);
    m_bars->addWidget(m_components);
    m_bars->addWidget(m_memory);
    m_bars->setChildrenCollapsible(false);
    m_charts = new QSplitter(Qt::Vertical, this);
    m_charts->addWidget(m_bars);
    m_charts->setChildrenCollapsible(false);
    m_left = new QSplitter(Qt::Vertical, this);
    m_left->setChildrenCollapsible(false);
    for (Chart chart : {Chart::Components, Chart::Memory, Chart::Pies}) {
        QWidget* w = chartWidget(chart);
        w->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(w, &QWidget::customContextMenuRequested, this, [this, w, chart](const QPoint& p) {
            QMenu menu(this);
            m_exportMenu->addChartActions(&menu, chart);
            menu.exec(w->mapToGlobal(p));
        });
    }
}

void ComparePanel::refresh()
{
    // Each chart rebuilds only when its data changed (a context or KV precision edit changes the
    // table alone).
    m_components->setData(m_comparison->components());
    m_memory->setData(m_comparison->memory());
    m_pies->setData(m_comparison->pies(), m_comparison->components().series);
    QStringList titles;
    for (std::size_t i = 0; i < m_comparison->entries().size(); ++i) {
        titles << shownName(m_comparison->entries()[i].name) + QLatin1Char('\n') +
                      QString::fromStdString(m_comparison->diagrams()[i].total_text);
    }
    m_diagrams->setDiagrams(m_comparison->diagrams(), titles);
    // arrange() gives the columns their text's widths (fillTableWidth).
    arrange();
    syncOptions();
}

void ComparePanel::showCharts()
{
    m_tabs->setCurrentWidget(m_charts);
    m_wide->setCurrentWidget(m_split);
}

void ComparePanel::showDiagrams()
{
    m_tabs->setCurrentWidget(m_diagrams);
    m_wide->setCurrentWidget(m_diagrams);
}

void ComparePanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    // The table's rows and columns take the size of their text in the new font (presentation
    // mode); the panel hears of it after every widget in it has the font.
    if (event->type() == QEvent::FontChange) {
        m_table->resizeRowsToContents();
        arrange();
    }
}

void ComparePanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrange();
}

void ComparePanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    arrange();
}

void ComparePanel::syncOptions()
{
    const QSignalBlocker blockContext(m_context);
    const QSignalBlocker blockUnits(m_units);
    const QSignalBlocker blockKv(m_kv);
    const QSignalBlocker blockTokens(m_tokensPerParam);
    m_tokensPerParam->setValue(static_cast<int>(m_current->tokensPerParam()));
    m_kv->setCurrentIndex(m_kv->findData(m_comparison->kvPrecision()));
    // The fixed choices, and one more item for a workload context that is none of them.
    const auto context = QVariant::fromValue<qulonglong>(m_comparison->context());
    constexpr int kFixed = static_cast<int>(std::size(kContexts));
    int index = m_context->findData(context);
    if (index < 0 || index >= kFixed) {
        const QString text =
            QString::fromStdString(withThousands(m_comparison->context())) + tr(" tokens");
        if (m_context->count() == kFixed) {
            m_context->addItem(text, context);
        } else {
            m_context->setItemText(kFixed, text);
            m_context->setItemData(kFixed, context);
        }
        index = kFixed;
    } else if (m_context->count() > kFixed) {
        m_context->removeItem(kFixed);
    }
    m_context->setCurrentIndex(index);
    m_units->setCurrentIndex(m_comparison->units() == ByteUnits::Binary ? 1 : 0);
    const bool full = m_comparison->isFull();
    m_picker->setEnabled(!full);
    m_addCurrent->setEnabled(!full);
    const QString tip = full ? tr("The comparison holds at most %1 models; remove one first.")
                                   .arg(ComparisonModel::kMax)
                             : QString();
    m_picker->setToolTip(full ? tip : tr("Add a model from the catalogue (type to search)"));
    m_export->setEnabled(m_comparison->size() > 0);
}

void ComparePanel::showMessage(const QString& text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

QString ComparePanel::message() const
{
    return m_message->text();
}

QWidget* ComparePanel::chartWidget(Chart chart) const
{
    switch (chart) {
    case Chart::Components:
        return m_components;
    case Chart::Memory:
        return m_memory;
    case Chart::Pies:
        return m_pies;
    }
    return nullptr;
}

QString ComparePanel::chartName(Chart chart) const
{
    switch (chart) {
    case Chart::Components:
        return tr("Parameters per component");
    case Chart::Memory:
        return tr("Memory per precision");
    case Chart::Pies:
        return tr("Parameter pies");
    }
    return {};
}

QString ComparePanel::exportTable(const QString& path)
{
    ComparisonTable table = m_comparison->table();
    table.caption = compareCaption(*m_current, *m_comparison).toStdString();
    const QString error = llmsizer::ui::exportTable(table, path);
    showMessage(error);
    return error;
}

QString ComparePanel::exportChart(Chart chart, const QString& path)
{
    const QString error = exportWidget(chartWidget(chart), path, chartName(chart),
                                       compareCaption(*m_current, *m_comparison));
    showMessage(error);
    return error;
}

void ComparePanel::copyChart(Chart chart)
{
    copyWidgetImage(chartWidget(chart), compareCaption(*m_current, *m_comparison));
}

void ComparePanel::setDark(bool dark)
{
    m_tableModel->setDark(dark);
    m_hint->setText(tr("<span style=\"background:%1\">&nbsp;&nbsp;&nbsp;&nbsp;</span> "
                       "rows that differ between the models")
                        .arg(m_tableModel->highlight().name()));
    m_components->setDark(dark);
    m_memory->setDark(dark);
    m_pies->setDark(dark);
    m_diagrams->setDark(dark);
}

} // namespace llmsizer::ui
