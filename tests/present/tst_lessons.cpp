// The lessons (lessons.h) carry the numbers a class should see, worked out here by hand from the
// published shapes:
//  - GPT-2 small (12 layers, d_model 768, d_ff 3,072; Radford et al. 2019): one block holds
//    attention 4·768² + 4·768 = 2,362,368, MLP 2·768·3,072 + 3,072 + 768 = 4,722,432 and two
//    LayerNorms 4·768 = 3,072, so 12 blocks hold 85,054,464; 24 layers 170,108,928 (×2);
//    d_model 1,536 (24 heads of 64, d_ff 6,144) 12 × 28,331,520 = 339,978,240 (×4).
//  - Llama 2 70B (80 layers, 64 heads of 128, 8 KV heads, 4,096 tokens; Touvron et al. 2023):
//    FP16 KV cache 2·80·8·128·2 = 327,680 bytes per token, 1,342,177,280 at 4,096 tokens; with
//    64 KV heads 2,621,440 and 10,737,418,240 (×8), and k, v projections larger by
//    80·2·8,192·(64 − 8)·128 = 9,395,240,960 parameters.
//  - Llama 2 7B (32 layers, d_model 4,096, d_ff 11,008, vocab 32,000, untied, no biases):
//    12·32·4,096² = 6,442,450,944 against 6,738,415,616 (−4.4%), a gap of 295,964,672: embedding
//    and head 2·32,000·4,096 = 262,144,000; gated MLP 32·3·4,096·11,008 − 32·8·4,096² =
//    33,554,432; attention 32·4·4,096² exactly (0 over); RMSNorms 32·2·4,096 + 4,096 = 266,240.
//  - GPT-2 small against the paper's 117M: embedding 50,257·768 = 38,597,376, positions
//    1,024·768 = 786,432, 12 blocks of 7,087,872 (above) = 85,054,464, final LayerNorm 1,536:
//    124,439,808, the released checkpoint's count.
//  - The exercise (d_model 2,048, 24 layers, vocab 32,000) GPT-2 style: 12·24·2,048² =
//    1,207,959,552 and 32,000·2,048 = 65,536,000, 1,273,495,552 in all; per layer biases 9·d and
//    two LayerNorms 4·d, 13·2,048 = 26,624 (638,976 over 24 layers), positions 1,024·2,048 =
//    2,097,152, final norm 4,096: 1,276,235,776.
//  - Llama 2 70B's 68,976,648,192 parameters (the released safetensors) at 4, 2, 1 and 0.5
//    bytes: 275,906,592,768, 137,953,296,384, 68,976,648,192 and 34,488,324,096 bytes.
//  - Mixtral 8x7B (32 layers, d 4,096, 8 KV heads of 128, 8 experts of d_ff 14,336, 2 per token,
//    vocab 32,000, untied): per layer attention 2·4,096² + 2·4,096·1,024 = 41,943,040, one
//    expert 3·4,096·14,336 = 176,160,768, router 32,768, norms 8,192; in all 32·1,451,270,144 +
//    2·32,000·4,096 + 4,096 = 46,702,792,704, active 32·394,305,536 + 262,148,096 =
//    12,879,925,248. Llama 3 70B's 70,553,706,496 is 5.48 times that; at FP16 141.11 GB
//    against 93.41 GB.
//  - One H100 SXM (80 GiB = 85,899,345,920 bytes, "85.90 GB"): Llama 3 70B's FP16 weights alone,
//    141,107,412,992 bytes, need two; INT8 (70.6 GB) and INT4 (35.3 GB) plus the 2,684,354,560
//    bytes of its FP16 KV cache at 8,192 tokens (2·80·8·128·2 = 327,680 per token) fit on one.
//  - An RTX 4090 (24 GiB = 25,769,803,776 bytes): 25.8B parameters' weights at 1 byte, 51.5B at
//    half a byte.
//  - Tokens per parameter: Llama 3 8B 15e12 / 8,030,261,248 = 1,867.9 (93.4× the rule's 20);
//    Llama 2 7B 2e12 / 6,738,415,616 = 296.8 (14.8×); GPT-3 175B 300e9 / 174.6e9 = 1.72
//    (0.0859×).
//  - 10^24 FLOPs at 20 tokens per parameter: N = sqrt(1e24 / 120) = 91,287,092,918 on
//    1.826e12 tokens; the fit's minimum (Hoffmann et al. eq. 4) 4.1297e10 on 4.0358e12 tokens
//    (worked in tst_compute); the grid's largest, 40 layers × d_model 5,120: V·d 163,840,000 +
//    12·40·5,120² = 12,582,912,000 + LayerNorms 4·5,120·40 + 2·5,120 = 829,440, 12,747,581,440.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/present/lessons.h"
#include "llmsizer/present/mathtext.h"
#include "support/test_main.h"

