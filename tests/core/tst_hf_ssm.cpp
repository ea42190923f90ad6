// State-space models and Mamba hybrids (mamba, mamba2, jamba, granitemoehybrid; falcon_h1, zamba2
// in tst_hf_ssm_hybrid), each against its published count (tests/data/reference/hf-configs-2026
// index.json cites it) and a hand calculation from transformers' modeling code written here, with
// its recurrent state per sequence and its KV cache; Python's Infinity in a config; the mixer's
// dimensions following a reshaped width, checked against the published counts of the larger
// Mamba models.
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/formats/model_file.h"
#include "llmsizer/formats/open_file.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/model/mixer.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/precision/quant_mix.h"
#include "llmsizer/shape/explore.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;

namespace {

const std::string kConfigs = std::string(LLMSIZER_TEST_REFERENCE_DIR) + "/hf-configs-2026";

ModelConfig load(const std::string& dir)
{
    return importHfConfigFile(kConfigs + "/" + dir + "/config.json").config;
}

quint64 part(const ParamCount& n, Component c, const char* key)
{
    return n.get(c).part(key);
}

quint64 recurrentBytes(const ModelConfig& c)
{
    return kvCache(c, 4096, 1, kvPrecisionById("fp16")).recurrent_bytes;
}

} // namespace

class TestHfSsm : public QObject {
    Q_OBJECT
private slots:
    // state-spaces/mamba-130m-hf (modeling_mamba.py): d = 768, 24 MambaBlocks (norm + mixer), no
    // attention, no MLP; d_inner 1536, state 16, conv 4, Δ rank 48, use_bias false, conv bias;
    // V = 50,280, head tied. Per layer: in_proj 768·3072 = 2,359,296; conv1d 1536·4 + 1536 =
    // 7,680; x_proj 1536·(48 + 32) = 122,880; dt_proj 48·1536 + 1536 = 75,264; A_log 1536·16 =
    // 24,576; D 1,536; out_proj 1536·768 = 1,179,648; together 3,770,880, with the norm 3,771,648.
    // 24 layers 90,519,552 + embedding 50280·768 = 38,615,040 + norm_f 768 = 129,135,360.
    void mambaByHand()
    {
        const ModelConfig c = load("mamba-130m-hf");
        QVERIFY(c.mixer.kind == MixerKind::Mamba);
        QVERIFY(c.mixer.layout == MixerLayout::Only);
        QCOMPARE(c.attentionLayers(), quint64(0));
        QCOMPARE(c.mlpLayers(), quint64(0));
        const ParamCount n = countParameters(c);
        QCOMPARE(part(n, Component::Mixer, "in_proj"), quint64(24) * 2359296);
        QCOMPARE(part(n, Component::Mixer, "conv1d"), quint64(24) * 7680);
        QCOMPARE(part(n, Component::Mixer, "x_proj"), quint64(24) * 122880);
        QCOMPARE(part(n, Component::Mixer, "dt_proj"), quint64(24) * 75264);
        QCOMPARE(part(n, Component::Mixer, "A_log"), quint64(24) * 24576);
        QCOMPARE(part(n, Component::Mixer, "D"), quint64(24) * 1536);
        QCOMPARE(part(n, Component::Mixer, "out_proj"), quint64(24) * 1179648);
        QCOMPARE(quint64(n.params(Component::Attention)), quint64(0));
        QCOMPARE(quint64(n.params(Component::Mlp)), quint64(0));
        QCOMPARE(quint64(n.params(Component::Norms)), quint64(24 * 768 + 768));
        QCOMPARE(quint64(n.params(Component::LmHead)), quint64(0));
        QCOMPARE(quint64(n.total), quint64(129135360));
        // MambaCache per layer and sequence: conv_states 1536·4 + ssm_states 1536·16 = 30,720
        // values; 24 layers at 2 bytes. No KV cache.
        QCOMPARE(quint64(mixerStatePerLayer(c.mixer, c.d_model)), quint64(30720));
        QCOMPARE(recurrentBytes(c), quint64(24) * 30720 * 2);
        QCOMPARE(quint64(kvCache(c, 4096, 1, kvPrecisionById("fp16")).bytes), quint64(0));
    }

    // The Mamba family shares one shape rule: d_inner = 2·d, Δ rank ceil(d/16), vocabulary
    // 50,280. Reshaping mamba-130m reproduces the published counts of the larger ones (the same
    // public list as 130m's: 370m 371,516,416; 790m 793,204,224; 1.4b 1,372,178,432; 2.8b
    // 2,768,345,600). By hand for 370m (d 1024, 48 layers, d_inner 2048, Δ rank 64): per layer
    // in_proj 1024·4096 = 4,194,304 + conv 2048·4 + 2048 = 10,240 + x_proj 2048·96 = 196,608 +
    // dt_proj 64·2048 + 2048 = 133,120 + A_log 32,768 + D 2,048 + out_proj 2,097,152 + norm
    // 1,024 = 6,667,264; × 48 = 320,028,672; + embedding 50280·1024 = 51,486,720 + norm_f 1,024
    // = 371,516,416.
    void mambaFamilyReshape()
    {
        const ModelConfig base = load("mamba-130m-hf");
        QCOMPARE(quint64(widthStep(base)), quint64(1));
        const ModelConfig m370 = reshape(base, 1024, 48);
        QCOMPARE(m370.mixer.d_inner, quint64(2048));
        QCOMPARE(m370.mixer.dt_rank, quint64(64));
        QCOMPARE(quint64(countParameters(m370).total), quint64(371516416));
        QCOMPARE(quint64(countParameters(reshape(base, 1536, 48)).total), quint64(793204224));
        QCOMPARE(quint64(countParameters(reshape(base, 2048, 48)).total), quint64(1372178432));
        QCOMPARE(quint64(countParameters(reshape(base, 2560, 64)).total), quint64(2768345600));
    }

