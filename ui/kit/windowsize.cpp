#include "ui/kit/windowsize.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

namespace llmsizer::ui {

QSize fittingWindowSize(const QWidget* window, QSize preferred)
{
    const QScreen* screen = window->screen();
    if (screen == nullptr) {
        screen = QGuiApplication::primaryScreen();
    }
    if (screen == nullptr) {
        return preferred;
    }
    // Room for the window manager's frame and title bar, which availableGeometry() includes.
    constexpr int kFrameMargin = 40;
    const QSize room = screen->availableGeometry().size() - QSize(kFrameMargin, kFrameMargin);
    return preferred.boundedTo(room).expandedTo(window->minimumSizeHint().boundedTo(room));
}

} // namespace llmsizer::ui
