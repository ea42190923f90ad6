#include "ui/charts/chartstyle.h"

#include "llmsizer/present/explore_view.h"
#include "ui/kit/paintround.h"
#include "ui/kit/palette.h"
#include "ui/kit/textwidth.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QFontMetricsF>
#include <QGraphicsLineItem>
#include <QLegend>
#include <QPen>
#include <QPieSeries>
#include <QPieSlice>
#include <QValueAxis>
#include <QWidget>
#include <QtMath>
#include <algorithm>
#include <cmath>

namespace llmsizer::ui {

namespace {

const char* const kSavedFonts = "llmsizerSavedFonts";
// Set on a chart styled by applyChartStyle(): its fonts follow its owner's, in and out of
// presentation mode, and followPresentationFonts() leaves them alone.
const char* const kOwnFonts = "llmsizerOwnFonts";

// The fonts followPresentationFonts() replaces, in a fixed order: legend, then per axis labels
// and title.
QList<QFont> chartFonts(const QChart* chart)
{
    QList<QFont> fonts{chart->legend()->font()};
    for (const QAbstractAxis* axis : chart->axes()) {
        fonts << axis->labelsFont() << axis->titleFont();
    }
    return fonts;
}

void setChartFonts(QChart* chart, const QList<QFont>& fonts)
{
    qsizetype i = 0;
    auto next = [&fonts, &i] { return i < fonts.size() ? fonts[i++] : QFont(); };
    chart->legend()->setFont(next());
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(next());
        axis->setTitleFont(next());
    }
}

// Pie slice labels (a pie rebuilt later gets the theme's font again).
void setSliceFonts(QChart* chart, const QFont& font)
{
    for (QAbstractSeries* series : chart->series()) {
        if (auto* pie = qobject_cast<QPieSeries*>(series)) {
            for (QPieSlice* slice : pie->slices()) {
                slice->setLabelFont(font);
            }
        }
    }
}

} // namespace

void followPresentationFonts(QWidget* root)
{
    for (QChartView* view : root->findChildren<QChartView*>()) {
        QChart* chart = view->chart();
        // A chart that styles itself has its fonts already. Saving them here (after the switch
        // on had enlarged them) and restoring them after the switch off put the large fonts back
        // on a tab not shown at that moment.
        if (chart == nullptr || chart->property(kOwnFonts).toBool()) {
            continue;
        }
        const QVariant saved = chart->property(kSavedFonts);
        if (presentationMode()) {
            if (!saved.isValid()) {
                chart->setProperty(kSavedFonts, QVariant::fromValue(chartFonts(chart)));
            }
            QFont bold = view->font();
            bold.setBold(true);
            QList<QFont> fonts{view->font()};
            for (qsizetype a = 0; a < chart->axes().size(); ++a) {
                fonts << view->font() << bold;
            }
            setChartFonts(chart, fonts);
            setSliceFonts(chart, view->font());
        } else if (saved.isValid()) {
            setChartFonts(chart, saved.value<QList<QFont>>());
            setSliceFonts(chart, saved.value<QList<QFont>>().front());
            chart->setProperty(kSavedFonts, QVariant());
        }
    }
}

qreal chartLineWidth()
{
    return presentationMode() ? 5.0 : 2.5;
}

qreal chartMarkerSize()
{
    return presentationMode() ? 22.0 : 13.0;
}

QFont chartTitleFont(const QWidget* owner)
{
    QFont f = owner->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.1);
    return f;
}

void styleAxis(QAbstractAxis* axis, const QWidget* owner)
{
    const QPalette& p = owner->palette();
    const QColor text = p.color(QPalette::WindowText);
    const QColor grid =
        opaqueMix(text, p.color(QPalette::Window), presentationMode() ? 0.35F : 0.18F);
    axis->setLabelsFont(owner->font());
    axis->setLabelsColor(text);
    QFont title = owner->font();
    title.setBold(true);
    axis->setTitleFont(title);
    axis->setTitleBrush(text);
    axis->setLinePenColor(text);
    QPen gridPen(grid);
    gridPen.setWidthF(presentationMode() ? 1.5 : 1.0);
    axis->setGridLinePen(gridPen);
}

namespace {

void cacheStaticItemsUnder(QGraphicsItem* item)
{
    if (item->type() == QGraphicsLineItem::Type && item->cacheMode() == QGraphicsItem::NoCache) {
        item->setCacheMode(QGraphicsItem::DeviceCoordinateCache);
    }
    for (QGraphicsItem* child : item->childItems()) {
        cacheStaticItemsUnder(child);
    }
}

} // namespace

QPen sliceSeparatorPen(const QColor& window)
{
    return QPen(window, 1.0);
}

void paintWithWindow(QChartView* view)
{
    ui::paintWithWindow(view, {view->chart(), view->chart()->legend()});
}

void cacheStaticItems(QChart* chart)
{
    cacheStaticItemsUnder(chart);
}

void applyChartStyle(QChart* chart, const QWidget* owner)
{
    chart->setProperty(kOwnFonts, true);
    const QPalette& p = owner->palette();
    const QColor text = p.color(QPalette::WindowText);
    chart->setBackgroundBrush(p.color(QPalette::Window));
    chart->setBackgroundRoundness(0);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleFont(chartTitleFont(owner));
    chart->setTitleBrush(text);
    chart->legend()->setFont(owner->font());
    chart->legend()->setLabelColor(text);
    for (QAbstractAxis* axis : chart->axes()) {
        styleAxis(axis, owner);
    }
}

