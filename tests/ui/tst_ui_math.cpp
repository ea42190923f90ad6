// "Show the math" on the offscreen platform: the panel's text holds every core item's formula,
// substituted expression and result for a preset, links to the sources, follows a slider change
// with exactly one rebuild, and does no work while hidden.
#include "llmsizer/present/explore_view.h"
#include "llmsizer/present/mathtext.h"
#include "support/test_main.h"
#include "ui/state/configmodel.h"
#include "ui/state/startup.h"
#include "ui/teach/mathpanel.h"

#include <QTest>
#include <QTextBrowser>
#include <QUrl>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

MathOptions optionsOf(const ConfigModel& model)
{
    MathOptions o;
    o.weight_precision = model.precision().toStdString();
    o.kv_precision = model.kvPrecision().toStdString();
    o.context = model.context();
    o.units = model.units();
    o.memory = model.selectedBar();
    o.memory_mode = model.training() ? "training" : "inference";
    return o;
}

void compareWithCore(const MathPanel& panel, const ConfigModel& model)
{
    const std::vector<MathItem> items = showTheMath(model.config(), optionsOf(model));
    QCOMPARE(panel.items().size(), items.size());
    const QString text = panel.plainText();
    for (const MathItem& m : items) {
        QVERIFY2(text.contains(qs(m.title)), m.key.c_str());
        QVERIFY2(text.contains(qs(m.formula)), m.key.c_str());
        QVERIFY2(text.contains(QStringLiteral("= ") + qs(m.substituted)), m.key.c_str());
        QVERIFY2(text.contains(QStringLiteral("= ") + qs(m.result_text)), m.key.c_str());
    }
}

} // namespace

class TestUiMath : public QObject {
    Q_OBJECT
private slots:
    void showsEveryItem_data();
    void showsEveryItem();
    void attentionOfLlama3_70b();
    void sourcesAreLinks();
    void followsSliders();
    void idleWhileHidden();
    void editsOnlyWhatChanged();
};

void TestUiMath::showsEveryItem_data()
{
    QTest::addColumn<QString>("preset");
    QTest::newRow("GPT-2 small: learned positions, biases, tied head")
        << QStringLiteral("gpt-2-small");
    QTest::newRow("Llama 2 7B: MHA, gated MLP") << QStringLiteral("llama-2-7b");
    QTest::newRow("Llama 3 70B: GQA") << QStringLiteral("llama-3-70b");
    QTest::newRow("Mixtral 8x7B: experts, router, active") << QStringLiteral("mixtral-8x7b");
}

void TestUiMath::showsEveryItem()
{
    QFETCH(QString, preset);
    ConfigModel model;
    loadCatalogs(model);
    QVERIFY(model.selectPreset(preset));
    MathPanel panel(&model);
    panel.show();
    compareWithCore(panel, model);
    // The math ends on the two headline figures the Overview's summary shows: its FLOPs per
    // token and its Memory (the selected bar's total), worked out.
    const std::vector<MathItem>& items = panel.items();
    QCOMPARE(items.at(items.size() - 2).key, std::string("flops_per_token"));
    QCOMPARE(static_cast<double>(items.at(items.size() - 2).result),
             std::round(model.flopsPerToken()));
    QCOMPARE(items.back().key, std::string("memory_total"));
    QCOMPARE(items.back().result, model.selectedBar().total);
}

void TestUiMath::attentionOfLlama3_70b()
{
    ConfigModel model;
    loadCatalogs(model);
    QVERIFY(model.selectPreset(QStringLiteral("llama-3-70b")));
    MathPanel panel(&model);
    panel.show();
    const QString text = panel.plainText();
    QVERIFY(text.contains(QStringLiteral("L × (d·h·dh + 2·d·kv·dh + h·dh·d)")));
    QVERIFY(text.contains(QStringLiteral("= 80 × (8,192·64·128 + 2·8,192·8·128 + 64·128·8,192)")));
    QVERIFY(text.contains(QStringLiteral("= 12,079,595,520 parameters")));
    QVERIFY(text.contains(QStringLiteral("= 70,553,706,496 parameters")));
    QVERIFY(text.contains(QStringLiteral("12·L·d²")));
    QVERIFY(text.contains(QStringLiteral("The linear-layer rule")));
    QVERIFY(text.contains(QStringLiteral("= 2·80·8·128·16/8")));
    QVERIFY(text.contains(QStringLiteral("327,680 bytes")));
}

