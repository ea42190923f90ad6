// What runs on a machine: the acceptance rows worked out by hand (one RTX 4090 with 64 GB of RAM
// under llama.cpp; Llama 3 70B on H100s under vLLM), llama.cpp's offload split layer by layer,
// gpt-oss's MXFP4 experts, and that every row's memory is the memory model's own figure.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/memory/offload.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/text/error.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

namespace {

using u64 = std::uint64_t;

ModelConfig preset(const char* id)
{
    return testsupport::bundledPreset(id);
}

RunQuery rtx4090(u64 ramBytes)
{
    RunQuery q;
    q.hardware.gpu = testsupport::bundledCatalog().at("rtx-4090-24gb");
    q.hardware.ram_bytes = ramBytes;
    q.runtime = runtimeById("llama.cpp");
    q.context = 8192;
    return q;
}

RunRow run(const char* model, const char* precision, const RunQuery& q)
{
    const ModelConfig c = preset(model);
    return evaluateRun(c, countParameters(c), precisionById(precision), q);
}

// Llama 3 70B (d 8192, 80 layers, 64 heads of 128, 8 KV heads, d_ff 28,672, vocab 128,256) as
// GGUF Q4_K_M, one layer, by llama.cpp's rules for a 70B model: every tensor Q4_K (144 bytes per
// 256 weights) but attn_v, which is Q6_K (210 per 256) on use_more_bits layers and Q5_K (176) on
// the others, and ffn_down, Q6_K on use_more_bits layers; norms F32.
//   attn_q, attn_output 8192 × (32 · 144) each      2 · 37,748,736 =  75,497,472
//   attn_k 1024 × 4,608                                                4,718,592
//   attn_v 1024 × 6,720 (Q6_K) | 1024 × 5,632 (Q5_K)          6,881,280 | 5,767,168
//   ffn_gate, ffn_up 28,672 × 4,608 each           2 · 132,120,576 = 264,241,152
//   ffn_down 8192 × (112 · 210) = 192,675,840 (Q6_K) | 8192 × (112 · 144) = 132,120,576
//   attn_norm, ffn_norm 2 · 8192 · 4                                      65,536
// A use_more_bits layer: 544,079,872 bytes; another: 482,410,496.
constexpr u64 kMoreBitsLayer = 544'079'872;
constexpr u64 kPlainLayer = 482'410'496;
// KV cache of one layer at 8,192 tokens, FP16: 2 · 8 · 128 · 2 bytes · 8192.
constexpr u64 kLayerKv = 33'554'432;

bool moreBits(u64 i)
{
    return i < 10 || i >= 70 || (i - 10) % 3 == 2; // use_more_bits(i, 80)
}

} // namespace

class TestRuns : public QObject {
    Q_OBJECT
private slots:
    // On one RTX 4090 at 8,192 tokens with llama.cpp, Llama 3 8B runs whole at Q4_K_M and Q8_0.
    void llama3_8bFitsOnA4090()
    {
        for (const char* precision : {"q4_k_m", "q8_0"}) {
            const RunRow r = run("llama-3-8b", precision, rtx4090(0));
            QCOMPARE(runVerdictKey(r.verdict), std::string_view("fits"));
            QCOMPARE(r.gpus, u64(1));
            QCOMPARE(r.gpu_layers, u64(32));
            QVERIFY(r.headroom_bytes > 0);
            QVERIFY(r.decode_tokens_per_s.has_value() && r.prefill_tokens_per_s.has_value());
        }
    }

