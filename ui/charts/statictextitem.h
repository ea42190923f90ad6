#pragma once

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QList>
#include <QStaticText>

namespace llmsizer::ui {

// A chart label whose text layout is computed once per change, not on every paint (unlike
// QGraphicsSimpleTextItem, which shapes its text in each paint, or the chart title, which parses
// HTML on each change; both showed up as a large share of a slider step). Plain text; '\n'
// separates lines, which are left aligned or centred on each other.
class StaticTextItem : public QGraphicsItem {
public:
    explicit StaticTextItem(QGraphicsItem* parent = nullptr);

    void setText(const QString& text);
    QString text() const { return m_source; }
    void setColor(const QColor& color);
    void setFont(const QFont& font);
    const QFont& font() const { return m_font; }
    void setCentered(bool centered);
    // A filled box behind the text (so a grid line crossing a label does not cross the text);
    // an invalid colour draws none.
    void setBackground(const QColor& colour);
    // Room above and below the text inside the box (a line passing just above or below the text
    // then passes behind the box, not along the letters).
    void setPadding(qreal padding);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    void relayout();

    QString m_source;
    QList<QStaticText> m_lines;
    QSizeF m_size;
    QColor m_color;
    QColor m_background;
    QFont m_font;
    bool m_centered = false;
    qreal m_padding = 0;
};

} // namespace llmsizer::ui
