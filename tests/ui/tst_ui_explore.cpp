// The depth-vs-width explorer on the offscreen platform: dragging the layers slider sets d_model
// to the core's solveWidth result (and the width slider the depth to solveDepth), the error shown
// is the solution's, the curve and the metrics are the core's, and edits elsewhere re-base the
// family while loading another model resets the target.
#include "llmsizer/model/count.h"
#include "llmsizer/present/explore_view.h"
#include "llmsizer/shape/explore.h"
#include "support/test_main.h"
#include "ui/charts/isocurvechart.h"
#include "ui/charts/isometricschart.h"
#include "ui/kit/knobrow.h"
#include "ui/kit/presentation.h"
#include "ui/state/configmodel.h"
#include "ui/state/exploremodel.h"
#include "ui/state/startup.h"
#include "ui/teach/explorerview.h"
#include "ui/teach/scalinginsight.h"

#include <QCheckBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <memory>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

struct Fixture {
    ConfigModel model;
    std::unique_ptr<ExploreModel> explore;
    std::unique_ptr<ExplorerView> view;

    explicit Fixture(const QString& preset)
    {
        loadCatalogs(model);
        if (!model.selectPreset(preset)) {
            qFatal("unknown preset %s", qPrintable(preset));
        }
        explore = std::make_unique<ExploreModel>(&model);
        view = std::make_unique<ExplorerView>(explore.get());
        view->resize(1200, 900);
        view->show();
    }
    ModelConfig presetConfig() const { return model.findPreset(model.presetId())->config; }
    std::uint64_t presetTotal() const { return countParameters(presetConfig()).total; }
};

} // namespace

class TestUiExplore : public QObject {
    Q_OBJECT
private slots:
    void defaultsToThePresetsTotal();
    void dragLayersSolvesWidth_data();
    void dragLayersSolvesWidth();
    void dragWidthSolvesDepth();
    void unlockedKeepsTheOtherDimension();
    void curveAndMetricsAreTheCores();
    void editsElsewhereRebaseTheFamily();
    void exactKvChangesTheSteps();
    void insightShowsMeasuredRatios();
    void aFamilyDrawnBeforeIsReused();
    void axesSettleOnTheDatasOwnRanges();
    void presentationOnAndOffGivesTheSameLayout();
};

