#include "ui/charts/memorychartwidget.h"

#include "llmsizer/present/baseline.h"
#include "llmsizer/text/format.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/statictextitem.h"
#include "ui/charts/wrappinglegend.h"
#include "ui/kit/palette.h"
#include "ui/kit/showrefresh.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace llmsizer::ui {

namespace {

constexpr int kTitleSpace = 30; // until the title is measured

QString unitName(ByteUnits units)
{
    return units == ByteUnits::Binary ? QStringLiteral("GiB (2³⁰ bytes)")
                                      : QStringLiteral("GB (10⁹ bytes)");
}

} // namespace

MemoryChartWidget::MemoryChartWidget(ConfigModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_chart(new QChart), m_view(new QChartView(m_chart, this)),
      m_bars(new QStackedBarSeries(m_chart)), m_categories(new QBarCategoryAxis(m_chart)),
      m_value(new QValueAxis(m_chart)), m_logValue(new QLogValueAxis(m_chart)),
      m_lineX(new QValueAxis(m_chart)), m_title(new StaticTextItem(m_chart)),
      m_legend(new WrappingLegend(m_chart))
{
    paintWithWindow(m_view);
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setVisible(false);
    // The title is drawn by a StaticTextItem in the top margin: QChart::setTitle lays out HTML
    // on each change.
    m_chart->setMargins(QMargins(4, kTitleSpace, 4, 4));
    m_title->setCentered(true);
    m_chart->addSeries(m_bars);
    m_chart->addAxis(m_categories, Qt::AlignBottom);
    m_chart->addAxis(m_value, Qt::AlignLeft);
    m_chart->addAxis(m_logValue, Qt::AlignLeft);
    m_chart->addAxis(m_lineX, Qt::AlignTop);
    m_bars->attachAxis(m_categories);
    m_bars->attachAxis(m_value);
    m_bars->setBarWidth(0.6);
    m_lineX->setVisible(false);
    m_logValue->setVisible(false);
    m_logValue->setBase(10);
    m_logValue->setLabelFormat(QStringLiteral("%g"));
    // Dynamic ticks from the start, with an interval that suits the initial range (0 to 1).
    m_value->setRange(0, 1);
    m_value->setTickInterval(0.2);
    m_value->setTickAnchor(0);
    m_value->setTickType(QValueAxis::TicksDynamic);
    // No geometry antialiasing: bars, grid and GPU lines are axis-aligned, and antialiased line
    // drawing was the largest single cost of a slider step. Text stays antialiased.
    m_view->setRenderHint(QPainter::Antialiasing, false);
    m_view->setFocusPolicy(Qt::NoFocus);
    m_view->setMinimumSize(320, 240);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);

    // On another tab than the Overview, the chart catches up when it is shown again.
    m_refresh = new ShowRefresh(
        this, [this] { refresh(); }, ShowRefresh::Waits::WhileHiddenInShownWindow);
    connect(m_model, &ConfigModel::changed, m_refresh, &ShowRefresh::invalidate);
    connect(m_chart, &QChart::plotAreaChanged, this, &MemoryChartWidget::placeLabels);
    setDark(false);
}

void MemoryChartWidget::setLogScale(bool log)
{
    if (log == m_log) {
        return;
    }
    m_log = log;
    QAbstractAxis* from = log ? static_cast<QAbstractAxis*>(m_value) : m_logValue;
    QAbstractAxis* to = log ? static_cast<QAbstractAxis*>(m_logValue) : m_value;
    m_bars->detachAxis(from);
    m_bars->attachAxis(to);
    for (Line& l : m_lines) {
        l.series->detachAxis(from);
        l.series->attachAxis(to);
    }
    for (QLineSeries* g : m_ghosts) {
        g->detachAxis(from);
        g->attachAxis(to);
    }
    from->setVisible(false);
    to->setVisible(true);
    refresh();
}

