// Fit check and rooflines: the teaching guide's hardware table reproduced with the catalog, the
// decode bound of a 7B model on an H100 by hand, and the layout rules.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/compute/speed.h"
#include "llmsizer/model/count.h"
#include "llmsizer/shape/fit.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>

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

// The teaching guide states no context; a 2048-token chat with an fp16 KV cache and no runtime
// overhead.
InferenceParams chat(const QString& precision)
{
    InferenceParams p;
    p.weights = precisionById(precision.toStdString());
    p.context = 2048;
    return p;
}

constexpr double kGiB = 1073741824.0;

} // namespace

class TestFit : public QObject {
    Q_OBJECT
private slots:
    // gpus_needed skips counts that cannot fit (need(n) ≥ one-GPU need / n); the answer must be
    // the first candidate count that fits, found here by asking about every count in turn.
    void neededEqualsLinearSearch()
    {
        FitOptions options;
        options.max_gpus = 512;
        FitOptions each = options;
        each.find_needed = false;
        const std::vector<std::uint64_t> counts = candidateGpuCounts(options);
        std::vector<std::pair<QString, ModelConfig>> configs;
        for (const char* id : {"gpt-2-small", "llama-3-8b", "llama-3-70b", "llama-3.1-405b",
                               "mixtral-8x22b", "deepseek-v3", "gemma-2-27b", "qwen3-30b-a3b",
                               "falcon-7b", "gpt-oss-20b", "qwen2.5-72b", "glm-4.7"}) {
            configs.emplace_back(QString::fromLatin1(id), preset(QString::fromLatin1(id)));
        }
        // Shapes a slider reaches that fit on nothing or split badly: Llama 3 70B with 2 heads of
        // 4,096 (tensor parallel 1 or 2 only), with 5 heads of 1,024 at d_model 5,120 (1 or 5),
        // 405B with 3 heads over 126 layers; and Llama 3 70B with a vocabulary of 4,194,304 at
        // d_model 8,192: an embedding of 34.4 G parameters that one pipeline stage holds whole,
        // 64 GiB at FP16 on the first GPU however many there are. Nothing fits that on a 24 GB
        // card, and the search gives up without measuring every count.
        struct Variant {
            const char* name;
            const char* base;
            std::uint64_t heads, kv_heads, head_dim, d_model, vocab; // 0: the base's
        };
        for (const Variant& v :
             {Variant{"llama-3-70b, 2 heads", "llama-3-70b", 2, 2, 4096, 0, 0},
              Variant{"llama-3-70b, 5 heads", "llama-3-70b", 5, 5, 1024, 5120, 0},
              Variant{"llama-3.1-405b, 3 heads", "llama-3.1-405b", 3, 1, 128, 0, 0},
              Variant{"llama-3-70b, 4M vocabulary", "llama-3-70b", 0, 0, 0, 0, 4'194'304}}) {
            ModelConfig c = preset(QString::fromLatin1(v.base));
            c.n_heads = v.heads != 0 ? v.heads : c.n_heads;
            c.n_kv_heads = v.kv_heads != 0 ? v.kv_heads : c.n_kv_heads;
            c.head_dim = v.head_dim != 0 ? v.head_dim : c.head_dim;
            c.d_model = v.d_model != 0 ? v.d_model : c.d_model;
            c.vocab_size = v.vocab != 0 ? v.vocab : c.vocab_size;
            configs.emplace_back(QString::fromLatin1(v.name), c);
        }
        int fitsNowhere = 0;
        for (const auto& [name, config] : configs) {
            const QString id = name;
            for (const char* gpuId : {"rtx-4090-24gb", "h100-sxm-80gb", "rtx-3060-12gb"}) {
                const GpuSpec& gpu = catalog().at(gpuId);
                for (const std::uint64_t context : {8192ULL, 131072ULL}) {
                    InferenceParams p = chat(QStringLiteral("fp16"));
                    p.context = context;
                    p.overhead = overheadProfileById("vllm");
                    std::uint64_t linear = 0;
                    FitCheck first;
                    for (std::uint64_t n : counts) {
                        const FitCheck at = fitInference(config, p, gpu, n, each);
                        if (linear == 0 && at.fits) {
                            linear = n;
                            first = at;
                        }
                    }
                    const FitCheck c = fitInference(config, p, gpu, 1, options);
                    fitsNowhere += linear == 0 ? 1 : 0;
                    QCOMPARE(c.needed_split, linear == 0 ? ParallelSplit{} : first.split);
                    QCOMPARE(c.needed_required_bytes, first.required_bytes);
                    QVERIFY2(c.gpus_needed == linear,
                             qPrintable(QStringLiteral("%1 on %2 at %3: %4, linear %5")
                                            .arg(id, QLatin1String(gpuId))
                                            .arg(context)
                                            .arg(c.gpus_needed)
                                            .arg(linear)));
                }
                for (const int zero : {0, 1, 3}) {
                    TrainingParams t;
                    t.activations.seq = 4096;
                    t.zero_stage = zero;
                    FitCheck linear;
                    for (std::uint64_t n : counts) {
                        const FitCheck at = fitTraining(config, t, gpu, n, each);
                        if (linear.gpus_needed == 0 && at.fits) {
                            linear.gpus_needed = n;
                            linear.needed_split = at.split;
                            linear.needed_required_bytes = at.required_bytes;
                        }
                    }
                    const FitCheck c = fitTraining(config, t, gpu, 1, options);
                    QCOMPARE(c.gpus_needed, linear.gpus_needed);
                    // The layout and need at that count, notes and all, as if asked about it.
                    QCOMPARE(c.needed_split, linear.needed_split);
                    QCOMPARE(c.needed_required_bytes, linear.needed_required_bytes);
                }
            }
        }
        QVERIFY(fitsNowhere > 0); // the shortcut for a shape that fits on nothing was taken
    }

