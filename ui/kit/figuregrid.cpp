#include "ui/kit/figuregrid.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <QWhatsThis>
#include <algorithm>
#include <cmath>
#include <vector>

namespace llmsizer::ui {

FigureGrid::FigureGrid(int maxColumns, int minColumnWidth, QWidget* parent)
    : QWidget(parent), m_maxColumns(maxColumns), m_minColumnWidth(minColumnWidth),
      m_columns(maxColumns)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

int FigureGrid::columnsFor(int width) const
{
    if (m_minColumnWidth <= 0) {
        return m_maxColumns;
    }
    return std::clamp(width / m_minColumnWidth, 1, m_maxColumns);
}

bool FigureGrid::stackedFor(int width) const
{
    const int columns = columnsFor(width);
    qreal name = 0;
    qreal value = 0;
    qreal swatch = 0; // the square and its gap, as paintEvent draws them
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        if (!m_entries[i].name.isEmpty()) {
            name = std::max(name, m_names[i].size().width() + 10);
        }
        if (m_entries[i].swatch.isValid()) {
            swatch = metrics().height + 2;
        }
        value = std::max(value, m_valueWidths[i]);
    }
    const qreal cell = width / columns;
    if (name <= 0 || 6 + swatch + name + value + 4 <= cell) {
        return false;
    }
    // Too wide for one line either way once shown (a value wider than its cell wraps): names
    // stay beside their values when wrapping the values there takes no more lines than a line
    // of names above them would (the facts row of a long published sentence: three lines
    // rather than four).
    const qreal side = cell - (6 + swatch + name + 4);
    const qreal under = cell - (6 + swatch + 4);
    if (!isVisible() || side <= 0 || under <= 0) {
        return true;
    }
    const auto lines = [](qreal text, qreal room) { return std::ceil(text / room); };
    return lines(value, side) > 1 + lines(value, under);
}

// Columns and stacking follow the width; the height changes only when they do.
void FigureGrid::relayout()
{
    const int columns = columnsFor(width());
    if (columns != m_columns) {
        m_columns = columns;
        updateGeometry();
    }
    const bool stacked = stackedFor(width());
    if (stacked != m_stacked) {
        m_stacked = stacked;
        updateGeometry();
    }
    wrapValues();
}

std::vector<qreal> FigureGrid::nameWidths() const
{
    std::vector<qreal> widths(static_cast<std::size_t>(m_columns), 0);
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        auto& w = widths[static_cast<std::size_t>(i % m_columns)];
        w = std::max(w, m_names[i].size().width());
    }
    return widths;
}

qreal FigureGrid::valueLeft(qsizetype index, const std::vector<qreal>& names) const
{
    const Entry& e = m_entries[index];
    qreal x = cellRect(index).left() + 6;
    if (e.swatch.isValid()) {
        x += metrics().height - 4 + 6;
    }
    if (!e.name.isEmpty() && !m_stacked) {
        x += names[static_cast<std::size_t>(index % m_columns)] + 10;
    }
    return x;
}

// Only once shown: a hidden grid has no width of its own yet (a child not laid out is 100 pixels
// wide), and the lines of a value wrapped to that would make the window grow past the screen.
void FigureGrid::wrapValues()
{
    const std::vector<qreal> names = nameWidths();
    QList<int> lines(rows(), 1); // per row of cells: the lines of its longest value
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        const QRect cell = cellRect(i);
        const qreal room = std::floor(cell.left() + cell.width() - valueLeft(i, names) - 2);
        const qreal textWidth = isVisible() && m_valueWidths[i] > room && room > 0 ? room : -1;
        if (m_values[i].textWidth() != textWidth) {
            QFont f = font();
            f.setBold(m_entries[i].emphasis);
            m_values[i].setTextWidth(textWidth);
            m_values[i].prepare(QTransform(), f);
        }
        const qreal spacing = metrics().lineSpacing[m_entries[i].emphasis ? 1 : 0];
        int& row = lines[i / m_columns];
        row = std::max(row, static_cast<int>(std::lround(m_values[i].size().height() /
                                                         std::max<qreal>(1, spacing))));
    }
    if (lines != m_valueLines) {
        m_valueLines = lines;
        updateGeometry();
    }
}

int FigureGrid::rowLines(int row) const
{
    return row < m_valueLines.size() ? m_valueLines[row] : 1;
}

