// The parameter diagram's rows of boxes (diagramlayout.h): boxes in lines with areas
// proportional to their parameters, experts as grids of cells, and the texts that name them:
// inside a box when they fit whole, else on a lane below with a leader, else beside a box too
// small to see; shortened to the label or the name, then left out (the tooltip still names the
// box).
#include "ui/charts/diagramlayouter.h"
#include "ui/state/qstrings.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace llmsizer::ui::diagramlayout {

// A row of boxes: lines of boxes when the largest can hold a text, else each box small beside
// its text. A tied LM head becomes a dashed note below.
qreal Layouter::row(const std::vector<const DiagramBox*>& all, qreal x, qreal y, qreal w,
                    qreal firstX)
{
    std::vector<const DiagramBox*> boxes;
    std::vector<const DiagramBox*> tied;
    qreal largest = 0;
    for (const DiagramBox* b : all) {
        (b->tied ? tied : boxes).push_back(b);
        if (!b->tied) {
            largest = std::max(largest, area(*b));
        }
    }
    if (!boxes.empty()) {
        const bool small = std::sqrt(largest) < m_line + 2 * m_pad;
        y = small ? beside(boxes, x, y, w, firstX) : lines(boxes, x, y, w);
    }
    for (const DiagramBox* b : tied) {
        y = note(*b, x, boxes.empty() ? y : y + m_gap, w);
    }
    return y;
}

qreal Layouter::lineHeight(const std::vector<const DiagramBox*>& boxes, std::size_t from,
                           std::size_t to, qreal w, qreal* largest) const
{
    qreal sum = 0;
    *largest = 0;
    for (std::size_t i = from; i < to; ++i) {
        sum += area(*boxes[i]);
        *largest = std::max(*largest, area(*boxes[i]));
    }
    const qreal room = std::max<qreal>(1, w - m_gap * static_cast<qreal>(to - from - 1));
    return std::max(sum / room, std::sqrt(*largest / kWide));
}

qreal Layouter::lines(const std::vector<const DiagramBox*>& boxes, qreal x, qreal y, qreal w)
{
    std::size_t i = 0;
    while (i < boxes.size()) {
        std::size_t j = i + 1;
        qreal largest = 0;
        while (j < boxes.size()) {
            const qreal h = lineHeight(boxes, i, j + 1, w, &largest);
            if (h * h > largest * kTall) {
                break;
            }
            ++j;
        }
        qreal h = lineHeight(boxes, i, j, w, &largest);
        // Boxes too small to see are drawn kMinSide wide: the others share what is left, in a
        // taller line (their areas stay exact).
        qreal tiny = 0;
        qreal rest = 0;
        for (std::size_t k = i; k < j; ++k) {
            const qreal bw = area(*boxes[k]) / h;
            (bw < kMinSide ? tiny : rest) += bw < kMinSide ? kMinSide : bw;
        }
        const qreal room = w - m_gap * static_cast<qreal>(j - i - 1) - tiny;
        if (tiny > 0 && rest > room && room > 0) {
            h *= rest / room;
        }
        qreal bx = x;
        std::vector<Pending> below;
        for (std::size_t k = i; k < j; ++k) {
            DiagramLayout::Box b;
            b.box = boxes[k];
            const qreal bw = area(*boxes[k]) / h;
            b.minimal = bw < kMinSide;
            b.rect = QRectF(bx, y, std::max(bw, kMinSide), h);
            bx = b.rect.right() + m_gap;
            if (b.box->cells > 0) {
                grid(b);
            }
            m_out.boxes.push_back(b);
            const int in = inside(m_out.boxes.back());
            const DiagramBox& d = *b.box;
            if (in == 0) {
                // The label, or its name alone when the label is wider than the column.
                const QString label = width(qs(d.label)) <= w ? qs(d.label) : qs(d.name);
                below.push_back({m_out.boxes.size() - 1, m_detail > 0 ? qs(d.short_line) : label,
                                 label, false, m_detail > 0 ? qs(d.short_line) : label});
            } else if (in == 1 && m_detail > 0) {
                // The name inside, its shape and count below when there is room.
                const QString count = qs(d.count_text);
                const QString full = d.shape.empty() || m_detail < 2
                                         ? count
                                         : qs(d.shape) + QStringLiteral(" = ") + count;
                below.push_back({m_out.boxes.size() - 1, full, count, true, qs(d.short_line)});
            }
        }
        y += h;
        if (!below.empty()) {
            y = lane(below, x, y, w);
        }
        y += m_gap;
        i = j;
    }
    return y - m_gap;
}

