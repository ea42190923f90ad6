// "Custom GPUs": GPUs added, edited and removed through the dialog's widgets land in the user
// catalog file beside the settings (exactly those GPUs, as the core's loadUser reads them), and
// in the model every view reads (the GPUs menu, the reference lines, Largest that fits); an
// invalid value shows the core's message naming the field and writes nothing. The bad files at
// start and the full disk: tst_ui_gpu_startup.cpp.
#include "llmsizer/catalog/gpu_catalog.h"
#include "support/gpu_editor_fixture.h"
#include "support/test_main.h"
#include "ui/hardware/gpueditordialog.h"
#include "ui/hardware/gpuformwidget.h"
#include "ui/overview/memorypanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/configmodel.h"
#include "ui/state/usergpus.h"
#include "ui/teach/fitsolverview.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>
#include <algorithm>

using namespace llmsizer;
using namespace llmsizer::ui;
using test::fillNewGpu;
using test::readAll;
using test::userGpusOf;
using App = test::GpuEditorApp;

namespace {

bool menuHas(MainWindow& window, const QString& key)
{
    const QList<QAction*> actions = window.memoryPanel()->gpusButton()->menu()->actions();
    return std::any_of(actions.begin(), actions.end(),
                       [&](const QAction* a) { return a->data().toString() == key; });
}

} // namespace

class TestUiGpuEditor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void fileBesideTheSettings();
    void addEditRenameRemove();
    void invalidValuesWriteNothing_data();
    void invalidValuesWriteNothing();
    void builtinsAreReadOnly();
};

void TestUiGpuEditor::fileBesideTheSettings()
{
    App app;
    QCOMPARE(app.settings.userGpuFile(), app.file());
    QCOMPARE(app.window->userGpus()->file(), app.file());
    QVERIFY(app.window->userGpus()->load().ok()); // no file yet: normal
    QVERIFY(app.model.gpuCatalog().gpus() == test::builtinGpus().gpus());
    const QString text = app.dialog()->fileLabel()->text();
    QVERIFY2(text.contains(QStringLiteral("llm-sizer-cli runs --user-gpus ") +
                           QDir::toNativeSeparators(app.file())),
             qPrintable(text));
    // The GPUs menu opens the same dialog.
    const QList<QAction*> actions = app.window->memoryPanel()->gpusButton()->menu()->actions();
    QCOMPARE(actions.back()->text(), QStringLiteral("Custom GPUs…"));
}

