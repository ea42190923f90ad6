// End lesson puts back everything a lesson changed: after every lesson, and after several lessons
// in a row, the working state (model, comparison, workload, GPU lines, precisions), the tab, the
// Compare window and the Largest-that-fits and Compute-budget questions are what they were before
// the first lesson. A lesson that opens Compare shows it at the context its banner and the
// Overview use.
#include "llmsizer/present/lessons.h"
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/compare/comparewindow.h"
#include "ui/shell/lessons.h"
#include "ui/shell/sessioncontroller.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/budgetmodel.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/fitmodel.h"
#include "ui/state/qstrings.h"

#include <QLabel>
#include <QRegularExpression>
#include <QTest>
#include <QToolButton>
#include <algorithm>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

using Fixture = llmsizer::test::WindowFixture;

// A state no lesson sets up: Mistral 7B at 2,048 tokens, batch 4, in training, INT8 weights,
// an RTX 4090 and two A100 lines, GPT-2 small and Llama 3 8B compared at each model's own context,
// on the Show the math tab, the Compare window closed.
void setUpOwnState(Fixture& f)
{
    ConfigModel* m = f.model.get();
    QVERIFY(m->selectPreset(QStringLiteral("mistral-7b")));
    QVERIFY(m->setContext(2048));
    QVERIFY(m->setBatch(4));
    m->setTraining(true);
    m->setPrecision(QStringLiteral("int8"));
    m->setGpus({QStringLiteral("rtx-4090-24gb"), QStringLiteral("a100-sxm-80gb:2")});
    ComparisonModel* c = f.window->comparison();
    c->clear();
    QVERIFY(c->addPreset(QStringLiteral("gpt-2-small")).isEmpty());
    QVERIFY(c->addPreset(QStringLiteral("llama-3-8b")).isEmpty());
    QVERIFY(c->setContext(0));
    QVERIFY(f.window->views()->showView(QStringLiteral("math")));
    f.window->compareWindow()->hide();
}

} // namespace

class TestUiLessonState : public QObject {
    Q_OBJECT
private slots:
    void endLessonRestores_data()
    {
        QTest::addColumn<QString>("lesson");
        for (const std::string& id : lessonIds()) {
            QTest::newRow(id.c_str()) << qs(id);
        }
    }
    void endLessonRestores()
    {
        QFETCH(QString, lesson);
        Fixture f(QStringLiteral("mistral-7b"));
        f.window->show();
        setUpOwnState(f);
        const Session before = f.window->sessions()->capture();
        const FitModel::Choice fit = f.window->views()->fitModel()->choice();
        const BudgetQuestion budget = f.window->views()->budgetModel()->question();
        auto* lessons = f.window->findChild<Lessons*>();
        QVERIFY(lessons->start(lesson));
        lessons->stop();
        QVERIFY(f.window->sessions()->capture() == before);
        QCOMPARE(f.model->context(), std::uint64_t(2048));
        QCOMPARE(f.model->batch(), std::uint64_t(4));
        QCOMPARE(f.model->gpus(),
                 QStringList({QStringLiteral("rtx-4090-24gb"), QStringLiteral("a100-sxm-80gb:2")}));
        QCOMPARE(f.window->comparison()->size(), 2);
        QCOMPARE(f.window->comparison()->context(), std::uint64_t(0));
        QCOMPARE(f.window->views()->currentView(), QStringLiteral("math"));
        QVERIFY(!f.window->compareWindow()->isVisible());
        QVERIFY(f.window->views()->fitModel()->choice() == fit);
        QVERIFY(f.window->views()->budgetModel()->question() == budget);
    }

    // Lessons one after another, then End lesson: back to the state before the first.
    void severalLessonsThenEnd()
    {
        Fixture f(QStringLiteral("mistral-7b"));
        f.window->show();
        setUpOwnState(f);
        const Session before = f.window->sessions()->capture();
        auto* lessons = f.window->findChild<Lessons*>();
        for (const char* id : {"fits-h100", "gqa-saving", "budget-1e24", "largest-24gb"}) {
            QVERIFY(lessons->start(QString::fromLatin1(id)));
        }
        lessons->stop();
        QVERIFY(f.window->sessions()->capture() == before);
        QCOMPARE(f.window->views()->currentView(), QStringLiteral("math"));
        // Ending twice changes nothing more.
        lessons->stop();
        QVERIFY(f.window->sessions()->capture() == before);
    }

    // The GQA lesson quotes Llama 2 70B's KV cache at its 4,096-token context: the Compare
    // window's table is at those 4,096 tokens too, as is the Overview, and the MHA model is the
    // baseline the Overview's figures are read against.
    void compareAtTheLessonsContext()
    {
        Fixture f(QStringLiteral("mistral-7b"));
        f.window->show();
        auto* lessons = f.window->findChild<Lessons*>();
        QVERIFY(lessons->start(QStringLiteral("gqa-saving")));
        QVERIFY2(lessons->text().contains(QStringLiteral("4,096")), qPrintable(lessons->text()));
        QCOMPARE(f.model->context(), std::uint64_t(4096));
        QCOMPARE(f.window->comparison()->context(), std::uint64_t(4096));
        // A two-model step: the MHA model is the baseline, and the Overview's KV cache at context
        // reads ×0.125 (8 KV heads against 64, the same layers, head dim and tokens).
        QVERIFY(f.model->hasBaseline());
        QVERIFY(f.model->ratios() != nullptr);
        QCOMPARE(QString::fromStdString(f.model->ratios()->figure("kv_context")),
                 QStringLiteral("×0.125"));
        lessons->stop();
        QVERIFY(!f.model->hasBaseline()); // none before the lesson
    }

