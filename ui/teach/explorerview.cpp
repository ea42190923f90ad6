#include "ui/teach/explorerview.h"

#include "llmsizer/present/explore_tables.h"
#include "llmsizer/text/format.h"
#include "ui/charts/isocurvechart.h"
#include "ui/charts/isometricschart.h"
#include "ui/kit/knobrow.h"
#include "ui/kit/presentation.h"
#include "ui/kit/scrollarea.h"
#include "ui/kit/tablecells.h"
#include "ui/kit/wraplabel.h"
#include "ui/state/configmodel.h"
#include "ui/state/exploremodel.h"
#include "ui/state/qstrings.h"
#include "ui/teach/scalinginsight.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace llmsizer::ui {

namespace {

void setCell(QTableWidget* table, int row, int column, const QString& text, bool right)
{
    setTableCell(table, row, column, text,
                 Qt::AlignVCenter | (right ? Qt::AlignRight : Qt::AlignLeft));
}

} // namespace

ExplorerView::ExplorerView(ExploreModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_lock(new QCheckBox(tr("&Lock the total at"), this)),
      m_targetValue(new QLabel(this)), m_useCurrent(new QPushButton(tr("Use &current"), this)),
      m_usePreset(new QPushButton(tr("Use &preset"), this)),
      m_exactKv(new QCheckBox(tr("Keep KV heads &exactly"), this)),
      m_widthRule(new WrapLabel(this)), m_shape(new QLabel(this)), m_totalValue(new QLabel(this)),
      m_errorValue(new QLabel(this)), m_message(new WrapLabel(this)),
      m_curve(new IsoCurveChart(model, this)), m_metricsChart(new IsoMetricsChart(model, this)),
      m_metrics(new QTableWidget(5, 4, this)), m_insight(new ScalingInsight(model, this))
{
    m_lock->setToolTip(tr("Dragging one dimension solves the other for this total"));
    m_useCurrent->setToolTip(tr("Lock the current configuration's total"));
    m_usePreset->setToolTip(tr("Lock the loaded model's own total"));
    m_exactKv->setToolTip(tr("Keep the base's KV head count exactly (as Llama 3 does); d_model "
                             "then moves in steps of KV heads × head size"));
    m_targetValue->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* controls = new QGroupBox(tr("Depth against width at equal parameters"), this);
    auto* grid = new QGridLayout(controls);
    grid->setColumnStretch(1, 1);
    auto* lockLine = new QHBoxLayout;
    lockLine->addWidget(m_lock);
    lockLine->addWidget(m_targetValue, 1);
    lockLine->addWidget(m_useCurrent);
    lockLine->addWidget(m_usePreset);
    grid->addLayout(lockLine, 0, 0, 1, 3);
    grid->addWidget(m_exactKv, 5, 0);
    m_widthRule->setObjectName(QStringLiteral("widthRule"));
    m_widthRule->setForegroundRole(QPalette::PlaceholderText);
    m_widthRule->setKeepsHeight(true);
    grid->addWidget(m_widthRule, 5, 1, 1, 2);
    m_layers = new KnobRow(tr("Layers"), grid, 1, controls);
    m_width = new KnobRow(tr("d_model"), grid, 3, controls);

    auto* result = new QGridLayout;
    QFont big = font();
    big.setBold(true);
    for (QLabel* l : {m_shape, m_totalValue, m_errorValue}) {
        l->setFont(big);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    result->addWidget(new QLabel(tr("Shape:"), controls), 0, 0);
    result->addWidget(m_shape, 0, 1, 1, 3);
    result->addWidget(new QLabel(tr("Total:"), controls), 1, 0);
    result->addWidget(m_totalValue, 1, 1);
    result->addWidget(new QLabel(tr("Off target:"), controls), 1, 2);
    result->addWidget(m_errorValue, 1, 3);
    result->setColumnStretch(1, 1);
    result->setColumnStretch(3, 1);
    grid->addLayout(result, 6, 0, 1, 3);
    m_message->setStyleSheet(QStringLiteral("color: #d32f2f;"));
    m_message->setVisible(false);
    grid->addWidget(m_message, 7, 0, 1, 3);

    m_metrics->setHorizontalHeaderLabels(
        {tr("At equal parameters"), tr("This shape"), tr("Base shape"), tr("Ratio")});
    m_metrics->verticalHeader()->hide();
    m_metrics->setTabKeyNavigation(false); // Tab leaves the table; the arrows move in it
    // The value columns as wide as their text: fitColumnsToText() after each change of it.
    m_metrics->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_metrics->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_metrics->setSelectionMode(QAbstractItemView::NoSelection);
    m_metrics->setFocusPolicy(Qt::NoFocus);
    m_metrics->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_metrics->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_metrics->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);

    auto* charts = new QSplitter(Qt::Horizontal, this);
    m_charts = charts;
    charts->addWidget(m_curve);
    charts->addWidget(m_metricsChart);
    charts->setChildrenCollapsible(false);

    // The tables take what their rows need; the charts get the rest.
    m_metrics->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_insight->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    auto* bottom = new QBoxLayout(QBoxLayout::LeftToRight);
    m_bottom = bottom;
    bottom->addWidget(m_metrics, 3, Qt::AlignTop);
    bottom->addWidget(m_insight, 2, Qt::AlignTop);

    // Everything scrolls when the window is too short for it (presentation mode at 1280×800).
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->addWidget(controls);
    layout->addWidget(charts, 1);
    layout->addLayout(bottom);
    scrollWholeView(this, content);

    connect(m_lock, &QCheckBox::toggled, m_model, &ExploreModel::setLocked);
    connect(m_exactKv, &QCheckBox::toggled, m_model, &ExploreModel::setExactKv);
    connect(m_useCurrent, &QPushButton::clicked, m_model, &ExploreModel::lockCurrentTotal);
    connect(m_usePreset, &QPushButton::clicked, m_model, &ExploreModel::usePresetTotal);
    connect(m_layers, &KnobRow::valueEdited, m_model, &ExploreModel::setLayers);
    connect(m_width, &KnobRow::valueEdited, m_model, &ExploreModel::setDModel);
    connect(m_model, &ExploreModel::changed, this, &ExplorerView::sync);
    connect(m_model, &ExploreModel::familyChanged, this, &ExplorerView::syncFamily);
    connect(m_model->configModel(), &ConfigModel::changed, this, [this](ConfigModel::Changes what) {
        if (what.testFlag(ConfigModel::Change::ModelLoaded)) {
            m_widthRule->releaseHeight();
        }
    });
    connect(Presentation::instance(), &Presentation::changing, this, &ExplorerView::setCompact);
    syncFamily();
    sync();
}

void ExplorerView::showEvent(QShowEvent* event)
{
    m_model->setActive(true);
    QWidget::showEvent(event);
}

void ExplorerView::resizeEvent(QResizeEvent* event)
{
    // Charts and tables side by side when there is room, one above the other otherwise (the view
    // scrolls then).
    const bool wide = width() > 100 * fontMetrics().averageCharWidth();
    m_bottom->setDirection(wide ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    m_charts->setOrientation(wide ? Qt::Horizontal : Qt::Vertical);
    QWidget::resizeEvent(event);
}

void ExplorerView::setCompact(bool compact)
{
    for (QWidget* w :
         {static_cast<QWidget*>(m_metrics), static_cast<QWidget*>(m_widthRule),
          static_cast<QWidget*>(m_exactKv), static_cast<QWidget*>(m_insight->table())}) {
        w->setVisible(!compact);
    }
}

void ExplorerView::hideEvent(QHideEvent* event)
{
    m_model->setActive(false);
    QWidget::hideEvent(event);
}

void ExplorerView::syncFamily()
{
    m_lock->setChecked(m_model->locked());
    m_exactKv->setChecked(m_model->exactKv());
    m_widthRule->setText(m_model->widthRule());
    m_targetValue->setText(qs(countWithShort(m_model->target())) + tr(" parameters"));
}

void ExplorerView::sync()
{
    const ModelConfig& c = m_model->configModel()->config();
    m_layers->setState(m_model->layerSteps(), c.n_layers);
    m_width->setState(m_model->widthSteps(), c.d_model);
    m_width->setNote(tr("(%1 heads)").arg(c.n_heads));
    const IsoSolution& s = m_model->solution();
    m_shape->setText(qs(shapeText(c)));
    m_totalValue->setText(qs(countWithShort(s.total)));
    m_errorValue->setText(qs(isoErrorText(s)));
    m_errorValue->setToolTip(
        tr("Exact total minus the locked target %1").arg(qs(withThousands(s.target))));
    m_message->setText(m_model->errorText());
    m_message->setVisible(!m_model->errorText().isEmpty());

    const std::vector<IsoMetricRow> rows =
        isoMetricRows(m_model->metrics(), m_model->reference(), m_model->configModel()->units());
    m_metrics->setRowCount(static_cast<int>(rows.size()));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const int r = static_cast<int>(i);
        setCell(m_metrics, r, 0, qs(rows[i].label), false);
        // Rich text, so that the sentence wraps.
        m_metrics->item(r, 0)->setToolTip(
            rows[i].note.empty()
                ? QString()
                : QStringLiteral("<p>%1</p>").arg(qs(rows[i].note).toHtmlEscaped()));
        setCell(m_metrics, r, 1, qs(rows[i].value), true);
        setCell(m_metrics, r, 2, qs(rows[i].reference), true);
        setCell(m_metrics, r, 3, qs(rows[i].ratio), true);
    }
    fitMetricColumns();
}

// The ratios' column keeps room for one ("×0.985", three digits) also at the base shape, where
// each reads "×1": the first step away from it does not widen the column.
void ExplorerView::fitMetricColumns()
{
    fitColumnsToText(m_metrics, {1, 2});
    fitColumnsToText(m_metrics, {3}, QStringLiteral("×0.000"));
}

void ExplorerView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange) { // presentation mode: the tables' text grew
        fitMetricColumns();
        m_insight->fitColumns();
    }
    QWidget::changeEvent(event);
}

} // namespace llmsizer::ui
