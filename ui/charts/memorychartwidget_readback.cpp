// What the memory chart shows, read back from its series, axes and labels (tests).
#include "ui/charts/memorychartwidget.h"
#include "ui/charts/statictextitem.h"
#include "ui/charts/wrappinglegend.h"
#include "ui/state/configmodel.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

namespace llmsizer::ui {

QStringList MemoryChartWidget::categories() const
{
    return m_categories->categories();
}

QStringList MemoryChartWidget::segmentKeys() const
{
    return QStringList(m_setKeys.begin(), m_setKeys.end());
}

double MemoryChartWidget::value(const QString& segmentKey, int bar) const
{
    for (std::size_t i = 0; i < m_setKeys.size(); ++i) {
        if (m_setKeys[i] == segmentKey) {
            return m_sets[i]->at(bar);
        }
    }
    return -1;
}

QStringList MemoryChartWidget::totalLabels() const
{
    QStringList out;
    for (const StaticTextItem* t : m_totals) {
        out << QString(t->text()).replace(QChar(0x00A0), QLatin1Char(' ')); // "16× H100" as read
    }
    return out;
}

QList<MemoryChartWidget::LineValue> MemoryChartWidget::lineValues() const
{
    QList<LineValue> out;
    for (const Line& l : m_lines) {
        out.append({l.key, l.series->points().isEmpty() ? 0.0 : l.series->points().front().y(),
                    l.series->isVisible()});
    }
    return out;
}

double MemoryChartWidget::axisMax() const
{
    return m_log ? m_logValue->max() : m_value->max();
}

QList<QRectF> MemoryChartWidget::lineLabelRects() const
{
    QList<QRectF> out;
    for (const Line& l : m_lines) {
        if (l.label->isVisible()) {
            out.append(l.label->mapRectToItem(m_chart, l.label->boundingRect()));
        }
    }
    return out;
}

qreal MemoryChartWidget::chartWidth() const
{
    return m_chart->size().width();
}

QStringList MemoryChartWidget::drawnTexts() const
{
    QStringList out;
    if (m_chart->scene() == nullptr) {
        return out;
    }
    for (const QGraphicsItem* item : m_chart->scene()->items()) {
        if (const auto* text = dynamic_cast<const QGraphicsTextItem*>(item)) {
            if (text->isVisible()) {
                out << text->toPlainText();
            }
        }
    }
    return out;
}

QStringList MemoryChartWidget::legendNames() const
{
    return m_legend->names();
}

QList<QRectF> MemoryChartWidget::legendRects() const
{
    QList<QRectF> out;
    for (const QRectF& r : m_legend->nameRects()) {
        out.append(m_legend->mapRectToItem(m_chart, r));
    }
    return out;
}

QString MemoryChartWidget::title() const
{
    return m_titleParts.join(QStringLiteral(" · ")); // as one line, however it is wrapped
}

} // namespace llmsizer::ui
