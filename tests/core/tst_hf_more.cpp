// GraniteMoe and GraniteMoeShared, Hunyuan (hunyuan_v1_dense, hunyuan_v1_moe), Ling (bailing_moe)
// and Gemma 3n against their published counts or hand counts written here from the modeling code;
// the rotary buffers' checkpoint line. The configs and sources are in
// tests/data/reference/hf-configs-2026/index.json.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QtTest>

using namespace llmsizer;
using nlohmann::json;

namespace {

const std::string kConfigs = std::string(LLMSIZER_TEST_REFERENCE_DIR) + "/hf-configs-2026";

HfImport load(const std::string& dir)
{
    return importHfConfigFile(kConfigs + "/" + dir + "/config.json");
}

quint64 total(const std::string& dir)
{
    return countParameters(load(dir).config).total;
}

const CheckpointExtra* extra(const ParamCount& count, const std::string& key)
{
    for (const CheckpointExtra& e : count.checkpoint_extras) {
        if (e.key == key) {
            return &e;
        }
    }
    return nullptr;
}

// The message of the InputError reading `j` throws, or "(no error)".
QString errorOf(const json& j)
{
    try {
        (void)importHfConfig(j, "config.json");
    } catch (const InputError& e) {
        return QString::fromUtf8(e.what());
    }
    return QStringLiteral("(no error)");
}

} // namespace

class TestHfMore : public QObject {
    Q_OBJECT
private slots:
    // Granite 3.1 1B A400M (modeling_granitemoe.py): tied embedding 49155·1024; per layer q/o
    // 1024·1024, k/v 1024·512, 32 experts whose input_linear (2·512 × 1024) and output_linear
    // (1024 × 512) hold 3·1024·512, the router 1024·32, two norms; the final norm. The
    // multipliers hold no parameters. Published (a harness's sum of p.numel() over the loaded
    // checkpoint): 1,334,628,352.
    void graniteMoe()
    {
        const quint64 d = 1024;
        const quint64 layer = 2 * d * d + 2 * d * 512 + 32 * 3 * d * 512 + 32 * d + 2 * d;
        const quint64 byHand = 49155 * d + 24 * layer + d;
        QCOMPARE(byHand, quint64(1334628352));
        const HfImport hf = load("granite-3.1-1b-a400m-instruct");
        QCOMPARE(quint64(countParameters(hf.config).total), byHand);
        QCOMPARE(quint64(hf.config.moe.experts_per_token), quint64(8));
        QVERIFY(hf.config.tied_head);
    }

