// The GPU reference lines of the memory chart: one dashed line per selected capacity, labelled
// in the right margin; lines above the axis are named at its top edge (the axis is not stretched
// to them), and labels that would crowd each other go on one line each and stack.
#include "llmsizer/present/memory_view.h"
#include "llmsizer/text/format.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/charts/statictextitem.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <QChart>
#include <QFontMetricsF>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>

namespace llmsizer::ui {

void MemoryChartWidget::rebuildLines()
{
    // Devices of equal capacity (A100 80GB, H100 80GB) share one line and one label.
    std::vector<std::pair<QString, std::uint64_t>> merged;
    for (const ReferenceLine& l : m_model->lines()) {
        if (!merged.empty() && merged.back().second == l.bytes) {
            merged.back().first += QStringLiteral("/") + qs(l.short_label);
        } else {
            merged.emplace_back(qs(l.short_label), l.bytes);
        }
    }
    const ByteUnits units = m_model->units();
    while (m_lines.size() < merged.size()) {
        Line l;
        l.series = new QLineSeries(m_chart);
        m_chart->addSeries(l.series);
        l.series->attachAxis(m_lineX);
        l.series->attachAxis(m_log ? static_cast<QAbstractAxis*>(m_logValue) : m_value);
        const QList<QLegendMarker*> markers = m_chart->legend()->markers(l.series);
        for (QLegendMarker* marker : markers) {
            marker->setVisible(false);
        }
        l.label = new StaticTextItem(m_chart);
        l.label->setFont(font());
        l.label->setBackground(palette().color(QPalette::Window));
        l.label->setZValue(10);
        m_lines.push_back(l);
        applyColours();
    }
    while (m_lines.size() > merged.size()) {
        m_chart->removeSeries(m_lines.back().series);
        delete m_lines.back().series;
        delete m_lines.back().label;
        m_lines.pop_back();
    }
    const double right = static_cast<double>(m_model->bars().size()) - 0.5;
    const MemoryAxis& axis = shownAxis();
    for (std::size_t i = 0; i < merged.size(); ++i) {
        Line& l = m_lines[i];
        l.key = merged[i].first;
        l.value = bytesInUnit(merged[i].second, units);
        // Above the axis as drawn (grown to give the totals room, memorychartwidget.cpp).
        l.above = m_log ? l.value > axis.log_max : l.value > std::max(axis.max, m_value->max());
        // Set only when it moved: a replaced series lays out and repaints its line.
        const QList<QPointF> points{{-0.5, l.value}, {right, l.value}};
        if (l.series->points() != points) {
            l.series->replace(points);
        }
        if (l.series->isVisible() == l.above) {
            l.series->setVisible(!l.above);
        }
        // Vendors sell memory in GiB ("80GB" is 80 GiB), so decimal capacities name it too.
        l.capacity = qs(formatBytes(merged[i].second, units, 0));
        if (units == ByteUnits::Decimal) {
            l.capacity +=
                QStringLiteral(" · ") + qs(formatBytes(merged[i].second, ByteUnits::Binary, 0));
        }
        l.label->setText(lineText(l));
        l.label->setVisible(true);
        // A series' legend marker follows its visibility; GPU lines are labelled, not listed.
        const QList<QLegendMarker*> markers = m_chart->legend()->markers(l.series);
        for (QLegendMarker* marker : markers) {
            marker->setVisible(false);
        }
    }
    setCompactLabels(m_compactLabels);
}

// "8× H100" over "687 GB · 640 GiB"; on one line when the labels crowd; "↑" marks a line above
// the axis (the chart is not stretched to it).
QString MemoryChartWidget::lineText(const Line& l) const
{
    const QString name = l.above ? QStringLiteral("↑ ") + l.key : l.key;
    return name + (m_compactLabels ? QStringLiteral("  ") : QStringLiteral("\n")) + l.capacity;
}

// GPU labels sit in the right margin, clear of the bars and their totals; the margin follows the
// widest label.
void MemoryChartWidget::setCompactLabels(bool compact)
{
    m_compactLabels = compact;
    qreal labelWidth = 0;
    for (Line& l : m_lines) {
        const QString text = lineText(l);
        if (l.label->text() != text) {
            l.label->setText(text);
        }
        labelWidth = std::max(labelWidth, l.label->boundingRect().width());
    }
    const int margin = static_cast<int>(labelWidth) + 10;
    if (m_chart->margins().right() != margin) {
        m_chart->setMargins(QMargins(4, m_chart->margins().top(), margin, 4));
    }
}

bool MemoryChartWidget::placeLineLabels(const QRectF& plot)
{
    const double x = static_cast<double>(m_model->bars().size()) - 0.5;
    struct Want {
        Line* line;
        qreal centre;
    };
    std::vector<Want> wants; // top of the chart first
    for (Line& l : m_lines) {
        const qreal centre =
            l.above ? plot.top() : m_chart->mapToPosition(QPointF(x, l.value), l.series).y();
        wants.push_back({&l, centre});
    }
    std::sort(wants.begin(), wants.end(),
              [](const Want& a, const Want& b) { return a.centre < b.centre; });
    // Two-line labels crowd when two centres are closer than a two-line label; decided on the
    // two-line height whichever form is shown, so the choice does not flip back and forth.
    const qreal twoLines = 2 * QFontMetricsF(font()).lineSpacing();
    bool crowded = false;
    for (std::size_t i = 1; i < wants.size(); ++i) {
        crowded = crowded || wants[i].centre - wants[i - 1].centre < twoLines;
    }
    if (crowded != m_compactLabels) {
        setCompactLabels(crowded); // a new margin, so a new plot area: the caller starts again
        return true;
    }
    // Each label centred on its line, then pushed down past the one above it, then up from the
    // plot's bottom edge, so that none overlaps another and all stay beside the plot.
    std::vector<qreal> tops(wants.size());
    qreal below = plot.top() - 1e9;
    for (std::size_t i = 0; i < wants.size(); ++i) {
        const qreal h = wants[i].line->label->boundingRect().height();
        tops[i] = std::max({wants[i].centre - h / 2, below, plot.top() - h / 2});
        below = tops[i] + h;
    }
    qreal above = plot.bottom() + 1e9;
    for (std::size_t i = wants.size(); i-- > 0;) {
        const qreal h = wants[i].line->label->boundingRect().height();
        tops[i] = std::min({tops[i], above - h, plot.bottom() + h / 2 - h});
        above = tops[i];
        wants[i].line->label->setPos(plot.right() + 6, tops[i]);
    }
    return false;
}

} // namespace llmsizer::ui
