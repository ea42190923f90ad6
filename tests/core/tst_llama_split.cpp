// llama.cpp over several GPUs with a MoE's experts in RAM: the first N layers' experts go to RAM
// (--n-cpu-moe N), and an even split of the layers (llama.cpp's default) would then leave the
// first GPU nearly empty and the last full. The placement splits them by bytes and says so with
// a tensor split (-ts). On a Mac, the CPU reads those experts at what its clusters reach of the
// pool.
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

using u64 = std::uint64_t;

Placement place(const char* gpu, u64 gpus)
{
    const Preset& p = testsupport::bundledPresetEntry("gpt-oss-120b");
    const RunModel m{p.config, countParameters(p.config), p.shipped_precision,
                     presetFp8Checkpoint(p)};
    RunQuery q;
    q.hardware.gpu = testsupport::bundledCatalog().at(gpu);
    q.hardware.gpus = gpus;
    q.hardware.ram_bytes = 64'000'000'000;
    q.runtime = runtimeProfile(Runtime::LlamaCpp);
    q.context = 8192;
    return placeModel(m, precisionById("mxfp4_moe"), q, 8192, gpus, true);
}

} // namespace

class TestLlamaSplit : public QObject {
    Q_OBJECT
private slots:
    // gpt-oss-120b MXFP4_MOE: a layer's experts are 128 × 3 matrices of 2,880 × 2,880 in MXFP4
    // (17 bytes per 32) and their F32 biases (128 × (2 · 2,880 + 2,880) · 4): 1,692,057,600 +
    // 4,423,680 = 1,696,481,280 bytes. RAM holds N of those and token_embd (201,088 × 2,880 in
    // Q8_0, 615,329,280). One 24 GB card needs N = 23; two, whose 51.5 GB take all but about
    // 13.6 GB of the 63 GB file, need 8, with more layers on the first GPU.
    void twoGpusTakeTheirShare()
    {
        const Placement one = place("rtx-4090-24gb", 1);
        QCOMPARE(one.kind, PlacementKind::ExpertsInRam);
        QCOMPARE(one.cpu_moe_layers, u64(23));
        const Placement two = place("rtx-3090-24gb", 2);
        QCOMPARE(two.kind, PlacementKind::ExpertsInRam);
        QVERIFY2(two.cpu_moe_layers >= 7 && two.cpu_moe_layers <= 9,
                 qPrintable(QString::number(two.cpu_moe_layers)));
        QCOMPARE(two.host_bytes, two.cpu_moe_layers * u64(1'696'481'280) + u64(615'329'280));
        QVERIFY(two.load.total_bytes <= two.capacity_bytes);
        const QString flags = QString::fromStdString(two.flags);
        QVERIFY2(flags.startsWith(
                     QStringLiteral("-ngl 999 --n-cpu-moe %1 -ts ").arg(two.cpu_moe_layers)),
                 qPrintable(flags));
        // The first GPU, whose layers' experts are in RAM, takes more layers than the second.
        const QStringList split = flags.section(QStringLiteral("-ts "), 1).split(QLatin1Char(','));
        QCOMPARE(split.size(), 2);
        QVERIFY(split[0].toUInt() > split[1].toUInt());
        QCOMPARE(split[0].toUInt() + split[1].toUInt(), 36u);
    }

    // On a Mac the experts in RAM are the CPU's to read from the same pool: an M3 Max's CPU
    // clusters reach 59 % of its 400 GB/s (AnandTech's M1 Max, 243 of 409.6 GB/s), so the step
    // reads the RAM's bytes at 236 GB/s, before llama.cpp's DDR efficiency; an M3 Pro's CPU
    // (150 GB/s) reads at the pool's whole bandwidth.
    void appleCpuReadsPartOfThePool()
    {
        const Preset& p = testsupport::bundledPresetEntry("gpt-oss-120b");
        const RunModel m{p.config, countParameters(p.config), p.shipped_precision,
                         presetFp8Checkpoint(p)};
        RunQuery q;
        q.hardware.gpu = testsupport::bundledCatalog().at("m3-max-64gb");
        q.runtime = runtimeProfile(Runtime::LlamaCpp);
        q.context = 8192;
        const Placement pl = placeModel(m, precisionById("mxfp4_moe"), q, 8192, 1, true);
        QCOMPARE(pl.kind, PlacementKind::ExpertsInRam);
        const RunRow r = evaluateRun(m, precisionById("mxfp4_moe"), q);
        const double host = static_cast<double>(pl.host_read_bytes);
        QVERIFY(host > 0);
        QVERIFY2(std::abs(r.decode_terms.ddr_s - host / (400e9 * 0.59)) < 1e-9,
                 qPrintable(QString::number(r.decode_terms.ddr_s)));
        QCOMPARE(q.runtime.speed.apple_cpu_share, 0.59);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestLlamaSplit)
#include "tst_llama_split.moc"
