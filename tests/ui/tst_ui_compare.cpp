// The comparison view on the offscreen platform: the table shows exactly the core's comparison
// table (and the presets' published totals), differing rows and only those are highlighted, the
// charts show the core's counts and bytes, units follow the shared setting, and adding, removing
// and reordering models recompute once and refuse a fifth model.
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/present/compare_view.h"
#include "llmsizer/present/memory_view.h"
#include "llmsizer/present/table.h"
#include "support/compare_fixture.h"
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/charts/comparechartbars.h"
#include "ui/charts/comparechartpies.h"
#include "ui/compare/comparepanel.h"
#include "ui/compare/comparetablemodel.h"
#include "ui/compare/comparewindow.h"
#include "ui/hardware/hardwareview.h"
#include "ui/kit/palette.h"
#include "ui/kit/presentation.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/hardwaremodel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontMetricsF>
#include <QLocale>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace llmsizer;
using namespace llmsizer::ui;
using namespace llmsizer::test;

namespace {

std::uint64_t cellInteger(const CompareTableModel* view, const QString& key, int column)
{
    for (int r = 0; r < view->rowCount(); ++r) {
        const QModelIndex index = view->index(r, column);
        if (index.data(CompareTableModel::KeyRole).toString() == key) {
            return index.data(CompareTableModel::ExactRole).toString().toULongLong();
        }
    }
    return 0;
}

} // namespace

class TestUiCompare : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void tableEqualsCore_data();
    void tableEqualsCore();
    void fourModelExample();
    void chartsShowCoreFigures();
    void unitsFollowTheSetting();
    void contextChangesKvRows();
    void contextIsTheWorkloads();
    void kvPrecisionIsTheOverviews();
    void logAxisShowsTheSmallModel();
    void fourModelsFitAProjector();
    void textFitsItsCells();
    void fourModelsBesideTheCharts();
};

void TestUiCompare::initTestCase()
{
    QLocale::setDefault(QLocale::c());
}

void TestUiCompare::tableEqualsCore_data()
{
    QTest::addColumn<QStringList>("presets");
    QTest::newRow("Llama 3 70B, Llama 2 70B, Mixtral 8x22B, Qwen2.5 72B") << kFourCompared;
    QTest::newRow("GPT-2 small vs Llama 3 8B")
        << QStringList{QStringLiteral("gpt-2-small"), QStringLiteral("llama-3-8b")};
    QTest::newRow("one model: DeepSeek-V3") << QStringList{QStringLiteral("deepseek-v3")};
    QTest::newRow("same model twice: no row differs")
        << QStringList{QStringLiteral("mistral-7b"), QStringLiteral("mistral-7b")};
}

void TestUiCompare::tableEqualsCore()
{
    QFETCH(QStringList, presets);
    CompareFixture f(presets);
    QCOMPARE(f.comparison->size(), static_cast<int>(presets.size()));
    compareTable(f.panel->tableModel(), f.expectedTable());
    if (presets.size() == 2 && presets[0] == presets[1]) {
        for (int r = 0; r < f.panel->tableModel()->rowCount(); ++r) {
            QVERIFY(!f.panel->tableModel()->index(r, 0).data(Qt::BackgroundRole).isValid());
        }
    }
}

