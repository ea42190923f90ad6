#include "ui/kit/flowlayout.h"

#include <QWidget>
#include <algorithm>

namespace llmsizer::ui {

FlowLayout::FlowLayout(QWidget* parent, int spacing) : QLayout(parent), m_spacing(spacing) {}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem* item = takeAt(0)) {
        delete item;
    }
}

void FlowLayout::addItem(QLayoutItem* item)
{
    m_items.append(item);
}

int FlowLayout::count() const
{
    return static_cast<int>(m_items.size());
}

QLayoutItem* FlowLayout::itemAt(int index) const
{
    return index >= 0 && index < m_items.size() ? m_items.at(index) : nullptr;
}

QLayoutItem* FlowLayout::takeAt(int index)
{
    return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
}

Qt::Orientations FlowLayout::expandingDirections() const
{
    return {};
}

bool FlowLayout::hasHeightForWidth() const
{
    return true;
}

int FlowLayout::heightForWidth(int width) const
{
    return layoutRows(QRect(0, 0, width, 0), false);
}

QSize FlowLayout::minimumSize() const
{
    // As narrow as the widest item: everything else wraps.
    QSize size;
    for (const QLayoutItem* item : m_items) {
        size = size.expandedTo(item->minimumSize());
    }
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const
{
    // One row.
    int width = 0;
    int height = 0;
    for (const QLayoutItem* item : m_items) {
        if (!item->isEmpty()) {
            width += (width > 0 ? m_spacing : 0) + item->sizeHint().width();
            height = std::max(height, item->sizeHint().height());
        }
    }
    const QMargins m = contentsMargins();
    return {width + m.left() + m.right(), height + m.top() + m.bottom()};
}

void FlowLayout::setGeometry(const QRect& rect)
{
    QLayout::setGeometry(rect);
    layoutRows(rect, true);
}

int FlowLayout::layoutRows(const QRect& rect, bool apply) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    const QMargins m = contentsMargins();
    if (m_items.isEmpty()) {
        return m.top() + m.bottom();
    }
    int y = area.top();
    qsizetype rowStart = 0;
    while (rowStart < m_items.size()) {
        // Take items while they fit (always at least one), then place the row.
        int x = 0;
        int rowHeight = 0;
        qsizetype end = rowStart;
        for (; end < m_items.size(); ++end) {
            const QLayoutItem* item = m_items.at(end);
            if (item->isEmpty()) {
                continue;
            }
            const QSize hint = item->sizeHint();
            const int next = x + (x > 0 ? m_spacing : 0) + hint.width();
            if (x > 0 && next > area.width()) {
                break;
            }
            x = next;
            rowHeight = std::max(rowHeight, hint.height());
        }
        if (apply) {
            int left = area.left();
            for (qsizetype i = rowStart; i < end; ++i) {
                QLayoutItem* item = m_items.at(i);
                if (item->isEmpty()) {
                    continue;
                }
                const QSize hint = item->sizeHint();
                const int width = std::min(hint.width(), area.right() + 1 - left);
                item->setGeometry(
                    QRect(left, y + (rowHeight - hint.height()) / 2, width, hint.height()));
                left += width + m_spacing;
            }
        }
        y += rowHeight + m_spacing;
        rowStart = end;
    }
    return y - m_spacing - area.top() + m.top() + m.bottom();
}

} // namespace llmsizer::ui
