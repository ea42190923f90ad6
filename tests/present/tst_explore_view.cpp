// The explorer's view support in the core: slider tables stay inside the family and around the
// base, distances and their texts are exact, the budget table's cells are the search's values,
// the fit answer names the best and the next step, and sources split into links.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/compute/budget.h"
#include "llmsizer/model/count.h"
#include "llmsizer/present/budget_chart.h"
#include "llmsizer/present/explore_tables.h"
#include "llmsizer/present/explore_view.h"
#include "llmsizer/shape/fit.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QTest>
#include <algorithm>
#include <cmath>

using namespace llmsizer;

namespace {

ModelConfig preset(const std::string& id)
{
    for (const Preset& p : loadPresetDir(defaultPresetDir())) {
        if (p.id == id) {
            return p.config;
        }
    }
    throw std::runtime_error("no preset " + id);
}

IsoSolution distance(std::uint64_t total, std::uint64_t target)
{
    IsoSolution s;
    s.total = total;
    s.target = target;
    s.above = total > target;
    s.abs_error = s.above ? total - target : target - total;
    return s;
}

} // namespace

class TestExploreView : public QObject {
    Q_OBJECT
private slots:
    void rangeAroundTheBase();
    void widthStepsCoverTheRange();
    void errorTexts_data();
    void errorTexts();
    void metricRowsAreRatiosOfTheMetrics();
    void niceRanges();
    void steadyRanges();
    void budgetCells();
    void budgetChartMarks();
    void parsing();
    void fitLinesNameBestAndNext();
    void fitAgreesWithFit();
    void sourceLinks();
};

void TestExploreView::rangeAroundTheBase()
{
    const ModelConfig llama = preset("llama-2-7b");
    const IsoRange r = isoRange(llama, 32);
    QCOMPARE(r.layers_from, std::uint64_t{8});
    QCOMPARE(r.layers_to, std::uint64_t{128});
    QCOMPARE(r.step, std::uint64_t{2}); // 120 layers in at most 80 points
    QCOMPARE(isoLayerSteps(r).size(), std::size_t{121});
    // The current value widens the range.
    const IsoRange wide = isoRange(llama, 200);
    QCOMPARE(wide.layers_to, std::uint64_t{200});
    const IsoRange gpt = isoRange(preset("gpt-2-small"), 12);
    QCOMPARE(gpt.layers_from, std::uint64_t{3});
    QCOMPARE(gpt.layers_to, std::uint64_t{48});
    QCOMPARE(gpt.step, std::uint64_t{1});
    // MoE with dense first layers: never at or below them.
    ModelConfig v3 = preset("deepseek-v3");
    QVERIFY(isoRange(v3, 1).layers_from > v3.moe.first_dense_layers);
}

void TestExploreView::widthStepsCoverTheRange()
{
    const ModelConfig llama = preset("llama-2-7b");
    const std::uint64_t target = countParameters(llama).total;
    const IsoRange r = isoRange(llama, 32);
    const std::vector<std::uint64_t> steps = isoWidthSteps(llama, target, r, {}, 4096);
    QVERIFY(std::is_sorted(steps.begin(), steps.end()));
    QCOMPARE(steps.front(), solveWidth(llama, target, r.layers_to).config.d_model);
    QCOMPARE(steps.back(), solveWidth(llama, target, r.layers_from).config.d_model);
    QVERIFY(std::binary_search(steps.begin(), steps.end(), std::uint64_t{4096}));
    for (std::size_t i = 1; i < steps.size(); ++i) {
        QCOMPARE(steps[i] - steps[i - 1], std::uint64_t{128});
    }
    // Every width solves back to a depth inside the range.
    for (const std::uint64_t d : {steps.front(), steps.back()}) {
        const std::uint64_t L = solveDepth(llama, target, d).config.n_layers;
        QVERIFY(L >= r.layers_from - 1 && L <= r.layers_to + 1);
    }
}

