// The parameter diagram (present/diagram.h): every box's count, shape and area against hand
// calculations from the published shapes, and the boxes summing to the core's count exactly.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/present/diagram.h"
#include "llmsizer/present/view_support.h"
#include "support/test_main.h"

#include <QtTest>
#include <algorithm>
#include <map>

using namespace llmsizer;

namespace {

using u64 = std::uint64_t;

ModelConfig preset(const char* id)
{
    return loadPresetFile(std::string(LLMSIZER_TEST_PRESETS_DIR) + "/" + id + ".json").config;
}

const DiagramBox& box(const Diagram& d, const char* key)
{
    static const DiagramBox none;
    const DiagramBox* b = d.find(key);
    if (b == nullptr) {
        qWarning("no box %s", key);
        return none;
    }
    return *b;
}

const DiagramGroup* group(const Diagram& d, const char* key)
{
    for (const DiagramGroup& g : d.groups) {
        if (g.key == key) {
            return &g;
        }
    }
    return nullptr;
}

// Every box times its layers, per pie slice key, equals the core's slices; the whole equals the
// total; keys are unique; each group's multiplier names its layers.
void checkSums(const Diagram& d, const ParamCount& count)
{
    std::map<std::string, u64> byComponent;
    std::map<std::string, int> keys;
    u64 sum = 0;
    for (const DiagramBox* b : d.boxes()) {
        QCOMPARE(b->model_params, b->params * b->layers);
        byComponent[b->component] += b->model_params;
        sum += b->model_params;
        QVERIFY2(++keys[b->key] == 1, b->key.c_str());
        QCOMPARE(b->area, fraction(b->params, count.total));
    }
    QCOMPARE(sum, count.total);
    QCOMPARE(d.total, count.total);
    for (const Slice& s : pieSlices(count)) {
        QCOMPARE(byComponent[s.key], s.params);
    }
    for (const DiagramGroup& g : d.groups) {
        u64 params = 0;
        for (const DiagramBox& b : g.boxes) {
            QCOMPARE(b.layers, g.layers);
            params += b.params;
        }
        QCOMPARE(g.params, params);
    }
}

} // namespace

class TestDiagram : public QObject {
    Q_OBJECT
private slots:
    void llama2_7b();
    void llama3_70b();
    void fewerKvHeadsHalveKAndV();
    void mixtral();
    void deepseekV3Latent();
    void lfm2Hybrid();
    void qwen3NextHybridMoe();
    void zamba2SharedBlock();
    void gpt2TiedAndLearnedPositions();
    void gemma3VisionTower();
    void jambaHybrid();
    void scaleKey();
    void everyPresetSums_data();
    void everyPresetSums();
};

