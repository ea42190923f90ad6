// Hugging Face config.json import: every real config with a published count counts exactly to it
// (driven from the index.json files, so a new config is picked up), components of the configs
// without one against hand calculations, and each model type's defaults for missing fields.
// Error messages are pinned in tst_hf_errors.cpp.
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/model/count.h"
#include "support/test_main.h"

#include <QtTest>
#include <algorithm>
#include <set>

using namespace llmsizer;
using nlohmann::json;

namespace {

const std::string kReferenceConfigs = std::string(LLMSIZER_TEST_REFERENCE_DIR) + "/hf-configs";
const std::string kExtraConfigs = std::string(LLMSIZER_TEST_DATA_DIR) + "/hf";
const std::string kConfigs2026 = std::string(LLMSIZER_TEST_REFERENCE_DIR) + "/hf-configs-2026";

// A minimal config of `type` with the width and depth every type requires, in its own names.
json minimal(const std::string& type)
{
    json j = {{"model_type", type}};
    if (type == "gpt2" || type == "gptj") {
        j["n_embd"] = 256u;
        j["n_layer"] = 2u;
        j["n_head"] = 4u;
    } else if (type == "bloom") {
        j["hidden_size"] = 256u;
        j["n_layer"] = 2u;
        j["n_head"] = 4u;
    } else {
        j["hidden_size"] = 256u;
        j["num_hidden_layers"] = 2u;
        j["num_attention_heads"] = 4u;
        j["num_key_value_heads"] = nullptr; // multi-head, whatever the class default
    }
    return j;
}

quint64 component(const ParamCount& c, Component k)
{
    return c.params(k);
}

} // namespace