void TestExploreView::errorTexts_data()
{
    QTest::addColumn<qulonglong>("total");
    QTest::addColumn<qulonglong>("target");
    QTest::addColumn<QString>("text");
    QTest::newRow("exact") << 100ull << 100ull << QStringLiteral("0 (0%)");
    QTest::newRow("above, percent")
        << 6'889'772'672ull << 6'738'415'616ull << QStringLiteral("+151,357,056 (+2.25%)");
    QTest::newRow("below: a real minus sign")
        << 6'633'745'664ull << 6'738'415'616ull << QStringLiteral("−104,669,952 (−1.55%)");
    QTest::newRow("tiny: never 0.00%")
        << 6'738'929'280ull << 6'738'415'616ull << QStringLiteral("+513,664 (+0.0076%)");
    QTest::newRow("one in a billion")
        << 1'000'000'001ull << 1'000'000'000ull << QStringLiteral("+1 (+0.00000010%)");
}

void TestExploreView::errorTexts()
{
    QFETCH(qulonglong, total);
    QFETCH(qulonglong, target);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(isoErrorText(distance(total, target))), text);
}

void TestExploreView::metricRowsAreRatiosOfTheMetrics()
{
    const ModelConfig llama = preset("llama-2-7b");
    ModelConfig deeper = llama;
    deeper.n_layers = 64;
    const ShapeMetrics a = shapeMetrics(deeper, 4096);
    const ShapeMetrics b = shapeMetrics(llama, 4096);
    const std::vector<IsoMetricRow> rows = isoMetricRows(a, b);
    QCOMPARE(rows.size(), std::size_t{5});
    QCOMPARE(rows[1].key, std::string("kv"));
    QCOMPARE(rows[1].ratio, std::string("×2"));
    QCOMPARE(rows[1].value, std::string("1.05 MB"));
    QCOMPARE(rows[3].value, std::string("64.0"));
    QCOMPARE(rows[3].ratio_value, 0.5);
    // Training activations, labelled so, with the batch and sequence they assume (they sit
    // beside the Overview's inference activations). Korthikanti eq. 1 for Llama 2 7B at
    // s = 4,096, h = 4,096, a = 32, L = 32: 32·(34·4,096·4,096 + 5·32·4,096²) = 32·(570,425,344
    // + 2,684,354,560) = 104,152,956,928 bytes = 104.15 GB; twice the layers, twice that.
    QCOMPARE(rows[2].label, std::string("Training activations (batch 1 × 4,096 tokens)"));
    QCOMPARE(rows[2].reference, std::string("104.15 GB"));
    QCOMPARE(rows[2].value, std::string("208.31 GB"));
    QVERIFY(rows[2].note.find("backward pass") != std::string::npos);
    const auto curve = isoCurve(llama, countParameters(llama).total, 16, 64, 16, {}, 4096);
    const auto series = isoMetricSeries(curve, b);
    QCOMPARE(series.size(), std::size_t{4});
    QCOMPARE(series[0].layers, (std::vector<double>{16, 32, 48, 64}));
    QCOMPARE(series[1].ratio[1], 1.0);                // 32 layers is the base itself
    QVERIFY(series[1].ratio[3] > series[1].ratio[0]); // deeper, more KV per token
}

void TestExploreView::niceRanges()
{
    const AxisRange r = niceRange(3, 48, false, 8);
    QCOMPARE(r.min, 0.0);
    QCOMPARE(r.max, 50.0);
    QCOMPARE(r.ticks, 6);
    const AxisRange w = niceRange(2944, 5760, false, 6);
    QCOMPARE(w.min, 2000.0); // 2,816 over at most 5 intervals: steps of 1,000
    QCOMPARE(w.max, 6000.0);
    QCOMPARE(w.ticks, 5);
    const AxisRange z = niceRange(0.4, 1.9, true, 6);
    QCOMPARE(z.min, 0.0);
    QCOMPARE(z.max, 2.0);
    const AxisRange flat = niceRange(7, 7);
    QVERIFY(flat.max > flat.min);
}

