// What each edit of the app's state says it changed: one changed() per accepted edit, carrying
// exactly the parts it touched, so that a view that does not depend on them does no work. The
// expected flags are the contract written out by hand for each kind of edit.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/formats/checkpoint.h"
#include "support/test_main.h"
#include "ui/state/configmodel.h"
#include "ui/state/exploremodel.h"
#include "ui/state/startup.h"

#include <QSignalSpy>
#include <QTest>

using namespace llmsizer;
using llmsizer::ui::ConfigModel;
using Change = ConfigModel::Change;
using Changes = ConfigModel::Changes;

namespace {

enum class Edit {
    Layers,
    Context,
    Batch,
    Units,
    KvPrecision,
    Gpus,
    Catalog,
    Preset,
    File,
    Reset,
    CheckpointWithConfig,
    CheckpointWithout,
};

// Applies one edit to a model holding gpt-2-small with its layers changed to 24.
bool apply(ConfigModel& model, Edit edit)
{
    switch (edit) {
    case Edit::Layers:
        return model.setKnob(Knob::Layers, 12);
    case Edit::Context:
        return model.setContext(512);
    case Edit::Batch:
        return model.setBatch(4);
    case Edit::Units:
        model.setUnits(ByteUnits::Binary);
        return true;
    case Edit::KvPrecision:
        return model.setKvPrecision(QStringLiteral("fp8"));
    case Edit::Gpus:
        model.setGpus({QStringLiteral("h100-sxm-80gb:8")});
        return true;
    case Edit::Catalog:
        model.setGpuCatalog(model.gpuCatalog());
        return true;
    case Edit::Preset:
        return model.selectPreset(QStringLiteral("llama-3-8b"));
    case Edit::File:
        return model.loadConfig(model.baseConfig(), QStringLiteral("config.json"));
    case Edit::Reset:
        model.resetToBase();
        return true;
    case Edit::CheckpointWithConfig: {
        Checkpoint c;
        c.inferred = model.baseConfig();
        return model.loadCheckpoint(c, QStringLiteral("model.safetensors"));
    }
    case Edit::CheckpointWithout:
        return model.loadCheckpoint(Checkpoint{}, QStringLiteral("model.safetensors"));
    }
    return false;
}

} // namespace

class TestUiChanges : public QObject {
    Q_OBJECT
private slots:
    void eachEditSaysWhatItChanged_data();
    void eachEditSaysWhatItChanged();
    void refusedEditSaysNothing();
    void explorerIgnoresDisplayOptions();
};

void TestUiChanges::eachEditSaysWhatItChanged_data()
{
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<Changes>("expected");
    const Changes load = Change::Configuration | Change::Workload | Change::ModelLoaded;
    QTest::newRow("layers") << Edit::Layers << Changes(Change::Configuration);
    QTest::newRow("context") << Edit::Context << Changes(Change::Workload);
    QTest::newRow("batch") << Edit::Batch << Changes(Change::Workload);
    QTest::newRow("units") << Edit::Units << Changes(Change::Display);
    QTest::newRow("kv precision") << Edit::KvPrecision << Changes(Change::Display);
    QTest::newRow("gpus") << Edit::Gpus << Changes(Change::Display);
    QTest::newRow("catalog") << Edit::Catalog << Changes(Change::Catalog);
    // A load replaces the configuration and its context (the model's own context length).
    QTest::newRow("preset") << Edit::Preset << load;
    QTest::newRow("file") << Edit::File << load;
    QTest::newRow("reset") << Edit::Reset << Changes(Change::Configuration);
    QTest::newRow("checkpoint with a configuration")
        << Edit::CheckpointWithConfig << (load | Change::Checkpoint);
    // Tensors alone (no config.json): the pie shows them; the configuration stays.
    QTest::newRow("checkpoint without") << Edit::CheckpointWithout << Changes(Change::Checkpoint);
}

void TestUiChanges::eachEditSaysWhatItChanged()
{
    QFETCH(Edit, edit);
    QFETCH(Changes, expected);
    ConfigModel model;
    ui::loadCatalogs(model);
    QVERIFY(model.selectPreset(QStringLiteral("gpt-2-small")));
    QVERIFY(model.setKnob(Knob::Layers, 24));
    QSignalSpy changed(&model, &ConfigModel::changed);
    const int before = model.recomputeCount();
    QVERIFY(apply(model, edit));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.at(0).at(0).value<Changes>(), expected);
    // Tensors alone change no number of the estimate; every other edit recomputes once.
    QCOMPARE(model.recomputeCount(), before + (edit == Edit::CheckpointWithout ? 0 : 1));
}

void TestUiChanges::refusedEditSaysNothing()
{
    ConfigModel model;
    ui::loadCatalogs(model);
    QVERIFY(model.selectPreset(QStringLiteral("gpt-2-small")));
    QSignalSpy changed(&model, &ConfigModel::changed);
    QVERIFY(!model.setKnob(Knob::Heads, 7)); // 768 is not a multiple of 7
    QVERIFY(!model.setContext(0));
    QVERIFY(!model.setKvPrecision(QStringLiteral("no-such-precision")));
    QVERIFY(!model.selectPreset(QStringLiteral("no-such-preset")));
    QCOMPARE(changed.size(), 0);
}

void TestUiChanges::explorerIgnoresDisplayOptions()
{
    ConfigModel model;
    ui::loadCatalogs(model);
    QVERIFY(model.selectPreset(QStringLiteral("llama-3-8b")));
    ui::ExploreModel explore(&model);
    explore.setActive(true);
    const int before = explore.recomputeCount();
    model.setUnits(ByteUnits::Binary);
    model.setGpus({QStringLiteral("rtx-4090-24gb")});
    QVERIFY(model.setKvPrecision(QStringLiteral("fp8")));
    QCOMPARE(explore.recomputeCount(), before);
    // The context is part of the explorer's metrics: it follows.
    QVERIFY(model.setContext(2048));
    QVERIFY(explore.recomputeCount() > before);
}

LLMSIZER_TEST_MAIN(TestUiChanges)
#include "tst_ui_changes.moc"
