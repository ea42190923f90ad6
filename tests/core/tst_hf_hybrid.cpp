// Hybrid layers (ModelConfig::mixer): LFM2's short convolutions and Qwen3-Next's Gated DeltaNet,
// each part against a hand calculation from modeling_lfm2.py / modeling_qwen3_next.py written
// here, the KV cache over the attention layers only, the fixed recurrent state per sequence, and
// the preset round trip (Show the math for them is in tst_mathtext). The totals are checked against
// their published counts in tst_hf_2026.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/precision/precision.h"

#include <QtTest>

using namespace llmsizer;

namespace {

const std::string kConfigs = std::string(LLMSIZER_TEST_REFERENCE_DIR) + "/hf-configs-2026";

ModelConfig load(const std::string& dir)
{
    return importHfConfigFile(kConfigs + "/" + dir + "/config.json").config;
}

quint64 part(const ComponentCount& c, const char* key)
{
    return c.part(key);
}

} // namespace

class TestHfHybrid : public QObject {
    Q_OBJECT
private slots:
    // LFM2-700M: d = 1536, 16 layers of which 6 attend (full_attn_idxs 2, 5, 8, 10, 12, 14) and 10
    // are ShortConv with conv_L_cache 3; 24 heads of 64, 8 KV heads; block_ff_dim 10240 adjusted
    // to int(2·10240/3) = 6826, rounded up to a multiple of 256: 6912; tied head.
    void lfm2ByHand()
    {
        const ModelConfig c = load("lfm2-700m");
        QCOMPARE(c.mixer.kind, std::string("short_conv"));
        QCOMPARE(c.mixer.layers, quint64(10));
        QCOMPARE(c.attentionLayers(), quint64(6));
        QCOMPARE(c.d_ff, quint64(6912));
        const ParamCount n = countParameters(c);
        const ComponentCount& m = n.get(Component::Mixer);
        QCOMPARE(part(m, "in_proj"), quint64(10) * 1536 * 3 * 1536);
        QCOMPARE(part(m, "conv1d"), quint64(10) * 1536 * 3);
        QCOMPARE(part(m, "out_proj"), quint64(10) * 1536 * 1536);
        // Attention in 6 layers: q and out 1536·1536, k and v 1536·512, q/k norms 64 each.
        QCOMPARE(quint64(n.params(Component::Attention)),
                 quint64(6) * (2 * 1536 * 1536 + 2 * 1536 * 512 + 2 * 64));
        QCOMPARE(quint64(n.params(Component::Mlp)), quint64(16) * 3 * 1536 * 6912);
        QCOMPARE(quint64(n.total), quint64(742489344));

        // KV cache: 6 layers · K and V · 8·64 values · 2 bytes per token; recurrent state: 10
        // layers · 1536·3 conv values · 2 bytes per sequence, whatever the context.
        const KvCache k = kvCache(c, 4096, 2, kvPrecisionById("fp16"));
        QCOMPARE(quint64(k.bytes_per_token), quint64(6) * 2 * 512 * 2);
        QCOMPARE(quint64(k.bytes), quint64(6) * 2 * 512 * 2 * 4096 * 2);
        QCOMPARE(quint64(k.recurrent_layers), quint64(10));
        QCOMPARE(quint64(k.recurrent_bytes), quint64(10) * 1536 * 3 * 2 * 2);
        QCOMPARE(quint64(kvCache(c, 128, 2, kvPrecisionById("fp16")).recurrent_bytes),
                 quint64(k.recurrent_bytes));
    }

    // Qwen3-Next-80B-A3B: d = 2048, 48 layers, every 4th attends (12), 36 Gated DeltaNet layers
    // with 16 key heads and 32 value heads of 128 and a 4-tap convolution.
    void qwen3NextByHand()
    {
        const ModelConfig c = load("qwen3-next-80b-a3b-instruct");
        QCOMPARE(c.mixer.kind, std::string("gated_deltanet"));
        QCOMPARE(c.mixer.layers, quint64(36));
        const ParamCount n = countParameters(c);
        const ComponentCount& m = n.get(Component::Mixer);
        const quint64 keyDim = 16 * 128;
        const quint64 valueDim = 32 * 128;
        const quint64 convDim = 2 * keyDim + valueDim; // 8192
        QCOMPARE(part(m, "in_proj_qkvz"), quint64(36) * 2048 * (2 * keyDim + 2 * valueDim));
        QCOMPARE(part(m, "in_proj_ba"), quint64(36) * 2048 * 64);
        QCOMPARE(part(m, "conv1d"), quint64(36) * convDim * 4);
        QCOMPARE(part(m, "dt_bias"), quint64(36) * 32);
        QCOMPARE(part(m, "A_log"), quint64(36) * 32);
        QCOMPARE(part(m, "norm"), quint64(36) * 128);
        QCOMPARE(part(m, "out_proj"), quint64(36) * valueDim * 2048);
        // Gated attention: q_proj 2048 -> 2·16·256 (query and gate), k/v 2048 -> 512, o 4096 ->
        // 2048, q/k norms of 256, in 12 layers.
        const ComponentCount& a = n.get(Component::Attention);
        QCOMPARE(part(a, "q"), quint64(12) * 2048 * 8192);
        QCOMPARE(quint64(a.params),
                 quint64(12) * (2048 * 8192 + 2 * 2048 * 512 + 4096 * 2048 + 512));
        // MoE in all 48 layers: 512 experts of 512, a shared expert of 512 with its gate.
        QCOMPARE(quint64(n.get(Component::Mlp).part("routed_experts")),
                 quint64(48) * 512 * 3 * 2048 * 512);
        QCOMPARE(quint64(n.params(Component::Router)), quint64(48) * (2048 * 512 + 2048));
        QCOMPARE(quint64(n.total), quint64(79674391296));

        // Per linear layer and sequence: conv state 8192·4 + recurrent state 32·128·128 values.
        QCOMPARE(c.mixer.state_per_layer, quint64(8192 * 4 + 32 * 128 * 128));
        InferenceParams p;
        p.context = 262144;
        p.batch = 1;
        p.kv = kvPrecisionById("bf16");
        const InferenceMemory mem = inferenceMemory(c, p);
        QCOMPARE(quint64(mem.kv_bytes_per_token), quint64(12) * 2 * 2 * 256 * 2);
        QCOMPARE(quint64(mem.recurrent_state_bytes), quint64(36) * 557056 * 2);
        QCOMPARE(quint64(mem.total_bytes),
                 quint64(mem.weights_bytes + mem.kv_cache_bytes + mem.recurrent_state_bytes +
                         mem.activation_bytes + mem.overhead_bytes));
    }

    void mixerRoundTrip()
    {
        for (const char* dir : {"lfm2-700m", "qwen3-next-80b-a3b-instruct"}) {
            const ModelConfig c = load(dir);
            const ModelConfig back = modelConfigFromJson(modelConfigToJson(c), "m.json", "");
            QVERIFY(back == c);
        }
    }

    void mixerValidation()
    {
        ModelConfig c = load("lfm2-700m");
        c.mixer.layers = 17;
        QVERIFY_THROWS_EXCEPTION(InvalidConfigError, countParameters(c));
        c.mixer.layers = 0;
        QVERIFY_THROWS_EXCEPTION(InvalidConfigError, countParameters(c)); // parts without layers
    }
};

QTEST_GUILESS_MAIN(TestHfHybrid)
#include "tst_hf_hybrid.moc"