int FigureGrid::cellHeight(int row) const
{
    return rowHeight() * ((m_stacked ? 1 : 0) + rowLines(row)) + barHeight();
}

int FigureGrid::gridHeight() const
{
    int height = 0;
    for (int r = 0; r < std::max(1, rows()); ++r) {
        height += cellHeight(r);
    }
    return height;
}

QRectF FigureGrid::valueRect(qsizetype index) const
{
    const int rh = rowHeight();
    const QRect cell = cellRect(index);
    const QSizeF size = m_values[index].size();
    const int top = m_stacked && !m_entries[index].name.isEmpty() ? cell.top() + rh : cell.top();
    const qreal y = size.height() > rh ? top + 2 : top + (rh - size.height()) / 2;
    return {valueLeft(index, nameWidths()), y, size.width(), size.height()};
}

void FigureGrid::prepare(qsizetype i)
{
    prepareName(i);
    prepareValue(i);
}

void FigureGrid::prepareName(qsizetype i)
{
    m_names[i] = QStaticText(m_entries[i].name);
    m_names[i].setTextFormat(Qt::PlainText);
    m_names[i].prepare(QTransform(), font());
}

void FigureGrid::prepareValue(qsizetype i)
{
    const Entry& e = m_entries[i];
    m_values[i] = QStaticText(e.value);
    m_values[i].setTextFormat(Qt::PlainText);
    QFont f = font();
    f.setBold(e.emphasis);
    m_values[i].prepare(QTransform(), f);
    m_valueWidths[i] = m_values[i].size().width();
}

void FigureGrid::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        // Sizes measured in the old font would keep a grid stacked (or cut) after presentation
        // mode is left.
        for (qsizetype i = 0; i < m_entries.size(); ++i) {
            prepare(i);
        }
        relayout();
        update();
    }
}

void FigureGrid::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    relayout();
}

void FigureGrid::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    relayout(); // laid out now: long values wrap to the width they have
}

void FigureGrid::setMaxColumns(int maxColumns)
{
    if (maxColumns != m_maxColumns) {
        m_maxColumns = maxColumns;
        relayout();
        update();
    }
}

void FigureGrid::setEntries(const QList<Entry>& entries)
{
    const bool bars =
        std::any_of(entries.begin(), entries.end(), [](const Entry& e) { return e.bar >= 0; });
    const bool resized =
        bars != m_bars || rows() != (static_cast<int>(entries.size()) + m_columns - 1) / m_columns;
    m_bars = bars;
    m_names.resize(entries.size());
    m_values.resize(entries.size());
    m_valueWidths.resize(entries.size());
    // What changed of each entry: its name, its value (or its weight), or both. Only what
    // changed is laid out again.
    struct Changed {
        qsizetype index;
        bool name, value;
    };
    std::vector<Changed> changed;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const bool old = i < m_entries.size();
        const bool name = !old || m_entries[i].name != entries[i].name;
        const bool value = !old || m_entries[i].value != entries[i].value ||
                           m_entries[i].emphasis != entries[i].emphasis;
        if (name || value) {
            changed.push_back({i, name, value});
        }
    }
    m_entries = entries;
    for (const Changed& c : changed) {
        if (c.name) {
            prepareName(c.index);
        }
        if (c.value) {
            prepareValue(c.index);
        }
    }
    QStringList text;
    for (const Entry& e : m_entries) {
        text << e.name + QStringLiteral(": ") + e.value;
    }
    setAccessibleDescription(text.join(QStringLiteral("; ")));
    setToolTip(text.join(QLatin1Char('\n')));
    if (resized) {
        updateGeometry();
    }
    relayout();
    update();
}

QString FigureGrid::value(const QString& key) const
{
    for (const Entry& e : m_entries) {
        if (e.key == key) {
            return e.value;
        }
    }
    return {};
}

QString FigureGrid::tip(const QString& key) const
{
    for (const Entry& e : m_entries) {
        if (e.key == key) {
            return e.tip;
        }
    }
    return {};
}

void FigureGrid::setHighlighted(const QString& key)
{
    if (key != m_highlighted) {
        m_highlighted = key;
        update();
    }
}

QRect FigureGrid::cellRect(qsizetype index) const
{
    const int colWidth = width() / m_columns;
    const int col = static_cast<int>(index % m_columns);
    const int row = static_cast<int>(index / m_columns);
    int top = 2;
    for (int r = 0; r < row; ++r) {
        top += cellHeight(r);
    }
    return {col * colWidth, top, colWidth - 4, cellHeight(row)};
}

