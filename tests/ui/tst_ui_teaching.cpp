// The teaching additions of the main window on the offscreen platform: the summary sets a
// preset's published headline beside the exact count and its training tokens beside Chinchilla's
// rule, whose tokens per parameter are edited in the summary and in the Compare window alike; the
// main controls explain their terms from the glossary, and Help > Glossary finds every term.
// Expected texts are written from the public figures: GPT-2 paper Table 2 "117M" against the
// checkpoint's 124,439,808 (+6.36%); Meta's Llama 3 model card "15T+" tokens against
// 8,030,261,248 parameters (1,867.9 per parameter, 93.4 × Hoffmann et al. 2022's 20).
#include "llmsizer/present/glossary.h"
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/charts/budgetchart.h"
#include "ui/compare/comparepanel.h"
#include "ui/compare/comparewindow.h"
#include "ui/kit/figuregrid.h"
#include "ui/kit/glossarydialog.h"
#include "ui/kit/knobrow.h"
#include "ui/kit/presentation.h"
#include "ui/overview/configpanel.h"
#include "ui/overview/memorypanel.h"
#include "ui/overview/summarypanel.h"
#include "ui/shell/lessons.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/comparisonmodel.h"
#include "ui/teach/budgetview.h"
#include "ui/teach/fitsolverview.h"
#include "ui/teach/mathpanel.h"

#include <QComboBox>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSlider>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

using Fixture = llmsizer::test::WindowFixture;

} // namespace

class TestUiTeaching : public QObject {
    Q_OBJECT
private slots:
    void summaryFacts_data();
    void summaryFacts();
    void factsOnlyForThePresetAsLoaded();
    void chinchillaIsEditable();
    void presentationShortForms();
    void everyGlossaryKeyExists();
    void mainControlsExplainThemselves_data();
    void mainControlsExplainThemselves();
    void glossaryDialogSearches_data();
    void glossaryDialogSearches();
    void lessons_data();
    void lessons();
    void lessonMenu();
    void lessonsAgreeWithTheirViews();
};

void TestUiTeaching::summaryFacts_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("published");
    QTest::addColumn<QString>("training");
    QTest::newRow("GPT-2 small") << "gpt-2-small"
                                 << "117M published (GPT-2 paper, Table 2) — exact count "
                                    "124,439,808, the checkpoint's (+6.4% on 117M)"
                                 << "No token count was published";
    QTest::newRow("Llama 3 8B")
        << "llama-3-8b"
        << "8B published (Meta Llama 3 model card) — exact count 8,030,261,248, the checkpoint's "
           "(+0.4% on 8B)"
        << "15T tokens = 1,868 tokens per parameter, 93.4× Chinchilla — overtrained";
    // 2e12 / 6,738,415,616 = 296.8 tokens per parameter (Llama 2 paper, Table 1).
    QTest::newRow("Llama 2 7B")
        << "llama-2-7b"
        << "7B published (Llama 2 paper, Table 1) — exact count 6,738,415,616, the checkpoint's "
           "(−3.7% on 7B)"
        << "2T tokens = 297 tokens per parameter, 14.8× Chinchilla — overtrained";
}

void TestUiTeaching::summaryFacts()
{
    QFETCH(QString, preset);
    QFETCH(QString, published);
    QFETCH(QString, training);
    Fixture f(preset);
    SummaryPanel* s = f.window->summaryPanel();
    QVERIFY(!s->facts()->parentWidget()->isHidden());
    QCOMPARE(s->figure(QStringLiteral("published")), published);
    QCOMPARE(s->figure(QStringLiteral("training")), training);
    QVERIFY(!s->figureTip(QStringLiteral("published")).isEmpty());
    QVERIFY(!s->figureTip(QStringLiteral("training")).isEmpty());
}

// The makers' figures belong to the preset as loaded: an edit hides them, a reset brings them
// back.
void TestUiTeaching::factsOnlyForThePresetAsLoaded()
{
    Fixture f(QStringLiteral("gpt-2-small"));
    SummaryPanel* s = f.window->summaryPanel();
    QVERIFY(f.model->setKnob(Knob::Layers, 24));
    QVERIFY(s->facts()->parentWidget()->isHidden());
    QVERIFY(s->figure(QStringLiteral("published")).isEmpty());
    f.model->resetToBase();
    QVERIFY(!s->facts()->parentWidget()->isHidden());
    QVERIFY(s->figure(QStringLiteral("published")).startsWith(QStringLiteral("117M")));
}