void TestUiGpuEditor::addEditRenameRemove()
{
    App app;
    GpuEditorDialog* d = app.dialog();
    QSignalSpy changes(&app.model, &ConfigModel::changed);
    fillNewGpu(d, QStringLiteral("My RTX 4070 (12 GB)"));
    const QString id = QStringLiteral("my-rtx-4070-12-gb");
    QCOMPARE(d->form()->idEdit()->text(), id);
    d->saveButton()->click();
    QVERIFY2(d->message()->text().startsWith(QStringLiteral("Saved")),
             qPrintable(d->message()->text()));

    std::vector<GpuSpec> saved = userGpusOf(app.file());
    QCOMPARE(saved.size(), std::size_t(1));
    const GpuSpec& g = saved.front();
    QCOMPARE(g.id, id.toStdString());
    QCOMPARE(g.name, std::string("My RTX 4070 (12 GB)"));
    QCOMPARE(g.vendor, std::string("NVIDIA"));
    QCOMPARE(g.memory_unit, MemoryUnit::GiB);
    QCOMPARE(g.memory_bytes, quint64(12) << 30);
    QCOMPARE(g.bandwidth_gb_s, 504.2);
    QCOMPARE(g.bf16_tflops, std::optional<double>(58.0));
    QVERIFY(!g.fp8_tflops && !g.int8_tops);
    QCOMPARE(g.sources,
             (std::vector<std::string>{"https://example.com/rtx-4070", "my measurement"}));
    // The model (and every view) has it: one change, the catalog.
    QCOMPARE(changes.size(), 1);
    QCOMPARE(changes.front().front().value<ConfigModel::Changes>(),
             ConfigModel::Changes(ConfigModel::Change::Catalog));
    QVERIFY(app.model.gpuCatalog().find(id.toStdString()) != nullptr);
    QVERIFY(menuHas(*app.window, id));
    app.window->views()->showView(QStringLiteral("fit"));
    QVERIFY(app.window->views()->fit()->gpuBox()->findData(id) >= 0);

    // Edit: the id stays while the name changes.
    QVERIFY(d->selectGpu(id));
    QCOMPARE(d->editingId(), id);
    QVERIFY(d->saveButton()->isEnabled() && d->removeButton()->isEnabled());
    d->form()->nameEdit()->clear();
    QTest::keyClicks(d->form()->nameEdit(), QStringLiteral("My RTX 4070"));
    d->form()->bandwidthEdit()->setText(QStringLiteral("600"));
    QCOMPARE(d->submit(), QString());
    saved = userGpusOf(app.file());
    QCOMPARE(saved.size(), std::size_t(1));
    QCOMPARE(saved.front().id, id.toStdString());
    QCOMPARE(saved.front().name, std::string("My RTX 4070"));
    QCOMPARE(saved.front().bandwidth_gb_s, 600.0);
    QCOMPARE(app.model.gpuCatalog().at(id.toStdString()).bandwidth_gb_s, 600.0);

    // A new id moves its reference lines along.
    app.model.setGpus({id, id + QStringLiteral(":2"), QStringLiteral("h100-sxm-80gb")});
    const QString renamed = QStringLiteral("rtx-4070-mine");
    d->form()->idEdit()->setText(renamed);
    QCOMPARE(d->submit(), QString());
    saved = userGpusOf(app.file());
    QCOMPARE(saved.size(), std::size_t(1));
    QCOMPARE(saved.front().id, renamed.toStdString());
    QCOMPARE(app.model.gpus(), (QStringList{renamed, renamed + QStringLiteral(":2"),
                                            QStringLiteral("h100-sxm-80gb")}));
    QCOMPARE(app.model.lines().size(), std::size_t(3));
    QVERIFY(!menuHas(*app.window, id) && menuHas(*app.window, renamed));

    // Removing a GPU drawn as a reference line takes the line with it.
    QCOMPARE(d->removeGpu(renamed), QString());
    QVERIFY(userGpusOf(app.file()).empty());
    QVERIFY(app.model.gpuCatalog().find(renamed.toStdString()) == nullptr);
    QCOMPARE(app.model.gpus(), QStringList{QStringLiteral("h100-sxm-80gb")});
    QCOMPARE(app.model.lines().size(), std::size_t(1));
    QVERIFY(!menuHas(*app.window, renamed));
    QVERIFY(app.window->views()->fit()->gpuBox()->findData(renamed) < 0);
    QVERIFY(!app.window->grab().isNull()); // the chart redraws without the line
}

void TestUiGpuEditor::invalidValuesWriteNothing_data()
{
    QTest::addColumn<bool>("editing"); // edit the saved GPU rather than add one
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("bandwidth 0")
        << false << QStringLiteral("bandwidth") << QStringLiteral("0")
        << QStringLiteral("bandwidth_gb_s: must be a positive number no larger than 1000000 "
                          "(got 0)");
    QTest::newRow("edit: bandwidth 0")
        << true << QStringLiteral("bandwidth") << QStringLiteral("0")
        << QStringLiteral("bandwidth_gb_s: must be a positive number no larger than 1000000 "
                          "(got 0)");
    QTest::newRow("bandwidth as text")
        << false << QStringLiteral("bandwidth") << QStringLiteral("fast")
        << QStringLiteral("bandwidth_gb_s: must be a number (got "
                          "\"fast\")");
    // 1 PiB = 1,048,576 GiB is the largest memory.
    QTest::newRow("memory beyond the bound")
        << false << QStringLiteral("memory") << QStringLiteral("2000000")
        << QStringLiteral("memory_gib: must be a positive number no larger than 1048576 (got "
                          "2000000)");
    QTest::newRow("FP8 below a real GPU")
        << true << QStringLiteral("fp8") << QStringLiteral("0.0001")
        << QStringLiteral("fp8_dense_tflops: must be at least 0.001 (got 0.0001; no real GPU is "
                          "that small)");
    QTest::newRow("usable fraction above 1")
        << false << QStringLiteral("usable") << QStringLiteral("1.5")
        << QStringLiteral("usable_fraction: must be from 0.1 to 1 (got 1.5; no real GPU makes less "
                          "than a tenth of its memory usable)");
    QTest::newRow("a built-in id")
        << false << QStringLiteral("id") << QStringLiteral("h100-sxm-80gb")
        << QStringLiteral("id: 'h100-sxm-80gb' is a built-in GPU id; a user GPU needs an id of "
                          "its own");
    QTest::newRow("the id of another of yours")
        << false << QStringLiteral("id") << QStringLiteral("mine")
        << QStringLiteral("id: 'mine' is already one of your GPUs; choose another id, or select "
                          "that GPU to edit it");
    QTest::newRow("no source")
        << true << QStringLiteral("sources") << QString()
        << QStringLiteral("sources: needs at least one source (a URL, a datasheet or your own "
                          "measurement)");
    QTest::newRow("no name") << false << QStringLiteral("name") << QStringLiteral("  ")
                             << QStringLiteral("name: must not be empty");
}