void MemoryChartWidget::refresh()
{
    if (!m_refitting) {
        m_refitChain = 0;
    }
    const std::vector<MemoryBar>& bars = m_model->bars();
    const ByteUnits units = m_model->units();
    m_fullCategories.clear();
    m_narrowCategories.clear();
    for (const MemoryBar& b : bars) {
        m_fullCategories << qs(b.label);
        m_narrowCategories << qs(b.narrow_label);
    }
    const QStringList& names = m_narrow ? m_narrowCategories : m_fullCategories;
    if (names != m_categories->categories()) {
        m_categories->setCategories(names);
    }
    bool sameSets = !bars.empty() && bars.front().segments.size() == m_setKeys.size();
    for (std::size_t i = 0; sameSets && i < m_setKeys.size(); ++i) {
        sameSets = m_setKeys[i] == qs(bars.front().segments[i].key);
    }
    if (!sameSets || (m_sets.empty() ? 0 : m_sets.front()->count()) != names.size()) {
        rebuildSets();
    }
    for (std::size_t s = 0; s < m_sets.size(); ++s) {
        for (std::size_t b = 0; b < bars.size(); ++b) {
            // Only a changed value: each replace lays the bars out again.
            const double value = bytesInUnit(bars[b].segments[s].bytes, units);
            if (m_sets[s]->at(static_cast<int>(b)) != value) {
                m_sets[s]->replace(static_cast<int>(b), value);
            }
        }
    }

    // Totals above the bars, coloured by whether any selected GPU holds them.
    while (m_totals.size() < bars.size()) {
        auto* item = new StaticTextItem(m_chart);
        item->setCentered(true);
        item->setZValue(10);
        item->setBackground(palette().color(QPalette::Window));
        item->setPadding(3); // a GPU line at the label's edge runs behind it, not along its text
        QFont f = font();
        f.setBold(true);
        item->setFont(f);
        m_totals.push_back(item);
    }
    while (m_totals.size() > bars.size()) {
        delete m_totals.back();
        m_totals.pop_back();
    }
    m_totalValues.assign(bars.size(), 0);
    m_totalTexts.assign(bars.size(), QString());
    const std::vector<BarVerdict>& verdicts = m_model->verdicts();
    for (std::size_t b = 0; b < bars.size(); ++b) {
        QString text = qs(formatBytes(bars[b].total, units, 1));
        QColor colour = palette().color(QPalette::WindowText);
        if (b < verdicts.size() && verdicts[b].kind != BarVerdict::Kind::NoGpus) {
            const BarVerdict& v = verdicts[b];
            const bool fits = v.kind == BarVerdict::Kind::Fits;
            // "fits on 8× H100 (63 % used)" on two lines, to stay within the bar's width.
            // "8× H100" is never broken between its count and its name.
            text += QLatin1Char('\n') + (fits ? QStringLiteral("✓ ") : QStringLiteral("✗ ")) +
                    qs(v.text)
                        .replace(QStringLiteral(" ("), QStringLiteral("\n("))
                        .replace(QStringLiteral("× "), QStringLiteral("×\u00A0"));
            colour = fits && v.tight ? tightColor(m_dark) : fitColor(fits, m_dark);
        }
        // Against a pinned baseline: this bar over the baseline's at the same precision.
        if (const BaselineRatios* ratios = m_model->ratios();
            ratios != nullptr && b < ratios->bars.size() && !ratios->bars[b].empty()) {
            text += QLatin1Char('\n') + qs(ratios->bars[b]);
        }
        m_totals[b]->setText(text);
        m_totalTexts[b] = text;
        m_totals[b]->setColor(colour);
        m_totalValues[b] = bytesInUnit(bars[b].total, units);
    }

    // Axis setters are only called with new values: each call relayouts the axis labels (HTML).
    const MemoryAxis& axis = shownAxis();
    const double top = roomyMax(axis);
    const double tick = readableTick(axis.tick, top);
    setValueAxis(m_value, 0, valueAxisTop(axis), tick);
    const QString format = axis.max >= 10 ? QStringLiteral("%.0f") : QStringLiteral("%.1f");
    if (m_value->labelFormat() != format) {
        m_value->setLabelFormat(format);
    }
    if (m_value->titleText() != unitName(units)) {
        m_value->setTitleText(unitName(units));
        m_logValue->setTitleText(unitName(units));
    }
    if (m_logValue->min() != axis.log_min || m_logValue->max() != axis.log_max) {
        m_logValue->setRange(axis.log_min, axis.log_max);
    }
    const double right = static_cast<double>(bars.size()) - 0.5;
    if (m_lineX->max() != right) {
        m_lineX->setRange(-0.5, right);
    }
    rebuildLines();
    rebuildGhosts();

    // The bars hold the whole workload on one GPU; the verdicts under them lay it out over the
    // selected GPUs as `llm-sizer-cli fit` does.
    const bool textbook = m_model->textbook();
    if (textbook) {
        // What the course computes by hand: parameters × bytes per parameter (and, training,
        // the gradients and AdamW states); the workload's parts are left out, and said so.
        m_titleParts = {
            m_model->training() ? tr("Textbook: weights + gradients + AdamW states")
                                : tr("Textbook: weights only = parameters × bytes per parameter"),
            m_model->training() ? tr("no activations (Realistic numbers add them)")
                                : tr("no KV cache, activations or overhead (Realistic adds them)")};
        if (m_model->hasBaseline()) {
            m_titleParts.last() += tr(" · dotted: the baseline, ×: over it");
        }
        if (!m_model->lines().empty()) {
            m_titleParts << tr("✓/✗: the bytes split evenly over N GPUs, as by hand");
        }
        placeLabels();
        return;
    }
    const QString mode = m_model->training() ? tr("Training memory on one GPU (AdamW, no ZeRO)")
                                             : tr("Inference memory on one GPU");
    m_titleParts = {tr("%1 · %2 tokens × batch %3")
                        .arg(mode, qs(withThousands(m_model->context())))
                        .arg(m_model->batch())};
    if (!m_model->training()) { // the runtime choices behind the KV cache and overhead segments
        m_titleParts << tr("KV %1 · overhead: %2")
                            .arg(m_model->kvPrecision().toUpper(), m_model->overhead());
    }
    if (m_model->hasBaseline()) { // the ghosts and the ratios under the totals
        m_titleParts.last() += tr(" · dotted: the baseline, ×: over it");
    }
    if (!m_model->lines().empty()) {
        m_titleParts << tr("✓/✗: need per GPU, split over N GPUs (tensor, then pipeline parallel)");
    }
    placeLabels();
}

void MemoryChartWidget::rebuildSets()
{
    m_bars->clear();
    m_sets.clear();
    m_setKeys.clear();
    const std::vector<MemoryBar>& bars = m_model->bars();
    if (bars.empty()) {
        return;
    }
    for (const MemorySegment& seg : bars.front().segments) {
        auto* set = new QBarSet(qs(seg.label));
        for (std::size_t b = 0; b < bars.size(); ++b) {
            set->append(0.0);
        }
        m_bars->append(set);
        m_sets.push_back(set);
        m_setKeys.push_back(qs(seg.key));
    }
    applyColours();
}

} // namespace llmsizer::ui