// The example teachers use: the totals are the presets' published counts (exact ones to the
// last parameter); shape rows
// that agree (every model has 8 KV heads of 128) are not highlighted, those that differ are.
void TestUiCompare::fourModelExample()
{
    CompareFixture f(kFourCompared);
    const CompareTableModel* view = f.panel->tableModel();
    for (int c = 0; c < kFourCompared.size(); ++c) {
        const Preset* p = f.model->findPreset(kFourCompared[c]);
        QVERIFY(p != nullptr);
        const std::uint64_t shown = cellInteger(view, QStringLiteral("total_params"), c);
        if (p->published.exact) {
            QCOMPARE(shown, p->published.total_params);
        } else { // Mixtral 8x22B: "141B" in the announcement, within one unit of the last digit
            const std::uint64_t published = p->published.total_params;
            QVERIFY(shown + p->published.tolerance >= published &&
                    shown <= published + p->published.tolerance);
        }
        QCOMPARE(cellInteger(view, QStringLiteral("total_params"), c),
                 countParameters(p->config).total);
    }
    QCOMPARE(cellInteger(view, QStringLiteral("total_params"), 0), 70553706496ULL);
    QCOMPARE(cellInteger(view, QStringLiteral("active_params"), 2), 39152031744ULL);
    auto differs = [view](const QString& key) {
        for (int r = 0; r < view->rowCount(); ++r) {
            if (view->index(r, 0).data(CompareTableModel::KeyRole).toString() == key) {
                return view->index(r, 0).data(CompareTableModel::DiffersRole).toBool();
            }
        }
        return false;
    };
    QVERIFY(!differs(QStringLiteral("n_kv_heads")));
    QVERIFY(!differs(QStringLiteral("head_dim")));
    QVERIFY(differs(QStringLiteral("d_model")));
    QVERIFY(differs(QStringLiteral("vocab_size")));
    QVERIFY(differs(QStringLiteral("total_params")));
    // Mixtral brings the expert rows; the dense models show 0 there.
    QCOMPARE(cellInteger(view, QStringLiteral("n_routed_experts"), 2), 8ULL);
    QCOMPARE(cellInteger(view, QStringLiteral("n_routed_experts"), 0), 0ULL);
}

void TestUiCompare::chartsShowCoreFigures()
{
    CompareFixture f(kFourCompared);
    const CompareChartBars* components = f.panel->componentsChart();
    QCOMPARE(components->categories(),
             (QStringList{QStringLiteral("Llama 3 70B"), QStringLiteral("Llama 2 70B"),
                          QStringLiteral("Mixtral 8x22B"), QStringLiteral("Qwen2.5 72B")}));
    QVERIFY(components->chartTitle().contains(QStringLiteral("billions")));
    // Each bar is the core's slice count in billions; absent slices are 0.
    const QStringList keys = components->seriesKeys();
    QVERIFY(keys.contains(QStringLiteral("experts")));
    QVERIFY(keys.contains(QStringLiteral("attention")));
    // The legend names every series in full (Qt's own legend elided them to "Route…"), each
    // kept on one line (non-breaking spaces inside a name).
    const QString legend = components->legendText();
    for (const QString& name :
         {QStringLiteral("Token&nbsp;embedding"), QStringLiteral("Routed&nbsp;experts"),
          QStringLiteral("LM&nbsp;head")}) {
        QVERIFY2(legend.contains(name), qPrintable(legend));
    }
    for (int m = 0; m < kFourCompared.size(); ++m) {
        const std::vector<Slice> slices =
            pieSlices(countParameters(f.model->findPreset(kFourCompared[m])->config));
        for (int s = 0; s < keys.size(); ++s) {
            double expected = 0;
            for (const Slice& slice : slices) {
                if (QString::fromStdString(slice.key) == keys[s]) {
                    expected = static_cast<double>(slice.params) / 1e9;
                }
            }
            QCOMPARE(components->value(s, m), expected);
            QCOMPARE(components->seriesColor(s), componentColor(keys[s], false));
        }
        // The pies: one per model, the core's slices in order.
        QCOMPARE(f.panel->pies()->pieCount(), kFourCompared.size());
        QCOMPARE(static_cast<std::size_t>(f.panel->pies()->sliceValues(m).size()), slices.size());
        for (std::size_t s = 0; s < slices.size(); ++s) {
            QCOMPARE(f.panel->pies()->sliceKeys(m)[static_cast<qsizetype>(s)],
                     QString::fromStdString(slices[s].key));
            QCOMPARE(f.panel->pies()->sliceValues(m)[static_cast<qsizetype>(s)],
                     static_cast<double>(slices[s].params));
        }
    }
    // Memory: weights per precision, read from the table's bytes.
    const CompareChartBars* memory = f.panel->memoryChart();
    const ComparisonTable table = f.expectedTable();
    const QStringList memoryKeys = memory->seriesKeys();
    QCOMPARE(memoryKeys.size(), 4);
    for (int s = 0; s < memoryKeys.size(); ++s) {
        const TableRow* row = table.row(memoryKeys[s].toStdString());
        QVERIFY2(row != nullptr, qPrintable(memoryKeys[s]));
        for (int m = 0; m < kFourCompared.size(); ++m) {
            QCOMPARE(
                memory->value(s, m),
                bytesInUnit(row->cells[static_cast<std::size_t>(m)].integer, ByteUnits::Decimal));
        }
    }
    QVERIFY(memory->axisMax() >= memory->value(0, 2)); // FP32 Mixtral, the tallest bar
}

