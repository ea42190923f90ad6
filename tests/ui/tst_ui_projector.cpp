// The main window on a projector as a window manager gives it: a 1280×800 screen leaves the window
// about 1240×760 (1920×1080 about 1880×1040), normal and presentation mode. Every figure of the
// Overview whole (a long value wraps, never cut mid-number), the memory chart's legend whole,
// no tab asking for more than the window has, the Depth × width chart's text whole and its
// point's label off its curve; and presentation mode switched on and off leaves every tab and
// the Compare window as they were.
#include "support/chart_labels.h"
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/charts/comparechartbars.h"
#include "ui/charts/comparechartpies.h"
#include "ui/charts/isocurvechart.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/compare/comparediagrams.h"
#include "ui/compare/comparepanel.h"
#include "ui/compare/comparewindow.h"
#include "ui/kit/figuregrid.h"
#include "ui/kit/presentation.h"
#include "ui/kit/theme.h"
#include "ui/overview/memorypanel.h"
#include "ui/overview/summarypanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"
#include "ui/teach/explorerview.h"
#include "ui/teach/fitsolverview.h"

#include <QApplication>
#include <QLineF>
#include <QScrollArea>
#include <QScrollBar>
#include <QTest>
#include <memory>

using namespace llmsizer;
using namespace llmsizer::ui;
using Fixture = llmsizer::test::WindowFixture;

namespace {

// What a window manager leaves a window on a 1280×800 projector and on a 1920×1080 screen.
const QSize kProjector(1240, 760);
const QSize kScreen(1880, 1040);

std::unique_ptr<Fixture> openWindow(const QString& preset, QSize size)
{
    applyTheme(*qApp, Theme::Light);
    Fixture::Options options;
    options.size = size;
    options.persistent = false;
    return std::make_unique<Fixture>(preset, options);
}

// The first value of `grid` drawn beyond its cell, "" when every one is inside.
QString cutValue(const FigureGrid* grid)
{
    for (qsizetype i = 0; i < grid->entries().size(); ++i) {
        const QRectF cell = QRectF(grid->entryRect(i)).adjusted(0, 0, 1, 1);
        if (!cell.contains(grid->valueRect(i))) {
            return grid->entries()[i].name + QStringLiteral(": ") + grid->entries()[i].value;
        }
    }
    return {};
}

// The widget under `root` with the tallest minimum size hint among its visible descendants whose
// own minimum is taller than `limit`, deepest first: where a too-tall window comes from.
QString tallest(QWidget* root, int limit)
{
    QString out;
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (w->isVisible() && w->minimumSizeHint().height() > limit) {
            out = QString::fromLatin1(w->metaObject()->className()) + QLatin1Char(' ') +
                  w->objectName() + QLatin1Char(' ') +
                  QString::number(w->minimumSizeHint().height());
        }
    }
    return out;
}

// Whether the polyline through `points` passes through `box` (sampled every pixel or so).
bool crosses(const QList<QPointF>& points, const QRectF& box)
{
    for (qsizetype i = 1; i < points.size(); ++i) {
        const QPointF a = points[i - 1];
        const QPointF b = points[i];
        const int steps = std::max(1, static_cast<int>(QLineF(a, b).length()));
        for (int k = 0; k <= steps; ++k) {
            if (box.contains(a + (b - a) * (static_cast<qreal>(k) / steps))) {
                return true;
            }
        }
    }
    return false;
}

// Every chart text of the views under `root` with the height of its line (its font's size; a
// width may move by a pixel with the plot's layout), one line each.
QStringList drawnLabels(QWidget* root)
{
    QStringList out;
    for (const QList<llmsizer::test::ChartLabel>& view : llmsizer::test::chartLabelsPerView(root)) {
        for (const llmsizer::test::ChartLabel& l : view) {
            out << QStringLiteral("%1 (%2 high)").arg(l.text).arg(qRound(l.rect.height()));
        }
    }
    out.sort();
    return out;
}

} // namespace

