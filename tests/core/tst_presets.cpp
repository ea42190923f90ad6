// Every preset in presets/ against its published parameter count, the preset JSON round trip,
// and the exact error messages for malformed preset files. Rows are generated from the files in
// the presets directory, so a new preset is tested without editing this file.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/model/count.h"
#include "llmsizer/precision/quant_mix.h"
#include "llmsizer/text/error.h"
#include "support/test_main.h"

#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <tuple>

using namespace llmsizer;
using nlohmann::json;

namespace {

const std::filesystem::path kPresetDir = LLMSIZER_TEST_PRESETS_DIR;

std::vector<std::filesystem::path> presetFiles()
{
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(kPresetDir)) {
        if (entry.path().extension() == ".json") {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

void addFileColumn()
{
    QTest::addColumn<QString>("file");
    for (const auto& f : presetFiles()) {
        QTest::newRow(f.stem().string().c_str()) << QString::fromStdString(f.string());
    }
}

// The preset file as read, with the architecture's absent keys filled with ModelConfig's
// defaults: what presetToJson must give back if every key was read into the right field.
json filledWithDefaults(json raw)
{
    json arch = modelConfigToJson(ModelConfig{});
    arch.merge_patch(raw.at("architecture"));
    raw["architecture"] = arch;
    return raw;
}

// A small valid preset (GPT-2 small's shape) that the malformed rows break one way each.
json validPreset()
{
    return json::parse(R"({
        "id": "tiny", "name": "Tiny", "family": "Test", "description": "A test model",
        "published": {"total_params": 124439808, "exact": true, "source": "hand calculation"},
        "architecture": {
            "d_model": 768, "n_layers": 12, "n_heads": 12, "n_kv_heads": 12,
            "vocab_size": 50257, "context_length": 1024, "mlp": "plain", "norm": "layernorm",
            "biases": {"qkv": true, "out": true, "mlp_up": true, "mlp_down": true},
            "position": "learned", "tied_head": true
        }
    })");
}

QString errorOf(const json& j)
{
    try {
        presetFromJson(j, "bad.json");
    } catch (const InputError& e) {
        return QString::fromUtf8(e.what());
    }
    return QStringLiteral("(no error)");
}

void writeText(const std::filesystem::path& file, const std::string& text)
{
    std::ofstream out(file, std::ios::binary);
    out << text;
}

} // namespace

class TestPresets : public QObject {
    Q_OBJECT
private slots:
    void publishedCount_data() { addFileColumn(); }
    void publishedCount()
    {
        QFETCH(QString, file);
        const Preset p = loadPresetFile(file.toStdString());
        const ParamCount count = countParameters(p.config);
        const PublishedCount& pub = p.published;
        const auto within = [&](std::uint64_t computed, std::uint64_t published) {
            const std::uint64_t diff =
                computed > published ? computed - published : published - computed;
            return diff <= pub.tolerance;
        };
        if (pub.exact) {
            QCOMPARE(quint64(count.total), quint64(pub.total_params));
        } else {
            QVERIFY2(within(count.total, pub.total_params),
                     qPrintable(QStringLiteral("computed %1, nominal %2 ± %3")
                                    .arg(count.total)
                                    .arg(pub.total_params)
                                    .arg(pub.tolerance)));
        }
        if (pub.active_params != 0) {
            if (pub.exact) {
                QCOMPARE(quint64(count.active), quint64(pub.active_params));
            } else {
                QVERIFY2(within(count.active, pub.active_params),
                         qPrintable(QStringLiteral("computed active %1, nominal %2 ± %3")
                                        .arg(count.active)
                                        .arg(pub.active_params)
                                        .arg(pub.tolerance)));
            }
        }
        // A dense model activates every parameter.
        if (!p.config.isMoe()) {
            QCOMPARE(quint64(count.active), quint64(count.total));
        }
    }

    void roundTrip_data() { addFileColumn(); }
    void roundTrip()
    {
        QFETCH(QString, file);
        const json raw = readJsonFile(file.toStdString());
        const Preset p = loadPresetFile(file.toStdString());
        const json written = presetToJson(p);
        QCOMPARE(QString::fromStdString(written.dump(2)),
                 QString::fromStdString(filledWithDefaults(raw).dump(2)));
        QVERIFY(presetFromJson(written, "written") == p);
        QVERIFY(presetFromJson(json::parse(written.dump()), "reparsed") == p);
    }

