#include "ui/charts/isocurvechart.h"

#include "llmsizer/present/explore_view.h"
#include "llmsizer/text/format.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/statictextitem.h"
#include "ui/kit/palette.h"
#include "ui/kit/theme.h"
#include "ui/state/exploremodel.h"
#include "ui/state/qstrings.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

namespace llmsizer::ui {

namespace {

double dbl(std::uint64_t v)
{
    return static_cast<double>(v);
}

} // namespace

IsoCurveChart::IsoCurveChart(ExploreModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_chart(new QChart), m_view(new QChartView(m_chart, this)),
      m_line(new QLineSeries(m_chart)), m_base(new QScatterSeries(m_chart)),
      m_current(new QScatterSeries(m_chart)), m_x(new QValueAxis(m_chart)),
      m_y(new QValueAxis(m_chart)), m_label(new StaticTextItem(m_chart)), m_settle(new QTimer(this))
{
    m_settle->setSingleShot(true);
    m_settle->setInterval(kAxesSettleMs);
    connect(m_settle, &QTimer::timeout, this, [this] {
        rescaleToData();
        placeLabel();
    });
    paintWithWindow(m_view);
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_line->setName(tr("Same total"));
    m_base->setName(tr("Base shape"));
    m_current->setName(tr("This shape"));
    for (auto* s : std::initializer_list<QXYSeries*>{m_line, m_base, m_current}) {
        m_chart->addSeries(s);
    }
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    for (auto* s : std::initializer_list<QXYSeries*>{m_line, m_base, m_current}) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    m_x->setTitleText(tr("Layers"));
    m_y->setTitleText(tr("d_model"));
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_label->setZValue(10);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFocusPolicy(Qt::NoFocus);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);

    connect(m_model, &ExploreModel::familyChanged, this, &IsoCurveChart::refreshFamily);
    connect(m_model, &ExploreModel::changed, this, &IsoCurveChart::refreshCurrent);
    connect(m_chart, &QChart::plotAreaChanged, this, &IsoCurveChart::placeLabel);
    applyStyle();
    refreshFamily();
    refreshCurrent();
}

void IsoCurveChart::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    rescaleToData();
}

// The axes from the data and the room the plot has now (not from the last range, so that a
// font switched back and forth gives the ticks it had).
void IsoCurveChart::rescaleToData()
{
    if (m_current->count() > 0) {
        rescale(m_current->at(0), false);
    }
}

QSize IsoCurveChart::sizeHint() const
{
    return m_view->minimumSize();
}

void IsoCurveChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        applyStyle();
    }
    QWidget::changeEvent(event);
}

void IsoCurveChart::applyStyle()
{
    const bool dark = isDark(palette());
    applyChartStyle(m_chart, this);
    // Room for the plot between titles, tick labels and legend at any font size.
    // (15 lines left the plot too short for its tick labels at 1240×760: they read "…").
    m_view->setMinimumSize(300, 22 * fontMetrics().height());
    QPen line(componentColor(u"embedding", dark));
    line.setWidthF(chartLineWidth());
    m_line->setPen(line);
    const QColor text = palette().color(QPalette::WindowText);
    m_base->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_base->setMarkerSize(chartMarkerSize() * 0.8);
    m_base->setColor(palette().color(QPalette::Window));
    m_base->setBorderColor(text);
    QPen basePen(text);
    basePen.setWidthF(chartLineWidth() * 0.8);
    m_base->setPen(basePen);
    m_current->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_current->setMarkerSize(chartMarkerSize());
    m_current->setColor(componentColor(u"attention", dark));
    QPen currentPen(text);
    currentPen.setWidthF(chartLineWidth() * 0.6);
    m_current->setPen(currentPen);
    QFont f = font();
    f.setBold(true);
    m_label->setFont(f);
    m_label->setColor(text);
    placeLabel();
    // The tick count follows the room the new font leaves the plot, once the chart has laid
    // itself out with it.
    QMetaObject::invokeMethod(
        this,
        [this] {
            rescaleToData();
            placeLabel();
        },
        Qt::QueuedConnection);
}

