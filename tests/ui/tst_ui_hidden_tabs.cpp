// The Overview's charts and summary, and the presentation strip, wait while another tab hides them
// in the shown window, and catch up when shown: what they then show is what they would have shown
// had they followed every edit.
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/charts/piechartwidget.h"
#include "ui/kit/figuregrid.h"
#include "ui/kit/knobrow.h"
#include "ui/kit/presentation.h"
#include "ui/overview/knobstrip.h"
#include "ui/overview/memorypanel.h"
#include "ui/overview/summarypanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/configmodel.h"

#include <QSlider>
#include <QTest>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

using Fixture = llmsizer::test::WindowFixture;

// Everything the Overview shows of the model, as text.
QStringList overview(const MainWindow& window)
{
    QStringList out;
    const PieChartWidget* pie = window.pieChart();
    out << pie->title() << pie->legendTexts();
    for (const PieChartWidget::SliceValue& s : pie->sliceValues()) {
        out << s.key + QLatin1Char('=') + QString::number(s.value, 'g', 17) + QLatin1Char(' ') +
                   s.label;
    }
    const MemoryChartWidget* memory = window.memoryPanel()->chart();
    out << memory->categories() << memory->totalLabels() << memory->drawnTexts();
    for (const FigureGrid::Entry& e : window.summaryPanel()->grid()->entries()) {
        out << e.name + QStringLiteral(": ") + e.value;
    }
    return out;
}

// The edits of a drag: layers, width, context and batch.
void edit(ConfigModel& model)
{
    QVERIFY(model.setKnob(Knob::Layers, model.config().n_layers + 2));
    QVERIFY(model.setKnob(Knob::DModel, model.config().d_model + 128));
    QVERIFY(model.setContext(model.context() * 2));
    QVERIFY(model.setBatch(model.batch() + 3));
}

} // namespace

class TestUiHiddenTabs : public QObject {
    Q_OBJECT
private slots:
    void overviewCatchesUpWhenShown();
    void stripCatchesUpWhenShown();
};

void TestUiHiddenTabs::overviewCatchesUpWhenShown()
{
    for (const char* view : {"explorer", "math", "budget", "fit", "hardware"}) {
        // The edits made with the Overview shown, for reference.
        Fixture shown(QStringLiteral("llama-3-70b"));
        edit(*shown.model);
        QCoreApplication::processEvents();
        const QStringList expected = overview(*shown.window);

        Fixture f(QStringLiteral("llama-3-70b"));
        QVERIFY(f.window->views()->showView(QString::fromLatin1(view)));
        QCoreApplication::processEvents();
        QVERIFY(!f.window->pieChart()->isVisible());
        edit(*f.model);
        QCoreApplication::processEvents();
        QVERIFY(f.window->views()->showView(QStringLiteral("overview")));
        QCoreApplication::processEvents();
        QCOMPARE(overview(*f.window), expected);
    }
}

void TestUiHiddenTabs::stripCatchesUpWhenShown()
{
    Fixture f(QStringLiteral("llama-3-70b"));
    QVERIFY(!f.window->knobStrip()->isVisible());
    edit(*f.model);
    f.window->presentation()->setOn(true);
    QCoreApplication::processEvents();
    QVERIFY(f.window->knobStrip()->isVisible());
    const auto rows = f.window->knobStrip()->findChildren<KnobRow*>();
    QVERIFY(!rows.isEmpty());
    // The strip's rows hold the edited layers and width.
    QList<std::uint64_t> values;
    for (const KnobRow* row : rows) {
        values << row->sliderValue();
    }
    QVERIFY(values.contains(f.model->config().n_layers));
    QVERIFY(values.contains(f.model->config().d_model));
    f.window->presentation()->setOn(false);
}

LLMSIZER_TEST_MAIN(TestUiHiddenTabs)
#include "tst_ui_hidden_tabs.moc"
