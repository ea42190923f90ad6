// The compute-budget and largest-model-that-fits views on the offscreen platform: the table holds
// exactly the core's candidates and sorts by value (not text), bad input is refused with the
// core's message, and the fit answer is largestThatFits' for the chosen GPU and precision.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/compute/budget.h"
#include "llmsizer/present/explore_tables.h"
#include "llmsizer/shape/explore.h"
#include "support/test_main.h"
#include "ui/state/budgetmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/fitmodel.h"
#include "ui/state/startup.h"
#include "ui/teach/budgettablemodel.h"
#include "ui/teach/budgetview.h"
#include "ui/teach/fitsolverview.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTest>

using namespace llmsizer;
using namespace llmsizer::ui;

class TestUiSolvers : public QObject {
    Q_OBJECT
private slots:
    void budgetTableIsTheSearch();
    void budgetSortsByValue();
    void budgetRefusesBadInput();
    void budgetFollowsTheCurrentFamily();
    void fitAnswersTheExercise();
    void fitKeepsTheFamilyShape();
};

void TestUiSolvers::budgetTableIsTheSearch()
{
    ConfigModel model;
    loadCatalogs(model);
    BudgetModel budget(&model);
    BudgetView view(&budget);
    view.show();
    // The sizing chapter's exercise: "rank by estimated quality".
    QCOMPARE(view.rankingBox()->currentData().toString(), QStringLiteral("quality"));
    BudgetSearchOptions quality;
    quality.ranking = BudgetRanking::ChapterQuality;
    const BudgetSearchResult expected = searchBudget(quality);
    QCOMPARE(view.tableModel()->rowCount(), int(expected.candidates.size()));
    QCOMPARE(expected.candidates.front().params, std::uint64_t{12'747'581'440});
    QAbstractItemModel* shown = view.tableView()->model();
    for (int r = 0; r < shown->rowCount(); ++r) {
        const BudgetCandidate& c = expected.candidates[std::size_t(r)];
        QCOMPARE(shown->index(r, int(BudgetColumn::Params)).data().toString(),
                 QString::fromStdString(withThousands(c.params)));
        QCOMPARE(shown->index(r, int(BudgetColumn::Rank)).data().toString(),
                 QString::number(r + 1));
    }
    QCOMPARE(view.summaryLabel()->text(), QString::fromStdString(budgetSummary(expected, quality)));
    // The sizing chapter's own sort key puts the smallest model first.
    view.rankingBox()->setCurrentIndex(1);
    view.search();
    QCOMPARE(view.tableView()->model()->index(0, int(BudgetColumn::Params)).data().toString(),
             QStringLiteral("468,258,816"));
}

void TestUiSolvers::budgetSortsByValue()
{
    ConfigModel model;
    loadCatalogs(model);
    BudgetModel budget(&model);
    BudgetView view(&budget);
    view.show();
    // "12,747,581,440" sorts below "2,079,133,696" as text; by value it is the largest.
    view.tableView()->sortByColumn(int(BudgetColumn::Params), Qt::DescendingOrder);
    QAbstractItemModel* shown = view.tableView()->model();
    QCOMPARE(shown->index(0, int(BudgetColumn::Params)).data().toString(),
             QStringLiteral("12,747,581,440"));
    double previous = shown->index(0, int(BudgetColumn::Params)).data(Qt::UserRole).toDouble();
    for (int r = 1; r < shown->rowCount(); ++r) {
        const double v = shown->index(r, int(BudgetColumn::Params)).data(Qt::UserRole).toDouble();
        QVERIFY(v <= previous);
        previous = v;
    }
    // A smaller budget leaves fewer candidates; the ranking changes the order.
    view.budgetEdit()->setText(QStringLiteral("1e20"));
    view.search();
    BudgetSearchOptions small;
    small.budget_flops = 1e20;
    QCOMPARE(view.tableModel()->rowCount(), int(searchBudget(small).candidates.size()));
    QVERIFY(view.tableModel()->rowCount() < 30);
}

void TestUiSolvers::budgetRefusesBadInput()
{
    ConfigModel model;
    loadCatalogs(model);
    BudgetModel budget(&model);
    BudgetView view(&budget);
    view.show();
    view.budgetEdit()->setText(QStringLiteral("lots"));
    view.search();
    QCOMPARE(view.tableModel()->rowCount(), 0);
    QCOMPARE(view.summaryLabel()->text(),
             QStringLiteral("budget: 'lots' is not a number (write e.g. 1e24)"));
    view.budgetEdit()->setText(QStringLiteral("1e24"));
    view.tokensEdit()->setText(QStringLiteral("1e12"));
    view.search();
    BudgetSearchOptions o;
    o.tokens = 1e12;
    QCOMPARE(view.tableModel()->rowCount(), int(searchBudget(o).candidates.size()));
}

void TestUiSolvers::budgetFollowsTheCurrentFamily()
{
    ConfigModel model;
    loadCatalogs(model);
    QVERIFY(model.selectPreset(QStringLiteral("llama-3-8b")));
    BudgetModel budget(&model);
    BudgetView view(&budget);
    view.show();
    view.familyBox()->setCurrentIndex(1);
    view.search();
    BudgetSearchOptions o;
    o.base = model.config();
    o.head_dim = 128;
    o.ranking = BudgetRanking::ChapterQuality;
    const BudgetSearchResult expected = searchBudget(o);
    QCOMPARE(view.tableModel()->rowCount(), int(expected.candidates.size()));
    QCOMPARE(view.tableModel()->result().candidates.front().params,
             expected.candidates.front().params);
    // GQA family: the heads column shows the KV heads.
    QVERIFY(view.tableView()
                ->model()
                ->index(0, int(BudgetColumn::Heads))
                .data()
                .toString()
                .contains(QLatin1Char('(')));
    QVERIFY(model.setKnob(Knob::Vocab, 32000));
    o.base = model.config();
    QCOMPARE(view.tableModel()->result().candidates.front().params,
             searchBudget(o).candidates.front().params);
}

void TestUiSolvers::fitAnswersTheExercise()
{
    ConfigModel model;
    loadCatalogs(model);
    QVERIFY(model.selectPreset(QStringLiteral("llama-2-7b")));
    FitModel fit(&model);
    FitSolverView view(&fit);
    view.show();
    QCOMPARE(view.gpuBox()->currentData().toString(), QStringLiteral("rtx-4090-24gb"));
    QCOMPARE(view.precisionBox()->currentData().toString(), QStringLiteral("int8"));
    const GpuSpec& gpu = model.gpuCatalog().at("rtx-4090-24gb");
    // The workload and the runtime overhead are the Overview's (the left panel's context and
    // batch, its KV precision and overhead profile).
    const std::string overhead = model.overhead().toStdString();
    QCOMPARE(overhead, std::string("transformers"));
    QCOMPARE(view.contextBox()->value(), static_cast<int>(model.context()));
    const FitBudget budget = fitBudgetFor(gpu, 1, "int8", "fp16", model.context(), 1, overhead);
    const FitResult expected = largestThatFits(model.config(), budget);
    QVERIFY(expected.found);
    // The overhead counts: without it a larger model would seem to fit.
    const FitResult bare =
        largestThatFits(model.config(), fitBudgetFor(gpu, 1, "int8", "fp16", model.context(), 1));
    QVERIFY(bare.best.params > expected.best.params);
    const QStringList lines = view.answerLines();
    QVERIFY(!lines.isEmpty());
    QCOMPARE(lines.front(), QStringLiteral("Largest that fits:\t") +
                                QString::fromStdString(countWithShort(expected.best.params)) +
                                QStringLiteral(" parameters"));
    QVERIFY(lines.join(QLatin1Char('\n'))
                .contains(QString::fromStdString(withThousands(expected.headroom_bytes))));
    // INT4 fits a larger model than INT8, which fits a larger one than FP16.
    QTableWidget* table = view.exerciseTable();
    QCOMPARE(table->rowCount(), 3);
    QCOMPARE(table->item(1, 1)->text(),
             QString::fromStdString(countWithShort(expected.best.params)));
    const FitResult int4 = largestThatFits(
        model.config(), fitBudgetFor(gpu, 1, "int4", "fp16", model.context(), 1, overhead));
    QCOMPARE(table->item(2, 1)->text(), QString::fromStdString(countWithShort(int4.best.params)));
    QVERIFY(int4.best.params > expected.best.params);
    // No KV cache: a larger model fits.
    view.contextBox()->setValue(0);
    const FitResult weightsOnly =
        largestThatFits(model.config(), fitBudgetFor(gpu, 1, "int8", "fp16", 0, 1, overhead));
    QVERIFY(weightsOnly.best.params > expected.best.params);
    QVERIFY(view.answerLines().front().contains(
        QString::fromStdString(countWithShort(weightsOnly.best.params))));
}

// A GQA family widens as designers do: head_dim and the queries per KV head stay the base's
// (Llama 3 8B: 128 and 4), never a prime head count forced to one KV head; the context follows
// the left panel.
void TestUiSolvers::fitKeepsTheFamilyShape()
{
    ConfigModel model;
    loadCatalogs(model);
    QVERIFY(model.selectPreset(QStringLiteral("llama-3-8b")));
    QVERIFY(model.setContext(16384));
    FitModel fit(&model);
    FitSolverView view(&fit);
    view.show();
    QCOMPARE(view.contextBox()->value(), 16384);
    QVERIFY(model.setContext(8192));
    QCOMPARE(view.contextBox()->value(), 8192);
    const GpuSpec& gpu = model.gpuCatalog().at("rtx-4090-24gb");
    for (const char* precision : {"fp16", "int8", "int4"}) {
        ShapeRules rules;
        rules.kv = KvScaling::KeepRatio;
        const FitResult r = largestThatFits(
            model.config(),
            fitBudgetFor(gpu, 1, precision, "fp16", 8192, 1, model.overhead().toStdString()), {},
            rules);
        QVERIFY(r.found);
        QCOMPARE(r.best.config.d_model / r.best.config.n_heads, std::uint64_t{128});
        QCOMPARE(r.best.config.n_heads / r.best.config.n_kv_heads, std::uint64_t{4});
        QCOMPARE(r.best.config.n_heads % r.best.config.n_kv_heads, std::uint64_t{0});
    }
    const QString shapes = [&] {
        QStringList cells;
        for (int row = 0; row < view.exerciseTable()->rowCount(); ++row) {
            cells << view.exerciseTable()->item(row, 2)->text();
        }
        return cells.join(QLatin1Char('\n'));
    }();
    QVERIFY2(!shapes.contains(QStringLiteral("(1 KV)")), qPrintable(shapes));
}

LLMSIZER_TEST_MAIN(TestUiSolvers)
#include "tst_ui_solvers.moc"
