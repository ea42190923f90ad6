// The parameter pies' slice labels, read back from the charts' scenes as drawn: at 1280×800 and
// 1920×1080, normal and presentation, light and dark, for a dense model, a GQA model, a mixture of
// experts with one slice of 97 % and a vision-language model, no label is elided ("…" or "..."),
// none crosses the chart's edge and no two overlap; the largest slice is labelled with its name
// where the pie has room, a pie too small to read gives way to sorted bars, and the Compare
// window's four pies keep their shares whole too.
#include "support/chart_labels.h"
#include "support/sweep.h"
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/charts/comparechartpies.h"
#include "ui/charts/piechartwidget.h"
#include "ui/compare/comparepanel.h"
#include "ui/compare/comparewindow.h"
#include "ui/kit/figuregrid.h"
#include "ui/kit/presentation.h"
#include "ui/kit/theme.h"
#include "ui/overview/parameterchart.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/comparisonmodel.h"

#include <QApplication>
#include <QTest>
#include <cmath>

using namespace llmsizer;
using namespace llmsizer::ui;
using Fixture = llmsizer::test::WindowFixture;

namespace {

void checkLabels(QWidget* root, const QString& where)
{
    // Restyling (presentation mode's fonts) reaches the charts through queued events; what the
    // audience sees is the state once they are handled.
    QTRY_VERIFY2_WITH_TIMEOUT(
        llmsizer::test::chartLabelProblem(root).isEmpty(),
        qPrintable(where + QStringLiteral(": ") + llmsizer::test::chartLabelProblem(root)), 3000);
}

} // namespace

class TestUiPieLabels : public QObject {
    Q_OBJECT
private slots:
    void overviewPie_data();
    void overviewPie();
    void comparePies_data();
    void comparePies();
    void presentationOnAndOff_data();
    void presentationOnAndOff();
};

void TestUiPieLabels::overviewPie_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<bool>("dark");
    QTest::addColumn<QString>("largest"); // the largest slice's name, by the published shapes
    const QList<QPair<QString, QString>> presets{
        {QStringLiteral("gpt-2-small"), QStringLiteral("MLP")},
        {QStringLiteral("llama-3-70b"), QStringLiteral("MLP")},
        {QStringLiteral("deepseek-v3"), QStringLiteral("Routed experts")},
        {QStringLiteral("gemma-3-27b-it"), QStringLiteral("MLP")}};
    for (const auto& [preset, largest] : presets) {
        for (const QSize size : llmsizer::test::sweepSizes()) {
            for (const bool presentation : {false, true}) {
                for (const bool dark : llmsizer::test::sweepDarkThemes()) {
                    QTest::addRow("%s %dx%d%s%s", qPrintable(preset), size.width(), size.height(),
                                  presentation ? " presentation" : "", dark ? " dark" : "")
                        << preset << size << presentation << dark << largest;
                }
            }
        }
    }
}

void TestUiPieLabels::overviewPie()
{
    QFETCH(QString, preset);
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    QFETCH(bool, dark);
    QFETCH(QString, largest);
    applyTheme(*qApp, dark ? Theme::Dark : Theme::Light);
    Fixture::Options options;
    options.size = size;
    Fixture f(preset, options);
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    if (presentation) {
        f.window->presentation()->setOn(true);
    }
    QTest::qWait(50); // the restyle after the mode change is queued
    QWidget* pie = f.window->parameterChart()->pie();
    QVERIFY(pie->isVisible());
    checkLabels(pie, QString::fromLatin1(QTest::currentDataTag()));
    if (QTest::currentTestFailed()) {
        return;
    }
    // A pie too small to read gives way to the components as bars, largest first: the largest
    // slice by the published shapes leads with the longest bar, the others follow in order.
    const PieChartWidget* chart = f.window->parameterChart()->pie();
    if (chart->showsBars()) {
        const QList<FigureGrid::Entry> entries = chart->legend()->entries();
        QVERIFY(entries.size() > 3);
        QCOMPARE(entries.front().name, largest);
        // Each bar is its share of the whole model: the bars add up to the full width.
        double sum = 0;
        for (qsizetype i = 0; i < entries.size(); ++i) {
            QVERIFY2(entries[i].bar > 0 && (i == 0 || entries[i].bar <= entries[i - 1].bar),
                     qPrintable(entries[i].name));
            sum += entries[i].bar;
        }
        QVERIFY2(std::abs(sum - 1) < 1e-9, qPrintable(QString::number(sum, 'g', 17)));
    } else {
        QVERIFY2(chart->pieDiameter() >= 0.75 * PieChartWidget::kMinPieDiameter,
                 qPrintable(QString::number(chart->pieDiameter())));
    }
    // At 1280×800 in presentation mode a mixture of experts' three-line title and eight legend
    // lines leave a pie under a hundred pixels: the bars stand in for it.
    if (preset == QLatin1String("deepseek-v3") && size == QSize(1280, 800) && presentation) {
        QVERIFY(chart->showsBars());
    }
    // At 1920 × 1080 the largest slice is named beside the pie; smaller pies may show shares
    // only, the legend below naming every slice.
    if (size != QSize(1920, 1080) || presentation) {
        return;
    }
    bool named = false;
    for (const QList<llmsizer::test::ChartLabel>& labels :
         llmsizer::test::chartLabelsPerView(pie)) {
        for (const llmsizer::test::ChartLabel& l : labels) {
            named = named || l.text.startsWith(largest + QLatin1Char(' '));
        }
    }
    QVERIFY2(named, qPrintable(largest + QStringLiteral(" is not named beside the pie")));
}

