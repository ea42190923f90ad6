#pragma once

// Private to diagramlayout.cpp (the page: title, key square, decoder layer frame, groups) and
// diagramlayout_rows.cpp (boxes in lines and the texts that name them).
#include "ui/charts/diagramlayout.h"

#include <QFontMetricsF>
#include <QStringList>
#include <vector>

namespace llmsizer::ui::diagramlayout {

// A line of boxes shares one height: the largest box of a line is at most kWide times wider
// than tall, and a line breaks before it would be more than kTall times taller than wide.
constexpr qreal kWide = 3.0;
constexpr qreal kTall = 1.5;
constexpr qreal kMinSide = 3.0; // a box too small to see is drawn this wide
constexpr qreal kStack = 6.0;   // the frames behind the decoder layer, for its repetitions

// A text waiting for its place below the line of boxes it names.
struct Pending {
    std::size_t box; // index into DiagramLayout::boxes
    QString text;
    QString label;
    bool optional = false; // the rest of a text whose name is inside the box
    QString named;         // the text that names its box away from it ("q  16,777,216")
};

class Layouter {
public:
    Layouter(const Diagram& d, qreal width, DiagramFit fit, const DiagramFonts& fonts);
    DiagramLayout run(const QString& title);

private:
    using Role = DiagramLayout::Role;

    qreal width(const QString& s, bool bold = false) const
    {
        return (bold ? m_fmBold : m_fm).horizontalAdvance(s);
    }
    qreal area(const DiagramBox& b) const { return static_cast<double>(b.params) * m_scale; }
    void text(const QString& s, QRectF r, Role role, const DiagramBox* box, bool bold = false);
    // Words of `s` on as many lines as `w` needs; a word wider than `w` is left out.
    QStringList wrap(const QString& s, qreal w, bool bold) const;

    // The page (diagramlayout.cpp).
    qreal titleLines(const QString& title, qreal x, qreal y, qreal w);
    void placeKey(const QString& keyText, qreal side, qreal x, qreal y);
    qreal arrow(qreal y, qreal cx);
    qreal block(qreal x, qreal y, qreal w);
    qreal group(const DiagramGroup& g, qreal x, qreal y, qreal w);

    // Boxes and their texts (diagramlayout_rows.cpp).
    qreal row(const std::vector<const DiagramBox*>& all, qreal x, qreal y, qreal w,
              qreal firstX = -1);
    qreal lineHeight(const std::vector<const DiagramBox*>& boxes, std::size_t from, std::size_t to,
                     qreal w, qreal* largest) const;
    qreal lines(const std::vector<const DiagramBox*>& boxes, qreal x, qreal y, qreal w);
    static void grid(DiagramLayout::Box& b);
    // How many of the box's texts went inside it: 3 (name, shape, count), 2, 1 (name) or 0.
    int inside(const DiagramLayout::Box& b);
    qreal lane(const std::vector<Pending>& items, qreal x, qreal y, qreal w);
    // The texts in order on lines below, without leaders: their named texts (`named`; -1 when
    // they would take more than two lines), or the names of the boxes that have none inside.
    qreal flow(const std::vector<Pending>& items, qreal x, qreal top, qreal w, bool named);
    qreal beside(const std::vector<const DiagramBox*>& boxes, qreal x, qreal y, qreal w,
                 qreal firstX);
    qreal note(const DiagramBox& d, qreal x, qreal y, qreal w);

    const Diagram& m_d;
    qreal m_width;
    double m_scale;
    int m_detail;
    QFontMetricsF m_fm;
    QFontMetricsF m_fmBold;
    QFontMetricsF m_fmBig;
    qreal m_line = 0;
    qreal m_pad = 0;
    qreal m_gap = 0;
    DiagramLayout m_out;
};

} // namespace llmsizer::ui::diagramlayout