    void directory()
    {
        const auto files = presetFiles();
        QVERIFY2(files.size() >= 30, "at least 30 presets");
        const std::vector<Preset> presets = loadPresetDir(kPresetDir);
        QCOMPARE(presets.size(), files.size());
        std::set<std::string> ids;
        std::set<std::string> stems;
        for (const auto& f : files) {
            stems.insert(f.stem().string());
        }
        for (const Preset& p : presets) {
            QVERIFY2(ids.insert(p.id).second, p.id.c_str());
            QVERIFY2(stems.count(p.id) == 1, p.id.c_str());
        }
        // By family whatever its case ("gpt-oss" among the G's, not after "Zamba"), then by
        // release.
        const auto folded = [](std::string s) {
            for (char& c : s) {
                c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            }
            return s;
        };
        QVERIFY(std::is_sorted(presets.begin(), presets.end(), [&](const auto& a, const auto& b) {
            return std::make_tuple(folded(a.family), a.released, a.published.total_params, a.id) <
                   std::make_tuple(folded(b.family), b.released, b.published.total_params, b.id);
        }));
        QCOMPARE(presets.back().family, std::string("Zamba"));
        // The picker groups by family and year: every bundled preset says when it came out.
        for (const Preset& p : presets) {
            QVERIFY2(p.releasedYear() >= 2018 && p.releasedYear() <= 2026, p.id.c_str());
        }
    }

    // The GGUF tensor list (quant_tensors.cpp) of every preset holds exactly its language
    // model's parameters (the whole model for a text-only one): hybrid, state-space and
    // shared-block layers included, and Gemma 3n's per-layer embedding, AltUp and LAuReL. Its
    // vision and audio towers go in llama.cpp's separate mmproj file.
    void ggufTensorsCoverEveryPreset()
    {
        for (const Preset& p : loadPresetDir(kPresetDir)) {
            const ParamCount count = countParameters(p.config);
            QVERIFY2(ggufMix(p.config, "q4_k_m").params == count.language_model, p.id.c_str());
            if (p.config.vision_tower.empty() && p.config.projector.empty() &&
                p.config.audio_tower.empty()) {
                QVERIFY2(count.language_model == count.total, p.id.c_str());
            }
        }
    }

    // Every field set away from its default survives the JSON form, including fields no preset
    // uses.
    void modelConfigRoundTrip()
    {
        ModelConfig a;
        a.d_model = 5120;
        a.n_layers = 7;
        a.n_heads = 40;
        a.n_kv_heads = 8;
        a.head_dim = 96;
        a.vocab_size = 1234;
        a.context_length = 555;
        a.mlp = MlpKind::Plain;
        a.d_ff = 777;
        a.ffn_rule = {64, 1.3};
        a.biases = {true, true, true, true, true};
        a.norm = NormKind::LayerNorm;
        a.norms_per_block = 4;
        a.final_norm = false;
        a.embedding_norm = true;
        a.qk_norm = QkNormKind::Full;
        a.position = PositionKind::Learned;
        a.position_offset = 2;
        a.tied_head = true;
        a.parallel_block = true;
        a.moe = {16, 4, 256, 2, 512, 1, /*every*/ 1, true, true};
        a.sliding_window = 4096;
        a.global_every = 6;
        a.chunked_attention = true;
        QVERIFY(validate(a).empty());
        QVERIFY(modelConfigFromJson(modelConfigToJson(a), "a", "architecture") == a);

        ModelConfig b; // latent attention, which excludes q/k norms and qkv biases
        b.attention = AttentionKind::Latent;
        b.mla = {1536, 512, 128, 64, 128};
        QVERIFY(validate(b).empty());
        QVERIFY(modelConfigFromJson(modelConfigToJson(b), "b", "architecture") == b);

        ModelConfig m; // a Mamba mixer with every dimension set, and a narrower embedding
        m.mixer = {
            MixerKind::Mamba, MixerLayout::Replace, 20, 4, true, true, true, 8192, 16, 100, true};
        m.embedding_dim = 512;
        QVERIFY(validate(m).empty());
        QVERIFY(modelConfigFromJson(modelConfigToJson(m), "m", "architecture") == m);

        ModelConfig z; // Mamba-2 in every layer with shared blocks (Zamba2)
        z.mixer.kind = MixerKind::Mamba2;
        z.mixer.layout = MixerLayout::Only;
        z.mixer.layers = 32;
        z.mixer.heads = 64;
        z.mixer.head_dim = 64;
        z.mixer.groups = 2;
        z.mixer.d_state = 64;
        z.mixer.d_conv = 4;
        z.mixer.gated_norm = true;
        z.shared = {2, 5, 64, true, true};
        QVERIFY(validate(z).empty());
        QVERIFY(modelConfigFromJson(modelConfigToJson(z), "z", "architecture") == z);
    }