void TestUiExplore::defaultsToThePresetsTotal()
{
    Fixture f(QStringLiteral("llama-2-7b"));
    QVERIFY(f.explore->isActive());
    QCOMPARE(f.explore->target(), std::uint64_t{6'738'415'616});
    QVERIFY(f.view->targetLabel()->text().startsWith(QStringLiteral("6,738,415,616")));
    QCOMPARE(f.view->errorLabel()->text(), QStringLiteral("0 (0%)"));
    QCOMPARE(f.view->layersRow()->sliderValue(), std::uint64_t{32});
    QCOMPARE(f.view->widthRow()->sliderValue(), std::uint64_t{4096});
}

void TestUiExplore::dragLayersSolvesWidth_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("steps"); // slider steps to the right (negative: left)
    QTest::newRow("Llama 2 7B, deeper") << QStringLiteral("llama-2-7b") << 8;
    QTest::newRow("Llama 2 7B, shallower") << QStringLiteral("llama-2-7b") << -16;
    QTest::newRow("Llama 3 70B, GQA, deeper") << QStringLiteral("llama-3-70b") << 20;
    QTest::newRow("GPT-2 small, biases and tied head") << QStringLiteral("gpt-2-small") << 12;
}

void TestUiExplore::dragLayersSolvesWidth()
{
    QFETCH(QString, preset);
    QFETCH(int, steps);
    Fixture f(preset);
    const ModelConfig base = f.presetConfig();
    const std::uint64_t target = f.presetTotal();
    QSlider* slider = f.view->layersRow()->slider();
    const auto action =
        steps > 0 ? QAbstractSlider::SliderSingleStepAdd : QAbstractSlider::SliderSingleStepSub;
    bool movedWidth = false;
    for (int i = 0; i < std::abs(steps); ++i) {
        QSignalSpy configSpy(&f.model, &ConfigModel::changed);
        QSignalSpy exploreSpy(f.explore.get(), &ExploreModel::changed);
        const std::uint64_t before = f.model.config().d_model;
        slider->triggerAction(action);
        const std::uint64_t layers = f.view->layersRow()->sliderValue();
        const IsoSolution expected = solveWidth(base, target, layers);
        QCOMPARE(f.model.config(), expected.config);
        QCOMPARE(f.model.config().n_layers, layers);
        QCOMPARE(f.view->widthRow()->spinBox()->value(), int(expected.config.d_model));
        QCOMPARE(f.explore->solution().abs_error, expected.abs_error);
        QCOMPARE(f.explore->solution().above, expected.above);
        QCOMPARE(f.view->errorLabel()->text(), qs(isoErrorText(expected)));
        QCOMPARE(f.view->curveChart()->currentPoint(),
                 QPointF(double(layers), double(expected.config.d_model)));
        QCOMPARE(f.view->metricsChart()->markerX(), double(layers));
        // One step, one recomputation: the family is kept while dragging.
        QCOMPARE(exploreSpy.size(), 1);
        QCOMPARE(configSpy.size(), 1);
        movedWidth = movedWidth || expected.config.d_model != before;
    }
    QVERIFY(movedWidth);
    QCOMPARE(f.explore->target(), target); // the lock holds
    QCOMPARE(f.explore->base(), base);
}

void TestUiExplore::dragWidthSolvesDepth()
{
    Fixture f(QStringLiteral("llama-3-70b"));
    const ModelConfig base = f.presetConfig();
    const std::uint64_t target = f.presetTotal();
    QSlider* slider = f.view->widthRow()->slider();
    for (int i = 0; i < 6; ++i) {
        slider->triggerAction(QAbstractSlider::SliderSingleStepSub);
        const std::uint64_t width = f.view->widthRow()->sliderValue();
        const IsoSolution expected = solveDepth(base, target, width);
        QCOMPARE(f.model.config(), expected.config);
        QCOMPARE(f.view->layersRow()->spinBox()->value(), int(expected.config.n_layers));
        QCOMPARE(f.view->errorLabel()->text(), qs(isoErrorText(expected)));
    }
    // Narrower at the same total means deeper.
    QVERIFY(f.model.config().n_layers > base.n_layers);
}

void TestUiExplore::unlockedKeepsTheOtherDimension()
{
    Fixture f(QStringLiteral("llama-2-7b"));
    f.view->lockBox()->setChecked(false);
    QVERIFY(!f.explore->locked());
    f.view->layersRow()->slider()->triggerAction(QAbstractSlider::SliderSingleStepAdd);
    QCOMPARE(f.model.config().n_layers, std::uint64_t{33});
    QCOMPARE(f.model.config().d_model, std::uint64_t{4096});
    const IsoSolution distance = isoDistance(f.model.config(), f.presetTotal());
    QVERIFY(distance.above);
    QCOMPARE(f.view->errorLabel()->text(), qs(isoErrorText(distance)));
    QVERIFY(f.view->errorLabel()->text().startsWith(QLatin1Char('+')));
}

void TestUiExplore::curveAndMetricsAreTheCores()
{
    Fixture f(QStringLiteral("llama-2-7b"));
    const ModelConfig base = f.presetConfig();
    const IsoRange range = isoRange(base, base.n_layers);
    const std::vector<IsoPoint> curve =
        isoCurve(base, f.presetTotal(), range.layers_from, range.layers_to, range.step, {}, 4096);
    const QList<QPointF> shown = f.view->curveChart()->curvePoints();
    QCOMPARE(std::size_t(shown.size()), curve.size());
    for (std::size_t i = 0; i < curve.size(); ++i) {
        QCOMPARE(shown[qsizetype(i)], QPointF(double(curve[i].solution.config.n_layers),
                                              double(curve[i].solution.config.d_model)));
    }
    QCOMPARE(f.view->curveChart()->basePoint(), QPointF(32, 4096));
    const QPointF y = f.view->curveChart()->yRange();
    QVERIFY(y.x() <= double(curve.back().solution.config.d_model));
    QVERIFY(y.y() >= double(curve.front().solution.config.d_model));
    QVERIFY(f.view->curveChart()->title().contains(QStringLiteral("6.7B")));

    // After a drag the table shows the core's rows for the new shape.
    f.view->layersRow()->slider()->triggerAction(QAbstractSlider::SliderPageStepAdd);
    const std::vector<IsoMetricRow> rows =
        isoMetricRows(shapeMetrics(f.model.config(), 4096), shapeMetrics(base, 4096));
    QTableWidget* table = f.view->metricsTable();
    QCOMPARE(std::size_t(table->rowCount()), rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r) {
        QCOMPARE(table->item(int(r), 0)->text(), qs(rows[r].label));
        QCOMPARE(table->item(int(r), 1)->text(), qs(rows[r].value));
        QCOMPARE(table->item(int(r), 2)->text(), qs(rows[r].reference));
        QCOMPARE(table->item(int(r), 3)->text(), qs(rows[r].ratio));
    }
    QVERIFY(table->item(1, 3)->text() != QStringLiteral("×1")); // deeper: more KV per token
    const std::vector<IsoMetricSeries> series = isoMetricSeries(curve, shapeMetrics(base, 4096));
    QCOMPARE(f.view->metricsChart()->seriesNames().size(), qsizetype(series.size()));
    const QList<QPointF> kv = f.view->metricsChart()->seriesPoints(1);
    QCOMPARE(std::size_t(kv.size()), series[1].ratio.size());
    QCOMPARE(kv.back().y(), series[1].ratio.back());
}

void TestUiExplore::editsElsewhereRebaseTheFamily()
{
    Fixture f(QStringLiteral("llama-2-7b"));
    const std::uint64_t target = f.presetTotal();
    // Another vocabulary is another family; the lock keeps its target.
    QVERIFY(f.model.setKnob(Knob::Vocab, 65536));
    QCOMPARE(f.explore->base(), f.model.config());
    QCOMPARE(f.explore->target(), target);
    QCOMPARE(f.explore->solution().total, countParameters(f.model.config()).total);
    f.view->layersRow()->slider()->triggerAction(QAbstractSlider::SliderSingleStepAdd);
    QCOMPARE(f.model.config(), solveWidth(f.explore->base(), target, 33).config);
    QCOMPARE(f.model.config().vocab_size, std::uint64_t{65536});
    // Loading another model locks its own total.
    QVERIFY(f.model.selectPreset(QStringLiteral("gpt-2-small")));
    QCOMPARE(f.explore->target(), std::uint64_t{124'439'808});
    QCOMPARE(f.view->layersRow()->sliderValue(), std::uint64_t{12});
    // "Use current" locks the current total.
    QVERIFY(f.model.setKnob(Knob::Layers, 24));
    f.explore->lockCurrentTotal();
    QCOMPARE(f.explore->target(), countParameters(f.model.config()).total);
    QCOMPARE(f.view->errorLabel()->text(), QStringLiteral("0 (0%)"));
}

void TestUiExplore::exactKvChangesTheSteps()
{
    Fixture f(QStringLiteral("llama-3-8b"));
    const std::vector<std::uint64_t> before = f.explore->widthSteps();
    QVERIFY(before.size() >= 2);
    // The default rule keeps 32 / 8 = 4 query heads per KV head of 128: steps of 512; the view
    // says so.
    QCOMPARE(before[1] - before[0], std::uint64_t{512});
    auto* rule = f.view->findChild<QLabel*>(QStringLiteral("widthRule"));
    QVERIFY(rule != nullptr);
    QVERIFY2(rule->text().contains(QStringLiteral("4 query heads per KV head")),
             qPrintable(rule->text()));
    QSignalSpy family(f.explore.get(), &ExploreModel::familyChanged);
    f.explore->setExactKv(true);
    QCOMPARE(family.size(), 1);
    const std::vector<std::uint64_t>& after = f.explore->widthSteps();
    QVERIFY(after.size() >= 2);
    QCOMPARE(after[1] - after[0], std::uint64_t{1024});
    QVERIFY2(rule->text().contains(QStringLiteral("exactly 8 KV heads")), qPrintable(rule->text()));
    f.view->layersRow()->slider()->triggerAction(QAbstractSlider::SliderSingleStepAdd);
    ShapeRules rules;
    rules.kv = KvScaling::KeepCountExact;
    QCOMPARE(f.model.config(), solveWidth(f.presetConfig(), f.presetTotal(), 33, rules).config);
    QCOMPARE(f.model.config().n_kv_heads, std::uint64_t{8});
}

void TestUiExplore::insightShowsMeasuredRatios()
{
    Fixture f(QStringLiteral("llama-2-7b"));
    const ScalingRatios r = scalingRatios(f.presetConfig());
    QVERIFY(f.view->insight()->summary().contains(qs(r.summary).toHtmlEscaped()));
    QVERIFY(f.view->insight()->summary().contains(QStringLiteral("×2 layers → ×2 blocks")));
    QTableWidget* table = f.view->insight()->table();
    const std::vector<ScalingRow> rows = scalingRows(r);
    QCOMPARE(std::size_t(table->rowCount()), rows.size());
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("×2"));
    QCOMPARE(table->item(0, 2)->text(), qs(rows[0].wider));
    QCOMPARE(table->item(2, 2)->text(), QStringLiteral("×4")); // the MLP: exactly 4
}

