// The serving engines' step (docs/compute.md, "Speed model"): a MoE layer costs its routed
// experts' visits, on one GPU or many; a latent-attention layer (DeepSeek's MLA) a cost of its
// own; on an AMD Instinct the fixed costs are larger; a step is as slow as its FLOPs when they
// take longer than its bytes (a CPU of a few cores). Each term is counted here by hand from the
// model's shape, and one step is worked out with the constants.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/compute/compute.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/shape/runtime.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>
#include <cmath>

using namespace llmsizer;

namespace {

RunRow runOn(const char* preset, const char* precision, const char* gpu, std::uint64_t gpus,
             Runtime runtime, std::uint64_t batch = 1)
{
    const Preset& p = testsupport::bundledPresetEntry(preset);
    RunQuery q;
    q.hardware.gpu = testsupport::bundledCatalog().at(gpu);
    q.hardware.gpus = gpus;
    q.runtime = runtimeProfile(runtime);
    q.context = 2048;
    q.batch = batch;
    return evaluateRun(
        RunModel{p.config, countParameters(p.config), p.shipped_precision, presetFp8Checkpoint(p)},
        precisionById(precision), q);
}

// The terms of the answer the row shows: the whole machine's when it differs.
StepTerms terms(const RunRow& r)
{
    return r.machine ? r.machine->decode_terms : r.decode_terms;
}

} // namespace

class TestSpeedServing : public QObject {
    Q_OBJECT
private slots:
    // Visits: gpt-oss-120b, 36 MoE layers of 128 experts, 4 a token: 144; DeepSeek-V3, 58 MoE
    // layers (3 dense first), 8 a token: 464, and 61 latent-attention layers; a dense model none.
    // Eight sequences of Mixtral 8x7B visit 8 · (1 − (6/8)^8) = 7.199 of its 8 experts in each of
    // its 32 layers: 230.4.
    void termsByHand()
    {
        const StepTerms oss =
            terms(runOn("gpt-oss-120b", "mxfp4_experts", "h100-sxm-80gb", 8, Runtime::Sglang));
        QCOMPARE(oss.expert_visits, 144.0);
        QCOMPARE(oss.latent_layers, 0.0);
        QCOMPARE(oss.instinct, 0.0);
        const StepTerms ds =
            terms(runOn("deepseek-v3", "fp8", "h200-sxm-141gb", 8, Runtime::Sglang));
        QCOMPARE(ds.expert_visits, 464.0);
        QCOMPARE(ds.latent_layers, 61.0);
        const StepTerms dense = terms(runOn("qwen3-8b", "bf16", "h100-sxm-80gb", 1, Runtime::Vllm));
        QCOMPARE(dense.expert_visits, 0.0);
        const StepTerms batch =
            terms(runOn("mixtral-8x7b", "bf16", "h100-sxm-80gb", 2, Runtime::Vllm, 8));
        QVERIFY(std::abs(batch.expert_visits - 32 * 8 * (1 - std::pow(0.75, 8))) < 1e-9);
        QVERIFY(std::abs(batch.expert_visits - 230.4) < 0.05);
        const StepTerms amd =
            terms(runOn("llama-4-scout", "bf16", "mi300x-192gb", 8, Runtime::Sglang));
        QCOMPARE(amd.instinct, 1.0);
    }

    // One step by hand, with the serving constants: 1 ms of HBM reads at 0.9 of the peak, 36
    // layers, 72 all-reduces and 144 visits: 1.111 ms + (36 · 40.6 + 72 · 8 + 144 · 4.96) µs =
    // 1.111 + 2.752 = 3.863 ms. The same fixed costs on an Instinct: × 1.99. A latent-attention
    // layer adds 429 µs.
    void stepByHand()
    {
        const SpeedConstants& s = runtimeProfile(Runtime::Sglang).speed;
        QCOMPARE(s.layer_us, 40.6);
        QCOMPARE(s.allreduce_us, 8.0);
        QCOMPARE(s.expert_visit_us, 4.96);
        QCOMPARE(s.latent_layer_us, 429.0);
        QCOMPARE(s.instinct_fixed_factor, 1.99);
        QCOMPARE(s.moe_dispatch_us, 0.0);
        StepTerms t;
        t.hbm_s = 1e-3;
        t.layers = 36;
        t.allreduces = 72;
        t.expert_visits = 144;
        const double fixed = (36 * 40.6 + 72 * 8 + 144 * 4.96) * 1e-6;
        QVERIFY(std::abs(fixed - 2.75184e-3) < 1e-9);
        QVERIFY(std::abs(stepSeconds(t, s, false) - (1e-3 / 0.9 + fixed)) < 1e-12);
        t.instinct = 1;
        QVERIFY(std::abs(stepSeconds(t, s, false) - (1e-3 / 0.9 + 1.99 * fixed)) < 1e-12);
        t.instinct = 0;
        t.latent_layers = 1;
        QVERIFY(std::abs(stepSeconds(t, s, false) - (1e-3 / 0.9 + fixed + 429e-6)) < 1e-12);
    }