class TestUiProjector : public QObject {
    Q_OBJECT
private slots:
    void figuresWhole_data();
    void figuresWhole();
    void memoryLegendWhole_data();
    void memoryLegendWhole();
    void tabsFitTheScreen_data();
    void tabsFitTheScreen();
    void explorerReadable_data();
    void explorerReadable();
    void compareAfterPresentation();
    void hiddenTabsRestored_data();
    void hiddenTabsRestored();
};

void TestUiProjector::figuresWhole_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    // Their exact counts ("exact count 46,702,792,704") ended a long published-vs-exact sentence
    // and were cut mid-number at 1240 pixels.
    for (const char* preset : {"mixtral-8x7b", "llama-4-maverick", "gpt-oss-120b"}) {
        for (const QSize size : {kProjector, kScreen}) {
            for (const bool presentation : {false, true}) {
                QTest::addRow("%s %dx%d%s", preset, size.width(), size.height(),
                              presentation ? " presentation" : "")
                    << QString::fromLatin1(preset) << size << presentation;
            }
        }
    }
}

void TestUiProjector::figuresWhole()
{
    QFETCH(QString, preset);
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    const std::unique_ptr<Fixture> f = openWindow(preset, size);
    f->window->presentation()->setOn(presentation);
    QApplication::processEvents();
    const SummaryPanel* summary = f->window->summaryPanel();
    QVERIFY(summary->facts()->isVisible());
    QVERIFY(!summary->figure(QStringLiteral("published")).isEmpty());
    for (const FigureGrid* grid : {summary->grid(), summary->facts()}) {
        QTRY_VERIFY2_WITH_TIMEOUT(cutValue(grid).isEmpty(), qPrintable(cutValue(grid)), 3000);
    }
    f->window->presentation()->setOn(false);
}

void TestUiProjector::memoryLegendWhole_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<bool>("training");
    for (const QSize size : {kProjector, kScreen}) {
        for (const bool presentation : {false, true}) {
            for (const bool training : {false, true}) {
                QTest::addRow("%dx%d%s%s", size.width(), size.height(),
                              presentation ? " presentation" : "", training ? " training" : "")
                    << size << presentation << training;
            }
        }
    }
}

// The memory chart's legend names every segment whole ("Activat… Overhe…" at 1240 pixels was
// Qt Charts' one-row legend), each name inside the chart and apart from the others.
void TestUiProjector::memoryLegendWhole()
{
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    QFETCH(bool, training);
    const std::unique_ptr<Fixture> f = openWindow(QStringLiteral("llama-3-70b"), size);
    f->model->setTraining(training);
    f->window->presentation()->setOn(presentation);
    QApplication::processEvents();
    MemoryChartWidget* chart = f->window->memoryPanel()->chart();
    // The segments of the memory breakdown (memory_view.cpp's names, as the course names them).
    const QStringList expected =
        training ? QStringList{QStringLiteral("Weights"), QStringLiteral("Gradients"),
                               QStringLiteral("Optimizer"), QStringLiteral("Activations")}
                 : QStringList{QStringLiteral("Weights"), QStringLiteral("KV cache"),
                               QStringLiteral("Activations"), QStringLiteral("Overhead")};
    QCOMPARE(chart->legendNames(), expected);
    QTRY_VERIFY2_WITH_TIMEOUT(llmsizer::test::chartLabelProblem(chart).isEmpty(),
                              qPrintable(llmsizer::test::chartLabelProblem(chart)), 3000);
    const QList<QRectF> rects = chart->legendRects();
    QCOMPARE(rects.size(), expected.size());
    const QRectF whole(0, 0, chart->chartWidth(), chart->height());
    for (qsizetype i = 0; i < rects.size(); ++i) {
        QVERIFY2(whole.contains(rects[i]), qPrintable(expected[i]));
        for (qsizetype j = i + 1; j < rects.size(); ++j) {
            QVERIFY2(!rects[i].intersects(rects[j]), qPrintable(expected[i] + expected[j]));
        }
    }
    f->window->presentation()->setOn(false);
}

