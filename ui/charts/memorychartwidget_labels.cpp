// The memory chart's labels: its title wrapped to the chart's width, the bar names, the totals
// above the bars placed clear of each other, and the value axis chosen with room for them.
#include "llmsizer/present/memory_view.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/charts/statictextitem.h"
#include "ui/kit/textwidth.h"

#include <QBarCategoryAxis>
#include <QChart>
#include <QFontMetricsF>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace llmsizer::ui {

// The title on one line, or on one line per part when the chart is narrower than it (narrow
// windows, presentation mode); the top margin follows its height.
void MemoryChartWidget::fitTitle()
{
    // Measured before it is set, so an unchanged title is not laid out again on each step.
    const QString oneLine = m_titleParts.join(QStringLiteral(" · "));
    const QFont font = m_title->font();
    const qreal room = m_chart->size().width() - 16;
    if (textWidth(font, oneLine) <= room) {
        m_title->setText(oneLine);
    } else {
        // One part a line; a part still too wide (presentation mode at 1280x800) wraps at spaces.
        m_title->setText(wrapToWidth(m_titleParts.join(QLatin1Char('\n')), font, room));
    }
    const int space = static_cast<int>(m_title->boundingRect().height()) + 10;
    if (space != m_chart->margins().top()) {
        QMargins margins = m_chart->margins();
        margins.setTop(space);
        m_chart->setMargins(margins);
    }
}

// Bar names under the bars: the short labels ("FP16/BF16"), or the narrow ones ("16-bit") when a
// short one is wider than 55 % of its bar's slot: Qt Charts elides a category label well before
// it fills the slot (at 1280×800 a 64 px "FP16/BF16" became "FP16/BF..." in a 91 px slot).
// Decided on the short labels' widths, so the choice is stable while the axis relayouts.
void MemoryChartWidget::fitCategories(double slot)
{
    const QFont font = m_categories->labelsFont();
    bool narrow = false;
    for (const QString& name : m_fullCategories) {
        narrow = narrow || textWidth(font, name) > 0.55 * slot;
    }
    m_narrow = narrow;
    const QStringList& names = m_narrow ? m_narrowCategories : m_fullCategories;
    if (names != m_categories->categories()) {
        m_categories->setCategories(names); // relayouts the axis: placeLabels runs again
    }
}

void MemoryChartWidget::placeLabels()
{
    fitTitle();
    fitLegend();
    const QRectF plot = m_chart->plotArea();
    m_title->setPos((m_chart->size().width() - m_title->boundingRect().width()) / 2, 6);
    if (placeLineLabels(plot)) {
        placeLabels(); // on the plot area the new label margin left (the form is stable now)
        return;
    }
    // A verdict wider than its bar's slot (narrow windows, presentation mode) wraps at its spaces
    // to the slot's width ("fits on" / "1× RTX" / "4090"), so that neighbouring labels never run
    // into each other; it is unwrapped again when the slot grows (always measured from the
    // unbroken text).
    const double slot =
        plot.width() / static_cast<double>(std::max<std::size_t>(1, m_totals.size()));
    fitCategories(slot);
    for (std::size_t b = 0; b < m_totals.size() && b < m_totalTexts.size(); ++b) {
        const QString text = wrapToWidth(m_totalTexts[b], m_totals[b]->font(), slot - 6);
        if (text != m_totals[b]->text()) {
            m_totals[b]->setText(text);
        }
    }
    // Labels taller than the room the axis left above their bars, or shorter than the room it
    // kept for them (a resize, a new font, presentation mode off): the axis is chosen again,
    // once the current layout is done.
    const double top = valueAxisTop(shownAxis());
    if (!m_log && std::abs(top - m_value->max()) > 1e-9 * std::max(1.0, top) && !m_refitQueued &&
        m_refitChain < 3) {
        m_refitQueued = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_refitQueued = false;
                m_refitting = true;
                ++m_refitChain;
                refresh();
                m_refitting = false;
            },
            Qt::QueuedConnection);
    }
    // Each total above its bar; one that would still touch a label to its left (a word wider than
    // the slot) or a GPU line's label in the right margin (the last bar's, in a narrow window)
    // goes above that label instead, a few pixels clear of it.
    std::vector<QRectF> placed;
    for (const Line& l : m_lines) {
        if (l.label->isVisible()) {
            placed.push_back(
                QRectF(l.label->pos(), l.label->boundingRect().size()).adjusted(-6, -3, 6, 3));
        }
    }
    for (std::size_t b = 0; b < m_totals.size(); ++b) {
        const QPointF p =
            m_chart->mapToPosition(QPointF(static_cast<double>(b), m_totalValues[b]), m_bars);
        const QRectF r = m_totals[b]->boundingRect();
        QRectF box(p.x() - r.width() / 2, std::max(plot.top(), p.y() - r.height() - 2), r.width(),
                   r.height());
        for (auto left = placed.rbegin(); left != placed.rend(); ++left) {
            if (box.intersects(*left)) {
                box.moveBottom(left->top() - 2);
            }
        }
        m_totals[b]->setPos(box.topLeft());
        placed.push_back(box);
    }
}