#include <QtTest>
#include <algorithm>
#include <stdexcept>

using namespace llmsizer;

namespace {

const std::vector<Preset>& presets()
{
    static const std::vector<Preset> p = loadPresetDir(LLMSIZER_TEST_PRESETS_DIR);
    return p;
}

LessonInputs inputs()
{
    static const GpuCatalog catalog =
        GpuCatalog::loadBuiltin(std::string(LLMSIZER_TEST_RESOURCES_DIR) + "/gpus.json");
    return {&catalog, {}};
}

} // namespace

class TestLessons : public QObject {
    Q_OBJECT
private slots:
    void lessonText_data();
    void lessonText();
    void depthVsWidthModels();
    void gqaModels();
    void exerciseModel();
    void hardwareSettings();
    void unknown();
};

void TestLessons::lessonText_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("view");
    QTest::addColumn<QStringList>("figures"); // each in the text
    QTest::newRow("depth vs width")
        << "depth-vs-width"
        << "gpt-2-small"
        << "overview"
        << QStringList{QStringLiteral("85,054,464"), QStringLiteral("170,108,928"),
                       QStringLiteral("×2"), QStringLiteral("339,978,240"), QStringLiteral("×4")};
    QTest::newRow("GQA's saving") << "gqa-saving"
                                  << "llama-2-70b"
                                  << "overview"
                                  << QStringList{QStringLiteral("327,680 bytes per token"),
                                                 QStringLiteral("1.34 GB"),
                                                 QStringLiteral("2,621,440 per token"),
                                                 QStringLiteral("10.74 GB"),
                                                 QStringLiteral("×8"),
                                                 QStringLiteral("9,395,240,960")};
    QTest::newRow("12·L·d² vs exact")
        << "rule-vs-exact"
        << "llama-2-7b"
        << "math"
        << QStringList{QStringLiteral("6,442,450,944"), QStringLiteral("6,738,415,616"),
                       QStringLiteral("(−4.4%)"),       QStringLiteral("gap of 295,964,672"),
                       QStringLiteral("262,144,000"),   QStringLiteral("8·d² per layer 33,554,432"),
                       QStringLiteral("4·d² 0"),        QStringLiteral("norms 266,240")};
    QTest::newRow("GPT-2: 117M or 124M?")
        << "gpt2-published"
        << "gpt-2-small"
        << "overview"
        << QStringList{QStringLiteral("as 117M parameters"),
                       QStringLiteral("holds 124,439,808"),
                       QStringLiteral("= 38,597,376"),
                       QStringLiteral("= 786,432"),
                       QStringLiteral("12 blocks of 7,087,872 = 85,054,464"),
                       QStringLiteral("LayerNorm 1,536")};
    QTest::newRow("the exercise's shape")
        << "exercise-shape"
        << "gpt-2-small"
        << "overview"
        << QStringList{QStringLiteral("= 1,207,959,552"), QStringLiteral("= 65,536,000"),
                       QStringLiteral("1,273,495,552"),   QStringLiteral("holds 1,276,235,776"),
                       QStringLiteral("= 26,624"),        QStringLiteral("(638,976)"),
                       QStringLiteral("2,097,152"),       QStringLiteral("final norm 4,096")};
    QTest::newRow("Llama 2 70B at four precisions")
        << "precisions"
        << "llama-2-70b"
        << "overview" << QStringList{QStringLiteral("68,976,648,192 parameters"),
                                     QStringLiteral("275.91 GB at FP32"),
                                     QStringLiteral("137.95 GB at FP16"),
                                     QStringLiteral("68.98 GB at INT8"),
                                     QStringLiteral("34.49 GB at INT4"),
                                     QStringLiteral("327,680 bytes per token"),
                                     QStringLiteral("1.34 GB at 4,096 tokens")};
    QTest::newRow("dense vs mixture of experts")
        << "dense-vs-moe"
        << "llama-3-70b"
        << "overview"
        << QStringList{
               QStringLiteral("holds 70,553,706,496"),       QStringLiteral("46,702,792,704"),
               QStringLiteral("2 of its 8 experts"),         QStringLiteral("12,879,925,248"),
               QStringLiteral("141.11 GB against 93.41 GB"), QStringLiteral("×5.48")};
    QTest::newRow("what fits on an H100")
        << "fits-h100"
        << "llama-3-70b"
        << "overview"
        << QStringList{QStringLiteral("70,553,706,496 parameters"),
                       QStringLiteral("(85.90 GB)"),
                       QStringLiteral("8,192 tokens"),
                       QStringLiteral("needs 2× H100"),
                       QStringLiteral("FP8/INT8: "),
                       QStringLiteral("INT4: ")};
    QTest::newRow("the largest model on 24 GB")
        << "largest-24gb"
        << "llama-2-7b"
        << "fit"
        << QStringList{QStringLiteral("has 25.77 GB"), QStringLiteral("25.8B parameters at INT8"),
                       QStringLiteral("51.5B at INT4"), QStringLiteral("4,096 tokens")};
    QTest::newRow("Chinchilla's tokens")
        << "chinchilla-tokens"
        << "llama-3-8b"
        << "overview"
        << QStringList{QStringLiteral("15T tokens = 1,868 per parameter, 93.4×"),
                       QStringLiteral("2T tokens = 297 per parameter"),
                       QStringLiteral("300B tokens = 1.7 per parameter, 0.0859×"),
                       QStringLiteral("(overtrained)"), QStringLiteral("(undertrained)")};
    QTest::newRow("10^24 FLOPs") << "budget-1e24"
                                 << "llama-2-7b"
                                 << "budget"
                                 << QStringList{
                                        QStringLiteral("= 91.3B parameters on 1.83T tokens"),
                                        QStringLiteral("lowest at 41.3B on 4.04T tokens"),
                                        QStringLiteral("(30 configurations"),
                                        QStringLiteral("12,747,581,440")};
}

