// The speed model's memory class for AMD Radeon cards (docs/compute.md, "Speed model"): GDDR on
// a Radeon streams at the efficiency of llama.cpp's backend — bandwidth_gddr_amd under ROCm/HIP
// (also the automatic choice, and every runtime outside the llama.cpp family) and
// bandwidth_gddr_amd_vulkan under Vulkan, each fitted to its own backend's runs — GeForce GDDR at
// bandwidth_gddr whatever the backend, and the My hardware view edits the one that applies. Under
// Vulkan a MoE's routed experts stream at vulkan_expert_efficiency of the Vulkan figure.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/model/count.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/shape/runtime.h"
#include "llmsizer/text/error.h"
#include "support/bundled_data.h"
#include "support/model_configs.h"
#include "support/test_main.h"

#include <QtTest>
#include <cmath>

using namespace llmsizer;

namespace {

const GpuSpec& gpu(const char* id)
{
    return testsupport::bundledCatalog().at(id);
}

RunRow llama3On(const char* gpuId, LlamaCppBackend backend = LlamaCppBackend::Auto,
                Runtime runtime = Runtime::LlamaCpp)
{
    const Preset& p = testsupport::bundledPresetEntry("llama-3-8b");
    RunQuery q;
    q.hardware.gpu = gpu(gpuId);
    q.hardware.gpus = 1;
    q.runtime = runtimeProfile(runtime);
    q.runtime.llama_cpp.backend = backend;
    q.context = 512;
    return evaluateRun(
        RunModel{p.config, countParameters(p.config), p.shipped_precision, presetFp8Checkpoint(p)},
        precisionById("q4_k_m"), q);
}

// Mixtral 8x7B's shape cut to 4 layers: 8 routed experts of 3 · 4096 · 14336 = 176,160,768
// parameters each per layer, 2 a token; Q8_0 stores them at 34 bytes per 32 weights.
ModelConfig mixtral4()
{
    ModelConfig c = testsupport::configs::llama2_7b();
    c.n_layers = 4;
    c.n_kv_heads = 8;
    c.moe.n_routed_experts = 8;
    c.moe.experts_per_token = 2;
    c.moe.expert_d_ff = 14336;
    return c;
}

RunRow mixtral4On(const char* gpuId, LlamaCppBackend backend, std::uint64_t batch = 1)
{
    static const ModelConfig c = mixtral4();
    static const ParamCount count = countParameters(c);
    RunQuery q;
    q.hardware.gpu = gpu(gpuId);
    q.hardware.gpus = 1;
    q.runtime = runtimeProfile(Runtime::LlamaCpp);
    q.runtime.llama_cpp.backend = backend;
    q.context = 512;
    q.batch = batch;
    return evaluateRun(c, count, precisionById("q8_0"), q);
}

// A decode step of 4 GB streamed from an RX 7900 XTX (960 GB/s) through 32 layers, in the class
// of llama.cpp's ROCm/HIP or Vulkan backend.
StepTerms radeonStep(bool vulkan)
{
    StepTerms t;
    (vulkan ? t.gddr_amd_vulkan_s : t.gddr_amd_s) = 4e9 / 960e9;
    t.layers = 32;
    return t;
}

} // namespace

class TestSpeedAmd : public QObject {
    Q_OBJECT
private slots:
    // GDDR on a Radeon is a class of its own; GeForce GDDR, Instinct HBM and Strix Halo's
    // LPDDR5X keep theirs.
    void radeonGddrIsItsOwnClass()
    {
        QVERIFY(gpu("rx-7900-xtx-24gb").memoryClass() == MemoryClass::GddrAmd);
        QVERIFY(gpu("rx-7900-xt-20gb").memoryClass() == MemoryClass::GddrAmd);
        QVERIFY(gpu("rx-9070-xt-16gb").memoryClass() == MemoryClass::GddrAmd);
        QVERIFY(gpu("rtx-4090-24gb").memoryClass() == MemoryClass::Gddr);
        QVERIFY(gpu("mi300x-192gb").memoryClass() == MemoryClass::Hbm);
        QVERIFY(gpu("ryzen-ai-max-395-128gb").memoryClass() == MemoryClass::Lpddr5x);
    }

