// Saving onto a full file system: every file the app writes (a session, each table export, each
// chart image, the user GPU catalog) reports the failure, names the file, and leaves the file
// that was there byte for byte as it was (never an empty or half-written one). The file system
// is a real one: a 64 KiB tmpfs mounted for the test (the test is skipped when it cannot mount,
// i.e. when it does not run as root).
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/text/error.h"
#include "support/full_disk.h"
#include "support/test_main.h"
#include "ui/compare/comparepanel.h"
#include "ui/kit/export.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/sessioncontroller.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/settings.h"
#include "ui/state/startup.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace llmsizer;
using namespace llmsizer::ui;
using llmsizer::test::FullDisk;

namespace {

const QByteArray kOld = QByteArrayLiteral("the old file, which must survive\n");

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

} // namespace

class TestUiFullDisk : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void exportsKeepTheOldFile_data();
    void exportsKeepTheOldFile();
    void sessionKeepsTheOldFile();
    void gpuCatalogKeepsTheOldFile();

private:
    std::unique_ptr<ConfigModel> m_model;
};

void TestUiFullDisk::initTestCase()
{
    m_model = std::make_unique<ConfigModel>();
    loadCatalogs(*m_model);
    QVERIFY(m_model->selectPreset(QStringLiteral("llama-3-8b")));
}

void TestUiFullDisk::exportsKeepTheOldFile_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("csv table") << QStringLiteral("table.csv");
    QTest::newRow("markdown table") << QStringLiteral("table.md");
    QTest::newRow("json table") << QStringLiteral("table.json");
    QTest::newRow("png chart") << QStringLiteral("chart.png");
    QTest::newRow("svg chart") << QStringLiteral("chart.svg");
}

void TestUiFullDisk::exportsKeepTheOldFile()
{
    QFETCH(QString, name);
    FullDisk disk;
    if (!disk.mounted()) {
        QSKIP("needs root to mount a small tmpfs");
    }
    QVERIFY(disk.prepare(name, kOld));
    ComparisonModel comparison(m_model.get());
    QCOMPARE(comparison.addPreset(QStringLiteral("llama-3-8b")), QString());
    QCOMPARE(comparison.addPreset(QStringLiteral("llama-2-7b")), QString());
    ComparePanel panel(&comparison, m_model.get());
    panel.resize(800, 600);
    panel.show();
    const QString target = disk.path(name);
    const QString error = name.startsWith(QLatin1String("chart"))
                              ? panel.exportChart(ComparePanel::Chart::Memory, target)
                              : panel.exportTable(target);
    QVERIFY2(error.startsWith(target + QStringLiteral(": ")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("No space left on device")), qPrintable(error));
    QCOMPARE(readAll(target), kOld);
    QCOMPARE(panel.message(), error);
}

void TestUiFullDisk::sessionKeepsTheOldFile()
{
    FullDisk disk;
    if (!disk.mounted()) {
        QSKIP("needs root to mount a small tmpfs");
    }
    QTemporaryDir settingsDir;
    Settings settings(settingsDir.filePath(QStringLiteral("settings.ini")));
    MainWindow window(m_model.get(), &settings);
    window.setPersistent(false);
    QVERIFY(disk.prepare(QStringLiteral("work.llmsizer.json"), kOld));
    const QString target = disk.path(QStringLiteral("work.llmsizer.json"));
    const QString error = window.sessions()->save(target);
    QVERIFY2(error.startsWith(target + QStringLiteral(": ")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("No space left on device")), qPrintable(error));
    QCOMPARE(readAll(target), kOld);
}

void TestUiFullDisk::gpuCatalogKeepsTheOldFile()
{
    FullDisk disk;
    if (!disk.mounted()) {
        QSKIP("needs root to mount a small tmpfs");
    }
    QVERIFY(disk.prepare(QStringLiteral("gpus.json"), kOld));
    GpuCatalog catalog = m_model->gpuCatalog();
    GpuSpec gpu = *catalog.find("h100-sxm-80gb");
    gpu.id = "my-h100";
    gpu.name = "My H100";
    gpu.user = true;
    catalog.setUserGpu(gpu);
    const QString target = disk.path(QStringLiteral("gpus.json"));
    try {
        catalog.saveUser(QFile::encodeName(target).toStdString());
        QFAIL("saving onto a full disk succeeded");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.file()), target);
        QVERIFY2(std::string(e.what()).find("No space left on device") != std::string::npos,
                 e.what());
    }
    QCOMPARE(readAll(target), kOld);
}

LLMSIZER_TEST_MAIN(TestUiFullDisk)
#include "tst_ui_full_disk.moc"