// The cells of an experts box: a grid of equal cells as near square as the count allows.
void Layouter::grid(DiagramLayout::Box& b)
{
    const auto n = static_cast<int>(std::min<std::uint64_t>(b.box->cells, 4096));
    const qreal aspect = b.rect.width() / std::max<qreal>(b.rect.height(), 1);
    int bestCols = 0;
    qreal best = 1e9;
    for (int c = 1; c <= n; ++c) {
        if (n % c != 0) {
            continue;
        }
        const qreal cell = (aspect * (n / c)) / c; // cell width over height
        const qreal badness = std::abs(std::log(cell));
        if (badness < best) {
            best = badness;
            bestCols = c;
        }
    }
    if (best > std::log(3.0)) { // a count with no good factors: a few slots stay empty
        bestCols = std::max(1, static_cast<int>(std::ceil(std::sqrt(n * aspect))));
    }
    b.cols = std::min(bestCols, n);
    b.rows = (n + b.cols - 1) / b.cols;
}

// The box's texts inside it, the most that fit whole: label, shape and count; label and count;
// the label alone; then the name without the label's note, with its count or alone.
int Layouter::inside(const DiagramLayout::Box& b)
{
    if (b.minimal) {
        return 0;
    }
    const DiagramBox& d = *b.box;
    const QString label = qs(d.label);
    std::vector<QStringList> variants;
    if (!d.shape.empty()) {
        variants.push_back({label, qs(d.shape), qs(d.count_text)});
    }
    variants.push_back({label, qs(d.count_text)});
    variants.push_back({label});
    if (d.name != d.label) {
        variants.push_back({qs(d.name), qs(d.count_text)});
        variants.push_back({qs(d.name)});
    }
    for (const QStringList& v : variants) {
        qreal tw = 0;
        for (qsizetype i = 0; i < v.size(); ++i) {
            tw = std::max(tw, width(v[i], i == 0));
        }
        const qreal th = m_line * static_cast<qreal>(v.size());
        if (tw + 2 * m_pad > b.rect.width() || th + 2 * m_pad > b.rect.height()) {
            continue;
        }
        qreal ty = b.rect.center().y() - th / 2;
        for (qsizetype i = 0; i < v.size(); ++i) {
            const qreal lw = width(v[i], i == 0);
            text(v[i], QRectF(b.rect.center().x() - lw / 2, ty, lw, m_line), Role::Inside, &d,
                 i == 0);
            m_out.texts.back().plate = d.cells > 0;
            ty += m_line;
        }
        return static_cast<int>(v.size());
    }
    return 0;
}

// Texts of boxes too small to hold them, on a line below the boxes, each as near its box as the
// others leave room for, with a leader to its box; when even the labels crowd that line, the
// labels on as many lines as they need, in order, without leaders.
qreal Layouter::lane(const std::vector<Pending>& items, qreal x, qreal y, qreal w)
{
    const qreal top = y + m_gap;
    for (const int pass : {0, 1, 2}) {
        if (pass == 1) {
            // Named texts on two lines, before the names alone on one.
            const qreal bottom = m_detail > 0 ? flow(items, x, top, w, true) : -1;
            if (bottom >= 0) {
                return bottom;
            }
            continue;
        }
        const bool full = pass == 0;
        std::vector<qreal> pos(items.size());
        std::vector<qreal> widths(items.size());
        qreal end = x;
        for (std::size_t i = 0; i < items.size(); ++i) {
            widths[i] = width(full ? items[i].text : items[i].label);
            const qreal ideal = m_out.boxes[items[i].box].rect.center().x() - widths[i] / 2;
            pos[i] = std::max({ideal, end, x});
            end = pos[i] + widths[i] + 2 * m_gap;
        }
        qreal limit = x + w;
        for (std::size_t i = items.size(); i-- > 0;) {
            pos[i] = std::min(pos[i], limit - widths[i]);
            limit = pos[i] - 2 * m_gap;
        }
        if (pos.front() < x) {
            continue;
        }
        for (std::size_t i = 0; i < items.size(); ++i) {
            const QRectF r(pos[i], top, widths[i], m_line);
            const DiagramLayout::Box& b = m_out.boxes[items[i].box];
            text(full ? items[i].text : items[i].label, r, Role::Beside, b.box);
            const QRectF br = b.rect;
            const qreal cx = std::clamp(br.center().x(), r.left() + 2, r.right() - 2);
            m_out.leaders.emplace_back(br.center().x(), br.bottom(), cx, top);
        }
        return top + m_line;
    }
    return flow(items, x, top, w, false);
}

