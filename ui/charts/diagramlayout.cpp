// The parameter diagram's layout (diagramlayout.h): the page, top to bottom: the title and the
// key square, the inputs, the decoder layer's frame with its "× N" and its groups, the outputs.
// The boxes of a row and the texts naming them are placed in diagramlayout_rows.cpp.
#include "ui/charts/diagramlayout.h"

#include "ui/charts/diagramlayouter.h"
#include "ui/state/qstrings.h"

#include <algorithm>
#include <cmath>

namespace llmsizer::ui {

namespace diagramlayout {

Layouter::Layouter(const Diagram& d, qreal width, DiagramFit fit, const DiagramFonts& fonts)
    : m_d(d), m_width(width), m_scale(fit.scale), m_detail(fit.detail), m_fm(fonts.text),
      m_fmBold(fonts.bold), m_fmBig(fonts.big)
{
    m_line = m_fm.height();
    m_pad = std::max<qreal>(2.0, std::round(m_line * 0.25));
    m_gap = std::max<qreal>(3.0, std::round(m_line * 0.3));
    m_out.scale = fit.scale;
    m_out.detail = fit.detail;
}

DiagramLayout Layouter::run(const QString& title)
{
    const qreal x = 1;
    const qreal w = m_width - 2;
    qreal y = titleLines(title, x, 1, w);
    std::vector<const DiagramBox*> in;
    in.reserve(m_d.inputs.size());
    for (const DiagramBox& b : m_d.inputs) {
        in.push_back(&b);
    }
    y = row(in, x, y, w);
    y = arrow(y, x + w / 2);
    y = block(x, y, w);
    y = arrow(y, x + w / 2);
    std::vector<const DiagramBox*> out;
    out.reserve(m_d.outputs.size());
    for (const DiagramBox& b : m_d.outputs) {
        out.push_back(&b);
    }
    m_out.height = row(out, x, y, w) + 1;
    return std::move(m_out);
}

void Layouter::text(const QString& s, QRectF r, Role role, const DiagramBox* box, bool bold)
{
    DiagramLayout::Text t;
    t.text = s;
    t.rect = r;
    t.role = role;
    t.box = box != nullptr ? qs(box->key) : QString();
    t.bold = bold;
    m_out.texts.push_back(std::move(t));
}

QStringList Layouter::wrap(const QString& s, qreal w, bool bold) const
{
    QStringList lines;
    QString current;
    for (const QString& word : s.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (width(word, bold) > w) {
            continue; // a word wider than the room is left out, never cut
        }
        const QString next = current.isEmpty() ? word : current + QLatin1Char(' ') + word;
        if (!current.isEmpty() && width(next, bold) > w) {
            lines << current;
            current = word;
        } else {
            current = next;
        }
    }
    if (!current.isEmpty()) {
        lines << current;
    }
    return lines;
}

qreal Layouter::titleLines(const QString& title, qreal x, qreal y, qreal w)
{
    // The key square: a round count whose square is about a line high.
    const DiagramKey key = diagramKey(m_line * m_line / m_scale);
    const qreal side = std::max(kMinSide, std::sqrt(static_cast<double>(key.params) * m_scale));
    const QString keyText = qs(key.text);
    const qreal keyWidth = side + m_pad + width(keyText);
    const QStringList lines = title.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    bool keyPlaced = false;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const bool keyBeside = i == 0 && width(lines[i], true) + 2 * m_gap + keyWidth <= w;
        for (const QString& l : wrap(lines[i], w, true)) {
            text(l, QRectF(x, y, width(l, true), m_line), Role::Title, nullptr, true);
            if (keyBeside && !keyPlaced) {
                placeKey(keyText, side, x + w - keyWidth, y);
                keyPlaced = true;
                y = std::max(y + m_line, m_out.key.bottom());
            } else {
                y += m_line;
            }
        }
    }
    if (!keyPlaced && keyWidth <= w) {
        placeKey(keyText, side, x, y);
        y = std::max(y + m_line, m_out.key.bottom());
    }
    return y + m_gap;
}

void Layouter::placeKey(const QString& keyText, qreal side, qreal x, qreal y)
{
    m_out.key = QRectF(x, y + std::max<qreal>(0, (m_line - side) / 2), side, side);
    const qreal tx = x + side + m_pad;
    text(keyText, QRectF(tx, y + std::max<qreal>(0, (side - m_line) / 2), width(keyText), m_line),
         Role::Key, nullptr);
}

qreal Layouter::arrow(qreal y, qreal cx)
{
    m_out.arrows.emplace_back(cx, y, cx, y + m_line - 2);
    return y + m_line + 2;
}

// The decoder layer: a frame (two more behind it for the layers it stands for), its title and
// "× N", which layers hold what, then each group with its caption.
qreal Layouter::block(qreal x, qreal y, qreal w)
{
    const qreal inset = std::round(m_line * 0.5);
    const qreal ix = x + inset;
    const qreal iw = w - kStack - 2 * inset;
    qreal yy = y + inset;
    const QString title = qs(m_d.block_title);
    const QString times = qs(m_d.block_multiplier);
    const qreal bigH = m_fmBig.height();
    const qreal timesWidth = m_fmBig.horizontalAdvance(times);
    qreal tx = ix;
    if (width(title, true) + m_gap + timesWidth <= iw) {
        text(title, QRectF(ix, yy + bigH - m_line, width(title, true), m_line), Role::Header,
             nullptr, true);
        tx += width(title, true) + m_gap;
    }
    if (timesWidth <= iw) {
        text(times, QRectF(tx, yy, timesWidth, bigH), Role::Header, nullptr, true);
        m_out.texts.back().big = true;
    }
    yy += bigH;
    for (const QString& l : wrap(qs(m_d.block_kinds), iw, false)) {
        text(l, QRectF(ix, yy, width(l), m_line), Role::Header, nullptr);
        yy += m_line;
    }
    yy += m_gap;
    for (const DiagramGroup& g : m_d.groups) {
        yy = group(g, ix, yy, iw) + m_gap * 1.5;
    }
    m_out.block = QRectF(x, y, w - kStack, yy - y - m_gap * 1.5 + inset);
    return m_out.block.bottom() + kStack;
}

// A group: its title, its layers when they are not the block's, its per-layer sum, then its boxes
// (beside the title when they are too small to hold a text).
qreal Layouter::group(const DiagramGroup& g, qreal x, qreal y, qreal w)
{
    std::vector<const DiagramBox*> boxes;
    boxes.reserve(g.boxes.size());
    qreal largest = 0;
    for (const DiagramBox& b : g.boxes) {
        boxes.push_back(&b);
        largest = std::max(largest, area(b));
    }
    const bool small = std::sqrt(largest) < m_line + 2 * m_pad;
    QStringList words;
    for (const QString& word : wrap(qs(g.title), w, true)) {
        words << word;
    }
    qreal cx = x;
    for (const QString& l : words) {
        if (cx > x && cx + width(l, true) > x + w) {
            cx = x;
            y += m_line;
        }
        text(l, QRectF(cx, y, width(l, true), m_line), Role::Caption, nullptr, true);
        cx += width(l, true) + m_gap;
    }
    QStringList rest;
    if (g.layers != m_d.block_layers) {
        rest << qs(g.multiplier);
    }
    if (!small) {
        rest << qs(g.caption);
    }
    for (const QString& part : rest) {
        for (const QString& word : wrap(part, w, false)) {
            if (cx > x && cx + width(word) > x + w) {
                cx = x;
                y += m_line;
            }
            text(word, QRectF(cx, y, width(word), m_line), Role::Caption, nullptr);
            cx += width(word) + m_gap;
        }
    }
    if (small) {
        return row(boxes, x, y, w, cx + m_gap);
    }
    return row(boxes, x, y + m_line + m_pad, w);
}

} // namespace diagramlayout

