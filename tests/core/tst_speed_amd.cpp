// The speed model's memory class for AMD Radeon cards (docs/compute.md, "Speed model"): GDDR on
// a Radeon streams at the efficiency of llama.cpp's backend — bandwidth_gddr_amd under ROCm/HIP
// (also the automatic choice, and every runtime outside the llama.cpp family) and
// bandwidth_gddr_amd_vulkan under Vulkan, each fitted to its own backend's runs — GeForce GDDR at
// bandwidth_gddr whatever the backend, and the My hardware view edits the one that applies.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/model/count.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/shape/runtime.h"
#include "llmsizer/text/error.h"
#include "support/bundled_data.h"
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

    // Vulkan, by hand: 4e9 / (0.772 × 960e9) + 32 × 47.4 µs = 5.397 ms + 1.517 ms = 6.914 ms
    // (144.6 tokens/s): 21 % faster than ROCm/HIP on the same card and bytes.
    void stepOnVulkan()
    {
        const SpeedConstants& s = runtimeProfile(Runtime::LlamaCpp).speed;
        QCOMPARE(s.bandwidth_gddr_amd_vulkan, 0.772);
        const double expected = 4e9 / (0.772 * 960e9) + 32 * 47.4e-6;
        QVERIFY(std::abs(stepSeconds(radeonStep(true), s, false) - expected) < 1e-12);
        QVERIFY(std::abs(expected - 6.914e-3) < 1e-6);
        QVERIFY(std::abs(stepSeconds(radeonStep(false), s, false) / expected - 1.2057) < 1e-3);
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
    // 0.772 / 0.611 of the memory time), and nothing on NVIDIA or Apple, nor under a serving
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

    // The constants as the Runtime menu and `runs --json` list them show both AMD figures and the
    // backend.
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
        QVERIFY2(decode.find("GDDR on AMD Radeon 0.61 (ROCm/HIP) / 0.77 (Vulkan)") !=
                     std::string::npos,
                 decode.c_str());
        QCOMPARE(value("backend"), std::string("auto (ROCm/HIP on AMD Radeon)"));
        rt.llama_cpp.backend = LlamaCppBackend::Vulkan;
        QCOMPARE(value("backend"), std::string("Vulkan"));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestSpeedAmd)
#include "tst_speed_amd.moc"