void TestLessons::lessonText()
{
    QFETCH(QString, id);
    QFETCH(QString, preset);
    QFETCH(QString, view);
    QFETCH(QStringList, figures);
    const Lesson l = buildLesson(id.toStdString(), presets(), inputs());
    QCOMPARE(QString::fromStdString(l.id), id);
    QCOMPARE(QString::fromStdString(l.preset), preset);
    QCOMPARE(QString::fromStdString(l.view), view);
    QCOMPARE(l.title, lessonTitle(l.id));
    QVERIFY(!l.title.empty());
    const QString text = QString::fromStdString(l.text);
    for (const QString& f : figures) {
        QVERIFY2(text.contains(f), qPrintable(f + QStringLiteral(" not in: ") + text));
    }
}

void TestLessons::depthVsWidthModels()
{
    const Lesson l = buildLesson("depth-vs-width", presets());
    QCOMPARE(l.compare.size(), std::size_t{3});
    QCOMPARE(l.compare[0].config.n_layers, std::uint64_t{12});
    QCOMPARE(l.compare[1].config.n_layers, std::uint64_t{24});
    QCOMPARE(l.compare[1].config.d_model, std::uint64_t{768});
    QCOMPARE(l.compare[2].config.n_layers, std::uint64_t{12});
    QCOMPARE(l.compare[2].config.d_model, std::uint64_t{1536});
    QCOMPARE(l.compare[2].config.n_heads, std::uint64_t{24});
}

