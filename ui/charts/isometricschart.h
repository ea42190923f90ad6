#pragma once

#include <QList>
#include <QPointF>
#include <QStringList>
#include <QWidget>
#include <vector>

class QChart;
class QChartView;
class QLineSeries;
class QTimer;
class QValueAxis;

namespace llmsizer::ui {

class ExploreModel;

// What changes along the iso-parameter curve: FLOPs per token, KV cache per token, activation
// memory and embedding share, each relative to the family's base shape (isoMetricSeries), against
// the layer count, with a vertical marker at the current shape. The axes follow the data.
class IsoMetricsChart : public QWidget {
    Q_OBJECT
public:
    explicit IsoMetricsChart(ExploreModel* model, QWidget* parent = nullptr);

    // What the chart shows (tests).
    QStringList seriesNames() const;
    QList<QPointF> seriesPoints(int index) const;
    double markerX() const;
    QPointF yRange() const;

    // Its minimum: a chart view prefers the size it last had (its scene's rectangle), so the
    // charts grown by presentation mode stayed that tall after it.
    QSize sizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void placeLegend();
    void refreshFamily();
    void refreshCurrent();
    // The axes for the data: kept while the data fill them when `steady` (a slider step), the
    // data's own ranges otherwise, and a moment after the last steady step (m_settle).
    void setAxes(bool steady);
    void applyStyle();

    ExploreModel* m_model;
    QChart* m_chart;
    QChartView* m_view;
    std::vector<QLineSeries*> m_series;
    std::vector<QString> m_keys;
    QLineSeries* m_marker;
    QValueAxis* m_x;
    QValueAxis* m_y;
    QTimer* m_settle;
    double m_x0 = 0; // the curve's layer range and its largest ratio
    double m_x1 = 1;
    double m_y1 = 1;
};

} // namespace llmsizer::ui
