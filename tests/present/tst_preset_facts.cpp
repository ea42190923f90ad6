// What a preset's makers published beside the app's count (preset_facts.h): the headline figure
// against the exact count, and the training tokens against Chinchilla's rule. The expected values
// are written out from public sources, not from the app:
//  - headlines: GPT-2 paper (Radford et al. 2019) Table 2 "117M"; Llama 2 paper (Touvron et al.
//    2023) Table 1 "7B", "70B"; Meta Llama 3 model card "8B"; Gemma report (2024) "7B"; Mixtral
//    paper (Jiang et al. 2024) abstract "47B";
//  - exact counts: Hugging Face checkpoints as GPT2LMHeadModel / LlamaForCausalLM /
//    GemmaForCausalLM / MixtralForCausalLM instantiate them: 124,439,808 (gpt2),
//    8,030,261,248 (Meta-Llama-3-8B), 6,738,415,616 (Llama-2-7b-hf), 68,976,648,192
//    (Llama-2-70b-hf), 8,537,680,896 (gemma-7b), 46,702,792,704 (Mixtral-8x7B-v0.1);
//  - training tokens: Llama 3 model card "15T+", Llama 2 paper Table 1 "2.0T", Gemma report
//    "6T" for the 7B;
//  - Chinchilla: Hoffmann et al. 2022, about 20 tokens per parameter.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/model/count.h"
#include "llmsizer/present/preset_facts.h"
#include "llmsizer/present/table.h"
#include "support/bundled_data.h"
#include "support/test_main.h"

#include <QtTest>
#include <cmath>
#include <stdexcept>

using namespace llmsizer;

namespace {

const std::vector<Preset>& presets()
{
    return testsupport::bundledPresets();
}

const Preset& preset(const std::string& id)
{
    return testsupport::bundledPresetEntry(id);
}

} // namespace

class TestPresetFacts : public QObject {
    Q_OBJECT
private slots:
    void headlineValue_data();
    void headlineValue();
    void headlineAgainstExact_data();
    void headlineAgainstExact();
    void tokensAgainstChinchilla_data();
    void tokensAgainstChinchilla();
    void noTokenCount();
    void nominalTotal();
    void everyPresetHasFacts();
    void tableRows();
};

