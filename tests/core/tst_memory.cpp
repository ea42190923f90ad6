// Inference memory against published figures: llama.cpp's measured GGUF sizes, llama.cpp's
// logged KV cache sizes, the DeepSeek-V2 paper's MLA cache size, and hand counts.
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/precision/quant_mix.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QtTest>
#include <cmath>

using namespace llmsizer;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

ModelConfig llama(std::uint64_t kv, std::uint64_t ff, std::uint64_t vocab)
{
    ModelConfig c; // defaults: Llama shape (gated MLP, RMSNorm, no biases), 4096 × 32 layers
    c.n_kv_heads = kv;
    c.d_ff = ff;
    c.vocab_size = vocab;
    return c;
}

// hf-configs/llama-3.1-8b/config.json
ModelConfig llama31_8b()
{
    return llama(8, 14336, 128256);
}

// Llama-2-7b config.json
ModelConfig llama2_7b()
{
    return llama(32, 11008, 32000);
}

// A model small enough to count by hand.
ModelConfig tiny()
{
    ModelConfig c;
    c.d_model = 256;
    c.n_layers = 8;
    c.n_heads = 4;
    c.n_kv_heads = 4;
    c.d_ff = 512;
    c.vocab_size = 1000;
    return c;
}

std::uint64_t typeBytes(const WeightMemory& w, const std::string& name, const std::string& type)
{
    std::uint64_t n = 0;
    for (const TensorAssignment& t : w.tensors) {
        if (t.name == name && t.type == type) {
            n += t.bytes;
        }
    }
    return n;
}

} // namespace