    // Llama 3 70B at Q4_K_M (42,512,531,456 bytes of weights) does not fit a 24 GiB card; with
    // 64 GB of RAM llama.cpp runs it with the last 45 layers on the GPU. By hand: the card's
    // 25,769,803,776 bytes less the compute buffer (512 tokens · (128,256 + 8,192) · 4 bytes =
    // 279,445,504) and llama.cpp's 512 MiB reserve (536,870,912) leave 24,953,487,360 for
    // layers. From layer 79 down: layers 70-79 are use_more_bits (10 · (544,079,872 + KV
    // 33,554,432) = 5,776,343,040, leaving 19,177,144,320); below, every third layer is (69, 66,
    // …): a run of three takes 577,634,304 + 2 · 515,964,928 = 1,609,564,160, eleven runs
    // 17,705,205,760, leaving 1,471,938,560 for layer 36 (577,634,304) and layer 35 (515,964,928);
    // layer 34 (515,964,928) no longer fits in the 378,339,328 left. 10 + 33 + 2 = 45 layers.
    void llama3_70bOffloadsByHand()
    {
        const RunRow alone = run("llama-3-70b", "q4_k_m", rtx4090(0));
        QCOMPARE(runVerdictKey(alone.verdict), std::string_view("no"));

        const RunRow r = run("llama-3-70b", "q4_k_m", rtx4090(64'000'000'000));
        QCOMPARE(runVerdictKey(r.verdict), std::string_view("offload"));
        QCOMPARE(r.gpu_layers, u64(45));
        QCOMPARE(r.layers, u64(80));
        // RAM: layers 0-34 (18 use_more_bits: 0-9 and 12, 15, …, 33; 17 others) with their KV,
        // the token embedding (Q4_K: 128,256 · 4,608 = 591,003,648) and the untied head (Q6_K:
        // 128,256 · 6,720 = 861,880,320) with the output norm (32,768).
        const u64 ram = 18 * kMoreBitsLayer + 17 * kPlainLayer + 35 * kLayerKv + 591'003'648 +
                        861'880'320 + 32'768;
        QCOMPARE(r.ram_bytes, ram);
        QCOMPARE(r.ram_bytes, u64(20'621'737'984));
        u64 gpu = 279'445'504 + 536'870'912;
        for (u64 i = 35; i < 80; ++i) {
            gpu += (moreBits(i) ? kMoreBitsLayer : kPlainLayer) + kLayerKv;
        }
        QCOMPARE(r.bytes_per_gpu, gpu);
        QVERIFY(r.bytes_per_gpu <= r.capacity_bytes);
        QVERIFY(!r.prefill_tokens_per_s.has_value()); // not estimated with offload
    }

    // The offload split is memory's: `memory --gpu-layers 45` gives the same bytes, and the
    // split's parts add up to the whole model's weights and KV cache.
    void offloadSplitAddsUp()
    {
        const ModelConfig c = preset("llama-3-70b");
        const ParamCount count = countParameters(c);
        InferenceParams p;
        p.weights = precisionById("q4_k_m");
        p.context = 8192;
        p.overhead = overheadProfileById("llama.cpp");
        const InferenceMemory whole = inferenceMemory(c, count, p);
        for (u64 g : {u64(0), u64(45), u64(80)}) {
            const OffloadMemory o = offloadMemory(c, count, p, g);
            QCOMPARE(o.gpu_weight_bytes + o.ram_weight_bytes, whole.weights_bytes);
            QCOMPARE(o.gpu_kv_bytes + o.ram_kv_bytes, whole.kv_cache_bytes);
            QCOMPARE(o.output_on_gpu, g == 80);
        }
        QCOMPARE(offloadMemory(c, count, p, 45).ram_total_bytes, u64(20'621'737'984));
    }

    // Every preset at every precision llama.cpp offers: the layers, the input and the output
    // hold exactly the weights weightMemory counts, and the KV of the layers is kvCache's.
    void layerSplitMatchesTheWholeModel()
    {
        const std::vector<Preset> presets = loadPresetDir(LLMSIZER_TEST_PRESETS_DIR);
        for (const Preset& pr : presets) {
            const ParamCount count = countParameters(pr.config);
            for (const char* precision : {"fp16", "q4_k_m", "int4_g128", "mxfp4_experts"}) {
                InferenceParams p;
                p.weights = precisionById(precision);
                p.context = 4096;
                p.batch = 2;
                const LayerSplit s = layerSplit(pr.config, count, p);
                u64 weights = s.input_bytes + s.output_bytes;
                u64 kv = 0;
                for (const LayerMemory& l : s.layers) {
                    weights += l.weight_bytes;
                    kv += l.kv_bytes;
                }
                const QString what = QString::fromStdString(pr.id + " " + precision);
                QVERIFY2(weights == weightMemory(pr.config, count, p.weights).bytes,
                         qPrintable(what));
                const KvCache cache = kvCache(pr.config, 4096, 2, p.kv);
                QVERIFY2(kv == cache.bytes + cache.recurrent_bytes, qPrintable(what));
            }
        }
    }

    // vLLM has no offload: Llama 3 70B at 16 bits (141,107,412,992 bytes of weights) needs two
    // H100s, tensor parallel 2; per GPU 70,553,706,496 of weights, half the 2,684,354,560-byte KV
    // cache, the workspace, all within 90% of the card (vLLM's gpu_memory_utilization).
    void llama3_70bNeedsTwoH100sOnVllm()
    {
        RunQuery q;
        q.hardware.gpu = testsupport::bundledCatalog().at("h100-sxm-80gb");
        q.hardware.gpus = 1;
        q.runtime = runtimeById("vllm");
        q.context = 8192;
        const RunRow one = run("llama-3-70b", "bf16", q);
        QCOMPARE(runVerdictKey(one.verdict), std::string_view("no"));
        QCOMPARE(one.gpus_needed, u64(2));

        q.hardware.gpus = 8;
        const RunRow r = run("llama-3-70b", "bf16", q);
        QCOMPARE(runVerdictKey(r.verdict), std::string_view("fits_tp"));
        QCOMPARE(r.gpus, u64(2));
        QCOMPARE(r.split.tensor_parallel, u64(2));
        // memory --precision bf16 --context 8192 --overhead vllm --tp 2
        InferenceParams p;
        p.weights = precisionById("bf16");
        p.context = 8192;
        p.overhead = overheadProfileById("vllm");
        p.tensor_parallel = 2;
        const ModelConfig c = preset("llama-3-70b");
        QCOMPARE(r.bytes_per_gpu, inferenceMemory(c, p).total_bytes);
        QCOMPARE(inferenceMemory(c, p).weights_bytes, u64(70'553'706'496));
    }

    // A row that fits on one GPU shows memory's total for that workload, and its largest context
    // fits while one more token does not (or it is the model's own limit).
    void fitsRowIsMemorysFigure()
    {
        const RunRow r = run("llama-3-8b", "q4_k_m", rtx4090(0));
        const ModelConfig c = preset("llama-3-8b");
        InferenceParams p;
        p.weights = precisionById("q4_k_m");
        p.context = 8192;
        p.overhead = overheadProfileById("llama.cpp");
        QCOMPARE(r.bytes_per_gpu, inferenceMemory(c, p).total_bytes);
        QCOMPARE(r.single_gpu_bytes, inferenceMemory(c, p).total_bytes);
        const u64 capacity = testsupport::bundledCatalog().at("rtx-4090-24gb").usableBytes();
        QCOMPARE(u64(r.headroom_bytes), capacity - inferenceMemory(c, p).total_bytes);
        p.context = r.max_context;
        QVERIFY(inferenceMemory(c, p).total_bytes <= capacity);
        if (r.max_context < c.context_length) {
            p.context = r.max_context + 1;
            QVERIFY(inferenceMemory(c, p).total_bytes > capacity);
        }
        QVERIFY(r.max_context <= c.context_length);
    }

    // Decode speed: the weights a token reads and the KV cache, streamed at the runtime's
    // efficiency. Llama 3 8B Q4_K_M holds 4,912,898,048 bytes of weights (4.5755 GiB: llama-bench
    // prints "4.58 GiB" for this file); a token reads all but the token embedding, of which it
    // looks up one row (Q4_K: 128,256 rows of 16 · 144 = 295,501,824 bytes), and the KV cache,
    // 8192 · 131,072 = 1,073,741,824 bytes. On a 4090 (1,008 GB/s) at 0.65:
    // 1.008e12 · 0.65 / 5,691,138,048 ≈ 115.1 tokens/s (llama-bench measured 130.6 at tg512).
    void decodeSpeedByHand()
    {
        const ModelConfig c = preset("llama-3-8b");
        const u64 weights = weightMemory(c, precisionById("q4_k_m")).bytes;
        QVERIFY(std::abs(static_cast<double>(weights) / 1073741824.0 - 4.58) < 0.005);
        const RunRow r = run("llama-3-8b", "q4_k_m", rtx4090(0));
        const double expected =
            1.008e12 * 0.65 / (static_cast<double>(weights) - 295'501'824.0 + 1'073'741'824.0);
        QVERIFY2(std::abs(*r.decode_tokens_per_s - expected) < 1e-6 * expected,
                 qPrintable(QString::number(*r.decode_tokens_per_s)));
        QVERIFY(std::abs(expected - 115.1) < 0.1);
    }

    // gpt-oss ships its experts in MXFP4 (17 bytes per 32 weights), the rest in BF16. gpt-oss-20b:
    // 24 layers · 32 experts · 3 · 2,880 · 2,880 = 19,110,297,600 expert weights →
    // 10,152,345,600 bytes; the other 1,804,459,584 parameters · 2 = 3,608,919,168 bytes; total
    // 13,761,264,768 (the published checkpoint is 13.8 GB).
    void mxfp4ExpertsByHand()
    {
        const ModelConfig c = preset("gpt-oss-20b");
        const WeightMemory w = weightMemory(c, precisionById("mxfp4_experts"));
        QCOMPARE(w.bytes, u64(13'761'264'768));
        QCOMPARE(runPrecisions(runtimeById("vllm"), "mxfp4_experts").front().id,
                 std::string("mxfp4_experts"));
        // llama.cpp's GGUF MXFP4_MOE: the experts in MXFP4, every other matrix in Q8_0 (34 bytes
        // per 32), norms, biases, sinks and the router in F32. gpt-oss-20b: experts as above,
        // 10,152,345,600 bytes; llama-bench prints 11.27 GiB for ggml-org's file.
        QCOMPARE(runPrecisions(runtimeById("llama.cpp"), "mxfp4_experts").front().id,
                 std::string("mxfp4_moe"));
        const double gib =
            static_cast<double>(weightMemory(c, precisionById("mxfp4_moe")).bytes) / 1073741824.0;
        QVERIFY2(std::abs(gib - 11.27) < 0.005, qPrintable(QString::number(gib)));
        // gpt-oss-120b: llama-bench prints 59.02 GiB.
        const double big =
            static_cast<double>(
                weightMemory(preset("gpt-oss-120b"), precisionById("mxfp4_moe")).bytes) /
            1073741824.0;
        QVERIFY2(std::abs(big - 59.02) < 0.005, qPrintable(QString::number(big)));
        // A runtime that does not read a shipped format is not offered it.
        const std::vector<Precision> vllm = runPrecisions(runtimeById("vllm"), "");
        QVERIFY(std::none_of(vllm.begin(), vllm.end(),
                             [](const Precision& p) { return p.id == "mxfp4_experts"; }));
    }

    void unknownRuntime()
    {
        try {
            (void)runtimeById("ollama");
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.message()),
                     QStringLiteral("unknown runtime 'ollama' (known: llama.cpp, vllm, "
                                    "transformers)"));
        }
    }

    // Every preset gets one row per precision the runtime offers.
    void everyPresetHasItsRows()
    {
        const std::vector<Preset> presets = loadPresetDir(LLMSIZER_TEST_PRESETS_DIR);
        RunQuery q = rtx4090(64'000'000'000);
        q.runtime = runtimeById("vllm");
        for (const Preset& p : presets) {
            const ModelRuns m = presetRuns(p, q);
            QVERIFY2(m.rows.size() == runPrecisions(q.runtime, p.shipped_precision).size(),
                     p.id.c_str());
            for (const RunRow& r : m.rows) {
                QVERIFY(r.verdict != RunVerdict::Offload); // vLLM keeps everything on the GPU
            }
        }
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestRuns)
#include "tst_runs.moc"
