// The user GPU catalog at start and on a full disk: a bad file keeps the built-ins, is kept as a
// copy, is reported once (by the app itself, started on it) and shown in the Custom GPUs dialog;
// saving onto a full file system or over a directory changes neither the file nor the catalog.
#include "llmsizer/catalog/gpu_catalog.h"
#include "support/full_disk.h"
#include "support/gpu_editor_fixture.h"
#include "support/test_main.h"
#include "ui/hardware/gpueditordialog.h"
#include "ui/shell/mainwindow.h"
#include "ui/state/configmodel.h"
#include "ui/state/settings.h"
#include "ui/state/startup.h"
#include "ui/state/usergpus.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace llmsizer;
using namespace llmsizer::ui;
using test::builtinGpus;
using test::fillNewGpu;
using test::readAll;
using test::userGpusOf;
using test::writeAll;
using App = test::GpuEditorApp;

class TestUiGpuStartup : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void badCatalogAtStart_data();
    void badCatalogAtStart();
    void reportedOnceAtStart();
    void fullDiskKeepsTheOldFile();
};

void TestUiGpuStartup::badCatalogAtStart_data()
{
    QTest::addColumn<QByteArray>("bytes"); // empty: a directory named gpus.json
    QTest::addColumn<QString>("problem");
    QTest::addColumn<bool>("kept");
    QTest::newRow("bandwidth 0")
        << QByteArrayLiteral("{\"gpus\": [{\"id\": \"a\", \"name\": \"A\", \"vendor\": \"V\", "
                             "\"memory_gib\": 8, \"bandwidth_gb_s\": 0}]}")
        << QStringLiteral("gpus[0].bandwidth_gb_s: must be a positive number no larger than "
                          "1000000 (got 0)")
        << true;
    QTest::newRow("a built-in id")
        << QByteArrayLiteral("{\"gpus\": [{\"id\": \"t4-16gb\", \"name\": \"A\", \"vendor\": "
                             "\"V\", \"memory_gib\": 8, \"bandwidth_gb_s\": 100}]}")
        << QStringLiteral("gpus[0].id: 't4-16gb' is a built-in GPU id; a user GPU needs an id of "
                          "its own")
        << true;
    QTest::newRow("not JSON") << QByteArrayLiteral("{\"gpus\": [") << QString() << true;
    QTest::newRow("a directory") << QByteArray() << QString() << false;
}

void TestUiGpuStartup::badCatalogAtStart()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, problem);
    QFETCH(bool, kept);
    App app;
    if (bytes.isEmpty()) {
        QVERIFY(QDir().mkdir(app.file()));
    } else {
        QVERIFY(writeAll(app.file(), bytes));
    }
    const UserGpus::Result result = app.window->userGpus()->load();
    QVERIFY(!result.ok());
    const QString copy = app.file() + QStringLiteral(".invalid");
    QVERIFY2(result.error.startsWith(app.file() + QStringLiteral(": ") + problem),
             qPrintable(result.error));
    QCOMPARE(result.error.endsWith(QStringLiteral("(the file is kept as %1)").arg(copy)), kept);
    QVERIFY(app.model.gpuCatalog().gpus() == builtinGpus().gpus());
    QCOMPARE(QFile::exists(copy), kept);
    if (kept) {
        QCOMPARE(readAll(copy), bytes);
        QCOMPARE(readAll(app.file()), bytes);
    }
    // The dialog says so too; a GPU added there replaces the file, and the copy stays.
    GpuEditorDialog* d = app.dialog();
    const QList<QLabel*> labels = d->findChildren<QLabel*>();
    QVERIFY(std::any_of(labels.begin(), labels.end(), [&](const QLabel* l) {
        return l->isVisibleTo(d) && l->text() == result.error;
    }));
    if (kept) {
        fillNewGpu(d, QStringLiteral("Mine"));
        QCOMPARE(d->submit(), QString());
        QCOMPARE(userGpusOf(app.file()).size(), std::size_t(1));
        QCOMPARE(readAll(copy), bytes);
        QVERIFY(app.window->userGpus()->problem().isEmpty());
    } else {
        fillNewGpu(d, QStringLiteral("Mine")); // a directory in the way: nothing changes
        QCOMPARE(d->submit(), app.file() + QStringLiteral(": is not a regular file (a "
                                                          "directory); it is not replaced"));
        QVERIFY(app.model.gpuCatalog().gpus() == builtinGpus().gpus());
        QVERIFY(QFileInfo(app.file()).isDir());
    }
}

// The app itself, started on a bad user catalog: it reports it once (on stderr in screenshot
// mode, where no message box opens) and renders the dialog with the built-ins.
void TestUiGpuStartup::reportedOnceAtStart()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("gpus.json"));
    const QByteArray bad = QByteArrayLiteral("{\"gpus\": [{\"id\": \"a\", \"name\": \"A\", "
                                             "\"vendor\": \"V\", \"memory_gib\": 8, "
                                             "\"bandwidth_gb_s\": 0}]}");
    QVERIFY(writeAll(file, bad));
    const QString png = dir.filePath(QStringLiteral("dialog.png"));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("HOME"), dir.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path());
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(LLMSIZER_GUI_PATH),
            {QStringLiteral("--settings"), dir.filePath(QStringLiteral("settings.ini")),
             QStringLiteral("--gpu-editor"), QStringLiteral("--screenshot"), png});
    QVERIFY(p.waitForFinished(60000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitCode(), 0);
    const QString problem = file + QStringLiteral(": gpus[0].bandwidth_gb_s: must be a positive "
                                                  "number no larger than 1000000 (got 0)");
    QCOMPARE(err.count(problem), 1);
    QVERIFY(QFile::exists(png));
    QVERIFY(QFile::exists(file + QStringLiteral(".invalid")));
}

void TestUiGpuStartup::fullDiskKeepsTheOldFile()
{
    test::FullDisk disk;
    if (!disk.mounted()) {
        QSKIP("needs root to mount a small tmpfs");
    }
    const QByteArray old = QByteArrayLiteral(
        "{\"gpus\": [{\"id\": \"old\", \"name\": \"Old\", \"vendor\": \"V\", \"memory_gib\": 8, "
        "\"bandwidth_gb_s\": 100, \"sources\": [\"x\"]}]}\n");
    QVERIFY(disk.prepare(QStringLiteral("gpus.json"), old));
    Settings settings(disk.path(QStringLiteral("settings.ini")));
    ConfigModel model;
    loadCatalogs(model);
    MainWindow window(&model, &settings);
    window.setPersistent(false);
    QVERIFY(window.userGpus()->load().ok());
    const std::vector<GpuSpec> catalog = model.gpuCatalog().gpus();
    GpuEditorDialog* d = window.showGpuEditor();
    fillNewGpu(d, QStringLiteral("Mine"));
    const QString error = d->submit();
    QVERIFY2(error.contains(QStringLiteral("No space left on device")), qPrintable(error));
    QCOMPARE(d->message()->text(), error);
    QCOMPARE(readAll(disk.path(QStringLiteral("gpus.json"))), old);
    QVERIFY(model.gpuCatalog().gpus() == catalog);
    QVERIFY(d->selectGpu(QStringLiteral("old")));
    QVERIFY(!d->removeGpu(QStringLiteral("old")).isEmpty());
    QCOMPARE(readAll(disk.path(QStringLiteral("gpus.json"))), old);
    QVERIFY(model.gpuCatalog().find("old") != nullptr);
}

LLMSIZER_TEST_MAIN(TestUiGpuStartup)
#include "tst_ui_gpu_startup.moc"