    // A Radeon's prefill peak is its matrix (WMMA) FP16 rate, as every other card's is: compute
    // units × boost clock × FP16 FLOPS per clock and CU — 512 on RDNA 3 (GPUOpen's RDNA 3 WMMA
    // table; AMD's own 122.8 and 103 TFLOPS for the RX 7900 XTX and XT), 1,024 on RDNA 4. The RX
    // 9070 XT's 97.3 (twice its FP32) is its vector units' rate and left its prefill 44 % short.
    void radeonPeakIsTheMatrixRate_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("expected");
        QTest::newRow("RX 7900 XTX: 96 CU × 2.5 GHz × 512") << "rx-7900-xtx-24gb" << 96 * 2.5 * 512;
        QTest::newRow("RX 7900 XT: 84 CU × 2.4 GHz × 512") << "rx-7900-xt-20gb" << 84 * 2.4 * 512;
        QTest::newRow("RX 9070 XT: 64 CU × 2.97 GHz × 1024")
            << "rx-9070-xt-16gb" << 64 * 2.97 * 1024;
    }
    void radeonPeakIsTheMatrixRate()
    {
        QFETCH(QString, id);
        QFETCH(double, expected);
        const std::optional<double> tflops = gpu(id.toStdString().c_str()).bf16_tflops;
        QVERIFY(tflops.has_value());
        QVERIFY2(std::abs(*tflops - expected / 1000) <= 0.005 * *tflops,
                 qPrintable(QString::number(*tflops)));
    }

    // ROCm/HIP, by hand: 4e9 / (0.611 × 960e9) + 32 × 47.4 µs = 6.819 ms + 1.517 ms = 8.336 ms
    // (120.0 tokens/s). The same bytes as GeForce GDDR (0.90): 4.630 ms + 1.517 ms = 6.146 ms.
    void stepOnRocm()
    {
        const SpeedConstants& s = runtimeProfile(Runtime::LlamaCpp).speed;
        QCOMPARE(s.bandwidth_gddr_amd, 0.611);
        QCOMPARE(s.bandwidth_gddr, 0.9);
        QCOMPARE(s.layer_us, 47.4);
        QCOMPARE(gpu("rx-7900-xtx-24gb").bandwidth_gb_s, 960.0);
        const double expected = 4e9 / (0.611 * 960e9) + 32 * 47.4e-6;
        QVERIFY(std::abs(stepSeconds(radeonStep(false), s, false) - expected) < 1e-12);
        QVERIFY(std::abs(expected - 8.336e-3) < 1e-6);
        StepTerms geforce;
        geforce.gddr_s = 4e9 / 960e9;
        geforce.layers = 32;
        QVERIFY(std::abs(stepSeconds(geforce, s, false) - (4e9 / (0.9 * 960e9) + 32 * 47.4e-6)) <
                1e-12);
    }

    // Vulkan, by hand: 4e9 / (0.811 × 960e9) + 32 × 47.4 µs = 5.138 ms + 1.517 ms = 6.655 ms
    // (150.3 tokens/s): 25 % faster than ROCm/HIP on the same card and bytes.
    void stepOnVulkan()
    {
        const SpeedConstants& s = runtimeProfile(Runtime::LlamaCpp).speed;
        QCOMPARE(s.bandwidth_gddr_amd_vulkan, 0.811);
        const double expected = 4e9 / (0.811 * 960e9) + 32 * 47.4e-6;
        QVERIFY(std::abs(stepSeconds(radeonStep(true), s, false) - expected) < 1e-12);
        QVERIFY(std::abs(expected - 6.655e-3) < 1e-6);
        QVERIFY(std::abs(stepSeconds(radeonStep(false), s, false) / expected - 1.2527) < 1e-3);
    }

    // A MoE's routed experts under Vulkan, by hand: of the same 4 GB, 1 GB dense and 3 GB of
    // experts take 1e9 / (0.811 × 960e9) + 3e9 / (0.811 × 0.634 × 960e9) + 32 × 47.4 µs =
    // 1.284 ms + 6.078 ms + 1.517 ms = 8.879 ms, against 6.655 ms for 4 GB of dense reads. The
    // expert share touches no other class: ROCm/HIP and GeForce steps keep their time at any
    // value of it.
    void expertsStreamSlowerOnVulkan()
    {
        const SpeedConstants& s = runtimeProfile(Runtime::LlamaCpp).speed;
        QCOMPARE(s.vulkan_expert_efficiency, 0.634);
        StepTerms moe;
        moe.gddr_amd_vulkan_s = 1e9 / 960e9;
        moe.gddr_amd_vulkan_expert_s = 3e9 / 960e9;
        moe.layers = 32;
        const double expected =
            1e9 / (0.811 * 960e9) + 3e9 / (0.811 * 0.634 * 960e9) + 32 * 47.4e-6;
        QVERIFY(std::abs(stepSeconds(moe, s, false) - expected) < 1e-12);
        QVERIFY(std::abs(expected - 8.879e-3) < 1e-6);
        SpeedConstants none = s;
        none.vulkan_expert_efficiency = 1.0;
        QVERIFY(std::abs(stepSeconds(moe, none, false) - stepSeconds(radeonStep(true), s, false)) <
                1e-12);
        StepTerms geforce;
        geforce.gddr_s = 4e9 / 960e9;
        geforce.layers = 32;
        SpeedConstants half = s;
        half.vulkan_expert_efficiency = 0.5;
        QCOMPARE(stepSeconds(radeonStep(false), half, false),
                 stepSeconds(radeonStep(false), s, false));
        QCOMPARE(stepSeconds(geforce, half, false), stepSeconds(geforce, s, false));
    }

    // Where a run's routed-expert bytes go. The 4-layer Mixtral at Q8_0 reads 4 layers × 2
    // experts × 176,160,768 × 34/32 = 1,497,366,528 bytes of routed experts a token: under Vulkan
    // on the RX 7900 XTX they are the expert term, 1,497,366,528 / 960e9 s, and the rest of the
    // step's bytes the Vulkan term, together ROCm/HIP's one term. A batch of 4 visits
    // 8 · (1 − (6/8)^4) = 5.46875 experts per layer: 3.46875 more, each 4 layers × 187,170,816
    // bytes, all in the expert term. A dense model under Vulkan, the MoE under ROCm/HIP and on a
    // GeForce set to Vulkan have no expert term.
    void runsPutRoutedExpertsInTheirTerm()
    {
        const double bw = 960e9;
        const double experts = 4.0 * 2 * 176'160'768 * 34 / 32;
        QCOMPARE(experts, 1'497'366'528.0);
        const RunRow vulkan = mixtral4On("rx-7900-xtx-24gb", LlamaCppBackend::Vulkan);
        const RunRow rocm = mixtral4On("rx-7900-xtx-24gb", LlamaCppBackend::Rocm);
        QVERIFY(vulkan.decode_tokens_per_s && rocm.decode_tokens_per_s);
        const StepTerms& v = vulkan.decode_terms;
        QVERIFY(std::abs(v.gddr_amd_vulkan_expert_s - experts / bw) < 1e-15);
        QVERIFY(v.gddr_amd_vulkan_s > 0);
        QVERIFY(std::abs(v.gddr_amd_vulkan_s + v.gddr_amd_vulkan_expert_s -
                         rocm.decode_terms.gddr_amd_s) < 1e-15);
        QCOMPARE(rocm.decode_terms.gddr_amd_vulkan_expert_s, 0.0);
        QCOMPARE(rocm.decode_terms.gddr_amd_vulkan_s, 0.0);
        const SpeedConstants& s = runtimeProfile(Runtime::LlamaCpp).speed;
        QVERIFY(std::abs(*vulkan.decode_tokens_per_s - 1 / stepSeconds(v, s, false)) <
                1e-9 * *vulkan.decode_tokens_per_s);
        // The expert share slows the step by the expert bytes' extra time alone.
        const double q = 1 + v.quantized_share * (1 / s.quantized_efficiency - 1);
        const double extra = experts / bw / s.bandwidth_gddr_amd_vulkan * (1 / 0.634 - 1) * q;
        SpeedConstants none = s;
        none.vulkan_expert_efficiency = 1.0;
        QVERIFY(std::abs(stepSeconds(v, s, false) - stepSeconds(v, none, false) - extra) < 1e-12);

        const RunRow batch = mixtral4On("rx-7900-xtx-24gb", LlamaCppBackend::Vulkan, 4);
        const double more = 3.46875 * 4 * 187'170'816;
        QVERIFY(std::abs(batch.decode_terms.gddr_amd_vulkan_expert_s - (experts + more) / bw) <
                1e-15);

        const RunRow dense = llama3On("rx-7900-xtx-24gb", LlamaCppBackend::Vulkan);
        QCOMPARE(dense.decode_terms.gddr_amd_vulkan_expert_s, 0.0);
        QVERIFY(dense.decode_terms.gddr_amd_vulkan_s > 0);
        const RunRow nv = mixtral4On("rtx-4090-24gb", LlamaCppBackend::Vulkan);
        QCOMPARE(nv.decode_terms.gddr_amd_vulkan_expert_s, 0.0);
        QCOMPARE(*nv.decode_tokens_per_s,
                 *mixtral4On("rtx-4090-24gb", LlamaCppBackend::Auto).decode_tokens_per_s);
        // A prefill's expert matrices stay in the Vulkan term.
        QCOMPARE(vulkan.prefill_terms.gddr_amd_vulkan_expert_s, 0.0);
    }

    // A run on the Radeon puts its bytes in its backend's term (auto: ROCm/HIP), one on a GeForce
    // in the GDDR term; the decode rate is one step's inverse.
    void runsUseTheBackendsTerm()
    {
        const SpeedConstants& s = runtimeProfile(Runtime::LlamaCpp).speed;
        for (const LlamaCppBackend b : llamaCppBackends()) {
            const RunRow amd = llama3On("rx-7900-xtx-24gb", b);
            QVERIFY(amd.decode_tokens_per_s.has_value());
            QCOMPARE(amd.decode_terms.gddr_s, 0.0);
            const bool vulkan = b == LlamaCppBackend::Vulkan;
            QCOMPARE(amd.decode_terms.gddr_amd_s > 0, !vulkan);
            QCOMPARE(amd.decode_terms.gddr_amd_vulkan_s > 0, vulkan);
            QCOMPARE(amd.prefill_terms.gddr_amd_vulkan_s > 0, vulkan);
            QVERIFY(
                std::abs(*amd.decode_tokens_per_s - 1 / stepSeconds(amd.decode_terms, s, false)) <
                1e-9 * *amd.decode_tokens_per_s);
        }
        const RunRow nv = llama3On("rtx-4090-24gb", LlamaCppBackend::Vulkan);
        QCOMPARE(nv.decode_terms.gddr_amd_s, 0.0);
        QCOMPARE(nv.decode_terms.gddr_amd_vulkan_s, 0.0);
        QVERIFY(nv.decode_terms.gddr_s > 0);
    }

    // The backend moves a Radeon's decode, under llama.cpp and Ollama alike (the same bytes,
    // 0.811 / 0.611 of the memory time), and nothing on NVIDIA or Apple, nor under a serving
    // engine; memory and prefill's compute are the same either way.
    void theBackendChangesOnlyTheRadeon()
    {
        for (const Runtime rt : {Runtime::LlamaCpp, Runtime::Ollama}) {
            const RunRow autoRow = llama3On("rx-7900-xtx-24gb", LlamaCppBackend::Auto, rt);
            const RunRow rocm = llama3On("rx-7900-xtx-24gb", LlamaCppBackend::Rocm, rt);
            const RunRow vulkan = llama3On("rx-7900-xtx-24gb", LlamaCppBackend::Vulkan, rt);
            QCOMPARE(*autoRow.decode_tokens_per_s, *rocm.decode_tokens_per_s);
            QVERIFY(*vulkan.decode_tokens_per_s > *rocm.decode_tokens_per_s * 1.10);
            QCOMPARE(vulkan.decode_terms.gddr_amd_vulkan_s, rocm.decode_terms.gddr_amd_s);
            QCOMPARE(vulkan.bytes_per_gpu, rocm.bytes_per_gpu);
            QCOMPARE(vulkan.max_context, rocm.max_context);
            QCOMPARE(vulkan.verdict, rocm.verdict);
        }
        for (const char* other : {"rtx-4090-24gb", "m4-max-128gb", "dgx-spark-128gb"}) {
            const RunRow a = llama3On(other, LlamaCppBackend::Auto);
            for (const LlamaCppBackend b : {LlamaCppBackend::Rocm, LlamaCppBackend::Vulkan}) {
                const RunRow r = llama3On(other, b);
                QCOMPARE(*r.decode_tokens_per_s, *a.decode_tokens_per_s);
                QCOMPARE(*r.prefill_tokens_per_s, *a.prefill_tokens_per_s);
            }
        }
        const RunRow vllm = llama3On("rx-7900-xtx-24gb", LlamaCppBackend::Vulkan, Runtime::Vllm);
        QCOMPARE(vllm.decode_terms.gddr_amd_vulkan_s, 0.0);
        QVERIFY(vllm.decode_terms.gddr_amd_s > 0);
    }

    // My hardware's efficiency field reads and edits the constant of the Radeon's backend only.
    void theEditableEfficiencyIsTheBackendsOne()
    {
        RuntimeProfile rt = runtimeProfile(Runtime::LlamaCpp);
        const SpeedConstants s = rt.speed;
        QCOMPARE(decodeEfficiency(rt, gpu("rx-7900-xt-20gb")), s.bandwidth_gddr_amd);
        rt.llama_cpp.backend = LlamaCppBackend::Vulkan;
        QCOMPARE(decodeEfficiency(rt, gpu("rx-7900-xt-20gb")), s.bandwidth_gddr_amd_vulkan);
        QCOMPARE(decodeEfficiency(rt, gpu("rtx-4090-24gb")), 0.9);
        setDecodeEfficiency(rt, gpu("rx-7900-xt-20gb"), 0.5);
        QCOMPARE(rt.speed.bandwidth_gddr_amd_vulkan, 0.5);
        QCOMPARE(rt.speed.bandwidth_gddr_amd, s.bandwidth_gddr_amd);
        QCOMPARE(rt.speed.bandwidth_gddr, 0.9);
        rt.llama_cpp.backend = LlamaCppBackend::Rocm;
        setDecodeEfficiency(rt, gpu("rx-7900-xt-20gb"), 0.55);
        QCOMPARE(rt.speed.bandwidth_gddr_amd, 0.55);
        QCOMPARE(rt.speed.bandwidth_gddr_amd_vulkan, 0.5);
    }

    // The backend's names, as the CLI (--backend) and the settings (backend=) read them.
    void backendNames()
    {
        for (const LlamaCppBackend b : llamaCppBackends()) {
            QVERIFY(llamaCppBackendById(llamaCppBackendId(b)) == b);
        }
        QVERIFY(llamaCppBackendById("hip") == LlamaCppBackend::Rocm);
        QVERIFY(runtimeProfile(Runtime::Ollama).llama_cpp.backend == LlamaCppBackend::Auto);
        try {
            (void)llamaCppBackendById("cuda");
            QFAIL("cuda is not a choice here");
        } catch (const InputError& e) {
            QCOMPARE(e.message(),
                     std::string("unknown backend 'cuda' (known: auto, rocm, vulkan)"));
        }
        RuntimeProfile rt = runtimeProfile(Runtime::LlamaCpp);
        QCOMPARE(radeonBackendLabel(rt, gpu("rx-7900-xtx-24gb")), std::string("ROCm/HIP"));
        rt.llama_cpp.backend = LlamaCppBackend::Vulkan;
        QCOMPARE(radeonBackendLabel(rt, gpu("rx-7900-xtx-24gb")), std::string("Vulkan"));
        QCOMPARE(radeonBackendLabel(rt, gpu("rtx-4090-24gb")), std::string());
    }

    // The constants as the Runtime menu and `runs --json` list them show both AMD figures, the
    // Vulkan expert share and the backend.
    void theConstantsShowBothFigures()
    {
        RuntimeProfile rt = runtimeProfile(Runtime::Ollama);
        const auto value = [&rt](const char* name) {
            for (const RuntimeConstant& c : runtimeConstants(rt)) {
                if (c.name == name) {
                    return c.value;
                }
            }
            return std::string();
        };
        const std::string decode = value("decode bandwidth efficiency");
        QVERIFY2(decode.find("GDDR on AMD Radeon 0.61 (ROCm/HIP) / 0.81 (Vulkan)") !=
                     std::string::npos,
                 decode.c_str());
        QCOMPARE(value("Vulkan routed-expert reads"),
                 std::string("0.63 of the Vulkan figure (a MoE's routed experts on AMD Radeon)"));
        QCOMPARE(value("backend"), std::string("auto (ROCm/HIP on AMD Radeon)"));
        rt.llama_cpp.backend = LlamaCppBackend::Vulkan;
        QCOMPARE(value("backend"), std::string("Vulkan"));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestSpeedAmd)
#include "tst_speed_amd.moc"