// The linear axis's top: the model's, grown by whole ticks (at most to twice it) until every
// total's label, wrapped to its slot, fits above its bar on the current plot area.
double MemoryChartWidget::roomyMax(const MemoryAxis& axis) const
{
    const QRectF plot = m_chart->plotArea();
    if (axis.max <= 0 || axis.tick <= 0 || plot.height() <= 0 || m_totals.empty()) {
        return axis.max;
    }
    const double slot = plot.width() / static_cast<double>(m_totals.size());
    double needed = axis.max;
    for (std::size_t b = 0; b < m_totals.size() && b < m_totalTexts.size(); ++b) {
        const QString text = wrapToWidth(m_totalTexts[b], m_totals[b]->font(), slot - 6);
        const qreal lines = static_cast<qreal>(text.count(QLatin1Char('\n')) + 1);
        const qreal height = lines * QFontMetricsF(m_totals[b]->font()).lineSpacing() + 12;
        const qreal room = plot.height() - height;
        if (room > 0.25 * plot.height()) {
            needed = std::max(needed, m_totalValues[b] * plot.height() / room);
        }
    }
    return std::min(axis.tick * std::ceil(needed / axis.tick - 1e-9),
                    axis.tick * std::floor(2 * axis.max / axis.tick + 1e-9));
}

double MemoryChartWidget::valueAxisTop(const MemoryAxis& axis) const
{
    const double top = roomyMax(axis);
    const double tick = readableTick(axis.tick, top);
    return axis.tick > 0 ? tick * std::ceil(top / tick - 1e-9) : top;
}

double MemoryChartWidget::readableTick(double tick, double max) const
{
    const qreal plot = m_chart->plotArea().height();
    const qreal gap = 1.5 * QFontMetricsF(m_value->labelsFont()).height();
    while (tick > 0 && plot > 0 && tick < max && plot * tick / max < gap) {
        tick *= 2;
    }
    return tick;
}

// `text` with every line wider than `width` broken at its spaces (greedily, as many words per line
// as fit); a single word wider than `width` keeps a line of its own.
QString MemoryChartWidget::wrapToWidth(const QString& text, const QFont& font, qreal width)
{
    QStringList out;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        if (textWidth(font, line) <= width) {
            out << line;
            continue;
        }
        QString current;
        for (const QString& word : line.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString longer = current.isEmpty() ? word : current + QLatin1Char(' ') + word;
            if (!current.isEmpty() && textWidth(font, longer) > width) {
                out << current;
                current = word;
            } else {
                current = longer;
            }
        }
        out << current;
    }
    return out.join(QLatin1Char('\n'));
}

} // namespace llmsizer::ui
