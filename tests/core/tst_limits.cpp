// Every count and byte total is exact or refused with an OverflowError, never a wrapped number.
// The reference here recomputes the count in 128-bit arithmetic from the formulas of
// docs/counting.md (not from count.cpp); configurations are driven to the validator's limits
// (model.h, Limits) together, at the extremes and at random, and the memory functions are driven
// to the largest context and batch.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/memory/training.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"
#include "support/test_main.h"

#include <QRandomGenerator>
#include <QtTest>
#include <limits>

using namespace llmsizer;
__extension__ typedef unsigned __int128 i128; // GCC and clang; -Wpedantic needs the marker

namespace {

constexpr i128 kMax64 = std::numeric_limits<std::uint64_t>::max();

// docs/counting.md, "Notation" and the tables below it.
struct Reference {
    i128 total = 0;
    i128 active = 0;
};

i128 norm(const ModelConfig& c, i128 width)
{
    return c.norm == NormKind::LayerNorm ? 2 * width : width;
}

i128 mlp(const ModelConfig& c, i128 f)
{
    const i128 d = c.d_model;
    if (c.mlp == MlpKind::Gated) {
        return 3 * d * f + (c.biases.mlp_up ? 2 * f : 0) + (c.biases.mlp_down ? d : 0);
    }
    return 2 * d * f + (c.biases.mlp_up ? f : 0) + (c.biases.mlp_down ? d : 0);
}

i128 attentionPerLayer(const ModelConfig& c)
{
    const i128 d = c.d_model;
    const i128 heads = c.n_heads;
    if (c.attention == AttentionKind::Latent) {
        const MlaConfig& m = c.mla;
        const i128 qHead = i128{m.qk_nope_head_dim} + m.qk_rope_head_dim;
        // The latent norms are RMSNorms in DeepSeek; a LayerNorm model gets LayerNorms (2·w).
        i128 p = m.q_lora_rank == 0 ? d * heads * qHead
                                    : d * m.q_lora_rank + norm(c, m.q_lora_rank) +
                                          i128{m.q_lora_rank} * heads * qHead;
        p += d * (i128{m.kv_lora_rank} + m.qk_rope_head_dim) + norm(c, m.kv_lora_rank);
        p += i128{m.kv_lora_rank} * heads * (i128{m.qk_nope_head_dim} + m.v_head_dim);
        p += heads * m.v_head_dim * d;
        return p + (c.biases.out ? d : 0);
    }
    const i128 h = c.head_dim != 0 ? c.head_dim : c.d_model / c.n_heads;
    const i128 q = heads * h;
    const i128 kv = i128{c.n_kv_heads} * h;
    i128 p = d * q + 2 * d * kv + q * d;
    p += c.biases.qkv ? q + 2 * kv : 0;
    p += c.biases.out ? d : 0;
    if (c.qk_norm == QkNormKind::PerHead) {
        p += 2 * norm(c, h);
    } else if (c.qk_norm == QkNormKind::Full) {
        p += norm(c, q + kv);
    }
    return p;
}

Reference reference(const ModelConfig& c)
{
    const i128 d = c.d_model;
    const i128 v = c.vocab_size;
    const i128 layers = c.n_layers;
    i128 total = v * d;
    if (c.position == PositionKind::Learned) {
        total += (i128{c.context_length} + c.position_offset) * d;
    }
    total += layers * attentionPerLayer(c);
    const MoeConfig& m = c.moe;
    const i128 moeLayers = m.n_routed_experts == 0 ? 0 : layers - m.first_dense_layers;
    total += (layers - moeLayers) * mlp(c, c.effectiveDff());
    i128 unvisited = 0;
    if (moeLayers > 0) {
        const i128 shared = m.shared_d_ff != 0 ? m.shared_d_ff : m.expert_d_ff;
        i128 perLayer = i128{m.n_routed_experts} * mlp(c, m.expert_d_ff);
        perLayer += i128{m.n_shared_experts} * mlp(c, shared);
        perLayer += d * m.n_routed_experts + (m.router_bias ? m.n_routed_experts : 0);
        perLayer += m.shared_expert_gate ? d : 0;
        total += moeLayers * perLayer;
        unvisited =
            moeLayers * (i128{m.n_routed_experts} - m.experts_per_token) * mlp(c, m.expert_d_ff);
    }
    total += layers * c.norms_per_block * norm(c, d);
    total += (c.final_norm ? norm(c, d) : 0) + (c.embedding_norm ? norm(c, d) : 0);
    total += c.tied_head ? 0 : v * d;
    total += c.biases.lm_head ? v : 0;
    return {total, total - unvisited};
}

QString text(i128 v)
{
    QString s;
    do {
        s.prepend(QChar(u'0' + static_cast<char16_t>(v % 10)));
        v /= 10;
    } while (v != 0);
    return s;
}

// The count is exact when the reference fits in 64 bits and an OverflowError otherwise; the
// components always sum to the total. Returns false (with a message) on a mismatch.
bool checkCount(const ModelConfig& c, QString* why)
{
    const Reference ref = reference(c);
    try {
        const ParamCount p = countParameters(c);
        i128 sum = 0;
        for (const ComponentCount& comp : p.components) {
            sum += comp.params;
        }
        if (ref.total > kMax64 || p.total != ref.total || p.active != ref.active ||
            sum != p.total) {
            *why = QStringLiteral("count %1 (active %2, components %3), reference %4 (active %5)")
                       .arg(p.total)
                       .arg(p.active)
                       .arg(text(sum), text(ref.total), text(ref.active));
            return false;
        }
    } catch (const OverflowError&) {
        if (ref.total <= kMax64) {
            *why = QStringLiteral("OverflowError, but the total %1 fits").arg(text(ref.total));
            return false;
        }
    }
    return true;
}

ModelConfig maximal(bool moe, bool latent)
{
    ModelConfig c;
    c.d_model = Limits::maxDModel;
    c.n_layers = Limits::maxLayers;
    c.n_heads = Limits::maxHeads;
    c.n_kv_heads = Limits::maxHeads;
    c.head_dim = Limits::maxHeadDim;
    c.vocab_size = Limits::maxVocab;
    c.context_length = Limits::maxContext;
    c.d_ff = Limits::maxDff;
    c.biases = {true, true, true, true, true};
    c.norm = NormKind::LayerNorm;
    c.norms_per_block = Limits::maxNormsPerBlock;
    c.embedding_norm = true;
    c.qk_norm = latent ? QkNormKind::None : QkNormKind::Full;
    c.position = PositionKind::Learned;
    c.position_offset = 1u << 20;
    c.sliding_window = Limits::maxContext;
    c.global_every = Limits::maxLayers;
    if (latent) {
        c.attention = AttentionKind::Latent;
        c.biases.qkv = false;
        c.mla = {Limits::maxDModel, Limits::maxDModel, Limits::maxHeadDim, Limits::maxHeadDim,
                 Limits::maxHeadDim};
    }
    if (moe) {
        c.moe = {Limits::maxExperts,
                 Limits::maxExperts,
                 Limits::maxDff,
                 Limits::maxExperts,
                 Limits::maxDff,
                 0,
                 1, // every: each layer from first_dense_layers on
                 true,
                 true};
    }
    return c;
}

ModelConfig minimal()
{
    ModelConfig c;
    c.d_model = 1;
    c.n_layers = 1;
    c.n_heads = 1;
    c.n_kv_heads = 1;
    c.vocab_size = 1;
    c.context_length = 1;
    c.d_ff = 1;
    c.norms_per_block = 0;
    c.final_norm = false;
    c.tied_head = true;
    return c;
}

// A random valid configuration: every field at its minimum, its maximum or in between
// (log-uniform), heads as powers of two so that the divisibility rules can hold.
ModelConfig randomConfig(QRandomGenerator& rng)
{
    auto pick = [&](std::uint64_t lo, std::uint64_t hi) -> std::uint64_t {
        switch (rng.bounded(4)) {
        case 0:
            return lo;
        case 1:
            return hi;
        default: {
            const int bits = static_cast<int>(rng.bounded(64 - __builtin_clzll(hi | 1)) + 1);
            const std::uint64_t v = rng.generate64() & ((bits >= 64 ? 0 : (1ull << bits)) - 1);
            return std::clamp(v, lo, hi);
        }
        }
    };
    auto flag = [&] { return rng.bounded(2) == 1; };
    ModelConfig c;
    c.n_heads = 1ull << rng.bounded(17);
    c.n_kv_heads = c.n_heads >> rng.bounded(static_cast<int>(__builtin_ctzll(c.n_heads)) + 1);
    c.head_dim = pick(1, Limits::maxHeadDim);
    c.d_model = pick(1, Limits::maxDModel);
    c.n_layers = pick(1, Limits::maxLayers);
    c.vocab_size = pick(1, Limits::maxVocab);
    c.context_length = pick(1, Limits::maxContext);
    c.mlp = flag() ? MlpKind::Gated : MlpKind::Plain;
    c.d_ff = pick(0, Limits::maxDff);
    c.biases = {flag(), flag(), flag(), flag(), flag()};
    c.norm = flag() ? NormKind::LayerNorm : NormKind::RMSNorm;
    c.norms_per_block = pick(0, Limits::maxNormsPerBlock);
    c.final_norm = flag();
    c.embedding_norm = flag();
    c.qk_norm = static_cast<QkNormKind>(rng.bounded(3));
    c.position = flag() ? PositionKind::Learned : PositionKind::None;
    c.position_offset = c.position == PositionKind::Learned ? pick(0, 1u << 20) : 0;
    c.tied_head = flag();
    if (rng.bounded(4) == 0) {
        c.attention = AttentionKind::Latent;
        c.biases.qkv = false;
        c.qk_norm = QkNormKind::None;
        c.mla = {pick(0, Limits::maxDModel), pick(1, Limits::maxDModel),
                 pick(0, Limits::maxHeadDim), pick(1, Limits::maxHeadDim),
                 pick(1, Limits::maxHeadDim)};
    }
    if (flag()) {
        MoeConfig& m = c.moe;
        m.n_routed_experts = pick(1, Limits::maxExperts);
        m.experts_per_token = pick(1, m.n_routed_experts);
        m.expert_d_ff = pick(1, Limits::maxDff);
        m.n_shared_experts = pick(0, Limits::maxExperts);
        m.shared_d_ff = pick(0, Limits::maxDff);
        m.first_dense_layers = pick(0, c.n_layers - 1);
        m.router_bias = flag();
        m.shared_expert_gate = m.n_shared_experts > 0 && flag();
    }
    return c;
}

} // namespace