void TestUiCompare::unitsFollowTheSetting()
{
    CompareFixture f(kFourCompared);
    QSignalSpy changed(f.comparison.get(), &ComparisonModel::changed);
    f.model->setUnits(ByteUnits::Binary);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(f.comparison->units(), ByteUnits::Binary);
    compareTable(f.panel->tableModel(), f.expectedTable());
    QVERIFY(f.panel->memoryChart()->chartTitle().contains(QStringLiteral("GiB")));
    const ComparisonTable table = f.expectedTable();
    QCOMPARE(f.panel->memoryChart()->value(1, 0),
             bytesInUnit(table.row("weights.bf16")->cells[0].integer, ByteUnits::Binary));
    // A change the comparison does not show (the batch) does not recompute it.
    QVERIFY(f.model->setBatch(4));
    QCOMPARE(changed.size(), 1);
    // The panel's own units box writes the shared setting.
    QComboBox* units = f.panel->findChild<QComboBox*>(QStringLiteral("units"));
    QVERIFY(units != nullptr);
    units->setCurrentIndex(0);
    emit units->activated(0);
    QCOMPARE(f.model->units(), ByteUnits::Decimal);
    QCOMPARE(f.comparison->units(), ByteUnits::Decimal);
}

void TestUiCompare::contextChangesKvRows()
{
    CompareFixture f(kFourCompared);
    QComboBox* context = f.panel->contextBox();
    const int index = context->findData(QVariant::fromValue<qulonglong>(32768));
    QVERIFY(index >= 0);
    context->setCurrentIndex(index);
    emit context->activated(index);
    QCOMPARE(f.comparison->context(), std::uint64_t{32768});
    compareTable(f.panel->tableModel(), f.expectedTable());
    // Counted at 32,768 tokens, or at the model's own context when that is shorter.
    const ModelConfig& first = f.model->findPreset(kFourCompared[0])->config;
    const std::uint64_t at = std::min<std::uint64_t>(32768, first.context_length);
    const std::uint64_t kv = kvCache(first, at, 1, kvPrecisionById("fp16")).bytes;
    QCOMPARE(cellInteger(f.panel->tableModel(), QStringLiteral("kv_at_context"), 0), kv);
    // 0 = each model's own context length.
    f.comparison->setContext(0);
    compareTable(f.panel->tableModel(), f.expectedTable());
    QVERIFY(f.comparison->setKvPrecision(QStringLiteral("fp8")));
    compareTable(f.panel->tableModel(), f.expectedTable());
    QVERIFY(!f.comparison->setKvPrecision(QStringLiteral("fp7")));
    QCOMPARE(f.comparison->kvPrecision(), QStringLiteral("fp8"));
}

