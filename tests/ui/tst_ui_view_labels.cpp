// The teaching views and the Compare window as an audience sees them, at 1280×800 and 1920×1080,
// normal and presentation mode, light and dark: no chart text elided, outside its chart or over
// another (read back from the charts' scenes), the compute budget's two marked sizes inside the
// plot and apart, and no table that scrolls sideways (the teaching views' in either mode; the
// Compare table with four models in presentation mode). Every lesson too, at
// 1280×800 (its banner takes height from the charts), in presentation mode and not.
#include "llmsizer/present/lessons.h"
#include "support/chart_labels.h"
#include "support/sweep.h"
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/charts/budgetchart.h"
#include "ui/charts/comparechartbars.h"
#include "ui/compare/comparepanel.h"
#include "ui/compare/comparewindow.h"
#include "ui/kit/presentation.h"
#include "ui/kit/theme.h"
#include "ui/shell/lessons.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/comparisonmodel.h"
#include "ui/teach/budgetview.h"
#include "ui/teach/explorerview.h"
#include "ui/teach/fitsolverview.h"

#include <QApplication>
#include <QScrollBar>
#include <QTableView>
#include <QTest>
#include <memory>

using namespace llmsizer;
using namespace llmsizer::ui;
using Fixture = llmsizer::test::WindowFixture;

namespace {

void addRows()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<bool>("dark");
    for (const QSize size : llmsizer::test::sweepSizes()) {
        for (const bool presentation : {false, true}) {
            for (const bool dark : llmsizer::test::sweepDarkThemes()) {
                QTest::newRow(
                    qPrintable(QStringLiteral("%1x%2%3%4")
                                   .arg(size.width())
                                   .arg(size.height())
                                   .arg(presentation ? QStringLiteral(" presentation") : QString())
                                   .arg(dark ? QStringLiteral(" dark") : QString())))
                    << size << presentation << dark;
            }
        }
    }
}

// The main window on `preset` at `size`, in the light or dark theme, its settings never written.
std::unique_ptr<Fixture> openWindow(const QString& preset, QSize size, bool dark)
{
    applyTheme(*qApp, dark ? Theme::Dark : Theme::Light);
    Fixture::Options options;
    options.size = size;
    options.persistent = false;
    return std::make_unique<Fixture>(preset, options);
}

// Presentation mode on from here to the end of the scope when `on` (a failed check included), so
// the next row starts in normal mode.
class PresentationFor {
public:
    PresentationFor(const Fixture& f, bool on)
        : m_presentation(on ? f.window->presentation() : nullptr)
    {
        if (m_presentation != nullptr) {
            m_presentation->setOn(true);
            QApplication::processEvents();
        }
    }
    ~PresentationFor()
    {
        if (m_presentation != nullptr) {
            m_presentation->setOn(false);
            QApplication::processEvents();
        }
    }
    PresentationFor(const PresentationFor&) = delete;
    PresentationFor& operator=(const PresentationFor&) = delete;

private:
    Presentation* m_presentation;
};

// Every table shown under `root` fits its width (presentation mode promises no sideways scroll).
QString scrollingTable(QWidget* root)
{
    for (const QTableView* t : root->findChildren<QTableView*>()) {
        if (t->isVisible() && t->horizontalScrollBar()->maximum() > 0) {
            return t->objectName() + QStringLiteral(" scrolls sideways by ") +
                   QString::number(t->horizontalScrollBar()->maximum());
        }
    }
    return {};
}

void checkView(QWidget* view, bool presentation, const QString& where)
{
    QVERIFY2(view->isVisible(), qPrintable(where));
    QTRY_VERIFY2_WITH_TIMEOUT(
        llmsizer::test::chartLabelProblem(view).isEmpty(),
        qPrintable(where + QStringLiteral(": ") + llmsizer::test::chartLabelProblem(view)), 3000);
    if (presentation) {
        QTRY_VERIFY2_WITH_TIMEOUT(scrollingTable(view).isEmpty(),
                                  qPrintable(where + QStringLiteral(": ") + scrollingTable(view)),
                                  3000);
    }
}

} // namespace

class TestUiViewLabels : public QObject {
    Q_OBJECT
private slots:
    void teachingViews_data() { addRows(); }
    void teachingViews();
    void compareWindow_data() { addRows(); }
    void compareWindow();
    void lessons_data();
    void lessons();
};

