// The lessons (lessons.h) carry the numbers a class should see, worked out here by hand from the
// published shapes:
//  - GPT-2 small (12 layers, d_model 768, d_ff 3,072; Radford et al. 2019): one block holds
//    attention 4·768² + 4·768 = 2,362,368, MLP 2·768·3,072 + 3,072 + 768 = 4,722,432 and two
//    LayerNorms 4·768 = 3,072, so 12 blocks hold 85,054,464; 24 layers 170,108,928 (×2.00);
//    d_model 1,536 (24 heads of 64, d_ff 6,144) 12 × 28,331,520 = 339,978,240 (×4.00).
//  - Llama 2 70B (80 layers, 64 heads of 128, 8 KV heads, 4,096 tokens; Touvron et al. 2023):
//    FP16 KV cache 2·80·8·128·2 = 327,680 bytes per token, 1,342,177,280 at 4,096 tokens; with
//    64 KV heads 2,621,440 and 10,737,418,240 (×8.00), and k, v projections larger by
//    80·2·8,192·(64 − 8)·128 = 9,395,240,960 parameters.
//  - Llama 2 7B (32 layers, d_model 4,096, d_ff 11,008, vocab 32,000, untied, no biases):
//    12·32·4,096² = 6,442,450,944 against 6,738,415,616 (−4.4%), a gap of 295,964,672: embedding
//    and head 2·32,000·4,096 = 262,144,000; gated MLP 32·3·4,096·11,008 − 32·8·4,096² =
//    33,554,432; attention 32·4·4,096² exactly (0 over); RMSNorms 32·2·4,096 + 4,096 = 266,240.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/present/lessons.h"

#include <QtTest>
#include <stdexcept>

using namespace llmsizer;

namespace {

const std::vector<Preset>& presets()
{
    static const std::vector<Preset> p = loadPresetDir(LLMSIZER_TEST_PRESETS_DIR);
    return p;
}

} // namespace

class TestLessons : public QObject {
    Q_OBJECT
private slots:
    void lessonText_data();
    void lessonText();
    void depthVsWidthModels();
    void gqaModels();
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
                       QStringLiteral("×2.00"), QStringLiteral("339,978,240"),
                       QStringLiteral("×4.00")};
    QTest::newRow("GQA's saving") << "gqa-saving"
                                  << "llama-2-70b"
                                  << "overview"
                                  << QStringList{QStringLiteral("327,680 bytes per token"),
                                                 QStringLiteral("1.34 GB"),
                                                 QStringLiteral("2,621,440 per token"),
                                                 QStringLiteral("10.74 GB"),
                                                 QStringLiteral("×8.00"),
                                                 QStringLiteral("9,395,240,960")};
    QTest::newRow("12·L·d² vs exact")
        << "rule-vs-exact"
        << "llama-2-7b"
        << "math"
        << QStringList{QStringLiteral("6,442,450,944"), QStringLiteral("6,738,415,616"),
                       QStringLiteral("(-4.4%)"),       QStringLiteral("gap of 295,964,672"),
                       QStringLiteral("262,144,000"),   QStringLiteral("8·d² per layer 33,554,432"),
                       QStringLiteral("4·d² 0"),        QStringLiteral("norms 266,240")};
}

void TestLessons::lessonText()
{
    QFETCH(QString, id);
    QFETCH(QString, preset);
    QFETCH(QString, view);
    QFETCH(QStringList, figures);
    const Lesson l = buildLesson(id.toStdString(), presets());
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
}

void TestLessons::unknown()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, buildLesson("no-such-lesson", presets()));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, buildLesson("gqa-saving", {}));
    QVERIFY(lessonTitle("no-such-lesson").empty());
    QCOMPARE(lessonIds().size(), std::size_t{3});
}

QTEST_GUILESS_MAIN(TestLessons)
#include "tst_lessons.moc"