int plotTicks(const QChart* chart, const QWidget* view)
{
    const qreal plot = chart->plotArea().width() > 0 ? chart->plotArea().width()
                                                     : static_cast<qreal>(view->width());
    const int room =
        static_cast<int>(plot) / std::max(1, 6 * view->fontMetrics().averageCharWidth());
    return std::clamp(room, 3, 8);
}

AxisRange axisRangeFor(const QValueAxis* axis, double lo, double hi, bool fromZero, int maxTicks,
                       bool steady, bool& unsettled)
{
    const AxisRange nice = niceRange(lo, hi, fromZero, maxTicks);
    if (!steady) {
        return nice;
    }
    const AxisRange shown{axis->min(), axis->max(), axis->tickCount()};
    const AxisRange kept = steadyRange(shown, lo, hi, fromZero, maxTicks);
    unsettled = unsettled || kept != nice;
    return kept;
}

bool showRange(QValueAxis* axis, const AxisRange& r)
{
    bool changed = false;
    if (axis->min() != r.min || axis->max() != r.max) {
        axis->setRange(r.min, r.max);
        changed = true;
    }
    if (axis->tickCount() != r.ticks) {
        axis->setTickCount(r.ticks);
        changed = true;
    }
    return changed;
}

void setValueAxis(QValueAxis* axis, double min, double max, double tick)
{
    const bool sameRange = axis->min() == min && axis->max() == max;
    const bool sameTick = axis->tickInterval() == tick;
    if (sameRange && sameTick) {
        return;
    }
    // Growing interval first: the old range under a wider interval has fewer ticks than before.
    // Shrinking interval last: the new range under the old, wider interval has fewer ticks than
    // it will have.
    const bool tickFirst = tick > axis->tickInterval();
    if (tickFirst && !sameTick) {
        axis->setTickInterval(tick);
    }
    if (!sameRange) {
        axis->setRange(min, max);
    }
    if (!tickFirst && !sameTick) {
        axis->setTickInterval(tick);
    }
}

qreal pieSizeForLabels(QSizeF plot, const std::vector<PieLabelBox>& labels, qreal reach,
                       qreal maxSize)
{
    const qreal side = std::min(plot.width(), plot.height());
    if (side <= 0) {
        return 0;
    }
    const qreal halfWidth = plot.width() / 2;
    const qreal halfHeight = plot.height() / 2;
    qreal radius = maxSize * side / 2;
    for (const PieLabelBox& label : labels) {
        const qreal radians = qDegreesToRadians(label.angle);
        const qreal across = std::abs(std::sin(radians)) * reach; // the arm's end, per radius
        const qreal up = std::cos(radians) * reach;               // > 0 above the centre
        // Horizontally: the arm's end plus the whole text, outward.
        const qreal roomAcross = halfWidth - label.text.width();
        if (roomAcross < 0) {
            return 0;
        }
        if (across > 0) {
            radius = std::min(radius, roomAcross / across);
        }
        // Vertically: above the centre the text stands on the arm; below, the arm ends lowest.
        if (up > 0) {
            const qreal roomUp = halfHeight - label.text.height();
            if (roomUp < 0) {
                return 0;
            }
            radius = std::min(radius, roomUp / up);
        } else if (up < 0) {
            radius = std::min(radius, halfHeight / -up);
        }
    }
    return std::clamp<qreal>(2 * radius / side, 0, maxSize);
}

std::vector<bool> pieLabelsShown(QSizeF plot, qreal size, const std::vector<PieLabelBox>& labels,
                                 qreal reach)
{
    const qreal radius = size * std::min(plot.width(), plot.height()) / 2;
    std::vector<std::size_t> order(labels.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    std::stable_sort(order.begin(), order.end(), [&labels](std::size_t a, std::size_t b) {
        return labels[a].weight > labels[b].weight;
    });
    std::vector<bool> shown(labels.size(), false);
    std::vector<QRectF> kept;
    for (std::size_t i : order) {
        const PieLabelBox& l = labels[i];
        const qreal radians = qDegreesToRadians(l.angle);
        const QPointF end(radius * reach * std::sin(radians), -radius * reach * std::cos(radians));
        // The text runs outward from the arm's end, standing on it.
        const qreal left = std::sin(radians) >= 0 ? end.x() : end.x() - l.text.width();
        const QRectF box(left, end.y() - l.text.height(), l.text.width(), l.text.height());
        bool clear = true;
        for (const QRectF& k : kept) {
            clear = clear && !k.intersects(box);
        }
        if (clear) {
            kept.push_back(box);
            shown[i] = true;
        }
    }
    return shown;
}

QSizeF labelBox(const QFont& font, const QString& text)
{
    // A little more than QGraphicsTextItem's document margins on each side.
    constexpr qreal kMargin = 4;
    return {textWidth(font, text) + 2 * kMargin, QFontMetricsF(font).height() + 2 * kMargin};
}

std::vector<qreal> pieMidAngles(const std::vector<double>& values)
{
    double total = 0;
    for (double v : values) {
        total += std::max(v, 0.0);
    }
    std::vector<qreal> out;
    out.reserve(values.size());
    double before = 0;
    for (double v : values) {
        const double value = std::max(v, 0.0);
        out.push_back(total > 0 ? 360.0 * (before + value / 2) / total : 0.0);
        before += value;
    }
    return out;
}

} // namespace llmsizer::ui