    // A hand count only (no released granitemoeshared checkpoint with a published count): the
    // same layers plus shared_mlp, input_linear Linear(1024, 2·1024) and output_linear
    // Linear(1024, 1024) in each of the 24 layers.
    void graniteMoeSharedByHand()
    {
        QCOMPARE(total("granite-moe-shared-hand"),
                 quint64(1334628352) + 24 * (2 * 1024 * 1024 + 1024 * 1024));
        QCOMPARE(total("granite-moe-shared-hand"), quint64(1410125824));
        // shared_intermediate_size 0 builds no shared MLP.
        json j = json::parse(R"({"model_type": "granitemoeshared", "hidden_size": 64,
            "num_hidden_layers": 2, "num_attention_heads": 4, "intermediate_size": 32,
            "vocab_size": 100, "num_local_experts": 4, "num_experts_per_tok": 2,
            "shared_intermediate_size": 0, "tie_word_embeddings": true})");
        QCOMPARE(quint64(importHfConfig(j, "config.json").config.moe.n_shared_experts), quint64(0));
    }

    // Gemma3nTextConfig takes intermediate_size as one width per layer: the count has one, so a
    // list must hold one equal value per layer, and the error names the field otherwise.
    void perLayerListsHoldOneValue()
    {
        json j = json::parse(R"({"model_type": "gemma3n_text", "hidden_size": 64,
            "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2,
            "head_dim": 16, "vocab_size": 100, "num_kv_shared_layers": 0,
            "intermediate_size": [32, 64]})");
        QCOMPARE(errorOf(j), QStringLiteral("config.json: intermediate_size: differs between "
                                            "layers (32 and 64); a count with one value for "
                                            "every layer cannot describe it"));
        j["intermediate_size"] = {32, 32, 32};
        QCOMPARE(errorOf(j),
                 QStringLiteral("config.json: intermediate_size: has 3 entries for 2 layers"));
        j["intermediate_size"] = {32, 32};
        QCOMPARE(errorOf(j), QStringLiteral("(no error)"));
    }

    // Hunyuan-7B-Instruct, a hand count (no exact published count was found; the card says 7B)
    // from modular_hunyuan_v1_dense.py: tied embedding 128167·4096; per layer q/o 4096·4096, k/v
    // 4096·(8·128), query_layernorm and key_layernorm RMSNorm(128), MLP 3·4096·14336, two
    // RMSNorm(4096); the final norm. The 6,430,552,064 a public scraper lists for this repository
    // is its own estimate from the config, L·d²·(4 + 2·f/d) + V·d, not a checkpoint's count.
    void hunyuanDenseByHand()
    {
        const quint64 d = 4096;
        const quint64 layer = 2 * d * d + 2 * d * 1024 + 2 * 128 + 3 * d * 14336 + 2 * d;
        const quint64 byHand = 128167 * d + 32 * layer + d;
        QCOMPARE(byHand, quint64(7504568320));
        const HfImport hf = load("hunyuan-7b-instruct");
        QCOMPARE(quint64(countParameters(hf.config).total), byHand);
        QVERIFY(hf.config.tied_head);
        QCOMPARE(quint64(hf.config.head_dim), quint64(128));
        QCOMPARE(32 * d * d * (4 + 2 * 14336 / d) + 128167 * d, quint64(6430552064));
    }

    // Hunyuan-A13B-Instruct, a hand count (the card and report: 80B total, 13B active) from
    // modular_hunyuan_v1_moe.py: tied embedding 128167·4096; per layer the dense type's attention,
    // HunYuanMoEV1Moe with 64 experts and shared_mlp, each 3·4096·3072, the router gate.wg
    // 4096·64, two norms; the final norm. Active per token: 8 experts and the shared MLP.
    void hunyuanMoeByHand()
    {
        const quint64 d = 4096;
        const quint64 attention = 2 * d * d + 2 * d * 1024 + 2 * 128;
        const quint64 mlp = 3 * d * 3072;
        const quint64 layer = attention + 65 * mlp + 64 * d + 2 * d;
        const quint64 byHand = 128167 * d + 32 * layer + d;
        QCOMPARE(byHand, quint64(80393183232));
        const HfImport hf = load("hunyuan-a13b-instruct");
        const ParamCount count = countParameters(hf.config);
        QCOMPARE(quint64(count.total), byHand);
        QCOMPARE(quint64(count.active), byHand - quint64(32) * 56 * mlp);
        QCOMPARE(quint64(hf.config.moe.experts_per_token), quint64(8));
        QCOMPARE(quint64(hf.config.moe.n_shared_experts), quint64(1));
        // llama.cpp's load log of a Q4_K_M conversion (ggml-org/llama.cpp#14425): "45.38 GiB
        // (4.85 BPW)". Both figures rounded, the count lies between 45.375·2^30·8/4.855 and
        // 45.385·2^30·8/4.845: the hand count does, the scraper's 79,709,921,280 does not.
        const double bits = 8.0 * 1073741824.0;
        const double low = 45.375 * bits / 4.855;
        const double high = 45.385 * bits / 4.845;
        QVERIFY(double(byHand) > low && double(byHand) < high);
        QVERIFY(79709921280.0 < low);
    }

    // What transformers' Hunyuan classes do not build is refused, naming the field: cross-layer
    // attention, experts of another width than intermediate_size, several shared MLPs, and
    // per-layer lists whose values differ. One value per layer, all equal, is read.
    void hunyuanRefusesWhatItCannotCount()
    {
        json j = json::parse(R"({"model_type": "hunyuan_v1_moe", "hidden_size": 64,
            "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2,
            "head_dim": 16, "intermediate_size": 32, "vocab_size": 100,
            "num_experts": [4, 4], "moe_topk": [2, 2], "tie_word_embeddings": true})");
        QCOMPARE(errorOf(j), QStringLiteral("(no error)"));
        const ModelConfig c = importHfConfig(j, "config.json").config;
        QCOMPARE(quint64(c.moe.n_routed_experts), quint64(4));
        QCOMPARE(quint64(c.moe.experts_per_token), quint64(2));
        QCOMPARE(quint64(countParameters(c).total),
                 100 * 64 +
                     2 * (2 * 64 * 64 + 2 * 64 * 32 + 2 * 16 + 5 * 3 * 64 * 32 + 4 * 64 + 2 * 64) +
                     64);
        json uneven = j;
        uneven["num_experts"] = {4, 8};
        QVERIFY(errorOf(uneven).contains(QStringLiteral("num_experts: differs between layers")));
        json cla = j;
        cla["use_cla"] = true;
        QVERIFY(errorOf(cla).startsWith(QStringLiteral("config.json: use_cla: is true")));
        json wide = j;
        wide["moe_intermediate_size"] = {48, 48};
        QVERIFY(errorOf(wide).startsWith(QStringLiteral("config.json: moe_intermediate_size:")));
        json shared = j;
        shared["num_shared_expert"] = 2;
        QVERIFY(errorOf(shared).startsWith(QStringLiteral("config.json: num_shared_expert:")));
        json dense = j;
        dense["model_type"] = "hunyuan_v1_dense";
        dense["use_cla"] = true;
        QVERIFY(errorOf(dense).startsWith(QStringLiteral("config.json: use_cla: is true")));
    }

    // Ling-lite (modeling_bailing_moe.py): untied embedding and head 126464·2048; per layer
    // query_key_value 2048 -> (16 + 2·4)·128 and dense 2048·2048, 64 experts of 3·2048·1408,
    // shared_experts one MLP of 3·2048·(2·1408), the router 2048·64, two norms; the final norm.
    // Published (Hugging Face safetensors total): 16,801,974,272.
    void lingLite()
    {
        const quint64 d = 2048;
        const quint64 layer =
            d * 24 * 128 + d * d + 64 * 3 * d * 1408 + 3 * d * 2816 + 64 * d + 2 * d;
        QCOMPARE(2 * 126464 * d + 28 * layer + d, quint64(16801974272));
        QCOMPARE(total("ling-lite"), quint64(16801974272));
    }

    // Gemma 3n's language model, a hand count (modeling_gemma3n.py); E4B: d 2048, 35 layers.
    // Embedding 262400·d (tied) and the per-layer embedding 262144·(35·256) with its projection
    // d·(35·256) and norm (256). Per layer: q/o d·d, k/v d·512, q/k norms of 256, MLP 3·d·16384,
    // four norms; AltUp's output scale (d), coefficients 4·4 and 4·16, router d·4 and its norm;
    // LAuReL 2·d·64 and its norm; the per-layer input gate and projection 2·d·256 and their norm.
    // AltUp's 3 + 3 projections d·d; the final norm. E2B: 30 layers of MLP 8192.
    void gemma3nLanguageModelByHand_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<quint64>("layers");
        QTest::addColumn<quint64>("ff");
        QTest::addColumn<quint64>("language");
        QTest::newRow("E4B") << QStringLiteral("gemma-3n-e4b-it") << quint64(35) << quint64(16384)
                             << quint64(6866696688);
        QTest::newRow("E2B") << QStringLiteral("gemma-3n-e2b-it") << quint64(30) << quint64(8192)
                             << quint64(4456156768);
    }
    void gemma3nLanguageModelByHand()
    {
        QFETCH(QString, dir);
        QFETCH(quint64, layers);
        QFETCH(quint64, ff);
        QFETCH(quint64, language);
        const quint64 d = 2048;
        const quint64 p = 256;
        const quint64 layer = 2 * d * d + 2 * d * 512 + 2 * 256 + 3 * d * ff + 4 * d +
                              (d + 16 + 64 + d * 4 + d) + (2 * d * 64 + d) + (2 * d * p + d);
        const quint64 model = 262400 * d + 262144 * layers * p + d * layers * p + p + 6 * d * d + d;
        QCOMPARE(model + layers * layer, language);
        const HfImport hf = load(dir.toStdString());
        const ParamCount count = countParameters(hf.config);
        QCOMPARE(quint64(count.language_model), language);
        // The towers' embedders (Gemma3nMultimodalEmbedder): embedding 128·D, two norms of D and
        // the projection D·d, for the vision tower (D 2048) and the audio encoder (D 1536).
        QCOMPARE(quint64(count.params(Component::Projector)),
                 (128 * 2048 + 2 * 2048 + 2048 * d) + (128 * 1536 + 2 * 1536 + 1536 * d));
        // The towers themselves: tst_gemma3n_towers.
    }

    // The published checkpoints (keras-hub: E4B 7,850,135,376, E2B 5,439,595,456) differ from
    // these language models by the same 983,438,688: the towers and their embedders, which the
    // two share. That checks both hand counts against the published totals.
    void gemma3nTowersAreTheRest()
    {
        const quint64 e4b = countParameters(load("gemma-3n-e4b-it").config).language_model;
        const quint64 e2b = countParameters(load("gemma-3n-e2b-it").config).language_model;
        QCOMPARE(quint64(7850135376) - e4b, quint64(5439595456) - e2b);
        QCOMPARE(quint64(7850135376) - e4b, quint64(983438688));
    }

    // The last 15 of E4B's 35 layers reuse the KV cache of an earlier layer of their kind: 20
    // layers keep one, 4 of them global (every 5th), 16 sliding over 512 tokens. Per token and
    // layer 2 · 2 KV heads · 256 · 2 bytes = 2,048.
    void gemma3nKvSharing()
    {
        const ModelConfig c = load("gemma-3n-e4b-it").config;
        QCOMPARE(quint64(c.kv_shared_layers), quint64(15));
        const KvCache k = kvCache(c, 32768, 1, kvPrecisionById("bf16"));
        QCOMPARE(quint64(k.global_layers), quint64(4));
        QCOMPARE(quint64(k.sliding_layers), quint64(16));
        QCOMPARE(quint64(k.bytes), quint64(2048) * (4 * 32768 + 16 * 512));
    }

    // What a saved model or session writes keeps Gemma 3n's additions and the rotary buffers:
    // read back, the configuration and its count are the same.
    void augmentsRoundTrip()
    {
        const ModelConfig gemma = load("gemma-3n-e4b-it").config;
        const Preset llama2 =
            loadPresetFile(std::string(LLMSIZER_TEST_PRESETS_DIR) + "/llama-2-7b.json");
        for (const ModelConfig& c : {gemma, llama2.config}) {
            const json j = modelConfigToJson(c);
            const ModelConfig back = modelConfigFromJson(j, "model.json", "");
            QVERIFY(back == c);
            QCOMPARE(quint64(countParameters(back).total), quint64(countParameters(c).total));
        }
        QCOMPARE(modelConfigToJson(gemma).at("kv_shared_layers").get<int>(), 15);
        QCOMPARE(modelConfigToJson(llama2.config).at("rotary_buffers").get<std::string>(),
                 std::string("inv_freq"));
        // A bad value is named.
        json bad = modelConfigToJson(gemma);
        bad["augments"]["altup_inputs"] = 1;
        QVERIFY_THROWS_EXCEPTION(InputError, modelConfigFromJson(bad, "model.json", ""));
    }

    // Rotary buffers: Llama 2's Hub checkpoints store rotary_emb.inv_freq, 64 per layer (their
    // safetensors totals, 6,738,417,664 and 13,015,866,880 in debaditc/kvfit's registry of Hub
    // figures and 68,976,653,312 from the Hub API for meta-llama/Llama-2-70b-hf, exceed the
    // models' 6,738,415,616, 13,015,864,320 and 68,976,648,192 by 32·64, 40·64 and 80·64); Llama
    // 3's do not (8,030,261,248 both). A Llama config cannot tell which: the line says so.
    void rotaryBuffers()
    {
        const std::string presets = LLMSIZER_TEST_PRESETS_DIR;
        const struct {
            const char* id;
            quint64 hub;
        } llama2[] = {
            {"llama-2-7b", 6738417664}, {"llama-2-13b", 13015866880}, {"llama-2-70b", 68976653312}};
        for (const auto& p : llama2) {
            const Preset preset = loadPresetFile(presets + "/" + p.id + ".json");
            const ParamCount count = countParameters(preset.config);
            const CheckpointExtra* rotary = extra(count, "rotary");
            QVERIFY2(rotary != nullptr, p.id);
            QVERIFY(rotary->known);
            QCOMPARE(quint64(count.total + rotary->params), p.hub);
        }
        const ParamCount llama3 =
            countParameters(importHfConfigFile(std::string(LLMSIZER_TEST_REFERENCE_DIR) +
                                               "/hf-configs/llama-3.1-8b/config.json")
                                .config);
        const CheckpointExtra* maybe = extra(llama3, "rotary");
        QVERIFY(maybe != nullptr);
        QVERIFY(!maybe->known);
        QCOMPARE(quint64(maybe->params), quint64(32 * 64));
        QVERIFY(maybe->what.find("if the checkpoint stores them") != std::string::npos);
        // A family whose checkpoints store none (Qwen3: Hub totals equal the model) has no line.
        QVERIFY(extra(countParameters(load("qwen3-32b").config), "rotary") == nullptr);
    }
};

LLMSIZER_TEST_APPLESS_MAIN(TestHfMore)
#include "tst_hf_more.moc"
