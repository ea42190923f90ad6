#pragma once

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QWidget>

class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
class QTimer;
class QValueAxis;

namespace llmsizer::ui {

class ExploreModel;
class StaticTextItem;

// The iso-parameter curve: for each layer count the width whose exact total is closest to the
// locked target (isoCurve), d_model against layers, with the family's base shape and the current
// shape marked and labelled with its distance from the target. The axes follow the data on every
// change; while dragging only the current point moves.
class IsoCurveChart : public QWidget {
    Q_OBJECT
public:
    explicit IsoCurveChart(ExploreModel* model, QWidget* parent = nullptr);

    // What the chart shows, read back from its series and axes (tests).
    QList<QPointF> curvePoints() const;
    QPointF currentPoint() const;
    QPointF basePoint() const;
    QString currentLabel() const;
    QPointF xRange() const; // (min, max)
    QPointF yRange() const;
    QString title() const;
    // Where the current shape's label is drawn and the curve's points as drawn, in the chart
    // view's coordinates (tests: the label keeps off the curve).
    QRectF labelRect() const;
    QList<QPointF> curvePositions() const;

    // Its minimum: a chart view prefers the size it last had (its scene's rectangle), so the
    // charts grown by presentation mode stayed that tall after it.
    QSize sizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void refreshFamily();
    void refreshCurrent();
    void showCurrent(bool steady);
    // `steady`: keep the axes while the data fill them (a slider step); else the data's own.
    void rescale(const QPointF& extra, bool steady);
    void rescaleToData();
    void placeLabel();
    void applyStyle();

    ExploreModel* m_model;
    QChart* m_chart;
    QChartView* m_view;
    QLineSeries* m_line;
    QScatterSeries* m_base;
    QScatterSeries* m_current;
    QValueAxis* m_x;
    QValueAxis* m_y;
    StaticTextItem* m_label;
    QTimer* m_settle; // the data's own ranges a moment after the last steady step
};

} // namespace llmsizer::ui