class TestLimits : public QObject {
    Q_OBJECT
private slots:
    void extremes_data()
    {
        QTest::addColumn<bool>("moe");
        QTest::addColumn<bool>("latent");
        QTest::newRow("every field at its maximum, dense") << false << false;
        QTest::newRow("every field at its maximum, MoE") << true << false;
        QTest::newRow("every field at its maximum, MoE with latent attention") << true << true;
    }
    void extremes()
    {
        QFETCH(bool, moe);
        QFETCH(bool, latent);
        const ModelConfig c = maximal(moe, latent);
        QVERIFY(validate(c).empty());
        QVERIFY(reference(c).total > kMax64);
        QVERIFY_THROWS_EXCEPTION(OverflowError, countParameters(c));
    }

    void minimumCountsExactly()
    {
        const ModelConfig c = minimal();
        QVERIFY(validate(c).empty());
        // 1 embedding + attention q, k, v, o of 1·1 + gated MLP 3·1·1.
        QCOMPARE(countParameters(c).total, quint64(1 + 4 + 3));
        QString why;
        QVERIFY2(checkCount(c, &why), qPrintable(why));
    }

    // 20,000 random valid configurations, each exact or refused as the 128-bit reference says.
    void randomConfigurations()
    {
        QRandomGenerator rng(7);
        int checked = 0;
        int overflowed = 0;
        for (int i = 0; i < 20000; ++i) {
            const ModelConfig c = randomConfig(rng);
            if (!validate(c).empty()) {
                continue;
            }
            ++checked;
            overflowed += reference(c).total > kMax64 ? 1 : 0;
            QString why;
            QVERIFY2(
                checkCount(c, &why),
                qPrintable(QStringLiteral("configuration %1: %2 for %3")
                               .arg(i)
                               .arg(why, QString::fromStdString(modelConfigToJson(c).dump()))));
        }
        qInfo("%d valid configurations, %d beyond 64 bits", checked, overflowed);
        QVERIFY(checked > 5000);
        QVERIFY(overflowed > 100);
        QVERIFY(checked - overflowed > 100);
    }