void TestUiProjector::tabsFitTheScreen_data()
{
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<bool>("training");
    for (const bool presentation : {false, true}) {
        for (const bool training : {false, true}) {
            QTest::addRow("%s%s", presentation ? "presentation" : "normal",
                          training ? " training" : "")
                << presentation << training;
        }
    }
}

// No tab asks for more than the window has on a 1280×800 projector: with each tab shown, the main
// window's minimum size stays within 1240×760 (Largest that fits in presentation mode asked for
// 805 pixels of height, and the window grew past the screen and stayed that tall).
void TestUiProjector::tabsFitTheScreen()
{
    QFETCH(bool, presentation);
    QFETCH(bool, training);
    const std::unique_ptr<Fixture> f = openWindow(QStringLiteral("llama-3-70b"), kProjector);
    f->model->setTraining(training);
    const auto check = [&f](const QString& where) {
        const QSize min = f->window->minimumSizeHint();
        QVERIFY2(min.width() <= kProjector.width() && min.height() <= kProjector.height(),
                 qPrintable(QStringLiteral("%1: %2x%3 (%4)")
                                .arg(where)
                                .arg(min.width())
                                .arg(min.height())
                                .arg(tallest(f->window.get(), kProjector.height() - 200))));
        QVERIFY2(f->window->size() == kProjector, qPrintable(where));
    };
    // Each tab shown in one mode, then switched to the other and back, as a lecturer does.
    f->window->presentation()->setOn(presentation);
    QApplication::processEvents();
    for (const QString& name : ViewTabs::viewNames()) {
        QVERIFY(f->window->views()->showView(name));
        QApplication::processEvents();
        check(name);
        f->window->presentation()->setOn(!presentation);
        QApplication::processEvents();
        check(name + QStringLiteral(" after the switch"));
        f->window->presentation()->setOn(presentation);
        QApplication::processEvents();
        check(name + QStringLiteral(" switched back"));
    }
    // Largest that fits shows its whole answer and exercise table there, without scrolling.
    QVERIFY(f->window->views()->showView(QStringLiteral("fit")));
    QApplication::processEvents();
    const auto* scroll = f->window->views()->fit()->findChild<QScrollArea*>();
    QVERIFY(scroll != nullptr);
    QTRY_COMPARE(scroll->verticalScrollBar()->maximum(), 0);
    f->window->presentation()->setOn(false);
    QApplication::processEvents();
    QCOMPARE(f->window->size(), kProjector);
}

void TestUiProjector::explorerReadable_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    for (const QSize size : {kProjector, kScreen}) {
        for (const bool presentation : {false, true}) {
            QTest::addRow("%dx%d%s", size.width(), size.height(),
                          presentation ? " presentation" : "")
                << size << presentation;
        }
    }
}

// Depth × width: its charts' ticks, titles and legends whole (at 1240×760 in normal mode they read
// "…"), and the current shape's label beside its point, off the curve.
void TestUiProjector::explorerReadable()
{
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    const std::unique_ptr<Fixture> f = openWindow(QStringLiteral("llama-3-70b"), size);
    f->window->presentation()->setOn(presentation);
    QVERIFY(f->window->views()->showView(QStringLiteral("explorer")));
    QApplication::processEvents();
    ExplorerView* explorer = f->window->views()->explorer();
    QTRY_VERIFY2_WITH_TIMEOUT(llmsizer::test::chartLabelProblem(explorer).isEmpty(),
                              qPrintable(llmsizer::test::chartLabelProblem(explorer)), 3000);
    const IsoCurveChart* curve = explorer->curveChart();
    // The label's glyphs (its box less the text margin) cross no part of the curve.
    const QRectF label = curve->labelRect().adjusted(2, 2, -2, -2);
    QVERIFY2(!crosses(curve->curvePositions(), label),
             qPrintable(curve->currentLabel() + QStringLiteral(" lies on the curve")));
    f->window->presentation()->setOn(false);
}

