// The model-type table and the 2025-26 types: every row of the table names a real config in
// tests/data with its published count; Qwen3.5's MTP module, DeepSeek-V3.2's indexer and
// Nemotron-H's layer kinds against hand calculations written here; the checkpoint's extra lines;
// the labelled estimate for a model type the table does not know.
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QtTest>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

using namespace llmsizer;
using nlohmann::json;

namespace {

const std::string kData = LLMSIZER_TEST_DATA_DIR;

HfImport load2026(const std::string& dir)
{
    return importHfConfigFile(kData + "/reference/hf-configs-2026/" + dir + "/config.json");
}

// Reference configs without an independent exact count: their components are checked against a
// hand calculation in tst_hf_import.cpp (StarCoder2-3B), here (Phi-3.5-MoE) and in
// tst_hf_more.cpp (GraniteMoeShared, Hunyuan, Gemma 3n's language model).
const std::set<std::string> kHandCounted = {"hf/starcoder2-3b",
                                            "reference/hf-configs-2026/phi-3.5-moe-instruct",
                                            "reference/hf-configs-2026/granite-moe-shared-hand",
                                            "reference/hf-configs-2026/hunyuan-7b-instruct",
                                            "reference/hf-configs-2026/hunyuan-a13b-instruct",
                                            "reference/hf-configs-2026/gemma-3n-e4b-it"};

// A small config of a type nobody knows, with the fields of a Llama.
json unknownLlama()
{
    return {{"model_type", "acme_lm"},     {"hidden_size", 64},
            {"num_hidden_layers", 2},      {"num_attention_heads", 4},
            {"num_key_value_heads", 2},    {"intermediate_size", 128},
            {"vocab_size", 100},           {"max_position_embeddings", 512},
            {"tie_word_embeddings", false}};
}

} // namespace

