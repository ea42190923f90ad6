#pragma once

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <functional>
#include <utility>

namespace llmsizer::ui {

// Runs a function once at the next turn of the event loop however often it is asked for before
// then: a refit after a resize, a font change and a layout's settling, done once with the final
// geometry. The function runs in `context`'s thread and never after `context` is gone.
class OncePerTurn {
public:
    OncePerTurn(QObject* context, std::function<void()> run)
        : m_context(context), m_run(std::move(run))
    {
    }
    void schedule()
    {
        if (m_pending) {
            return;
        }
        m_pending = true;
        QMetaObject::invokeMethod(
            m_context,
            [this] {
                m_pending = false;
                m_run();
            },
            Qt::QueuedConnection);
    }

private:
    QPointer<QObject> m_context;
    std::function<void()> m_run;
    bool m_pending = false;
};

} // namespace llmsizer::ui