void TestExploreView::steadyRanges()
{
    // An axis from 2,000 to 6,000 in steps of 1,000 (5 ticks).
    const AxisRange shown{2000, 6000, 5};
    // Data 2,944 … 5,760 span 2,816, over half of 4,000: kept.
    AxisRange r = steadyRange(shown, 2944, 5760);
    QCOMPARE(r.min, 2000.0);
    QCOMPARE(r.max, 6000.0);
    QCOMPARE(r.ticks, 5);
    // Data 3,000 … 4,900 span 1,900, under half of 4,000: a nice range of their own (steps of
    // 500 over at most 5 intervals: 3,000 … 5,000).
    r = steadyRange(shown, 3000, 4900);
    QCOMPARE(r.min, 3000.0);
    QCOMPARE(r.max, 5000.0);
    QCOMPARE(r.ticks, 5);
    // Data beyond the axis (6,100): the nice range of the data, 2,000 … 7,000.
    r = steadyRange(shown, 2944, 6100);
    QCOMPARE(r.min, 2000.0);
    QCOMPARE(r.max, 7000.0);
    // Fewer ticks allowed than shown (a narrower plot): the data's nice range again, 3 ticks at
    // most: steps of 2,000 from 2,000 to 6,000.
    r = steadyRange(shown, 2944, 5760, false, 3);
    QCOMPARE(r.min, 2000.0);
    QCOMPARE(r.max, 6000.0);
    QCOMPARE(r.ticks, 3);
    // From zero: 0 … 2.5 holds ratios up to 1.9 (0 … 1.9 is over half of 2.5).
    r = steadyRange(AxisRange{0, 2.5, 6}, 0.4, 1.9, true);
    QCOMPARE(r.max, 2.5);
    // Up to 1.1 only: 0 … 2.5 is more than twice that. 1.1 over at most 5 intervals is 0.22: steps
    // of 0.25, 0 … 1.25, 6 ticks.
    r = steadyRange(AxisRange{0, 2.5, 6}, 0.4, 1.1, true);
    QCOMPARE(r.min, 0.0);
    QCOMPARE(r.max, 1.25);
    QCOMPARE(r.ticks, 6);
}

void TestExploreView::budgetCells()
{
    const BudgetSearchResult r = searchBudget();
    QCOMPARE(r.candidates.size(), std::size_t{30});
    const BudgetCandidate& best = r.candidates.front();
    QCOMPARE(budgetCellText(best, BudgetColumn::Rank, 1), std::string("1"));
    QCOMPARE(budgetCellText(best, BudgetColumn::Layers, 1), std::string("8"));
    QCOMPARE(budgetCellText(best, BudgetColumn::DModel, 1), std::string("2,048"));
    QCOMPARE(budgetCellText(best, BudgetColumn::Params, 1), std::string("468,258,816"));
    QCOMPARE(budgetCellValue(best, BudgetColumn::Params, 1), 468258816.0);
    QCOMPARE(budgetCellValue(best, BudgetColumn::Efficiency, 1), best.efficiency);
    QCOMPARE(budgetCellText(best, BudgetColumn::Tokens, 1), std::string("9.37e9"));
    QCOMPARE(scientificText(1e24), std::string("1.00e24"));
    QCOMPARE(scientificText(9.999e23), std::string("1.00e24"));
    QCOMPARE(budgetColumnTitle(BudgetColumn::Flops), std::string("FLOPs (6·N·D)"));
    QCOMPARE(budgetSummary(r, {}),
             std::string("30 configurations fit in 1.00e24 FLOP; 0 need more."));
}

void TestExploreView::parsing()
{
    QCOMPARE(parseQuantity(" 1e24 ", "budget"), 1e24);
    QCOMPARE(parseQuantity("", "tokens"), 0.0);
    QCOMPARE(parseQuantity("3.5e12", "tokens"), 3.5e12);
    try {
        parseQuantity("lots", "budget");
        QFAIL("no error");
    } catch (const InputError& e) {
        QCOMPARE(std::string(e.what()),
                 std::string("budget: 'lots' is not a number (write e.g. 1e24)"));
    }
    QVERIFY_THROWS_EXCEPTION(InputError, parseQuantity("-1", "budget"));
    QVERIFY_THROWS_EXCEPTION(InputError, parseQuantity("1e999", "budget"));
    QCOMPARE(parseCountList("8, 12 16,24", "layers"), (std::vector<std::uint64_t>{8, 12, 16, 24}));
    QCOMPARE(countListText({8, 12, 16}), std::string("8, 12, 16"));
    QVERIFY_THROWS_EXCEPTION(InputError, parseCountList("8, x", "layers"));
    QVERIFY_THROWS_EXCEPTION(InputError, parseCountList("0", "layers"));
    QVERIFY_THROWS_EXCEPTION(InputError, parseCountList(" , ", "layers"));
    QVERIFY_THROWS_EXCEPTION(InputError, parseCountList("99999999999999999999", "layers"));
    // A grid is at most 64 x 64 points: a pasted list of 2,000 froze the app (8 s, 944 MB).
    std::string list;
    for (int i = 1; i <= 2000; ++i) {
        list += std::to_string(i) + (i < 2000 ? ", " : "");
    }
    try {
        (void)parseCountList(list, "d_model");
        QFAIL("2,000 values were accepted");
    } catch (const InputError& e) {
        QCOMPARE(std::string(e.what()), std::string("d_model: lists 2,000 values; at most 64 are "
                                                    "searched"));
    }
    QCOMPARE(parseCountList(list.substr(0, list.find(", 65,")), "d_model").size(), std::size_t(64));
}

