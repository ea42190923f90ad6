#include "ui/charts/statictextitem.h"

#include <QPainter>
#include <algorithm>

namespace llmsizer::ui {

StaticTextItem::StaticTextItem(QGraphicsItem* parent) : QGraphicsItem(parent) {}

void StaticTextItem::setText(const QString& text)
{
    if (text == m_source) {
        return;
    }
    m_source = text;
    relayout();
}

void StaticTextItem::setColor(const QColor& color)
{
    if (color != m_color) {
        m_color = color;
        update();
    }
}

void StaticTextItem::setFont(const QFont& font)
{
    if (font != m_font) {
        m_font = font;
        relayout();
    }
}

void StaticTextItem::setCentered(bool centered)
{
    if (centered != m_centered) {
        m_centered = centered;
        update();
    }
}

void StaticTextItem::setBackground(const QColor& colour)
{
    if (colour != m_background) {
        m_background = colour;
        update();
    }
}

void StaticTextItem::relayout()
{
    prepareGeometryChange();
    m_lines.clear();
    m_size = QSizeF();
    const QStringList lines = m_source.split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        QStaticText t(line);
        t.setTextFormat(Qt::PlainText);
        t.prepare(QTransform(), m_font);
        m_size.setWidth(std::max(m_size.width(), t.size().width()));
        m_size.setHeight(m_size.height() + t.size().height());
        m_lines.append(t);
    }
    update();
}

void StaticTextItem::setPadding(qreal padding)
{
    if (padding != m_padding) {
        prepareGeometryChange();
        m_padding = padding;
        update();
    }
}

QRectF StaticTextItem::boundingRect() const
{
    return {QPointF(0, 0), m_size.grownBy(QMarginsF(0, m_padding, 0, m_padding))};
}

void StaticTextItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    if (m_background.isValid()) {
        painter->fillRect(boundingRect(), m_background);
    }
    painter->setFont(m_font);
    painter->setPen(m_color);
    qreal y = m_padding;
    for (const QStaticText& t : m_lines) {
        const qreal x = m_centered ? (m_size.width() - t.size().width()) / 2 : 0;
        painter->drawStaticText(QPointF(x, y), t);
        y += t.size().height();
    }
}

} // namespace llmsizer::ui
