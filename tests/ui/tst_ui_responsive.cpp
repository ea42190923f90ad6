// Big jumps stay instant: a preset switch across three orders of magnitude of memory, and Home/End
// on the d_model slider, never lay out more than a handful of axis ticks on the way (the value
// axis once took a new range of thousands of GB under the old interval of a fraction of a GB, and
// built thousands of tick items: a freeze of many seconds).
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/kit/knobrow.h"
#include "ui/overview/configpanel.h"
#include "ui/overview/memorypanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/state/configmodel.h"
#include "ui/state/settings.h"
#include "ui/state/startup.h"

#include <QElapsedTimer>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>
#include <cmath>
#include <memory>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

using Fixture = llmsizer::test::WindowFixture;

// The most ticks the value axis is asked to lay out at any moment: each change of its range or
// interval lays it out at once, with (max - min) / interval ticks.
struct TickWatch {
    double most = 0;
    explicit TickWatch(const QValueAxis* axis, QObject* context)
    {
        auto note = [this, axis] {
            if (axis->tickInterval() > 0) {
                most = std::max(most, (axis->max() - axis->min()) / axis->tickInterval());
            }
        };
        QObject::connect(axis, &QValueAxis::rangeChanged, context, note);
        QObject::connect(axis, &QValueAxis::tickIntervalChanged, context, note);
    }
};

// Debug build, two cores shared with other builds: generous, yet far below the freeze (seconds).
constexpr qint64 kMaxMs = 1500;
// The core's nice tick gives at most eight intervals (memory_view.cpp, niceTick).
constexpr double kMaxTicks = 10;

} // namespace

class TestUiResponsive : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }
    void presetSwitch_data();
    void presetSwitch();
    void sliderHomeEnd_data();
    void sliderHomeEnd();
    void typedHugeWidth();
};

void TestUiResponsive::presetSwitch_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::newRow("GPT-2 small to DeepSeek-V3 and back")
        << QStringLiteral("gpt-2-small") << QStringLiteral("deepseek-v3");
    QTest::newRow("GPT-2 small to Llama 3.1 405B and back")
        << QStringLiteral("gpt-2-small") << QStringLiteral("llama-3.1-405b");
    QTest::newRow("GPT-2 small to Llama 3 70B and back")
        << QStringLiteral("gpt-2-small") << QStringLiteral("llama-3-70b");
}

void TestUiResponsive::presetSwitch()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    Fixture f(from);
    const MemoryChartWidget* chart = f.window->memoryPanel()->chart();
    TickWatch ticks(chart->valueAxis(), this);
    for (const QString& id : {to, from}) {
        QElapsedTimer timer;
        timer.start();
        QVERIFY(f.model->selectPreset(id));
        QCoreApplication::processEvents(); // the repaint
        const qint64 ms = timer.elapsed();
        QVERIFY2(ms < kMaxMs,
                 qPrintable(QStringLiteral("switch to %1 took %2 ms").arg(id).arg(ms)));
        QVERIFY2(
            ticks.most <= kMaxTicks,
            qPrintable(QStringLiteral("switch to %1 laid out %2 ticks").arg(id).arg(ticks.most)));
    }
    QVERIFY(ticks.most > 0); // the axis did change
}

void TestUiResponsive::sliderHomeEnd_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("knob");
    QTest::newRow("Llama 3 70B, d_model")
        << QStringLiteral("llama-3-70b") << static_cast<int>(Knob::DModel);
    QTest::newRow("Llama 3 70B, layers")
        << QStringLiteral("llama-3-70b") << static_cast<int>(Knob::Layers);
    QTest::newRow("GPT-2 small, d_model")
        << QStringLiteral("gpt-2-small") << static_cast<int>(Knob::DModel);
    QTest::newRow("DeepSeek-V3, experts")
        << QStringLiteral("deepseek-v3") << static_cast<int>(Knob::Experts);
}

void TestUiResponsive::sliderHomeEnd()
{
    QFETCH(QString, preset);
    QFETCH(int, knob);
    Fixture f(preset);
    const MemoryChartWidget* chart = f.window->memoryPanel()->chart();
    TickWatch ticks(chart->valueAxis(), this);
    QSlider* slider = f.window->configPanel()->row(static_cast<Knob>(knob))->slider();
    slider->setFocus();
    for (Qt::Key key : {Qt::Key_Home, Qt::Key_End, Qt::Key_Home}) {
        QElapsedTimer timer;
        timer.start();
        QTest::keyClick(slider, key);
        QCoreApplication::processEvents();
        const qint64 ms = timer.elapsed();
        QVERIFY2(ms < kMaxMs, qPrintable(QStringLiteral("key took %1 ms").arg(ms)));
        QVERIFY2(ticks.most <= kMaxTicks,
                 qPrintable(QStringLiteral("laid out %1 ticks").arg(ticks.most)));
    }
    QCOMPARE(slider->value(), slider->minimum());
}

// d_model typed as 1,048,576 on Llama 3 8B (a jump from tens of GB to many TB) and back.
void TestUiResponsive::typedHugeWidth()
{
    Fixture f(QStringLiteral("llama-3-8b"));
    const MemoryChartWidget* chart = f.window->memoryPanel()->chart();
    TickWatch ticks(chart->valueAxis(), this);
    QSpinBox* spin = f.window->configPanel()->row(Knob::DModel)->spinBox();
    for (const QString& typed : {QStringLiteral("1048576"), QStringLiteral("4096")}) {
        QElapsedTimer timer;
        timer.start();
        spin->setFocus();
        spin->selectAll();
        QTest::keyClicks(spin, typed);
        QTest::keyClick(spin, Qt::Key_Return);
        QCoreApplication::processEvents();
        const qint64 ms = timer.elapsed();
        QVERIFY2(ms < kMaxMs,
                 qPrintable(QStringLiteral("d_model %1 took %2 ms").arg(typed).arg(ms)));
        QVERIFY2(
            ticks.most <= kMaxTicks,
            qPrintable(QStringLiteral("d_model %1 laid out %2 ticks").arg(typed).arg(ticks.most)));
        QCOMPARE(f.model->config().d_model, typed.toULongLong());
    }
}

LLMSIZER_TEST_MAIN(TestUiResponsive)
#include "tst_ui_responsive.moc"