// One context for every view: the comparison's is the workload's. Llama 3 8B's KV cache per
// token at FP16: K and V × 32 layers × 8 KV heads × 128 dimensions × 2 bytes = 131,072 bytes.
void TestUiCompare::contextIsTheWorkloads()
{
    CompareFixture f({QStringLiteral("llama-3-8b")});
    QComboBox* box = f.panel->contextBox();
    const int fixed = box->count();
    QVERIFY(f.model->setContext(1000));
    QCOMPARE(f.comparison->context(), std::uint64_t{1000});
    QCOMPARE(cellInteger(f.panel->tableModel(), QStringLiteral("kv_at_context"), 0),
             std::uint64_t{131072} * 1000);
    // A context none of the fixed choices names is one more item, replaced as the context moves.
    QCOMPARE(box->count(), fixed + 1);
    QCOMPARE(box->currentText(), QStringLiteral("1,000 tokens"));
    QVERIFY(f.model->setContext(1001));
    QCOMPARE(box->count(), fixed + 1);
    QCOMPARE(box->currentText(), QStringLiteral("1,001 tokens"));
    QCOMPARE(cellInteger(f.panel->tableModel(), QStringLiteral("kv_at_context"), 0),
             std::uint64_t{131072} * 1001);
    // Choosing in the comparison sets the workload's context.
    const int index = box->findData(QVariant::fromValue<qulonglong>(4096));
    box->setCurrentIndex(index);
    emit box->activated(index);
    QCOMPARE(f.model->context(), std::uint64_t{4096});
    QCOMPARE(box->count(), fixed);
    QCOMPARE(cellInteger(f.panel->tableModel(), QStringLiteral("kv_at_context"), 0),
             std::uint64_t{131072} * 4096);
    // Each model's own (8,192 for Llama 3 8B) is not moved by the workload.
    QVERIFY(f.comparison->setContext(0));
    QVERIFY(f.model->setContext(2048));
    QCOMPARE(f.comparison->context(), std::uint64_t{0});
    QCOMPARE(cellInteger(f.panel->tableModel(), QStringLiteral("kv_at_context"), 0),
             std::uint64_t{131072} * 8192);
    QCOMPARE(f.model->context(), std::uint64_t{2048});
}

// One KV precision for the Overview and the comparison (DisplayOptions): choosing it in either
// changes both, and the comparison's KV rows follow. Llama 3 70B at 8,192 tokens: K and V × 80
// layers × 8 KV heads × 128 dimensions × 8,192 tokens = 1,342,177,280 values, 1 byte each at FP8.
void TestUiCompare::kvPrecisionIsTheOverviews()
{
    CompareFixture f({QStringLiteral("llama-3-70b")});
    f.comparison->setContext(8192);
    QVERIFY(f.comparison->setKvPrecision(QStringLiteral("fp8")));
    QCOMPARE(f.model->kvPrecision(), QStringLiteral("fp8"));
    QCOMPARE(cellInteger(f.panel->tableModel(), QStringLiteral("kv_at_context"), 0),
             std::uint64_t{1342177280});
    QSignalSpy changed(f.comparison.get(), &ComparisonModel::changed);
    QVERIFY(f.model->setKvPrecision(QStringLiteral("fp32")));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(f.comparison->kvPrecision(), QStringLiteral("fp32"));
    QCOMPARE(cellInteger(f.panel->tableModel(), QStringLiteral("kv_at_context"), 0),
             std::uint64_t{4} * 1342177280);
    // An option the comparison does not show (the overhead profile) recomputes nothing there.
    f.model->setOverhead(QStringLiteral("vllm"));
    QCOMPARE(changed.size(), 1);
}

// GPT-2 small beside DeepSeek-V3: on the linear axis its tallest bar (the token embedding,
// 50,257 × 768 = 38,597,376 = 0.0386 billion) is 0.006 % of the axis; its "Log axis" box turns
// the axis logarithmic, from 10⁻⁵ (GPT-2 small's norms: 38,400) to 10³ (DeepSeek-V3's routed
// experts: 653.9 billion), and back.
void TestUiCompare::logAxisShowsTheSmallModel()
{
    CompareFixture f({QStringLiteral("gpt-2-small"), QStringLiteral("deepseek-v3")});
    CompareChartBars* components = f.panel->componentsChart();
    QVERIFY(!components->logScale());
    QCOMPARE(components->axisMin(), 0.0);
    components->logBox()->click();
    QVERIFY(components->logScale());
    QVERIFY2(qFuzzyCompare(components->axisMin(), 1e-5),
             qPrintable(QString::number(components->axisMin())));
    QVERIFY2(qFuzzyCompare(components->axisMax(), 1e3),
             qPrintable(QString::number(components->axisMax())));
    // On the log axis the embedding's bar reaches 0.0386 billion: log10 of it is −1.41, so the
    // bar covers (−1.41 + 5) / 8 = 45 % of the axis' height.
    const QStringList keys = components->seriesKeys();
    const int embedding = static_cast<int>(keys.indexOf(QStringLiteral("embedding")));
    QVERIFY(embedding >= 0);
    QCOMPARE(components->value(embedding, 0), 0.038597376);
    const QString grab = qEnvironmentVariable("LLMSIZER_GRAB_DIR");
    if (!grab.isEmpty()) {
        f.panel->resize(1240, 760);
        f.panel->showCharts();
        QApplication::processEvents();
        f.panel->grab().save(grab + QStringLiteral("/compare-log.png"));
    }
    components->logBox()->click();
    QVERIFY(!components->logScale());
    QCOMPARE(components->axisMin(), 0.0);
}

