// The Overview's charts after a restyle as at the start: the pie's labels in the window's text
// colour from the first show (Qt Charts' light theme colours them gray, 0x404044, when the chart
// is first shown), and the memory chart's axis back to its top after presentation mode on and
// off (Kimi K2's went to 6,000 GB from 5,000: the room kept for the larger labels stayed).
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/charts/piechartwidget.h"
#include "ui/kit/presentation.h"
#include "ui/overview/memorypanel.h"
#include "ui/overview/parameterchart.h"

#include <QTest>

using namespace llmsizer::ui;
using Fixture = llmsizer::test::WindowFixture;

class TestUiChartRestyle : public QObject {
    Q_OBJECT
private slots:
    void pieLabelsInTheTextColour()
    {
        Fixture::Options options;
        options.size = QSize(1240, 760);
        Fixture f(QStringLiteral("llama-2-7b"), options);
        f.window->show();
        QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
        const PieChartWidget* pie = f.window->parameterChart()->pie();
        const QColor text = pie->palette().color(QPalette::WindowText);
        QCOMPARE(text, QColor(Qt::black)); // the light palette's
        const auto colours = [pie] {
            QList<QColor> out;
            for (const PieChartWidget::SliceValue& s : pie->sliceValues()) {
                out << s.labelColor;
            }
            return out;
        };
        QTRY_COMPARE(colours(), QList<QColor>(colours().size(), text));
    }

    void memoryAxisBackAfterPresentation()
    {
        Fixture::Options options;
        options.size = QSize(1240, 760);
        Fixture f(QStringLiteral("kimi-k2"), options);
        f.window->show();
        QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
        QTest::qWait(200);
        const MemoryChartWidget* chart = f.window->memoryPanel()->chart();
        const double before = chart->axisMax();
        QVERIFY(before > 0);
        f.window->presentation()->setOn(true);
        QTest::qWait(200);
        f.window->presentation()->setOn(false);
        QTRY_COMPARE(f.window->size(), options.size);
        QTRY_COMPARE(chart->axisMax(), before);
    }
};

LLMSIZER_TEST_MAIN(TestUiChartRestyle)
#include "tst_ui_chart_restyle.moc"