// KV heads 8 → 16 → 8 → 16 on Llama 3 8B: each KV count is a family of its own (another base);
// coming back to one drawn two steps ago reuses it, and it is the family the core draws for
// that base.
void TestUiExplore::aFamilyDrawnBeforeIsReused()
{
    Fixture f(QStringLiteral("llama-3-8b"));
    const std::uint64_t target = f.presetTotal();
    QVERIFY(f.model.setKnob(Knob::KvHeads, 16));
    const FamilyCurve* sixteen = f.explore->snapshot().family.get();
    QVERIFY(f.model.setKnob(Knob::KvHeads, 8));
    const FamilyCurve* eight = f.explore->snapshot().family.get();
    QVERIFY(eight != sixteen);
    QVERIFY(f.model.setKnob(Knob::KvHeads, 16));
    QCOMPARE(f.explore->snapshot().family.get(), sixteen);
    QCOMPARE(f.explore->base().n_kv_heads, std::uint64_t{16});

    const ModelConfig base = f.explore->base();
    const IsoRange range = isoRange(base, base.n_layers);
    const std::vector<IsoPoint> curve =
        isoCurve(base, target, range.layers_from, range.layers_to, range.step, {}, 4096);
    QCOMPARE(f.explore->curve().size(), curve.size());
    for (std::size_t i = 0; i < curve.size(); ++i) {
        QCOMPARE(f.explore->curve()[i].solution.config, curve[i].solution.config);
    }
    // Each KV head of 128 in each of the 32 layers is K and V of d_model 4,096: 16 KV heads hold
    // 8 × 2 × 4,096 × 128 × 32 = 268,435,456 more than the base's 8.
    QCOMPARE(f.explore->solution().total, target + 268'435'456);
}

