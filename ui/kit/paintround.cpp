#include "ui/kit/paintround.h"

#include <QCoreApplication>
#include <QEvent>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QGraphicsWidget>
#include <QWidget>

namespace llmsizer::ui {

namespace {

// What a chart's scene has queued, in the order the event loop would run it: the layouts of its
// widgets (a chart whose axis labels grew lays its plot out again), then the queued calls that
// collect the changed items and hand their region to the view. Both are the scene's own business:
// no other widget waits on them, so running them early changes nothing but when the view learns
// of the change.
void flushScene(QGraphicsScene* scene)
{
    for (QGraphicsItem* item : scene->items()) {
        if (item->isWidget()) {
            QCoreApplication::sendPostedEvents(static_cast<QGraphicsWidget*>(item),
                                               QEvent::LayoutRequest);
        }
    }
    QCoreApplication::sendPostedEvents(scene, QEvent::MetaCall);
}

class PaintRound : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::UpdateRequest) {
            for (const QGraphicsView* view :
                 static_cast<QWidget*>(watched)->findChildren<QGraphicsView*>()) {
                if (view->scene() != nullptr && view->isVisible()) {
                    flushScene(view->scene());
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

} // namespace llmsizer::ui
