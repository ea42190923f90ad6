#pragma once

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QList>
#include <QRectF>
#include <QStaticText>
#include <QString>

namespace llmsizer::ui {

// A chart legend that wraps onto as many rows as its width needs and never shortens a name (Qt
// Charts' own legend keeps one row and elides every name to fit it: "Activat… Overhe…" in a
// chart 400 pixels wide). A colour square and a name per entry, each row centred; laid out once
// per change and drawn as one item, so an export of the chart carries it.
class WrappingLegend : public QGraphicsItem {
public:
    struct Entry {
        QString name;
        QColor colour;
    };

    explicit WrappingLegend(QGraphicsItem* parent = nullptr);

    void setEntries(const QList<Entry>& entries);
    void setFont(const QFont& font);
    void setTextColor(const QColor& colour);
    // Lays the entries out in rows no wider than `width`; returns the height they take.
    qreal layout(qreal width);

    // The names as drawn and where (in the legend's coordinates), for tests.
    QStringList names() const;
    QList<QRectF> nameRects() const { return m_nameRects; }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    qreal swatchSize() const;

    QList<Entry> m_entries;
    QList<QStaticText> m_texts;
    QList<QRectF> m_nameRects;
    QFont m_font;
    QColor m_textColor;
    qreal m_width = 0;
    qreal m_height = 0;
};

} // namespace llmsizer::ui
