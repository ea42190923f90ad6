// Bad Hugging Face configs and model files: each gives an InputError whose text names the file
// and the HF field, pinned here word for word.
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/formats/model_file.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QTemporaryDir>
#include <QtTest>
#include <fstream>

using namespace llmsizer;
using nlohmann::json;

namespace {

json llama()
{
    return {{"model_type", "llama"},      {"hidden_size", 4096},
            {"num_hidden_layers", 32},    {"num_attention_heads", 32},
            {"num_key_value_heads", 8},   {"vocab_size", 128256},
            {"intermediate_size", 14336}, {"max_position_embeddings", 8192}};
}

json with(json j, const std::string& key, json value)
{
    j[key] = std::move(value);
    return j;
}

json without(json j, const std::string& key)
{
    j.erase(key);
    return j;
}

std::string errorOf(const json& j)
{
    try {
        importHfConfig(j, "cfg.json");
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

} // namespace

class TestHfErrors : public QObject {
    Q_OBJECT
private slots:
    void messages_data()
    {
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("message");
        auto row = [](const char* name, const json& j, const char* message) {
            QTest::newRow(name) << QString::fromStdString(j.dump()) << QString::fromUtf8(message);
        };
        // An unknown type is counted as a standard decoder from its size fields; without them
        // it is refused, naming every missing one.
        row("unknown model_type without size fields",
            json{{"model_type", "xyz"}, {"hidden_size", 8}},
            "cfg.json: model_type: model type 'xyz' is not known, and counting it as a standard "
            "decoder needs its size fields; missing: num_hidden_layers, num_attention_heads, "
            "vocab_size, intermediate_size");
        row("model_type not a string", with(llama(), "model_type", 7),
            "cfg.json: model_type: must be a string (got 7)");
        row("missing hidden_size", without(llama(), "hidden_size"),
            "cfg.json: hidden_size: is required");
        row("missing n_embd (GPT-2 names)",
            json{{"model_type", "gpt2"}, {"n_layer", 12}, {"n_head", 12}},
            "cfg.json: n_embd: is required");
        row("string where a number is expected", with(llama(), "hidden_size", "4096"),
            "cfg.json: hidden_size: must be a non-negative integer (got \"4096\")");
        row("negative value", with(llama(), "num_hidden_layers", -2),
            "cfg.json: num_hidden_layers: must be a non-negative integer (got -2)");
        row("fractional value", with(llama(), "intermediate_size", 1.5),
            "cfg.json: intermediate_size: must be a non-negative integer (got 1.5)");
        row("flag not a boolean", with(llama(), "tie_word_embeddings", "yes"),
            "cfg.json: tie_word_embeddings: must be true or false (got \"yes\")");
        row("text_config not an object", with(llama(), "text_config", 5),
            "cfg.json: text_config: must be a JSON object (got 5)");
        row("text_config missing hidden_size",
            json{{"model_type", "gemma3"},
                 {"text_config", {{"model_type", "gemma3_text"}, {"num_hidden_layers", 34}}}},
            "cfg.json: text_config.hidden_size: is required");
        row("no model_type at all", json{{"text_config", json::object()}},
            "cfg.json: model_type: is required");
        // validate() problems name the HF field they came from.
        row("hidden_size zero", with(llama(), "hidden_size", 0),
            "cfg.json: hidden_size: must be between 1 and 1,048,576 (got 0)");
        row("absurd layer count", with(llama(), "num_hidden_layers", 1000000000000u),
            "cfg.json: num_hidden_layers: must be between 1 and 100,000 (got 1,000,000,000,000)");
        row("KV heads do not divide heads", with(llama(), "num_key_value_heads", 5),
            "cfg.json: num_key_value_heads: must divide n_heads (32 is not a multiple of 5)");
        row("experts_per_token above experts",
            with(with(llama(), "model_type", "mixtral"), "num_experts_per_tok", 9),
            "cfg.json: num_experts_per_tok: must be between 1 and moe.n_routed_experts (8) (got "
            "9)");
        // What ModelConfig cannot describe is refused, not approximated.
        json qmoe = {{"model_type", "qwen2_moe"},
                     {"hidden_size", 64},
                     {"num_hidden_layers", 4},
                     {"num_attention_heads", 4},
                     {"decoder_sparse_step", 2}};
        row("Qwen2-MoE sparse step 2", qmoe,
            "cfg.json: decoder_sparse_step: layer 2 is dense between mixture-of-experts layers; "
            "only a block of dense layers before all MoE layers can be described");
        json ds = {{"model_type", "deepseek_v3"}, {"hidden_size", 64},
                   {"num_hidden_layers", 6},      {"num_attention_heads", 4},
                   {"moe_layer_freq", 2},         {"first_k_dense_replace", 1}};
        row("DeepSeek moe_layer_freq 2", ds,
            "cfg.json: moe_layer_freq: layer 3 is dense between mixture-of-experts layers; only a "
            "block of dense layers before all MoE layers can be described");
        // Jamba's experts at i % period == offset fit MoeConfig only as the last layer of each
        // period.
        json jamba = {{"model_type", "jamba"},    {"hidden_size", 64},
                      {"num_hidden_layers", 4},   {"num_attention_heads", 4},
                      {"expert_layer_period", 2}, {"expert_layer_offset", 0}};
        row("Jamba experts at even layers", jamba,
            "cfg.json: expert_layer_offset: experts at layers i % 2 == 0 cannot be described; "
            "only the last layer of each period");
        // Mamba2Mixer views its inner width int(expand·hidden) = 128 as num_heads × head_dim.
        json mamba2 = {{"model_type", "mamba2"}, {"hidden_size", 64}, {"num_hidden_layers", 2},
                       {"num_heads", 3},         {"head_dim", 64},    {"n_groups", 1}};
        row("Mamba-2 heads not spanning the inner width", mamba2,
            "cfg.json: head_dim: the Mamba-2 heads (3 of 64) must span the mixer's inner width "
            "128");
        row("GPT-2 cross-attention",
            json{{"model_type", "gpt2"},
                 {"n_embd", 64},
                 {"n_layer", 2},
                 {"add_cross_attention", true}},
            "cfg.json: add_cross_attention: cross-attention blocks (encoder-decoder use) are not "
            "described; only decoder-only GPT-2 is supported");
    }
    void messages()
    {
        QFETCH(QString, config);
        QFETCH(QString, message);
        QCOMPARE(QString::fromStdString(errorOf(json::parse(config.toStdString()))), message);
    }

    void modelFiles()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto write = [&dir](const char* name, const std::string& text) {
            const std::string path = dir.filePath(QString::fromLatin1(name)).toStdString();
            std::ofstream(path) << text;
            return path;
        };
        auto errorOfFile = [](const std::string& path) -> std::string {
            try {
                loadModelFile(path);
            } catch (const InputError& e) {
                return e.what();
            }
            return "(no error)";
        };
        // An HF config is recognised by its content and imported.
        const std::string hf = write("config.json", llama().dump());
        const LoadedModel m = loadModelFile(hf);
        QCOMPARE(m.config.d_model, quint64(4096));
        QVERIFY(!m.preset.has_value());
        QCOMPARE(m.name, std::string("llama")); // no _name_or_path or architectures

        const std::string neither = write("neither.json", R"({"hidden_size": 4096})");
        QCOMPARE(errorOfFile(neither),
                 neither + ": neither a preset (no \"architecture\") nor a Hugging Face config "
                           "(no \"model_type\")");
        const std::string array = write("array.json", "[1, 2]");
        QCOMPARE(errorOfFile(array), array + ": must be a JSON object (got an array)");
        const std::string bad = write("bad.json", "{\"model_type\": ");
        QVERIFY(errorOfFile(bad).rfind(bad + ": not valid JSON (", 0) == 0);
        const std::string missing = dir.filePath(QStringLiteral("missing.json")).toStdString();
        QCOMPARE(errorOfFile(missing), missing + ": no such file");
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestHfErrors)
#include "tst_hf_errors.moc"