class TestMemory : public QObject {
    Q_OBJECT
private slots:
    void ggufLlama31_8b_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("measured");
        QTest::addColumn<double>("tolerance");
        // llama.cpp tools/quantize/README.md, Llama-3.1-8B, bpw over all tensors (formulas.md
        // §1), printed to 4 decimals: ±0.00005. The file also holds rope_freqs (64 f32 values),
        // which ModelConfig does not model: 2048 bits / 8.03e9 weights < 0.000001 bpw.
        const double t4 = 0.00005 + 0.000001;
        QTest::newRow("Q2_K 3.1593") << QStringLiteral("q2_k") << 3.1593 << t4;
        QTest::newRow("Q3_K_S 3.6429") << QStringLiteral("q3_k_s") << 3.6429 << t4;
        QTest::newRow("Q3_K_L 4.2979") << QStringLiteral("q3_k_l") << 4.2979 << t4;
        QTest::newRow("Q4_K_S 4.6672") << QStringLiteral("q4_k_s") << 4.6672 << t4;
        QTest::newRow("Q4_K_M 4.8944") << QStringLiteral("q4_k_m") << 4.8944 << t4;
        QTest::newRow("Q5_K_S 5.5704") << QStringLiteral("q5_k_s") << 5.5704 << t4;
        QTest::newRow("Q5_K_M 5.7036") << QStringLiteral("q5_k_m") << 5.7036 << t4;
        QTest::newRow("Q6_K 6.5633") << QStringLiteral("q6_k") << 6.5633 << t4;
        QTest::newRow("Q8_0 8.5008") << QStringLiteral("q8_0") << 8.5008 << t4;
    }
    void ggufLlama31_8b()
    {
        QFETCH(QString, id);
        QFETCH(double, measured);
        QFETCH(double, tolerance);
        const WeightMemory w = weightMemory(llama31_8b(), precisionById(id.toStdString()));
        QCOMPARE(quint64(w.params), quint64(countParameters(llama31_8b()).total));
        const double bpw = w.effective.value();
        QVERIFY2(std::abs(bpw - measured) <= tolerance, qPrintable(QString::number(bpw, 'f', 6)));
    }

    void ggufFileSizes_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("gib");
        // LLaMA-2-7B file sizes in GiB from llama.cpp PR #3084's table (formulas.md §1), printed
        // to 2 decimals: ±0.005 GiB.
        QTest::newRow("Llama 2 7B Q4_K_M 3.80") << "l2"
                                                << "q4_k_m" << 3.80;
        QTest::newRow("Llama 2 7B Q4_K_S 3.59") << "l2"
                                                << "q4_k_s" << 3.59;
        QTest::newRow("Llama 2 7B Q5_K_M 4.45") << "l2"
                                                << "q5_k_m" << 4.45;
        QTest::newRow("Llama 2 7B Q6_K 5.15") << "l2"
                                              << "q6_k" << 5.15;
        QTest::newRow("Llama 2 7B Q8_0 6.67") << "l2"
                                              << "q8_0" << 6.67;
        QTest::newRow("Llama 2 7B Q4_0 3.56") << "l2"
                                              << "q4_0" << 3.56;
        // llama.cpp quantize.cpp QUANT_OPTIONS, Llama-3-8B: Q3_K_M 3.74G (GiB).
        QTest::newRow("Llama 3 8B Q3_K_M 3.74") << "l3"
                                                << "q3_k_m" << 3.74;
    }
    void ggufFileSizes()
    {
        QFETCH(QString, model);
        QFETCH(QString, id);
        QFETCH(double, gib);
        const ModelConfig c = model == QStringLiteral("l2") ? llama2_7b() : llama31_8b();
        const WeightMemory w = weightMemory(c, precisionById(id.toStdString()));
        const double ours = static_cast<double>(w.bytes) / kGiB;
        QVERIFY2(std::abs(ours - gib) <= 0.005, qPrintable(QString::number(ours, 'f', 4)));
    }

    void q4kmByHand()
    {
        // d 256, 8 layers, 4 heads of 64, d_ff 512, V 1000, untied. Row bytes: Q4_K 144 and
        // Q6_K 210 per 256 values. use_more_bits(i, 8) holds for i = 0, 3, 6, 7.
        //   token_embd  1000 rows × 144          = 144,000   (Q4_K)
        //   output      1000 rows × 210          = 210,000   (Q6_K)
        //   norms       (1 + 8·2) × 256 × 4      =  17,408   (F32)
        //   attn_q/k/o  3 × 8 × 256 rows × 144   = 884,736
        //   attn_v      4 × 256 × 210 + 4 × 256 × 144 = 362,496
        //   ffn_gate/up 2 × 8 × 512 rows × 144   = 1,179,648
        //   ffn_down    4 × 256 × 420 + 4 × 256 × 288 = 724,992 (rows of 512 = 2 blocks)
        // total 3,523,280 bytes.
        const WeightMemory w = weightMemory(tiny(), precisionById("q4_k_m"));
        QCOMPARE(quint64(w.bytes), 3'523'280ull);
        QCOMPARE(quint64(typeBytes(w, "blk.*.attn_v.weight", "Q6_K")), 4ull * 256 * 210);
        QCOMPARE(quint64(typeBytes(w, "blk.*.ffn_down.weight", "Q6_K")), 4ull * 256 * 420);
        QCOMPARE(quint64(typeBytes(w, "output.weight", "Q6_K")), 210'000ull);
        QCOMPARE(quint64(w.params), quint64(countParameters(tiny()).total));
    }

    void useMoreBitsRule()
    {
        // i < n/8 || i >= 7n/8 || (i - n/8) % 3 == 2; for n = 32: 0-3, 6, 9, …, 27, 28-31.
        QList<int> on;
        for (int i = 0; i < 32; ++i) {
            if (useMoreBits(i, 32)) {
                on << i;
            }
        }
        QCOMPARE(on, (QList<int>{0, 1, 2, 3, 6, 9, 12, 15, 18, 21, 24, 27, 28, 29, 30, 31}));
    }

    void fallbackRows()
    {
        // d_ff 320 is not a multiple of 256: ffn_down rows (ne[0] = 320) fall back
        // Q4_K -> Q5_0 and Q6_K -> Q8_0 (llama-quant.cpp tensor_type_fallback).
        ModelConfig c = tiny();
        c.d_ff = 320;
        const WeightMemory w = weightMemory(c, precisionById("q4_k_m"));
        // 10 blocks of 32 per row: Q5_0 22 bytes, Q8_0 34 bytes; 4 layers each, 256 rows.
        QCOMPARE(quint64(typeBytes(w, "blk.*.ffn_down.weight", "Q5_0")), 4ull * 256 * 220);
        QCOMPARE(quint64(typeBytes(w, "blk.*.ffn_down.weight", "Q8_0")), 4ull * 256 * 340);
        bool flagged = false;
        for (const TensorAssignment& t : w.tensors) {
            flagged = flagged || (t.fallback && t.name == "blk.*.ffn_down.weight");
        }
        QVERIFY(flagged);
    }

    void kvCacheLogged_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<quint64>("context");
        QTest::addColumn<QString>("kv");
        QTest::addColumn<quint64>("bytes");
        // llama.cpp log for LLaMA-2-7B at n_ctx 4096, f16: "KV self size = 2048.00 MiB"
        // (formulas.md §2): 2 · 32 · 32 · 128 · 4096 · 2.
        QTest::newRow("Llama 2 7B, 4096, f16: 2048 MiB")
            << "l2" << 4096ull << "f16" << 2048ull * 1024 * 1024;
        // llama.cpp log for Llama-3-8B at n_ctx 8192, f16: "KV self size = 1024.00 MiB,
        // K (f16): 512.00 MiB, V (f16): 512.00 MiB": 2 · 32 · 8 · 128 · 8192 · 2.
        QTest::newRow("Llama 3 8B, 8192, f16: 1024 MiB")
            << "l3" << 8192ull << "f16" << 1024ull * 1024 * 1024;
        // Same with q8_0: 1024 rows of 32 values -> 34 bytes per 32: 1024 MiB · 34/64 = 544 MiB.
        QTest::newRow("Llama 3 8B, 8192, q8_0: 544 MiB")
            << "l3" << 8192ull << "q8_0" << 544ull * 1024 * 1024;
        // q4_0: 18 bytes per 32 values: 1024 MiB · 18/64 = 288 MiB.
        QTest::newRow("Llama 3 8B, 8192, q4_0: 288 MiB")
            << "l3" << 8192ull << "q4_0" << 288ull * 1024 * 1024;
    }
    void kvCacheLogged()
    {
        QFETCH(QString, model);
        QFETCH(quint64, context);
        QFETCH(QString, kv);
        QFETCH(quint64, bytes);
        const ModelConfig c = model == QStringLiteral("l2") ? llama2_7b() : llama31_8b();
        const KvCache k = kvCache(c, context, 1, kvPrecisionById(kv.toStdString()));
        QCOMPARE(quint64(k.bytes), bytes);
        QCOMPARE(quint64(k.bytes_per_token * context), bytes);
    }

    void kvSlidingWindow()
    {
        // Gemma 2 9B: 42 layers, 8 KV heads of 256, window 4096, every 2nd layer global.
        // 21 global layers hold 8192 tokens, 21 sliding layers 4096; per token and layer
        // 2 · 8 · 256 · 2 = 8192 bytes: 8192 · 21 · (8192 + 4096) = 2,113,929,216.
        ModelConfig c;
        c.d_model = 3584;
        c.n_layers = 42;
        c.n_heads = 16;
        c.n_kv_heads = 8;
        c.head_dim = 256;
        c.d_ff = 14336;
        c.vocab_size = 256000;
        c.sliding_window = 4096;
        c.global_every = 2;
        const KvCache k = kvCache(c, 8192, 1, kvPrecisionById("bf16"));
        QCOMPARE(quint64(k.global_layers), 21ull);
        QCOMPARE(quint64(k.sliding_layers), 21ull);
        QCOMPARE(quint64(k.bytes), 2'113'929'216ull);
        // Below the window every layer grows: the per-token rate is the full one.
        QCOMPARE(quint64(kvCache(c, 100, 2, kvPrecisionById("bf16")).bytes),
                 100ull * 2 * 42 * 8192);
    }

    void kvLatent()
    {
        // DeepSeek-V2 paper, Table 1: MLA caches (d_c + d_h^R)·l elements per token, with
        // d_c = 4·d_h = 512 and d_h^R = d_h/2 = 64: 576 per layer; V2 has 60 layers.
        // In bf16: 576 · 60 · 2 = 69,120 bytes per token.
        ModelConfig c;
        c.d_model = 5120;
        c.n_layers = 60;
        c.n_heads = 128;
        c.n_kv_heads = 128;
        c.vocab_size = 102400;
        c.d_ff = 12288;
        c.attention = AttentionKind::Latent;
        c.mla = {1536, 512, 128, 64, 128};
        const KvCache k = kvCache(c, 1000, 1, kvPrecisionById("bf16"));
        QVERIFY(k.latent);
        QCOMPARE(quint64(k.bytes_per_token), 69'120ull);
        QCOMPARE(quint64(k.bytes), 69'120'000ull);
    }

    void tensorParallelKv()
    {
        // llm-analysis: each of t GPUs holds max(n_kv/t, 1) heads. Llama 3 8B, t = 16 -> 1 head.
        const KvCache k = kvCache(llama31_8b(), 8192, 1, kvPrecisionById("f16"), 16);
        QCOMPARE(quint64(k.bytes), 1024ull * 1024 * 1024 / 8);
    }

    void overheadProfiles()
    {
        InferenceParams p;
        p.context = 4096;
        // TM101 rule of thumb: 1.2 × weights -> 0.2 × the FP16 weights of Llama 2 7B.
        p.overhead = overheadProfileById("tm101");
        const InferenceMemory m = inferenceMemory(llama2_7b(), p);
        QCOMPARE(quint64(m.weights_bytes), 6'738'415'616ull * 2);
        QCOMPARE(quint64(m.overhead_bytes), (6'738'415'616ull * 2 + 4) / 5);
        QCOMPARE(quint64(m.total_bytes), quint64(m.weights_bytes + m.kv_cache_bytes +
                                                 m.activation_bytes + m.overhead_bytes));
        // vLLM: the device must be need / 0.9, rounded up.
        p.overhead = overheadProfileById("vllm");
        const InferenceMemory v = inferenceMemory(llama2_7b(), p);
        const std::uint64_t need = v.weights_bytes + v.kv_cache_bytes + v.activation_bytes;
        QCOMPARE(quint64(v.total_bytes), quint64((need * 10 + 8) / 9));
        QVERIFY_THROWS_EXCEPTION(InputError, overheadProfileById("1.2"));
    }

    void overheadSummaries_data()
    {
        // The menu's description of each profile, from the constants docs/memory.md cites.
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("summary");
        QTest::newRow("none") << "none"
                              << "nothing added";
        QTest::newRow("llama.cpp") << "llama.cpp"
                                   << "+320 MiB";
        QTest::newRow("vllm") << "vllm"
                              << "90% of the device usable";
        QTest::newRow("transformers") << "transformers"
                                      << "+723 MiB";
        QTest::newRow("tm101") << "tm101"
                               << "+20% of the weights";
    }
    void overheadSummaries()
    {
        QFETCH(QString, id);
        QFETCH(QString, summary);
        const std::string text = overheadProfileSummary(overheadProfileById(id.toStdString()));
        QCOMPARE(QString::fromStdString(text), summary);
    }

    void workspace_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<quint64>("context");
        QTest::addColumn<bool>("flash");
        QTest::addColumn<double>("loggedMiB");
        QTest::addColumn<double>("tolerance"); // relative
        // llama.cpp "compute buffer size" logs at n_ubatch 512 (user logs in llama.cpp issues).
        // Llama 3 8B, no FA, n_ctx 512 and 2048: 258.50 MiB, the output phase exactly:
        // 512 · (128256 + 4096) · 4 bytes.
        QTest::newRow("Llama 3 8B, 512: 258.50 MiB") << "l3" << 512ull << false << 258.5 << 0.0001;
        QTest::newRow("Llama 3 8B, 2048: 258.50 MiB")
            << "l3" << 2048ull << false << 258.5 << 0.0001;
        // LLaMA-2-7B, n_ctx 2048, no FA: 164.01 MiB. Ours, the attention phase:
        // 512 · (4 · 4096 + 32 · 2048) · 4 = 160 MiB; the rest are small tensors (within 3%).
        QTest::newRow("Llama 2 7B, 2048: 164.01 MiB") << "l2" << 2048ull << false << 164.01 << 0.03;
    }
    void workspace()
    {
        QFETCH(QString, model);
        QFETCH(quint64, context);
        QFETCH(bool, flash);
        QFETCH(double, loggedMiB);
        QFETCH(double, tolerance);
        InferenceParams p;
        p.context = context;
        p.workspace.flash_attention = flash;
        const ModelConfig c = model == QStringLiteral("l2") ? llama2_7b() : llama31_8b();
        const double mib = static_cast<double>(inferenceMemory(c, p).activation_bytes) / 1048576.0;
        QVERIFY2(std::abs(mib - loggedMiB) <= tolerance * loggedMiB,
                 qPrintable(QString::number(mib, 'f', 2)));
    }

    void maxContextAndBatch()
    {
        // Budget = weights + workspace (constant once ctx ≥ 512) + the KV cache of exactly
        // 1000 tokens: the answer must be 1000.
        InferenceParams p;
        p.context = 1000;
        const InferenceMemory m = inferenceMemory(llama31_8b(), p);
        QCOMPARE(quint64(maxContextThatFits(llama31_8b(), p, m.total_bytes)), 1000ull);
        QCOMPARE(quint64(maxContextThatFits(llama31_8b(), p, m.total_bytes - 1)), 999ull);
        QCOMPARE(quint64(maxContextThatFits(llama31_8b(), p, m.weights_bytes)), 0ull);
        // 3 sequences of 1000 tokens.
        const std::uint64_t budget = m.total_bytes + 2 * m.kv_cache_bytes;
        QCOMPARE(quint64(maxBatchThatFits(llama31_8b(), p, budget)), 3ull);
    }

    void moeActiveBytes()
    {
        // 4 experts, 2 per token, every layer MoE: the active bytes leave out half the experts.
        ModelConfig c = tiny();
        c.moe = {4, 2, 256, 0, 0, 0, /*every*/ 1, false, false};
        const WeightMemory w = weightMemory(c, precisionById("q8_0"));
        // Per layer 3 expert matrices of 256 × 256 at Q8_0 (272 bytes per row) × 4 experts.
        const std::uint64_t expertBytes = 8ull * 3 * 4 * 256 * 272;
        QCOMPARE(quint64(w.bytes - w.active_bytes), expertBytes / 2);
        const WeightMemory f = weightMemory(c, precisionById("fp16"));
        QCOMPARE(quint64(f.active_bytes), quint64(countParameters(c).active * 2));
    }

    void keepEmbeddings()
    {
        // bitsandbytes-style NF4: embedding and head stay fp16.
        WeightParams wp;
        wp.keep_embeddings_unquantized = true;
        const WeightMemory w = weightMemory(llama2_7b(), precisionById("nf4_dq"), wp);
        const std::uint64_t emb = 2ull * 32000 * 4096;
        QCOMPARE(quint64(w.bytes),
                 quint64(emb * 2 + bytesFor(6'738'415'616ull - emb, precisionById("nf4_dq").bpw)));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestMemory)
#include "tst_memory.moc"
