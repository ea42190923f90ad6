#include "ui/kit/wraplabel.h"

#include <QEvent>
#include <algorithm>

namespace llmsizer::ui {

WrapLabel::WrapLabel(QWidget* parent) : WrapLabel(QString(), parent) {}

WrapLabel::WrapLabel(const QString& text, QWidget* parent) : QLabel(text, parent)
{
    setWordWrap(true);
}

WrapLabel::Key WrapLabel::key() const
{
    return Key{text(),
               font(),
               contentsMargins(),
               margin(),
               indent(),
               static_cast<int>(alignment()),
               static_cast<int>(textFormat()),
               maximumWidth(),
               sizePolicy(),
               wordWrap()};
}

void WrapLabel::checkKey() const
{
    Key now = key();
    if (now == m_key) {
        return;
    }
    m_key = std::move(now);
    m_hint = QSize();
    m_minimumHint = QSize();
    m_heights.fill(QSize());
}

void WrapLabel::setKeepsHeight(bool keep)
{
    m_keepsHeight = keep;
    if (keep) {
        setAlignment((alignment() & ~Qt::AlignVertical_Mask) | Qt::AlignTop);
    }
    releaseHeight();
}

void WrapLabel::releaseHeight()
{
    if (m_tallest == decltype(m_tallest){}) {
        return;
    }
    m_tallest.fill(QSize());
    updateGeometry();
}

QSize WrapLabel::sizeHint() const
{
    checkKey();
    if (!m_hint.isValid()) {
        m_hint = QLabel::sizeHint();
    }
    return m_hint;
}

QSize WrapLabel::minimumSizeHint() const
{
    checkKey();
    if (!m_minimumHint.isValid()) {
        m_minimumHint = QLabel::minimumSizeHint();
    }
    return m_minimumHint;
}

int WrapLabel::heightForWidth(int width) const
{
    checkKey();
    for (const QSize& entry : m_heights) {
        if (entry.isValid() && entry.width() == width) {
            return m_keepsHeight ? keptHeight(width, entry.height()) : entry.height();
        }
    }
    int height = QLabel::heightForWidth(width);
    m_heights[m_nextHeight] = QSize(width, height);
    m_nextHeight = (m_nextHeight + 1) % m_heights.size();
    return m_keepsHeight ? keptHeight(width, height) : height;
}

int WrapLabel::keptHeight(int width, int height) const
{
    for (QSize& entry : m_tallest) {
        if (entry.isValid() && entry.width() == width) {
            entry.setHeight(std::max(entry.height(), height));
            return entry.height();
        }
    }
    m_tallest[m_nextTallest] = QSize(width, height);
    m_nextTallest = (m_nextTallest + 1) % m_tallest.size();
    return height;
}

void WrapLabel::changeEvent(QEvent* event)
{
    switch (event->type()) {
    case QEvent::FontChange:
    case QEvent::StyleChange:
    case QEvent::ContentsRectChange:
    case QEvent::LayoutDirectionChange:
        m_key = Key();
        checkKey();
        m_tallest.fill(QSize()); // another font or style: the kept heights are of another text size
        break;
    default:
        break;
    }
    QLabel::changeEvent(event);
}

} // namespace llmsizer::ui
