// The glossary (glossary.h): every term has a name and both lines of its definition, keys are
// unique, the search finds a term by its other names ("n_embd" is GPT-2's d_model, "hidden_size"
// Hugging Face's), and every precision the app offers has an entry.
#include "llmsizer/precision/precision.h"
#include "llmsizer/present/glossary.h"
#include "support/test_main.h"

#include <QtTest>
#include <set>
#include <string>

using namespace llmsizer;

namespace {

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QStringList keysOf(const std::vector<std::string_view>& keys)
{
    QStringList out;
    for (std::string_view k : keys) {
        out << qs(k);
    }
    return out;
}

} // namespace

class TestGlossary : public QObject {
    Q_OBJECT
private slots:
    void everyTermIsComplete();
    void search_data();
    void search();
    void html();
    void everyPrecisionHasATerm();
};

void TestGlossary::everyTermIsComplete()
{
    std::set<std::string_view> keys;
    QVERIFY(glossary().size() >= 30);
    for (const GlossaryTerm& t : glossary()) {
        QVERIFY2(keys.insert(t.key).second, t.key.data());
        QVERIFY2(!t.term.empty(), t.key.data());
        QVERIFY2(t.line1.size() > 20, t.key.data()); // what it is
        QVERIFY2(t.line2.size() > 20, t.key.data()); // why it matters
        QVERIFY2(t.line1 != t.line2, t.key.data());
        QVERIFY2(t.line1.find('\n') == std::string_view::npos, t.key.data());
        QVERIFY2(t.line2.find('\n') == std::string_view::npos, t.key.data());
        QCOMPARE(findGlossaryTerm(t.key), &t);
    }
    QVERIFY(findGlossaryTerm("no_such_term") == nullptr);
    // "Headline" and "nominal" are two entries: a round name beside a countable checkpoint, and
    // a paper's figure with none.
    const GlossaryTerm* headline = findGlossaryTerm("headline");
    const GlossaryTerm* nominal = findGlossaryTerm("nominal");
    QVERIFY(headline != nullptr && nominal != nullptr && headline != nominal);
    QVERIFY(qs(headline->term).contains(QStringLiteral("Headline")));
    QVERIFY(qs(nominal->term).contains(QStringLiteral("Nominal")));
    // ZeRO's stages with the paper's Figure 1 (Rajbhandari et al. 2020): 7.5B parameters at
    // (2 + 2 + 12) bytes = 120 GB per GPU without ZeRO; at stage 3 divided by 64 GPUs, 1.875 GB.
    const GlossaryTerm* zero = findGlossaryTerm("zero");
    QVERIFY(zero != nullptr);
    QVERIFY(qs(zero->line1).contains(QStringLiteral("Rajbhandari et al. 2020")));
    QVERIFY(qs(zero->line2).contains(QStringLiteral("120 GB")));
    QVERIFY(qs(zero->line2).contains(QStringLiteral("1.9 GB")));
    QVERIFY(qs(findGlossaryTerm("tensor_parallel")->line1).contains(QStringLiteral("Megatron")));
    QVERIFY(findGlossaryTerm("pipeline_parallel") != nullptr);
    QVERIFY(findGlossaryTerm("headroom") != nullptr);
}

void TestGlossary::search_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QStringList>("expected"); // exactly these, in glossary order
    QTest::newRow("GPT-2's name for d_model") << "n_embd" << QStringList{QStringLiteral("d_model")};
    QTest::newRow("Hugging Face's name, any case")
        << "HIDDEN_SIZE" << QStringList{QStringLiteral("d_model")};
    QTest::newRow("Llama's num_key_value_heads")
        << "num_key_value_heads" << QStringList{QStringLiteral("kv_heads")};
    QTest::newRow("a GGUF type") << "q4_k_m" << QStringList{QStringLiteral("gguf_kquants")};
    QTest::newRow("two words, both needed")
        << "grouped query" << QStringList{QStringLiteral("gqa")};
    QTest::newRow("nothing") << "zzzz" << QStringList{};
    // The terms a lecture on training and serving big models uses.
    QTest::newRow("ZeRO by its stage") << "zero-3" << QStringList{QStringLiteral("zero")};
    QTest::newRow("DeepSpeed's name") << "deepspeed" << QStringList{QStringLiteral("zero")};
    QTest::newRow("tensor parallel")
        << "tensor parallel" << QStringList{QStringLiteral("tensor_parallel")};
    QTest::newRow("GPipe") << "gpipe" << QStringList{QStringLiteral("pipeline_parallel")};
    QTest::newRow("headroom") << "headroom" << QStringList{QStringLiteral("headroom")};
    QTest::newRow("the switch's other name")
        << "realistic" << QStringList{QStringLiteral("textbook_numbers")};
    QTest::newRow("a paper's figure")
        << "paper's round figure" << QStringList{QStringLiteral("nominal")};
}

void TestGlossary::search()
{
    QFETCH(QString, query);
    QFETCH(QStringList, expected);
    QCOMPARE(keysOf(searchGlossary(query.toStdString())), expected);
}

void TestGlossary::html()
{
    // An empty query lists every term, in order.
    QCOMPARE(searchGlossary("").size(), glossary().size());
    QCOMPARE(searchGlossary("   ").size(), glossary().size());
    const QString h = qs(glossaryHtml("kv_cache"));
    QVERIFY(h.startsWith(QStringLiteral("<p><b>KV cache</b><br>")));
    QCOMPARE(h.count(QStringLiteral("<br>")), 2);
    const QString extra = qs(glossaryHtml("kv_cache", "KV cache: FP8 <1 byte>"));
    QVERIFY(extra.endsWith(QStringLiteral("<br><i>KV cache: FP8 &lt;1 byte&gt;</i></p>")));
    QVERIFY(glossaryHtml("no_such_term").empty());
}

// Each precision of the menu explains itself.
void TestGlossary::everyPrecisionHasATerm()
{
    for (const Precision& p : weightPrecisions()) {
        const std::string_view key = glossaryKeyForPrecision(p.id);
        QVERIFY2(!key.empty(), p.id.c_str());
        QVERIFY2(findGlossaryTerm(key) != nullptr, p.id.c_str());
    }
    QCOMPARE(qs(glossaryKeyForPrecision("bf16")), QStringLiteral("fp16_bf16"));
    QCOMPARE(qs(glossaryKeyForPrecision("q8_0")), QStringLiteral("gguf"));
    QCOMPARE(qs(glossaryKeyForPrecision("q6_k")), QStringLiteral("gguf_kquants"));
    QCOMPARE(qs(glossaryKeyForPrecision("mxfp4_experts")), QStringLiteral("mxfp4"));
    QVERIFY(glossaryKeyForPrecision("abc").empty());
}

LLMSIZER_TEST_GUILESS_MAIN(TestGlossary)
#include "tst_glossary.moc"
