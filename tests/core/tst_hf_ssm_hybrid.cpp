// Mamba-2 hybrids whose attention is not simply in place of the mixer, and OPT-350m's narrower
// embedding: Falcon-H1 (attention and Mamba-2 side by side in every layer), Zamba2 (Mamba-2
// layers calling a shared transformer block) and OPT-350m, each against its published count
// (tests/data/reference/hf-configs-2026/index.json) and a hand calculation from transformers'
// modeling code written here, with the KV cache and the recurrent state.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/model/mixer.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/shape/explore.h"
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

} // namespace

class TestHfSsmHybrid : public QObject {
    Q_OBJECT
private slots:
    // tiiuae/Falcon-H1-0.5B (modeling_falcon_h1.py): d = 1024, 36 layers, each with attention (8
    // heads, 2 KV heads of 64, no biases) AND a Mamba-2 mixer (mamba_d_ssm 1536 = 24 heads of 64,
    // 1 group, state 128, conv 4, conv bias, no gated norm, no projection biases) on the same
    // input, then a gated MLP of 2048; untied, V = 32,784. Attention 1024·512 + 2·1024·128 +
    // 512·1024 = 1,310,720. Mixer: conv_dim 1536 + 256 = 1,792; in_proj 1024·(1536 + 1792 + 24)
    // = 3,432,448; conv 1792·4 + 1792 = 8,960; dt_bias, A_log, D 72; out_proj 1536·1024 =
    // 1,572,864: 5,014,344. MLP 3·1024·2048 = 6,291,456; norms 2,048. Per layer 12,618,568, × 36
    // = 454,268,448; embedding and head 2·32784·1024 = 67,141,632; final norm 1,024: 521,411,104.
    void falconH1ByHand()
    {
        const ModelConfig c = load("falcon-h1-0.5b");
        QVERIFY(c.mixer.layout == MixerLayout::Parallel);
        QCOMPARE(c.mixer.layers, quint64(36));
        QCOMPARE(c.attentionLayers(), quint64(36));
        const ParamCount n = countParameters(c);
        QCOMPARE(quint64(n.params(Component::Attention)), quint64(36) * 1310720);
        QCOMPARE(part(n, Component::Mixer, "in_proj"), quint64(36) * 3432448);
        QCOMPARE(part(n, Component::Mixer, "conv1d"), quint64(36) * 8960);
        QCOMPARE(part(n, Component::Mixer, "norm"), quint64(0)); // mamba_rms_norm false
        QCOMPARE(quint64(n.params(Component::Mixer)), quint64(36) * 5014344);
        QCOMPARE(quint64(n.params(Component::Mlp)), quint64(36) * 6291456);
        QCOMPARE(quint64(n.total), quint64(521411104));
        // Every layer keeps K and V (2 KV heads of 64) and a Mamba-2 state: conv 1792·4 + ssm
        // 24·64·128 = 203,776 values.
        const KvCache k = kvCache(c, 1000, 1, kvPrecisionById("fp16"));
        QCOMPARE(quint64(k.bytes_per_token), quint64(36) * 2 * 2 * 64 * 2);
        QCOMPARE(quint64(k.bytes), quint64(36) * 2 * 2 * 64 * 2 * 1000);
        QCOMPARE(quint64(k.recurrent_values_per_layer), quint64(203776));
        QCOMPARE(quint64(k.recurrent_bytes), quint64(36) * 203776 * 2);
        // Depth: the mixer stays in every layer.
        const ModelConfig deep = reshape(c, c.d_model, 48);
        QCOMPARE(deep.mixer.layers, quint64(48));
        QCOMPARE(deep.attentionLayers(), quint64(48));
    }