DiagramFonts::DiagramFonts(const QFont& base) : text(base), bold(base), big(base)
{
    bold.setBold(true);
    big.setBold(true);
    big.setPointSizeF(base.pointSizeF() * 1.5);
}

const DiagramBox* DiagramLayout::boxAt(QPointF point) const
{
    for (const Text& t : texts) {
        if (!t.box.isEmpty() && t.rect.contains(point)) {
            for (const Box& b : boxes) {
                if (qs(b.box->key) == t.box) {
                    return b.box;
                }
            }
        }
    }
    for (const Box& b : boxes) {
        if (b.rect.adjusted(-2, -2, 2, 2).contains(point)) {
            return b.box;
        }
    }
    return nullptr;
}

DiagramLayout layoutDiagram(const Diagram& diagram, const QString& title, qreal width,
                            DiagramFit fit, const DiagramFonts& fonts)
{
    return diagramlayout::Layouter(diagram, width, fit, fonts).run(title);
}

DiagramFit fitDiagram(const Diagram& diagram, const QString& title, QSizeF size,
                      const DiagramFonts& fonts)
{
    std::uint64_t largest = 1;
    for (const DiagramBox* b : diagram.boxes()) {
        largest = std::max(largest, b->params);
    }
    const auto fits = [&](double scale, int detail) {
        return layoutDiagram(diagram, title, size.width(), {scale, detail}, fonts).height <=
               size.height();
    };
    // No box can be larger than the whole drawing; nothing is gained once the largest box is
    // smaller than the smallest drawn. A larger scale draws a taller diagram, so at each level of
    // detail the largest scale that fits is found by halving the ratio between one that fits and
    // one that does not (in log space), to within 0.05 %: about 17 layouts a level, where a scan
    // down from the largest scale in steps of 1.25 took up to 60.
    const double hi = size.width() * size.height() / static_cast<double>(largest);
    const double lowest =
        diagramlayout::kMinSide * diagramlayout::kMinSide / static_cast<double>(largest);
    for (int detail = 2; detail >= 0; --detail) {
        if (hi <= lowest || !fits(lowest, detail)) {
            continue;
        }
        if (fits(hi, detail)) {
            return {hi, detail};
        }
        double lo = lowest; // fits
        double up = hi;     // does not
        for (int i = 0; i < 40 && up > lo * 1.0005; ++i) {
            const double mid = std::sqrt(lo * up);
            (fits(mid, detail) ? lo : up) = mid;
        }
        return {lo, detail};
    }
    return {lowest, 0};
}

} // namespace llmsizer::ui
