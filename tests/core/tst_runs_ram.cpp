// Rows that keep weights in system RAM: a row's context is one its own placement holds (experts
// in RAM stay experts in RAM up to it), and a row near the end of the RAM given is tight, as one
// near the end of the GPU's memory is.
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
    // Llama 4 Scout Q4_K_M on an RTX 4090 with 64 GB: experts in RAM at 8,192 tokens. At the
    // row's longest context it still runs that way; one token more, whole layers go to RAM
    // (the note says how far that goes). The row said 446,449 tokens, the offload's.
    void expertsRowKeepsItsPlacement()
    {
        const Model scout("llama-4-scout");
        const RunModel m = scout.run();
        const RunRow r = evaluateRun(m, precisionById("q4_k_m"), rtx4090With64Gb(8192));
        QCOMPARE(r.verdict, RunVerdict::ExpertsInRam);
        const auto kindAt = [&](u64 ctx) {
            const Placement pl =
                placeModel(m, precisionById("q4_k_m"), rtx4090With64Gb(ctx), ctx, 1, true);
            return pl.fits ? pl.kind : PlacementKind::Gpus;
        };
        QCOMPARE(kindAt(r.max_context), PlacementKind::ExpertsInRam);
        QVERIFY(kindAt(r.max_context + 1) != PlacementKind::ExpertsInRam);
        QVERIFY2(r.note.find("with whole layers in RAM instead (slower)") != std::string::npos,
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
};

LLMSIZER_TEST_GUILESS_MAIN(TestRunsRam)
#include "tst_runs_ram.moc"