// The Compare window, wide enough for its side-by-side layout, through presentation mode on (its
// tabs) and off: the table, the bar charts and the pies side by side again, none of them empty
// (it went blank until resized).
void TestUiProjector::compareAfterPresentation()
{
    const std::unique_ptr<Fixture> f = openWindow(QStringLiteral("llama-3-70b"), kScreen);
    for (const char* id : {"llama-3-8b", "mixtral-8x7b"}) {
        QCOMPARE(f->window->comparison()->addPreset(QString::fromLatin1(id)), QString());
    }
    CompareWindow* compare = f->window->compareWindow();
    compare->resize(kScreen);
    compare->show();
    QVERIFY(QTest::qWaitForWindowExposed(compare));
    ComparePanel* panel = compare->panel();
    QVERIFY(panel->isSideBySide());
    const auto shown = [panel](QWidget* w) {
        return w->isVisible() && w->width() > 100 && w->height() > 100 &&
               panel->rect().contains(QRect(w->mapTo(panel, QPoint(0, 0)), w->size()));
    };
    for (const bool presentation : {true, false, true, false}) {
        f->window->presentation()->setOn(presentation);
        QApplication::processEvents();
        QCOMPARE(panel->isSideBySide(), !presentation);
        if (!presentation) {
            for (QWidget* w : {static_cast<QWidget*>(panel->table()),
                               static_cast<QWidget*>(panel->componentsChart()),
                               static_cast<QWidget*>(panel->memoryChart()),
                               static_cast<QWidget*>(panel->pies())}) {
                QTRY_VERIFY2(shown(w), w->metaObject()->className());
            }
            panel->showDiagrams();
            QTRY_VERIFY(shown(panel->diagrams()));
            panel->showCharts();
        }
    }
    compare->close();
}

void TestUiProjector::hiddenTabsRestored_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<bool>("shownWhenOn"); // shown when the mode goes on, or only when it goes off
    for (const char* view : {"overview", "explorer", "budget"}) {
        for (const bool shownWhenOn : {false, true}) {
            QTest::addRow("%s%s", view, shownWhenOn ? " shown when switched on" : " hidden")
                << QString::fromLatin1(view) << shownWhenOn;
        }
    }
}

// A tab that was not showing when presentation mode went off looks, when shown again, exactly as
// before the mode went on: every chart text at the size it had (Depth × width kept the large
// fonts).
void TestUiProjector::hiddenTabsRestored()
{
    QFETCH(QString, view);
    QFETCH(bool, shownWhenOn);
    const std::unique_ptr<Fixture> f = openWindow(QStringLiteral("llama-3-70b"), kScreen);
    ViewTabs* tabs = f->window->views();
    const QString other =
        view == QLatin1String("fit") ? QStringLiteral("math") : QStringLiteral("fit");
    QVERIFY(tabs->showView(view));
    QApplication::processEvents();
    QWidget* page = f->window->findChild<QWidget*>(view);
    QVERIFY(page != nullptr);
    const QStringList before = drawnLabels(page);
    QVERIFY(!before.isEmpty());
    QVERIFY(tabs->showView(shownWhenOn ? view : other));
    QApplication::processEvents();
    f->window->presentation()->setOn(true);
    QApplication::processEvents();
    QVERIFY(tabs->showView(other));
    QApplication::processEvents();
    f->window->presentation()->setOn(false);
    QApplication::processEvents();
    QVERIFY(tabs->showView(view));
    QTRY_COMPARE(drawnLabels(page), before);
}

LLMSIZER_TEST_MAIN(TestUiProjector)
#include "tst_ui_projector.moc"
