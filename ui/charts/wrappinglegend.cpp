#include "ui/charts/wrappinglegend.h"

#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>

namespace llmsizer::ui {

namespace {

constexpr qreal kGap = 6;       // between a square and its name
constexpr qreal kEntryGap = 16; // between one entry and the next on a row

} // namespace

WrappingLegend::WrappingLegend(QGraphicsItem* parent) : QGraphicsItem(parent) {}

void WrappingLegend::setEntries(const QList<Entry>& entries)
{
    m_entries = entries;
    m_texts.clear();
    for (const Entry& e : m_entries) {
        QStaticText t(e.name);
        t.setTextFormat(Qt::PlainText);
        t.prepare(QTransform(), m_font);
        m_texts.append(t);
    }
    layout(m_width);
}

void WrappingLegend::setFont(const QFont& font)
{
    if (font == m_font) {
        return;
    }
    m_font = font;
    setEntries(m_entries);
}

void WrappingLegend::setTextColor(const QColor& colour)
{
    if (colour != m_textColor) {
        m_textColor = colour;
        update();
    }
}

qreal WrappingLegend::swatchSize() const
{
    return std::max<qreal>(6, QFontMetricsF(m_font).height() - 6);
}

qreal WrappingLegend::layout(qreal width)
{
    prepareGeometryChange();
    m_width = width;
    m_nameRects.clear();
    const qreal lineHeight = QFontMetricsF(m_font).height() + 2;
    const qreal square = swatchSize();
    // Rows of whole entries, as many on a row as fit; an entry wider than the legend has a row
    // of its own (and is still drawn whole).
    QList<QList<qsizetype>> rows;
    qreal rowWidth = 0;
    for (qsizetype i = 0; i < m_texts.size(); ++i) {
        const qreal w = square + kGap + m_texts[i].size().width();
        if (rows.isEmpty() || (rowWidth > 0 && rowWidth + kEntryGap + w > width)) {
            rows.append(QList<qsizetype>());
            rowWidth = 0;
        }
        rowWidth += (rows.last().isEmpty() ? 0 : kEntryGap) + w;
        rows.last().append(i);
    }
    m_nameRects.resize(m_texts.size());
    qreal y = 0;
    for (const QList<qsizetype>& row : rows) {
        qreal total = 0;
        for (const qsizetype i : row) {
            total += (total > 0 ? kEntryGap : 0) + square + kGap + m_texts[i].size().width();
        }
        qreal x = std::max<qreal>(0, (width - total) / 2);
        for (const qsizetype i : row) {
            const QSizeF size = m_texts[i].size();
            m_nameRects[i] = QRectF(x + square + kGap, y + (lineHeight - size.height()) / 2,
                                    size.width(), size.height());
            x += square + kGap + size.width() + kEntryGap;
        }
        y += lineHeight;
    }
    m_height = y;
    update();
    return m_height;
}

QStringList WrappingLegend::names() const
{
    QStringList out;
    for (const Entry& e : m_entries) {
        out << e.name;
    }
    return out;
}

QRectF WrappingLegend::boundingRect() const
{
    return {0, 0, m_width, m_height};
}

void WrappingLegend::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    const qreal square = swatchSize();
    painter->setFont(m_font);
    painter->setPen(m_textColor);
    for (qsizetype i = 0; i < m_entries.size() && i < m_nameRects.size(); ++i) {
        const QRectF& r = m_nameRects[i];
        painter->fillRect(
            QRectF(r.left() - kGap - square, r.center().y() - square / 2, square, square),
            m_entries[i].colour);
        painter->drawStaticText(r.topLeft(), m_texts[i]);
    }
}

} // namespace llmsizer::ui
