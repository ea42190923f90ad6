// The Compare window's evaluation (present/comparison.h): named configurations and the table's
// options in; the table, the bars, the pies and the diagrams out, each model counted once through
// the comparison's cache. Expected totals are the makers' published counts.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/present/comparison.h"
#include "support/test_main.h"

#include <QtTest>
#include <algorithm>
#include <cmath>

using namespace llmsizer;

namespace {

std::vector<ModelConfig> g_counted;

void recordCount(const ModelConfig& c)
{
    g_counted.push_back(c);
}

NamedConfig preset(const char* id, const char* name)
{
    return {name,
            loadPresetFile(std::string(LLMSIZER_TEST_PRESETS_DIR) + "/" + id + ".json").config};
}

} // namespace

class TestComparison : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { setCountObserver(nullptr); }
    void everyPart();
    void everyComponentHasItsBar();
    void countsOnlyTheNewModel();
    void emptyAndTooMany();
    void logAxisSpansEveryBar();
};

// A vision-language model, a multimodal one with an audio encoder and a hybrid: each model's bars
// add up to its published total (Gemma 3 4B 4,300,079,472; Gemma 3n E4B 7,849,978,192, keras-hub
// less its port's zero biases; Granite 4.0-H Small 32,207,337,984), so no component is left out.
void TestComparison::everyComponentHasItsBar()
{
    Comparison c;
    c.models = {preset("gemma-3-4b-it", "Gemma 3 4B"), preset("gemma-3n-e4b", "Gemma 3n E4B"),
                preset("granite-4.0-h-small", "Granite 4.0-H Small")};
    CountCache counts;
    const ComparisonSnapshot s = evaluate(c, counts);
    const double published[] = {4300079472.0, 7849978192.0, 32207337984.0};
    std::vector<std::string> keys;
    for (std::size_t m = 0; m < 3; ++m) {
        double sum = 0;
        for (const CompareSeries& series : s.components.series) {
            sum += series.values[m];
        }
        const double billions = published[m] / 1e9;
        QVERIFY2(std::abs(sum - billions) < 1e-9 * billions,
                 qPrintable(QString::number(sum, 'f', 9)));
    }
    for (const CompareSeries& series : s.components.series) {
        keys.push_back(series.key);
    }
    for (const char* key : {"mixer", "vision_tower", "audio_tower", "projector"}) {
        QVERIFY2(std::find(keys.begin(), keys.end(), key) != keys.end(), key);
    }
}

// GPT-2 small (OpenAI: 124,439,808) beside Llama 3 70B (Meta: 70,553,706,496).
void TestComparison::everyPart()
{
    Comparison c;
    c.models = {preset("gpt-2-small", "GPT-2 small"), preset("llama-3-70b", "Llama 3 70B")};
    c.options.context = 1024;
    CountCache counts;
    const ComparisonSnapshot s = evaluate(c, counts);
    QCOMPARE(s.table.names, (std::vector<std::string>{"GPT-2 small", "Llama 3 70B"}));
    const TableRow* total = s.table.row("total_params");
    QVERIFY(total != nullptr);
    QCOMPARE(total->cells[0].integer, std::uint64_t(124'439'808));
    QCOMPARE(total->cells[1].integer, std::uint64_t(70'553'706'496));
    // FP16 KV cache at 1,024 tokens: GPT-2 small K and V × 12 layers × 768 × 2 bytes × 1,024 =
    // 37,748,736 bytes; Llama 3 70B K and V × 80 layers × 8 KV heads × 128 × 2 bytes × 1,024 =
    // 335,544,320.
    const TableRow* kv = s.table.row("kv_at_context");
    QVERIFY(kv != nullptr);
    QCOMPARE(kv->cells[0].integer, std::uint64_t(37'748'736));
    QCOMPARE(kv->cells[1].integer, std::uint64_t(335'544'320));
    QCOMPARE(s.components.categories, s.table.names);
    QCOMPARE(s.memory.categories, s.table.names);
    QCOMPARE(s.pies.size(), std::size_t(2));
    QCOMPARE(s.pies[1].total, std::uint64_t(70'553'706'496));
    QCOMPARE(s.diagrams.size(), std::size_t(2));
}

// A cache kept between evaluations counts only the model added since.
void TestComparison::countsOnlyTheNewModel()
{
    Comparison c;
    c.models = {preset("gpt-2-small", "GPT-2 small")};
    CountCache counts;
    evaluate(c, counts);
    c.models.push_back(preset("llama-3-8b", "Llama 3 8B"));
    g_counted.clear();
    setCountObserver(recordCount);
    const ComparisonSnapshot s = evaluate(c, counts);
    setCountObserver(nullptr);
    QCOMPARE(g_counted.size(), std::size_t(1));
    QCOMPARE(g_counted.front(), c.models[1].config);
    // Meta's published count for Llama 3 8B.
    QCOMPARE(s.table.row("total_params")->cells[1].integer, std::uint64_t(8'030'261'248));
}

void TestComparison::emptyAndTooMany()
{
    CountCache counts;
    const ComparisonSnapshot empty = evaluate(Comparison{}, counts);
    QVERIFY(empty.table.rows.empty());
    QVERIFY(empty.diagrams.empty());
    Comparison five;
    for (int i = 0; i < 5; ++i) {
        five.models.push_back(preset("gpt-2-small", "GPT-2 small"));
        five.models.back().name += std::to_string(i);
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, evaluate(five, counts));
}

// The parameter bars' log axis reaches from the smallest bar to the tallest, in powers of ten.
// Smallest: GPT-2 small's norms, 12 layers × 2 LayerNorms × (768 weights + 768 biases) + the final
// one's 1,536 = 38,400 = 3.84·10⁻⁵ billion. Tallest: DeepSeek-V3's routed experts, 58 MoE layers ×
// 256 experts × 3 × 7,168 × 2,048 = 653,908,770,816 ≈ 653.9 billion (DeepSeek-V3's config.json:
// 61 layers, the first 3 dense).
void TestComparison::logAxisSpansEveryBar()
{
    Comparison c;
    c.models = {preset("gpt-2-small", "GPT-2 small"), preset("deepseek-v3", "DeepSeek-V3")};
    CountCache counts;
    const ComparisonSnapshot s = evaluate(c, counts);
    QCOMPARE(s.components.axis_title, std::string("billions of parameters"));
    QVERIFY2(std::abs(s.components.log_min - 1e-5) < 1e-12,
             qPrintable(QString::number(s.components.log_min)));
    QVERIFY2(std::abs(s.components.log_max - 1e3) < 1e-9,
             qPrintable(QString::number(s.components.log_max)));
}

LLMSIZER_TEST_GUILESS_MAIN(TestComparison)
#include "tst_comparison.moc"
