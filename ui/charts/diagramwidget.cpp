#include "ui/charts/diagramwidget.h"

#include "ui/kit/palette.h"
#include "ui/state/qstrings.h"

#include <QEvent>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <numeric>

namespace llmsizer::ui {

namespace {

// Text on a box: black on light fills, white on dark ones.
QColor textOn(const QColor& fill)
{
    const float luma = 0.2126F * fill.redF() + 0.7152F * fill.greenF() + 0.0722F * fill.blueF();
    return luma > 0.5F ? QColor(Qt::black) : QColor(Qt::white);
}

// Which of `cells` cells are lit when `lit` are: scattered over the rows and columns (a
// golden-ratio stride through the cells), as a router's picks are; all of them for a full box.
bool isLit(int index, std::uint64_t cells, std::uint64_t lit)
{
    if (lit >= cells) {
        return true;
    }
    auto stride = static_cast<std::uint64_t>(std::llround(static_cast<double>(cells) * 0.618));
    while (stride > 1 && std::gcd(stride, cells) != 1) {
        --stride;
    }
    return (static_cast<std::uint64_t>(index) * std::max<std::uint64_t>(stride, 1)) % cells < lit;
}

} // namespace

DiagramWidget::DiagramWidget(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void DiagramWidget::setDiagram(const Diagram& diagram, const QString& title, bool sameModel)
{
    m_diagram = diagram;
    m_title = title;
    // The box pointers of the old layout point into the old diagram: lay out before any paint.
    m_layout = DiagramLayout();
    relayout(!sameModel);
    update();
}

void DiagramWidget::setFixedScale(double scale)
{
    m_fixed = scale;
    relayout(true);
    update();
}

double DiagramWidget::fittingScale(QSizeF size) const
{
    return fitDiagram(m_diagram, m_title, size, DiagramFonts(font())).scale;
}

void DiagramWidget::setDark(bool dark)
{
    m_dark = dark;
    update();
}

void DiagramWidget::relayout(bool refit)
{
    if (m_diagram.total == 0 || width() < 10 || height() < 10) {
        m_layout = DiagramLayout();
        return;
    }
    const DiagramFonts fonts(font());
    const QSizeF room(width(), height());
    if (m_fixed > 0) {
        // At the given scale, the most detail that fits the room.
        for (int detail = 2; detail >= 0; --detail) {
            m_layout = layoutDiagram(m_diagram, m_title, room.width(), {m_fixed, detail}, fonts);
            if (m_layout.height <= room.height()) {
                break;
            }
        }
        return;
    }
    if (!refit && m_kept.scale > 0) {
        // The same model edited: its boxes grow and shrink at the kept scale, while the drawing
        // still fits and fills more than half of the room's height.
        DiagramLayout kept = layoutDiagram(m_diagram, m_title, room.width(), m_kept, fonts);
        if (kept.height <= room.height() && kept.height * 2 >= room.height()) {
            m_layout = std::move(kept);
            return;
        }
    }
    m_kept = fitDiagram(m_diagram, m_title, room, fonts);
    m_layout = layoutDiagram(m_diagram, m_title, room.width(), m_kept, fonts);
}

QList<QRectF> DiagramWidget::labelRects() const
{
    QList<QRectF> out;
    for (const DiagramLayout::Text& t : m_layout.texts) {
        out.append(t.rect);
    }
    return out;
}

QStringList DiagramWidget::labelTexts() const
{
    QStringList out;
    for (const DiagramLayout::Text& t : m_layout.texts) {
        out.append(t.text);
    }
    return out;
}

const DiagramBox* DiagramWidget::boxAt(QPointF point) const
{
    if (const DiagramBox* b = m_layout.boxAt(point); b != nullptr) {
        return b;
    }
    // A tied LM head is a note, not a box.
    for (const QRectF& r : m_layout.notes) {
        if (r.contains(point)) {
            for (const DiagramBox& b : m_diagram.outputs) {
                if (b.tied) {
                    return &b;
                }
            }
        }
    }
    return nullptr;
}

bool DiagramWidget::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const DiagramBox* b = boxAt(help->pos());
        if (b != nullptr) {
            QToolTip::showText(help->globalPos(), qs(b->detail), this);
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    return QWidget::event(event);
}

void DiagramWidget::setHover(const DiagramBox* box)
{
    const QString key = box != nullptr ? qs(box->key) : QString();
    if (key == m_hover) {
        return;
    }
    m_hover = key;
    setCursor(box != nullptr ? Qt::PointingHandCursor : Qt::ArrowCursor);
    emit boxHovered(key, box != nullptr ? qs(box->component) : QString());
    update();
}

void DiagramWidget::mouseMoveEvent(QMouseEvent* event)
{
    setHover(boxAt(event->position()));
    QWidget::mouseMoveEvent(event);
}

void DiagramWidget::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        if (const DiagramBox* b = boxAt(event->position()); b != nullptr) {
            emit boxClicked(qs(b->math_key));
        }
    }
    QWidget::mouseReleaseEvent(event);
}

void DiagramWidget::leaveEvent(QEvent* event)
{
    setHover(nullptr);
    QWidget::leaveEvent(event);
}

void DiagramWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    relayout(true);
}

void DiagramWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange) {
        relayout(true);
        update();
    } else if (event->type() == QEvent::PaletteChange) {
        update();
    }
    QWidget::changeEvent(event);
}

void DiagramWidget::paintEvent(QPaintEvent* /*event*/)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().color(QPalette::Window));
    const QColor text = palette().color(QPalette::WindowText);
    const QColor muted = palette().color(QPalette::PlaceholderText);

    // The decoder layer: two frames behind it for the layers it stands for, then its own.
    if (!m_layout.block.isEmpty()) {
        const QRectF b = m_layout.block;
        QColor tint = text;
        tint.setAlphaF(0.04F);
        const QColor base = palette().color(QPalette::Window);
        for (const qreal offset : {6.0, 3.0}) {
            p.setPen(QPen(muted, 1));
            p.setBrush(base);
            p.drawRoundedRect(b.translated(offset, offset), 6, 6);
        }
        p.setPen(QPen(muted, 1.2));
        p.setBrush(base);
        p.drawRoundedRect(b, 6, 6);
        p.setBrush(tint);
        p.drawRoundedRect(b, 6, 6);
    }
    // The flow between the sections.
    p.setPen(QPen(muted, 1.5));
    for (const QLineF& a : m_layout.arrows) {
        p.drawLine(a);
        const QPointF tip = a.p2();
        QPainterPath head;
        head.moveTo(tip);
        head.lineTo(tip + QPointF(-4, -6));
        head.lineTo(tip + QPointF(4, -6));
        head.closeSubpath();
        p.fillPath(head, muted);
    }
    // The key square.
    if (!m_layout.key.isEmpty()) {
        p.setPen(Qt::NoPen);
        p.setBrush(muted);
        p.drawRect(m_layout.key);
    }
    for (const DiagramLayout::Box& b : m_layout.boxes) {
        paintBox(p, b);
    }
    // A tied LM head: a dashed outline, no area.
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(componentColor(u"lm_head", m_dark), 1.2, Qt::DashLine));
    for (const QRectF& r : m_layout.notes) {
        p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
    }
    QColor leader = muted;
    leader.setAlphaF(0.8F);
    p.setPen(QPen(leader, 1));
    for (const QLineF& l : m_layout.leaders) {
        p.drawLine(l);
    }
    paintTexts(p);
}

void DiagramWidget::paintBox(QPainter& p, const DiagramLayout::Box& b) const
{
    const QColor fill = componentColor(qs(b.box->component), m_dark);
    const bool hovered = !m_hover.isEmpty() && qs(b.box->key) == m_hover;
    const QColor edge = palette().color(QPalette::Window);
    if (b.box->cells > 0 && b.cols > 0 && b.rows > 0) {
        // Experts: one cell each, the ones a token visits lit.
        const qreal cw = b.rect.width() / b.cols;
        const qreal ch = b.rect.height() / b.rows;
        QColor idle = fill;
        idle.setAlphaF(0.35F);
        const auto n = static_cast<int>(std::min<std::uint64_t>(b.box->cells, 4096));
        const bool lines = cw >= 4 && ch >= 4;
        p.setPen(lines ? QPen(edge, 1) : QPen(Qt::NoPen));
        for (int i = 0; i < n; ++i) {
            const QRectF cell(b.rect.left() + (i % b.cols) * cw, b.rect.top() + (i / b.cols) * ch,
                              cw, ch);
            p.setBrush(isLit(i, b.box->cells, b.box->lit) ? fill : idle);
            p.drawRect(cell);
        }
    } else {
        p.setPen(Qt::NoPen);
        p.setBrush(fill);
        p.drawRect(b.rect);
    }
    if (hovered) {
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(palette().color(QPalette::Highlight), 2));
        p.drawRect(b.rect.adjusted(-1, -1, 1, 1));
    }
}

void DiagramWidget::paintTexts(QPainter& p) const
{
    const DiagramFonts fonts(font());
    const QColor text = palette().color(QPalette::WindowText);
    const QColor muted = palette().color(QPalette::PlaceholderText);
    for (const DiagramLayout::Text& t : m_layout.texts) {
        p.setFont(t.big ? fonts.big : t.bold ? fonts.bold : fonts.text);
        QColor colour = text;
        if (t.role == DiagramLayout::Role::Inside) {
            const DiagramBox* b = m_diagram.find(t.box.toStdString());
            const QColor fill = componentColor(b != nullptr ? qs(b->component) : QString(), m_dark);
            if (t.plate) {
                // Over an experts box's cells: a plate of the box's colour behind the text.
                p.setPen(Qt::NoPen);
                p.setBrush(fill);
                p.drawRoundedRect(t.rect.adjusted(-3, 0, 3, 0), 3, 3);
            }
            colour = textOn(fill);
        } else if (t.role == DiagramLayout::Role::Key || t.role == DiagramLayout::Role::Caption) {
            colour = t.bold ? text : muted;
        }
        p.setPen(colour);
        p.drawText(t.rect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, t.text);
    }
}

} // namespace llmsizer::ui