    // The teaching guide, "Hardware Requirements (Inference)": 7B 8GB (INT4) / 16GB (FP16); 13B
    // 16GB / 32GB; 70B 48GB / 140GB; 405B 200GB+ / 800GB+. A card of the stated size holds the
    // model (cards are binary GB); a "+" row needs at least that many decimal GB.
    void teachingGuideSizes_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<double>("gb");
        QTest::addColumn<bool>("atLeast");
        QTest::newRow("7B INT4, 8GB") << "llama-2-7b"
                                      << "int4" << 8.0 << false;
        QTest::newRow("7B FP16, 16GB") << "llama-2-7b"
                                       << "fp16" << 16.0 << false;
        QTest::newRow("13B INT4, 16GB") << "llama-2-13b"
                                        << "int4" << 16.0 << false;
        QTest::newRow("13B FP16, 32GB") << "llama-2-13b"
                                        << "fp16" << 32.0 << false;
        QTest::newRow("70B INT4, 48GB") << "llama-2-70b"
                                        << "int4" << 48.0 << false;
        QTest::newRow("70B FP16, 140GB") << "llama-2-70b"
                                         << "fp16" << 140.0 << false;
        QTest::newRow("405B INT4, 200GB+") << "llama-3.1-405b"
                                           << "int4" << 200.0 << true;
        QTest::newRow("405B FP16, 800GB+") << "llama-3.1-405b"
                                           << "fp16" << 800.0 << true;
    }
    void teachingGuideSizes()
    {
        QFETCH(QString, model);
        QFETCH(QString, precision);
        QFETCH(double, gb);
        QFETCH(bool, atLeast);
        const FitCheck f =
            fitInference(preset(model), chat(precision), catalog().at("h100-sxm-80gb"));
        const double total = static_cast<double>(f.single_gpu_bytes);
        if (atLeast) {
            QVERIFY(total >= gb * 1e9);
        } else {
            QVERIFY(total <= gb * kGiB);
        }
    }

    // The same rows on catalog devices: which fit, and how many are needed.
    void teachingGuideOnCatalog_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<quint64>("count");
        QTest::addColumn<bool>("fits");
        QTest::addColumn<quint64>("needed");
        QTest::newRow("7B INT4 on RTX 3060 12GB")
            << "llama-2-7b"
            << "int4"
            << "rtx-3060-12gb" << quint64(1) << true << quint64(1);
        QTest::newRow("7B FP16 on RTX 4060 Ti 16GB")
            << "llama-2-7b"
            << "fp16"
            << "rtx-4060-ti-16gb" << quint64(1) << true << quint64(1);
        QTest::newRow("7B FP16 on RTX 3060 12GB")
            << "llama-2-7b"
            << "fp16"
            << "rtx-3060-12gb" << quint64(1) << false << quint64(2);
        QTest::newRow("13B INT4 on RTX 4060 Ti 16GB")
            << "llama-2-13b"
            << "int4"
            << "rtx-4060-ti-16gb" << quint64(1) << true << quint64(1);
        QTest::newRow("13B FP16 on RTX 5090")
            << "llama-2-13b"
            << "fp16"
            << "rtx-5090-32gb" << quint64(1) << true << quint64(1);
        QTest::newRow("13B FP16 on RTX 4090")
            << "llama-2-13b"
            << "fp16"
            << "rtx-4090-24gb" << quint64(1) << false << quint64(2);
        QTest::newRow("70B INT4 on L40S") << "llama-2-70b"
                                          << "int4"
                                          << "l40s-48gb" << quint64(1) << true << quint64(1);
        QTest::newRow("70B INT4 on RTX A6000")
            << "llama-2-70b"
            << "int4"
            << "rtx-a6000-48gb" << quint64(1) << true << quint64(1);
        QTest::newRow("70B FP16 on H200") << "llama-2-70b"
                                          << "fp16"
                                          << "h200-sxm-141gb" << quint64(1) << true << quint64(1);
        QTest::newRow("70B FP16 on H100") << "llama-2-70b"
                                          << "fp16"
                                          << "h100-sxm-80gb" << quint64(1) << false << quint64(2);
        QTest::newRow("405B INT4 on MI325X") << "llama-3.1-405b"
                                             << "int4"
                                             << "mi325x-256gb" << quint64(1) << true << quint64(1);
        QTest::newRow("405B INT4 on H200") << "llama-3.1-405b"
                                           << "int4"
                                           << "h200-sxm-141gb" << quint64(1) << false << quint64(2);
        QTest::newRow("405B FP16 on 8 × H100")
            << "llama-3.1-405b"
            << "fp16"
            << "h100-sxm-80gb" << quint64(8) << false << quint64(16);
        QTest::newRow("405B FP16 on 8 × H200")
            << "llama-3.1-405b"
            << "fp16"
            << "h200-sxm-141gb" << quint64(8) << true << quint64(8);
    }
    void teachingGuideOnCatalog()
    {
        QFETCH(QString, model);
        QFETCH(QString, precision);
        QFETCH(QString, gpu);
        QFETCH(quint64, count);
        QFETCH(bool, fits);
        QFETCH(quint64, needed);
        const GpuSpec& g = catalog().at(gpu.toStdString());
        const FitCheck f = fitInference(preset(model), chat(precision), g, count);
        QCOMPARE(f.fits, fits);
        QCOMPARE(f.gpus_needed, needed);
        QCOMPARE(f.capacity_bytes, g.usableBytes());
        QCOMPARE(f.headroom_bytes, std::int64_t(f.capacity_bytes) - std::int64_t(f.required_bytes));
        QVERIFY(f.needed_required_bytes <= f.capacity_bytes);
        const std::string start = (fits ? "Fits on " : "Does not fit on ") + std::to_string(count) +
                                  " × " + g.name + ": needs ";
        QVERIFY2(f.reason.rfind(start, 0) == 0, f.reason.c_str());
    }

    // 405B at FP16 over two 8 × H100 nodes: tensor parallel 8 inside a node, 2 pipeline stages.
    void layoutAcrossNodes()
    {
        const FitCheck f =
            fitInference(preset(QStringLiteral("llama-3.1-405b")), chat(QStringLiteral("fp16")),
                         catalog().at("h100-sxm-80gb"), 16);
        QVERIFY(f.fits);
        QCOMPARE(f.split.tensor_parallel, quint64(8));
        QCOMPARE(f.split.pipeline_parallel, quint64(2));
        QCOMPARE(f.split.nodes, quint64(2));
        QVERIFY(f.split.notes.empty()); // 128 heads and 8 KV heads divide by 8
        QVERIFY(f.reason.find("tensor parallel 8, pipeline parallel 2, 2 nodes") !=
                std::string::npos);
    }

    void headDivisibility()
    {
        // Falcon 7B has 71 heads (prime): no tensor parallelism, pipeline only.
        const ParallelSplit falcon = chooseSplit(preset(QStringLiteral("falcon-7b")), 8, false, 0);
        QCOMPARE(falcon.tensor_parallel, quint64(1));
        QCOMPARE(falcon.pipeline_parallel, quint64(8));
        QCOMPARE(falcon.notes.front(),
                 std::string("tensor parallel is 1, not 8: it must divide n_heads (71)"));
        // Qwen3-30B-A3B: 32 heads, 4 KV heads; t = 8 replicates KV heads.
        const ParallelSplit qwen =
            chooseSplit(preset(QStringLiteral("qwen3-30b-a3b")), 8, false, 0);
        QCOMPARE(qwen.tensor_parallel, quint64(8));
        QCOMPARE(qwen.notes.front(), std::string("4 KV heads for 8 tensor-parallel ranks: each "
                                                 "rank keeps a copy of one KV head"));
        // Training with ZeRO: tensor parallel inside the node, data parallel across nodes.
        const ParallelSplit zero = chooseSplit(preset(QStringLiteral("llama-2-7b")), 32, true, 3);
        QCOMPARE(zero.tensor_parallel, quint64(8));
        QCOMPARE(zero.data_parallel, quint64(4));
        QCOMPARE(zero.pipeline_parallel, quint64(1));
        const std::vector<std::uint64_t> counts = candidateGpuCounts({8, 32});
        QCOMPARE(counts, (std::vector<std::uint64_t>{1, 2, 4, 8, 16, 24, 32}));
    }

    // Apple: the GPU gets 75% of unified memory; 70B FP16 (129 GiB) fits in 192 GiB × 0.75.
    void appleUsableMemory()
    {
        const GpuSpec& m2 = catalog().at("m2-ultra-192gb");
        const FitCheck f =
            fitInference(preset(QStringLiteral("llama-2-70b")), chat(QStringLiteral("fp16")), m2);
        QCOMPARE(f.capacity_bytes, quint64(144ull << 30));
        QVERIFY(f.fits);
        QVERIFY(f.reason.find("usable (of 192.0 GiB)") != std::string::npos);
    }

    void trainingNeedsMoreGpus()
    {
        // Full fine-tuning of a 7B model with AdamW: 16 bytes per parameter (ZeRO paper §3.1)
        // = 108 GB before activations, more than one 80 GB card.
        TrainingParams p;
        p.zero_stage = 3;
        p.activations.seq = 4096;
        p.activations.recompute = Recompute::Full;
        const GpuSpec& h100 = catalog().at("h100-sxm-80gb");
        const FitCheck one = fitTraining(preset(QStringLiteral("llama-2-7b")), p, h100, 1);
        QVERIFY(!one.fits);
        QVERIFY(one.required_bytes > 16ull * 6738415616ull);
        QVERIFY(one.gpus_needed >= 2);
        const FitCheck at =
            fitTraining(preset(QStringLiteral("llama-2-7b")), p, h100, one.gpus_needed);
        QVERIFY(at.fits);
        QCOMPARE(at.required_bytes, one.needed_required_bytes);
    }

    // formulas.md §5: at batch 1, tok/s ≤ BW / (W + KV). Llama 2 7B at FP16 is
    // 2 × 6,738,415,616 = 13,476,831,232 bytes, of which a token reads all but the token
    // embedding (one row of it: 2 × 32,000 × 4,096 = 262,144,000 bytes not streamed):
    // 13,214,687,232 bytes; an H100 SXM streams 3.35e12 B/s: 3.35e12 / 13.21e9 ≈ 253.5 tokens/s.
    void decodeBound7bOnH100()
    {
        InferenceParams p;
        p.context = 1;
        const DecodeEstimate d =
            decodeEstimate(preset(QStringLiteral("llama-2-7b")), p, catalog().at("h100-sxm-80gb"));
        QCOMPARE(d.weight_bytes, quint64(13'214'687'232ull));
        QVERIFY(d.memory_bound);
        QVERIFY(std::abs(d.upper_bound_tokens_per_second - 253.5) < 0.5);
        // With the default bandwidth efficiency (0.6), 0.6 of the bound.
        QVERIFY(std::abs(d.tokens_per_second - 0.6 * d.upper_bound_tokens_per_second) < 1e-9);
        // Low level, by hand: 3.35e12 / (13.5e9 + 0.5e9) = 239.3 tokens/s.
        const DecodeEstimate h =
            decodeRoofline(13'500'000'000ull, 500'000'000ull, 0, 1, 3.35e12, 0, {1.0, 1.0});
        QVERIFY(std::abs(h.tokens_per_second - 3.35e12 / 14e9) < 1e-9);
        QVERIFY(!h.compute_known);
    }

    // MoE decode streams only the visited experts: Mixtral 8x7B at FP16 reads 2 × active params
    // less the token embedding (2 × 32,000 × 4,096 = 262,144,000 bytes, of which one row is read).
    void decodeMoeActiveWeights()
    {
        InferenceParams p;
        p.context = 1;
        const ModelConfig c = preset(QStringLiteral("mixtral-8x7b"));
        const DecodeEstimate d = decodeEstimate(c, p, catalog().at("h100-sxm-80gb"), 2);
        const InferenceMemory m = inferenceMemory(c, p);
        QCOMPARE(d.weight_bytes, m.weights.active_bytes - 262'144'000);
        QCOMPARE(m.weights.active_bytes, 2 * countParameters(c).active);
        QVERIFY(d.weight_bytes < m.weights.bytes / 3);
    }

    // A batch of B tokens reads every expert any of them visits: E·(1 − (1 − k/E)^B) of E per
    // MoE layer with uniform routing. Mixtral 8x7B at FP16, B = 8: the 6 idle experts of one token
    // hold 93,405,585,408 − 25,759,850,496 = 67,645,734,912 bytes, 11,274,289,152 per expert;
    // 8·(1 − 0.75^8) = 7.199 experts are read, 5.199 more than one token's 2.
    void decodeMoeBatchReadsMoreExperts()
    {
        InferenceParams p;
        p.context = 1;
        p.batch = 8;
        const ModelConfig c = preset(QStringLiteral("mixtral-8x7b"));
        const DecodeEstimate d = decodeEstimate(c, p, catalog().at("h100-sxm-80gb"), 2);
        const double extra = 11'274'289'152.0 * (8.0 * (1.0 - std::pow(0.75, 8)) - 2.0);
        QCOMPARE(d.weight_bytes,
                 quint64(25'759'850'496ull - 262'144'000ull) + quint64(std::llround(extra)));
    }

    // formulas.md §5: on an H100 SXM (989.4e12 / 3.35e12 = 295 FLOP/B) a BF16 prefill becomes
    // compute-bound once the prompt exceeds about 295 tokens.
    void prefillTurnsComputeBound()
    {
        const ModelConfig c = preset(QStringLiteral("llama-2-7b"));
        const GpuSpec& h100 = catalog().at("h100-sxm-80gb");
        InferenceParams p;
        const RooflineAssumptions peak{1.0, 1.0};
        QVERIFY(!prefillEstimate(c, p, 200, h100, 1, peak).compute_bound);
        QVERIFY(prefillEstimate(c, p, 400, h100, 1, peak).compute_bound);
        const PrefillEstimate e = prefillEstimate(c, p, 4096, h100);
        QVERIFY(e.compute_bound);
        QCOMPARE(e.seconds, e.compute_seconds);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 prefillEstimate(c, p, 4096, h100, 1, {0.0, 0.5}));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestFit)
#include "tst_fit.moc"