    // KV cache: 2·L·K·h·context·batch·bytes (docs/memory.md), exact or an OverflowError.
    void kvCacheAtMaximumContextAndBatch_data()
    {
        QTest::addColumn<quint64>("layers");
        QTest::addColumn<quint64>("kvHeads");
        QTest::addColumn<quint64>("headDim");
        QTest::addColumn<quint64>("batch");
        QTest::newRow("Llama 3 70B shape, 2^26 tokens, batch 1") << 80ull << 8ull << 128ull << 1ull;
        QTest::newRow("Llama 3 70B shape, 2^26 tokens, batch 2^20")
            << 80ull << 8ull << 128ull << (1ull << 20);
        QTest::newRow("one layer, one head of 1, batch 2^20")
            << 1ull << 1ull << 1ull << (1ull << 20);
        QTest::newRow("every dimension at its maximum")
            << quint64(Limits::maxLayers) << quint64(Limits::maxHeads)
            << quint64(Limits::maxHeadDim) << (1ull << 20);
    }
    void kvCacheAtMaximumContextAndBatch()
    {
        QFETCH(quint64, layers);
        QFETCH(quint64, kvHeads);
        QFETCH(quint64, headDim);
        QFETCH(quint64, batch);
        ModelConfig c;
        c.n_layers = layers;
        c.n_heads = kvHeads;
        c.n_kv_heads = kvHeads;
        c.head_dim = headDim;
        c.context_length = Limits::maxContext;
        QVERIFY(validate(c).empty());
        const i128 expected = i128{2} * layers * kvHeads * headDim * Limits::maxContext * batch * 2;
        try {
            const KvCache kv = kvCache(c, Limits::maxContext, batch, kvPrecisionById("fp16"));
            QVERIFY2(expected <= kMax64, "a wrapped number instead of an OverflowError");
            QCOMPARE(i128{kv.bytes}, expected);
        } catch (const OverflowError&) {
            QVERIFY2(expected > kMax64, qPrintable(text(expected) + QStringLiteral(" fits")));
        }
    }

