// Hybrid layers (ModelConfig::mixer): LFM2's short convolutions and Qwen3-Next's Gated DeltaNet,
// each part against a hand calculation from modeling_lfm2.py / modeling_qwen3_next.py written
// here, the KV cache over the attention layers only, the fixed recurrent state per sequence, the
// mixer's dimensions following a reshaped width, the preset round trip, and the form without
// dimensions that presets and sessions used before (Show the math for them is in tst_mathtext).
// The totals are checked against their published counts in tst_hf_2026; the state-space types
// are in tst_hf_ssm.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/catalog/session.h"
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/model/mixer.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/shape/explore.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;
using nlohmann::json;

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

// The architecture with its mixer in the form written before mixers had dimensions: the parts
// summed over the layers and the state per layer.
json withOldMixer(const ModelConfig& c, const json& oldMixer)
{
    json j = modelConfigToJson(c);
    j["mixer"] = oldMixer;
    return j;
}

// LFM2-700M's old form, by hand: 10 layers of in_proj 1536·4608, conv1d 1536·3, out_proj
// 1536·1536; state 1536·3.
json lfm2OldMixer()
{
    return json::parse(R"({"kind": "short_conv", "layers": 10, "state_per_layer": 4608,
        "parts": [["in_proj", 70778880], ["conv1d", 46080], ["out_proj", 23592960]]})");
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
        QVERIFY(c.mixer.kind == MixerKind::ShortConv);
        QCOMPARE(c.mixer.layers, quint64(10));
        QCOMPARE(c.mixer.d_conv, quint64(3));
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
        QCOMPARE(quint64(k.recurrent_values_per_layer), quint64(1536 * 3));
        QCOMPARE(quint64(k.recurrent_bytes), quint64(10) * 1536 * 3 * 2 * 2);
        QCOMPARE(quint64(kvCache(c, 128, 2, kvPrecisionById("fp16")).recurrent_bytes),
                 quint64(k.recurrent_bytes));
    }

    // Qwen3-Next-80B-A3B: d = 2048, 48 layers, every 4th attends (12), 36 Gated DeltaNet layers
    // with 16 key heads and 32 value heads of 128 and a 4-tap convolution.
    void qwen3NextByHand()
    {
        const ModelConfig c = load("qwen3-next-80b-a3b-instruct");
        QVERIFY(c.mixer.kind == MixerKind::GatedDeltaNet);
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
        QCOMPARE(quint64(mixerStatePerLayer(c.mixer, c.d_model)),
                 quint64(8192 * 4 + 32 * 128 * 128));
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

    // The mixer follows the width: LFM2 at d = 3072 convolves 3072 channels (its width step is
    // 192: 64-wide heads, 3 query heads per KV head), Qwen3-Next at d = 4096 has twice the key
    // and value heads.
    void mixerFollowsTheWidth()
    {
        const ModelConfig lfm2 = load("lfm2-700m");
        QCOMPARE(quint64(widthStep(lfm2)), quint64(192));
        const ModelConfig wide = reshape(lfm2, 3072, lfm2.n_layers);
        const ParamCount counted = countParameters(wide);
        const ComponentCount& m = counted.get(Component::Mixer);
        // 10 layers: in_proj 3072·9216, conv 3072·3, out_proj 3072·3072.
        QCOMPARE(quint64(m.params), quint64(10) * (3072 * 9216 + 3072 * 3 + 3072 * 3072));
        QCOMPARE(quint64(kvCache(wide, 1, 1, kvPrecisionById("fp16")).recurrent_bytes),
                 quint64(10) * 3072 * 3 * 2);

        const ModelConfig qwen = load("qwen3-next-80b-a3b-instruct");
        const ModelConfig big = reshape(qwen, 4096, qwen.n_layers);
        QCOMPARE(big.mixer.key_heads, quint64(32));
        QCOMPARE(big.mixer.heads, quint64(64));
        QCOMPARE(big.mixer.head_dim, quint64(128));
        // Per layer: in_proj_qkvz 4096·(2·4096 + 2·8192), in_proj_ba 4096·128, conv 16384·4,
        // dt_bias and A_log 64 each, norm 128, out_proj 8192·4096.
        const quint64 perLayer =
            4096ull * 24576 + 4096 * 128 + 16384 * 4 + 128 + 128 + 8192ull * 4096;
        QCOMPARE(quint64(countParameters(big).params(Component::Mixer)), 36 * perLayer);
        // Depth: the share of linear layers is kept (36 of 48 -> 18 of 24).
        QCOMPARE(reshape(qwen, qwen.d_model, 24).mixer.layers, quint64(18));
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
        QVERIFY_THROWS_EXCEPTION(InvalidConfigError, countParameters(c)); // a kind without layers
        c = load("lfm2-700m");
        c.mixer.d_state = 16; // not a dimension of a short convolution
        QVERIFY_THROWS_EXCEPTION(InvalidConfigError, countParameters(c));
        c = load("qwen3-next-80b-a3b-instruct");
        c.mixer.heads = 24; // value heads must be a multiple of the 16 key heads
        QVERIFY_THROWS_EXCEPTION(InvalidConfigError, countParameters(c));
    }

    // The form without dimensions ({"kind", "layers", "state_per_layer", "parts"}) is still read:
    // the dimensions are recovered and every stored part must match them.
    void oldMixerFormIsRead()
    {
        const ModelConfig lfm2 = load("lfm2-700m");
        QVERIFY(modelConfigFromJson(withOldMixer(lfm2, lfm2OldMixer()), "p.json", "") == lfm2);

        // Qwen3-Next, by hand: 36 layers of in_proj_qkvz 2048·12288, in_proj_ba 2048·64, conv1d
        // 8192·4, dt_bias and A_log 32, norm 128, out_proj 4096·2048; state 557,056.
        const ModelConfig qwen = load("qwen3-next-80b-a3b-instruct");
        const json old = json::parse(R"({"kind": "gated_deltanet", "layers": 36,
            "state_per_layer": 557056, "parts": [["in_proj_qkvz", 905969664],
            ["in_proj_ba", 4718592], ["conv1d", 1179648], ["dt_bias", 1152], ["A_log", 1152],
            ["norm", 4608], ["out_proj", 301989888]]})");
        QVERIFY(modelConfigFromJson(withOldMixer(qwen, old), "p.json", "") == qwen);

        // A part that no mixer of these dimensions has is refused, naming the parts.
        json bad = lfm2OldMixer();
        bad["parts"][1][1] = 46081;
        try {
            modelConfigFromJson(withOldMixer(lfm2, bad), "p.json", "architecture");
            QFAIL("accepted parts that match no short_conv mixer");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("architecture.mixer.parts") != std::string::npos,
                     e.what());
        }
    }

    // A session saved before mixers had dimensions opens with the same configuration.
    void oldSessionOpens()
    {
        const ModelConfig lfm2 = load("lfm2-700m");
        json s = {{"format", "llm-sizer-session"},
                  {"version", 2},
                  {"current",
                   {{"name", "LFM2 700M"},
                    {"preset", "lfm2-700m"},
                    {"architecture", withOldMixer(lfm2, lfm2OldMixer())}}}};
        const Session session = parseSession(s.dump(2), "old.json");
        QVERIFY(session.current.config == lfm2);
        QCOMPARE(quint64(countParameters(session.current.config).total), quint64(742489344));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestHfHybrid)
#include "tst_hf_hybrid.moc"