void TestUiPieLabels::comparePies_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    for (const QSize size : llmsizer::test::sweepSizes()) {
        for (const bool presentation : {false, true}) {
            QTest::addRow("%dx%d%s", size.width(), size.height(),
                          presentation ? " presentation" : "")
                << size << presentation;
        }
    }
}

void TestUiPieLabels::comparePies()
{
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    applyTheme(*qApp, Theme::Light);
    Fixture f(QStringLiteral("llama-3-70b"));
    for (const char* id : {"gpt-2-small", "llama-3-8b", "mixtral-8x22b", "deepseek-v3"}) {
        QCOMPARE(f.window->comparison()->addPreset(QString::fromLatin1(id)), QString());
    }
    CompareWindow* compare = f.window->compareWindow();
    compare->resize(size);
    compare->show();
    QVERIFY(QTest::qWaitForWindowExposed(compare));
    if (presentation) {
        f.window->presentation()->setOn(true);
        QApplication::processEvents(); // its font arrives; the panel arranges itself in tabs
    }
    compare->panel()->showCharts();
    QTest::qWait(50);
    auto* pies = compare->findChild<CompareChartPies*>();
    QVERIFY(pies != nullptr && pies->isVisible());
    checkLabels(pies, QString::fromLatin1(QTest::currentDataTag()));
    qsizetype shown = 0;
    for (const QList<llmsizer::test::ChartLabel>& labels :
         llmsizer::test::chartLabelsPerView(pies)) {
        shown += labels.size();
    }
    QVERIFY(shown > 0);
}

// F5 on and off at 1280 × 800 (a projector's screen): the pie is as it was, the same size with
// the same labels. Its labels were fitted when the new fonts arrived, before the legend and the
// line under it had shrunk back: a smaller pie with elided names ("Attention 17...."). And a pie
// given up for bars in presentation mode stayed bars once switched off (Llama 2 7B), the bars' own
// height counted against the pie's room.
void TestUiPieLabels::presentationOnAndOff_data()
{
    QTest::addColumn<QString>("preset");
    for (const char* preset : {"llama-3-70b", "llama-2-7b", "gpt-2-small"}) {
        QTest::newRow(preset) << QString::fromLatin1(preset);
    }
}

void TestUiPieLabels::presentationOnAndOff()
{
    QFETCH(QString, preset);
    Fixture::Options options;
    options.size = QSize(1240, 760);
    Fixture f(preset, options);
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    QTest::qWait(100);
    const PieChartWidget* chart = f.window->parameterChart()->pie();
    QVERIFY(!chart->showsBars());
    const qreal diameter = chart->pieDiameter();
    const auto labels = [&] {
        QStringList out;
        for (const QList<llmsizer::test::ChartLabel>& view :
             llmsizer::test::chartLabelsPerView(f.window->parameterChart()->pie())) {
            for (const llmsizer::test::ChartLabel& l : view) {
                out << l.text;
            }
        }
        return out;
    };
    const QStringList before = labels();
    QVERIFY(!before.isEmpty());
    f.window->presentation()->setOn(true);
    QTest::qWait(100);
    f.window->presentation()->setOn(false);
    // The window too: a relayout under the normal font grew it by a few pixels, for good.
    QTRY_COMPARE(f.window->size(), options.size);
    QTRY_COMPARE(chart->pieDiameter(), diameter);
    QTRY_COMPARE(labels(), before);
}

LLMSIZER_TEST_MAIN(TestUiPieLabels)
#include "tst_ui_pie_labels.moc"
