// Count once per edit: whatever the user does and whichever view is open, the app counts each
// configuration at most once for that edit and passes the count down to the memory bars, the
// verdicts, the summary and the teaching views. The core's count hook records every
// configuration countParameters is asked about.
#include "llmsizer/model/count.h"
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/compare/comparewindow.h"
#include "ui/kit/knobrow.h"
#include "ui/kit/presentation.h"
#include "ui/overview/configpanel.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/comparisonmodel.h"

#include <QSlider>
#include <QTest>
#include <algorithm>
#include <vector>

using namespace llmsizer;
using llmsizer::test::WindowFixture;

namespace {

std::vector<ModelConfig>* g_counted = nullptr;

void record(const ModelConfig& c)
{
    if (g_counted != nullptr) {
        g_counted->push_back(c);
    }
}

// Every configuration counted while `action` runs (and the events it posts are processed).
template <typename F> std::vector<ModelConfig> countedDuring(F&& action)
{
    std::vector<ModelConfig> counted;
    g_counted = &counted;
    action();
    QCoreApplication::processEvents();
    g_counted = nullptr;
    return counted;
}

int timesCounted(const std::vector<ModelConfig>& counted, const ModelConfig& c)
{
    return static_cast<int>(std::count(counted.begin(), counted.end(), c));
}

// The most times any one configuration was counted.
int mostCounts(const std::vector<ModelConfig>& counted)
{
    int most = 0;
    for (const ModelConfig& c : counted) {
        most = std::max(most, timesCounted(counted, c));
    }
    return most;
}

} // namespace

class TestUiCountOnce : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setCountObserver(&record); }
    void cleanupTestCase() { setCountObserver(nullptr); }
    void sliderStepCountsOnce_data();
    void sliderStepCountsOnce();
    void optionsCountOnce();
    void presetSwitchCountsOnce();
    void compareWindowCountsEachModelOnce();
};

void TestUiCountOnce::sliderStepCountsOnce_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("preset");
    for (const char* view : {"overview", "explorer", "math", "budget", "fit"}) {
        for (const char* preset : {"llama-3-70b", "deepseek-v3"}) {
            QTest::addRow("%s %s", view, preset)
                << QString::fromLatin1(view) << QString::fromLatin1(preset);
        }
    }
}

// One step of the d_model and the layers slider, with each tab shown: the edited configuration
// is counted exactly once, and no configuration twice.
void TestUiCountOnce::sliderStepCountsOnce()
{
    QFETCH(QString, view);
    QFETCH(QString, preset);
    WindowFixture f(preset);
    // GGUF bars and eight GPUs: the verdicts search GPU counts, the GGUF bars map tensors.
    f.model->setExtraPrecisions({QStringLiteral("gguf_q4_k_m")});
    f.model->setGpus({QStringLiteral("h100-sxm-80gb:8")});
    QVERIFY(f.window->views()->showView(view));
    QCoreApplication::processEvents();
    for (Knob knob : {Knob::DModel, Knob::Layers}) {
        QSlider* slider = f.window->configPanel()->row(knob)->slider();
        const auto counted = countedDuring([&] { slider->setValue(slider->value() + 1); });
        qInfo("knob %d: %zu counts", static_cast<int>(knob), counted.size());
        QCOMPARE(timesCounted(counted, f.model->config()), 1);
        QCOMPARE(mostCounts(counted), 1);
    }
}

// Changing what the bars show (precision, GPUs, KV precision, training) recounts nothing: the
// configuration did not change.
void TestUiCountOnce::optionsCountOnce()
{
    WindowFixture f(QStringLiteral("llama-3-70b"));
    const auto precision = countedDuring([&] { f.model->setPrecision(QStringLiteral("int4")); });
    QVERIFY(timesCounted(precision, f.model->config()) <= 1);
    const auto gpus = countedDuring([&] { f.model->setGpus({QStringLiteral("a100-sxm-80gb:4")}); });
    QVERIFY(timesCounted(gpus, f.model->config()) <= 1);
    const auto training = countedDuring([&] { f.model->setTraining(true); });
    QVERIFY(timesCounted(training, f.model->config()) <= 1);
    QCOMPARE(mostCounts(training), 1);
}

// Switching from the smallest to the largest model counts the new model once.
void TestUiCountOnce::presetSwitchCountsOnce()
{
    WindowFixture f(QStringLiteral("gpt-2-small"));
    const auto counted =
        countedDuring([&] { f.model->selectPreset(QStringLiteral("deepseek-v3")); });
    QCOMPARE(timesCounted(counted, f.model->config()), 1);
    QCOMPARE(mostCounts(counted), 1);
}

// With the Compare window open on four models, a step of the main window's slider counts the
// edited model once and none of the compared ones (they did not change).
void TestUiCountOnce::compareWindowCountsEachModelOnce()
{
    WindowFixture f(QStringLiteral("llama-3-70b"));
    ui::ComparisonModel* comparison = f.window->comparison();
    comparison->clear();
    std::vector<ModelConfig> compared;
    for (const char* id : {"llama-3-8b", "llama-3-70b", "mixtral-8x22b", "deepseek-v3"}) {
        comparison->addPreset(QString::fromLatin1(id));
        compared.push_back(f.model->findPreset(QString::fromLatin1(id))->config);
    }
    f.window->compareWindow()->present();
    QCoreApplication::processEvents();
    QSlider* slider = f.window->configPanel()->row(Knob::DModel)->slider();
    const auto counted = countedDuring([&] { slider->setValue(slider->value() + 1); });
    QCOMPARE(timesCounted(counted, f.model->config()), 1);
    QCOMPARE(mostCounts(counted), 1);
    for (const ModelConfig& c : compared) {
        QCOMPARE(timesCounted(counted, c), c == f.model->config() ? 1 : 0);
    }
    // Replacing one model counts the new one once; the three that stay are not recounted.
    QVERIFY(comparison->remove(0));
    const auto added = countedDuring([&] { comparison->addPreset(QStringLiteral("gpt-2-small")); });
    qInfo("add: %zu counts", added.size());
    for (std::size_t i = 1; i < compared.size(); ++i) {
        QCOMPARE(timesCounted(added, compared[i]), 0);
    }
    QCOMPARE(mostCounts(added), 1);
}

LLMSIZER_TEST_MAIN(TestUiCountOnce)
#include "tst_ui_count_once.moc"
