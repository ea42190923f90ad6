// The memory panel's Runtime menu on the offscreen platform: each runtime overhead profile and
// KV cache precision, chosen from the menu, reaches the inference bars with its documented
// constants, is named in the chart title, and is remembered in the settings.
#include "llmsizer/present/memory_view.h"
#include "support/test_main.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/overview/memorypanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/settings.h"
#include "ui/state/startup.h"

#include <QAction>
#include <QMenu>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <algorithm>
#include <memory>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

const MemoryBar& fp16Bar(const ConfigModel& model)
{
    for (const MemoryBar& b : model.bars()) {
        if (b.precision_id == "fp16") {
            return b;
        }
    }
    qFatal("no FP16 bar");
}

std::uint64_t segmentBytes(const MemoryBar& bar, const char* key)
{
    for (const MemorySegment& s : bar.segments) {
        if (s.key == key) {
            return s.bytes;
        }
    }
    return ~std::uint64_t{0};
}

QAction* runtimeAction(const MemoryPanel* panel, const QString& key)
{
    const QList<QAction*> actions = panel->runtimeButton()->menu()->actions();
    for (QAction* a : actions) {
        if (a->data().toString() == key) {
            return a;
        }
    }
    return nullptr;
}

} // namespace

class TestUiRuntime : public QObject {
    Q_OBJECT
private slots:
    void menuChoiceReachesTheBars_data()
    {
        QTest::addColumn<QString>("action"); // menu action data: a profile id or "kv:" + id
        QTest::addColumn<QString>("segment");
        QTest::addColumn<quint64>("bytes"); // ~0: the vLLM relation below instead
        // Llama 3 70B at 8,192 tokens, batch 1. Overheads: PyTorch's CUDA context, 723 MiB
        // (discuss.pytorch.org/t/73021) = 758,120,448 bytes; llama.cpp's 320 MiB reserve.
        QTest::newRow("transformers") << "transformers"
                                      << "overhead" << quint64(758'120'448);
        QTest::newRow("llama.cpp") << "llama.cpp"
                                   << "overhead" << quint64(335'544'320);
        QTest::newRow("none") << "none"
                              << "overhead" << quint64(0);
        QTest::newRow("vllm") << "vllm"
                              << "overhead" << ~quint64(0);
        // KV cache: 2 (K, V) · 80 layers · 8 KV heads · 128 · 8,192 tokens · bytes per value.
        QTest::newRow("KV FP8") << "kv:fp8"
                                << "kv_cache" << quint64(1'342'177'280);
        QTest::newRow("KV FP32") << "kv:fp32"
                                 << "kv_cache" << quint64(5'368'709'120);
    }
    void menuChoiceReachesTheBars()
    {
        QFETCH(QString, action);
        QFETCH(QString, segment);
        QFETCH(quint64, bytes);
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("settings.ini"));
        Settings settings(ini);
        ConfigModel model;
        loadCatalogs(model);
        MainWindow window(&model, &settings);
        window.restoreSettings();
        QVERIFY(model.selectPreset(QStringLiteral("llama-3-70b")));
        QVERIFY(model.setContext(8192));
        // The defaults: KV cache in FP16 (2,684,354,560 bytes), PyTorch's overhead.
        QCOMPARE(quint64(segmentBytes(fp16Bar(model), "kv_cache")), quint64(2'684'354'560));
        QCOMPARE(quint64(segmentBytes(fp16Bar(model), "overhead")), quint64(758'120'448));

        QAction* a = runtimeAction(window.memoryPanel(), action);
        QVERIFY(a != nullptr);
        a->trigger();
        QVERIFY(a->isChecked());
        const MemoryBar& bar = fp16Bar(model);
        const std::uint64_t got = segmentBytes(bar, segment.toLatin1().constData());
        if (bytes == ~quint64(0)) {
            // vLLM uses gpu_memory_utilization 0.9 of the device: the device must hold
            // need / 0.9, rounded up, and the overhead is the rest.
            const std::uint64_t need = segmentBytes(bar, "weights") +
                                       segmentBytes(bar, "kv_cache") +
                                       segmentBytes(bar, "activations");
            QCOMPARE(quint64(got), quint64((need * 10 + 8) / 9 - need));
        } else {
            QCOMPARE(quint64(got), bytes);
        }
        // The chart draws it (GB) and its title names both choices.
        const MemoryChartWidget* chart = window.memoryPanel()->chart();
        // (The bar's name depends on the window's width: "FP16/BF16", or "16-bit" when narrow.)
        const auto fp16 = std::find_if(model.bars().begin(), model.bars().end(),
                                       [](const MemoryBar& b) { return b.precision_id == "fp16"; });
        QVERIFY(fp16 != model.bars().end());
        const auto fp16Index = fp16 - model.bars().begin();
        QCOMPARE(chart->categories().at(fp16Index),
                 QString::fromStdString(chart->categories().contains(QStringLiteral("16-bit"))
                                            ? fp16->narrow_label
                                            : fp16->label));
        QVERIFY(qAbs(chart->value(segment, static_cast<int>(fp16Index)) -
                     static_cast<double>(got) / 1e9) < 1e-9);
        QVERIFY2(chart->title().contains(QStringLiteral("KV ") + model.kvPrecision().toUpper()) &&
                     chart->title().contains(QStringLiteral("overhead: ") + model.overhead()),
                 qPrintable(chart->title()));
        // Remembered for the next start.
        window.saveSettings();
        const Settings again(ini);
        QCOMPARE(action.startsWith(QStringLiteral("kv:"))
                     ? QStringLiteral("kv:") + again.kvPrecision()
                     : again.overhead(),
                 action);
    }

    // The settings file follows the display options wherever they change: the Compare window's
    // KV precision, the units, a session; a window that is not persistent writes nothing.
    void settingsFollowDisplayOptions()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("settings.ini"));
        Settings settings(ini);
        ConfigModel model;
        loadCatalogs(model);
        MainWindow window(&model, &settings);
        window.restoreSettings();
        QVERIFY(window.comparison()->setKvPrecision(QStringLiteral("fp8")));
        model.setUnits(ByteUnits::Binary);
        model.setOverhead(QStringLiteral("llama.cpp"));
        QCOMPARE(settings.kvPrecision(), QStringLiteral("fp8"));
        QVERIFY(settings.binaryUnits());
        QCOMPARE(settings.overhead(), QStringLiteral("llama.cpp"));
        QVERIFY(settings.displayOptions() == model.displayOptions());
        window.setPersistent(false);
        model.setOverhead(QStringLiteral("vllm"));
        QCOMPARE(settings.overhead(), QStringLiteral("llama.cpp"));
    }

    void unknownIdsAreIgnored()
    {
        ConfigModel model;
        loadCatalogs(model);
        model.setOverhead(QStringLiteral("no-such-runtime"));
        model.setKvPrecision(QStringLiteral("q4_k_m")); // a weight format, not a KV cache one
        QCOMPARE(model.overhead(), QStringLiteral("transformers"));
        QCOMPARE(model.kvPrecision(), QStringLiteral("fp16"));
    }
};

LLMSIZER_TEST_MAIN(TestUiRuntime)
#include "tst_ui_runtime.moc"