    // Zyphra/Zamba2-1.2B (modular_zamba2.py): d = 2048, 38 Mamba-2 layers (64 heads of 64, 1
    // group, state 128, conv 4 with bias, gated norm), 6 of them hybrid (5, 11, 17, 23, 29, 35)
    // calling one shared block: RMSNorm(4096), attention on 4096 (32 heads and KV heads of 128;
    // q, k, v 4096·4096, o 4096·2048), RMSNorm(2048), MLP gate_up 2048·16384 and down
    // 8192·2048; per hybrid layer Linear(2048, 2048), q/k/v adapters 3·(4096·128 + 128·4096) and
    // an MLP adapter 2048·128 + 128·16384; tied, V = 32,000. Mamba per layer: in_proj
    // 2048·(4096 + 4352 + 64) = 17,432,576; conv 4352·5 = 21,760; 192; norm 4,096; out_proj
    // 8,388,608: 25,847,232 (+ its RMSNorm 2,048). Total 38·25,849,280 + 6·2048² + 50,331,648 +
    // 8,388,608 + 50,331,648 + 6,144 + 6·2,359,296 + 6·3,145,728 + 65,536,000 + 2,048 =
    // 1,215,064,704.
    void zamba2ByHand()
    {
        const ModelConfig c = load("zamba2-1.2b");
        QVERIFY(c.mixer.layout == MixerLayout::Only);
        QCOMPARE(c.shared.blocks, quint64(1));
        QCOMPARE(c.shared.layers, quint64(6));
        QCOMPARE(c.head_dim, quint64(128));
        const ParamCount n = countParameters(c);
        QCOMPARE(quint64(n.params(Component::Mixer)), quint64(38) * 25847232);
        QCOMPARE(part(n, Component::Attention, "q"), quint64(4096) * 4096);
        QCOMPARE(part(n, Component::Attention, "o"), quint64(4096) * 2048);
        QCOMPARE(part(n, Component::Attention, "adapters"), quint64(6) * 3 * 2 * 4096 * 128);
        QCOMPARE(part(n, Component::Attention, "layer_linear"), quint64(6) * 2048 * 2048);
        QCOMPARE(part(n, Component::Mlp, "adapters"), quint64(6) * (2048 * 128 + 128 * 16384));
        QCOMPARE(quint64(n.params(Component::Mlp)), quint64(50331648 + 6 * 2359296));
        QCOMPARE(quint64(n.params(Component::Norms)), quint64(38 * 2048 + 4096 + 2048 + 2048));
        QCOMPARE(quint64(n.total), quint64(1215064704));
        // Every layer keeps a Mamba-2 state (conv 4352·4 + ssm 64·64·128 = 541,696 values); the
        // 6 hybrid layers each keep K and V (32 heads of 128).
        const KvCache k = kvCache(c, 1, 1, kvPrecisionById("fp16"));
        QCOMPARE(quint64(k.recurrent_values_per_layer), quint64(541696));
        QCOMPARE(quint64(k.recurrent_bytes), quint64(38) * 541696 * 2);
        QCOMPARE(quint64(k.bytes_per_token), quint64(6) * 2 * 32 * 128 * 2);
        // Depth keeps the share of hybrid layers (6 of 38 -> 3 of 19); the block stays one.
        const ModelConfig half = reshape(c, c.d_model, 19);
        QCOMPARE(half.shared.layers, quint64(3));
        QCOMPARE(half.mixer.layers, quint64(19));
        QVERIFY(modelConfigFromJson(modelConfigToJson(c), "z.json", "") == c);
    }

    // A shared block needs a mixer-only layer everywhere, and adapters a rank.
    void sharedBlocksValidation()
    {
        ModelConfig c = load("zamba2-1.2b");
        c.shared.adapter_rank = 0;
        QVERIFY(!validate(c).empty());
        c = load("zamba2-1.2b");
        c.mixer.layers = 30;
        QVERIFY(!validate(c).empty());
        c = load("zamba2-1.2b");
        c.shared.layers = 39;
        QVERIFY(!validate(c).empty());
    }

    // facebook/opt-350m (modeling_opt.py): d = 1024, word_embed_proj_dim 512, 24 post-LN layers
    // (do_layer_norm_before false: no decoder-level final LayerNorm), 16 heads, ffn 4096, all
    // biases, positions 2048 + 2, tied. Embedding 50272·512 = 25,739,264 + project_in 512·1024 =
    // 524,288; positions 2050·1024 = 2,099,200; per layer q, k, v, out 4·(1024² + 1024) =
    // 4,198,400, fc1 1024·4096 + 4096 = 4,198,400, fc2 4096·1024 + 1024 = 4,195,328, two
    // LayerNorms 4,096: 12,596,224, × 24 = 302,309,376; project_out 1024·512 = 524,288. Total
    // 331,196,416.
    void opt350mByHand()
    {
        const ModelConfig c = load("opt-350m");
        QCOMPARE(c.embedding_dim, quint64(512));
        QVERIFY(!c.final_norm);
        const ParamCount n = countParameters(c);
        QCOMPARE(part(n, Component::Embedding, "token"), quint64(50272) * 512);
        QCOMPARE(part(n, Component::Embedding, "project_in"), quint64(512) * 1024);
        QCOMPARE(quint64(n.params(Component::PositionEmbedding)), quint64(2050) * 1024);
        QCOMPARE(part(n, Component::LmHead, "project_out"), quint64(1024) * 512);
        QCOMPARE(part(n, Component::LmHead, "weight"), quint64(0)); // tied
        QCOMPARE(quint64(n.params(Component::Norms)), quint64(24) * 2 * 2 * 1024);
        QCOMPARE(quint64(n.total), quint64(331196416));
        // Only K and V: 24 layers of 16·64 values each.
        QCOMPARE(quint64(kvCache(c, 1, 1, kvPrecisionById("fp16")).bytes_per_token),
                 quint64(24) * 2 * 1024 * 2);
        QVERIFY(modelConfigFromJson(modelConfigToJson(c), "o.json", "") == c);
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestHfSsmHybrid)
#include "tst_hf_ssm_hybrid.moc"
