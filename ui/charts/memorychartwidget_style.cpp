// The memory chart's colours and fonts: from the palette (light or dark) and the widget's font,
// which presentation mode enlarges.
#include "ui/charts/memorychartwidget.h"
#include "ui/charts/statictextitem.h"
#include "ui/charts/wrappinglegend.h"
#include "ui/kit/palette.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QEvent>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <cmath>

namespace llmsizer::ui {

void MemoryChartWidget::applyColours()
{
    const QColor text = palette().color(QPalette::WindowText);
    const QColor base = palette().color(QPalette::Window);
    m_chart->setBackgroundBrush(base);
    for (StaticTextItem* t : m_totals) {
        t->setBackground(base);
    }
    QFont titleFont = font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setColor(text);
    QList<WrappingLegend::Entry> legend;
    for (std::size_t i = 0; i < m_sets.size(); ++i) {
        legend.append({m_sets[i]->label(), componentColor(m_setKeys[i], m_dark)});
    }
    m_legend->setFont(font());
    m_legend->setEntries(legend);
    m_legend->setTextColor(text);
    for (QAbstractAxis* a :
         {static_cast<QAbstractAxis*>(m_categories), static_cast<QAbstractAxis*>(m_value),
          static_cast<QAbstractAxis*>(m_logValue)}) {
        a->setLabelsColor(text);
        a->setTitleBrush(text);
        a->setLinePenColor(text);
        // An opaque mix of text and background: translucent grid lines cost milliseconds per
        // frame in the raster engine.
        a->setGridLineColor(opaqueMix(text, base, 0.16F));
    }
    for (std::size_t i = 0; i < m_sets.size(); ++i) {
        const QColor c = componentColor(m_setKeys[i], m_dark);
        m_sets[i]->setColor(c);
        m_sets[i]->setBorderColor(base);
    }
    const QColor lineColour = opaqueMix(text, base, 0.7F);
    for (Line& l : m_lines) {
        QPen pen(lineColour, 2, Qt::DashLine);
        l.series->setPen(pen);
        l.label->setColor(text);
        l.label->setBackground(base);
    }
    applyGhostColours();
}

void MemoryChartWidget::fitLegend()
{
    const QSizeF size = m_chart->size();
    const qreal height = m_legend->layout(size.width() - 16);
    m_legend->setPos(8, size.height() - height - 4);
    const int bottom = static_cast<int>(std::ceil(height)) + 8;
    if (bottom != m_chart->margins().bottom()) {
        QMargins margins = m_chart->margins();
        margins.setBottom(bottom);
        m_chart->setMargins(margins); // relayouts the plot area: the labels are placed again
    }
}

void MemoryChartWidget::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::FontChange) {
        return;
    }
    // Presentation mode's larger font: the labels take it, and the right margin for the GPU
    // labels and the totals' positions are measured again.
    QFont bold = font();
    bold.setBold(true);
    for (StaticTextItem* t : m_totals) {
        t->setFont(bold);
    }
    for (Line& l : m_lines) {
        l.label->setFont(font());
    }
    applyColours(); // the title font
    refresh();
}

void MemoryChartWidget::setDark(bool dark)
{
    m_dark = dark;
    m_chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    applyColours();
    refresh();
    applyColours();
}

} // namespace llmsizer::ui
