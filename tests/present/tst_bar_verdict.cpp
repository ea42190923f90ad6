// The memory bars' verdicts say what `llm-sizer-cli fit` says: for each (model, precision,
// context, GPU, count) the bar's verdict equals fitInference/fitTraining called as the CLI calls
// them (its parameters written out here), per GPU under the same layout.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/present/bar_verdict.h"
#include "llmsizer/shape/fit.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>
#include <filesystem>

using namespace llmsizer;

namespace {

ModelConfig preset(const QString& id)
{
    return testsupport::bundledPreset(id.toStdString());
}

const GpuCatalog& catalog()
{
    return testsupport::bundledCatalog();
}

// `llm-sizer-cli fit --precision P --context N --overhead transformers` (KV cache FP16, batch 1).
FitCheck cliInference(const ModelConfig& c, const QString& precision, std::uint64_t context,
                      const GpuSpec& gpu, std::uint64_t gpus)
{
    InferenceParams p;
    p.weights = precisionById(precision.toStdString());
    p.kv = kvPrecisionById("fp16");
    p.context = context;
    p.batch = 1;
    p.overhead = overheadProfileById("transformers");
    return fitInference(c, p, gpu, gpus);
}

// `llm-sizer-cli fit --mode training --context N --flash-attention` with BF16 weights and
// gradients (2 + 2 bytes), AdamW, no ZeRO, micro-batch 1: the bars' "BF16 mixed".
FitCheck cliTraining(const ModelConfig& c, std::uint64_t context, const GpuSpec& gpu,
                     std::uint64_t gpus)
{
    TrainingParams t;
    t.activations.seq = context;
    t.activations.micro_batch = 1;
    t.activations.flash_attention = true;
    t.activations.dropout = false;
    return fitTraining(c, t, gpu, gpus);
}

} // namespace

class TestBarVerdict : public QObject {
    Q_OBJECT
private slots:
    void equalsFit_data();
    void equalsFit();
    void fewestOfTheSelected();
    void noGpusNoVerdict();
    void smallestSelectedLineFirst();
    void noneHoldsItTheLargestSays();
};

void TestBarVerdict::equalsFit_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("precision");
    QTest::addColumn<qulonglong>("context");
    QTest::addColumn<bool>("training");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<qulonglong>("count");
    // Expected by hand where known: "" = only the equality with fit is checked.
    QTest::addColumn<QString>("expected");
    const QString h100 = QStringLiteral("h100-sxm-80gb");
    // The MLA latent cache (70.3 KB/token at FP16 × 163,840 tokens = 11.5 GB) sits whole on each
    // of the 8 tensor-parallel ranks: 89.8 GiB per GPU > 80 GiB; two nodes (TP 8 × PP 2) fit.
    // The bar (the whole, 671 GB + 11.5 GB) is under the line of the 8 GPUs' 687 GB: the verdict
    // says why it still needs more.
    QTest::newRow("DeepSeek-V3, FP8, 163840, 8x H100")
        << QStringLiteral("deepseek-v3") << QStringLiteral("fp8") << 163840ULL << false << h100
        << 8ULL << QStringLiteral("needs 16× H100 (not all of it splits)");
    QTest::newRow("DeepSeek-V3, INT4, 163840, 8x H100")
        << QStringLiteral("deepseek-v3") << QStringLiteral("int4") << 163840ULL << false << h100
        << 8ULL << QString();
    // Llama 3 8B at FP16: 16.1 GB of weights + 1.07 GB of KV cache at 8,192 tokens (131,072
    // bytes per token) and the runtime's overhead: well under one H100's 80 GiB.
    QTest::newRow("Llama 3 8B, FP16, 8192, 1x H100")
        << QStringLiteral("llama-3-8b") << QStringLiteral("fp16") << 8192ULL << false << h100
        << 1ULL << QString();
    // Llama 3 70B at FP16: 141 GB of weights cannot sit on one 80 GiB GPU.
    QTest::newRow("Llama 3 70B, FP16, 8192, 1x H100")
        << QStringLiteral("llama-3-70b") << QStringLiteral("fp16") << 8192ULL << false << h100
        << 1ULL << QStringLiteral("needs 2× H100");
    QTest::newRow("Llama 3.1 405B, FP8, 131072, 8x H100")
        << QStringLiteral("llama-3.1-405b") << QStringLiteral("fp8") << 131072ULL << false << h100
        << 8ULL << QString();
    QTest::newRow("Mixtral 8x22B, FP16, 65536, 4x A100 80GB")
        << QStringLiteral("mixtral-8x22b") << QStringLiteral("fp16") << 65536ULL << false
        << QStringLiteral("a100-sxm-80gb") << 4ULL << QString();
    QTest::newRow("GPT-2 small, FP32, 1024, 1x RTX 4090")
        << QStringLiteral("gpt-2-small") << QStringLiteral("fp32") << 1024ULL << false
        << QStringLiteral("rtx-4090-24gb") << 1ULL << QString();
    QTest::newRow("Llama 3 8B, FP16, 8192, 8x H100: one is enough")
        << QStringLiteral("llama-3-8b") << QStringLiteral("fp16") << 8192ULL << false << h100
        << 8ULL << QString();
    QTest::newRow("Llama 3 8B, training BF16, 8192, 8x H100")
        << QStringLiteral("llama-3-8b") << QStringLiteral("fp16") << 8192ULL << true << h100 << 8ULL
        << QString();
    QTest::newRow("Llama 3 70B, training BF16, 4096, 8x H100")
        << QStringLiteral("llama-3-70b") << QStringLiteral("fp16") << 4096ULL << true << h100
        << 8ULL << QString();
}