    // A decode step under vLLM reads the visited weights but the token embedding (one row of it)
    // and the KV cache: Qwen3-8B BF16 (untied head), 16,381,470,720 bytes of weights, of which
    // the embedding is 151,936 · 4,096 · 2 = 1,244,659,712. (The embedding's share was once
    // worked out as a product of two byte counts, which wrapped past 2^64.)
    void decodeReadsAllButTheEmbedding()
    {
        const Preset& p = testsupport::bundledPresetEntry("qwen3-8b");
        const WeightMemory w =
            weightMemory(p.config, countParameters(p.config), precisionById("bf16"));
        QCOMPARE(w.embedding_bytes, std::uint64_t(1'244'659'712));
        const RunRow r = runOn("qwen3-8b", "bf16", "h100-sxm-80gb", 1, Runtime::Vllm);
        const double read = r.decode_terms.hbm_s * 3350e9;
        const double expected = static_cast<double>(w.active_bytes - w.embedding_bytes) +
                                static_cast<double>(r.load.kv_bytes);
        QVERIFY2(std::abs(read - expected) < 1e-6 * expected, qPrintable(QString::number(read)));
    }

    // llama.cpp's MoE runs are within its layer cost: a visit costs it nothing.
    void llamaCppHasNoVisitCost()
    {
        const SpeedConstants& s = runtimeProfile(Runtime::LlamaCpp).speed;
        QCOMPARE(s.expert_visit_us, 0.0);
        QCOMPARE(s.latent_layer_us, 0.0);
        QCOMPARE(s.instinct_fixed_factor, 1.0);
    }

    // A step reads its bytes or does its FLOPs, whichever is longer: on a CPU of two cores
    // (0.3 TFLOPS) Llama 3 8B at Q4_K_M decodes at what its 2 · 8.0B FLOPs a token allow, not at
    // the 4.9 GB / (0.65 × 89.6 GB/s) its memory would (it read 10 tok/s, faster than its own
    // prefill); on an RTX 4090 the FLOPs are a twentieth of the bytes' time and change nothing.
    void decodeIsComputeBoundOnAFewCores()
    {
        const Preset& p = testsupport::bundledPresetEntry("llama-3-8b");
        const RunModel m{p.config, countParameters(p.config), p.shipped_precision, std::nullopt};
        RunQuery q;
        GpuSpec cpu = testsupport::bundledCatalog().at("cpu-ddr5-5600-2ch-64gb");
        cpu.bf16_tflops = 0.3;
        q.hardware.gpu = cpu;
        q.runtime = runtimeProfile(Runtime::LlamaCpp);
        q.context = 2048;
        const RunRow r = evaluateRun(m, precisionById("q4_k_m"), q);
        QVERIFY(r.decode_tokens_per_s && r.prefill_tokens_per_s);
        QVERIFY2(*r.decode_tokens_per_s < *r.prefill_tokens_per_s,
                 qPrintable(QStringLiteral("%1 against %2")
                                .arg(*r.decode_tokens_per_s)
                                .arg(*r.prefill_tokens_per_s)));
        const double flops = decodeFlopsPerToken(p.config, m.count, 2048).total();
        QVERIFY(r.decode_terms.compute_s > 0);
        QVERIFY(std::abs(r.decode_terms.compute_s - flops / 0.3e12) / (flops / 0.3e12) < 0.01);
        const RunRow gpu = runOn("llama-3-8b", "q4_k_m", "rtx-4090-24gb", 1, Runtime::LlamaCpp);
        QVERIFY(gpu.decode_terms.compute_s < 0.05 * gpu.decode_terms.gddr_s);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestSpeedServing)
#include "tst_speed_serving.moc"