int FigureGrid::entryAt(const QPoint& pos) const
{
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        if (cellRect(i).contains(pos)) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

// Each entry explains itself: its own tooltip, and its What's This text in What's This mode.
bool FigureGrid::event(QEvent* event)
{
    const bool tipEvent = event->type() == QEvent::ToolTip;
    const bool whatsThis =
        event->type() == QEvent::WhatsThis || event->type() == QEvent::QueryWhatsThis;
    if (tipEvent || whatsThis) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const int i = entryAt(help->pos());
        const QString text = i >= 0 ? m_entries[i].tip : QString();
        if (!text.isEmpty()) {
            if (tipEvent) {
                QToolTip::showText(help->globalPos(), text, this, cellRect(i));
            } else if (event->type() == QEvent::WhatsThis) {
                QWhatsThis::showText(help->globalPos(), text, this);
            }
            event->accept();
            return true;
        }
    }
    return QWidget::event(event);
}

int FigureGrid::rows() const
{
    return (static_cast<int>(m_entries.size()) + m_columns - 1) / m_columns;
}

const FigureGrid::Metrics& FigureGrid::metrics() const
{
    if (m_metrics.rowHeight == 0 || m_metrics.font != font()) {
        m_metrics.font = font();
        m_metrics.height = QFontMetrics(font()).height();
        QFont big = font();
        big.setBold(true);
        m_metrics.rowHeight = QFontMetrics(big).height() + 4;
        m_metrics.lineSpacing[0] = QFontMetricsF(font()).lineSpacing();
        m_metrics.lineSpacing[1] = QFontMetricsF(big).lineSpacing();
    }
    return m_metrics;
}

int FigureGrid::rowHeight() const
{
    return metrics().rowHeight;
}

int FigureGrid::barHeight() const
{
    return m_bars ? std::max(6, rowHeight() / 3) + 4 : 0;
}

QSize FigureGrid::sizeHint() const
{
    return {m_maxColumns * std::max(m_minColumnWidth, 320), gridHeight() + 4};
}

QSize FigureGrid::minimumSizeHint() const
{
    return {std::max(m_minColumnWidth, 160), gridHeight() + 4};
}

void FigureGrid::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const int rh = rowHeight();
    QFont bold = font();
    bold.setBold(true);
    const int swatch = metrics().height - 4;
    // Names share one width per column so the values line up.
    const std::vector<qreal> names = nameWidths();
    const QColor muted = palette().color(QPalette::PlaceholderText);
    const QColor text = palette().color(QPalette::WindowText);
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        const Entry& e = m_entries[i];
        const QRect cell = cellRect(i);
        p.setClipRect(cell);
        if (!m_highlighted.isEmpty() && e.key == m_highlighted) {
            QColor fill = palette().color(QPalette::Highlight);
            fill.setAlpha(60);
            p.save();
            p.setRenderHint(QPainter::Antialiasing);
            p.setPen(QPen(palette().color(QPalette::Highlight), 2));
            p.setBrush(fill);
            p.drawRoundedRect(QRectF(cell).adjusted(1, 1, -1, -1), 4, 4);
            p.restore();
        }
        const qreal x = cell.left() + 6;
        if (e.swatch.isValid()) {
            p.fillRect(QRectF(x, cell.top() + (rh - swatch) / 2.0, swatch, swatch), e.swatch);
        }
        if (!e.name.isEmpty()) {
            p.setFont(font());
            p.setPen(e.swatch.isValid() ? text : muted);
            p.drawStaticText(QPointF(x + (e.swatch.isValid() ? swatch + 6 : 0),
                                     cell.top() + (rh - m_names[i].size().height()) / 2),
                             m_names[i]);
        }
        p.setFont(e.emphasis ? bold : font());
        p.setPen(text);
        p.drawStaticText(valueRect(i).topLeft(), m_values[i]);
        if (e.bar >= 0) {
            const int top =
                cell.top() + rh * ((m_stacked ? 1 : 0) + rowLines(static_cast<int>(i / m_columns)));
            const qreal full = cell.width() - 12;
            p.fillRect(QRectF(cell.left() + 6, top, std::max<qreal>(2, full * std::min(e.bar, 1.0)),
                              barHeight() - 4),
                       e.swatch.isValid() ? e.swatch : text);
        }
    }
}

} // namespace llmsizer::ui