void TestPresetFacts::headlineValue_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<quint64>("value"); // 0: not a figure
    QTest::newRow("117M") << "117M" << quint64(117'000'000);
    QTest::newRow("46.7B") << "46.7B" << quint64(46'700'000'000);
    QTest::newRow("1.5T") << "1.5T" << quint64(1'500'000'000'000);
    QTest::newRow("1542M") << "1542M" << quint64(1'542'000'000);
    QTest::newRow("3.5K") << "3.5K" << quint64(3'500);
    QTest::newRow("no suffix") << "117" << quint64(0);
    QTest::newRow("lower case") << "117m" << quint64(0);
    QTest::newRow("trailing point") << "7.B" << quint64(0);
    QTest::newRow("zero") << "0B" << quint64(0);
    QTest::newRow("too many decimals") << "1.2345K" << quint64(0);
    QTest::newRow("two points") << "1.2.3B" << quint64(0);
    QTest::newRow("sign") << "-7B" << quint64(0);
    QTest::newRow("empty") << "" << quint64(0);
}

void TestPresetFacts::headlineValue()
{
    QFETCH(QString, text);
    QFETCH(quint64, value);
    const std::optional<std::uint64_t> v = llmsizer::headlineValue(text.toStdString());
    QCOMPARE(v.value_or(0), value);
}

void TestPresetFacts::headlineAgainstExact_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("headline");
    QTest::addColumn<quint64>("exact");
    QTest::addColumn<double>("gapPercent"); // (exact − headline) / headline, by hand
    QTest::addColumn<QString>("shortText");
    QTest::newRow("GPT-2 small") << "gpt-2-small"
                                 << "117M" << quint64(124'439'808) << 6.3588
                                 << "117M headline (+6.4%)";
    QTest::newRow("Llama 3 8B") << "llama-3-8b"
                                << "8B" << quint64(8'030'261'248) << 0.3783
                                << "8B headline (+0.4%)";
    QTest::newRow("Llama 2 7B") << "llama-2-7b"
                                << "7B" << quint64(6'738'415'616) << -3.7369
                                << "7B headline (−3.7%)";
    QTest::newRow("Llama 2 70B") << "llama-2-70b"
                                 << "70B" << quint64(68'976'648'192) << -1.4619
                                 << "70B headline (−1.5%)";
    QTest::newRow("Gemma 7B") << "gemma-7b"
                              << "7B" << quint64(8'537'680'896) << 21.9669
                              << "7B headline (+22.0%)";
    QTest::newRow("Mixtral 8x7B") << "mixtral-8x7b"
                                  << "47B" << quint64(46'702'792'704) << -0.6324
                                  << "47B headline (−0.6%)";
}

void TestPresetFacts::headlineAgainstExact()
{
    QFETCH(QString, id);
    QFETCH(QString, headline);
    QFETCH(quint64, exact);
    QFETCH(double, gapPercent);
    QFETCH(QString, shortText);
    const Preset& p = preset(id.toStdString());
    QCOMPARE(QString::fromStdString(p.published.headline), headline);
    QVERIFY(!p.published.headline_source.empty());
    const std::uint64_t counted = countParameters(p.config).total;
    QCOMPARE(counted, exact); // the app's count is the checkpoint's
    const PublishedFacts f = publishedFacts(p.published, counted);
    QVERIFY(f.has_headline);
    QVERIFY(std::abs(f.gap * 100 - gapPercent) < 1e-3);
    QCOMPARE(QString::fromStdString(f.short_text), shortText);
    const QString text = QString::fromStdString(f.text);
    QVERIFY2(text.startsWith(headline + QStringLiteral(" published (")), qPrintable(text));
    QVERIFY2(text.contains(QString::fromStdString(withThousands(exact))), qPrintable(text));
}

void TestPresetFacts::tokensAgainstChinchilla_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("rule");     // Chinchilla's tokens per parameter
    QTest::addColumn<double>("perParam"); // published tokens / exact count, by hand
    QTest::addColumn<QString>("text");
    // 15e12 / 8,030,261,248 = 1,867.93; / 20 = 93.4.
    QTest::newRow("Llama 3 8B") << "llama-3-8b" << 20.0 << 1867.934
                                << "15T tokens = 1,868 tokens per parameter, 93.4× Chinchilla — "
                                   "overtrained";
    // 2e12 / 6,738,415,616 = 296.81; / 20 = 14.8.
    QTest::newRow("Llama 2 7B") << "llama-2-7b" << 20.0 << 296.806
                                << "2T tokens = 297 tokens per parameter, 14.8× Chinchilla — "
                                   "overtrained";
    // 2e12 / 68,976,648,192 = 29.0; / 20 = 1.45.
    QTest::newRow("Llama 2 70B") << "llama-2-70b" << 20.0 << 28.995
                                 << "2T tokens = 29 tokens per parameter, 1.45× Chinchilla — "
                                    "about compute-optimal";
    // 6e12 / 8,537,680,896 = 702.8; / 20 = 35.1.
    QTest::newRow("Gemma 7B") << "gemma-7b" << 20.0 << 702.767
                              << "6T tokens = 703 tokens per parameter, 35.1× Chinchilla — "
                                 "overtrained";
    // The rule edited: 1,867.9 / 100 = 18.7.
    QTest::newRow("Llama 3 8B, 100 per parameter")
        << "llama-3-8b" << 100.0 << 1867.934
        << "15T tokens = 1,868 tokens per parameter, 18.7× Chinchilla — overtrained";
    // 28.995 / 40 = 0.725: neither over nor under by half.
    QTest::newRow("Llama 2 70B, 40 per parameter")
        << "llama-2-70b" << 40.0 << 28.995
        << "2T tokens = 29 tokens per parameter, 0.725× Chinchilla — about compute-optimal";
}

void TestPresetFacts::tokensAgainstChinchilla()
{
    QFETCH(QString, id);
    QFETCH(double, rule);
    QFETCH(double, perParam);
    QFETCH(QString, text);
    const Preset& p = preset(id.toStdString());
    const TrainingFacts f = trainingFacts(p.training, countParameters(p.config).total, rule);
    QVERIFY(f.known);
    QVERIFY2(std::abs(f.tokens_per_param - perParam) < 1e-2,
             qPrintable(QString::number(f.tokens_per_param)));
    QVERIFY(std::abs(f.vs_chinchilla - perParam / rule) < 1e-3);
    QCOMPARE(QString::fromStdString(f.text), text);
    QVERIFY(QString::fromStdString(f.detail).contains(QStringLiteral("Hoffmann et al. 2022")));
}

// GPT-2's makers gave the data in gigabytes, not tokens: the summary says so.
void TestPresetFacts::noTokenCount()
{
    const Preset& p = preset("gpt-2-small");
    const TrainingFacts f = trainingFacts(p.training, countParameters(p.config).total);
    QVERIFY(!f.known);
    QCOMPARE(QString::fromStdString(f.text), QStringLiteral("No token count was published"));
    QCOMPARE(QString::fromStdString(f.short_text), QStringLiteral("not published"));
    QVERIFY(QString::fromStdString(f.detail).contains(QStringLiteral("WebText")));
    const TrainingFacts none = trainingFacts(TrainingTokens{}, 1000);
    QCOMPARE(QString::fromStdString(none.text),
             QStringLiteral("No token count on file for this model"));
}

// GPT-3's 175B is the paper's own figure (no checkpoint to count): the count from the published
// shapes is set against it (Brown et al. 2020, Table 2.1).
void TestPresetFacts::nominalTotal()
{
    const Preset& p = preset("gpt-3-175b");
    QVERIFY(!p.published.exact);
    const std::uint64_t counted = countParameters(p.config).total;
    const PublishedFacts f = publishedFacts(p.published, counted);
    QCOMPARE(f.headline, quint64(175'000'000'000));
    QVERIFY(std::abs(f.gap) < 0.01); // 96 layers of 12,288: within 1% of 175B
    QVERIFY2(QString::fromStdString(f.text).startsWith(QStringLiteral("175B published — counted ")),
             f.text.c_str());
    // Explained by the glossary's "nominal" entry, not the headline's.
    QCOMPARE(QString::fromStdString(f.term), QStringLiteral("nominal"));
    QCOMPARE(
        QString::fromStdString(publishedFacts(preset("gpt-2-small").published,
                                              countParameters(preset("gpt-2-small").config).total)
                                   .term),
        QStringLiteral("headline"));
}

// Every preset's figures read as a sentence, and each headline lies near the count.
void TestPresetFacts::everyPresetHasFacts()
{
    int headlines = 0;
    for (const Preset& p : presets()) {
        const std::uint64_t counted = countParameters(p.config).total;
        const PublishedFacts f = publishedFacts(p.published, counted);
        QVERIFY2(!f.text.empty() && !f.short_text.empty(), p.id.c_str());
        if (f.has_headline) {
            ++headlines;
            // Gemma 2 2B's "2B" for 2,614,341,888 (+30.7%) is the farthest.
            QVERIFY2(std::abs(f.gap) < 0.35, p.id.c_str());
        }
        const TrainingFacts t = trainingFacts(p.training, counted);
        QVERIFY2(!t.text.empty(), p.id.c_str());
        QCOMPARE(t.known, p.training.tokens > 0);
    }
    QVERIFY(headlines >= 20);
}

// The Compare table's rows: a preset as loaded shows its figures, another model says it has none;
// the rule's value is in the row's name.
void TestPresetFacts::tableRows()
{
    const Preset& gpt2 = preset("gpt-2-small");
    const Preset& llama = preset("llama-3-8b");
    std::vector<NamedConfig> models{{"GPT-2 small", gpt2.config, gpt2.published, gpt2.training},
                                    {"Llama 3 8B", llama.config, llama.published, llama.training},
                                    {"edited", llama.config}};
    TableOptions o;
    o.tokens_per_param = 20;
    ComparisonTable t = buildComparisonTable(models, o);
    const TableRow* published = t.row("published");
    QVERIFY(published != nullptr);
    QCOMPARE(QString::fromStdString(published->cells[0].text),
             QStringLiteral("117M headline (+6.4%)"));
    QCOMPARE(published->cells[0].integer, quint64(117'000'000));
    QCOMPARE(QString::fromStdString(published->cells[2].text), QStringLiteral("– (not a preset)"));
    QVERIFY(
        QString::fromStdString(published->cells[0].detail).contains(QStringLiteral("GPT-2 paper")));
    const TableRow* tokens = t.row("training_tokens");
    QVERIFY(tokens != nullptr);
    QCOMPARE(QString::fromStdString(tokens->cells[0].text), QStringLiteral("not published"));
    QCOMPARE(QString::fromStdString(tokens->cells[1].text), QStringLiteral("15T"));
    QCOMPARE(tokens->cells[1].integer, quint64(15'000'000'000'000));
    const TableRow* perParam = t.row("tokens_per_param");
    QVERIFY(perParam != nullptr);
    QCOMPARE(QString::fromStdString(perParam->label),
             QStringLiteral("Tokens per parameter (Chinchilla: 20)"));
    QCOMPARE(QString::fromStdString(perParam->cells[1].text),
             QStringLiteral("1,868 (93.4× Chinchilla)"));
    QVERIFY(std::abs(perParam->cells[1].real - 1867.934) < 1e-2);

    o.tokens_per_param = 100;
    t = buildComparisonTable(models, o);
    perParam = t.row("tokens_per_param");
    QCOMPARE(QString::fromStdString(perParam->label),
             QStringLiteral("Tokens per parameter (Chinchilla: 100)"));
    QCOMPARE(QString::fromStdString(perParam->cells[1].text),
             QStringLiteral("1,868 (18.7× Chinchilla)"));

    // No model with published figures: no such rows.
    t = buildComparisonTable({{"edited", llama.config}}, o);
    QVERIFY(t.row("published") == nullptr);
    QVERIFY(t.row("tokens_per_param") == nullptr);
}

LLMSIZER_TEST_GUILESS_MAIN(TestPresetFacts)
#include "tst_preset_facts.moc"