    // Inference and training totals at the largest context and batch: the parts sum to the
    // total exactly, or the whole is an OverflowError.
    void memoryTotalsAtMaximumContextAndBatch_data()
    {
        QTest::addColumn<bool>("atMaximum");
        QTest::addColumn<bool>("latentMoe");
        QTest::addColumn<quint64>("batch");
        QTest::addColumn<bool>("inferenceFits");
        QTest::newRow("default 7B shape, batch 1") << false << false << 1ull << true;
        QTest::newRow("default 7B shape, batch 2^20") << false << false << (1ull << 20) << false;
        QTest::newRow("every field at its maximum, dense") << true << false << 1ull << false;
        QTest::newRow("every field at its maximum, MoE with latent attention")
            << true << true << (1ull << 20) << false;
    }
    void memoryTotalsAtMaximumContextAndBatch()
    {
        QFETCH(bool, atMaximum);
        QFETCH(bool, latentMoe);
        QFETCH(quint64, batch);
        QFETCH(bool, inferenceFits);
        const ModelConfig c = atMaximum ? maximal(latentMoe, latentMoe) : ModelConfig{};
        InferenceParams ip;
        ip.context = Limits::maxContext;
        ip.batch = batch;
        try {
            const InferenceMemory m = inferenceMemory(c, ip);
            QVERIFY2(inferenceFits, "a total where the KV cache alone exceeds 64 bits");
            const i128 sum =
                i128{m.weights_bytes} + m.kv_cache_bytes + m.activation_bytes + m.overhead_bytes;
            QCOMPARE(i128{m.total_bytes}, sum);
            QCOMPARE(i128{m.weights.bytes}, i128{2} * reference(c).total);
            QCOMPARE(i128{m.kv_cache_bytes}, i128{2} * c.n_layers * c.n_kv_heads *
                                                 c.effectiveHeadDim() * Limits::maxContext * batch *
                                                 2);
        } catch (const OverflowError&) {
            QVERIFY2(!inferenceFits, "an OverflowError for a total that fits");
        }
        // Training: no independent reference here (tst_training checks the formulas); the parts
        // must add up exactly whenever a total is returned.
        TrainingParams tp;
        tp.activations.seq = Limits::maxContext;
        tp.activations.micro_batch = std::min<quint64>(batch, 1u << 16);
        try {
            const TrainingMemory t = trainingMemory(c, tp);
            const i128 sum =
                i128{t.weights_bytes} + t.gradients_bytes + t.optimizer_bytes + t.activation_bytes;
            QCOMPARE(i128{t.per_gpu_bytes}, sum);
            QCOMPARE(i128{t.activations.total},
                     i128{t.activations.layers_bytes} + t.activations.extra_bytes);
        } catch (const OverflowError&) {
        }
    }

    // The searches treat a total beyond 64 bits as "does not fit", never as a small wrapped one.
    void searchesWithTheLargestBudget()
    {
        const ModelConfig c; // default 7B shape
        InferenceParams ip;
        const auto budget = std::numeric_limits<std::uint64_t>::max();
        QCOMPARE(maxContextThatFits(c, ip, budget), Limits::maxContext);
        ip.context = Limits::maxContext;
        ip.batch = 1;
        const InferenceMemory one = inferenceMemory(c, ip);
        const i128 fixed = i128{one.total_bytes} - one.kv_cache_bytes;
        const i128 expected = (kMax64 - fixed) / one.kv_cache_bytes;
        QVERIFY(expected < (1u << 20));
        QCOMPARE(i128{maxBatchThatFits(c, ip, budget)}, expected);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestLimits)
#include "tst_limits.moc"
