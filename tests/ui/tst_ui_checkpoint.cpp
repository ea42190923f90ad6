// Opening checkpoints in the desktop app: a safetensors directory with config.json sets the
// configuration and the pie shows the checkpoint's own components until the configuration is
// edited; the checkpoint-versus-estimate dialog; a malformed checkpoint leaves everything as it
// was.
#include "llmsizer/formats/open_file.h"
#include "llmsizer/present/checkpoint_view.h"
#include "support/gguf_models.h"
#include "support/model_tensors.h"
#include "support/safetensors_writer.h"
#include "support/test_main.h"
#include "ui/shell/checkpointdialog.h"
#include "ui/shell/mainwindow.h"
#include "ui/state/configmodel.h"
#include "ui/state/settings.h"
#include "ui/state/startup.h"

#include <QLabel>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <fstream>

using namespace llmsizer;
using namespace llmsizer::ui;
using namespace testsupport;
namespace fs = std::filesystem;

namespace {

const fs::path kReference = LLMSIZER_TEST_REFERENCE_DIR;

// Llama-2-7B with one extra (unmapped) tensor, so the checkpoint and the estimate differ.
fs::path writeLlama2(const fs::path& dir)
{
    fs::create_directories(dir);
    std::vector<StTensor> t = llamaTensors(llama2_7b());
    t.push_back({"model.vision_tower.patch_embed.weight", "F16", {1024, 588}});
    writeSafetensors((dir / "model.safetensors").string(), t);
    fs::copy_file(kReference / "hf-configs/llama-2-7b/config.json", dir / "config.json",
                  fs::copy_options::overwrite_existing);
    return dir;
}

std::uint64_t sliceParams(const std::vector<Slice>& slices, const std::string& key)
{
    for (const Slice& s : slices) {
        if (s.key == key) {
            return s.params;
        }
    }
    return 0;
}

} // namespace

class TestUiCheckpoint : public QObject {
    Q_OBJECT
private slots:
    void checkpointFilesAreRecognised()
    {
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        QVERIFY(looksLikeCheckpoint(root));
        QVERIFY(looksLikeCheckpoint(root / "x.safetensors"));
        QVERIFY(looksLikeCheckpoint(root / "model.safetensors.index.json"));
        QVERIFY(looksLikeCheckpoint(root / "m.GGUF"));
        QVERIFY(!looksLikeCheckpoint(root / "config.json"));
    }

