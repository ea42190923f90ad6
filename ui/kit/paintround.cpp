#include "ui/kit/paintround.h"

#include <QCoreApplication>
#include <QEvent>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QGraphicsWidget>
#include <QPointer>
#include <algorithm>
#include <vector>

namespace llmsizer::ui {

namespace {

struct ChartView {
    QPointer<QGraphicsView> view;
    std::vector<QPointer<QGraphicsWidget>> widgets;
};

// Every registered chart view; a dozen at most, so each window's repaint looks through them all
// instead of searching its widget tree.
std::vector<ChartView>& chartViews()
{
    static std::vector<ChartView> views;
    return views;
}

// What the view's scene has queued, in the order the event loop would run it: its widgets'
// layouts (a chart whose axis labels grew lays its plot out again), then the queued calls that
// collect the changed items and hand their region to the view. Each call returns at once when its
// receiver has nothing posted.
void flush(const ChartView& c)
{
    for (const QPointer<QGraphicsWidget>& w : c.widgets) {
        if (!w.isNull()) {
            QCoreApplication::sendPostedEvents(w.data(), QEvent::LayoutRequest);
        }
    }
    if (QGraphicsScene* scene = c.view->scene()) {
        QCoreApplication::sendPostedEvents(scene, QEvent::MetaCall);
    }
}

class PaintRound : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::UpdateRequest) {
            std::vector<ChartView>& views = chartViews();
            views.erase(std::remove_if(views.begin(), views.end(),
                                       [](const ChartView& c) { return c.view.isNull(); }),
                        views.end());
            for (const ChartView& c : views) {
                if (c.view->window() == watched && c.view->isVisible()) {
                    flush(c);
                }
            }
        }
        return QObject::eventFilter(watched, event);
    }
};

} // namespace

void paintInOneRound(QWidget* window)
{
    window->installEventFilter(new PaintRound(window));
}

void paintWithWindow(QGraphicsView* view, std::initializer_list<QGraphicsWidget*> widgets)
{
    ChartView c{view, {}};
    for (QGraphicsWidget* w : widgets) {
        c.widgets.emplace_back(w);
    }
    chartViews().push_back(std::move(c));
}

} // namespace llmsizer::ui