qreal Layouter::flow(const std::vector<Pending>& items, qreal x, qreal top, qreal w, bool named)
{
    std::vector<QRectF> rects(items.size());
    qreal lx = x;
    qreal ly = top;
    bool any = false;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const QString& s = named ? items[i].named : items[i].label;
        const qreal tw = width(s);
        if (tw > w || (!named && items[i].optional)) {
            continue; // left out; the box's tooltip names it
        }
        if (lx > x && lx + tw > x + w) {
            lx = x;
            ly += m_line;
        }
        rects[i] = QRectF(lx, ly, tw, m_line);
        lx += tw + 2 * m_gap;
        any = true;
    }
    if (named && ly > top + m_line) {
        return -1; // more than two lines
    }
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (!rects[i].isEmpty()) {
            text(named ? items[i].named : items[i].label, rects[i], Role::Beside,
                 m_out.boxes[items[i].box].box);
        }
    }
    return any ? ly + m_line : top - m_gap;
}

// Boxes too small for any text: each a small square before its text, flowing in lines. The
// text is the whole line, the short line, the label or the name, whichever fits; else the name
// over the count; nothing when none of these fits.
qreal Layouter::beside(const std::vector<const DiagramBox*>& boxes, qreal x, qreal y, qreal w,
                       qreal firstX)
{
    qreal bx = firstX >= 0 ? firstX : x;
    for (const DiagramBox* d : boxes) {
        const qreal exact = std::sqrt(area(*d));
        const qreal side = std::clamp(exact, kMinSide, m_line);
        const auto fitting = [&](qreal at) {
            const std::array<QString, 4> candidates{qs(d->line), qs(d->short_line), qs(d->label),
                                                    qs(d->name)};
            for (std::size_t i = 2 - static_cast<std::size_t>(m_detail); i < 4; ++i) {
                if (at + side + m_pad + width(candidates[i]) <= x + w) {
                    return candidates[i];
                }
            }
            return QString();
        };
        QString s = fitting(bx);
        // No line fits the column: the name, then the count under it, on a line of their own.
        QStringList two;
        if (fitting(x).isEmpty()) {
            two = QStringList{qs(d->name), qs(d->count_text)};
            const qreal room = w - side - m_pad;
            if (m_detail == 0 || width(two[0]) > room || width(two[1]) > room) {
                two.clear();
            }
        }
        if (bx > x && (bx + side > x + w || s != fitting(x) || !two.isEmpty())) {
            bx = x;
            y += m_line;
            s = fitting(x);
        }
        DiagramLayout::Box b;
        b.box = d;
        b.minimal = exact < kMinSide;
        b.rect = QRectF(bx, y + (m_line - side) / 2, side, side);
        m_out.boxes.push_back(b);
        qreal entry = side;
        if (!s.isEmpty()) {
            text(s, QRectF(bx + side + m_pad, y, width(s), m_line), Role::Beside, d);
            entry += m_pad + width(s);
        } else if (!two.isEmpty()) {
            text(two[0], QRectF(bx + side + m_pad, y, width(two[0]), m_line), Role::Beside, d);
            y += m_line;
            text(two[1], QRectF(bx + side + m_pad, y, width(two[1]), m_line), Role::Beside, d);
            entry = w; // the next box starts a line of its own
        }
        bx += entry + 2 * m_gap;
    }
    return y + m_line;
}

// A tied LM head: a dashed note saying so, no box of its own.
qreal Layouter::note(const DiagramBox& d, qreal x, qreal y, qreal w)
{
    QString s = qs(d.line);
    if (width(s) + 2 * m_pad > w) {
        s = qs(d.short_line);
    }
    if (width(s) + 2 * m_pad > w) {
        s.clear();
    }
    const QRectF r(x, y, s.isEmpty() ? w : width(s) + 2 * m_pad, m_line + 2 * m_pad);
    m_out.notes.push_back(r);
    if (!s.isEmpty()) {
        text(s, QRectF(x + m_pad, y + m_pad, width(s), m_line), Role::Beside, &d);
    }
    return r.bottom();
}

} // namespace llmsizer::ui::diagramlayout