void TestUiGpuEditor::invalidValuesWriteNothing()
{
    QFETCH(bool, editing);
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, message);
    App app;
    GpuEditorDialog* d = app.dialog();
    fillNewGpu(d, QStringLiteral("Mine"));
    QCOMPARE(d->submit(), QString());
    const QByteArray before = readAll(app.file());
    const std::vector<GpuSpec> catalog = app.model.gpuCatalog().gpus();
    if (editing) {
        QVERIFY(d->selectGpu(QStringLiteral("mine")));
    } else {
        fillNewGpu(d, QStringLiteral("Another"));
    }
    GpuFormWidget* f = d->form();
    if (field == QLatin1String("sources")) {
        f->sourcesEdit()->setPlainText(value);
    } else {
        QLineEdit* edit = field == QLatin1String("bandwidth") ? f->bandwidthEdit()
                          : field == QLatin1String("memory")  ? f->memoryEdit()
                          : field == QLatin1String("fp8")     ? f->fp8Edit()
                          : field == QLatin1String("usable")  ? f->usableEdit()
                          : field == QLatin1String("id")      ? f->idEdit()
                                                              : f->nameEdit();
        edit->setText(value);
    }
    QSignalSpy changes(&app.model, &ConfigModel::changed);
    d->saveButton()->click();
    QCOMPARE(d->message()->text(), message);
    QCOMPARE(d->form()->markedField(), message.section(QLatin1Char(':'), 0, 0));
    QCOMPARE(readAll(app.file()), before);
    QVERIFY(app.model.gpuCatalog().gpus() == catalog);
    QCOMPARE(changes.size(), 0);
}

void TestUiGpuEditor::builtinsAreReadOnly()
{
    App app;
    GpuEditorDialog* d = app.dialog();
    QVERIFY(d->selectGpu(QStringLiteral("rtx-4090-24gb")));
    QVERIFY(d->form()->isReadOnly());
    QVERIFY(!d->saveButton()->isEnabled() && !d->removeButton()->isEnabled());
    QVERIFY(d->editingId().isEmpty());
    const QTreeWidgetItem* row = d->list()->currentItem();
    QCOMPARE(row->text(1), QStringLiteral("24 GiB"));
    QCOMPARE(row->text(2), QStringLiteral("1008"));
    QCOMPARE(row->text(4), QStringLiteral("330.3*")); // FP8 not confirmed by a primary source
    QVERIFY(row->text(6).startsWith(QStringLiteral("nanochat-lineage")));
    const QString details = d->details()->text();
    QVERIFY2(details.contains(QStringLiteral("24 GiB GDDR6X (binary chip sizes).")),
             qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("FP8 dense TFLOPS")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("guru3d (RTX 4090 1,008 GB/s)")), qPrintable(details));
    QVERIFY(!d->submit().isEmpty());
    QVERIFY(!QFile::exists(app.file()));

    // Duplicate: a GPU of the user's own with the built-in's figures and sources.
    d->duplicateButton()->click();
    QCOMPARE(d->form()->idEdit()->text(), QStringLiteral("nvidia-geforce-rtx-4090-custom"));
    QCOMPARE(d->submit(), QString());
    const std::vector<GpuSpec> saved = userGpusOf(app.file());
    QCOMPARE(saved.size(), std::size_t(1));
    QCOMPARE(saved.front().name, std::string("NVIDIA GeForce RTX 4090 (custom)"));
    QCOMPARE(saved.front().memory_bytes, quint64(24) << 30);
    QCOMPARE(saved.front().bandwidth_gb_s, 1008.0);
    QCOMPARE(saved.front().sources, app.model.gpuCatalog().at("rtx-4090-24gb").sources);
}

LLMSIZER_TEST_MAIN(TestUiGpuEditor)
#include "tst_ui_gpu_editor.moc"
