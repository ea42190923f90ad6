// Pin as baseline in the main window (Model > Pin as baseline, Ctrl+B) on the offscreen platform:
// after doubling Llama 2 7B's layers the summary, the pie, the bars and the diagram show each
// figure against the pinned model, the bars with the baseline's totals as ghosts; the baseline
// follows the workload; Clear baseline takes every ratio away. Expected ratios by hand from the
// published shapes (Touvron et al. 2023, Table 1 and the released configs): 64 layers hold
// 6,738,415,616 + 32 · 202,383,360 = 13,214,683,136 parameters, ×1.96; attention, MLP and the KV
// cache double (×2), the embedding and head stay (×1).
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/charts/piechartwidget.h"
#include "ui/kit/figuregrid.h"
#include "ui/overview/memorypanel.h"
#include "ui/overview/summarypanel.h"

#include <QAction>
#include <QLabel>
#include <QTest>

using namespace llmsizer;
using namespace llmsizer::ui;
using Fixture = llmsizer::test::WindowFixture;

namespace {

QAction* action(QWidget* window, const QString& text)
{
    for (QAction* a : window->findChildren<QAction*>()) {
        if (a->text() == text) {
            return a;
        }
    }
    return nullptr;
}

QString sliceLabel(const PieChartWidget* pie, const QString& key)
{
    for (const PieChartWidget::SliceValue& v : pie->sliceValues()) {
        if (v.key == key) {
            return v.label;
        }
    }
    return {};
}

} // namespace

class TestUiBaseline : public QObject {
    Q_OBJECT
private slots:
    void pinDoubleAndClear();
    void followsTheWorkload();
};

void TestUiBaseline::pinDoubleAndClear()
{
    Fixture f(QStringLiteral("llama-2-7b"));
    QAction* pin = action(f.window.get(), QStringLiteral("&Pin as baseline"));
    QAction* clear = action(f.window.get(), QStringLiteral("C&lear baseline"));
    QVERIFY(pin != nullptr && clear != nullptr);
    QCOMPARE(pin->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_B));
    QVERIFY(!clear->isEnabled());
    SummaryPanel* summary = f.window->summaryPanel();
    QVERIFY(summary->baselineLine()->isHidden());

    pin->trigger();
    QVERIFY(f.model->hasBaseline());
    QVERIFY(clear->isEnabled());
    QVERIFY(!summary->baselineLine()->isHidden());
    QVERIFY(summary->baselineLine()->text().contains(QStringLiteral("Llama 2 7B")));
    // Against itself everything reads ×1.
    QVERIFY2(summary->figure(QStringLiteral("total")).endsWith(QStringLiteral("  ×1")),
             qPrintable(summary->figure(QStringLiteral("total"))));

    MemoryChartWidget* bars = f.window->memoryPanel()->chart();
    QList<double> before; // each bar's height before the edit
    for (qsizetype b = 0; b < bars->totalLabels().size(); ++b) {
        double sum = 0;
        for (const QString& key : bars->segmentKeys()) {
            sum += bars->value(key, static_cast<int>(b));
        }
        before.append(sum);
    }
    QVERIFY(f.model->setKnob(Knob::Layers, 64));
    QCOMPARE(f.model->count().total, std::uint64_t(13'214'683'136));
    QVERIFY2(summary->figure(QStringLiteral("total")).startsWith(QStringLiteral("13,214,683,136")),
             qPrintable(summary->figure(QStringLiteral("total"))));
    QVERIFY(summary->figure(QStringLiteral("total")).endsWith(QStringLiteral("  ×1.96")));
    QVERIFY(summary->figure(QStringLiteral("kv_token")).endsWith(QStringLiteral("  ×2")));
    const PieChartWidget* pie = f.window->pieChart();
    QVERIFY2(sliceLabel(pie, QStringLiteral("attention")).endsWith(QStringLiteral(" ×2")),
             qPrintable(sliceLabel(pie, QStringLiteral("attention"))));
    QVERIFY(sliceLabel(pie, QStringLiteral("mlp")).endsWith(QStringLiteral(" ×2")));
    QVERIFY(sliceLabel(pie, QStringLiteral("embedding")).endsWith(QStringLiteral(" ×1")));
    const QStringList totals = bars->totalLabels();
    QVERIFY(!totals.isEmpty());
    // Each total's last line: its ratio (FP16: 2 bytes per parameter dominate, about ×1.9).
    for (const QString& t : totals) {
        QVERIFY2(t.section(QLatin1Char('\n'), -1).startsWith(QStringLiteral("×1.")), qPrintable(t));
    }
    QVERIFY(bars->title().contains(QStringLiteral("dotted: the baseline")));
    // The ghosts stand where the bars stood before the edit.
    QCOMPARE(bars->ghostValues().size(), before.size());
    for (qsizetype b = 0; b < before.size(); ++b) {
        QVERIFY2(qAbs(bars->ghostValues()[b] - before[b]) < 1e-9 * before[b],
                 qPrintable(QString::number(bars->ghostValues()[b])));
    }
    QVERIFY(bars->axisMax() >= before.front());

    // A reset brings the pinned model back: ×1 again; Clear takes every ratio away.
    f.model->resetToBase();
    QVERIFY(summary->figure(QStringLiteral("total")).endsWith(QStringLiteral("  ×1")));
    clear->trigger();
    QVERIFY(!f.model->hasBaseline());
    QVERIFY(!clear->isEnabled());
    QVERIFY(summary->baselineLine()->isHidden());
    QVERIFY(!summary->figure(QStringLiteral("total")).contains(QStringLiteral("×")));
    QVERIFY(!sliceLabel(pie, QStringLiteral("attention")).contains(QStringLiteral("×")));
    for (const QString& t : bars->totalLabels()) { // "fits on 1× A100" stays, the ratio goes
        QVERIFY2(!t.section(QLatin1Char('\n'), -1).startsWith(QStringLiteral("×")), qPrintable(t));
    }
    QVERIFY(!bars->title().contains(QStringLiteral("baseline")));
    QVERIFY(bars->ghostValues().isEmpty());
}

// The baseline is evaluated at the workload shown: a longer context keeps the KV ratio at ×2
// for twice the layers, and another preset is set against the pinned one.
void TestUiBaseline::followsTheWorkload()
{
    Fixture f(QStringLiteral("llama-2-7b"));
    f.model->pinBaseline();
    QVERIFY(f.model->setKnob(Knob::Layers, 64));
    QVERIFY(f.model->setContext(2048));
    SummaryPanel* summary = f.window->summaryPanel();
    QVERIFY(summary->figure(QStringLiteral("kv_context")).endsWith(QStringLiteral("  ×2")));
    // Llama 2 13B (40 layers, d 5,120) against Llama 2 7B: 13,015,864,320 / 6,738,415,616.
    QVERIFY(f.model->selectPreset(QStringLiteral("llama-2-13b")));
    QVERIFY(f.model->hasBaseline());
    QVERIFY2(summary->figure(QStringLiteral("total")).endsWith(QStringLiteral("  ×1.93")),
             qPrintable(summary->figure(QStringLiteral("total"))));
}

LLMSIZER_TEST_MAIN(TestUiBaseline)
#include "tst_ui_baseline.moc"
