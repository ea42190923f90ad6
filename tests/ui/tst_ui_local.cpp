// My models as a user drives it, on stores built in a temporary home and a fake machine root:
// the detected machine goes into My hardware, every model is listed with its copies, a click
// makes a copy the current model with its own tensors in the pie, a drag adds it to Compare, a
// new file in a store is found without a click, and presentation mode at 1240x760 never scrolls
// the list sideways.
#include "llmsizer/catalog/gpu_catalog.h"
#include "support/fake_machine.h"
#include "support/model_stores.h"
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/compare/comparewindow.h"
#include "ui/hardware/hardwareview.h"
#include "ui/kit/presentation.h"
#include "ui/local/localmodelstree.h"
#include "ui/local/localmodelsview.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/hardwaremodel.h"
#include "ui/state/localmodelsmodel.h"
#include "ui/state/modelmime.h"

#include <QDropEvent>
#include <QLabel>
#include <QMimeData>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <memory>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

struct Home {
    QTemporaryDir dir;
    QString home() const { return dir.path() + QStringLiteral("/home"); }
    QString root() const { return dir.path() + QStringLiteral("/root"); }
    Home()
    {
        testsupport::buildTestStores(home().toStdString());
        testsupport::buildFakeMachine(root().toStdString(), testsupport::FakeMachine::Rtx4090);
    }
};

void pointAt(LocalModelsModel* m, const Home& h)
{
    ScanEnvironment env;
    env.home = h.home().toStdString();
    env.env = {{"PATH", "/usr/bin:/bin"}};
    m->setEnvironment(env);
    m->setSysroot(h.root());
}

