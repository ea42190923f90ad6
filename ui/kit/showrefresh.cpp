#include "ui/kit/showrefresh.h"

#include <QEvent>
#include <QWidget>

namespace llmsizer::ui {

ShowRefresh::ShowRefresh(QWidget* view, std::function<void()> rebuild, Waits waits)
    : QObject(view), m_view(view), m_rebuild(std::move(rebuild)), m_waits(waits),
      m_stale(waits == Waits::WhileHidden)
{
    view->installEventFilter(this);
}

void ShowRefresh::invalidate()
{
    m_stale = true;
    if (m_view->isVisible() ||
        (m_waits == Waits::WhileHiddenInShownWindow && !m_view->window()->isVisible())) {
        rebuild();
    }
}

void ShowRefresh::rebuild()
{
    m_stale = false;
    m_rebuild();
}

bool ShowRefresh::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view && event->type() == QEvent::Show &&
        (m_stale || (m_staleWhen && m_staleWhen()))) {
        rebuild();
    }
    return QObject::eventFilter(watched, event);
}

} // namespace llmsizer::ui
