// The Largest that fits view's evaluation (present/fit.h). Expected values are hand calculations
// for GPT-2 small's family at fixed depth (12 layers, head_dim 64, learned positions for 1,024
// tokens, tied head, biases, LayerNorm with bias): widening to d gives
// N(d) = (50,257 + 1,024)·d + 12·(12·d² + 13·d) + 2·d = 144·d² + 51,439·d parameters, which is
// 124,439,808 at d = 768 (OpenAI's published count), on a device of exactly 200,000,000 bytes.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/present/fit.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

namespace {

GpuCatalog catalogWithSmallGpu()
{
    GpuCatalog catalog =
        GpuCatalog::loadBuiltin(std::string(LLMSIZER_TEST_RESOURCES_DIR) + "/gpus.json");
    GpuSpec small;
    small.id = "small-200mb";
    small.name = "A 200 MB device";
    small.vendor = "Test";
    small.category = "other";
    small.memory_value = 0.2;
    small.memory_unit = MemoryUnit::GB;
    small.memory_bytes = 200'000'000;
    small.bandwidth_gb_s = 100;
    small.sources = {"a device made for this test"};
    catalog.setUserGpu(small);
    return catalog;
}

FitQuestion gpt2Question()
{
    FitQuestion q;
    q.gpu = "small-200mb";
    q.precision = "int8";
    q.base = loadPresetFile(std::string(LLMSIZER_TEST_PRESETS_DIR) + "/gpt-2-small.json").config;
    q.keep_layers = true;
    q.context = 0; // weights only
    q.overhead = "none";
    return q;
}

std::uint64_t gpt2At(std::uint64_t d)
{
    return 144 * d * d + 51'439 * d;
}

} // namespace

class TestFitView : public QObject {
    Q_OBJECT
private slots:
    void handNumbers();
    void exerciseTable();
    void workloadCounts();
    void unknownGpu();
};

// INT8, one byte per parameter: 144·d² + 51,439·d ≤ 200,000,000 gives d ≤ 1,013.4, so d = 960
// (a multiple of 64, 15 heads) with 182,091,840 parameters; the next width, 1,024, has
// 203,668,480, which does not fit.
void TestFitView::handNumbers()
{
    QCOMPARE(gpt2At(768), std::uint64_t(124'439'808));
    CountCache counts;
    const FitSnapshot s = evaluate(gpt2Question(), catalogWithSmallGpu(), counts);
    QVERIFY2(s.ok, s.error.c_str());
    QVERIFY(s.result.found);
    QCOMPARE(s.result.best.config.d_model, std::uint64_t(960));
    QCOMPARE(s.result.best.config.n_layers, std::uint64_t(12));
    QCOMPARE(s.result.best.params, gpt2At(960));
    QCOMPARE(s.result.best.params, std::uint64_t(182'091'840));
    QVERIFY(s.result.has_next);
    QCOMPARE(s.result.next.params, std::uint64_t(203'668'480));
    QCOMPARE(s.result.headroom_bytes, std::uint64_t(200'000'000 - 182'091'840));
    QCOMPARE(s.budget.budget_bytes, std::uint64_t(200'000'000));
    QVERIFY(!s.lines.empty());
    QCOMPARE(s.lines.front().key, std::string("best"));
    QVERIFY(s.lines.front().value.find("182,091,840") != std::string::npos);
    QVERIFY(s.width_rule.find("64") != std::string::npos);
    // The device's 200,000,000 bytes are its capacity, said so: "Memory" read as the model's need.
    bool capacityShown = false;
    for (const FitLine& line : s.lines) {
        QVERIFY2(line.label != "Memory", line.value.c_str());
        if (line.key == "budget") {
            QCOMPARE(line.label, std::string("Usable GPU capacity"));
            QVERIFY(line.value.find("200,000,000 bytes") != std::string::npos ||
                    line.value.find("200.00 MB") != std::string::npos);
            capacityShown = true;
        }
    }
    QVERIFY(capacityShown);
}

// FP16 (2 bytes each): N ≤ 1e8 gives d ≤ 673.6, so 640 with 91,903,360. INT4 (half a byte):
// N ≤ 4e8 gives d ≤ 1,497.6, so 1,472 with 387,735,104 (193,867,552 bytes); 1,536 would need
// 418,748,928 parameters, 209,374,464 bytes.
void TestFitView::exerciseTable()
{
    CountCache counts;
    const FitSnapshot s = evaluate(gpt2Question(), catalogWithSmallGpu(), counts);
    QCOMPARE(s.exercise.size(), std::size_t(3));
    QCOMPARE(s.exercise[0].precision, std::string("fp16"));
    QCOMPARE(s.exercise[1].precision, std::string("int8"));
    QCOMPARE(s.exercise[2].precision, std::string("int4"));
    QCOMPARE(gpt2At(640), std::uint64_t(91'903'360));
    QCOMPARE(gpt2At(1472), std::uint64_t(387'735'104));
    QCOMPARE(gpt2At(1536), std::uint64_t(418'748'928));
    QVERIFY(s.exercise[0].cells[1].find("91,903,360") == 0);
    QVERIFY(s.exercise[0].cells[2].find("d_model 640 ") == 0);
    // The row of the answer's precision is the answer.
    QVERIFY(s.exercise[1].cells[1].find("182,091,840") == 0);
    QVERIFY(s.exercise[2].cells[1].find("387,735,104") == 0);
    QVERIFY(s.exercise[2].cells[2].find("d_model 1,472 ") == 0);
    QCOMPARE(s.exercise[2].cells[4], std::string("418.7M"));
}

// The workload is part of the question. At 1,024 tokens: an FP16 KV cache of K and V × 12 layers
// × d × 2 bytes × 1,024 = 49,152·d bytes, and the workspace of llama.cpp's 512-token micro-batch
// holding the logits, 512 × (50,257 + d) f32 values = 2,048·(50,257 + d) bytes (memory.h
// workspaceBytes; with flash attention the logits are its largest buffer). At INT8, d = 512 needs
// 64,085,504 + 25,165,824 + 103,974,912 = 193,226,240 bytes; d = 576 would need 209,822,144.
void TestFitView::workloadCounts()
{
    FitQuestion q = gpt2Question();
    q.context = 1024;
    CountCache counts;
    const FitSnapshot s = evaluate(q, catalogWithSmallGpu(), counts);
    QVERIFY2(s.ok, s.error.c_str());
    QCOMPARE(s.result.best.config.d_model, std::uint64_t(512));
    QCOMPARE(s.result.best.params, gpt2At(512));
    QCOMPARE(s.result.best.kv_bytes, std::uint64_t(49'152 * 512));
    QCOMPARE(s.result.best.activation_bytes, std::uint64_t(2'048 * (50'257 + 512)));
    QCOMPARE(s.result.headroom_bytes, std::uint64_t(200'000'000 - 193'226'240));
}

void TestFitView::unknownGpu()
{
    FitQuestion q = gpt2Question();
    q.gpu = "no-such-gpu";
    CountCache counts;
    const FitSnapshot s = evaluate(q, catalogWithSmallGpu(), counts);
    QVERIFY(!s.ok);
    QVERIFY(s.error.find("no-such-gpu") != std::string::npos);
    QVERIFY(s.lines.empty());
    QVERIFY(s.exercise.empty());
}

LLMSIZER_TEST_GUILESS_MAIN(TestFitView)
#include "tst_fit_view.moc"