class TestHfNext : public QObject {
    Q_OBJECT
private slots:
    // Adding a type is one row; every row names a real config with its published count, and
    // that config is read as the row's type.
    void everyRowHasARealConfig_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("reference");
        for (const HfTypeReference& row : hfModelTypeReferences()) {
            QTest::newRow(row.model_type.c_str())
                << QString::fromStdString(row.model_type) << QString::fromStdString(row.reference);
        }
    }
    void everyRowHasARealConfig()
    {
        QFETCH(QString, type);
        QFETCH(QString, reference);
        QVERIFY2(!reference.isEmpty(), "the row names no reference config");
        const std::filesystem::path dir = kData + "/" + reference.toStdString();
        QVERIFY2(std::filesystem::exists(dir / "config.json"), dir.c_str());
        const json index = readJsonFile(dir.parent_path() / "index.json");
        const std::string name = dir.filename().string();
        const json* entry = nullptr;
        for (const json& e : index) {
            if (e.value("dir", std::string()) == name) {
                entry = &e;
            }
        }
        QVERIFY2(entry != nullptr, "not in its folder's index.json");
        const bool published =
            entry->contains("num_parameters") && (*entry)["num_parameters"].is_number();
        QVERIFY2(published || kHandCounted.count(reference.toStdString()) != 0,
                 "no published count and no hand count");
        // The config names the row's type (at the top level or in its text model's config).
        const json config = parseHfConfigText(
            [&] {
                std::ifstream in(dir / "config.json");
                return std::string(std::istreambuf_iterator<char>(in), {});
            }(),
            "config.json");
        std::set<std::string> types = {config.value("model_type", std::string())};
        if (config.contains("text_config")) {
            types.insert(config["text_config"].value("model_type", std::string()));
        } else if (config.contains("vision_config")) {
            // Qwen2-VL keeps its text model's fields (qwen2_vl_text) at the top level.
            types.insert(config.value("model_type", std::string()) + "_text");
        }
        QVERIFY2(types.count(type.toStdString()) != 0, "the config is of another type");
        const HfImport hf = importHfConfigFile(dir / "config.json");
        QVERIFY(hf.config.estimate.empty());
        if (published) {
            QCOMPARE(quint64(countParameters(hf.config).total),
                     (*entry)["num_parameters"].get<quint64>());
        }
    }

    // Qwen3.5-27B's mtp.* module, by hand: fc Linear(2d, d), pre_fc_norm_embedding,
    // pre_fc_norm_hidden and norm RMSNorm(d), one full-attention layer (q_proj with its output
    // gate: d -> 2·24·256, k/v d -> 4·256, o 24·256 -> d, q/k norms of 256) with its two norms
    // and MLP of 17408. The embedding and head are shared. The published checkpoint total,
    // 27,781,427,952, is the model's count plus this.
    void qwen35MtpByHand()
    {
        const HfImport hf = load2026("qwen3.5-27b");
        const ParamCount count = countParameters(hf.config);
        const quint64 d = 5120;
        const quint64 attention =
            d * 2 * 24 * 256 + 2 * d * 4 * 256 + 24 * 256 * d + 2 * 256; // 125,830,656
        const quint64 layer = attention + 2 * d + 3 * d * 17408;
        const quint64 mtp = 2 * d * d + 3 * d + layer;
        QCOMPARE(quint64(count.mtp), mtp);
        QCOMPARE(quint64(count.mtp), quint64(424699392));
        QCOMPARE(quint64(count.total + count.mtp), quint64(27781427952));
        QCOMPARE(count.checkpoint_extras.size(), std::size_t(1));
        QVERIFY(count.checkpoint_extras.front().what.find("sharing the model's embedding") !=
                std::string::npos);
        // 48 Gated DeltaNet layers and 16 of gated attention (layer_types).
        QCOMPARE(quint64(hf.config.mixer.layers), quint64(48));
        QCOMPARE(quint64(hf.config.attentionLayers()), quint64(16));
    }

    // DeepSeek-V3.2 inference/model.py Indexer, per layer: wq_b (1536 -> 64·128), wk (7168 ->
    // 128), k_norm LayerNorm(128) with bias, weights_proj (7168 -> 64): 13,959,424. The model is
    // DeepSeek-V3's 671,026,419,200 plus 61 of them; its MTP layer has copies of the embedding
    // and head (the checkpoint total is 685,355,329,792).
    void deepseekV32IndexerByHand()
    {
        const HfImport hf = load2026("deepseek-v3.2");
        const ParamCount count = countParameters(hf.config);
        const quint64 indexer = 1536 * 64 * 128 + 7168 * 128 + 2 * 128 + 7168 * 64;
        QCOMPARE(indexer, quint64(13959424));
        QCOMPARE(quint64(count.get(Component::Attention).part("indexer")), 61 * indexer);
        QCOMPARE(quint64(count.total), quint64(671026419200) + 61 * indexer);
        QCOMPARE(quint64(count.mtp), quint64(13463426304) + indexer);
        QVERIFY(count.checkpoint_extras.front().what.find("with copies") != std::string::npos);
    }

    // FP8 checkpoints store one scale per 128×128 block of each FP8 weight. DeepSeek-R1: its
    // published F32 tensors, 41,555,600, are the scales and the 59 routers' 256 biases, so the
    // scales are 41,540,496. DeepSeek-V3.2-Exp's published total, 685,396,921,376, is
    // DeepSeek-V3.2's 685,355,329,792 (model and MTP layer) plus its scales: 41,591,584 (824
    // more per layer for the indexer's wq_b and wk, 62 layers).
    void fp8ScalesLine_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<quint64>("scales");
        QTest::newRow("deepseek-r1")
            << QStringLiteral("deepseek-r1") << quint64(41555600 - 59 * 256);
        QTest::newRow("deepseek-v3.2")
            << QStringLiteral("deepseek-v3.2") << quint64(685396921376 - 685355329792);
    }
    void fp8ScalesLine()
    {
        QFETCH(QString, dir);
        QFETCH(quint64, scales);
        const ParamCount count = countParameters(load2026(dir.toStdString()).config);
        quint64 found = 0;
        for (const CheckpointExtra& e : count.checkpoint_extras) {
            if (e.key == "fp8_scales") {
                found = e.params;
                QVERIFY(e.what.find("128x128") != std::string::npos);
            }
        }
        QCOMPARE(found, scales);
    }

    // Nemotron 3 Nano's hybrid_override_pattern: 23 "M", 6 "*", 23 "E"; every layer one RMSNorm
    // of 2688 and norm_f.
    void nemotronLayerKinds()
    {
        const HfImport hf = load2026("nemotron-3-nano-30b-a3b");
        const ModelConfig& c = hf.config;
        QCOMPARE(quint64(c.mixer.layers), quint64(23));
        QCOMPARE(quint64(c.attentionLayers()), quint64(6));
        QCOMPARE(quint64(c.moeLayers()), quint64(23));
        const ParamCount count = countParameters(c);
        QCOMPARE(quint64(count.params(Component::Norms)), quint64(53 * 2688));
        // Attention: q 2688 -> 32·128, k and v 2688 -> 2·128, o back; six layers.
        QCOMPARE(quint64(count.params(Component::Attention)),
                 quint64(6) * (2 * 2688 * 4096 + 2 * 2688 * 256));
        // One routed expert: up and down (ReLU², no gate) of 1856.
        QCOMPARE(quint64(count.expert_params), quint64(2 * 2688 * 1856));
        // The kinds interleave as the pattern does ("MEMEM*EMEMEM*…"): in each quarter of the
        // depth the counts of each kind within one of the pattern's, so a layer split over GPUs
        // and --n-cpu-moe see mixers and experts mixed, not all experts at one end.
        std::ifstream in(kData + "/reference/hf-configs-2026/nemotron-3-nano-30b-a3b/config.json");
        const std::string text((std::istreambuf_iterator<char>(in)),
                               std::istreambuf_iterator<char>());
        const std::string key = "\"hybrid_override_pattern\": \"";
        const std::size_t at = text.find(key);
        QVERIFY(at != std::string::npos);
        const std::string pattern = text.substr(at + key.size(), 52);
        const auto letter = [&c](std::uint64_t i) {
            switch (c.singleBlock(i)) {
            case ModelConfig::SingleBlock::Attention:
                return '*';
            case ModelConfig::SingleBlock::Mixer:
                return 'M';
            case ModelConfig::SingleBlock::Mlp:
                break;
            }
            return 'E';
        };
        for (std::uint64_t q = 0; q < 4; ++q) {
            for (const char kind : {'M', 'E', '*'}) {
                int ours = 0;
                int theirs = 0;
                for (std::uint64_t i = q * 13; i < q * 13 + 13; ++i) {
                    ours += letter(i) == kind ? 1 : 0;
                    theirs += pattern[i] == kind ? 1 : 0;
                }
                QVERIFY2(std::abs(ours - theirs) <= 1,
                         qPrintable(QStringLiteral("quarter %1, %2: %3 against %4")
                                        .arg(q)
                                        .arg(QLatin1Char(kind))
                                        .arg(ours)
                                        .arg(theirs)));
            }
        }
    }

    // Phi-3.5-MoE, a hand count (no exact published figure): embedding and untied head of
    // 32064·4096 with the head's bias; per layer q/k/v/o with biases (4096·4096 twice,
    // 4096·1024 twice), 16 experts of 3·4096·6400, the router 16·4096, two LayerNorms (weight
    // and bias); the final LayerNorm.
    void phimoeByHand()
    {
        const HfImport hf = load2026("phi-3.5-moe-instruct");
        const quint64 d = 4096;
        const quint64 layer =
            2 * d * d + 2 * d * 1024 + (2 * d + 2 * 1024) + 16 * 3 * d * 6400 + 16 * d + 2 * 2 * d;
        QCOMPARE(quint64(countParameters(hf.config).total),
                 2 * 32064 * d + 32064 + 32 * layer + 2 * d); // 41,873,153,344
    }

    // Command A, a hand count (the card says 111B): tied embedding 256000·12288; per layer
    // q/k/v/o (12288·12288 twice, 12288·1024 twice), MLP 3·12288·36864, one norm (parallel
    // block); the final norm.
    void commandAByHand()
    {
        const HfImport hf = load2026("command-a-03-2025");
        const quint64 d = 12288;
        const quint64 layer = 2 * d * d + 2 * d * 1024 + 3 * d * 36864 + d;
        QCOMPARE(quint64(countParameters(hf.config).total), 256000 * d + 64 * layer + d);
        QCOMPARE(quint64(countParameters(hf.config).total), quint64(111057580032));
        // Every 4th layer global, the others slide over 4096 tokens.
        QCOMPARE(quint64(hf.config.sliding_window), quint64(4096));
        QCOMPARE(quint64(hf.config.global_every), quint64(4));
    }

    // MiMo-7B's MTP layer shares the embedding and head: input_proj 2·4096 -> 4096, three norms,
    // one Qwen2 decoder layer (q/k/v with biases, 32 heads / 8 KV of 128, MLP of 11008, two
    // norms). The checkpoint's 7,833,409,536 is the model's count plus this.
    void mimoMtpByHand()
    {
        const HfImport hf = load2026("mimo-7b-base");
        const ParamCount count = countParameters(hf.config);
        const quint64 d = 4096;
        const quint64 layer = 2 * d * d + 2 * d * 1024 + d + 2 * 1024 + 3 * d * 11008 + 2 * d;
        QCOMPARE(quint64(count.mtp), 2 * d * d + 3 * d + layer);
        QCOMPARE(quint64(count.total + count.mtp), quint64(7833409536));
    }

    // Llama Guard 4 12B, a hand count of a reconstructed config (the card: a dense model pruned
    // from Llama 4 Scout, 12B): moe_layers [] leaves every layer a Llama4TextMLP of
    // intermediate_size_mlp 8192; per layer q/o 5120·5120, k/v 5120·1024, MLP 3·5120·8192, two
    // norms; embedding and untied head 202048·5120; Scout's vision tower (850,960,896) and
    // projector (vision_output_dim 4096 · 5120): 12,001,097,216.
    void llamaGuard4ByHand()
    {
        const HfImport hf = load2026("llama-guard-4-12b");
        QVERIFY(!hf.config.isMoe());
        const quint64 d = 5120;
        const quint64 layer = 2 * d * d + 2 * d * 1024 + 3 * d * 8192 + 2 * d;
        const quint64 language = 2 * quint64(202048) * d + 48 * layer + d;
        const ParamCount count = countParameters(hf.config);
        QCOMPARE(quint64(count.language_model), language);
        QCOMPARE(quint64(count.total), language + 850960896 + 4096 * d);
    }

    // EXAONE 4.0 writes its pattern as a string: "LLLG" is every 4th layer global.
    void exaonePatternString()
    {
        json j = json::parse(R"({"model_type": "exaone4", "hidden_size": 64,
            "num_hidden_layers": 8, "num_attention_heads": 4, "num_key_value_heads": 2,
            "intermediate_size": 128, "vocab_size": 100, "sliding_window": 32,
            "sliding_window_pattern": "LLLG"})");
        QCOMPARE(quint64(importHfConfig(j, "config.json").config.global_every), quint64(4));
        j["sliding_window_pattern"] = "LGLG";
        QVERIFY_THROWS_EXCEPTION(InputError, importHfConfig(j, "config.json"));
    }

    // A type the table does not know, with a Llama's size fields: counted as a standard decoder
    // and labelled. By hand: embedding 100·64; per layer q 64·64, k and v 64·32, o 64·64, MLP
    // 3·64·128, two norms of 64; final norm; untied head 100·64.
    void unknownTypeIsEstimated()
    {
        const HfImport hf = importHfConfig(unknownLlama(), "config.json");
        QCOMPARE(QString::fromStdString(hf.config.estimate),
                 QStringLiteral("model type 'acme_lm' is not known; counted as a standard "
                                "decoder from its size fields"));
        QVERIFY(!hf.assumptions.empty());
        const quint64 layer = 64 * 64 * 2 + 2 * 64 * 32 + 3 * 64 * 128 + 2 * 64;
        QCOMPARE(quint64(countParameters(hf.config).total), 6400 + 2 * layer + 64 + 6400);
        QVERIFY(hf.config.not_counted.empty());
    }

    // What such a count cannot use is named: a vision tower is not counted, latent attention is
    // listed as counted as standard attention.
    void unknownTypeNamesWhatItCannotUse()
    {
        json j = unknownLlama();
        j["vision_config"] = {{"hidden_size", 32}};
        j["kv_lora_rank"] = 16;
        const HfImport hf = importHfConfig(j, "config.json");
        QCOMPARE(QString::fromStdString(hf.config.not_counted),
                 QStringLiteral("the vision tower and projector (model type 'acme_lm' is not "
                                "known)"));
        bool latent = false;
        for (const std::string& a : hf.assumptions) {
            latent = latent || a.find("kv_lora_rank") != std::string::npos;
        }
        QVERIFY(latent);
    }

    // Only missing size fields are refused, and all of them are named.
    void unknownTypeWithoutSizesIsRefused()
    {
        json j = unknownLlama();
        j.erase("vocab_size");
        j.erase("intermediate_size");
        try {
            importHfConfig(j, "config.json");
            QFAIL("estimated without its size fields");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromUtf8(e.what()),
                     QStringLiteral("config.json: model_type: model type 'acme_lm' is not known, "
                                    "and counting it as a standard decoder needs its size "
                                    "fields; missing: vocab_size, intermediate_size"));
        }
    }
};

LLMSIZER_TEST_APPLESS_MAIN(TestHfNext)
#include "tst_hf_next.moc"
