#pragma once

#include <QColor>
#include <QFont>

class QAbstractAxis;
class QChart;
class QValueAxis;
class QWidget;

namespace llmsizer::ui {

// Shared look of the explorer's charts: background and text from the owner's palette, fonts from
// its font (so they follow the application font and presentation mode), and line widths that are
// thicker in presentation mode. Charts call applyChartStyle() on construction and on every
// palette or font change.

// Presentation mode is on (set by Presentation through an application property, so charts need
// no pointer to it).
bool presentationMode();
void setPresentationMode(bool on);

// Pen width of data lines and marker size of highlighted points.
qreal chartLineWidth();
qreal chartMarkerSize();

void applyChartStyle(QChart* chart, const QWidget* owner);
// For charts that keep their theme's axis and legend fonts: in presentation mode give every chart
// under `root` its view's (enlarged) font, and restore the fonts it had when switched off.
void followPresentationFonts(QWidget* root);
void styleAxis(QAbstractAxis* axis, const QWidget* owner);
QFont chartTitleFont(const QWidget* owner);

// Gives a value axis with dynamic ticks the range [min, max] and a tick every `tick`, in the order
// that never lays out more ticks than the old or the new state has. Each setter lays the axis out
// at once: a new range of thousands of GB under the old interval of 0.2 GB would build thousands
// of tick items first (a freeze of many seconds on a preset switch). A growing interval is
// therefore set before the range, a shrinking one after it. Unchanged values are not set again.
void setValueAxis(QValueAxis* axis, double min, double max, double tick);

// The pie size (QPieSeries::setPieSize: a share of the plot's shorter side) that leaves room on
// the left and the right for outside labels `labelWidth` pixels wide, at most `maxSize`; 0 when
// not even a dot of a pie would leave that room. Qt Charts elides a label that does not fit
// ("Token embe…"); a pie sized this way never needs to.
qreal pieSizeForLabels(QSizeF plot, qreal labelWidth, qreal maxSize);

} // namespace llmsizer::ui