// One value, shown and edited where it is used: the summary, the Compare window's bar, its table
// rows and the settings file follow it.
void TestUiTeaching::chinchillaIsEditable()
{
    Fixture f(QStringLiteral("llama-3-8b"));
    SummaryPanel* s = f.window->summaryPanel();
    QCOMPARE(f.model->tokensPerParam(), std::uint64_t{20});
    QCOMPARE(s->tokensPerParam()->value(), 20);
    QVERIFY(f.window->comparison()->addPreset(QStringLiteral("llama-3-8b")).isEmpty());
    auto* compareSpin =
        f.window->compareWindow()->panel()->findChild<QSpinBox*>(QStringLiteral("tokensPerParam"));
    QVERIFY(compareSpin != nullptr);
    QCOMPARE(compareSpin->value(), 20);

    s->tokensPerParam()->setValue(100);
    QCOMPARE(f.model->tokensPerParam(), std::uint64_t{100});
    // 1,867.9 / 100 = 18.7
    QCOMPARE(s->figure(QStringLiteral("training")),
             QStringLiteral("15T tokens = 1,868 tokens per parameter, 18.7× Chinchilla — "
                            "overtrained"));
    QCOMPARE(compareSpin->value(), 100);
    const TableRow* row = f.window->comparison()->table().row("tokens_per_param");
    QVERIFY(row != nullptr);
    QCOMPARE(QString::fromStdString(row->label),
             QStringLiteral("Tokens per parameter (Chinchilla: 100)"));
    QCOMPARE(QString::fromStdString(row->cells[0].text),
             QStringLiteral("1,868 (18.7× Chinchilla)"));
    const TableRow* tokens = f.window->comparison()->table().row("chinchilla_tokens");
    QVERIFY(tokens != nullptr);
    QCOMPARE(tokens->cells[0].integer, std::uint64_t{803'026'124'800}); // 100 × 8,030,261,248
    QCOMPARE(f.settings->tokensPerParam(), qulonglong{100});

    compareSpin->setValue(20);
    QCOMPARE(f.model->tokensPerParam(), std::uint64_t{20});
    QCOMPARE(s->tokensPerParam()->value(), 20);
    QVERIFY(s->figure(QStringLiteral("training")).contains(QStringLiteral("93.4× Chinchilla")));

    // Out of range is refused and changes nothing.
    QVERIFY(!f.model->setTokensPerParam(0));
    QVERIFY(!f.model->setTokensPerParam(kMaxTokensPerParam + 1));
    QCOMPARE(f.model->tokensPerParam(), std::uint64_t{20});
}

// Presentation mode keeps the charts' height: the two lines become one, in their short forms.
void TestUiTeaching::presentationShortForms()
{
    Fixture f(QStringLiteral("llama-3-8b"));
    SummaryPanel* s = f.window->summaryPanel();
    const int tall = s->facts()->sizeHint().height();
    f.window->presentation()->setOn(true);
    QCOMPARE(s->figure(QStringLiteral("published")), QStringLiteral("8B headline (+0.4%)"));
    QCOMPARE(s->figure(QStringLiteral("training")), QStringLiteral("1,868 (93.4× Chinchilla)"));
    QVERIFY(s->figureTip(QStringLiteral("training")).contains(QStringLiteral("15T tokens")));
    QVERIFY(s->facts()->sizeHint().height() < tall * 1.4); // one row at 1.4× the font
    f.window->presentation()->setOn(false);
    QVERIFY(s->figure(QStringLiteral("published")).startsWith(QStringLiteral("8B published")));
}

// Every control that names a glossary term names one that exists.
void TestUiTeaching::everyGlossaryKeyExists()
{
    Fixture f(QStringLiteral("llama-2-70b"));
    int attached = 0;
    const QList<QWidget*> widgets = f.window->findChildren<QWidget*>();
    for (const QWidget* w : widgets) {
        const QString key = w->property("glossaryKey").toString();
        if (key.isEmpty()) {
            continue;
        }
        ++attached;
        QVERIFY2(findGlossaryTerm(key.toStdString()) != nullptr, qPrintable(key));
        QVERIFY2(!w->whatsThis().isEmpty(), qPrintable(key));
    }
    QVERIFY(attached >= 30); // the knob rows (label, slider, spin box), strips and menus
    // The summary's figures and the precision list explain themselves too.
    for (const FigureGrid::Entry& e : f.window->summaryPanel()->grid()->entries()) {
        QVERIFY2(e.tip.startsWith(QStringLiteral("<p><b>")), qPrintable(e.key));
    }
    auto* precision = f.window->memoryPanel()->findChild<QComboBox*>();
    QVERIFY(precision != nullptr);
}

void TestUiTeaching::mainControlsExplainThemselves_data()
{
    QTest::addColumn<int>("knob");
    QTest::addColumn<QString>("term"); // the glossary's name of the term, in the tooltip
    QTest::newRow("d_model") << int(Knob::DModel) << "d_model (hidden size)";
    QTest::newRow("layers") << int(Knob::Layers) << "Layers (n_layers)";
    QTest::newRow("heads") << int(Knob::Heads) << "Attention heads (n_heads)";
    QTest::newRow("KV heads") << int(Knob::KvHeads) << "KV heads (n_kv_heads)";
    QTest::newRow("vocab") << int(Knob::Vocab) << "Vocabulary (vocab_size)";
    QTest::newRow("d_ff") << int(Knob::Dff) << "d_ff (MLP width)";
}

void TestUiTeaching::mainControlsExplainThemselves()
{
    QFETCH(int, knob);
    QFETCH(QString, term);
    Fixture f(QStringLiteral("llama-2-70b"));
    KnobRow* row = f.window->configPanel()->row(static_cast<Knob>(knob));
    QVERIFY(row != nullptr);
    for (const QWidget* w :
         {static_cast<QWidget*>(row->slider()), static_cast<QWidget*>(row->spinBox())}) {
        QVERIFY2(w->toolTip().contains(term.toHtmlEscaped()), qPrintable(w->toolTip()));
        QCOMPARE(w->whatsThis(), w->toolTip());
    }
    // The precision menu and the KV cache (the Runtime menu) explain theirs.
    const MemoryPanel* memory = f.window->memoryPanel();
    QComboBox* precision = nullptr;
    QToolButton* runtime = nullptr;
    for (QWidget* w : memory->findChildren<QWidget*>()) {
        const QString key = w->property("glossaryKey").toString();
        if (key == QLatin1String("precision")) {
            precision = qobject_cast<QComboBox*>(w);
        } else if (key == QLatin1String("kv_cache")) {
            runtime = qobject_cast<QToolButton*>(w);
        }
    }
    QVERIFY(precision != nullptr);
    QVERIFY(precision->toolTip().contains(QStringLiteral("Precision (bits per weight)")));
    const int q4 = precision->findData(QStringLiteral("q4_k_m"));
    QVERIFY(q4 >= 0);
    QVERIFY(
        precision->itemData(q4, Qt::ToolTipRole).toString().contains(QStringLiteral("K-quants")));
    QVERIFY(runtime != nullptr);
    QVERIFY(runtime->whatsThis().contains(QStringLiteral("<b>KV cache</b>")));
    QVERIFY(runtime->toolTip().contains(QStringLiteral("<b>KV cache</b>")));
}

void TestUiTeaching::glossaryDialogSearches_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QStringList>("keys");
    QTest::newRow("GPT-2's n_embd") << "n_embd" << QStringList{QStringLiteral("d_model")};
    QTest::newRow("Hugging Face's num_key_value_heads")
        << "num_key_value_heads" << QStringList{QStringLiteral("kv_heads")};
    QTest::newRow("no match") << "zzzz" << QStringList{};
}

void TestUiTeaching::glossaryDialogSearches()
{
    QFETCH(QString, query);
    QFETCH(QStringList, keys);
    Fixture f(QStringLiteral("gpt-2-small"));
    GlossaryDialog* g = f.window->glossary();
    QCOMPARE(g->shownKeys().size(), static_cast<qsizetype>(glossary().size())); // all at first
    QTest::keyClicks(g->searchField(), query);
    QCOMPARE(g->shownKeys(), keys);
    if (!keys.isEmpty()) {
        const GlossaryTerm* t = findGlossaryTerm(keys.front().toStdString());
        QVERIFY(g->shownText().contains(
            QString::fromUtf8(t->line1.data(), static_cast<qsizetype>(t->line1.size()))));
    }
    g->setQuery(QString());
    QCOMPARE(g->shownKeys().size(), static_cast<qsizetype>(glossary().size()));
}

// Help > Lessons: each lesson loads its preset, shows its view, frames its figure and fills the
// Compare window; the bar says what to see (the numbers are tst_lessons'), and ends on request.
void TestUiTeaching::lessons_data()
{
    QTest::addColumn<QString>("lesson");
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("highlight");
    QTest::addColumn<int>("compared");
    QTest::addColumn<QString>("view"); // the view shown
    QTest::addColumn<QString>("figure");
    QTest::newRow("depth vs width") << "depth-vs-width"
                                    << "gpt-2-small"
                                    << "" << 3 << "overview"
                                    << "339,978,240, ×4";
    QTest::newRow("GQA's saving") << "gqa-saving"
                                  << "llama-2-70b"
                                  << "kv_context" << 2 << "overview"
                                  << "10.74 GB";
    QTest::newRow("12·L·d² vs exact") << "rule-vs-exact"
                                      << "llama-2-7b"
                                      << "" << 0 << "math"
                                      << "6,442,450,944";
    QTest::newRow("GPT-2: 117M or 124M?") << "gpt2-published"
                                          << "gpt-2-small"
                                          << "published" << 0 << "overview"
                                          << "124,439,808";
    // A model of its own: no preset is loaded.
    QTest::newRow("the exercise's shape") << "exercise-shape"
                                          << ""
                                          << "total" << 0 << "overview"
                                          << "1,276,235,776";
    QTest::newRow("four precisions") << "precisions"
                                     << "llama-2-70b"
                                     << "weights" << 0 << "overview"
                                     << "137.95 GB at FP16";
    QTest::newRow("dense vs MoE") << "dense-vs-moe"
                                  << "llama-3-70b"
                                  << "active" << 2 << "overview"
                                  << "12,879,925,248";
    // One H100 SXM: 80 GiB = 85,899,345,920 bytes; FP16 weights alone 141.1 GB need two.
    QTest::newRow("what fits on an H100") << "fits-h100"
                                          << "llama-3-70b"
                                          << "weights" << 0 << "overview"
                                          << "needs 2× H100";
    // 24 GiB = 25,769,803,776 bytes: 25.8B parameters' weights at one byte each.
    QTest::newRow("24 GB") << "largest-24gb"
                           << "llama-2-7b"
                           << "" << 0 << "fit"
                           << "25.8B parameters at INT8";
    QTest::newRow("Chinchilla's tokens") << "chinchilla-tokens"
                                         << "llama-3-8b"
                                         << "training" << 3 << "overview"
                                         << "1,868 per parameter";
    QTest::newRow("10^24 FLOPs") << "budget-1e24"
                                 << "llama-2-7b"
                                 << "" << 0 << "budget"
                                 << "91.3B parameters";
}

void TestUiTeaching::lessons()
{
    QFETCH(QString, lesson);
    QFETCH(QString, preset);
    QFETCH(QString, highlight);
    QFETCH(int, compared);
    QFETCH(QString, view);
    QFETCH(QString, figure);
    Fixture f(QStringLiteral("mistral-7b"));
    auto* lessons = f.window->findChild<Lessons*>();
    QVERIFY(lessons != nullptr);
    QVERIFY(lessons->isHidden());
    QVERIFY(lessons->start(lesson));
    QCOMPARE(lessons->current(), lesson);
    QVERIFY(!lessons->isHidden());
    QVERIFY2(lessons->text().contains(figure), qPrintable(lessons->text()));
    QCOMPARE(f.model->presetId(), preset);
    QCOMPARE(f.window->summaryPanel()->grid()->highlighted(), highlight);
    QCOMPARE(f.window->summaryPanel()->facts()->highlighted(), highlight);
    QCOMPARE(f.window->comparison()->size(), compared);
    QCOMPARE(f.window->views()->math()->isVisible(), view == QStringLiteral("math"));
    QCOMPARE(f.window->views()->budget()->isVisible(), view == QStringLiteral("budget"));
    QCOMPARE(f.window->views()->fit()->isVisible(), view == QStringLiteral("fit"));
    QCOMPARE(f.window->summaryPanel()->isVisible(), view == QStringLiteral("overview"));
    lessons->stop();
    QVERIFY(lessons->isHidden());
    QVERIFY(f.window->summaryPanel()->grid()->highlighted().isEmpty());
    QVERIFY(f.window->summaryPanel()->facts()->highlighted().isEmpty());
    QVERIFY(!lessons->start(QStringLiteral("no-such-lesson")));
}

void TestUiTeaching::lessonMenu()
{
    Fixture f(QStringLiteral("gpt-2-small"));
    QMenu* menu = nullptr;
    for (QMenu* m : f.window->menuBar()->findChildren<QMenu*>()) {
        if (m->title() == QStringLiteral("&Lessons")) {
            menu = m;
        }
    }
    QVERIFY(menu != nullptr);
    QStringList titles;
    for (const QAction* a : menu->actions()) {
        titles << a->text();
    }
    QCOMPARE(titles, (QStringList{
                         QStringLiteral("Depth vs width"), QStringLiteral("GQA's saving"),
                         QStringLiteral("12·L·d² vs exact"), QStringLiteral("GPT-2: 117M or 124M?"),
                         QStringLiteral("Exercise: d_model 2,048, 24 layers, vocab 32,000"),
                         QStringLiteral("Llama 2 70B at 32, 16, 8 and 4 bits"),
                         QStringLiteral("Dense vs mixture of experts"),
                         QStringLiteral("What fits on an H100?"),
                         QStringLiteral("The largest model on a 24 GB GPU"),
                         QStringLiteral("Chinchilla's 20 tokens per parameter"),
                         QStringLiteral("A budget of 10²⁴ FLOPs")}));
    menu->actions().at(1)->trigger();
    QCOMPARE(f.model->presetId(), QStringLiteral("llama-2-70b"));
}

// A lesson's numbers are its view's: the H100 lesson selects one H100 and the bars carry the
// verdicts its text quotes; the 24 GB lesson's INT8 answer is the Largest that fits view's own
// answer; the budget lesson's sizes are on the budget chart; the Chinchilla lesson's compared
// models are presets, so the Compare window shows their training tokens.
void TestUiTeaching::lessonsAgreeWithTheirViews()
{
    Fixture f(QStringLiteral("mistral-7b"));
    auto* lessons = f.window->findChild<Lessons*>();
    f.model->setTraining(true);
    QVERIFY(lessons->start(QStringLiteral("fits-h100")));
    QCOMPARE(f.model->gpus(), QStringList{QStringLiteral("h100-sxm-80gb:1")});
    QVERIFY(!f.model->training());
    QCOMPARE(f.model->kvPrecision(), QStringLiteral("fp16"));

    QVERIFY(lessons->start(QStringLiteral("largest-24gb")));
    FitSolverView* fit = f.window->views()->fit();
    QCOMPARE(fit->gpuBox()->currentData().toString(), QStringLiteral("rtx-4090-24gb"));
    QCOMPARE(fit->precisionBox()->currentData().toString(), QStringLiteral("int8"));
    QCOMPARE(fit->contextBox()->value(), 4096);
    QTRY_VERIFY(!fit->answerLines().isEmpty());
    const QString answer = fit->answerLines().front().section(QLatin1Char('\t'), 1);
    const QString count = answer.section(QLatin1Char(' '), 0, 0); // "19,653,090,048"
    QVERIFY2(count.contains(QLatin1Char(',')), qPrintable(answer));
    QVERIFY2(lessons->text().contains(count + QStringLiteral(" (")), qPrintable(lessons->text()));

    QVERIFY(lessons->start(QStringLiteral("budget-1e24")));
    BudgetView* budget = f.window->views()->budget();
    QCOMPARE(budget->budgetEdit()->text(), QStringLiteral("1e24"));
    QTRY_COMPARE(budget->chart()->markLabels().front(), QStringLiteral("20 tokens/param: 91.3B"));
    QVERIFY(lessons->text().contains(QStringLiteral("91.3B")));
    QVERIFY(lessons->text().contains(
        budget->chart()->markLabels().back().section(QStringLiteral(": "), 1)));

    QVERIFY(lessons->start(QStringLiteral("chinchilla-tokens")));
    QCOMPARE(f.window->comparison()->size(), 3);
    QCOMPARE(f.window->comparison()->entries().front().preset_id, std::string("llama-3-8b"));
}

LLMSIZER_TEST_MAIN(TestUiTeaching)
#include "tst_ui_teaching.moc"