void TestUiMath::sourcesAreLinks()
{
    ConfigModel model;
    loadCatalogs(model);
    QVERIFY(model.selectPreset(QStringLiteral("llama-2-7b")));
    MathPanel panel(&model);
    panel.show();
    const QString html = panel.html();
    QVERIFY(html.contains(
        QStringLiteral("href=\"https://pytorch.org/docs/stable/generated/torch.nn.Linear.html\"")));
    const std::string counting = docPath("docs/counting.md");
    QVERIFY(!counting.empty());
    QVERIFY(html.contains(
        QStringLiteral("href=\"%1\"").arg(QUrl::fromLocalFile(qs(counting)).toString())));
    QVERIFY(panel.browser()->openExternalLinks());
}

void TestUiMath::followsSliders()
{
    ConfigModel model;
    loadCatalogs(model);
    QVERIFY(model.selectPreset(QStringLiteral("llama-3-70b")));
    MathPanel panel(&model);
    panel.show();
    const int before = panel.rebuildCount();
    QVERIFY(model.setKnob(Knob::Layers, 40));
    QCOMPARE(panel.rebuildCount(), before + 1);
    compareWithCore(panel, model);
    QVERIFY(panel.plainText().contains(
        QStringLiteral("= 40 × (8,192·64·128 + 2·8,192·8·128 + 64·128·8,192)")));
    QVERIFY(!panel.plainText().contains(QStringLiteral("= 80 × (")));
    model.setPrecision(QStringLiteral("int4"));
    compareWithCore(panel, model);
    QVERIFY(panel.plainText().contains(QStringLiteral("Weights at INT4")));
}

void TestUiMath::idleWhileHidden()
{
    ConfigModel model;
    loadCatalogs(model);
    QVERIFY(model.selectPreset(QStringLiteral("llama-2-7b")));
    MathPanel panel(&model);
    panel.show();
    panel.hide();
    const int before = panel.rebuildCount();
    for (const std::uint64_t layers : {30u, 31u, 33u, 34u}) {
        QVERIFY(model.setKnob(Knob::Layers, layers));
    }
    QCOMPARE(panel.rebuildCount(), before);
    panel.show();
    QCOMPARE(panel.rebuildCount(), before + 1);
    compareWithCore(panel, model);
}

// A step that changes only numbers edits the changed lines in place instead of setting the whole
// text again; the text and formats must be those a panel built from scratch shows.
void TestUiMath::editsOnlyWhatChanged()
{
    ConfigModel model;
    loadCatalogs(model);
    QVERIFY(model.selectPreset(QStringLiteral("llama-3-70b")));
    MathPanel panel(&model);
    panel.show();
    const int resets = panel.resetCount();
    // Numbers only (the title "KV cache at … tokens" too), and a GQA note that vanishes (KV heads
    // equal to heads) and comes back (a paragraph removed and inserted).
    const std::pair<Knob, std::uint64_t> edits[] = {
        {Knob::Layers, 79},  {Knob::DModel, 8320}, {Knob::Vocab, 128'000}, {Knob::Dff, 28'000},
        {Knob::KvHeads, 64}, {Knob::KvHeads, 8},   {Knob::Heads, 80},      {Knob::Layers, 81}};
    for (const auto& [knob, value] : edits) {
        QVERIFY2(model.setKnob(knob, value), qPrintable(QString::number(value)));
        MathPanel fresh(&model);
        fresh.show();
        QCOMPARE(panel.plainText(), fresh.plainText());
        QCOMPARE(panel.html(), fresh.html());
    }
    for (const auto& [context, title] : {std::pair{32'768u, "KV cache at 32,768 tokens"},
                                         {65'536u, "KV cache at 65,536 tokens"}}) {
        QVERIFY(model.setContext(context));
        MathPanel fresh(&model);
        fresh.show();
        QVERIFY(panel.plainText().contains(QString::fromUtf8(title)));
        QCOMPARE(panel.html(), fresh.html());
    }
    QCOMPARE(panel.resetCount(), resets);
    QCOMPARE(panel.patchCount(), 10);
}

LLMSIZER_TEST_MAIN(TestUiMath)
#include "tst_ui_math.moc"
