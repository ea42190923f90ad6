// Pin as baseline (baseline.h): ratios as the summary, the pie, the bars and the diagram show
// them, each against a hand calculation from the published shapes:
//  - Llama 2 7B (32 layers, d 4,096, d_ff 11,008, 32 heads, vocab 32,000, untied; Touvron et al.
//    2023): one layer holds 4·4,096² + 3·4,096·11,008 + 2·4,096 = 202,383,360, the whole
//    6,738,415,616. With 64 layers: 6,738,415,616 + 32·202,383,360 = 13,214,683,136, ×1.96
//    (1.9611); the KV cache per token doubles (×2).
//  - Llama 2 7B at d_model 8,192 (64 heads of 128; the Llama rule's d_ff: 2/3·4·8,192 = 21,845.3
//    rounded up to a multiple of 256 = 22,016): per layer 4·8,192² + 3·8,192·22,016 + 2·8,192 =
//    809,517,056, in all 32·809,517,056 + 2·32,000·8,192 + 8,192 = 26,428,841,984, ×3.92.
//  - Llama 2 70B's 8 KV heads against 64 (the same model with MHA): per token 2·80·8·128·2 =
//    327,680 bytes against 2,621,440: ×0.125.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/present/baseline.h"
#include "llmsizer/present/diagram.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

namespace {

ModelConfig preset(const char* id)
{
    return loadPresetFile(std::string(LLMSIZER_TEST_PRESETS_DIR) + "/" + id + ".json").config;
}

Snapshot at(const ModelConfig& c)
{
    static const GpuCatalog catalog =
        GpuCatalog::loadBuiltin(std::string(LLMSIZER_TEST_RESOURCES_DIR) + "/gpus.json");
    Workspace w;
    w.config = c;
    w.context = 4096;
    return evaluate(w, catalog);
}

} // namespace

class TestBaseline : public QObject {
    Q_OBJECT
private slots:
    void ratioText_data();
    void ratioText();
    void doubleTheLayers();
    void doubleTheWidth();
    void gqaAgainstMha();
    void diagramBoxes();
};

void TestBaseline::ratioText_data()
{
    QTest::addColumn<double>("now");
    QTest::addColumn<double>("base");
    QTest::addColumn<QString>("text");
    QTest::newRow("double") << 2.0 << 1.0 << "×2";
    QTest::newRow("three digits") << 13214683136.0 << 6738415616.0 << "×1.96";
    QTest::newRow("an eighth") << 327680.0 << 2621440.0 << "×0.125";
    QTest::newRow("equal") << 5.0 << 5.0 << "×1";
    QTest::newRow("thousands") << 12345.0 << 10.0 << "×1,235";
    QTest::newRow("only now") << 5.0 << 0.0 << "new";
    QTest::newRow("only the baseline") << 0.0 << 5.0 << "gone";
    QTest::newRow("neither") << 0.0 << 0.0 << "";
}

void TestBaseline::ratioText()
{
    QFETCH(double, now);
    QFETCH(double, base);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(llmsizer::ratioText(now, base)), text);
}

void TestBaseline::doubleTheLayers()
{
    const ModelConfig base = preset("llama-2-7b");
    ModelConfig deeper = base;
    deeper.n_layers = 64;
    const Snapshot b = at(base);
    const Snapshot n = at(deeper);
    QCOMPARE(n.count.total, std::uint64_t(13'214'683'136));
    const BaselineRatios r = baselineRatios(n, b, ByteUnits::Decimal);
    QCOMPARE(r.figure("total"), std::string("×1.96"));
    QCOMPARE(r.figure("kv_token"), std::string("×2"));
    QCOMPARE(r.figure("kv_context"), std::string("×2"));
    // The embedding and the head do not change; attention and MLP double.
    QCOMPARE(r.slice("embedding"), std::string("×1"));
    QCOMPARE(r.slice("lm_head"), std::string("×1"));
    QCOMPARE(r.slice("attention"), std::string("×2"));
    QCOMPARE(r.slice("mlp"), std::string("×2"));
    // One ghost per bar, at the baseline's total for the same precision; the axis covers both.
    QCOMPARE(r.ghosts.size(), n.bars.size());
    for (std::size_t i = 0; i < n.bars.size(); ++i) {
        QCOMPARE(r.ghosts[i], b.bars[i].total);
        QVERIFY(!r.bars[i].empty());
    }
    QVERIFY(r.axis.max >= n.axis.max);
}

void TestBaseline::doubleTheWidth()
{
    const ModelConfig base = preset("llama-2-7b");
    ModelConfig wider = base;
    wider.d_model = 8192;
    wider.n_heads = 64;
    wider.n_kv_heads = 64;
    wider.d_ff = 22016;
    const Snapshot n = at(wider);
    QCOMPARE(n.count.total, std::uint64_t(26'428'841'984));
    QCOMPARE(baselineRatios(n, at(base), ByteUnits::Decimal).figure("total"), std::string("×3.92"));
}

void TestBaseline::gqaAgainstMha()
{
    const ModelConfig gqa = preset("llama-2-70b");
    ModelConfig mha = gqa;
    mha.n_kv_heads = mha.n_heads;
    const BaselineRatios r = baselineRatios(at(gqa), at(mha), ByteUnits::Decimal);
    QCOMPARE(r.figure("kv_token"), std::string("×0.125"));
    QCOMPARE(r.figure("kv_context"), std::string("×0.125"));
}

// Each box carries the ratio of its count over all layers; a box the baseline lacks reads "new".
void TestBaseline::diagramBoxes()
{
    const ModelConfig base = preset("llama-2-7b");
    ModelConfig deeper = base;
    deeper.n_layers = 64;
    const Snapshot b = at(base);
    const Snapshot n = at(deeper);
    Diagram d = parameterDiagram(deeper, n.count);
    const Diagram before = parameterDiagram(base, b.count);
    setAgainstBaseline(d, before);
    const DiagramBox* q = d.find("attention.q");
    QVERIFY(q != nullptr);
    // 64 layers of 4,096 × 4,096 = 1,073,741,824, twice the 32 layers' 536,870,912.
    QCOMPARE(q->model_params, std::uint64_t(1'073'741'824));
    QVERIFY2(q->count_text.size() > 3 && q->count_text.ends_with(" ×2"), q->count_text.c_str());
    const DiagramBox* embedding = d.find("embedding");
    QVERIFY(embedding != nullptr);
    QVERIFY(embedding->count_text.ends_with(" ×1"));
    QVERIFY(d.total_text.ends_with(" ×1.96"));

    ModelConfig moe = preset("mixtral-8x7b");
    Diagram m = parameterDiagram(moe, at(moe).count);
    setAgainstBaseline(m, before);
    for (const DiagramBox* box : m.boxes()) {
        if (box->key.starts_with("moe.")) {
            QVERIFY2(box->count_text.ends_with(" new"), box->count_text.c_str());
        }
    }
}

LLMSIZER_TEST_GUILESS_MAIN(TestBaseline)
#include "tst_baseline.moc"
