#pragma once

class QWidget;

namespace llmsizer::ui {

// One repaint per edit for a top-level window that shows Qt Charts (docs/performance.md).
//
// A chart's scene collects the items an edit changed and hands their region to its view from a
// queued call, which reaches the event queue after the window's update request: the window then
// painted twice per edit, once for the widgets and once more for the charts, each time walking
// the whole widget tree and flushing the backing store. Installed on a window, this runs the
// queued calls of its charts' scenes when the window is about to paint, so that the charts'
// regions join the same repaint; they would run right after it otherwise. Every other posted
// event keeps its place (a layout that a longer label asks for still runs after the paint, and
// repaints what it moves).
void paintInOneRound(QWidget* window);

} // namespace llmsizer::ui
