#pragma once

#include "llmsizer/present/workspace.h"
#include "ui/kit/figuregrid.h"
#include "ui/kit/onceperturn.h"

#include <QColor>
#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <string>
#include <vector>

class QChart;
class QChartView;
class QLabel;
class QPieSeries;
class QPieSlice;

namespace llmsizer::ui {

class ConfigModel;
class ShowRefresh;
class StaticTextItem;

// The parameter pie: one slice per core pieSlices() entry (embedding, attention, MLP, experts,
// router, norms, LM head), labelled with share and count; the legend lists every slice with its
// values so tiny ones (norms) stay readable. Hovering a slice explodes it and shows its finer
// breakdown (q, k, v, o, …). Slices are updated in place on every model change.
//
// When the room left beside the legend would draw the pie smaller than kMinPieDiameter (a large
// MoE model in presentation mode at 1280×800), the pie gives way to a sorted bar of components:
// the legend, largest first, each entry with its share drawn as a bar under it.
class PieChartWidget : public QWidget {
    Q_OBJECT
public:
    explicit PieChartWidget(ConfigModel* model, QWidget* parent = nullptr);

    // What the chart currently shows, read back from its series.
    struct SliceValue {
        QString key;
        double value = 0;
        QString label;
        QColor labelColor;
    };
    QList<SliceValue> sliceValues() const;
    QString title() const;
    QString details() const;
    QStringList legendTexts() const;
    const FigureGrid* legend() const { return m_legend; }
    // True when the sorted bars stand in for the pie.
    bool showsBars() const { return m_bars; }
    // The pie's diameter on screen in pixels; 0 while the bars stand in for it.
    qreal pieDiameter() const;
    static constexpr int kMinPieDiameter = 130;
    void setDark(bool dark);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    // The view's own resizes too: the legend and details under it change height with the font
    // (F5) without this widget changing size, and the labels were fitted to the old plot.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void refresh();
    void rebuild();
    void updateSlices(const std::vector<Slice>& slices, std::uint64_t total);
    void hover(QPieSlice* slice, bool state);
    void applyColours();
    void placeTitle();
    // Pie or bars, from the widget's height (hysteresis: the pie returns at 1.2× the minimum).
    bool wantsBars() const;
    QList<FigureGrid::Entry> legendEntries(const std::vector<Slice>& slices,
                                           std::uint64_t total) const;
    // Sizes the pie so that its outside labels fit beside it (chartstyle.h pieSizeForLabels).
    void fitLabels(const std::vector<Slice>& slices, std::uint64_t total);
    // refresh() once after the slices' fonts changed.
    void scheduleRefit();
    OncePerTurn m_refit{this, [this] { refresh(); }};

    ConfigModel* m_model;
    QChart* m_chart;
    QChartView* m_view;
    QPieSeries* m_series;
    QLabel* m_details;
    QLabel* m_barsTitle;  // the title when the bars stand in for the pie (and its chart)
    FigureGrid* m_legend; // swatch + "Attention: 9.7B (13.8%)" per slice, tiny ones included
    StaticTextItem* m_title;
    ShowRefresh* m_refresh = nullptr;
    std::vector<std::string> m_keys; // slice key, by slice index
    std::vector<QString> m_ratios;   // " ×2" against a pinned baseline, by slice index
    std::vector<bool> m_labelShown;  // by slice index: labelled beside the pie
    bool m_dark = false;
    bool m_compactLabels = false;
    bool m_labelsFit = true;
    bool m_bars = false;
};

} // namespace llmsizer::ui