class TestHfImport : public QObject {
    Q_OBJECT
private slots:
    void publishedCounts_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<quint64>("expected");
        QTest::addColumn<quint64>("languageModel"); // 0: not a vision-language model
        int rows = 0;
        for (const std::string& dir : {kReferenceConfigs, kExtraConfigs}) {
            const json index = readJsonFile(dir + "/index.json");
            for (const json& e : index) {
                if (e.at("num_parameters").is_null()) {
                    continue; // checked by hand below
                }
                const std::string file =
                    dir + "/" + e.at("dir").get<std::string>() + "/config.json";
                QTest::newRow(e.at("name").get<std::string>().c_str())
                    << QString::fromStdString(file) << e.at("num_parameters").get<quint64>()
                    << e.value("num_parameters_language_model", quint64(0));
                ++rows;
            }
        }
        // 17 shared configs and 12 extra ones had published counts when this was written.
        QVERIFY(rows >= 29);
    }
    void publishedCounts()
    {
        QFETCH(QString, file);
        QFETCH(quint64, expected);
        QFETCH(quint64, languageModel);
        const HfImport hf = importHfConfigFile(file.toStdString());
        const ParamCount count = countParameters(hf.config);
        QCOMPARE(quint64(count.total), expected);
        QCOMPARE(quint64(count.language_model), languageModel != 0 ? languageModel : expected);
        QCOMPARE(QString::fromStdString(hf.config.not_counted), QString());
    }

    // Every supported model_type is exercised by at least one real config.
    void realConfigsCoverEveryType()
    {
        std::set<std::string> seen;
        for (const std::string& dir : {kReferenceConfigs, kExtraConfigs, kConfigs2026}) {
            for (const json& e : readJsonFile(dir + "/index.json")) {
                // A Mamba-2 config may hold Python's Infinity (read as a string here, as on
                // import).
                const std::string file =
                    dir + "/" + e.at("dir").get<std::string>() + "/config.json";
                const json cfg = parseHfConfigText(readTextFile(file), file);
                seen.insert(cfg.at("model_type").get<std::string>());
                if (cfg.contains("text_config")) {
                    seen.insert(cfg.at("text_config").value("model_type", std::string()));
                } else if (const std::string t = cfg.at("model_type").get<std::string>();
                           t == "qwen2_vl" || t == "qwen2_5_vl") {
                    // Qwen2-VL keeps its text model's fields (qwen2_vl_text) at the top level.
                    seen.insert(t + "_text");
                }
                // Ministral 3 names its Mistral3ForConditionalGeneration config "ministral3".
                if (cfg.value("architectures", json::array())
                        .dump()
                        .find("Mistral3ForConditionalGeneration") != std::string::npos) {
                    seen.insert("mistral3");
                }
            }
        }
        for (const std::string& type : supportedHfModelTypes()) {
            QVERIFY2(seen.count(type) == 1, type.c_str());
        }
    }

    void falcon7bByHand()
    {
        // tiiuae/falcon-7b: d 4544, 32 layers, 71 heads of 64, multi_query, parallel_attn, no
        // biases, vocab 65024, ffn 4·4544 = 18176, tied head.
        const HfImport hf = importHfConfigFile(kExtraConfigs + "/falcon-7b/config.json");
        const ParamCount c = countParameters(hf.config);
        // word_embeddings: 65024·4544 = 295,469,056
        QCOMPARE(component(c, Component::Embedding), quint64(295'469'056));
        // query_key_value 4544·(4544 + 2·64) = 21,229,568 + dense 4544² = 20,647,936, ×32
        QCOMPARE(component(c, Component::Attention), quint64(32ull * (21'229'568 + 20'647'936)));
        // dense_h_to_4h + dense_4h_to_h: 2·4544·18176 = 165,183,488, ×32 = 5,285,871,616
        QCOMPARE(component(c, Component::Mlp), quint64(5'285'871'616));
        // one input_layernorm (2·4544) per layer, ×32, + ln_f 9,088 = 299,904
        QCOMPARE(component(c, Component::Norms), quint64(299'904));
        QCOMPARE(component(c, Component::LmHead), quint64(0));
        QCOMPARE(quint64(c.total), quint64(6'921'720'704));
    }

    void starcoder2_3bByHand()
    {
        // bigcode/starcoder2-3b: d 3072, 30 layers, 24 heads of 128, 2 KV heads, d_ff 12288,
        // use_bias, LayerNorm, vocab 49152, tied (Starcoder2Config default).
        const HfImport hf = importHfConfigFile(kExtraConfigs + "/starcoder2-3b/config.json");
        QVERIFY(hf.config.tied_head);
        const ParamCount c = countParameters(hf.config);
        QCOMPARE(component(c, Component::Embedding), quint64(150'994'944)); // 49152·3072
        // q and o: 3072² + 3072 = 9,440,256 each; k and v: 3072·256 + 256 = 786,688 each;
        // 20,453,888 per layer, ×30 = 613,616,640
        QCOMPARE(component(c, Component::Attention), quint64(613'616'640));
        // c_fc 3072·12288 + 12288 = 37,761,024; c_proj 12288·3072 + 3072 = 37,751,808; ×30
        QCOMPARE(component(c, Component::Mlp), quint64(30ull * (37'761'024 + 37'751'808)));
        // two LayerNorms (2·3072 each) per layer ×30 = 368,640, + final 6,144
        QCOMPARE(component(c, Component::Norms), quint64(374'784));
        QCOMPARE(quint64(c.total), quint64(3'030'371'328));
    }

    void falconNewDecoderArchitecture()
    {
        // Falcon-40B layout: new_decoder_architecture, 128 heads of 64, num_kv_heads 8: qkv has
        // (2·8 + 128)·64 = 9216 outputs; ln_attn + ln_mlp.
        json j = minimal("falcon");
        j["hidden_size"] = 8192u;
        j["num_attention_heads"] = 128u;
        j["num_kv_heads"] = 8u;
        j["new_decoder_architecture"] = true;
        j["vocab_size"] = 65024u;
        const HfImport hf = importHfConfig(j, "f.json");
        QCOMPARE(hf.config.n_kv_heads, quint64(8));
        QCOMPARE(hf.config.norms_per_block, quint64(2));
        const ParamCount c = countParameters(hf.config);
        // per layer 8192·9216 + 8192² = 75,497,472 + 67,108,864
        QCOMPARE(component(c, Component::Attention), quint64(2ull * (75'497'472 + 67'108'864)));
    }

    // A missing tie_word_embeddings takes the configuration class's own default.
    void tieDefaults_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<bool>("tied");
        // PretrainedConfig's default True, kept by GPT2Config, OPTConfig, BloomConfig,
        // FalconConfig; GemmaConfig/Gemma2Config/Gemma3TextConfig and Starcoder2Config pass
        // tie_word_embeddings=True; the others pass False.
        const std::pair<const char*, bool> rows[] = {
            {"gpt2", true},        {"opt", true},        {"bloom", true},
            {"falcon", true},      {"gemma", true},      {"gemma2", true},
            {"gemma3_text", true}, {"starcoder2", true}, {"gptj", false},
            {"gpt_neox", false},   {"llama", false},     {"mistral", false},
            {"mixtral", false},    {"qwen2", false},     {"qwen2_moe", false},
            {"qwen3", false},      {"qwen3_moe", false}, {"phi", false},
            {"phi3", false},       {"olmo2", false},     {"deepseek_v2", false},
            {"deepseek_v3", false}};
        for (const auto& [type, tied] : rows) {
            QTest::newRow(type) << QString::fromLatin1(type) << tied;
        }
    }
    void tieDefaults()
    {
        QFETCH(QString, type);
        QFETCH(bool, tied);
        json j = minimal(type.toStdString());
        if (type.startsWith(QLatin1String("deepseek"))) {
            j["n_routed_experts"] = nullptr; // dense, so the toy sizes stay valid
        }
        QCOMPARE(importHfConfig(j, "t.json").config.tied_head, tied);
        j["tie_word_embeddings"] = !tied; // an explicit value wins
        QCOMPARE(importHfConfig(j, "t.json").config.tied_head, !tied);
    }

    void kvHeadDefaults()
    {
        // LlamaConfig: num_key_value_heads None -> num_attention_heads, missing or null alike.
        json llama = minimal("llama");
        llama.erase("num_key_value_heads");
        HfImport hf = importHfConfig(llama, "l.json");
        QCOMPARE(hf.config.n_kv_heads, quint64(4));
        llama["num_key_value_heads"] = nullptr;
        QCOMPARE(importHfConfig(llama, "l.json").config.n_kv_heads, quint64(4));
        // MistralConfig, Qwen2Config: null -> multi-head attention.
        for (const char* type : {"mistral", "qwen2"}) {
            json j = minimal(type);
            j["num_key_value_heads"] = nullptr;
            QCOMPARE(importHfConfig(j, "m.json").config.n_kv_heads, quint64(4));
        }
        // MistralConfig's own default is 8 when the key is absent: used, and listed as a guess.
        json mistral = minimal("mistral");
        mistral.erase("num_key_value_heads");
        mistral["num_attention_heads"] = 32u;
        hf = importHfConfig(mistral, "m.json");
        QCOMPARE(hf.config.n_kv_heads, quint64(8));
        QVERIFY(std::find(hf.guesses.begin(), hf.guesses.end(),
                          "num_key_value_heads: missing; using MistralConfig's default 8") !=
                hf.guesses.end());
    }

    void otherDefaults()
    {
        // GPT-J n_inner null -> 4·n_embd (GPTJMLP); no guess for a rule the type settles.
        json gptj = minimal("gptj");
        gptj["n_inner"] = nullptr;
        gptj["vocab_size"] = 1000u;
        gptj["n_positions"] = 128u;
        HfImport hf = importHfConfig(gptj, "j.json");
        QCOMPARE(hf.config.effectiveDff(), quint64(1024));
        QVERIFY(hf.guesses.empty());
        // GPT-2: a missing vocab_size takes GPT2Config's 50257, labelled.
        hf = importHfConfig(minimal("gpt2"), "g.json");
        QCOMPARE(hf.config.vocab_size, quint64(50257));
        QVERIFY(!hf.guesses.empty());
        // Gemma 2 alternates sliding and global layers; Gemma 3 defaults to every 6th global,
        // and layer_types, when given, decides.
        QCOMPARE(importHfConfig(minimal("gemma2"), "g.json").config.global_every, quint64(2));
        json g3 = minimal("gemma3_text");
        QCOMPARE(importHfConfig(g3, "g.json").config.global_every, quint64(6));
        g3["layer_types"] = {"sliding_attention", "full_attention"};
        QCOMPARE(importHfConfig(g3, "g.json").config.global_every, quint64(2));
        // Qwen3-MoE: mlp_only_layers [0, 1] are the first two dense layers.
        json q = minimal("qwen3_moe");
        q["num_hidden_layers"] = 4u;
        q["mlp_only_layers"] = {0u, 1u};
        QCOMPARE(importHfConfig(q, "q.json").config.moe.first_dense_layers, quint64(2));
        // OPT-350m style do_layer_norm_before false: no decoder-level final_layer_norm.
        json opt = minimal("opt");
        opt["do_layer_norm_before"] = false;
        QVERIFY(!importHfConfig(opt, "o.json").config.final_norm);
    }

    void multimodalReadsTextConfig()
    {
        const HfImport hf = importHfConfigFile(kExtraConfigs + "/gemma-3-4b-it/config.json");
        QCOMPARE(QString::fromStdString(hf.model_type), QStringLiteral("gemma3_text"));
        QCOMPARE(hf.config.d_model, quint64(2560));
        QCOMPARE(hf.config.vocab_size, quint64(262208)); // Gemma3TextConfig default
        QCOMPARE(hf.config.sliding_window, quint64(1024));
        // The vision tower and projector are counted beside it (tst_hf_2026.cpp derives them).
        QVERIFY(!hf.config.vision_tower.empty());
        QVERIFY(!hf.config.projector.empty());
        // The defaults that filled the gaps are named, with the text_config prefix.
        QCOMPARE(hf.guesses.front(),
                 std::string("text_config.num_attention_heads: missing; using Gemma3TextConfig's "
                             "default 8"));
    }

    void completeConfigsHaveNoGuesses()
    {
        for (const char* dir : {"llama-3.1-8b", "qwen3-8b", "gpt-2-small"}) {
            const HfImport hf = importHfConfigFile(kReferenceConfigs + "/" + dir + "/config.json");
            QVERIFY2(hf.guesses.empty(), dir);
        }
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestHfImport)
#include "tst_hf_import.moc"
