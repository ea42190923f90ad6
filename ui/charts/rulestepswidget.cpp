#include "ui/charts/rulestepswidget.h"

#include "ui/kit/palette.h"
#include "ui/state/qstrings.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>

namespace llmsizer::ui {

namespace {

constexpr int kMargin = 6;
constexpr int kGap = 8;
constexpr int kMinBar = 60; // the narrowest bar area of a one-line row

} // namespace

QList<RuleStepsWidget::Row> RuleStepsWidget::rowsOf(const RuleSteps& s)
{
    QList<Row> rows;
    for (const RuleStep& step : s.steps) {
        rows.append({qs(step.label), qs(step.value_text), qs(step.why), qs(step.color), step.from,
                     step.to, step.negative, step.key == "rule"});
    }
    if (!s.steps.empty()) {
        const RuleStep& e = s.exact_row;
        rows.append({qs(e.label), qs(e.value_text), qs(e.why), qs(e.color), e.from, e.to,
                     e.negative, true});
    }
    return rows;
}

struct RuleStepsWidget::Layout {
    QFont font;
    QFont bold;
    bool twoLines = false;
    int titleHeight = 0;
    int rowHeight = 0;
    int labelWidth = 0;
    int valueWidth = 0;
    bool fits = true; // the rows and the title within the widget
};

RuleStepsWidget::RuleStepsWidget(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("ruleSteps"));
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void RuleStepsWidget::setSteps(const RuleSteps& steps, const QString& title)
{
    m_steps = steps;
    m_rows = rowsOf(steps);
    m_title = title;
    setAccessibleName(title);
    updateGeometry();
    update();
}

void RuleStepsWidget::setDark(bool dark)
{
    m_dark = dark;
    update();
}

QStringList RuleStepsWidget::rowTexts() const
{
    QStringList out;
    for (const Row& r : m_rows) {
        out << r.label + QStringLiteral("  ") + r.value;
    }
    return out;
}

// No more than the smallest of the other charts of the stack asks: the font steps down to fit
// instead, so that showing the rule never makes the window or its panes larger.
QSize RuleStepsWidget::minimumSizeHint() const
{
    return {120, 100};
}

QSize RuleStepsWidget::sizeHint() const
{
    return minimumSizeHint();
}

RuleStepsWidget::Layout RuleStepsWidget::layoutFor(const QFont& base) const
{
    const QList<Row>& rows = m_rows;
    const int w = width() - 2 * kMargin;
    const int h = height() - 2 * kMargin;
    Layout l;
    for (qreal pt = base.pointSizeF();; pt -= 0.5) {
        const bool last = pt - 0.5 < kMinPointSize;
        l.font = base;
        l.font.setPointSizeF(std::max(pt, kMinPointSize));
        l.bold = l.font;
        l.bold.setBold(true);
        const QFontMetrics fm(l.font);
        const QFontMetrics bm(l.bold);
        l.labelWidth = 0;
        l.valueWidth = 0;
        for (const Row& r : rows) {
            const QFontMetrics& m = r.bold ? bm : fm;
            l.labelWidth = std::max(l.labelWidth, m.horizontalAdvance(r.label));
            l.valueWidth = std::max(l.valueWidth, m.horizontalAdvance(r.value));
        }
        l.twoLines = l.labelWidth + kGap + kMinBar + kGap + l.valueWidth > w;
        l.titleHeight =
            bm.boundingRect(QRect(0, 0, std::max(w, 1), 10000), Qt::TextWordWrap, m_title)
                .height() +
            4;
        // Two lines: the label over the bar and the value beside the bar.
        l.rowHeight = l.twoLines ? 2 * fm.height() + 4 : fm.height() + 4;
        const auto n = static_cast<int>(rows.size());
        const bool fitsWidth =
            !l.twoLines || std::max(l.labelWidth, kMinBar + kGap + l.valueWidth) <= w;
        l.fits = l.titleHeight + n * l.rowHeight <= h && fitsWidth;
        if (l.fits || last) {
            return l;
        }
    }
}

int RuleStepsWidget::rowAt(QPoint pos) const
{
    for (qsizetype i = 0; i < m_rowRects.size(); ++i) {
        if (m_rowRects[i].contains(pos)) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

bool RuleStepsWidget::event(QEvent* e)
{
    if (e->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(e);
        const QList<Row>& rows = m_rows;
        const int i = rowAt(help->pos());
        if (i >= 0 && i < rows.size()) {
            QToolTip::showText(help->globalPos(),
                               QStringLiteral("<p><b>%1</b> %2</p><p>%3</p>")
                                   .arg(rows[i].label.toHtmlEscaped(),
                                        rows[i].value.toHtmlEscaped(), rows[i].why.toHtmlEscaped()),
                               this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(e);
}

void RuleStepsWidget::paintEvent(QPaintEvent* /*event*/)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QList<Row>& rows = m_rows;
    const Layout l = layoutFor(font());
    m_twoLines = l.twoLines;
    m_pointSize = l.font.pointSizeF();
    m_fits = l.fits;
    m_rowRects.clear();
    const QColor text = palette().color(QPalette::WindowText);
    const int w = width() - 2 * kMargin;
    p.setPen(text);
    p.setFont(l.bold);
    p.drawText(QRect(kMargin, kMargin, w, l.titleHeight), Qt::TextWordWrap | Qt::AlignLeft,
               m_title);
    if (rows.isEmpty() || m_steps.peak == 0) {
        return;
    }
    const QFontMetrics fm(l.font);
    const int barLeft = kMargin + (l.twoLines ? 0 : l.labelWidth + kGap);
    const int barRight = kMargin + w - l.valueWidth - kGap;
    const double scale =
        static_cast<double>(std::max(barRight - barLeft, 1)) / static_cast<double>(m_steps.peak);
    const auto xOf = [&](std::uint64_t v) {
        return barLeft + static_cast<int>(static_cast<double>(v) * scale + 0.5);
    };
    const QColor ruleColor = m_dark ? QColor(0x9A9A9A) : QColor(0x8C8C8C);
    const QColor minus = fitColor(false, m_dark);
    int y = kMargin + l.titleHeight;
    int previousEnd = -1; // the connector from the last row's end
    for (const Row& r : rows) {
        const QRect row(kMargin, y, w, l.rowHeight);
        m_rowRects.append(row);
        const int textHeight = fm.height();
        // The bar's line: the whole row, or the second line of a two-line row.
        const QRect barLine = l.twoLines ? QRect(row.left(), row.top() + textHeight, row.width(),
                                                 row.height() - textHeight)
                                         : row;
        p.setFont(r.bold ? l.bold : l.font);
        p.setPen(text);
        p.drawText(QRect(row.left(), row.top(), l.twoLines ? row.width() : l.labelWidth,
                         l.twoLines ? textHeight : row.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, r.label);
        p.drawText(QRect(barRight + kGap, barLine.top(), l.valueWidth, barLine.height()),
                   Qt::AlignRight | Qt::AlignVCenter, r.value);
        const int barTop = barLine.top() + 3;
        const int barHeight = barLine.height() - 6;
        const int x0 = xOf(std::min(r.from, r.to));
        const int x1 = std::max(xOf(std::max(r.from, r.to)), x0 + 1);
        const QRect bar(x0, barTop, x1 - x0, barHeight);
        if (r.negative) {
            p.setPen(QPen(minus, 1));
            p.setBrush(QBrush(minus, Qt::BDiagPattern));
        } else {
            p.setPen(Qt::NoPen);
            // The rule in grey, each part in its pie colour, the exact count in the text's.
            p.setBrush(r.color.isEmpty()                  ? text
                       : r.color == QLatin1String("rule") ? ruleColor
                                                          : componentColor(r.color, m_dark));
        }
        p.drawRect(bar);
        if (previousEnd >= 0) {
            p.setPen(QPen(text, 1, Qt::DotLine));
            // From the previous bar's end down to this one (a two-line row's label left clear).
            p.drawLine(previousEnd, l.twoLines ? barLine.top() : barTop - 6, previousEnd,
                       barTop + barHeight);
        }
        previousEnd = xOf(r.to);
        y += l.rowHeight;
    }
}

} // namespace llmsizer::ui
