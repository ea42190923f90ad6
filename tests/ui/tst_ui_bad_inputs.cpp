// The bad-input suite through the app: every malformed model file, preset, checkpoint and session
// that the CLI refuses is refused by File > Open (MainWindow::loadFile) with the same message,
// and the current model, its counts and the charts are left exactly as they were.
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
#include <unistd.h>

using namespace llmsizer;
using namespace llmsizer::ui;
using testsupport::Make;

class TestUiBadInputs : public QObject {
    Q_OBJECT
private:
    // Opens `file` (relative to the current directory, as the CLI rows name it) in a window
    // showing Llama 3 70B and checks the error and that nothing changed.
    static void openAndCompare(const QString& file, const QString& message)
    {
        QTemporaryDir settingsDir;
        Settings settings(settingsDir.filePath(QStringLiteral("settings.ini")));
        ConfigModel model;
        loadCatalogs(model);
        MainWindow window(&model, &settings);
        window.setPersistent(false);
        QVERIFY(model.selectPreset(QStringLiteral("llama-3-70b")));
        const ModelConfig before = model.config();
        const QString preset = model.presetId();
        QSignalSpy changed(&model, &ConfigModel::changed);

        QCOMPARE(window.loadFile(file), message);
        QCOMPARE(changed.size(), 0);
        QVERIFY(model.config() == before);
        QCOMPARE(model.presetId(), preset);
        // 70,553,706,496: Llama 3.1 70B's published count (hf-configs index.json).
        QCOMPARE(quint64(model.count().total), quint64(70'553'706'496ull));
        QVERIFY(model.checkpoint() == nullptr);
    }

private slots:
    void openRejects_data() { testsupport::addBadInputRows(); }
    void openRejects()
    {
        QFETCH(QString, command);
        QFETCH(QString, file);
        QFETCH(int, make);
        QFETCH(QByteArray, content);
        QFETCH(qint64, size);
        QFETCH(QString, message);
        if (!command.startsWith(QStringLiteral("count")) && command != QStringLiteral("inspect")) {
            QSKIP(
                "a user GPU catalog is read by the CLI (--user-gpus); the app opens no such file");
        }
        if (static_cast<Make>(make) == Make::Unreadable && ::geteuid() == 0) {
            QSKIP("running as root: a chmod 000 file is still readable, so it cannot be refused");
        }
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(
            testsupport::makeBadInput(dir.path(), file, static_cast<Make>(make), content, size));
        // The rows name the file as the CLI was given it: relative to the working directory.
        struct WorkIn {
            QString previous = QDir::currentPath();
            explicit WorkIn(const QString& d) { QDir::setCurrent(d); }
            ~WorkIn() { QDir::setCurrent(previous); }
        } workIn(dir.path());
        // The app opens a directory as a checkpoint directory (File > Open, drag and drop), so
        // a directory named like a model file is refused for holding no checkpoint.
        openAndCompare(file, static_cast<Make>(make) == Make::Directory
                                 ? file + QStringLiteral(": holds no .safetensors, "
                                                         ".safetensors.index.json or .gguf file")
                                 : message);
    }

    void openRejectsSessions_data() { testsupport::addSessionRows(); }
    void openRejectsSessions()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        if (!content.isEmpty() && !content.contains("\"format\"")) {
            QSKIP("the app tells the kinds apart: this file opens as what it is (a preset)");
        }
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QVERIFY(testsupport::makeBadInput(dir.path(), QStringLiteral("s.json"), Make::File, content,
                                          0));
        openAndCompare(path, path + QStringLiteral(": ") + message);
    }
};

LLMSIZER_TEST_MAIN(TestUiBadInputs)
#include "tst_ui_bad_inputs.moc"
