// Charts paint with their window: a slider step repaints every chart once, in the window's first
// repaint after the step (kit/paintround.h). A chart's scene hands its changed region to its view
// from a queued call, and a chart whose labels changed lays its plot out from a posted event;
// both used to reach the event queue after the window's update request, so every step painted
// the window a second time for the charts alone. On the Overview and in Compare the whole step is
// one repaint. The step measured is a drag's third: the first step off a preset hides the
// summary's lines about the published model, which lays the window out again.
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/compare/comparewindow.h"
#include "ui/kit/knobrow.h"
#include "ui/overview/configpanel.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/comparisonmodel.h"

#include <QApplication>
#include <QDir>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QImage>
#include <QSlider>
#include <QTest>
#include <map>
#include <vector>

using namespace llmsizer;
using llmsizer::test::WindowFixture;

namespace {

// The update requests of the windows it watches, and in which of their rounds each chart view
// painted.
class Rounds : public QObject {
public:
    std::map<QObject*, int> updates;                // per window
    std::map<QObject*, std::vector<int>> paintedIn; // per chart viewport: the window's round

    void watchWindow(QWidget* window)
    {
        window->installEventFilter(this);
        for (QGraphicsView* v : window->findChildren<QGraphicsView*>()) {
            if (v->isVisible()) {
                v->viewport()->installEventFilter(this);
                paintedIn[v->viewport()];
                m_windowOf[v->viewport()] = window;
            }
        }
    }
    void clear()
    {
        updates.clear();
        for (auto& [viewport, rounds] : paintedIn) {
            rounds.clear();
        }
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::UpdateRequest) {
            ++updates[watched];
        } else if (event->type() == QEvent::Paint && paintedIn.count(watched) > 0) {
            paintedIn[watched].push_back(updates[m_windowOf[watched]]);
        }
        return QObject::eventFilter(watched, event);
    }

private:
    std::map<QObject*, QObject*> m_windowOf;
};

void settle()
{
    QTest::qWait(100);
}

// Two steps of `slider`, then the third with `rounds` counting.
void thirdStep(QSlider* slider, Rounds& rounds)
{
    for (int i = 0; i < 2; ++i) {
        slider->setValue(slider->value() + 1);
        settle();
    }
    rounds.clear();
    slider->setValue(slider->value() + 1);
    settle();
}

// Every chart painted at most once, and only in its window's first round; at least one painted.
void checkChartsInFirstRound(const Rounds& rounds)
{
    int painted = 0;
    for (const auto& [viewport, inRounds] : rounds.paintedIn) {
        QVERIFY2(inRounds.size() <= 1, qPrintable(QString::number(inRounds.size())));
        for (int r : inRounds) {
            QCOMPARE(r, 1);
        }
        painted += static_cast<int>(inRounds.size());
    }
    QVERIFY(painted >= 1);
}

} // namespace

class TestUiPaintOnce : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QApplication::setCursorFlashTime(0); } // no caret blinks to count
    void stepPaintsChartsOnce_data();
    void stepPaintsChartsOnce();
    void compareWindowPaintsOnce();
    void cachedItemsDrawAsTheyAre();
};

void TestUiPaintOnce::stepPaintsChartsOnce_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<int>("knob");
    for (const char* view : {"overview", "explorer"}) {
        for (Knob k : {Knob::DModel, Knob::KvHeads, Knob::Vocab}) {
            QTest::addRow("%s knob %d", view, static_cast<int>(k))
                << QString::fromLatin1(view) << static_cast<int>(k);
        }
    }
}

void TestUiPaintOnce::stepPaintsChartsOnce()
{
    QFETCH(QString, view);
    QFETCH(int, knob);
    WindowFixture f(QStringLiteral("llama-3-70b"));
    QVERIFY(f.window->views()->showView(view));
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    settle();
    Rounds rounds;
    rounds.watchWindow(f.window.get());
    QVERIFY(rounds.paintedIn.size() >= 2); // two charts at least (pie and memory; curve, metrics)
    thirdStep(f.window->configPanel()->row(static_cast<Knob>(knob))->slider(), rounds);
    checkChartsInFirstRound(rounds);
    // The Overview's labels keep their size along a drag: one repaint in all. (The explorer's
    // value labels may widen and move their neighbours, repainted in a round of their own.)
    if (view == QLatin1String("overview")) {
        QCOMPARE(rounds.updates[f.window.get()], 1);
    }
}

// Compare with four models beside the main window: one repaint of each window per step.
void TestUiPaintOnce::compareWindowPaintsOnce()
{
    WindowFixture f(QStringLiteral("llama-3-70b"));
    ui::ComparisonModel* comparison = f.window->comparison();
    for (const char* id : {"llama-3-8b", "llama-3-70b", "mixtral-8x22b", "deepseek-v3"}) {
        comparison->addPreset(QString::fromLatin1(id));
    }
    f.window->show();
    f.window->compareWindow()->resize(1600, 1000);
    f.window->compareWindow()->present();
    QVERIFY(QTest::qWaitForWindowExposed(f.window->compareWindow()));
    settle();
    Rounds rounds;
    rounds.watchWindow(f.window.get());
    rounds.watchWindow(f.window->compareWindow());
    thirdStep(f.window->configPanel()->contextRow()->slider(), rounds);
    checkChartsInFirstRound(rounds);
    QCOMPARE(rounds.updates[f.window.get()], 1);
    QCOMPARE(rounds.updates[f.window->compareWindow()], 1);
}

// The charts' items drawn from cached pixmaps (chartstyle.h cacheStaticItems) look exactly as
// drawn directly, also after steps that move the axes and change their labels: each chart,
// grabbed as shown, equals itself grabbed with every item drawing itself. (Cached text items
// failed this: the labels, titles and legend came out blank.)
void TestUiPaintOnce::cachedItemsDrawAsTheyAre()
{
    WindowFixture f(QStringLiteral("llama-3-70b"));
    QVERIFY(f.window->views()->showView(QStringLiteral("explorer")));
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    settle();
    QSlider* kv = f.window->configPanel()->row(Knob::KvHeads)->slider();
    for (int i = 0; i < 6; ++i) { // down to one KV head: new families, new axis ranges
        kv->setValue(kv->value() - 1);
        settle();
    }
    int cachedItems = 0;
    for (QGraphicsView* v : f.window->findChildren<QGraphicsView*>()) {
        if (!v->isVisible()) {
            continue;
        }
        const QImage shown = v->viewport()->grab().toImage();
        std::vector<QGraphicsItem*> cached;
        for (QGraphicsItem* item : v->scene()->items()) {
            if (item->cacheMode() != QGraphicsItem::NoCache) {
                cached.push_back(item);
                item->setCacheMode(QGraphicsItem::NoCache);
            }
        }
        cachedItems += static_cast<int>(cached.size());
        const QImage direct = v->viewport()->grab().toImage();
        for (QGraphicsItem* item : cached) {
            item->setCacheMode(QGraphicsItem::DeviceCoordinateCache);
        }
        if (shown != direct) {
            shown.save(QDir::temp().filePath(QStringLiteral("chart-cached.png")));
            direct.save(QDir::temp().filePath(QStringLiteral("chart-direct.png")));
        }
        QVERIFY2(shown == direct, "a chart drawn from its cached items differs from the chart "
                                  "drawn directly (chart-cached.png, chart-direct.png in the "
                                  "temporary directory)");
    }
    QVERIFY(cachedItems > 10);
}

LLMSIZER_TEST_MAIN(TestUiPaintOnce)
#include "tst_ui_paint_once.moc"