void TestExploreView::fitLinesNameBestAndNext()
{
    const ModelConfig llama = preset("llama-2-7b");
    const GpuCatalog catalog = GpuCatalog::loadBuiltin();
    const GpuSpec& gpu = catalog.at("rtx-4090-24gb");
    QCOMPARE(gpuLabel(gpu).substr(gpuLabel(gpu).size() - 8), std::string("(24 GiB)"));
    const FitBudget budget = fitBudgetFor(gpu, 1, "int8", "fp16", 0, 1);
    QCOMPARE(budget.budget_bytes, gpu.usableBytes());
    QCOMPARE(budget.weight_bpw, (BitsPerWeight{8, 1}));
    // Per-GPU mode: each device's usable bytes against the most loaded device's need.
    QCOMPARE(fitBudgetFor(gpu, 2, "int4", "fp16", 0, 1).budget_bytes, gpu.usableBytes());
    QCOMPARE(fitBudgetFor(gpu, 2, "int4", "fp16", 0, 1).gpus, std::uint64_t{2});
    QVERIFY_THROWS_EXCEPTION(InputError, fitBudgetFor(gpu, 1, "int3", "fp16", 0, 1));
    const FitResult r = largestThatFits(llama, budget);
    QVERIFY(r.found && r.has_next);
    const std::vector<FitLine> lines = fitLines(r, budget);
    QCOMPARE(lines.front().key, std::string("best"));
    QCOMPARE(lines.front().value, countWithShort(r.best.params) + " parameters");
    QCOMPARE(lines[1].value, shapeText(r.best.config));
    const auto next =
        std::find_if(lines.begin(), lines.end(), [](const FitLine& l) { return l.key == "next"; });
    QVERIFY(next != lines.end());
    QVERIFY(next->value.find(countWithShort(r.next.params)) == 0);
    FitBudget tiny = budget;
    tiny.budget_bytes = 1000;
    const std::vector<FitLine> none = fitLines(largestThatFits(llama, tiny), tiny);
    QCOMPARE(none.size(), std::size_t{1});
    QCOMPARE(none[0].key, std::string("none"));
}

// Largest that fits answers with fit's model: the answer fits by fitInference on the same GPUs and
// workload, the next step up does not, on one GPU and split over two.
void TestExploreView::fitAgreesWithFit()
{
    const ModelConfig llama = preset("llama-3-8b");
    const GpuCatalog catalog = GpuCatalog::loadBuiltin();
    const GpuSpec& gpu = catalog.at("rtx-4090-24gb");
    InferenceParams params;
    params.weights = precisionById("int8");
    params.context = 8192;
    params.overhead = overheadProfileById("transformers");
    for (const std::uint64_t gpus : {1u, 2u}) {
        const FitBudget budget = fitBudgetFor(gpu, gpus, "int8", "fp16", 8192, 1, "transformers");
        const FitResult r = largestThatFits(llama, budget);
        QVERIFY(r.found && r.has_next);
        const FitCheck best = fitInference(r.best.config, params, gpu, gpus);
        QVERIFY(best.fits);
        QCOMPARE(r.best.total_bytes, best.required_bytes);
        QCOMPARE(r.headroom_bytes, static_cast<std::uint64_t>(best.headroom_bytes));
        QVERIFY(!fitInference(r.next.config, params, gpu, gpus).fits);
        const std::vector<FitLine> lines = fitLines(r, budget);
        const auto total = std::find_if(lines.begin(), lines.end(),
                                        [](const FitLine& l) { return l.key == "total"; });
        QVERIFY(total != lines.end());
        QCOMPARE(total->label, gpus == 1 ? std::string("Total")
                                         : std::string("Per GPU (2 GPUs: tensor parallel 2, "
                                                       "pipeline 1)"));
    }
}