void IsoCurveChart::refreshFamily()
{
    QList<QPointF> points;
    points.reserve(static_cast<qsizetype>(m_model->curve().size()));
    for (const IsoPoint& p : m_model->curve()) {
        points.append(QPointF(dbl(p.solution.config.n_layers), dbl(p.solution.config.d_model)));
    }
    m_line->replace(points);
    const ModelConfig& b = m_model->base();
    m_base->replace(QList<QPointF>{QPointF(dbl(b.n_layers), dbl(b.d_model))});
    // A new title lays the chart out again: only when the target changes.
    const QString title = tr("Shapes with %1 parameters").arg(qs(shortCount(m_model->target())));
    if (m_chart->title() != title) {
        m_chart->setTitle(title);
    }
    showCurrent(!m_model->familyIsNewModel());
}

void IsoCurveChart::refreshCurrent()
{
    showCurrent(true);
}

void IsoCurveChart::showCurrent(bool steady)
{
    const ModelConfig& c = m_model->solution().config;
    const QPointF p(dbl(c.n_layers), dbl(c.d_model));
    if (m_current->count() != 1 || m_current->at(0) != p) {
        m_current->replace(QList<QPointF>{p});
    }
    m_label->setText(tr("%1 layers, d_model %2\n%3")
                         .arg(c.n_layers)
                         .arg(qs(withThousands(c.d_model)))
                         .arg(qs(relativeErrorText(m_model->solution()))));
    rescale(p, steady);
    placeLabel();
}

void IsoCurveChart::rescale(const QPointF& extra, bool steady)
{
    double x0 = extra.x();
    double x1 = extra.x();
    double y0 = extra.y();
    double y1 = extra.y();
    for (const QPointF& q : m_line->points()) {
        x0 = std::min(x0, q.x());
        x1 = std::max(x1, q.x());
        y0 = std::min(y0, q.y());
        y1 = std::max(y1, q.y());
    }
    // Steady: a step along the family moves the curve, not the axes (explore_view.h).
    bool unsettled = false;
    const AxisRange xr =
        axisRangeFor(m_x, x0, x1, false, plotTicks(m_chart, m_view), steady, unsettled);
    const AxisRange yr = axisRangeFor(m_y, y0, y1, false, 6, steady, unsettled);
    if (unsettled) {
        m_settle->start();
    }
    const bool newX = showRange(m_x, xr);
    const bool newY = showRange(m_y, yr);
    if (newX || newY) { // new ticks, new lines
        cacheStaticItems(m_chart);
    }
}

void IsoCurveChart::placeLabel()
{
    if (m_current->count() == 0) {
        return;
    }
    const QPointF at = m_chart->mapToPosition(m_current->at(0), m_current);
    const QRectF plot = m_chart->plotArea();
    const QRectF box = m_label->boundingRect();
    // Right of the point and above it; flipped to stay inside the plot area.
    const qreal gap = chartMarkerSize();
    qreal x = at.x() + gap;
    qreal y = at.y() - gap - box.height();
    if (x + box.width() > plot.right()) {
        x = at.x() - gap - box.width();
    }
    if (y < plot.top()) {
        y = at.y() + gap;
    }
    x = std::max(x, plot.left());
    m_label->setPos(x, y);
}

QList<QPointF> IsoCurveChart::curvePoints() const
{
    return m_line->points();
}

QPointF IsoCurveChart::currentPoint() const
{
    return m_current->count() > 0 ? m_current->at(0) : QPointF();
}

QPointF IsoCurveChart::basePoint() const
{
    return m_base->count() > 0 ? m_base->at(0) : QPointF();
}

QString IsoCurveChart::currentLabel() const
{
    return m_label->text();
}

QPointF IsoCurveChart::xRange() const
{
    return {m_x->min(), m_x->max()};
}

QPointF IsoCurveChart::yRange() const
{
    return {m_y->min(), m_y->max()};
}

QString IsoCurveChart::title() const
{
    return m_chart->title();
}

QRectF IsoCurveChart::labelRect() const
{
    return m_view->mapFromScene(m_label->mapRectToScene(m_label->boundingRect())).boundingRect();
}

QList<QPointF> IsoCurveChart::curvePositions() const
{
    QList<QPointF> out;
    for (const QPointF& p : m_line->points()) {
        out.append(m_view->mapFromScene(m_chart->mapToScene(m_chart->mapToPosition(p, m_line))));
    }
    return out;
}

} // namespace llmsizer::ui