    // mistralai/Mamba-Codestral-7B-v0.1 (modeling_mamba2.py): d = 4096, 64 layers, d_inner
    // 2·4096 = 8192 = 128 heads of 64, 8 groups, state 128, conv 4, no projection biases, conv
    // bias, untied, V = 32,768. conv_dim 8192 + 2·8·128 = 10,240. Per layer: in_proj
    // 4096·(8192 + 10240 + 128) = 76,021,760; conv1d 10240·4 + 10240 = 51,200; dt_bias, A_log,
    // D 128 each; gated norm 8,192; out_proj 8192·4096 = 33,554,432; with the block norm 4,096:
    // 109,640,064, × 64 = 7,016,964,096; embedding and head 2·32768·4096 = 268,435,456; norm_f
    // 4,096: 7,285,403,648.
    void mamba2ByHand()
    {
        const ModelConfig c = load("mamba-codestral-7b-v0.1");
        QVERIFY(c.mixer.kind == MixerKind::Mamba2);
        QCOMPARE(c.mixer.heads, quint64(128));
        QCOMPARE(c.mixer.head_dim, quint64(64));
        const ParamCount n = countParameters(c);
        QCOMPARE(part(n, Component::Mixer, "in_proj"), quint64(64) * 76021760);
        QCOMPARE(part(n, Component::Mixer, "conv1d"), quint64(64) * 51200);
        QCOMPARE(part(n, Component::Mixer, "dt_bias"), quint64(64) * 128);
        QCOMPARE(part(n, Component::Mixer, "norm"), quint64(64) * 8192);
        QCOMPARE(part(n, Component::Mixer, "out_proj"), quint64(64) * 33554432);
        QCOMPARE(quint64(n.params(Component::LmHead)), quint64(134217728));
        QCOMPARE(quint64(n.total), quint64(7285403648));
        // Per layer and sequence: conv_states 10240·4 + ssm_states 128·64·128 = 1,089,536.
        QCOMPARE(quint64(mixerStatePerLayer(c.mixer, c.d_model)), quint64(1089536));
        QCOMPARE(recurrentBytes(c), quint64(64) * 1089536 * 2);
        // Width: heads grow with d_model (32 per head) and stay a multiple of the 8 groups.
        QCOMPARE(quint64(widthStep(c)), quint64(256));
        QCOMPARE(reshape(c, 4096 + 256, 64).mixer.heads, quint64(136));
    }

    // The Codestral config holds "time_step_limit": [0.0, Infinity], as Python's json module
    // writes float("inf"); strict JSON refuses it, the config reader takes it as a string.
    void infinityInConfig()
    {
        const std::string file = kConfigs + "/mamba-codestral-7b-v0.1/config.json";
        QVERIFY_THROWS_EXCEPTION(InputError, readJsonFile(file));
        const std::string text = "{\"a\": [0.0, Infinity], \"b\": \"Infinity\", \"c\": "
                                 "-Infinity, \"d\": NaN, \"e\": \"x\\\"NaN\", \"f\": NaNa}";
        const std::string quoted =
            "{\"a\": [0.0, \"Infinity\"], \"b\": \"Infinity\", \"c\": "
            "\"-Infinity\", \"d\": \"NaN\", \"e\": \"x\\\"NaN\", \"f\": NaNa}";
        QCOMPARE(quoteNonFiniteTokens(text), quoted);
        QCOMPARE(parseHfConfigText(readTextFile(file), file).at("time_step_limit")[1],
                 nlohmann::json("Infinity"));
        // Every way of opening the file takes it: the model file reader and the app's opener.
        QCOMPARE(quint64(countParameters(loadModelFile(file).config).total), quint64(7285403648));
        QCOMPARE(quint64(countParameters(openAnyFile(file).model.config).total),
                 quint64(7285403648));
        // Presets and other JSON stay strict.
        QVERIFY_THROWS_EXCEPTION(
            InputError, parseHfConfigText("{\"architecture\": {\"d_model\": Infinity}}", "p.json"));
    }

