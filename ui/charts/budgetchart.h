#pragma once

#include "llmsizer/present/budget_chart.h"

#include <QList>
#include <QRectF>
#include <QStringList>
#include <QWidget>

class QCategoryAxis;
class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace llmsizer::ui {

class StaticTextItem;

// The compute budget drawn (present/budget_chart.h): Chinchilla's loss against the parameters
// with the whole budget spent on one size, the 20-tokens rule's size and the fit's minimum marked
// and named beside their marks, and the grid's configurations at their own tokens (those over the
// budget greyed). Hovering a configuration names it in a tooltip.
class BudgetChart : public QWidget {
    Q_OBJECT
public:
    explicit BudgetChart(QWidget* parent = nullptr);

    void setData(BudgetChartData data);
    const BudgetChartData& data() const { return m_data; }

    // What is drawn (tests): the series' points, the marks' labels and every text's rectangle in
    // the chart view's coordinates (the title, the axes' labels and titles, the legend, the marks'
    // labels).
    QList<QPointF> curvePoints() const;
    QList<QPointF> fitPoints() const;
    QList<QPointF> overPoints() const;
    QStringList markLabels() const;
    QList<QRectF> markLabelRects() const;
    QRectF plotArea() const;
    QChartView* view() const { return m_view; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyStyle();
    void placeLabels();

    BudgetChartData m_data;
    QChart* m_chart;
    QChartView* m_view;
    QLineSeries* m_curve;
    QScatterSeries* m_fits;
    QScatterSeries* m_over;
    QScatterSeries* m_marks; // the rule's size and the fit's minimum
    QCategoryAxis* m_x;
    QValueAxis* m_y;
    StaticTextItem* m_ruleLabel;
    StaticTextItem* m_optimumLabel;
};

} // namespace llmsizer::ui