void TestLessons::gqaModels()
{
    const Lesson l = buildLesson("gqa-saving", presets());
    QCOMPARE(l.highlight, std::string("kv_context"));
    QCOMPARE(l.compare.size(), std::size_t{2});
    QCOMPARE(l.compare[0].config.n_kv_heads, std::uint64_t{8});
    QCOMPARE(l.compare[1].config.n_kv_heads, std::uint64_t{64});
    // The two-model step: MHA pinned as the baseline, so the Overview's GQA model reads its ratio.
    QVERIFY(l.baseline.has_value());
    QCOMPARE(l.baseline->config.n_kv_heads, std::uint64_t{64});
    QCOMPARE(l.baseline->name, std::string("Llama 2 70B with 64 KV heads (MHA)"));
    // Dense against MoE: Mixtral 8x7B is the baseline beside Llama 3 70B.
    const Lesson moe = buildLesson("dense-vs-moe", presets());
    QVERIFY(moe.baseline.has_value());
    QCOMPARE(moe.baseline->preset_id, std::string("mixtral-8x7b"));
    // A lesson of one model leaves the baseline alone; the rule's lesson opens Show the math on
    // the rule's item (a key Show the math has for Llama 2 7B).
    const Lesson rule = buildLesson("rule-vs-exact", presets());
    QVERIFY(!rule.baseline.has_value());
    QCOMPARE(rule.view, std::string("math"));
    QCOMPARE(rule.preset, std::string("llama-2-7b"));
    const auto llama2 = std::find_if(presets().begin(), presets().end(),
                                     [](const Preset& p) { return p.id == "llama-2-7b"; });
    QVERIFY(llama2 != presets().end());
    bool found = false;
    for (const MathItem& item : showTheMath(llama2->config)) {
        found = found || item.key == rule.highlight;
    }
    QVERIFY2(found, rule.highlight.c_str());
}

// The exercise's model is loaded as such: GPT-2's architecture at the exercise's shape.
void TestLessons::exerciseModel()
{
    const Lesson l = buildLesson("exercise-shape", presets());
    QVERIFY(l.model.has_value());
    const ModelConfig& c = l.model->config;
    QCOMPARE(c.d_model, std::uint64_t{2048});
    QCOMPARE(c.n_layers, std::uint64_t{24});
    QCOMPARE(c.vocab_size, std::uint64_t{32000});
    QCOMPARE(c.n_heads, std::uint64_t{16});
    QCOMPARE(c.d_ff, std::uint64_t{8192});
    QCOMPARE(l.highlight, std::string("total"));
    QVERIFY(l.compare.empty());
}

// What the lessons on hardware and compute set in their views, and the preset each compared model
// is (so that the Compare window shows its published figures).
void TestLessons::hardwareSettings()
{
    const Lesson h100 = buildLesson("fits-h100", presets(), inputs());
    QCOMPARE(h100.gpus, std::vector<std::string>{"h100-sxm-80gb:1"});
    const Lesson fit = buildLesson("largest-24gb", presets(), inputs());
    QCOMPARE(fit.fit_gpu, std::string("rtx-4090-24gb"));
    QCOMPARE(fit.fit_precision, std::string("int8"));
    QCOMPARE(fit.fit_context, std::uint64_t{4096});
    QCOMPARE(buildLesson("budget-1e24", presets()).budget, std::string("1e24"));
    const Lesson tokens = buildLesson("chinchilla-tokens", presets());
    QCOMPARE(tokens.compare.size(), std::size_t{3});
    QCOMPARE(tokens.compare[2].preset_id, std::string("gpt-3-175b"));
    QCOMPARE(tokens.highlight, std::string("training"));
    // Without the GPU catalogue the two GPU lessons cannot be worked out.
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, buildLesson("fits-h100", presets()));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, buildLesson("largest-24gb", presets()));
}

void TestLessons::unknown()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, buildLesson("no-such-lesson", presets()));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, buildLesson("gqa-saving", {}));
    QVERIFY(lessonTitle("no-such-lesson").empty());
    QCOMPARE(lessonIds().size(), std::size_t{11});
}

LLMSIZER_TEST_GUILESS_MAIN(TestLessons)
#include "tst_lessons.moc"