    void malformed_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* name, const json& j, const char* message) {
            QTest::newRow(name) << QByteArray::fromStdString(j.dump())
                                << QString::fromUtf8(message);
        };
        json j = validPreset();
        j["architecture"]["biases"]["qkvv"] = true;
        row("unknown nested key", j, "bad.json: architecture.biases.qkvv: unknown key");
        j = validPreset();
        j["hf"] = "openai-community/gpt2";
        row("unknown top-level key", j, "bad.json: hf: unknown key");
        j = validPreset();
        j["architecture"]["d_model"] = true;
        row("bool for a number", j,
            "bad.json: architecture.d_model: must be a non-negative integer (got true)");
        j = validPreset();
        j.erase("architecture");
        row("missing architecture", j, "bad.json: architecture: is required");
        j = validPreset();
        j["architecture"] = json::array();
        row("architecture not an object", j,
            "bad.json: architecture: must be a JSON object (got an array)");
        j = validPreset();
        j["architecture"]["n_layers"] = -12;
        row("negative number", j,
            "bad.json: architecture.n_layers: must be a non-negative integer (got -12)");
        j = validPreset();
        j["architecture"]["vocab_size"] = "50257";
        row("string for a number", j,
            "bad.json: architecture.vocab_size: must be a non-negative integer (got \"50257\")");
        j = validPreset();
        j["architecture"]["d_model"] = 4096.5;
        row("fraction for a count", j,
            "bad.json: architecture.d_model: must be a non-negative integer (got 4096.5)");
        j = validPreset();
        j["architecture"]["n_heads"] = 7;
        j["architecture"]["n_kv_heads"] = 7;
        row("heads do not divide d_model", j,
            "bad.json: architecture.n_heads: must divide d_model when head_dim is not given "
            "(768 is not a multiple of 7)");
        j = validPreset();
        j["architecture"]["n_kv_heads"] = 5;
        row("kv heads do not divide heads", j,
            "bad.json: architecture.n_kv_heads: must divide n_heads (12 is not a multiple of 5)");
        j = validPreset();
        j["architecture"]["moe"] = {
            {"n_routed_experts", 8}, {"experts_per_token", 9}, {"expert_d_ff", 3072}};
        row("more experts per token than experts", j,
            "bad.json: architecture.moe.experts_per_token: must be between 1 and "
            "moe.n_routed_experts (8) (got 9)");
        j = validPreset();
        j["architecture"]["mlp"] = "swiglu";
        row("unknown enum value", j,
            "bad.json: architecture.mlp: must be one of \"plain\", \"gated\" (got \"swiglu\")");
        j = validPreset();
        j["architecture"]["head_dim"] = nullptr;
        row("null value", j,
            "bad.json: architecture.head_dim: must not be null (leave the key out to use the "
            "default)");
        j = validPreset();
        j["architecture"]["ffn_rule"] = {{"ffn_dim_multiplier", "1.3"}};
        row("string for a float", j,
            "bad.json: architecture.ffn_rule.ffn_dim_multiplier: must be a number (got \"1.3\")");
        j = validPreset();
        j["architecture"]["mixer"] = {{"kind", "mamba"}, {"layers", 2}, {"heads", 4}};
        row("a dimension the mixer kind does not have", j,
            "bad.json: architecture.mixer.heads: unknown key (not a dimension of a mamba mixer)");
        j = validPreset();
        j["architecture"]["mixer"] = {{"kind", "rwkv"}, {"layers", 2}};
        row("unknown mixer kind", j,
            "bad.json: architecture.mixer.kind: must be one of \"short_conv\", "
            "\"gated_deltanet\", \"mamba\", \"mamba2\" (got \"rwkv\")");
        j = validPreset();
        j["architecture"]["mixer"] = {{"kind", "mamba2"}, {"layers", 2}, {"heads", 6},
                                      {"head_dim", 64},   {"groups", 4}, {"d_state", 16},
                                      {"d_conv", 4}};
        row("Mamba-2 heads not a multiple of the groups", j,
            "bad.json: architecture.mixer.heads: must be a multiple of mixer.groups (4)");
        j = validPreset();
        j["published"]["exact"] = false;
        row("nominal count without tolerance", j,
            "bad.json: published.tolerance: must be positive when exact is false (the rounding "
            "of the nominal figure, e.g. 500,000,000 for \"175B\")");
        j = validPreset();
        j["published"].erase("total_params");
        row("missing published total", j, "bad.json: published.total_params: is required");
        j = validPreset();
        j["published"]["active_params"] = 200000000;
        row("active above total", j,
            "bad.json: published.active_params: must not exceed total_params (124,439,808)");
        j = validPreset();
        j["id"] = "GPT_2";
        row("id with capitals", j,
            "bad.json: id: must be lowercase letters, digits, dots and dashes, starting with a "
            "letter or digit (got \"GPT_2\")");
        j = validPreset();
        j["released"] = "2019-13";
        row("month out of range", j,
            "bad.json: released: must be a month as YYYY-MM, e.g. \"2024-04\" (got \"2019-13\")");
        j = validPreset();
        j["released"] = "Feb 2019";
        row("month in words", j,
            "bad.json: released: must be a month as YYYY-MM, e.g. \"2024-04\" (got \"Feb 2019\")");
        j = validPreset();
        j["training_tokens"] = {{"tokens", 0}, {"source", "paper"}};
        row("zero training tokens", j,
            "bad.json: training_tokens.tokens: must be positive (leave it out when no figure was "
            "published)");
        j = validPreset();
        j["training_tokens"] = {{"source", "model card"}};
        row("no tokens and no note", j,
            "bad.json: training_tokens.note: is required when no token count is given (say what "
            "was published)");
        j = validPreset();
        j["training_tokens"] = {{"tokens", 300000000000ull}};
        row("training tokens without a source", j, "bad.json: training_tokens.source: is required");
        // The headline a model is known by (GPT-2 paper, Table 2: "117M" for 124,439,808).
        j = validPreset();
        j["published"]["headline"] = "117";
        j["published"]["headline_source"] = "GPT-2 paper, Table 2";
        row("headline without a suffix", j,
            "bad.json: published.headline: must be a figure such as \"117M\", \"46.7B\" or "
            "\"1T\" (got \"117\")");
        j["published"]["headline"] = "1B";
        row("headline far from the count", j,
            "bad.json: published.headline: must lie within a factor of two of total_params "
            "(124,439,808; got \"1B\")");
        j["published"].erase("headline_source");
        j["published"]["headline"] = "117M";
        row("headline without a source", j,
            "bad.json: published.headline_source: is required with a headline (where the figure "
            "is stated)");
        j["published"].erase("headline");
        j["published"]["headline_source"] = "GPT-2 paper, Table 2";
        row("headline source alone", j,
            "bad.json: published.headline_source: is only used with a headline");
        row("not an object", json::array({1, 2}), "bad.json: must be a JSON object (got an array)");
    }
    void malformed()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        QCOMPARE(errorOf(json::parse(text.toStdString())), message);
    }

    void idMustMatchFileName()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const std::filesystem::path file = tmp.filePath(QStringLiteral("gpt-2.json")).toStdString();
        writeText(file, validPreset().dump());
        try {
            loadPresetFile(file);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromUtf8(e.what()),
                     QString::fromStdString(file.string()) +
                         QStringLiteral(": id: must equal the file name without .json "
                                        "(\"gpt-2\"; got \"tiny\")"));
        }
        // The same content under its own name loads, and a directory with a bad file fails.
        writeText(file.parent_path() / "tiny.json", validPreset().dump());
        QCOMPARE(loadPresetFile(file.parent_path() / "tiny.json").id, std::string("tiny"));
        QVERIFY_THROWS_EXCEPTION(InputError, loadPresetDir(file.parent_path()));
        std::filesystem::remove(file);
        QCOMPARE(loadPresetDir(file.parent_path()).size(), std::size_t(1));
        QVERIFY_THROWS_EXCEPTION(InputError, loadPresetDir(file.parent_path() / "missing"));
    }

    void defaultDirectories()
    {
        qputenv("LLMSIZER_PRESETS_DIR", "/somewhere/presets");
        QCOMPARE(defaultPresetDir(), std::filesystem::path("/somewhere/presets"));
        qunsetenv("LLMSIZER_PRESETS_DIR");
        // Otherwise <prefix>/share/llm-sizer/presets with <prefix> the folder above the
        // executable's: the build tree links it to the source tree's presets/, so the same lookup
        // serves a build and a relocated install, and no source path is compiled in.
        const std::filesystem::path prefix =
            std::filesystem::path(QCoreApplication::applicationDirPath().toStdString()) / "..";
        QCOMPARE(defaultPresetDir(), (prefix / "share/llm-sizer/presets").lexically_normal());
        QCOMPARE(std::filesystem::canonical(defaultPresetDir()),
                 std::filesystem::canonical(LLMSIZER_TEST_PRESETS_DIR));
        qputenv("LLMSIZER_RESOURCES_DIR", "/somewhere/resources");
        QCOMPARE(defaultResourceDir(), std::filesystem::path("/somewhere/resources"));
        qunsetenv("LLMSIZER_RESOURCES_DIR");
        QCOMPARE(defaultResourceDir(), (prefix / "share/llm-sizer/resources").lexically_normal());
        QCOMPARE(std::filesystem::canonical(defaultResourceDir()),
                 std::filesystem::canonical(LLMSIZER_TEST_RESOURCES_DIR));
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestPresets)
#include "tst_presets.moc"