void TestExploreView::sourceLinks()
{
    const auto s = sourceSegments(
        "Hugging Face; nn.Linear (https://pytorch.org/docs/stable/generated/torch.nn.Linear.html); "
        "docs/counting.md; the sizing chapter");
    QCOMPARE(s.size(), std::size_t{5});
    QCOMPARE(s[0].text, std::string("Hugging Face; nn.Linear ("));
    QVERIFY(s[1].kind == SourceSegment::Kind::Url);
    QCOMPARE(s[1].text,
             std::string("https://pytorch.org/docs/stable/generated/torch.nn.Linear.html"));
    QCOMPARE(s[2].text, std::string("); "));
    QVERIFY(s[3].kind == SourceSegment::Kind::Doc);
    QCOMPARE(s[3].text, std::string("docs/counting.md"));
    QCOMPARE(s[4].text, std::string("; the sizing chapter"));
    QVERIFY(!docPath("docs/counting.md").empty());
    QVERIFY(docPath("docs/no-such-file.md").empty());
    QCOMPARE(sourceSegments("sum of the components").size(), std::size_t{1});
}

// The 1e24-FLOP chart: the 20-tokens rule's size sqrt(1e24 / 120) = 91,287,092,918 ("91.3B"), the
// fit's minimum 4.13e10 (eq. 4, worked in tst_compute), the sizing chapter's 30 grid points within
// the budget and none over; at 1e21 the points needing more than 6·N·20N ≤ 1e21 (N ≤ 2.89B) are
// greyed instead.
void TestExploreView::budgetChartMarks()
{
    BudgetSearchOptions o;
    BudgetSearchResult r = searchBudget(o);
    BudgetChartData d = budgetChart(r, o);
    QCOMPARE(d.rule.label, std::string("20 tokens/param: 91.3B"));
    QCOMPARE(d.optimum.label, std::string("Fit's minimum: 41.3B"));
    QVERIFY(std::abs(d.rule.log_params - std::log10(91287092918.0)) < 1e-9);
    QCOMPARE(d.fits.size(), std::size_t(30));
    QVERIFY(d.over.empty());
    QCOMPARE(d.title, std::string("Chinchilla loss at 1.00e24 FLOP"));
    // Every mark inside the axes; the axes' ticks are powers of ten.
    for (const auto* marks : {&d.fits, &d.over}) {
        for (const BudgetChartPoint& p : *marks) {
            QVERIFY(p.log_params > d.x_min && p.log_params < d.x_max);
            QVERIFY(p.loss > d.y_min && p.loss < d.y_max);
        }
    }
    QVERIFY(d.optimum.loss > d.y_min && d.rule.loss < d.y_max);
    QCOMPARE(d.x_ticks.front().first, d.x_min + 1);
    QCOMPARE(d.x_ticks.size(), std::size_t(d.x_max - d.x_min));
    QCOMPARE(d.x_ticks.front().second, std::string("1B")); // 10^9: the grid's smallest is 0.47B
    // Along the line the whole budget is spent; its lowest point is the fit's minimum.
    const auto lowest = std::min_element(d.curve.begin(), d.curve.end(),
                                         [](auto& a, auto& b) { return a.loss < b.loss; });
    QVERIFY(std::abs(lowest->log_params - d.optimum.log_params) < 0.05);

    o.budget_flops = 1e21;
    r = searchBudget(o);
    d = budgetChart(r, o);
    QVERIFY(!d.over.empty());
    QCOMPARE(d.fits.size() + d.over.size(), std::size_t(30));
    for (const BudgetCandidate& k : r.over) {
        QVERIFY(120.0 * double(k.params) * double(k.params) > 1e21);
    }
    QCOMPARE(d.rule.label, std::string("20 tokens/param: 2.9B"));
}

LLMSIZER_TEST_GUILESS_MAIN(TestExploreView)
#include "tst_explore_view.moc"