void TestUiViewLabels::teachingViews()
{
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    QFETCH(bool, dark);
    const std::unique_ptr<Fixture> window = openWindow(QStringLiteral("llama-2-7b"), size, dark);
    Fixture& f = *window;
    const PresentationFor mode(f, presentation);
    const QString tag = QString::fromLatin1(QTest::currentDataTag());
    for (const QString& name :
         {QStringLiteral("explorer"), QStringLiteral("budget"), QStringLiteral("fit")}) {
        QVERIFY(f.window->views()->showView(name));
        QApplication::processEvents();
        QWidget* view = name == QStringLiteral("explorer")
                            ? static_cast<QWidget*>(f.window->views()->explorer())
                        : name == QStringLiteral("budget")
                            ? static_cast<QWidget*>(f.window->views()->budget())
                            : static_cast<QWidget*>(f.window->views()->fit());
        // The teaching views' tables fit their width in either mode (the budget table scrolled
        // its last columns off at 1240 pixels before it dropped the optional ones there too).
        checkView(view, true, tag + QLatin1Char(' ') + name);
    }
    // The budget chart's two sizes: inside the plot, apart from each other.
    BudgetChart* chart = f.window->views()->budget()->chart();
    QVERIFY(f.window->views()->showView(QStringLiteral("budget")));
    QApplication::processEvents();
    const QList<QRectF> marks = chart->markLabelRects();
    QCOMPARE(marks.size(), 2);
    const QRectF plot = chart->plotArea().adjusted(-1, -1, 1, 1);
    for (const QRectF& r : marks) {
        QVERIFY2(plot.contains(r), qPrintable(tag));
    }
    QVERIFY2(!marks[0].intersects(marks[1]), qPrintable(tag));
}

void TestUiViewLabels::compareWindow()
{
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    QFETCH(bool, dark);
    const std::unique_ptr<Fixture> window = openWindow(QStringLiteral("llama-3-70b"), size, dark);
    Fixture& f = *window;
    for (const char* id : {"llama-3-70b", "deepseek-v3", "mixtral-8x22b", "qwen2.5-72b"}) {
        QCOMPARE(f.window->comparison()->addPreset(QString::fromLatin1(id)), QString());
    }
    CompareWindow* compare = f.window->compareWindow();
    compare->resize(size);
    compare->show();
    QVERIFY(QTest::qWaitForWindowExposed(compare));
    const PresentationFor mode(f, presentation);
    const QString tag = QString::fromLatin1(QTest::currentDataTag());
    ComparePanel* panel = compare->panel();
    // The table (in its own tab, or beside the charts), then the charts.
    checkView(panel, presentation, tag + QStringLiteral(" table"));
    panel->showCharts();
    QApplication::processEvents();
    checkView(panel, presentation, tag + QStringLiteral(" charts"));
    // Every model's name under the bars, whole (on two lines where the group is narrow).
    for (const CompareChartBars* bars : panel->findChildren<CompareChartBars*>()) {
        QCOMPARE(bars->categories().size(), 4);
    }
    compare->close();
}

void TestUiViewLabels::lessons_data()
{
    QTest::addColumn<QString>("lesson");
    QTest::addColumn<bool>("presentation");
    for (const std::string& id : lessonIds()) {
        for (const bool presentation : {false, true}) {
            QTest::addRow("%s%s", id.c_str(), presentation ? " presentation" : "")
                << QString::fromStdString(id) << presentation;
        }
    }
}

void TestUiViewLabels::lessons()
{
    QFETCH(QString, lesson);
    QFETCH(bool, presentation);
    const std::unique_ptr<Fixture> window =
        openWindow(QStringLiteral("llama-2-7b"), QSize(1280, 800), presentation);
    Fixture& f = *window;
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    const PresentationFor mode(f, presentation);
    auto* lessons = f.window->findChild<Lessons*>();
    QVERIFY(lessons != nullptr);
    QVERIFY(lessons->start(lesson));
    QApplication::processEvents();
    const QString tag = QString::fromLatin1(QTest::currentDataTag());
    checkView(f.window.get(), false, tag);
    CompareWindow* compare = f.window->compareWindow();
    if (compare->isVisible()) {
        checkView(compare, false, tag + QStringLiteral(" compare"));
        compare->close();
    }
    lessons->stop();
}

LLMSIZER_TEST_MAIN(TestUiViewLabels)
#include "tst_ui_view_labels.moc"
