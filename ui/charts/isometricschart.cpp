#include "ui/charts/isometricschart.h"

#include "llmsizer/present/explore_view.h"
#include "ui/charts/chartstyle.h"
#include "ui/kit/palette.h"
#include "ui/kit/textwidth.h"
#include "ui/kit/theme.h"
#include "ui/state/exploremodel.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QFontMetricsF>
#include <QLegendMarker>
#include <QLineSeries>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

namespace llmsizer::ui {

namespace {

// Each figure borrows the colour of the component it is about.
QStringView colourKey(const QString& key)
{
    if (key == QLatin1String("flops")) {
        return u"embedding";
    }
    if (key == QLatin1String("kv")) {
        return u"kv_cache";
    }
    if (key == QLatin1String("activations")) {
        return u"activations";
    }
    return u"mlp";
}

} // namespace

IsoMetricsChart::IsoMetricsChart(ExploreModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_chart(new QChart), m_view(new QChartView(m_chart, this)),
      m_marker(new QLineSeries(m_chart)), m_x(new QValueAxis(m_chart)),
      m_y(new QValueAxis(m_chart)), m_settle(new QTimer(this))
{
    m_settle->setSingleShot(true);
    m_settle->setInterval(kAxesSettleMs);
    connect(m_settle, &QTimer::timeout, this, [this] {
        setAxes(false);
        refreshCurrent();
    });
    paintWithWindow(m_view);
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_x->setTitleText(tr("Layers"));
    m_y->setTitleText(tr("× base shape"));
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_y->setLabelFormat(QStringLiteral("%.1f"));
    m_chart->addSeries(m_marker);
    m_marker->attachAxis(m_x);
    m_marker->attachAxis(m_y);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFocusPolicy(Qt::NoFocus);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);

    connect(m_model, &ExploreModel::familyChanged, this, &IsoMetricsChart::refreshFamily);
    connect(m_model, &ExploreModel::changed, this, &IsoMetricsChart::refreshCurrent);
    refreshFamily();
    applyStyle();
}

QSize IsoMetricsChart::sizeHint() const
{
    return m_view->minimumSize();
}

void IsoMetricsChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        applyStyle();
    }
    QWidget::changeEvent(event);
}

void IsoMetricsChart::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    placeLegend();
    const AxisRange xr = niceRange(m_x->min(), m_x->max(), false, plotTicks(m_chart, m_view));
    m_x->setRange(xr.min, xr.max);
    m_x->setTickCount(xr.ticks);
}

// The legend below the plot when its entries fit side by side, else one above the other at the
// right (Qt's legend elides an entry it has no room for: "Embeddi...").
void IsoMetricsChart::placeLegend()
{
    const QFontMetricsF metrics(m_chart->legend()->font());
    qreal needed = 0;
    for (const QLineSeries* s : m_series) {
        needed += textWidth(m_chart->legend()->font(), s->name()) + 2.5 * metrics.height() + 8;
    }
    const Qt::Alignment side = needed > m_view->width() - 24 ? Qt::AlignRight : Qt::AlignBottom;
    if (m_chart->legend()->alignment() != side) {
        m_chart->legend()->setAlignment(side);
    }
    // The title in a shorter form where the whole one would be elided (a 1240-pixel window; Qt
    // Charts leaves its title less than the view's width).
    const QString full = tr("At equal parameters, relative to the base shape");
    const QString title = textWidth(m_chart->titleFont(), full) > 0.9 * m_view->width() - 40
                              ? tr("At equal parameters: × base shape")
                              : full;
    if (m_chart->title() != title) {
        m_chart->setTitle(title);
    }
}

void IsoMetricsChart::applyStyle()
{
    const bool dark = isDark(palette());
    applyChartStyle(m_chart, this);
    // Room for the plot between titles, tick labels and legend at any font size.
    // (15 lines left the plot too short for its tick labels at 1240×760: they read "…").
    m_view->setMinimumSize(300, 22 * fontMetrics().height());
    for (std::size_t i = 0; i < m_series.size(); ++i) {
        QPen pen(componentColor(colourKey(m_keys[i]), dark));
        pen.setWidthF(chartLineWidth());
        // For MHA models activations and KV cache grow alike (both ∝ L·d at long contexts) and
        // the lines coincide: the KV cache's is drawn wider beneath, the activations' dashed
        // with gaps as long as its dashes on top, so both show.
        if (m_keys[i] == QLatin1String("activations")) {
            pen.setDashPattern({3, 3});
        } else if (m_keys[i] == QLatin1String("kv")) {
            pen.setWidthF(2.2 * chartLineWidth());
        }
        m_series[i]->setPen(pen);
    }
    QPen marker(palette().color(QPalette::WindowText));
    marker.setWidthF(chartLineWidth() * 0.6);
    marker.setStyle(Qt::DashLine);
    m_marker->setPen(marker);
    // The marker is explained by its position; it needs no legend entry.
    for (QLegendMarker* m : m_chart->legend()->markers(m_marker)) {
        m->setVisible(false);
    }
    placeLegend();
}