int modelRow(const LocalModelsModel* m, const std::string& name)
{
    for (std::size_t i = 0; i < m->scan().models.size(); ++i) {
        if (m->scan().models[i].name == name) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

} // namespace

class TestUiLocal : public QObject {
    Q_OBJECT
private slots:
    void listAndMachine()
    {
        Home h;
        test::WindowFixture f(QStringLiteral("llama-3-8b"));
        LocalModelsModel* m = f.window->localModels();
        pointAt(m, h);
        // The settings held no machine: the detected one goes into My hardware.
        m->refreshNow();
        const HardwareChoice& ch = f.window->hardwareView()->model()->choice();
        QCOMPARE(ch.gpu, QStringLiteral("rtx-4090-24gb"));
        QCOMPARE(ch.gpus, 1ull);
        QCOMPARE(ch.ram_bytes, 61566418944ull); // MemAvailable of the fake root
        QCOMPARE(ch.ram_bandwidth_gb_s, 96.0);
        QVERIFY(ch.detected);
        // Six models, Llama-3.1-8B with its two copies under it.
        QTreeView* tree = f.window->localModelsView()->tree();
        QCOMPARE(tree->model()->rowCount(), 6);
        const int llama = modelRow(m, "meta-llama/Llama-3.1-8B");
        QVERIFY(llama >= 0);
        const QModelIndex top = tree->model()->index(llama, 0);
        QCOMPARE(tree->model()->rowCount(top), 2);
        QCOMPARE(
            tree->model()->index(llama, static_cast<int>(LocalColumn::Params)).data().toString(),
            QStringLiteral("8,030,261,248"));
        QCOMPARE(f.window->localModelsView()->statusLabel()->text(),
                 QStringLiteral("6 models (9 copies) in 4 stores"));
        // The Ollama copy at its num_ctx, cut to the trained 4,096, on one RTX 4090.
        const QString runs =
            tree->model()->index(0, static_cast<int>(LocalColumn::Runs), top).data().toString();
        QVERIFY2(runs.startsWith(QStringLiteral("✓ fits · 4,096 ctx · ")), qPrintable(runs));
        QVERIFY2(runs.endsWith(QStringLiteral(" tok/s (Ollama)")), qPrintable(runs));
    }

    // A machine given on the command line (--hardware) stays: the machine detected at the first
    // start replaced it (an H100 asked for, the detected RTX 4090 shown).
    void givenMachineStays()
    {
        Home h;
        test::WindowFixture f(QStringLiteral("llama-3-8b"));
        LocalModelsModel* m = f.window->localModels();
        pointAt(m, h);
        HardwareChoice given;
        given.gpu = QStringLiteral("h100-sxm-80gb");
        given.gpus = 2;
        f.window->setMachine(given);
        m->refreshNow();
        const HardwareChoice& ch = f.window->hardwareView()->model()->choice();
        QCOMPARE(ch.gpu, QStringLiteral("h100-sxm-80gb"));
        QCOMPARE(ch.gpus, 2ull);
        QVERIFY(!ch.detected);
    }

    // A machine without a GPU is its CPU, all of its RAM (the fake root's MemTotal, 16,303,412
    // KiB; the free RAM moved from one start to the next).
    void cpuOnlyMachine()
    {
        QTemporaryDir dir;
        testsupport::buildFakeMachine(dir.path().toStdString(), testsupport::FakeMachine::NoGpu);
        test::WindowFixture f(QStringLiteral("llama-3-8b"));
        LocalModelsModel* m = f.window->localModels();
        ScanEnvironment env;
        env.home = dir.path().toStdString();
        env.env = {{"PATH", "/usr/bin:/bin"}};
        m->setEnvironment(env);
        m->setSysroot(dir.path());
        m->refreshNow();
        const HardwareChoice& ch = f.window->hardwareView()->model()->choice();
        QCOMPARE(ch.gpu, QStringLiteral("detected-cpu"));
        QCOMPARE(ch.ram_bytes, 16303412ull * 1024);
        QVERIFY(ch.detected);
    }

    // A card the catalog does not know (the RX 7900 XTX, taken out of this window's catalog) is
    // used as a custom GPU: in the catalog for this run, with the 25,753,026,560 bytes its
    // driver reports (mem_info_vram_total of the fake root), selected in My hardware, its speed
    // unknown; the user file is not written.
    void unknownCardIsUsedAsACustomGpu()
    {
        QTemporaryDir dir;
        const QString home = dir.path() + QStringLiteral("/home");
        const QString root = dir.path() + QStringLiteral("/root");
        testsupport::buildTestStores(home.toStdString());
        testsupport::buildFakeMachine(root.toStdString(), testsupport::FakeMachine::Rx7900Xtx);
        test::WindowFixture f(QStringLiteral("llama-3-8b"));
        std::vector<GpuSpec> rest;
        for (const GpuSpec& g : f.model->gpuCatalog().gpus()) {
            if (g.id != "rx-7900-xtx-24gb") {
                rest.push_back(g);
            }
        }
        const std::filesystem::path catalogFile =
            dir.filePath(QStringLiteral("gpus.json")).toStdString();
        std::ofstream(catalogFile) << gpusToJson(rest).dump();
        f.model->setGpuCatalog(GpuCatalog::loadBuiltin(catalogFile));
        LocalModelsModel* m = f.window->localModels();
        ScanEnvironment env;
        env.home = home.toStdString();
        env.env = {{"PATH", "/usr/bin:/bin"}};
        m->setEnvironment(env);
        m->setSysroot(root);
        m->refreshNow();
        const HardwareChoice& ch = f.window->hardwareView()->model()->choice();
        QCOMPARE(ch.gpu, QStringLiteral("detected-amd-radeon-rx-7900-xtx"));
        QCOMPARE(ch.gpus, 1ull);
        QVERIFY(ch.detected);
        const GpuSpec* g = f.model->gpuCatalog().find("detected-amd-radeon-rx-7900-xtx");
        QVERIFY(g != nullptr);
        QVERIFY(g->detected);
        QCOMPARE(g->memory_bytes, 25'753'026'560ull);
        QCOMPARE(g->bandwidth_gb_s, 0.0);
        QVERIFY(f.model->gpuCatalog().userGpus().empty());
        // Detecting again (the catalog changed, so My models looks again) changes nothing.
        m->refreshNow();
        QCOMPARE(f.window->hardwareView()->model()->choice().gpu,
                 QStringLiteral("detected-amd-radeon-rx-7900-xtx"));
        std::size_t copies = 0;
        for (const GpuSpec& s : f.model->gpuCatalog().gpus()) {
            copies += s.id == "detected-amd-radeon-rx-7900-xtx" ? 1U : 0U;
        }
        QCOMPARE(copies, std::size_t(1));
    }

    void clickOpensTheCheckpoint()
    {
        Home h;
        test::WindowFixture f(QStringLiteral("gpt-2-small"));
        LocalModelsModel* m = f.window->localModels();
        pointAt(m, h);
        m->refreshNow();
        const int llama = modelRow(m, "meta-llama/Llama-3.1-8B");
        // The Ollama copy: its GGUF blob (named sha256-…) read again, shown by the model's name.
        QCOMPARE(f.window->openLocalCopy(static_cast<std::size_t>(llama), 0, false), QString());
        QCOMPARE(f.model->modelName(), QStringLiteral("meta-llama/Llama-3.1-8B (Ollama, Q8_0)"));
        QVERIFY(f.model->showsCheckpoint());
        QCOMPARE(f.model->checkpoint()->total_params, 8030261248ull);
        QCOMPARE(f.model->precision(), QStringLiteral("q8_0")); // the bars at the file's own
        // A copy that cannot be read says why and changes nothing.
        const int broken = modelRow(m, "broken:latest");
        const QString error = f.window->openLocalCopy(static_cast<std::size_t>(broken), 0, false);
        QVERIFY2(error.startsWith(QStringLiteral("its model blob is missing")), qPrintable(error));
        QCOMPARE(f.model->modelName(), QStringLiteral("meta-llama/Llama-3.1-8B (Ollama, Q8_0)"));
    }

    void dragIntoCompare()
    {
        Home h;
        test::WindowFixture f(QStringLiteral("gpt-2-small"));
        LocalModelsModel* m = f.window->localModels();
        pointAt(m, h);
        m->refreshNow();
        QTreeView* tree = f.window->localModelsView()->tree();
        const int llama = modelRow(m, "meta-llama/Llama-3.1-8B");
        std::unique_ptr<QMimeData> mime(tree->model()->mimeData({tree->model()->index(llama, 0)}));
        QVERIFY(mime != nullptr);
        QVERIFY(mime->hasFormat(kModelMimeType));
        const std::optional<SessionModel> dropped = modelFromMime(mime.get());
        QVERIFY(dropped.has_value());
        CompareWindow* compare = f.window->compareWindow();
        QVERIFY(compare->acceptDrops());
        const int before = f.window->comparison()->size();
        QCOMPARE(compare->addDropped(mime.get()), QString());
        QCOMPARE(f.window->comparison()->size(), before + 1);
        QCOMPARE(f.window->comparison()->entries().back().name,
                 std::string("meta-llama/Llama-3.1-8B"));
        // A copy without an architecture (its blob missing) cannot be dragged.
        const int broken = modelRow(m, "broken:latest");
        QVERIFY(!(tree->model()->index(broken, 0).flags() & Qt::ItemIsDragEnabled));
    }

    void newFileIsFoundByTheWatcher()
    {
        Home h;
        test::WindowFixture f(QStringLiteral("gpt-2-small"));
        LocalModelsModel* m = f.window->localModels();
        pointAt(m, h);
        m->refreshNow();
        QCOMPARE(m->scan().models.size(), 6u);
        QVERIFY(m->watchedPaths().contains(h.home() + QStringLiteral("/.lmstudio/models/acme")));
        QSignalSpy rows(m, &LocalModelsModel::rowsChanged);
        testsupport::writeLlamaGguf(
            (h.home() + QStringLiteral("/.lmstudio/models/acme/Tiny-Llama-GGUF/other.gguf"))
                .toStdString(),
            "Other Tiny", {}, true);
        QVERIFY(rows.wait(10000));
        QCOMPARE(m->scan().models.size(), 7u);
        QVERIFY(!m->busy());
    }

    void presentationNeverScrollsSideways()
    {
        Home h;
        test::WindowFixture::Options o;
        o.size = QSize(1240, 760);
        test::WindowFixture f(QStringLiteral("llama-3-8b"), o);
        LocalModelsModel* m = f.window->localModels();
        pointAt(m, h);
        m->refreshNow();
        QVERIFY(f.window->views()->showView(QStringLiteral("models")));
        f.window->presentation()->setOn(true);
        QTest::qWait(300);
        QTreeView* tree = f.window->localModelsView()->tree();
        QVERIFY(tree->isVisible());
        QVERIFY(!tree->horizontalScrollBar()->isVisible());
        // The verdict column is always shown.
        QVERIFY(!tree->isColumnHidden(static_cast<int>(LocalColumn::Runs)));
        QVERIFY(!tree->isColumnHidden(static_cast<int>(LocalColumn::Params)));
        f.window->presentation()->setOn(false);
    }
};

LLMSIZER_TEST_MAIN(TestUiLocal)
#include "tst_ui_local.moc"
