#pragma once

#include <QColor>
#include <QFont>
#include <QList>
#include <QStaticText>
#include <QString>
#include <QWidget>
#include <algorithm>
#include <vector>

namespace llmsizer::ui {

// A painted grid of entries (optional colour swatch, name, value) in a fixed number of columns.
// Changing a value repaints the widget and relayouts the window only when the number of entries
// or of a row's lines changes (a value wider than its cell wraps at its spaces onto more lines), so
// dragging a slider does not ripple layout requests up to the main window (which cost more than
// the charts themselves). Used by the summary and the pie legend
// (which, in place of a pie too small to read, draws each entry's share as a bar under it).
class FigureGrid : public QWidget {
    Q_OBJECT
public:
    struct Entry {
        QString key;
        QString name;
        QString value;
        QColor swatch; // invalid: no swatch
        bool emphasis = false;
        QString tip{};  // rich text shown for this entry (tooltip and What's This); empty: none
        double bar{-1}; // a bar under the entry, this fraction of the cell's width; < 0: none
    };

    // Up to maxColumns columns, fewer when a column would be narrower than minColumnWidth.
    explicit FigureGrid(int maxColumns, int minColumnWidth = 0, QWidget* parent = nullptr);

    // Replaces the entries; the layout is only told when their number changes.
    void setEntries(const QList<Entry>& entries);
    // Up to this many columns from now on (presentation mode packs a grid into fewer rows).
    void setMaxColumns(int maxColumns);
    const QList<Entry>& entries() const { return m_entries; }
    QString value(const QString& key) const;
    QString tip(const QString& key) const;
    // Marks one entry (a lesson's answer) with a frame; an empty key clears it.
    void setHighlighted(const QString& key);
    QString highlighted() const { return m_highlighted; }
    // The entry under a point of the widget, -1 for none.
    int entryAt(const QPoint& pos) const;
    // Where entry `index` is drawn: its cell, and the box its value's text takes in it (a value
    // wider than its cell wraps at its spaces onto more lines rather than being cut).
    QRect entryRect(qsizetype index) const { return cellRect(index); }
    QRectF valueRect(qsizetype index) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // The height the entries' bars add to the grid (0 without bars): a widget choosing between the
    // bars and a chart measures the grid without them, whichever it shows.
    int barsHeight() const { return std::max(1, rows()) * barHeight(); }

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    // A new font (presentation mode on or off) measures every name and value again.
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    int rows() const;
    int rowHeight() const;
    int columnsFor(int width) const;
    // Whether a name and its value no longer fit side by side in a column of this width; the
    // values then go on a second line under their names instead of being cut.
    bool stackedFor(int width) const;
    int barHeight() const; // 0 when no entry has a bar
    // Each row of cells is as tall as the lines of its longest value need.
    int rowLines(int row) const;
    int cellHeight(int row) const;
    int gridHeight() const;
    QRect cellRect(qsizetype index) const;
    // The name's width per column (the values line up after it) and where entry i's value starts.
    std::vector<qreal> nameWidths() const;
    qreal valueLeft(qsizetype index, const std::vector<qreal>& names) const;
    // Each value wider than the room left for it in its cell is wrapped to that room; the cells
    // grow by whole lines (only when the number of lines changes does the layout hear of it).
    void wrapValues();
    void relayout();
    // Entry i's name and value measured in the current font.
    void prepare(qsizetype i);
    void prepareName(qsizetype i);
    void prepareValue(qsizetype i);
    // The font's measures the layout uses, taken again when the font changes: every cell's place
    // asks for them, and a font's metrics are costly to look up.
    struct Metrics {
        QFont font;             // what they were measured in
        int height = 0;         // QFontMetrics(font).height(): the swatch's size
        int rowHeight = 0;      // a bold line and its margin
        qreal lineSpacing[2]{}; // a value's line, regular and bold
    };
    const Metrics& metrics() const;
    mutable Metrics m_metrics;

    int m_maxColumns;
    int m_minColumnWidth;
    int m_columns;
    bool m_stacked = false;
    bool m_bars = false;     // some entry has a bar
    QList<int> m_valueLines; // per row: the lines of its longest value, wrapped to its cell
    QList<Entry> m_entries;
    QString m_highlighted;
    // Laid-out text, kept until the entry changes (painting then only draws glyphs).
    QList<QStaticText> m_names;
    QList<QStaticText> m_values;
    QList<qreal> m_valueWidths; // each value on one line
};

} // namespace llmsizer::ui