void IsoMetricsChart::refreshFamily()
{
    const std::vector<IsoMetricSeries> all =
        isoMetricSeries(m_model->curve(), m_model->reference());
    bool sameKeys = all.size() == m_keys.size();
    for (std::size_t i = 0; sameKeys && i < all.size(); ++i) {
        sameKeys = m_keys[i] == QString::fromStdString(all[i].key);
    }
    if (!sameKeys) {
        for (QLineSeries* s : m_series) {
            m_chart->removeSeries(s);
            delete s;
        }
        m_series.clear();
        m_keys.clear();
        for (const IsoMetricSeries& s : all) {
            auto* line = new QLineSeries(m_chart);
            line->setName(QString::fromStdString(s.label));
            m_chart->addSeries(line);
            line->attachAxis(m_x);
            line->attachAxis(m_y);
            m_series.push_back(line);
            m_keys.push_back(QString::fromStdString(s.key));
        }
        applyStyle();
    }
    double x0 = 0;
    double x1 = 1;
    double y1 = 1;
    bool first = true;
    for (std::size_t i = 0; i < all.size(); ++i) {
        QList<QPointF> points;
        for (std::size_t k = 0; k < all[i].layers.size(); ++k) {
            points.append(QPointF(all[i].layers[k], all[i].ratio[k]));
            x0 = first ? all[i].layers[k] : std::min(x0, all[i].layers[k]);
            x1 = first ? all[i].layers[k] : std::max(x1, all[i].layers[k]);
            y1 = std::max(y1, all[i].ratio[k]);
            first = false;
        }
        m_series[i]->replace(points);
    }
    m_x0 = x0;
    m_x1 = x1;
    m_y1 = y1;
    // A model just loaded starts from its data's own ranges.
    setAxes(!m_model->familyIsNewModel());
    refreshCurrent();
}

void IsoMetricsChart::setAxes(bool steady)
{
    const double marker = static_cast<double>(m_model->solution().config.n_layers);
    const double x0 = std::min(m_x0, marker);
    const double x1 = std::max(m_x1, marker);
    bool unsettled = false;
    const AxisRange xr =
        axisRangeFor(m_x, x0, x1, false, plotTicks(m_chart, m_view), steady, unsettled);
    const AxisRange yr = axisRangeFor(m_y, 0, m_y1, true, 6, steady, unsettled);
    if (unsettled) {
        m_settle->start();
    }
    const bool newX = showRange(m_x, xr);
    const bool newY = showRange(m_y, yr);
    if (newX || newY) { // new ticks, new lines
        cacheStaticItems(m_chart);
    }
}

void IsoMetricsChart::refreshCurrent()
{
    const double x = static_cast<double>(m_model->solution().config.n_layers);
    const QList<QPointF> line{QPointF(x, m_y->min()), QPointF(x, m_y->max())};
    if (m_marker->points() != line) {
        m_marker->replace(line);
    }
    if (x < m_x->min() || x > m_x->max()) {
        if (showRange(m_x, niceRange(std::min(x, m_x->min()), std::max(x, m_x->max()), false,
                                     plotTicks(m_chart, m_view)))) {
            cacheStaticItems(m_chart); // new ticks, new lines
        }
    }
}

QStringList IsoMetricsChart::seriesNames() const
{
    QStringList names;
    for (const QLineSeries* s : m_series) {
        names << s->name();
    }
    return names;
}

QList<QPointF> IsoMetricsChart::seriesPoints(int index) const
{
    return index >= 0 && static_cast<std::size_t>(index) < m_series.size()
               ? m_series[static_cast<std::size_t>(index)]->points()
               : QList<QPointF>();
}

double IsoMetricsChart::markerX() const
{
    return m_marker->count() > 0 ? m_marker->at(0).x() : 0.0;
}

QPointF IsoMetricsChart::yRange() const
{
    return {m_y->min(), m_y->max()};
}

} // namespace llmsizer::ui