// KV heads 8 → 1 → 8 on Llama 3 70B: the KV-per-token ratio of one KV head's family reaches
// about 4 (the metrics chart's axis goes to 4), and coming back its axes may stay as they were
// while the slider moves; once it rests they are the data's own again, the ones a fresh explorer
// shows for the same shape.
void TestUiExplore::axesSettleOnTheDatasOwnRanges()
{
    Fixture f(QStringLiteral("llama-3-70b"));
    const QPointF metricsY = f.view->metricsChart()->yRange();
    const QPointF curveY = f.view->curveChart()->yRange();
    QVERIFY(f.model.setKnob(Knob::KvHeads, 1));
    QVERIFY(f.view->metricsChart()->yRange().y() >= 3.9);
    QVERIFY(f.model.setKnob(Knob::KvHeads, 8));
    const QPointF during = f.view->metricsChart()->yRange();
    QVERIFY(during.x() == 0 && during.y() >= metricsY.y()); // the data still inside
    QTRY_COMPARE_WITH_TIMEOUT(f.view->metricsChart()->yRange(), metricsY, 3000);
    QTRY_COMPARE_WITH_TIMEOUT(f.view->curveChart()->yRange(), curveY, 3000);
    Fixture fresh(QStringLiteral("llama-3-70b"));
    QCOMPARE(fresh.view->metricsChart()->yRange(), metricsY);
}

// F5 on and off: the explorer is laid out as it was. A chart view prefers the size it last had,
// so the charts that presentation mode made taller stayed that tall and pushed the tables below
// the fold.
void TestUiExplore::presentationOnAndOffGivesTheSameLayout()
{
    Fixture f(QStringLiteral("llama-3-70b"));
    f.view->resize(1000, 700);
    QWidget* content = f.view->curveChart()->parentWidget()->parentWidget();
    QTest::qWait(300); // laid out, its scroll bar shown
    const QSize curve = f.view->curveChart()->size();
    const QSize metrics = f.view->metricsChart()->size();
    const QSize whole = content->size();
    Presentation::instance()->setOn(true);
    QTRY_VERIFY(f.view->curveChart()->height() > curve.height());
    Presentation::instance()->setOn(false);
    QTRY_COMPARE(f.view->curveChart()->size(), curve);
    QTRY_COMPARE(f.view->metricsChart()->size(), metrics);
    QTRY_COMPARE(content->size(), whole);
}

LLMSIZER_TEST_MAIN(TestUiExplore)
#include "tst_ui_explore.moc"