    void openingADirectorySetsConfigurationAndPie()
    {
        QTemporaryDir tmp;
        const fs::path dir = writeLlama2(fs::path(tmp.path().toStdString()) / "llama2-ckpt");
        Settings settings(tmp.filePath(QStringLiteral("s.ini")));
        ConfigModel model;
        loadCatalogs(model);
        QVERIFY(model.selectPreset(QStringLiteral("gpt-2-small")));
        MainWindow window(&model, &settings);
        window.setPersistent(false);
        QSignalSpy changed(&model, &ConfigModel::changed);

        QCOMPARE(window.loadFile(QString::fromStdString(dir.string())), QString());
        QCOMPARE(changed.count(), 1);
        const Checkpoint c = inspectCheckpoint(dir);
        QVERIFY(c.inferred.has_value());
        QCOMPARE(model.config(), *c.inferred);
        QCOMPARE(model.modelName(), QStringLiteral("llama2-ckpt"));
        QVERIFY(model.checkpoint() != nullptr);
        QVERIFY(model.showsCheckpoint());

        // The pie's slices are the checkpoint's components, plus its unmapped tensor.
        const std::vector<Slice>& slices = model.slices();
        QCOMPARE(sliceParams(slices, "attention"), c.component(Component::Attention).params);
        QCOMPARE(sliceParams(slices, "mlp"), c.component(Component::Mlp).params);
        QCOMPARE(sliceParams(slices, "embedding"), c.component(Component::Embedding).params);
        QCOMPARE(sliceParams(slices, "lm_head"), c.component(Component::LmHead).params);
        QCOMPARE(sliceParams(slices, "unmapped"), quint64(602'112));
        std::uint64_t sum = 0;
        for (const Slice& s : slices) {
            sum += s.params;
        }
        QCOMPARE(sum, c.total_params);
        QCOMPARE(model.slicesTotal(), c.total_params);
        QVERIFY(model.slicesTotal() != model.count().total);
        QVERIFY(window.checkpointBar()->label()->text().contains(QStringLiteral("llama2-ckpt")));
        QVERIFY(window.checkpointBar()->action()->isEnabled());

        // The dialog: one row per component, the extra tensor flagged as a difference.
        CheckpointDialog* dialog = window.checkpointBar()->showDialog();
        QVERIFY(dialog != nullptr);
        QTableWidget* rows = dialog->components();
        const int last = rows->rowCount() - 1;
        QCOMPARE(rows->item(last, 0)->text(), QStringLiteral("Total"));
        QCOMPARE(rows->item(last, 3)->text(), QStringLiteral("+602,112"));
        QCOMPARE(rows->item(last - 1, 0)->text(), QStringLiteral("Unmapped tensors"));
        QCOMPARE(rows->item(0, 3)->text(), QStringLiteral("0")); // the embedding matches
        bool dtypeListed = false;
        for (int r = 0; r < dialog->facts()->rowCount(); ++r) {
            dtypeListed |= dialog->facts()->item(r, 0)->text().trimmed() == QStringLiteral("F16");
        }
        QVERIFY(dtypeListed);

        // An edit goes back to the count of the configuration; undoing it shows the checkpoint
        // again.
        const ModelConfig loaded = model.config();
        QVERIFY(model.setKnob(Knob::Layers, 16));
        QVERIFY(!model.showsCheckpoint());
        QCOMPARE(model.slicesTotal(), model.count().total);
        QVERIFY(window.checkpointBar()->label()->text().contains(
            QStringLiteral("counted from the edited configuration")));
        QVERIFY(model.setConfig(loaded));
        QVERIFY(model.showsCheckpoint());

        // A preset drops the checkpoint.
        QVERIFY(model.selectPreset(QStringLiteral("gpt-2-small")));
        QVERIFY(model.checkpoint() == nullptr);
        QVERIFY(!window.checkpointBar()->action()->isEnabled());
        // GPT-2 small is counted exactly from its configuration: not an estimate.
        QCOMPARE(window.checkpointBar()->label()->text(),
                 QStringLiteral("Parameter breakdown: counted from the configuration"));
        // A model type counted from its size fields only is an estimate, and says so.
        ModelConfig unknown = model.config();
        unknown.estimate = "model type 'acme' is not known; counted as a standard decoder from "
                           "its size fields";
        QVERIFY(model.setConfig(unknown));
        QCOMPARE(window.checkpointBar()->label()->text(),
                 QStringLiteral("Parameter breakdown: estimate from the configuration"));
    }

    void splitGguf_data()
    {
        QTest::addColumn<int>("removed"); // the split not written (0-based), or -1
        QTest::addColumn<QString>("files");
        QTest::addColumn<bool>("partial");
        QTest::newRow("whole set") << -1
                                   << QStringLiteral("3 files in DIR: m-00001-of-00003.gguf, "
                                                     "m-00002-of-00003.gguf, "
                                                     "m-00003-of-00003.gguf")
                                   << false;
        QTest::newRow("one split missing")
            << 1 << QStringLiteral("2 files in DIR: m-00001-of-00003.gguf, m-00003-of-00003.gguf")
            << true;
    }
    void splitGguf()
    {
        QFETCH(int, removed);
        QFETCH(QString, files);
        QFETCH(bool, partial);
        QTemporaryDir tmp;
        const std::vector<GgufWriter> parts = llama2Q4KM().splitInto(3);
        for (int i = 0; i < 3; ++i) {
            if (i != removed) {
                parts[static_cast<std::size_t>(i)].write(
                    tmp.filePath(QStringLiteral("m-0000%1-of-00003.gguf").arg(i + 1))
                        .toStdString());
            }
        }
        ConfigModel model;
        Settings settings(tmp.filePath(QStringLiteral("settings.ini")));
        MainWindow window(&model, &settings);
        window.setPersistent(false);
        QCOMPARE(window.loadFile(tmp.path()), QString());
        QVERIFY(model.showsCheckpoint());
        // Llama-2-7B: 6,738,415,616 parameters (index.json) when every split is there.
        QCOMPARE(model.slicesTotal() == 6'738'415'616ull, !partial);
        CheckpointDialog* dialog = window.checkpointBar()->showDialog();
        QVERIFY(dialog != nullptr);
        QCOMPARE(
            dialog->heading()->text().contains(QStringLiteral("Partial:</b> 1 file is missing")),
            partial);
        QString listed;
        for (int r = 0; r < dialog->facts()->rowCount(); ++r) {
            if (dialog->facts()->item(r, 0)->text() == QStringLiteral("Files")) {
                listed = dialog->facts()->item(r, 1)->text();
            }
        }
        QCOMPARE(listed, QString(files).replace(QStringLiteral("DIR"), tmp.path()));
    }

    void malformedCheckpointLeavesStateUnchanged()
    {
        QTemporaryDir tmp;
        const QString bad = tmp.filePath(QStringLiteral("broken.safetensors"));
        writeBytes(bad.toStdString(), std::string("\x10\x00\x00\x00\x00\x00\x00\x00{not json", 17));
        Settings settings(tmp.filePath(QStringLiteral("s.ini")));
        ConfigModel model;
        loadCatalogs(model);
        QVERIFY(model.selectPreset(QStringLiteral("gpt-2-small")));
        MainWindow window(&model, &settings);
        window.setPersistent(false);
        const ModelConfig before = model.config();
        QSignalSpy changed(&model, &ConfigModel::changed);

        const QString error = window.loadFile(bad);
        QVERIFY(error.contains(QStringLiteral("broken.safetensors")));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(model.config(), before);
        QCOMPARE(model.presetId(), QStringLiteral("gpt-2-small"));
        QVERIFY(model.checkpoint() == nullptr);
        QVERIFY(!model.showsCheckpoint());
    }
};

LLMSIZER_TEST_MAIN(TestUiCheckpoint)
#include "tst_ui_checkpoint.moc"
