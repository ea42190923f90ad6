// The 2024–2026 reference configs (tests/data/reference/hf-configs-2026): every counted one exact
// to its published total and language-model count, the vision towers, projectors and gpt-oss's
// extra parameters against hand calculations written here, and "scope" when something is not
// counted.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QtTest>
#include <set>

using namespace llmsizer;
using nlohmann::json;

namespace {

const std::string kConfigs = std::string(LLMSIZER_TEST_REFERENCE_DIR) + "/hf-configs-2026";

// Reference configs of types not counted yet: they must be refused with a clear error.
const std::set<std::string> kNotYetCounted = {};

// Reference configs whose published checkpoint stores MTP layers their config.json (as copied
// here) does not name: the count has no MTP line for them (qwen3NextMtpSharesEmbeddings names it).
const std::set<std::string> kMtpNotInConfig = {"qwen3-next-80b-a3b-instruct"};

HfImport load(const std::string& dir)
{
    return importHfConfigFile(kConfigs + "/" + dir + "/config.json");
}

quint64 part(const std::vector<Part>& parts, const char* key)
{
    for (const Part& p : parts) {
        if (p.key == key) {
            return p.params;
        }
    }
    return 0;
}

} // namespace

class TestHf2026 : public QObject {
    Q_OBJECT
private slots:
    void publishedCounts_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<quint64>("expected");
        QTest::addColumn<quint64>("languageModel");
        QTest::addColumn<quint64>("mtp");
        QTest::addColumn<quint64>("checkpoint");
        int rows = 0;
        for (const json& e : readJsonFile(kConfigs + "/index.json")) {
            const std::string dir = e.at("dir").get<std::string>();
            // Hand counts (no exact published figure) are checked in tst_hf_next.cpp.
            if (kNotYetCounted.count(dir) != 0 || e.at("num_parameters").is_null()) {
                continue;
            }
            // The checkpoint's count without MTP layers. A router's e_score_correction_bias is
            // counted (the index README), so GLM-4.7's expected_model_parameters (transformers'
            // model.parameters(), without that buffer) is not the figure to match.
            const quint64 total = e.at("num_parameters").get<quint64>();
            // 0: no published language-model count (a text-only model: the total).
            const bool vision =
                e.at("model_type").get<std::string>().find("text:") != std::string::npos ||
                e.contains("num_parameters_language_model");
            QTest::newRow(dir.c_str())
                << QString::fromStdString(dir) << total
                << e.value("num_parameters_language_model", vision ? quint64(0) : total)
                << (kMtpNotInConfig.count(dir) != 0 ? quint64(0)
                                                    : e.value("mtp_params", quint64(0)))
                << e.value("published_checkpoint_total", quint64(0));
            ++rows;
        }
        QVERIFY(rows >= 12);
    }
    void publishedCounts()
    {
        QFETCH(QString, dir);
        QFETCH(quint64, expected);
        QFETCH(quint64, languageModel);
        QFETCH(quint64, mtp);
        QFETCH(quint64, checkpoint);
        const HfImport hf = load(dir.toStdString());
        const ParamCount count = countParameters(hf.config);
        QCOMPARE(quint64(count.total), expected);
        if (checkpoint != 0) {
            // The published total is the checkpoint's: the model and its MTP layers.
            QCOMPARE(quint64(count.total + count.mtp), checkpoint);
        }
        // The MTP layers the published checkpoint stores beside the model (0: none).
        QCOMPARE(quint64(count.mtp), mtp);
        if (languageModel != 0) {
            QCOMPARE(quint64(count.language_model), languageModel);
        }
        QVERIFY(hf.config.not_counted.empty());
    }

    // Types not in the table and without their size fields are refused, naming the fields.
    void notYetCountedIsRefused_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QString>("type");
        for (const std::string& d : kNotYetCounted) {
            QTest::newRow(d.c_str()) << QString::fromStdString(d) << QString();
        }
        for (const char* t : {"rwkv", "zamba", "xlstm"}) {
            QTest::newRow(t) << QString() << QString::fromLatin1(t);
        }
    }
    void notYetCountedIsRefused()
    {
        QFETCH(QString, dir);
        QFETCH(QString, type);
        try {
            if (dir.isEmpty()) {
                importHfConfig(json{{"model_type", type.toStdString()}, {"hidden_size", 768}},
                               "config.json");
            } else {
                load(dir.toStdString());
            }
            QFAIL("accepted a type that is not counted");
        } catch (const InputError& e) {
            const std::string what = e.what();
            // Without size fields an unknown type cannot even be estimated: each missing field
            // is named.
            QVERIFY2(what.find("is not known") != std::string::npos, e.what());
            QVERIFY2(what.find("missing: num_hidden_layers") != std::string::npos, e.what());
        }
    }

    // Gemma 3 27B: SigLIP-So400m at 896 px (D = 1152, F = 4304, 27 layers, patch 14).
    void gemma3SiglipByHand()
    {
        const HfImport hf = load("gemma-3-27b-it");
        const auto& t = hf.config.vision_tower;
        QCOMPARE(part(t, "patch_embed"), quint64(3 * 14 * 14 * 1152 + 1152)); // 678,528
        QCOMPARE(part(t, "position_embed"), quint64(64 * 64 * 1152));         // (896/14)² rows
        QCOMPARE(part(t, "attention"), quint64(27) * 4 * (1152 * 1152 + 1152));
        QCOMPARE(part(t, "mlp"), quint64(27) * (2 * 1152 * 4304 + 4304 + 1152));
        QCOMPARE(part(t, "norms"), quint64(27) * 4 * 1152 + 2 * 1152); // 2 LayerNorms + post
        QCOMPARE(part(t, "pooling_head"), quint64(0));                 // vision_use_head false
        // Gemma3MultiModalProjector: mm_input_projection_weight (1152, 5376) + soft_emb_norm.
        QCOMPARE(part(hf.config.projector, "input_projection"), quint64(1152) * 5376);
        QCOMPARE(part(hf.config.projector, "norm"), quint64(1152));
        const ParamCount count = countParameters(hf.config);
        QCOMPARE(quint64(count.params(Component::VisionTower)), quint64(416866032));
        QCOMPARE(quint64(count.params(Component::Projector)), quint64(6194304));
    }

    // Ministral 3 3B: Pixtral tower (D = 1024, F = 4096, 24 layers, patch 14, no biases) and the
    // Mistral 3 projector with its 2×2 patch merger into d = 3072.
    void pixtralByHand()
    {
        const HfImport hf = load("ministral-3-3b-2512");
        const auto& t = hf.config.vision_tower;
        QCOMPARE(part(t, "patch_embed"), quint64(3 * 14 * 14 * 1024));
        QCOMPARE(part(t, "attention"), quint64(24) * 4 * 1024 * 1024);
        QCOMPARE(part(t, "mlp"), quint64(24) * 3 * 1024 * 4096);
        QCOMPARE(part(t, "norms"), quint64(1024 + 24 * 2 * 1024)); // ln_pre + 2 per layer
        const auto& p = hf.config.projector;
        QCOMPARE(part(p, "norm"), quint64(1024));
        QCOMPARE(part(p, "patch_merger"), quint64(4 * 1024) * 1024);
        QCOMPARE(part(p, "linear_1"), quint64(1024) * 3072); // multimodal_projector_bias false
        QCOMPARE(part(p, "linear_2"), quint64(3072) * 3072);
        // The language model by hand (no published split): tied embedding 131072·3072 =
        // 402,653,184; per layer q 3072·4096 + k, v 3072·1024 each + o 4096·3072 = 31,457,280,
        // MLP 3·3072·9216 = 84,934,656, two norms 6,144; 26 layers = 3,026,350,080; final norm
        // 3,072: 3,429,006,336. The published whole model (3,849,090,048) less the tower
        // (403,305,472) and projector (16,778,240) gives the same.
        QCOMPARE(quint64(countParameters(hf.config).language_model), quint64(3429006336));
    }

    // LLaVA 1.5: text_config names almost nothing; LlamaConfig's defaults fill it, as guesses.
    void llavaUsesLlamaDefaults()
    {
        const HfImport hf = load("llava-1.5-7b-hf");
        QCOMPARE(hf.config.d_model, quint64(4096));
        QCOMPARE(hf.config.n_layers, quint64(32));
        QCOMPARE(hf.config.vocab_size, quint64(32064));
        const std::string expected =
            "text_config.hidden_size: missing; using LlamaConfig's default 4096";
        QVERIFY(std::find(hf.guesses.begin(), hf.guesses.end(), expected) != hf.guesses.end());
        // CLIP-L/14 at 336 px: class embedding, bias-free patch conv, 577 positions.
        const auto& t = hf.config.vision_tower;
        QCOMPARE(part(t, "class_embed"), quint64(1024));
        QCOMPARE(part(t, "patch_embed"), quint64(3 * 14 * 14 * 1024));
        QCOMPARE(part(t, "position_embed"), quint64(577) * 1024);
        // Projector: Linear(1024, 4096) and Linear(4096, 4096), with biases.
        QCOMPARE(part(hf.config.projector, "linear_1"), quint64(1024 * 4096 + 4096));
        QCOMPARE(part(hf.config.projector, "linear_2"), quint64(4096 * 4096 + 4096));
    }

    // gpt-oss-20b, each extra term by hand (d = 2880, 24 layers, 64 heads of 64, 8 KV heads,
    // 32 experts of 2880).
    void gptOssByHand()
    {
        const HfImport hf = load("gpt-oss-20b");
        const ParamCount c = countParameters(hf.config);
        const auto& attn = c.get(Component::Attention);
        QCOMPARE(quint64(attn.part("sinks")), quint64(64 * 24));
        QCOMPARE(quint64(attn.part("qkv_bias")), quint64((4096 + 2 * 512) * 24));
        QCOMPARE(quint64(attn.part("o_bias")), quint64(2880 * 24));
        const auto& router = c.get(Component::Router);
        QCOMPARE(quint64(router.part("gate")), quint64(2880 * 32 * 24));
        QCOMPARE(quint64(router.part("bias")), quint64(32 * 24));
        // One expert: gate_up (2880 × 5760) + bias 5760, down (2880 × 2880) + bias 2880.
        QCOMPARE(quint64(c.expert_params), quint64(3 * 2880 * 2880 + 2 * 2880 + 2880));
        QCOMPARE(quint64(c.get(Component::Mlp).part("routed_experts")),
                 quint64(24) * 32 * 24891840);
        // Alternating sliding (128 tokens) and full layers.
        QCOMPARE(hf.config.sliding_window, quint64(128));
        QCOMPARE(hf.config.global_every, quint64(2));
        QVERIFY(hf.guesses.empty());
    }

    // gpt-oss-20b's KV cache by hand: per token and layer 2 (K and V) · 8 KV heads · 64 · 2 bytes
    // (bf16) = 2,048 bytes. 12 full-attention layers keep the whole context, 12 sliding layers
    // at most 128 tokens. At 131,072 tokens: 12·2048·131072 + 12·2048·128 = 3,224,371,200.
    void gptOssKvCacheByHand()
    {
        const ModelConfig c = load("gpt-oss-20b").config;
        const KvCache k = kvCache(c, 131072, 1, kvPrecisionById("bf16"));
        QCOMPARE(quint64(k.global_layers), quint64(12));
        QCOMPARE(quint64(k.sliding_layers), quint64(12));
        QCOMPARE(quint64(k.tokens_sliding), quint64(128));
        QCOMPARE(quint64(k.bytes), quint64(3224371200));
        // Below the window every layer grows with the context: 100 tokens, 24 layers.
        QCOMPARE(quint64(kvCache(c, 100, 1, kvPrecisionById("bf16")).bytes),
                 quint64(100) * 24 * 2048);
    }

    // Llama 4 by hand (d = 5120, 40 heads and 8 KV heads of 128, V = 202,048, experts and shared
    // expert of 8192, dense MLP of 16384). Scout: all 48 layers MoE with 16 experts; Maverick:
    // interleave_moe_layer_step 2, the odd layers MoE with 128 experts, the even ones dense.
    void llama4ByHand()
    {
        const quint64 d = 5120;
        const quint64 attn = 2 * d * 40 * 128 + 2 * d * 8 * 128; // q, o and k, v: 62,914,560
        const quint64 expert = 3 * d * 8192;                     // gate_up (d, 2·ff) + down
        const HfImport scout = load("llama-4-scout-17b-16e-instruct");
        QCOMPARE(scout.config.moeLayers(), quint64(48));
        const ParamCount s = countParameters(scout.config);
        QCOMPARE(quint64(s.params(Component::Attention)), 48 * attn);
        QCOMPARE(quint64(s.get(Component::Mlp).part("routed_experts")), 48 * 16 * expert);
        QCOMPARE(quint64(s.get(Component::Mlp).part("shared_experts")), 48 * expert);
        QCOMPARE(quint64(s.params(Component::Router)), 48 * d * 16);
        QCOMPARE(quint64(s.language_model),
                 2 * 202048 * d + 48 * (attn + 17 * expert + d * 16 + 2 * d) + d);
        // Vision tower (D = 1408, F = 5632, 34 layers, 336 px, patch 14): patch linear 3·14²·D,
        // class embedding, 24² + 1 positions, 34 ViT layers, 2 + 68 LayerNorms, pixel-shuffle
        // adapter fc1 (5632 → 4096) and fc2 (4096 → 4096); projector 4096 → 5120.
        const quint64 D = 1408;
        const quint64 F = 5632;
        const quint64 tower = 3 * 14 * 14 * D + D + 577 * D + 4 * D +
                              34 * (4 * (D * D + D) + 2 * D * F + F + D + 4 * D) + F * 4096 +
                              4096 * 4096;
        QCOMPARE(quint64(s.params(Component::VisionTower)), tower); // 850,960,896
        QCOMPARE(quint64(s.params(Component::Projector)), quint64(4096) * d);
        // Chunked attention: RoPE layers attend within 8192-token chunks, every 4th (NoPE) layer
        // attends fully: the KV cache holds 12 full layers and 36 capped at the chunk.
        QCOMPARE(scout.config.sliding_window, quint64(8192));
        QCOMPARE(scout.config.global_every, quint64(4));
        const KvCache k = kvCache(scout.config, 131072, 1, kvPrecisionById("bf16"));
        QCOMPARE(quint64(k.global_layers), quint64(12));
        QCOMPARE(quint64(k.sliding_layers), quint64(36));

        const HfImport maverick = load("llama-4-maverick-17b-128e-instruct");
        const ModelConfig& m = maverick.config;
        QCOMPARE(m.moe.every, quint64(2));
        QCOMPARE(m.moeLayers(), quint64(24));
        QVERIFY(!m.isMoeLayer(0) && m.isMoeLayer(1) && !m.isMoeLayer(46) && m.isMoeLayer(47));
        const ParamCount c = countParameters(m);
        QCOMPARE(quint64(c.get(Component::Mlp).part("routed_experts")), 24 * 128 * expert);
        QCOMPARE(quint64(c.get(Component::Mlp).part("up")), 24 * d * 16384);
        QCOMPARE(quint64(c.language_model),
                 2 * 202048 * d + 48 * (attn + 2 * d) + 24 * (129 * expert + d * 128) +
                     24 * 3 * d * 16384 + d); // 400,711,848,960
        // A moe_layers list that is neither a dense block then MoE nor every N-th layer.
        json j = readJsonFile(kConfigs + "/llama-4-maverick-17b-128e-instruct/config.json");
        j["text_config"]["moe_layers"] = json::array({1, 2, 5});
        QVERIFY_THROWS_EXCEPTION(InputError, importHfConfig(j, "x.json"));
        j["text_config"]["moe_layers"] =
            json::array({3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47});
        QCOMPARE(importHfConfig(j, "x.json").config.moeLayers(), quint64(12));
    }

    // GLM-4.7: the MTP layer is in the checkpoint, not in the model; counted for its own line.
    // By hand (d = 5120, V = 151,552): one MoE decoder layer = attention 136,329,472 (q 5120·12288,
    // k and v 5120·1024, o 12288·5120, q/k/v biases 14,336, q/k norms 256) + 160 experts
    // 3,774,873,600 + shared expert 23,592,960 + router 819,200 + bias 160 + 2 norms 10,240 =
    // 3,935,625,632; eh_proj 2·5120² = 52,428,800; enorm, hnorm, shared_head.norm 15,360;
    // embedding and head copies 2·151,552·5120 = 1,551,892,480. Sum 5,539,962,272, the index's
    // mtp_params (checkpoint 358,337,791,296 less the model's 352,797,829,024).
    void glmMtpLayer()
    {
        const HfImport hf = load("glm-4.7");
        QCOMPARE(hf.config.mtp_layers, quint64(1));
        const ParamCount c = countParameters(hf.config);
        QCOMPARE(quint64(c.mtp), quint64(5539962272));
        QCOMPARE(quint64(c.total + c.mtp), quint64(358337791296));
    }

    // Qwen3-Next: the mtp.* module shares the model's embedding and head. By hand (d = 2048): one
    // full-attention MoE layer = gated attention 27,263,488 (q 2048·2·16·256, k and v 2048·2·256,
    // o 4096·2048, q/k norms 512) + 512 experts 1,610,612,736 + shared expert 3,145,728 + its gate
    // 2,048 + router 1,048,576 + 2 norms 4,096 = 1,642,076,672; fc 2·2048² = 8,388,608; three
    // norms 6,144. Sum 1,650,471,424: the Instruct checkpoint's 81,324,862,720 (index.json's
    // source) less the model's 79,674,391,296. The config may name the layer count.
    void qwen3NextMtpSharesEmbeddings()
    {
        json j = readJsonFile(kConfigs + "/qwen3-next-80b-a3b-instruct/config.json");
        j["mtp_num_hidden_layers"] = std::uint64_t{1};
        const HfImport hf = importHfConfig(j, "config.json");
        QCOMPARE(hf.config.mtp_layers, quint64(1));
        const ParamCount c = countParameters(hf.config);
        QCOMPARE(quint64(c.total), quint64(79674391296));
        QCOMPARE(quint64(c.mtp), quint64(1650471424));
        QCOMPARE(quint64(c.total + c.mtp), quint64(81324862720));
    }

    // A vision tower that is not described is said, never dropped silently.
    void undescribedVisionTowerSetsScope()
    {
        json j = readJsonFile(kConfigs + "/gemma-3-27b-it/config.json");
        j["vision_config"]["model_type"] = "other_vision_model";
        const HfImport hf = importHfConfig(j, "g.json");
        QVERIFY(hf.config.vision_tower.empty());
        QVERIFY(hf.config.not_counted.find("other_vision_model") != std::string::npos);
        const ParamCount count = countParameters(hf.config);
        QCOMPARE(quint64(count.total), quint64(27009346304)); // the language model alone

        // An unknown multimodal wrapper around a known language model: the same.
        json w = {{"model_type", "some_vlm"},
                  {"text_config", j["text_config"]},
                  {"vision_config", j["vision_config"]}};
        w["text_config"]["model_type"] = "gemma3_text";
        QVERIFY(!importHfConfig(w, "w.json").config.not_counted.empty());
    }

    // The vision parts travel with the configuration through the project's JSON.
    void visionPartsRoundTrip()
    {
        const ModelConfig c = load("qwen2.5-vl-7b-instruct").config;
        const ModelConfig back = modelConfigFromJson(modelConfigToJson(c), "m.json", "");
        QVERIFY(back == c);
        QCOMPARE(quint64(countParameters(back).total), quint64(8292166656));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestHf2026)
#include "tst_hf_2026.moc"
