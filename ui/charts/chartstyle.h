#pragma once

#include "ui/kit/presentation.h"

#include <QColor>
#include <QFont>
#include <QPen>
#include <QSizeF>
#include <vector>

class QAbstractAxis;
class QFontMetricsF;
class QString;
class QChart;
class QChartView;
class QValueAxis;
class QWidget;

namespace llmsizer {
struct AxisRange; // explore_view.h
}

namespace llmsizer::ui {

// Shared look of the explorer's charts: background and text from the owner's palette, fonts from
// its font (so they follow the application font and presentation mode), and line widths that are
// thicker in presentation mode. Charts call applyChartStyle() on construction and on every
// palette or font change.

// Pen width of data lines and marker size of highlighted points.
qreal chartLineWidth();
qreal chartMarkerSize();

void applyChartStyle(QChart* chart, const QWidget* owner);
// For charts that keep their theme's axis and legend fonts: in presentation mode give every chart
// under `root` its view's (enlarged) font, and restore the fonts it had when switched off.
void followPresentationFonts(QWidget* root);
void styleAxis(QAbstractAxis* axis, const QWidget* owner);
QFont chartTitleFont(const QWidget* owner);

// The line between two pie slices, in the window's colour: one pixel wide, which the raster
// engine draws with its cosmetic line stroker. A wider pen (1.5) went through the path stroker and
// an antialiased fill of its outline: two thirds of a pie's repaint, a tenth of an Overview step.
QPen sliceSeparatorPen(const QColor& window);

// The view repaints with its window in one round (kit/paintround.h), its chart and legend laid out
// first.
void paintWithWindow(QChartView* view);

// Draws the chart's axis lines, grid lines and tick marks from pixmaps kept by their scene
// (QGraphicsItem::DeviceCoordinateCache): a step that moves a curve or a bar repaints the plot
// under them, and these lines are then copied instead of drawn again (antialiased, they were
// about a third of an explorer repaint). A line's pixmap is drawn again when the line moves. Qt
// Charts makes new lines when an axis gets more ticks: charts call this after each change of
// their axes. Text items draw themselves: cached, Qt Charts' axis labels, titles and legend
// labels came out blank once an axis was laid out again (tst_ui_paint_once). Exports draw every
// item (export.h). docs/performance.md.
void cacheStaticItems(QChart* chart);

// Gives a value axis with dynamic ticks the range [min, max] and a tick every `tick`, in the order
// that never lays out more ticks than the old or the new state has. Each setter lays the axis out
// at once: a new range of thousands of GB under the old interval of 0.2 GB would build thousands
// of tick items first (a freeze of many seconds on a preset switch). A growing interval is
// therefore set before the range, a shrinking one after it. Unchanged values are not set again.
void setValueAxis(QValueAxis* axis, double min, double max, double tick);
// How many ticks (3 to 8) a horizontal axis of `chart` has room for, one per six characters of
// `view`'s font over the plot's width (the view's before the first layout): Qt Charts elides tick
// labels that crowd ("1...").
int plotTicks(const QChart* chart, const QWidget* view);
// The range for data from `lo` to `hi` on `axis`: when `steady` (a slider step), steadyRange of
// what the axis shows, which keeps it while the data fill it; else the data's own (niceRange).
// `unsettled` is set when the range is not the data's own: the chart settles on that later.
AxisRange axisRangeFor(const QValueAxis* axis, double lo, double hi, bool fromZero, int maxTicks,
                       bool steady, bool& unsettled);
// Gives `axis` the range and tick count of `r`, each only if new: each setter lays the axis's
// labels out again. Whether anything changed (the chart then has new lines to cache).
bool showRange(QValueAxis* axis, const AxisRange& r);
// How long a chart whose axes were kept steady through a slider's steps waits after the last one
// before it settles on the data's own ranges (a key held down repeats faster than this).
constexpr int kAxesSettleMs = 400;

// One outside label of a pie: the middle of its slice (degrees clockwise from 12 o'clock, as
// QPieSeries draws from its start angle 0) and the size of its text.
struct PieLabelBox {
    qreal angle = 0;
    QSizeF text;
    double weight = 0; // the slice's value: larger slices keep their label first
};

// The largest pie size (QPieSeries::setPieSize: a share of the plot's shorter side, at most
// `maxSize`) at which every label lies inside the plot, 0 when none does. Qt Charts draws an
// outside label at the end of an arm that leaves the slice radially, at `reach` × the radius from
// the centre (1 + arm length factor + explode distance factor), then runs the text horizontally
// outward with its baseline on the arm, and elides whatever crosses the plot's edge
// ("Token embe…"); a pie sized this way never needs to. A label near 12 or 6 o'clock needs little
// width, one at 3 or 9 o'clock its whole text beside the pie.
qreal pieSizeForLabels(QSizeF plot, const std::vector<PieLabelBox>& labels, qreal reach,
                       qreal maxSize);

// A label's text as Qt Charts lays it out: its advance and line height, with the text item's
// margins.
QSizeF labelBox(const QFont& font, const QString& text);

// Which of `labels` to show on a pie of `size` (as pieSizeForLabels) whose arms end at `reach` ×
// the radius: the heaviest first, each unless its text would overlap one already kept (Qt Charts
// does not move labels apart: two thin slices side by side would print over each other).
std::vector<bool> pieLabelsShown(QSizeF plot, qreal size, const std::vector<PieLabelBox>& labels,
                                 qreal reach);

// The middle angle of each slice, for values drawn clockwise from 12 o'clock over 360 degrees.
std::vector<qreal> pieMidAngles(const std::vector<double>& values);

} // namespace llmsizer::ui
