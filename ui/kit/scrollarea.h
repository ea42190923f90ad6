#pragma once

class QScrollArea;
class QWidget;

namespace llmsizer::ui {

// A frameless area scrolling `content` vertically only, `content` as wide as the area: for a panel
// or view taller than a short window (presentation mode at 1280×800).
QScrollArea* verticalScrollArea(QWidget* content, QWidget* parent);

// Gives the whole of `view` (no margins) to a verticalScrollArea of `content`.
QScrollArea* scrollWholeView(QWidget* view, QWidget* content);

} // namespace llmsizer::ui
