#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <vector>

class QBarCategoryAxis;
class QBarSet;
class QChart;
class QFontMetricsF;
class QChartView;
class QLineSeries;
class QLogValueAxis;
class QStackedBarSeries;
class QValueAxis;

namespace llmsizer {
struct MemoryAxis;
} // namespace llmsizer

namespace llmsizer::ui {

class ConfigModel;
class ShowRefresh;
class StaticTextItem;
class WrappingLegend;

// The memory bar chart: one stacked bar per precision (weights, KV cache, activations, overhead;
// in training mode weights, gradients, optimizer, activations), the total above each bar marked
// by the smallest selected GPU it fits on, and a labelled horizontal line per selected GPU
// capacity. The value axis follows the data (linear or log). Values are replaced in place on
// every model change; nothing is rebuilt unless the bar or line set changes.
class MemoryChartWidget : public QWidget {
    Q_OBJECT
public:
    explicit MemoryChartWidget(ConfigModel* model, QWidget* parent = nullptr);

    void setLogScale(bool log);
    bool logScale() const { return m_log; }
    void setDark(bool dark);

    // What the chart currently shows, read back from its series and axes (tests).
    QStringList categories() const;
    QStringList segmentKeys() const;
    double value(const QString& segmentKey, int bar) const;
    QStringList totalLabels() const;
    // The pinned baseline's totals drawn over the bars (empty without a baseline; 0 where the
    // baseline has no such bar), in the axis unit.
    QList<double> ghostValues() const;
    struct LineValue {
        QString label;
        double value = 0;
        bool visible = false;
    };
    QList<LineValue> lineValues() const;
    double axisMax() const;
    // The linear value axis itself (tests watch its range and tick interval as they change).
    const QValueAxis* valueAxis() const { return m_value; }
    QString title() const;
    // Where the visible GPU labels are drawn, and the chart's own width (tests: no clipping).
    QList<QRectF> lineLabelRects() const;
    qreal chartWidth() const;
    // Every text Qt Charts draws in the chart (axis labels, titles), as drawn: an elided one ends
    // in "...".
    QStringList drawnTexts() const;
    // The legend's names (the segments', whole) and where they are drawn in the chart.
    QStringList legendNames() const;
    QList<QRectF> legendRects() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    double roomyMax(const MemoryAxis& axis) const;
    // The tick interval, doubled until the tick labels on an axis up to `max` are far enough
    // apart on the current plot area to be drawn whole (closer ones are elided to "…").
    double readableTick(double tick, double max) const;
    // The value axis's top: roomyMax rounded up to a whole readable tick.
    double valueAxisTop(const MemoryAxis& axis) const;
    static QString wrapToWidth(const QString& text, const QFont& font, qreal width);
    void refresh();
    void rebuildSets();
    void rebuildLines();
    // The pinned baseline's totals over the bars (memorychartwidget_ghosts.cpp).
    void rebuildGhosts();
    void applyGhostColours();
    // The model's axis, or the one covering the baseline's ghosts too.
    const MemoryAxis& shownAxis() const;
    void placeLabels();
    // Places the GPU labels; true when it changed their form (and margin) instead: place again.
    bool placeLineLabels(const QRectF& plot);
    void fitCategories(double slot);
    void fitTitle();
    // The legend wrapped to the chart's width in the bottom margin (memorychartwidget_style.cpp).
    void fitLegend();
    void applyColours();

    ConfigModel* m_model;
    ShowRefresh* m_refresh = nullptr;
    QChart* m_chart;
    QChartView* m_view;
    QStackedBarSeries* m_bars;
    QBarCategoryAxis* m_categories;
    QValueAxis* m_value;
    QLogValueAxis* m_logValue;
    QValueAxis* m_lineX; // hidden: places the GPU lines across all bars
    StaticTextItem* m_title;
    WrappingLegend* m_legend; // in place of Qt Charts' legend, which elides to one row
    QStringList m_titleParts; // mode and workload, then the runtime choices (inference)
    std::vector<QString> m_setKeys;
    std::vector<QBarSet*> m_sets;
    struct Line {
        QString key;
        QString capacity; // "687 GB · 640 GiB"
        QLineSeries* series = nullptr;
        StaticTextItem* label = nullptr;
        double value = 0;
        bool above = false; // beyond the axis: named at the top edge, no line drawn
    };
    QString lineText(const Line& line) const;
    void setCompactLabels(bool compact);
    bool m_compactLabels = false; // one line per GPU label, when they crowd each other
    bool m_refitQueued = false;   // a refresh() is queued to give the labels room
    // Refits in a row with no other refresh between them: an axis whose new top changes the plot
    // (a wider label) and so the top again stops after a few.
    int m_refitChain = 0;
    bool m_refitting = false;
    std::vector<Line> m_lines;
    std::vector<QLineSeries*> m_ghosts; // one per bar while a baseline is pinned
    std::vector<StaticTextItem*> m_totals;
    std::vector<double> m_totalValues;
    std::vector<QString> m_totalTexts;
    QStringList m_fullCategories;   // the bars' short labels ("FP16/BF16")
    QStringList m_narrowCategories; // for narrow bars ("16-bit")
    bool m_narrow = false;          // unbroken; placeLabels breaks them to fit their slot
    bool m_log = false;
    bool m_dark = false;
};

} // namespace llmsizer::ui
