// Malformed and hostile inputs for every parser, met the way a user meets them: each row writes
// one input file, runs llm-sizer-cli on it and expects exit code 3, nothing on stdout and exactly
// one line "error: FILE: FIELD: what is wrong" on stderr. Session files have no CLI command and
// are read through loadSession with the same expectations on the message.
#include "tst_bad_inputs.h"

#include "llmsizer/catalog/session.h"
#include "llmsizer/text/error.h"
#include "support/bad_input_rows.h"
#include "support/cli_runner.h"
#include "support/test_main.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using Run = llmsizer::test::CliRun;

Run runCli(const QStringList& args, const QString& workDir)
{
    return llmsizer::test::runCliAt(QStringLiteral(LLMSIZER_CLI_PATH), args, workDir);
}

} // namespace

void TestBadInputs::cliRejects_data()
{
    testsupport::addBadInputRows();
}

void TestBadInputs::cliRejects()
{
    QFETCH(QString, command);
    QFETCH(QString, file);
    QFETCH(int, make);
    QFETCH(QByteArray, content);
    QFETCH(qint64, size);
    QFETCH(QString, message);
    if (static_cast<testsupport::Make>(make) == testsupport::Make::Unreadable && ::geteuid() == 0) {
        QSKIP("running as root: a chmod 000 file is still readable, so it cannot be refused");
    }
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(testsupport::makeBadInput(dir.path(), file, static_cast<testsupport::Make>(make),
                                      content, size));
    QStringList args = command.split(QLatin1Char(' '));
    args << file;
    const Run r = runCli(args, dir.path());
    QCOMPARE(QString::fromUtf8(r.err), QStringLiteral("error: ") + message + QLatin1Char('\n'));
    QCOMPARE(r.exitCode, 3);
    QCOMPARE(r.out, QByteArray());
}

void TestBadInputs::everyModelCommandRejects_data()
{
    QTest::addColumn<QStringList>("args");
    for (const char* command : {"count", "memory", "train", "compute", "fit --gpu h100-sxm-80gb"}) {
        QTest::newRow(command) << QString::fromLatin1(command).split(QLatin1Char(' '));
    }
}

// One bad model file, every command that reads one: the same message and exit code.
void TestBadInputs::everyModelCommandRejects()
{
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(testsupport::makeBadInput(
        dir.path(), QStringLiteral("config.json"), testsupport::Make::File,
        R"({"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 2,
                          "num_attention_heads": 32, "num_key_value_heads": 5,
                          "intermediate_size": 14336, "vocab_size": 128256})",
        0));
    const Run r =
        runCli(args << QStringLiteral("--config") << QStringLiteral("config.json"), dir.path());
    QCOMPARE(QString::fromUtf8(r.err),
             QStringLiteral("error: config.json: num_key_value_heads: must divide n_heads (32 is "
                            "not a multiple of 5)\n"));
    QCOMPARE(r.exitCode, 3);
    QCOMPARE(r.out, QByteArray());
}

void TestBadInputs::sessionRejects_data()
{
    testsupport::addSessionRows();
}

void TestBadInputs::sessionRejects()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("s.json"));
    QVERIFY(testsupport::makeBadInput(dir.path(), QStringLiteral("s.json"), testsupport::Make::File,
                                      content, 0));
    try {
        (void)llmsizer::loadSession(path.toStdString());
        QFAIL("the session was accepted");
    } catch (const llmsizer::InputError& e) {
        QCOMPARE(QString::fromUtf8(e.what()), path + QStringLiteral(": ") + message);
        QCOMPARE(QString::fromStdString(e.file()), path);
    }
}

void TestBadInputs::checkpointTreeRejects_data()
{
    testsupport::addCheckpointTreeRows();
}

void TestBadInputs::checkpointTreeRejects()
{
    QFETCH(testsupport::TreeMaker, make);
    QFETCH(QString, open);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(testsupport::makeTree(dir.path(), make));
    const Run r = runCli({QStringLiteral("inspect"), open}, dir.path());
    QCOMPARE(QString::fromUtf8(r.err), QStringLiteral("error: ") + message + QLatin1Char('\n'));
    QCOMPARE(r.exitCode, 3);
    QCOMPARE(r.out, QByteArray());
}

void TestBadInputs::checkpointTreeNotes_data()
{
    testsupport::addCheckpointNoteRows();
}

void TestBadInputs::checkpointTreeNotes()
{
    QFETCH(testsupport::TreeMaker, make);
    QFETCH(QString, open);
    QFETCH(QString, note);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(testsupport::makeTree(dir.path(), make));
    const Run r = runCli({QStringLiteral("inspect"), open, QStringLiteral("--json")}, dir.path());
    QCOMPARE(r.exitCode, 0);
    const nlohmann::json j = nlohmann::json::parse(r.out.toStdString());
    QStringList notes;
    for (const auto& n : j.value("notes", nlohmann::json::array())) {
        notes << QString::fromStdString(n.get<std::string>());
    }
    notes << QString::fromStdString(j.value("estimate_note", std::string()));
    QVERIFY2(notes.contains(note), qPrintable(notes.join(QLatin1Char('\n'))));
}

LLMSIZER_TEST_GUILESS_MAIN(TestBadInputs)
