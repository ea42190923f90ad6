// Rows whose weights are not where or what their label says: in system RAM, a row's context is
// one its own placement holds (experts in RAM stay experts in RAM up to it), and a row near the
// end of the RAM given is tight, as one near the end of the GPU's memory is; a GGUF file type
// whose blocks do not divide a model's rows says which matrices llama-quantize left in F16.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/model/count.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/shape/runtime.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

namespace {

using u64 = std::uint64_t;

RunQuery rtx4090With64Gb(u64 context)
{
    RunQuery q;
    q.hardware.gpu = testsupport::bundledCatalog().at("rtx-4090-24gb");
    q.hardware.ram_bytes = 64'000'000'000;
    q.runtime = runtimeProfile(Runtime::LlamaCpp);
    q.context = context;
    return q;
}

// A preset and its count, alive as long as the RunModel that refers to them.
struct Model {
    explicit Model(const char* id)
        : preset(testsupport::bundledPresetEntry(id)), count(countParameters(preset.config))
    {
    }
    RunModel run() const { return {preset.config, count, preset.shipped_precision, std::nullopt}; }
    const Preset& preset;
    ParamCount count;
};

} // namespace

class TestRunsRam : public QObject {
    Q_OBJECT
private slots:
    // Llama 4 Scout Q4_K_M on an RTX 4090 with 64 GB: experts of N layers in RAM at 8,192
    // tokens (--n-cpu-moe N). At the row's longest context the same N still holds it; one token
    // more needs more layers' experts in RAM, and beyond those whole layers go (the note says
    // how far each goes). The row said 446,449 tokens, the offload's.
    void expertsRowKeepsItsPlacement()
    {
        const Model scout("llama-4-scout");
        const RunModel m = scout.run();
        const RunRow r = evaluateRun(m, precisionById("q4_k_m"), rtx4090With64Gb(8192));
        QCOMPARE(r.verdict, RunVerdict::ExpertsInRam);
        const auto at = [&](u64 ctx) {
            return placeModel(m, precisionById("q4_k_m"), rtx4090With64Gb(ctx), ctx, 1, true);
        };
        const Placement last = at(r.max_context);
        QVERIFY(last.fits && last.kind == PlacementKind::ExpertsInRam);
        QCOMPARE(last.cpu_moe_layers, r.cpu_moe_layers);
        const Placement next = at(r.max_context + 1);
        QVERIFY(!next.fits || next.kind != PlacementKind::ExpertsInRam ||
                next.cpu_moe_layers > r.cpu_moe_layers);
        QVERIFY2(r.note.find("tokens with more layers' experts in RAM (slower)") !=
                     std::string::npos,
                 r.note.c_str());
        QVERIFY2(r.note.find("tokens with whole layers in RAM instead (slower still)") !=
                     std::string::npos,
                 r.note.c_str());
    }

    // Mixtral 8x22B Q4_K_M on the same machine keeps 62.5 GB of experts in the 64 GB given:
    // 1.5 GB, 2.3 %, to spare, under the 5 % band; Q3_K_M's 45.0 GB leaves 30 %.
    void nearTheEndOfTheRamIsTight()
    {
        const Model mixtral("mixtral-8x22b");
        const RunModel m = mixtral.run();
        const RunRow q4 = evaluateRun(m, precisionById("q4_k_m"), rtx4090With64Gb(8192));
        QCOMPARE(q4.verdict, RunVerdict::ExpertsInRam);
        QVERIFY(q4.ram_bytes > 60'800'000'000); // above 95 % of 64 GB
        QVERIFY(q4.tight);
        const RunRow q3 = evaluateRun(m, precisionById("q3_k_m"), rtx4090With64Gb(8192));
        QVERIFY(q3.ram_bytes < 60'800'000'000);
        QVERIFY(!q3.tight);
    }

    // GPT-3 13B: d_model 5,140 (32 · 160 + 20) and d_ff 20,560 (32 · 642 + 16). No 32- or
    // 256-value block divides the rows of token_embd, attn_q, attn_k, attn_v and ffn_up (5,140
    // wide) or ffn_down (20,560): 1 + 40 · 5 = 201 of its 1 + 40 · 6 = 241 matrices stay F16
    // (llama-quant.cpp, tensor_type_fallback); attn_output's rows, 40 heads × 128 = 5,120 wide,
    // are quantized. Llama 3 8B (4,096 and 14,336 wide) has none.
    void fallbackTensorsAreSaid()
    {
        const Model gpt3("gpt-3-13b");
        const RunRow r = evaluateRun(gpt3.run(), precisionById("q4_k_m"), rtx4090With64Gb(2048));
        QVERIFY2(r.note.find("; 201 of its 241 weight matrices are stored in F16 instead") !=
                     std::string::npos,
                 r.note.c_str());
        const Model llama("llama-3-8b");
        const RunRow l = evaluateRun(llama.run(), precisionById("q4_k_m"), rtx4090With64Gb(2048));
        QVERIFY2(l.note.find("weight matrices") == std::string::npos, l.note.c_str());
    }

    // mlx-lm loads a vision-language model's language model only (mistral3.py's sanitize pops
    // vision_tower and multi_modal_projector; llava maps to it): LLaVA 1.5 7B's 7,063,427,072
    // parameters less the CLIP ViT-L/14 tower's 303,507,456 and the projector's 20,979,712
    // (1,024 → 4,096 and 4,096 → 4,096 with biases: 4,198,400 + 16,781,312) leave 6,738,939,904,
    // 13,477,879,808 bytes in BF16. vLLM loads them all.
    void mlxLoadsTheLanguageModelOnly()
    {
        const Model llava("llava-1.5-7b");
        RunQuery q = rtx4090With64Gb(4096);
        q.hardware.gpu = testsupport::bundledCatalog().at("m3-max-64gb");
        q.runtime = runtimeProfile(Runtime::Mlx);
        const RunRow r = evaluateRun(llava.run(), precisionById("bf16"), q);
        QCOMPARE(r.load.weight_bytes, u64(13'477'879'808));
        QVERIFY2(r.note.find("mlx-lm loads the language model only") != std::string::npos,
                 r.note.c_str());
        q.hardware.gpu = testsupport::bundledCatalog().at("h100-sxm-80gb");
        q.runtime = runtimeProfile(Runtime::Vllm);
        const RunRow v = evaluateRun(llava.run(), precisionById("bf16"), q);
        QCOMPARE(v.load.weight_bytes, u64(7'063'427'072) * 2);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestRunsRam)
#include "tst_runs_ram.moc"