void TestDiagram::llama2_7b()
{
    // Llama 2 7B (Touvron et al. 2023, the model card's config): d 4096, 32 layers, 32 heads of
    // 128 (no GQA), d_ff 11008, vocab 32000, RMSNorm, untied head. Per layer 4 · 4096² +
    // 3 · 4096 · 11008 + 2 · 4096 = 202,383,360; × 32 + 2 · 32000 · 4096 + 4096 = 6,738,415,616.
    const ModelConfig c = preset("llama-2-7b");
    const ParamCount count = countParameters(c);
    const Diagram d = parameterDiagram(c, count);
    checkSums(d, count);
    QCOMPARE(d.total, u64(6'738'415'616));
    QCOMPARE(box(d, "attention.q").params, u64(16'777'216));
    QCOMPARE(box(d, "attention.q").line, std::string("q  4096 × 4096 = 16,777,216"));
    QCOMPARE(box(d, "attention.q").short_line, std::string("q  16,777,216"));
    QCOMPARE(box(d, "attention.v").params, u64(16'777'216));
    QCOMPARE(box(d, "mlp.gate").params, u64(45'088'768));
    QCOMPARE(box(d, "mlp.down").shape, std::string("11008 × 4096"));
    QCOMPARE(box(d, "embedding").params, u64(131'072'000));
    QCOMPARE(box(d, "lm_head").params, u64(131'072'000));
    QCOMPARE(group(d, "attention")->params, u64(67'108'864));
    QCOMPARE(group(d, "mlp")->params, u64(135'266'304));
    QCOMPARE(group(d, "mlp")->caption, std::string("135,266,304 per layer"));
    QCOMPARE(d.block_multiplier, std::string("× 32"));
    QCOMPARE(d.total_text, std::string("6,738,415,616 parameters (6.7B)"));
}

void TestDiagram::llama3_70b()
{
    // Meta's config: d 8192, 80 layers, 64 heads of 128, 8 KV heads, d_ff 28672, vocab 128256.
    const ModelConfig c = preset("llama-3-70b");
    const ParamCount count = countParameters(c);
    const Diagram d = parameterDiagram(c, count);
    checkSums(d, count);
    QCOMPARE(d.total, u64(70'553'706'496));
    QCOMPARE(d.block_multiplier, std::string("× 80"));
    QCOMPARE(d.block_kinds, std::string());
    QCOMPARE(group(d, "attention")->caption, std::string("150,994,944 per layer"));
    QCOMPARE(box(d, "attention.k").line, std::string("k  8192 × 1024 = 8,388,608"));
    QCOMPARE(box(d, "embedding").shape, std::string("128256 × 8192"));
    QCOMPARE(box(d, "embedding").params, u64(128256) * 8192);
    QCOMPARE(box(d, "embedding").count_text, std::string("1,050,673,152"));
    QCOMPARE(box(d, "attention.q").shape, std::string("8192 × 8192"));
    QCOMPARE(box(d, "attention.q").params, u64(67'108'864));
    QCOMPARE(box(d, "attention.q").layers, u64(80));
    QCOMPARE(box(d, "attention.k").shape, std::string("8192 × 1024"));
    QCOMPARE(box(d, "attention.k").params, u64(8'388'608));
    QCOMPARE(box(d, "attention.v").params, u64(8'388'608));
    QCOMPARE(box(d, "attention.o").shape, std::string("8192 × 8192"));
    QCOMPARE(box(d, "mlp.gate").shape, std::string("8192 × 28672"));
    QCOMPARE(box(d, "mlp.down").shape, std::string("28672 × 8192"));
    QCOMPARE(box(d, "mlp.up").params, u64(234'881'024));
    QCOMPARE(box(d, "norms.block").params, u64(2 * 8192));
    QCOMPARE(box(d, "norms.block").shape, std::string("2 × 8192"));
    QCOMPARE(box(d, "final_norm").params, u64(8192));
    QCOMPARE(box(d, "lm_head").shape, std::string("8192 × 128256"));
    QVERIFY(!box(d, "lm_head").tied);
    // Areas: q is 8 times k (64 against 8 heads), the gate 3.5 times q (28672 / 8192).
    QCOMPARE(box(d, "attention.q").area / box(d, "attention.k").area, 8.0);
    QCOMPARE(box(d, "mlp.gate").area / box(d, "attention.q").area, 3.5);
    QCOMPARE(box(d, "attention.q").component, std::string("attention"));
    QCOMPARE(box(d, "mlp.gate").math_key, std::string("mlp"));
    QCOMPARE(box(d, "attention.q").detail,
             std::string("q: 8192 × 8192 = 67,108,864 per layer; × 80 layers = 5,368,709,120 "
                         "(7.6% of the model)"));
    QCOMPARE(d.total_text, std::string("70,553,706,496 parameters (70.6B)"));
}

void TestDiagram::fewerKvHeadsHalveKAndV()
{
    ModelConfig c = preset("llama-3-70b");
    const Diagram before = parameterDiagram(c, countParameters(c));
    c.n_kv_heads = 4;
    const Diagram after = parameterDiagram(c, countParameters(c));
    QCOMPARE(box(after, "attention.k").params * 2, box(before, "attention.k").params);
    QCOMPARE(box(after, "attention.v").params * 2, box(before, "attention.v").params);
    QCOMPARE(box(after, "attention.k").shape, std::string("8192 × 512"));
    QCOMPARE(box(after, "attention.q").params, box(before, "attention.q").params);
    // Doubling the width quadruples every matrix of the layer; doubling the layers changes
    // only the "× N".
    c = preset("llama-3-70b");
    c.d_model = 16384;
    c.n_heads = 128;
    c.n_kv_heads = 16;
    c.d_ff = 57344;
    const Diagram wide = parameterDiagram(c, countParameters(c));
    QCOMPARE(box(wide, "attention.q").params, 4 * box(before, "attention.q").params);
    QCOMPARE(box(wide, "mlp.gate").params, 4 * box(before, "mlp.gate").params);
    c = preset("llama-3-70b");
    c.n_layers = 160;
    const Diagram deep = parameterDiagram(c, countParameters(c));
    QCOMPARE(box(deep, "attention.q").params, box(before, "attention.q").params);
    QCOMPARE(deep.block_multiplier, std::string("× 160"));
}

void TestDiagram::mixtral()
{
    // Mixtral 8x7B: d 4096, 32 layers, 8 experts of d_ff 14336, 2 per token, router 4096 × 8.
    const ModelConfig c = preset("mixtral-8x7b");
    const ParamCount count = countParameters(c);
    const Diagram d = parameterDiagram(c, count);
    checkSums(d, count);
    QCOMPARE(d.total, u64(46'702'792'704));
    QVERIFY(group(d, "mlp") == nullptr);
    const DiagramBox& experts = box(d, "moe.experts");
    QCOMPARE(experts.params, u64(8) * 3 * 4096 * 14336);
    QCOMPARE(experts.cells, u64(8));
    QCOMPARE(experts.lit, u64(2));
    QCOMPARE(experts.shape, std::string("8 × (3 × 4096 × 14336)"));
    QCOMPARE(experts.component, std::string("experts"));
    QCOMPARE(experts.math_key, std::string("mlp"));
    QCOMPARE(box(d, "moe.gate").params, u64(4096 * 8));
    QCOMPARE(box(d, "moe.gate").shape, std::string("4096 × 8"));
    QCOMPARE(box(d, "moe.gate").math_key, std::string("router"));
    QCOMPARE(box(d, "attention.k").params, u64(4096) * 1024);
    QCOMPARE(experts.area / box(d, "attention.q").area, 8.0 * 3 * 14336 / 4096);
    QCOMPARE(d.block_multiplier, std::string("× 32"));
}

void TestDiagram::deepseekV3Latent()
{
    // DeepSeek-V3: d 7168, 128 heads, q rank 1536, kv rank 512, nope 128, rope 64, v 128; 3 dense
    // layers of d_ff 18432, then 58 MoE layers of 256 experts (8 per token, d_ff 2048) and one
    // shared expert.
    const ModelConfig c = preset("deepseek-v3");
    const ParamCount count = countParameters(c);
    const Diagram d = parameterDiagram(c, count);
    checkSums(d, count);
    QCOMPARE(d.total, u64(671'026'419'200));
    QCOMPARE(d.block_multiplier, std::string("× 61"));
    QCOMPARE(d.block_kinds, std::string("3 dense MLP + 58 MoE"));
    QCOMPARE(group(d, "attention")->title, std::string("Latent attention (MLA)"));
    QCOMPARE(box(d, "attention.q_a").shape, std::string("7168 × 1536"));
    QCOMPARE(box(d, "attention.q_a").params, u64(7168) * 1536);
    QCOMPARE(box(d, "attention.q_b").shape, std::string("1536 × 24576"));
    QCOMPARE(box(d, "attention.kv_a").shape, std::string("7168 × 576"));
    QCOMPARE(box(d, "attention.kv_a").params, u64(7168) * 576);
    QCOMPARE(box(d, "attention.kv_b").shape, std::string("512 × 32768"));
    QCOMPARE(box(d, "attention.o").shape, std::string("16384 × 7168"));
    QCOMPARE(box(d, "attention.latent_norms").params, u64(1536 + 512));
    QCOMPARE(group(d, "mlp")->layers, u64(3));
    QCOMPARE(group(d, "mlp")->title, std::string("Dense MLP"));
    QCOMPARE(box(d, "mlp.gate").params, u64(7168) * 18432);
    QCOMPARE(group(d, "moe")->layers, u64(58));
    QCOMPARE(box(d, "moe.experts").params, u64(256) * 3 * 7168 * 2048);
    QCOMPARE(box(d, "moe.experts").lit, u64(8));
    QCOMPARE(box(d, "moe.shared_experts").params, u64(3) * 7168 * 2048);
    QCOMPARE(box(d, "moe.shared_experts").cells, u64(1));
    QCOMPARE(box(d, "moe.bias").params, u64(256));
    QCOMPARE(group(d, "norms")->layers, u64(61));
}

void TestDiagram::lfm2Hybrid()
{
    // LFM2-700M: d 1536, 16 layers: 6 attention (24 heads of 64, 8 KV heads, q/k norms of 64)
    // and 10 ShortConv (in_proj 1536 → 4608, depthwise conv of 3 taps, out_proj); d_ff 6912,
    // vocab 65536, tied head. Published 742,489,344.
    const ModelConfig c = preset("lfm2-700m");
    const ParamCount count = countParameters(c);
    const Diagram d = parameterDiagram(c, count);
    checkSums(d, count);
    QCOMPARE(d.total, u64(742'489'344));
    QCOMPARE(d.block_multiplier, std::string("× 16"));
    QCOMPARE(d.block_kinds, std::string("6 attention + 10 ShortConv"));
    QCOMPARE(group(d, "attention")->layers, u64(6));
    QCOMPARE(group(d, "attention")->multiplier, std::string("× 6"));
    QCOMPARE(group(d, "attention")->params, u64(2 * 1536 * 1536 + 2 * 1536 * 512 + 2 * 64));
    QCOMPARE(group(d, "mixer")->title, std::string("ShortConv"));
    QCOMPARE(group(d, "mixer")->layers, u64(10));
    QCOMPARE(box(d, "mixer.in_proj").shape, std::string("1536 × 4608"));
    QCOMPARE(box(d, "mixer.in_proj").params, u64(1536) * 4608);
    QCOMPARE(box(d, "mixer.conv1d").params, u64(1536) * 3);
    QCOMPARE(box(d, "mixer.out_proj").params, u64(1536) * 1536);
    QCOMPARE(group(d, "mlp")->layers, u64(16));
    QCOMPARE(group(d, "mlp")->params, u64(3) * 1536 * 6912);
    QVERIFY(box(d, "lm_head").tied);
    QCOMPARE(box(d, "lm_head").params, u64(0));
}

void TestDiagram::qwen3NextHybridMoe()
{
    // Qwen3-Next 80B-A3B: 48 layers, 12 attention (16 heads of 256, q_proj also the output
    // gate: 2048 → 2 · 16 · 256) and 36 Gated DeltaNet; 512 experts, 10 per token.
    const ModelConfig c = preset("qwen3-next-80b-a3b-instruct");
    const ParamCount count = countParameters(c);
    const Diagram d = parameterDiagram(c, count);
    checkSums(d, count);
    QCOMPARE(d.block_kinds, std::string("12 attention + 36 Gated DeltaNet"));
    QCOMPARE(box(d, "attention.q").label, std::string("q + output gate"));
    QCOMPARE(box(d, "attention.q").shape, std::string("2048 × 8192"));
    QCOMPARE(box(d, "attention.k").shape, std::string("2048 × 512"));
    QCOMPARE(group(d, "mixer")->title, std::string("Gated DeltaNet"));
    QCOMPARE(group(d, "mixer")->layers, u64(36));
    QCOMPARE(box(d, "mixer.out_proj").shape, std::string("4096 × 2048"));
    QCOMPARE(box(d, "moe.experts").cells, u64(512));
    QCOMPARE(box(d, "moe.experts").lit, u64(10));
    QCOMPARE(box(d, "moe.shared_expert_gate").params, u64(2048));
}

void TestDiagram::zamba2SharedBlock()
{
    // Zamba2 1.2B: 38 Mamba-2 layers, 6 of them calling one shared block whose attention reads
    // 2·d = 4096 values.
    const ModelConfig c = preset("zamba2-1.2b");
    const ParamCount count = countParameters(c);
    const Diagram d = parameterDiagram(c, count);
    checkSums(d, count);
    QVERIFY(group(d, "attention") == nullptr);
    QCOMPARE(group(d, "shared_block")->layers, u64(1));
    QCOMPARE(box(d, "shared_block.q").shape, std::string("4096 × 4096"));
    QCOMPARE(group(d, "adapters")->layers, u64(6));
    QCOMPARE(group(d, "mixer")->layers, u64(38));
    QCOMPARE(box(d, "mixer.layer_norm").params, u64(2048));
}

void TestDiagram::gpt2TiedAndLearnedPositions()
{
    // GPT-2 small: d 768, 12 layers, MHA with biases, plain MLP 3072, LayerNorm, 1024 learned
    // positions, vocab 50257, tied head; 124,439,808.
    const ModelConfig c = preset("gpt-2-small");
    const ParamCount count = countParameters(c);
    const Diagram d = parameterDiagram(c, count);
    checkSums(d, count);
    QCOMPARE(d.total, u64(124'439'808));
    QCOMPARE(box(d, "embedding").params, u64(50257) * 768);
    QCOMPARE(box(d, "position_embedding").shape, std::string("1024 × 768"));
    QCOMPARE(box(d, "position_embedding").params, u64(1024) * 768);
    QCOMPARE(box(d, "attention.qkv_bias").params, u64(3 * 768));
    QCOMPARE(box(d, "attention.o_bias").params, u64(768));
    QVERIFY(d.find("mlp.gate") == nullptr);
    QCOMPARE(box(d, "mlp.up").params, u64(768) * 3072);
    QCOMPARE(box(d, "mlp.bias").params, u64(3072 + 768));
    QCOMPARE(box(d, "norms.block").params, u64(2 * 2 * 768));
    QCOMPARE(box(d, "norms.block").label, std::string("2 LayerNorms"));
    QCOMPARE(box(d, "final_norm").params, u64(2 * 768));
    const DiagramBox& head = box(d, "lm_head");
    QVERIFY(head.tied);
    QCOMPARE(head.params, u64(0));
    QVERIFY(head.detail.find("tied") != std::string::npos);
}

void TestDiagram::gemma3VisionTower()
{
    // Gemma 3 27B, the whole vision-language model: 27,432,406,640, of which the language model
    // is 27,009,346,304 (keras-hub's presets), so the SigLIP tower and the projector hold
    // 423,060,336; the projector is a 1152 × 5376 matrix and a norm of 1152.
    const ModelConfig c = preset("gemma-3-27b-it");
    const ParamCount count = countParameters(c);
    const Diagram d = parameterDiagram(c, count);
    checkSums(d, count);
    QCOMPARE(d.total, u64(27'432'406'640));
    QCOMPARE(box(d, "projector").params, u64(1152) * 5376 + 1152);
    QCOMPARE(box(d, "vision_tower").params + box(d, "projector").params, u64(423'060'336));
    QCOMPARE(d.inputs.front().key, std::string("vision_tower"));
    QVERIFY(box(d, "lm_head").tied);
    QCOMPARE(box(d, "embedding").params, u64(262208) * 5376);
    QCOMPARE(d.block_multiplier, std::string("× 62"));
}

void TestDiagram::jambaHybrid()
{
    // Jamba (Lieber et al. 2024; ai21labs/AI21-Jamba-1.5-Mini config): d 4096, 32 layers, 4 of
    // them attention (32 heads, 8 KV heads) and 28 Mamba (d_inner 8192, d_state 16, dt_rank 256,
    // conv 4); 16 experts of d_ff 14336 (2 per token) in every other layer, a dense MLP in the
    // rest. Published 51,570,323,328.
    const ModelConfig c = preset("jamba-1.5-mini");
    const ParamCount count = countParameters(c);
    const Diagram d = parameterDiagram(c, count);
    checkSums(d, count);
    QCOMPARE(d.total, u64(51'570'323'328));
    QCOMPARE(d.block_kinds, std::string("4 attention + 28 Mamba; 16 dense MLP + 16 MoE"));
    QCOMPARE(group(d, "attention")->layers, u64(4));
    QCOMPARE(group(d, "mixer")->title, std::string("Mamba"));
    QCOMPARE(group(d, "mixer")->layers, u64(28));
    QCOMPARE(box(d, "mixer.in_proj").shape, std::string("4096 × 16384"));
    QCOMPARE(box(d, "mixer.in_proj").params, u64(67'108'864));
    QCOMPARE(box(d, "mixer.x_proj").params, u64(8192) * (256 + 2 * 16));
    QCOMPARE(box(d, "mixer.out_proj").params, u64(33'554'432));
    QCOMPARE(group(d, "mlp")->layers, u64(16));
    QCOMPARE(group(d, "moe")->layers, u64(16));
    QCOMPARE(box(d, "moe.experts").params, u64(16) * 3 * 4096 * 14336);
    QCOMPARE(box(d, "moe.experts").lit, u64(2));
    QCOMPARE(box(d, "moe.gate").params, u64(4096) * 16);
}

void TestDiagram::scaleKey()
{
    QCOMPARE(diagramKey(73e6).params, u64(50'000'000));
    QCOMPARE(diagramKey(73e6).text, std::string("= 50M parameters"));
    QCOMPARE(diagramKey(1999).params, u64(1000));
    QCOMPARE(diagramKey(2000).params, u64(2000));
    QCOMPARE(diagramKey(0.2).params, u64(1));
}

void TestDiagram::everyPresetSums_data()
{
    QTest::addColumn<QString>("id");
    const std::vector<Preset> presets = loadPresetDir(LLMSIZER_TEST_PRESETS_DIR);
    QVERIFY(presets.size() > 50);
    for (const Preset& p : presets) {
        QTest::newRow(p.id.c_str()) << QString::fromStdString(p.id);
    }
}

void TestDiagram::everyPresetSums()
{
    QFETCH(QString, id);
    static const std::vector<Preset> presets = loadPresetDir(LLMSIZER_TEST_PRESETS_DIR);
    const auto p = std::find_if(presets.begin(), presets.end(),
                                [&](const Preset& x) { return x.id == id.toStdString(); });
    QVERIFY(p != presets.end());
    const ParamCount count = countParameters(p->config);
    const Diagram d = parameterDiagram(p->config, count);
    checkSums(d, count);
    // Every box has a label, and the block is drawn with its layers.
    for (const DiagramBox* b : d.boxes()) {
        QVERIFY2(!b->label.empty() && !b->short_line.empty() && !b->detail.empty(), b->key.c_str());
    }
    QCOMPARE(d.block_layers, u64(p->config.n_layers));
}

LLMSIZER_TEST_APPLESS_MAIN(TestDiagram)
#include "tst_diagram.moc"