void TestBarVerdict::equalsFit()
{
    QFETCH(QString, model);
    QFETCH(QString, precision);
    QFETCH(qulonglong, context);
    QFETCH(bool, training);
    QFETCH(QString, gpu);
    QFETCH(qulonglong, count);
    QFETCH(QString, expected);
    const ModelConfig config = preset(model);
    const GpuSpec* spec = catalog().find(gpu.toStdString());
    QVERIFY(spec != nullptr);
    MemoryViewOptions o;
    o.context = context;
    o.batch = 1;
    o.training = training;
    o.kv_precision = "fp16";
    o.overhead = "transformers";
    const std::string key = gpu.toStdString() + ":" + std::to_string(count);
    const BarVerdict v = barVerdict(config, precision.toStdString(), o, catalog(), {key});
    const FitCheck f = training ? cliTraining(config, context, *spec, count)
                                : cliInference(config, precision, context, *spec, count);
    QCOMPARE(v.capacity_bytes, f.capacity_bytes);
    if (f.fits) {
        // fit's own answer to "how many do I need": gpus_needed, at most the selected count.
        QCOMPARE(v.kind, BarVerdict::Kind::Fits);
        QVERIFY(f.gpus_needed > 0 && f.gpus_needed <= count);
        QCOMPARE(v.gpus, f.gpus_needed);
        QCOMPARE(v.required_bytes, f.needed_required_bytes);
        QVERIFY(v.split == f.needed_split);
        const double spare = static_cast<double>(f.capacity_bytes - f.needed_required_bytes) /
                             static_cast<double>(f.capacity_bytes);
        QCOMPARE(v.tight, spare < 0.10);
        const int used = static_cast<int>(100.0 * static_cast<double>(f.needed_required_bytes) /
                                          static_cast<double>(f.capacity_bytes));
        // The fullest GPU's share when the GPUs hold over a tenth more than an even split of
        // the whole (inference: the MLA cache on every rank, INT4 DeepSeek-V3 on 8).
        const bool uneven = !training && f.gpus_needed > 1 &&
                            static_cast<double>(f.needed_required_bytes * f.gpus_needed) >
                                1.1 * static_cast<double>(f.single_gpu_bytes);
        const QString tail = uneven ? QStringLiteral("(%1 % used on the fullest)").arg(used)
                                    : QStringLiteral("(%1 % used)").arg(used);
        QVERIFY2(QString::fromStdString(v.text).endsWith(tail), v.text.c_str());
        if (precision == QStringLiteral("int4") && count == 8) {
            QVERIFY(uneven);
        }
    } else if (f.gpus_needed > 0) {
        QCOMPARE(v.kind, BarVerdict::Kind::Needs);
        QCOMPARE(v.gpus, f.gpus_needed);
        QCOMPARE(v.required_bytes, f.needed_required_bytes);
    } else {
        QCOMPARE(v.kind, BarVerdict::Kind::DoesNotFit);
        QCOMPARE(v.text, std::string("does not fit on the selected GPUs"));
    }
    if (!expected.isEmpty()) {
        QCOMPARE(QString::fromStdString(v.text), expected);
    }
    if (model == QStringLiteral("deepseek-v3") && precision == QStringLiteral("fp8")) {
        // 89.8 GiB per GPU on 8 (the figure fit prints), against 80 GiB.
        QCOMPARE(std::round(static_cast<double>(f.required_bytes) / 1073741824.0 * 10) / 10, 89.8);
    }
}

