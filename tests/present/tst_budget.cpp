// The Compute budget view's evaluation (present/budget.h): its fields as typed in, the grid's
// candidates, the summary and the chart out. Expected values are hand calculations of the sizing
// chapter's family: MHA, a 4·d MLP, vocab 32,000, tied embeddings, LayerNorm with bias, so
// N(d, L) = 32,000·d + L·(12·d² + 4·d) + 2·d, and a candidate at 20 tokens per parameter needs
// 6·N·20·N = 120·N² FLOPs.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/present/budget.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

class TestBudget : public QObject {
    Q_OBJECT
private slots:
    void chapterExercise();
    void smallBudget();
    void badFieldsAreMessages_data();
    void badFieldsAreMessages();
    void rankedColumn();
    void currentFamily();
};

// 1e24 FLOPs: the whole 6 × 5 grid fits (its largest, d 5,120 × 40 layers, needs
// 120 · 12,747,581,440² ≈ 1.95e22); "rank by estimated quality" puts the largest first.
void TestBudget::chapterExercise()
{
    const BudgetSnapshot s = evaluate(BudgetQuestion{});
    QVERIFY(s.ok);
    QVERIFY(s.error.empty());
    QCOMPARE(s.result.candidates.size(), std::size_t(30));
    // 32,000·5,120 + 40·(12·5,120² + 4·5,120) + 2·5,120.
    QCOMPARE(s.result.candidates.front().params, std::uint64_t(12'747'581'440));
    QCOMPARE(s.result.candidates.front().d_model, std::uint64_t(5120));
    QCOMPARE(s.result.candidates.front().n_layers, std::uint64_t(40));
    QCOMPARE(s.summary, std::string("30 configurations fit in 1.00e24 FLOP; 0 need more."));
    QCOMPARE(s.chart.fits.size(), std::size_t(30));
    QVERIFY(s.chart.over.empty());
    QCOMPARE(s.ranked, BudgetColumn::Quality);
}

// 1e20 FLOPs: N ≤ sqrt(1e20 / 120) ≈ 912.9M, which four grid points meet: d 2,048 at 8, 12 and 16
// layers (468,258,816; 669,618,176; 870,977,536) and d 2,560 at 8 (711,152,640).
void TestBudget::smallBudget()
{
    BudgetQuestion q;
    q.budget = "1e20";
    const BudgetSnapshot s = evaluate(q);
    QVERIFY(s.ok);
    QCOMPARE(s.result.candidates.size(), std::size_t(4));
    QCOMPARE(s.result.over_budget, std::uint64_t(26));
    QCOMPARE(s.result.candidates.front().params, std::uint64_t(870'977'536));
    QCOMPARE(s.result.candidates.back().params, std::uint64_t(468'258'816));
    QCOMPARE(s.summary, std::string("4 configurations fit in 1.00e20 FLOP; 26 need more."));
    QCOMPARE(s.chart.over.size(), std::size_t(26));
    // The sizing chapter's own sort key (quality per budget used) puts the smallest first.
    q.ranking = "efficiency";
    QCOMPARE(evaluate(q).result.candidates.front().params, std::uint64_t(468'258'816));
}

void TestBudget::badFieldsAreMessages_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("a budget that is no number")
        << "budget"
        << "lots"
        << "budget: 'lots' is not a number (write e.g. 1e24)";
    QTest::newRow("an empty layer list") << "layers"
                                         << ""
                                         << "layers:";
    QTest::newRow("a width that is no number") << "d_model"
                                               << "2048, wide"
                                               << "d_model:";
    QTest::newRow("an unknown ranking") << "ranking"
                                        << "best"
                                        << "best";
}

// A field that cannot be read is the snapshot's message, never an exception, and no table.
void TestBudget::badFieldsAreMessages()
{
    QFETCH(QString, field);
    QFETCH(QString, text);
    QFETCH(QString, message);
    BudgetQuestion q;
    const std::string t = text.toStdString();
    if (field == QLatin1String("budget")) {
        q.budget = t;
    } else if (field == QLatin1String("layers")) {
        q.layers = t;
    } else if (field == QLatin1String("d_model")) {
        q.d_models = t;
    } else {
        q.ranking = t;
    }
    const BudgetSnapshot s = evaluate(q);
    QVERIFY(!s.ok);
    QVERIFY2(QString::fromStdString(s.error).contains(message), s.error.c_str());
    QVERIFY(s.result.candidates.empty());
}

void TestBudget::rankedColumn()
{
    QCOMPARE(budgetRankedColumn("quality"), BudgetColumn::Quality);
    QCOMPARE(budgetRankedColumn("efficiency"), BudgetColumn::Efficiency);
    QCOMPARE(budgetRankedColumn("loss"), BudgetColumn::Loss);
    QCOMPARE(budgetRankedColumn("loss-budget"), BudgetColumn::LossFullBudget);
    QCOMPARE(defaultBudgetLayers(), std::string("8, 12, 16, 24, 32, 40"));
    QCOMPARE(defaultBudgetWidths(), std::string("2048, 2560, 3072, 4096, 5120"));
}

// The current model's family: Llama 3 8B's vocabulary (128,256), 8 KV heads per 32 query heads
// (4 queries per KV head) and head_dim 128 in every candidate.
void TestBudget::currentFamily()
{
    BudgetQuestion q;
    q.current_family = true;
    q.current = loadPresetFile(std::string(LLMSIZER_TEST_PRESETS_DIR) + "/llama-3-8b.json").config;
    const BudgetSnapshot s = evaluate(q);
    QVERIFY(s.ok);
    QVERIFY(!s.result.candidates.empty());
    QCOMPARE(s.options.base.vocab_size, std::uint64_t(128'256));
    QCOMPARE(s.options.head_dim, std::uint64_t(128));
    for (const BudgetCandidate& c : s.result.candidates) {
        QCOMPARE(c.d_model / c.n_heads, std::uint64_t(128));
        QCOMPARE(c.n_heads / c.n_kv_heads, std::uint64_t(4));
    }
}

LLMSIZER_TEST_GUILESS_MAIN(TestBudget)
#include "tst_budget.moc"
