#pragma once

#include <initializer_list>

class QGraphicsView;
class QGraphicsWidget;
class QWidget;

namespace llmsizer::ui {

// One repaint per edit for a top-level window that shows charts (docs/performance.md).
//
// A chart's scene collects the items an edit changed and hands their region to its view from a
// queued call, and a chart whose labels changed lays its plot out from a posted event; both reach
// the event queue after the window's update request, so the window painted twice per edit: once
// for the widgets and once more for the charts, each time walking the whole widget tree and
// flushing the backing store. Installed on a window, paintInOneRound runs, when the window is about
// to repaint, what the scenes of its chart views (paintWithWindow) have queued: their widgets'
// layouts, then their dirty-item calls. They would run right after the repaint otherwise; they are
// the scenes' own business, so nothing else waits on them. Every other posted event keeps its
// place (a layout a longer label asks for still runs after the repaint, and repaints what moves).
void paintInOneRound(QWidget* window);

// Registers a chart view for its window's paintInOneRound, with the widgets of its scene that lay
// themselves out (a chart and its legend). A view of a window without it is left alone.
void paintWithWindow(QGraphicsView* view, std::initializer_list<QGraphicsWidget*> widgets);

} // namespace llmsizer::ui