// Four models side by side fit a 1280×800 projector, whose window manager leaves about 1240×760
// (with four models the window was 8 px wider than the screen): normal and presentation mode.
void TestUiCompare::fourModelsFitAProjector()
{
    CompareFixture f(kFourCompared);
    for (const bool presentation : {false, true}) {
        Presentation::instance()->setOn(presentation);
        QApplication::processEvents();
        const QSize min = f.panel->minimumSizeHint().expandedTo(f.panel->minimumSize());
        QVERIFY2(min.width() <= 1240 && min.height() <= 760,
                 qPrintable(
                     QStringLiteral("%1×%2%3")
                         .arg(min.width())
                         .arg(min.height())
                         .arg(presentation ? QStringLiteral(" in presentation mode") : QString())));
    }
    Presentation::instance()->setOn(false);
}

// Rows as tall as their text and columns as wide, in either mode and after switching (the table
// sizes them itself, from the fonts of the moment).
void TestUiCompare::textFitsItsCells()
{
    CompareFixture f(kFourCompared);
    QTableView* view = f.panel->table();
    const CompareTableModel* table = f.panel->tableModel();
    for (const auto& [presentation, size] : {std::pair{true, QSize(1920, 1000)},
                                             {false, QSize(1920, 1000)},
                                             {true, QSize(1240, 760)},
                                             {false, QSize(1240, 760)}}) {
        Presentation::instance()->setOn(presentation);
        f.panel->resize(size);
        QApplication::processEvents();
        const QFontMetricsF metrics(view->font());
        const QString mode = (presentation ? QStringLiteral(" in presentation mode") : QString()) +
                             QStringLiteral(" at %1 px").arg(size.width());
        for (int r = 0; r < table->rowCount(); ++r) {
            QVERIFY2(view->rowHeight(r) >= metrics.height(),
                     qPrintable(QStringLiteral("row %1%2").arg(r).arg(mode)));
            for (int c = 0; c < table->columnCount(); ++c) {
                const QString text = table->index(r, c).data().toString();
                QVERIFY2(view->columnWidth(c) >= metrics.horizontalAdvance(text),
                         qPrintable(text + mode));
            }
        }
    }
    Presentation::instance()->setOn(false);
}

// Four models beside the charts in a 1920 × 1080 screen's window: every column in view (at 55 %
// of the width the fourth scrolled off, the row labels being long).
void TestUiCompare::fourModelsBesideTheCharts()
{
    test::WindowFixture f(QStringLiteral("llama-2-7b"));
    // The rows of My hardware's machine too, whose labels are the table's longest ("Runs on 8 ×
    // NVIDIA H100 SXM5 80GB (FP16, vLLM)").
    HardwareChoice machine;
    machine.gpu = QStringLiteral("h100-sxm-80gb");
    machine.gpus = 8;
    machine.runtime = QStringLiteral("vllm");
    f.window->hardwareView()->model()->setChoice(machine);
    for (const char* id : {"llama-2-7b", "deepseek-v3", "gpt-2-small", "kimi-k2"}) {
        QVERIFY(f.window->comparison()->addPreset(QString::fromLatin1(id)).isEmpty());
    }
    CompareWindow* compare = f.window->compareWindow();
    compare->resize(1880, 1040);
    compare->present();
    QVERIFY(QTest::qWaitForWindowExposed(compare));
    QTest::qWait(200);
    QTableView* table = compare->findChild<QTableView*>();
    QVERIFY(table != nullptr);
    QTRY_VERIFY(table->model()->rowCount() > 30);
    QTest::qWait(200);
    QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
    compare->close();
}

LLMSIZER_TEST_MAIN(TestUiCompare)
#include "tst_ui_compare.moc"