    // AI21-Jamba-1.5-Mini / Jamba-v0.1 (modeling_jamba.py): d = 4096, 32 layers; attention where
    // i % 8 == 4 (4 layers: 32 heads, 8 KV heads of 128, no biases) and Mamba in the other 28
    // (d_inner 8192, state 16, conv 4, Δ rank 256, conv bias, with dt/b/c norms); experts where
    // i % 2 == 1 (16 layers of 16 experts of 14336, router 4096·16), a dense MLP of 14336 in the
    // other 16. Attention 4·41,943,040; Mamba per layer in_proj 67,108,864 + conv 40,960 + x_proj
    // 8192·288 = 2,359,296 + dt_proj 2,105,344 + A_log 131,072 + D 8,192 + norms 288 + out_proj
    // 33,554,432 = 105,308,448; MLP 3·4096·14336 = 176,160,768. Total 167,772,160 +
    // 2,948,636,544 + 16·(16·176,160,768 + 65,536) + 16·176,160,768 + 32·8192 + 4,096 +
    // 2·268,435,456 = 51,570,323,328.
    void jambaByHand()
    {
        const ModelConfig c = load("ai21-jamba-1.5-mini");
        QCOMPARE(c.mixer.layers, quint64(28));
        QCOMPARE(c.attentionLayers(), quint64(4));
        QCOMPARE(c.moeLayers(), quint64(16));
        QVERIFY(c.isMoeLayer(1) && !c.isMoeLayer(4));
        const ParamCount n = countParameters(c);
        QCOMPARE(quint64(n.params(Component::Attention)), quint64(4) * 41943040);
        QCOMPARE(part(n, Component::Mixer, "inner_norms"), quint64(28) * (256 + 16 + 16));
        QCOMPARE(quint64(n.params(Component::Mixer)), quint64(28) * 105308448);
        QCOMPARE(part(n, Component::Mlp, "routed_experts"), quint64(16) * 16 * 176160768);
        QCOMPARE(quint64(n.params(Component::Router)), quint64(16) * 4096 * 16);
        QCOMPARE(quint64(n.total), quint64(51570323328));
        // 28 Mamba layers of 8192·4 + 8192·16 = 163,840 state values; K and V in 4 layers of
        // 8 heads of 128.
        QCOMPARE(recurrentBytes(c), quint64(28) * 163840 * 2);
        QCOMPARE(quint64(kvCache(c, 1, 1, kvPrecisionById("fp16")).bytes_per_token),
                 quint64(4) * 2 * 8 * 128 * 2);
    }

    // ibm-granite/granite-4.0-h-small (modular_granitemoehybrid.py): d = 4096, 40 layers, attention
    // in layers 5, 15, 25, 35 (32 heads, 8 KV heads of 128), Bamba Mamba-2 in the other 36 (128
    // heads of 64, 1 group, state 128, conv 4, conv bias); every layer 72 experts of 768 and a
    // shared MLP of 1536; tied, V = 100,352. Mamba per layer: conv_dim 8192 + 256 = 8,448;
    // in_proj 4096·(8192 + 8448 + 128) = 68,681,728; conv 8448·5 = 42,240; dt_bias, A_log, D
    // 384; norm 8,192; out_proj 33,554,432: 102,286,976. Experts 72·3·4096·768 = 679,477,248,
    // router 294,912, shared 3·4096·1536 = 18,874,368 per layer. Total 36·102,286,976 +
    // 4·41,943,040 + 40·(679,477,248 + 294,912 + 18,874,368 + 8,192) + 411,041,792 + 4,096 =
    // 32,207,337,984.
    void graniteHybridByHand()
    {
        const ModelConfig c = load("granite-4.0-h-small");
        QCOMPARE(c.mixer.layers, quint64(36));
        QCOMPARE(c.moeLayers(), quint64(40));
        const ParamCount n = countParameters(c);
        QCOMPARE(quint64(n.params(Component::Mixer)), quint64(36) * 102286976);
        QCOMPARE(quint64(n.params(Component::Attention)), quint64(4) * 41943040);
        QCOMPARE(part(n, Component::Mlp, "routed_experts"), quint64(40) * 679477248);
        QCOMPARE(part(n, Component::Mlp, "shared_experts"), quint64(40) * 18874368);
        QCOMPARE(quint64(n.total), quint64(32207337984));
        // Per Mamba layer: conv 8448·4 + ssm 128·64·128 = 1,082,368 values; KV in 4 layers.
        QCOMPARE(recurrentBytes(c), quint64(36) * 1082368 * 2);
        QCOMPARE(quint64(kvCache(c, 1, 1, kvPrecisionById("fp16")).bytes_per_token),
                 quint64(4) * 2 * 8 * 128 * 2);
    }

    // The GGUF tensor list covers every parameter: mixers, shared blocks, narrower embeddings.
    void ggufTensorsCoverTheCount()
    {
        for (const char* dir : {"mamba-130m-hf", "mamba-codestral-7b-v0.1", "ai21-jamba-1.5-mini",
                                "granite-4.0-h-small", "falcon-h1-0.5b", "zamba2-1.2b", "opt-350m",
                                "lfm2-700m", "qwen3-next-80b-a3b-instruct"}) {
            const ModelConfig c = load(dir);
            QVERIFY2(ggufMix(c, "q4_k_m").params == countParameters(c).total, dir);
        }
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestHfSsm)
#include "tst_hf_ssm.moc"