// Llama 3 8B at FP16 with 8× H100 selected: 16.06 GB of weights + 1.07 GB of KV cache (131,072
// bytes per token × 8,192) and the runtime's overhead sit on one H100 (80 GiB = 85.9 GB), so the
// bar says how few of the eight it needs.
void TestBarVerdict::fewestOfTheSelected()
{
    MemoryViewOptions o;
    o.context = 8192;
    o.overhead = "transformers";
    const BarVerdict v =
        barVerdict(preset(QStringLiteral("llama-3-8b")), "fp16", o, catalog(), {"h100-sxm-80gb:8"});
    QCOMPARE(v.kind, BarVerdict::Kind::Fits);
    QCOMPARE(v.gpus, std::uint64_t{1});
    QVERIFY2(v.text.rfind("fits on 1× H100 (", 0) == 0, v.text.c_str());
}

void TestBarVerdict::noGpusNoVerdict()
{
    MemoryViewOptions o;
    const BarVerdict v = barVerdict(preset(QStringLiteral("llama-3-8b")), "fp16", o, catalog(), {});
    QCOMPARE(v.kind, BarVerdict::Kind::NoGpus);
    QVERIFY(v.text.empty());
}

// Llama 3 8B at FP16 (about 17 GB) with an RTX 4090 (24 GB), an H100 and 8 H100s selected:
// the answer names the smallest line that holds it, the RTX 4090.
void TestBarVerdict::smallestSelectedLineFirst()
{
    MemoryViewOptions o;
    o.context = 4096;
    o.overhead = "none";
    const BarVerdict v = barVerdict(preset(QStringLiteral("llama-3-8b")), "fp16", o, catalog(),
                                    {"h100-sxm-80gb:8", "h100-sxm-80gb", "rtx-4090-24gb"});
    QCOMPARE(v.kind, BarVerdict::Kind::Fits);
    QCOMPARE(v.gpu_id, std::string("rtx-4090-24gb"));
    QCOMPARE(v.gpus, std::uint64_t{1});
}

// Llama 3 70B at FP16 with an RTX 4090, an A100 40GB and an H100 selected, one of each: its
// weights alone are 70,553,706,496 × 2 = 141.1 GB, more than any of them holds (80 GiB = 85.9 GB
// at most). The answer is the largest line's: how many H100s it needs, two (70.6 GB of weights
// each), as fit says when asked about one H100.
void TestBarVerdict::noneHoldsItTheLargestSays()
{
    MemoryViewOptions o;
    o.context = 8192;
    o.overhead = "transformers";
    const ModelConfig config = preset(QStringLiteral("llama-3-70b"));
    const BarVerdict v = barVerdict(config, "fp16", o, catalog(),
                                    {"rtx-4090-24gb", "a100-sxm-40gb", "h100-sxm-80gb"});
    QCOMPARE(v.kind, BarVerdict::Kind::Needs);
    QCOMPARE(v.gpu_id, std::string("h100-sxm-80gb"));
    QCOMPARE(v.gpus, std::uint64_t{2});
    QCOMPARE(v.text, std::string("needs 2\u00d7 H100"));
    const FitCheck f =
        cliInference(config, QStringLiteral("fp16"), 8192, *catalog().find("h100-sxm-80gb"), 1);
    QCOMPARE(v.required_bytes, f.needed_required_bytes);
    QVERIFY(v.split == f.needed_split);
}

LLMSIZER_TEST_APPLESS_MAIN(TestBarVerdict)
#include "tst_bar_verdict.moc"