    // One workload in every lesson: a context the banner quotes ("at 4,096 tokens") is the
    // Overview's, and a lesson that opens Compare opens it at that context too.
    void oneWorkloadInEveryLesson_data()
    {
        QTest::addColumn<QString>("id");
        for (const std::string& id : lessonIds()) {
            QTest::newRow(id.c_str()) << QString::fromStdString(id);
        }
    }
    void oneWorkloadInEveryLesson()
    {
        QFETCH(QString, id);
        Fixture f(QStringLiteral("mistral-7b"));
        f.window->show();
        auto* lessons = f.window->findChild<Lessons*>();
        QVERIFY(lessons->start(id));
        const std::uint64_t context = f.model->context();
        // Sequence lengths, not training tokens ("15T tokens") or a rate ("tokens per parameter").
        static const QRegularExpression quoted(QStringLiteral("([0-9][0-9,]*) tokens(?! per)"));
        for (const QRegularExpressionMatch& m : quoted.globalMatch(lessons->text())) {
            const QString n = m.captured(1).remove(QLatin1Char(','));
            QVERIFY2(n.toULongLong() == context,
                     qPrintable(m.captured(0) + QStringLiteral(" quoted, the Overview at ") +
                                QString::number(context)));
        }
        if (f.window->compareWindow()->isVisible()) {
            QCOMPARE(f.window->comparison()->context(), context);
        }
        lessons->stop();
    }

    // The course: Next and Back (clicked, and Alt+Right, Alt+Left from any window) step through the
    // lessons in order, "Lesson k of N" in the bar; each starts from the state before the course
    // (after "What fits on an H100?", only the H100 line remained for every later lesson), and End
    // lesson returns to it.
    void nextAndBackStepThroughTheCourse()
    {
        Fixture f(QStringLiteral("mistral-7b"));
        f.window->show();
        QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
        setUpOwnState(f);
        const Session before = f.window->sessions()->capture();
        auto* lessons = f.window->findChild<Lessons*>();
        const std::vector<std::string> ids = lessonIds();
        QVERIFY(lessons->start(qs(ids.front())));
        QVERIFY(!lessons->step(-1)); // nothing before the first
        auto* title = lessons->findChildren<QLabel*>().front();
        QCOMPARE(
            title->text(),
            QStringLiteral("Lesson 1 of %1: %2").arg(ids.size()).arg(qs(lessonTitle(ids.front()))));
        const auto fits = std::find(ids.begin(), ids.end(), "fits-h100");
        QVERIFY(fits != ids.end() && fits + 1 != ids.end());
        QVERIFY(lessons->start(qs(*fits)));
        QCOMPARE(f.model->gpus(), QStringList{QStringLiteral("h100-sxm-80gb:1")});
        const QList<QToolButton*> buttons = lessons->findChildren<QToolButton*>();
        QVERIFY(buttons.size() >= 2);
        QToolButton* back = buttons[0];
        QToolButton* next = buttons[1];
        QTest::mouseClick(next, Qt::LeftButton);
        QCOMPARE(lessons->current(), qs(*(fits + 1)));
        // The next lesson sets no GPU lines of its own: those before the course are back.
        if (buildLesson(*(fits + 1), f.model->presets(), {&f.model->gpuCatalog(), {}})
                .gpus.empty()) {
            QCOMPARE(f.model->gpus(), QStringList({QStringLiteral("rtx-4090-24gb"),
                                                   QStringLiteral("a100-sxm-80gb:2")}));
        }
        QTest::mouseClick(back, Qt::LeftButton);
        QCOMPARE(lessons->current(), qs(*fits));
        // The first lesson opens the Compare window, which takes the keyboard: Alt+Right there
        // goes on to the second lesson, Alt+Left back to the first.
        QVERIFY(lessons->start(qs(ids.front())));
        QWidget* compare = f.window->compareWindow();
        QVERIFY(compare->isVisible());
        compare->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(compare));
        QTest::keyClick(compare, Qt::Key_Right, Qt::AltModifier);
        QCOMPARE(lessons->current(), qs(ids[1]));
        if (compare->isVisible()) {
            compare->activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(compare));
            QTest::keyClick(compare, Qt::Key_Left, Qt::AltModifier);
        } else {
            f.window->activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
            QTest::keyClick(f.window.get(), Qt::Key_Left, Qt::AltModifier);
        }
        QCOMPARE(lessons->current(), qs(ids.front()));
        QVERIFY(lessons->start(qs(ids.back())));
        QVERIFY(!lessons->step(+1)); // nothing after the last
        lessons->stop();
        QVERIFY(f.window->sessions()->capture() == before);
    }
};

LLMSIZER_TEST_MAIN(TestUiLessonState)
#include "tst_ui_lesson_state.moc"
