#pragma once

#include <QList>
#include <QRectF>
#include <QString>

class QWidget;

namespace llmsizer::test {

struct ChartLabel {
    QString text;
    QRectF rect; // in its chart view's coordinates
};

// The visible text items of each chart view shown under `root`, one list per view.
QList<QList<ChartLabel>> chartLabelsPerView(QWidget* root);

// The texts Qt Charts draws (titles, axis labels, legends, slice labels: the scene's text items)
// of every chart view shown under `root`, checked as the audience sees them: the first one elided
// ("…" or "..."), outside its chart, or over another text of the same chart; "" when none is.
QString chartLabelProblem(QWidget* root);

} // namespace llmsizer::test
