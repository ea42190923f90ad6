#pragma once

#include "llmsizer/present/compare_view.h"

#include <QFont>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <vector>

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QChart;
class QChartView;
class QCheckBox;
class QLabel;
class QLogValueAxis;
class QValueAxis;

namespace llmsizer::ui {

// A grouped bar chart of the comparison view: one group per model, one bar per series (a
// component, or a precision), coloured by the series key: components with their palette colour,
// weights per precision as shades of the palette's "weights" colour, the KV cache with its own.
// The data comes ready from the core (componentChart, memoryChart); hovering a bar shows its
// exact text. The unit goes into the title, where it never gets elided.
class CompareChartBars : public QWidget {
    Q_OBJECT
public:
    explicit CompareChartBars(const QString& title, QWidget* parent = nullptr);

    void setData(const CompareChart& data);
    void setDark(bool dark);
    // A logarithmic value axis (its "Log axis" box below the chart): GPT-2 small's bars stay
    // visible beside DeepSeek-V3's, a hundred thousand times taller.
    void setLogScale(bool log);
    bool logScale() const { return m_log; }
    QCheckBox* logBox() const { return m_logBox; }
    QString title() const { return m_title; }
    // The legend's text as shown (rich text): every series' full label; it wraps, never elides.
    QString legendText() const;

    // What the chart currently shows, read back from its series and axes (tests).
    QStringList categories() const;
    // The axis's labels as given to it: a name too long for its group is broken in two
    // ("Mixtral<br>8x22B").
    QStringList categoryTexts() const;
    QStringList seriesKeys() const;
    QStringList seriesLabels() const;
    double value(int series, int category) const;
    double axisMax() const;
    double axisMin() const;     // 0 on the linear axis
    QString chartTitle() const; // the title with the unit, "Parameters per component — …"
    QColor seriesColor(int series) const;

    // The colour of a series key in these charts.
    static QColor colorFor(const QString& key, bool dark);

protected:
    // Presentation mode's larger font reaches the axes, the title and the legend.
    void changeEvent(QEvent* event) override;

private:
    // The models' names as the axis shows them in groups `plotWidth` wide, and the font they
    // need: a name too long for its group breaks at the space or hyphen nearest its middle; a
    // line still too long ("DeepSeek-" in presentation mode at 1280×800) makes the names' font
    // smaller, down to 70 % of the chart's.
    struct CategoryFit {
        QStringList labels;
        QFont font;
    };
    CategoryFit categoryLabels(qreal plotWidth) const;
    void fitCategories(qreal plotWidth);
    void applyColours();
    void fitTicks(qreal plotHeight);
    void hover(bool state, int index, QBarSet* set);

    QString m_title;
    QChart* m_chart;
    QChartView* m_view;
    QBarSeries* m_series;
    QBarCategoryAxis* m_categories;
    QValueAxis* m_value;
    QLogValueAxis* m_logValue;
    QCheckBox* m_logBox;
    QLabel* m_legend; // below the chart: wraps where Qt's legend would elide ("Positio…")
    std::vector<QBarSet*> m_sets;
    CompareChart m_data;
    bool m_hasData = false; // setData has run: m_data is what is shown
    bool m_dark = false;
    bool m_log = false;
};

} // namespace llmsizer::ui
