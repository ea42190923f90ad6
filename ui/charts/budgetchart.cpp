#include "ui/charts/budgetchart.h"

#include "ui/charts/chartstyle.h"
#include "ui/charts/statictextitem.h"
#include "ui/kit/palette.h"
#include "ui/kit/theme.h"
#include "ui/state/qstrings.h"

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

namespace llmsizer::ui {

namespace {

QList<QPointF> points(const std::vector<BudgetChartPoint>& marks)
{
    QList<QPointF> out;
    out.reserve(static_cast<qsizetype>(marks.size()));
    for (const BudgetChartPoint& p : marks) {
        out.append(QPointF(p.log_params, p.loss));
    }
    return out;
}

// The label of the mark nearest `at` among `marks` (a hovered scatter point).
QString nearestLabel(const std::vector<BudgetChartPoint>& marks, QPointF at)
{
    const BudgetChartPoint* best = nullptr;
    double bestDistance = 0;
    for (const BudgetChartPoint& p : marks) {
        const double dx = p.log_params - at.x();
        const double dy = p.loss - at.y();
        const double distance = dx * dx + dy * dy;
        if (best == nullptr || distance < bestDistance) {
            best = &p;
            bestDistance = distance;
        }
    }
    return best != nullptr ? qs(best->label) : QString();
}

} // namespace

BudgetChart::BudgetChart(QWidget* parent)
    : QWidget(parent), m_chart(new QChart), m_view(new QChartView(m_chart, this)),
      m_curve(new QLineSeries(m_chart)), m_fits(new QScatterSeries(m_chart)),
      m_over(new QScatterSeries(m_chart)), m_marks(new QScatterSeries(m_chart)),
      m_x(new QCategoryAxis(m_chart)), m_y(new QValueAxis(m_chart)),
      m_ruleLabel(new StaticTextItem(m_chart)), m_optimumLabel(new StaticTextItem(m_chart))
{
    paintWithWindow(m_view);
    m_chart->setAnimationOptions(QChart::NoAnimation);
    const std::initializer_list<QXYSeries*> all{m_curve, m_over, m_fits, m_marks};
    for (QXYSeries* s : all) {
        m_chart->addSeries(s);
    }
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    for (QXYSeries* s : all) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    m_x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_x->setTitleText(tr("Parameters (log scale)"));
    m_y->setTitleText(tr("Loss"));
    m_y->setLabelFormat(QStringLiteral("%.2f"));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    // The two marks are named beside them, not in the legend.
    for (QLegendMarker* m : m_chart->legend()->markers(m_marks)) {
        m->setVisible(false);
    }
    for (StaticTextItem* label : {m_ruleLabel, m_optimumLabel}) {
        label->setZValue(10);
        label->setCentered(true);
        label->setBackground(QColor()); // set with the palette (applyStyle)
    }
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFocusPolicy(Qt::NoFocus);
    m_view->setToolTip(tr("Chinchilla's fit (Hoffmann et al. 2022, eq. 10): L(N, D) = E + A/N^α + "
                          "B/D^β, here with D = budget / 6N"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    for (QScatterSeries* s : {m_fits, m_over}) {
        connect(s, &QScatterSeries::hovered, this, [this, s](const QPointF& at, bool state) {
            if (!state) {
                QToolTip::hideText();
                return;
            }
            QToolTip::showText(QCursor::pos(),
                               nearestLabel(s == m_fits ? m_data.fits : m_data.over, at), m_view);
        });
    }
    connect(m_chart, &QChart::plotAreaChanged, this, &BudgetChart::placeLabels);
    applyStyle();
}

void BudgetChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        applyStyle();
    }
    QWidget::changeEvent(event);
}

void BudgetChart::applyStyle()
{
    const bool dark = isDark(palette());
    applyChartStyle(m_chart, this);
    m_view->setMinimumSize(300, 14 * fontMetrics().height());
    const QColor text = palette().color(QPalette::WindowText);
    QPen line(componentColor(u"embedding", dark));
    line.setWidthF(chartLineWidth());
    m_curve->setPen(line);
    m_fits->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_fits->setMarkerSize(chartMarkerSize() * 0.6);
    m_fits->setColor(componentColor(u"mlp", dark));
    m_fits->setBorderColor(text);
    m_over->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_over->setMarkerSize(chartMarkerSize() * 0.6);
    QColor grey = palette().color(QPalette::Disabled, QPalette::WindowText);
    grey.setAlpha(140);
    m_over->setColor(grey);
    m_over->setBorderColor(grey);
    m_marks->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_marks->setMarkerSize(chartMarkerSize());
    m_marks->setColor(componentColor(u"attention", dark));
    m_marks->setBorderColor(text);
    QFont bold = font();
    bold.setBold(true);
    // A box of the chart's background behind each name, so the line passes behind it.
    for (StaticTextItem* label : {m_ruleLabel, m_optimumLabel}) {
        label->setFont(bold);
        label->setColor(text);
        label->setBackground(m_chart->backgroundBrush().color());
    }
    placeLabels();
}

void BudgetChart::setData(BudgetChartData data)
{
    m_data = std::move(data);
    m_chart->setTitle(qs(m_data.title));
    m_curve->setName(qs(m_data.curve_name));
    m_fits->setName(qs(m_data.fits_name));
    m_over->setName(qs(m_data.over_name));
    m_curve->replace(points(m_data.curve));
    m_fits->replace(points(m_data.fits));
    m_over->replace(points(m_data.over));
    m_marks->replace({QPointF(m_data.rule.log_params, m_data.rule.loss),
                      QPointF(m_data.optimum.log_params, m_data.optimum.loss)});
    // Nothing over the budget: no greyed entry in the legend either.
    for (QLegendMarker* m : m_chart->legend()->markers(m_over)) {
        m->setVisible(!m_data.over.empty());
    }
    for (const QString& label : m_x->categoriesLabels()) {
        m_x->remove(label);
    }
    m_x->setStartValue(m_data.x_min);
    for (const auto& [at, label] : m_data.x_ticks) {
        m_x->append(qs(label), at);
    }
    m_x->setRange(m_data.x_min, m_data.x_max);
    m_y->setRange(m_data.y_min, m_data.y_max);
    m_y->setTickCount(m_data.y_ticks);
    m_ruleLabel->setText(qs(m_data.rule.label));
    m_optimumLabel->setText(qs(m_data.optimum.label));
    placeLabels();
    cacheStaticItems(m_chart);
}

// The rule's name above its mark and the minimum's below its own (the line lies above the
// minimum), each centred on its mark and kept inside the plot.
void BudgetChart::placeLabels()
{
    if (m_marks->count() != 2) {
        return;
    }
    const QRectF plot = m_chart->plotArea();
    const qreal gap = chartMarkerSize();
    auto place = [&](StaticTextItem* label, QPointF at, bool above) {
        const QRectF box = label->boundingRect();
        qreal x = at.x() - box.width() / 2;
        x = std::clamp(x, plot.left(), std::max(plot.left(), plot.right() - box.width()));
        qreal y = above ? at.y() - gap - box.height() : at.y() + gap;
        y = std::clamp(y, plot.top(), std::max(plot.top(), plot.bottom() - box.height()));
        label->setPos(x, y);
    };
    place(m_ruleLabel, m_chart->mapToPosition(m_marks->at(0), m_marks), true);
    place(m_optimumLabel, m_chart->mapToPosition(m_marks->at(1), m_marks), false);
}

QList<QPointF> BudgetChart::curvePoints() const
{
    return m_curve->points();
}

QList<QPointF> BudgetChart::fitPoints() const
{
    return m_fits->points();
}

QList<QPointF> BudgetChart::overPoints() const
{
    return m_over->points();
}

QStringList BudgetChart::markLabels() const
{
    return {m_ruleLabel->text(), m_optimumLabel->text()};
}

QList<QRectF> BudgetChart::markLabelRects() const
{
    QList<QRectF> out;
    for (const StaticTextItem* label : {m_ruleLabel, m_optimumLabel}) {
        out.append(m_view->mapFromScene(label->mapRectToScene(label->boundingRect()))
                       .boundingRect()
                       .toRectF());
    }
    return out;
}

QRectF BudgetChart::plotArea() const
{
    return m_view->mapFromScene(m_chart->plotArea()).boundingRect().toRectF();
}

} // namespace llmsizer::ui
