// The pinned baseline on the memory chart: over each bar, a dotted line at the baseline's total
// at the same precision (its "ghost"), named in the title; the axis covers both
// (BaselineRatios::axis) and each bar's total carries its ratio on a line of its own.
#include "llmsizer/present/baseline.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/state/configmodel.h"

#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QValueAxis>

namespace llmsizer::ui {

const MemoryAxis& MemoryChartWidget::shownAxis() const
{
    const BaselineRatios* ratios = m_model->ratios();
    return ratios != nullptr ? ratios->axis : m_model->axis();
}

void MemoryChartWidget::rebuildGhosts()
{
    const BaselineRatios* ratios = m_model->ratios();
    const std::size_t n = ratios != nullptr ? ratios->ghosts.size() : 0;
    const bool made = m_ghosts.size() < n;
    while (m_ghosts.size() < n) {
        auto* series = new QLineSeries(m_chart);
        m_chart->addSeries(series);
        series->attachAxis(m_lineX);
        series->attachAxis(m_log ? static_cast<QAbstractAxis*>(m_logValue) : m_value);
        m_ghosts.push_back(series);
    }
    while (m_ghosts.size() > n) {
        m_chart->removeSeries(m_ghosts.back());
        delete m_ghosts.back();
        m_ghosts.pop_back();
    }
    const ByteUnits units = m_model->units();
    for (std::size_t b = 0; b < n; ++b) {
        QLineSeries* s = m_ghosts[b];
        const std::uint64_t bytes = ratios->ghosts[b];
        // Wider than the bar (0.6 of its slot), so that it shows beside a taller bar too.
        const double x = static_cast<double>(b);
        const double y = bytes == 0 ? 0 : bytesInUnit(bytes, units);
        const QList<QPointF> points{{x - 0.38, y}, {x + 0.38, y}};
        if (s->points() != points) {
            s->replace(points);
        }
        if (s->isVisible() != (bytes != 0)) {
            s->setVisible(bytes != 0);
        }
        // Named in the title, not the legend: a fifth legend entry elides the others in a
        // narrow chart.
        const QList<QLegendMarker*> markers = m_chart->legend()->markers(s);
        for (QLegendMarker* marker : markers) {
            marker->setVisible(false);
        }
    }
    if (made) { // later palette changes reach them through applyColours()
        applyGhostColours();
    }
}

QList<double> MemoryChartWidget::ghostValues() const
{
    QList<double> out;
    for (const QLineSeries* s : m_ghosts) {
        out.append(s->isVisible() && !s->points().isEmpty() ? s->points().front().y() : 0.0);
    }
    return out;
}

void MemoryChartWidget::applyGhostColours()
{
    const QColor text = palette().color(QPalette::WindowText);
    for (QLineSeries* s : m_ghosts) {
        s->setPen(QPen(text, 2.5, Qt::DotLine, Qt::FlatCap));
    }
}

} // namespace llmsizer::ui
