#pragma once

#include <QSize>

class QWidget;

namespace llmsizer::ui {

// The size a top-level window opens at: `preferred`, shrunk to fit the available geometry of the
// screen the window is on (less a margin for the frame), never below the window's minimum size.
// A 1280x800 laptop or projector gets a window that fits it, not a 1600x1000 one hanging off.
QSize fittingWindowSize(const QWidget* window, QSize preferred);

} // namespace llmsizer::ui
