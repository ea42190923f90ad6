#pragma once

#include "llmsizer/present/compare_view.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <vector>

class QChart;
class QChartView;
class QGridLayout;
class QLabel;
class QPieSeries;
class QPieSlice;

namespace llmsizer::ui {

// One small parameter pie per compared model, side by side, with one shared legend below: the
// same component has the same colour in every pie (palette.h), so the eye compares shares across
// models. Big slices carry their share; hovering a slice shows its count, and the table has
// every value. The data
// comes ready from the core (comparePies).
class CompareChartPies : public QWidget {
    Q_OBJECT
public:
    explicit CompareChartPies(const QString& title, QWidget* parent = nullptr);

    // `legend`: the components in the bar chart's order (its series keys and labels), so both
    // legends read alike.
    void setData(const std::vector<ComparePie>& pies, const std::vector<CompareSeries>& legend);
    void setDark(bool dark);
    QString title() const { return m_titleText; }

    // What the pies currently show (tests).
    int pieCount() const { return static_cast<int>(m_pies.size()); }
    QString pieTitle(int pie) const;
    QStringList sliceKeys(int pie) const;
    QList<double> sliceValues(int pie) const;
    QString legendText() const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    // Presentation mode's font: the labels take it, and the pies are fitted to them again.
    void changeEvent(QEvent* event) override;
    // Qt Charts gives the slices its theme's label colour when a chart is first shown.
    void showEvent(QShowEvent* event) override;

private:
    void setTitleFont();
    struct Pie {
        QChart* chart = nullptr;
        QChartView* view = nullptr;
        QPieSeries* series = nullptr;
        QLabel* caption = nullptr;
    };
    void applyColours();
    void fillLegend();
    void fitPies();
    void hover(std::size_t pie, QPieSlice* slice, bool state);

    QString m_titleText;
    QLabel* m_title;
    QGridLayout* m_grid;
    QLabel* m_legend;
    std::vector<Pie> m_pies;
    std::vector<ComparePie> m_data;
    bool m_hasData = false; // setData has run: m_data and m_legendKeys are what is shown
    std::vector<CompareSeries> m_legendKeys;
    bool m_dark = false;
};

} // namespace llmsizer::ui
