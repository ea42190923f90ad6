// The speed model's memory class for AMD Radeon cards (docs/compute.md, "Speed model"): GDDR on
// a Radeon streams at its own efficiency (bandwidth_gddr_amd, fitted to ROCm/HIP and Vulkan runs
// of llama.cpp), GeForce GDDR at bandwidth_gddr, and the My hardware view edits the one that
// applies to the chosen card.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/model/count.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/shape/runtime.h"
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

RunRow llama3On(const char* gpuId)
{
    const Preset& p = testsupport::bundledPresetEntry("llama-3-8b");
    RunQuery q;
    q.hardware.gpu = gpu(gpuId);
    q.hardware.gpus = 1;
    q.runtime = runtimeProfile(Runtime::LlamaCpp);
    q.context = 512;
    return evaluateRun(
        RunModel{p.config, countParameters(p.config), p.shipped_precision, presetFp8Checkpoint(p)},
        precisionById("q4_k_m"), q);
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
        QVERIFY(gpu("rtx-4090-24gb").memoryClass() == MemoryClass::Gddr);
        QVERIFY(gpu("mi300x-192gb").memoryClass() == MemoryClass::Hbm);
        QVERIFY(gpu("ryzen-ai-max-395-128gb").memoryClass() == MemoryClass::Lpddr5x);
    }

    // A decode step of 4 GB streamed from an RX 7900 XTX (960 GB/s) through 32 layers, by hand:
    // 4e9 / (0.715 × 960e9) + 32 × 47.4 µs = 5.828 ms + 1.517 ms = 7.344 ms (136.2 tokens/s).
    // The same bytes as GeForce GDDR (0.90): 4.630 ms + 1.517 ms = 6.147 ms.
    void stepOfTheAmdClass()
    {
        const SpeedConstants& s = runtimeProfile(Runtime::LlamaCpp).speed;
        QCOMPARE(s.bandwidth_gddr_amd, 0.715);
        QCOMPARE(s.bandwidth_gddr, 0.9);
        QCOMPARE(s.layer_us, 47.4);
        QCOMPARE(gpu("rx-7900-xtx-24gb").bandwidth_gb_s, 960.0);
        StepTerms t;
        t.gddr_amd_s = 4e9 / 960e9;
        t.layers = 32;
        const double expected = 4e9 / (0.715 * 960e9) + 32 * 47.4e-6;
        QVERIFY(std::abs(stepSeconds(t, s, false) - expected) < 1e-12);
        QVERIFY(std::abs(expected - 7.344e-3) < 1e-6);
        StepTerms geforce;
        geforce.gddr_s = t.gddr_amd_s;
        geforce.layers = 32;
        QVERIFY(std::abs(stepSeconds(geforce, s, false) - (4e9 / (0.9 * 960e9) + 32 * 47.4e-6)) <
                1e-12);
    }

    // A run on the Radeon puts its bytes in the AMD term, one on a GeForce in the GDDR term; the
    // decode rate is one step's inverse.
    void runsUseTheAmdTerm()
    {
        const RunRow amd = llama3On("rx-7900-xtx-24gb");
        QVERIFY(amd.decode_tokens_per_s.has_value());
        QCOMPARE(amd.decode_terms.gddr_s, 0.0);
        QVERIFY(amd.decode_terms.gddr_amd_s > 0);
        const SpeedConstants& s = runtimeProfile(Runtime::LlamaCpp).speed;
        QVERIFY(std::abs(*amd.decode_tokens_per_s - 1 / stepSeconds(amd.decode_terms, s, false)) <
                1e-9 * *amd.decode_tokens_per_s);
        const RunRow nv = llama3On("rtx-4090-24gb");
        QCOMPARE(nv.decode_terms.gddr_amd_s, 0.0);
        QVERIFY(nv.decode_terms.gddr_s > 0);
    }

    // My hardware's efficiency field reads and edits the AMD constant on a Radeon only.
    void theEditableEfficiencyIsTheAmdOne()
    {
        SpeedConstants s = runtimeProfile(Runtime::LlamaCpp).speed;
        QCOMPARE(decodeEfficiency(s, gpu("rx-7900-xt-20gb")), s.bandwidth_gddr_amd);
        setDecodeEfficiency(s, gpu("rx-7900-xt-20gb"), 0.5);
        QCOMPARE(s.bandwidth_gddr_amd, 0.5);
        QCOMPARE(s.bandwidth_gddr, 0.9);
        QCOMPARE(decodeEfficiency(s, gpu("rtx-4090-24gb")), 0.9);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestSpeedAmd)
#include "tst_speed_amd.moc"
