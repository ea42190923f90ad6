// The bad-input suite through the app: every malformed model file, preset, checkpoint (of one file
// or several) and session that the CLI refuses is refused by File > Open (MainWindow::loadFile)
// with the same message, and the current model, its counts and the charts are left exactly as
// they were.
#include "tst_ui_bad_inputs.h"

#include "support/bad_input_rows.h"
#include "support/test_main.h"
#include "ui/shell/mainwindow.h"
#include "ui/state/configmodel.h"
#include "ui/state/settings.h"
#include "ui/state/startup.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <memory>
#include <unistd.h>

using namespace llmsizer;
using namespace llmsizer::ui;
using testsupport::Make;

struct TestUiBadInputs::Window {
    QTemporaryDir settingsDir;
    Settings settings{settingsDir.filePath(QStringLiteral("settings.ini"))};
    ConfigModel model;
    std::unique_ptr<MainWindow> window;
};

TestUiBadInputs::TestUiBadInputs() = default;
TestUiBadInputs::~TestUiBadInputs() = default;

void TestUiBadInputs::cleanupTestCase()
{
    m_window.reset(); // while the application is still there
}

void TestUiBadInputs::openAndCompare(const QString& file, const QString& message)
{
    if (!m_window) {
        m_window = std::make_unique<Window>();
        loadCatalogs(m_window->model);
        m_window->window = std::make_unique<MainWindow>(&m_window->model, &m_window->settings);
        m_window->window->setPersistent(false);
        QVERIFY(m_window->model.selectPreset(QStringLiteral("llama-3-70b")));
    }
    ConfigModel& model = m_window->model;
    const ModelConfig before = model.config();
    const QString preset = model.presetId();
    QSignalSpy changed(&model, &ConfigModel::changed);

    QCOMPARE(m_window->window->loadFile(file), message);
    QCOMPARE(changed.size(), 0);
    QVERIFY(model.config() == before);
    QCOMPARE(model.presetId(), preset);
    // 70,553,706,496: Llama 3.1 70B's published count (hf-configs index.json).
    QCOMPARE(quint64(model.count().total), quint64(70'553'706'496ull));
    QVERIFY(model.checkpoint() == nullptr);
}

namespace {

// The rows name files as the CLI was given them: relative to the working directory.
struct WorkIn {
    QString previous = QDir::currentPath();
    explicit WorkIn(const QString& d) { QDir::setCurrent(d); }
    ~WorkIn() { QDir::setCurrent(previous); }
    WorkIn(const WorkIn&) = delete;
    WorkIn& operator=(const WorkIn&) = delete;
};

} // namespace

void TestUiBadInputs::openRejects_data()
{
    testsupport::addBadInputRows();
}

void TestUiBadInputs::openRejects()
{
    QFETCH(QString, command);
    QFETCH(QString, file);
    QFETCH(int, make);
    QFETCH(QByteArray, content);
    QFETCH(qint64, size);
    QFETCH(QString, message);
    if (!command.startsWith(QStringLiteral("count")) && command != QStringLiteral("inspect")) {
        QSKIP("a user GPU catalog is read by the CLI (--user-gpus); the app opens no such file");
    }
    if (static_cast<Make>(make) == Make::Unreadable && ::geteuid() == 0) {
        QSKIP("running as root: a chmod 000 file is still readable, so it cannot be refused");
    }
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(testsupport::makeBadInput(dir.path(), file, static_cast<Make>(make), content, size));
    const WorkIn workIn(dir.path());
    // The app opens a directory as a checkpoint directory (File > Open, drag and drop), so
    // a directory named like a model file is refused for holding no checkpoint.
    openAndCompare(file, static_cast<Make>(make) == Make::Directory
                             ? file + QStringLiteral(": holds no .safetensors, "
                                                     ".safetensors.index.json or .gguf file")
                             : message);
}

void TestUiBadInputs::openRejectsSessions_data()
{
    testsupport::addSessionRows();
}

void TestUiBadInputs::openRejectsSessions()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    if (!content.isEmpty() && !content.contains("\"format\"")) {
        QSKIP("the app tells the kinds apart: this file opens as what it is (a preset)");
    }
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("s.json"));
    QVERIFY(
        testsupport::makeBadInput(dir.path(), QStringLiteral("s.json"), Make::File, content, 0));
    openAndCompare(path, path + QStringLiteral(": ") + message);
}

void TestUiBadInputs::openRejectsCheckpointTrees_data()
{
    testsupport::addCheckpointTreeRows();
}

void TestUiBadInputs::openRejectsCheckpointTrees()
{
    QFETCH(testsupport::TreeMaker, make);
    QFETCH(QString, open);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(testsupport::makeTree(dir.path(), make));
    const WorkIn workIn(dir.path());
    openAndCompare(open, message);
}

void TestUiBadInputs::openShowsCheckpointNotes_data()
{
    testsupport::addCheckpointNoteRows();
}

void TestUiBadInputs::openShowsCheckpointNotes()
{
    QFETCH(testsupport::TreeMaker, make);
    QFETCH(QString, open);
    QFETCH(QString, note);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(testsupport::makeTree(dir.path(), make));
    const WorkIn workIn(dir.path());
    QTemporaryDir settingsDir;
    Settings settings(settingsDir.filePath(QStringLiteral("settings.ini")));
    ConfigModel model;
    loadCatalogs(model);
    MainWindow window(&model, &settings);
    window.setPersistent(false);
    QCOMPARE(window.loadFile(open), QString());
    QVERIFY(model.checkpoint() != nullptr);
    QStringList notes;
    for (const std::string& n : model.checkpoint()->notes) {
        notes << QString::fromStdString(n);
    }
    notes << QString::fromStdString(model.checkpoint()->estimate_note);
    QVERIFY2(notes.contains(note), qPrintable(notes.join(QLatin1Char('\n'))));
}

LLMSIZER_TEST_MAIN(TestUiBadInputs)
