// llm-sizer-cli against a hostile environment: output that cannot be written (/dev/full, a
// closed stdout) is an error with exit 3, never a silent truncation; file system errors (a
// symlink loop, a name too long) are messages with exit 3, never an abort; names read from files
// reach the terminal with their control characters escaped, never obeyed.
#include "support/cli_runner.h"
#include "support/test_main.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <fcntl.h>
#include <memory>
#include <unistd.h>

namespace {

using Run = llmsizer::test::CliRun;

// Runs the CLI through /bin/sh so that the test can redirect or close its stdout: `redirect` is
// appended to the command line ("> /dev/full", ">&-").
Run runShell(const QStringList& args, const QString& redirect = {})
{
    QString command = QStringLiteral("exec \"$0\"");
    for (int i = 1; i <= args.size(); ++i) {
        command += QStringLiteral(" \"${%1}\"").arg(i); // $10 would be $1 then 0
    }
    command += QLatin1Char(' ') + redirect;
    QStringList shellArgs{QStringLiteral("-c"), command, QStringLiteral(LLMSIZER_CLI_PATH)};
    shellArgs += args;
    QProcess p;
    p.setProcessEnvironment(llmsizer::test::cliEnvironment());
    p.start(QStringLiteral("/bin/sh"), shellArgs);
    Run r;
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit) {
        return r;
    }
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QByteArray le64(quint64 v)
{
    QByteArray b;
    for (int i = 0; i < 8; ++i) {
        b.append(static_cast<char>((v >> (8 * i)) & 0xFF));
    }
    return b;
}

bool writeFile(const QString& path, const QByteArray& content)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
}

// ESC, BEL, DEL and the C1 control U+009B (CSI), as raw bytes in output.
bool holdsControls(const QByteArray& text)
{
    return text.contains('\x1b') || text.contains('\x07') || text.contains('\x7f') ||
           text.contains("\xc2\x9b");
}

// An OSC 52 sequence (write the clipboard), a title change and a CSI "clear screen", as JSON
// string escapes: the parsed names hold the raw control characters.
const char* kHostile = "\\u001b]52;c;aGVsbG8=\\u0007\\u001b]0;title\\u0007\\u009b2J\\u007f";

} // namespace

class TestCliRobustness : public QObject {
    Q_OBJECT
private slots:
    // Each command's normal output sent where it cannot be written.
    void unwritableOutput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("redirect");
        QTest::addColumn<QString>("reason");
        const QStringList count{QStringLiteral("count"), QStringLiteral("--preset"),
                                QStringLiteral("llama-3-8b"), QStringLiteral("--json")};
        const QStringList presets{QStringLiteral("presets")};
        const QString full = QStringLiteral("> /dev/full");
        const QString closed = QStringLiteral(">&-");
        const QString noSpace = QStringLiteral("(No space left on device)");
        const QString isClosed = QStringLiteral("(it is closed)");
        QTest::newRow("count --json > /dev/full") << count << full << noSpace;
        QTest::newRow("presets > /dev/full") << presets << full << noSpace;
        QTest::newRow("--help > /dev/full")
            << QStringList{QStringLiteral("--help")} << full << noSpace;
        QTest::newRow("count --json, stdout closed") << count << closed << isClosed;
        QTest::newRow("presets, stdout closed") << presets << closed << isClosed;
    }
    void unwritableOutput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, redirect);
        QFETCH(QString, reason);
        const Run r = runShell(args, redirect);
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(QString::fromUtf8(r.err),
                 QStringLiteral("error: standard output: cannot be written %1\n").arg(reason));
    }

    // Regression: an id too long for a file name aborted on an uncaught filesystem_error.
    void presetIdTooLongIsUnknown()
    {
        const QString id(300, QLatin1Char('a'));
        const Run r = runShell({QStringLiteral("count"), QStringLiteral("--preset"), id});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(QString::fromUtf8(r.err),
                 QStringLiteral("error: unknown preset '%1' (see 'llm-sizer-cli presets')\n(see "
                                "'llm-sizer-cli count --help')\n")
                     .arg(id));
    }

    // Names from a file in text output and in error messages: escaped as \xNN.
    void controlCharactersAreEscaped_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QByteArray>("escaped");
        const QByteArray header =
            QByteArray("{\"") + kHostile +
            "\": {\"dtype\": \"F32\", \"shape\": [1], \"data_offsets\": [0, 4]}}";
        QTest::newRow("inspect --tensors: a tensor name")
            << QStringList{QStringLiteral("inspect"), QStringLiteral("--tensors")}
            << QStringLiteral("m.safetensors")
            << le64(static_cast<quint64>(header.size())) + header + QByteArray(4, '\0') << 0
            << QByteArray("\\x1B]52;c;aGVsbG8=\\x07\\x1B]0;title\\x07\\xC2\\x9B2J\\x7F");
        QTest::newRow("gpus: a GPU name")
            << QStringList{QStringLiteral("gpus"), QStringLiteral("--user-gpus")}
            << QStringLiteral("u.json")
            << QByteArray("{\"gpus\": [{\"id\": \"evil\", \"name\": \"") + kHostile +
                   "\", \"vendor\": \"V\", \"memory_gb\": 24, \"bandwidth_gb_s\": 100}]}"
            << 0 << QByteArray("\\x1B]52;c;aGVsbG8=\\x07");
        QTest::newRow("count: model_type in an error")
            << QStringList{QStringLiteral("count"), QStringLiteral("--config")}
            << QStringLiteral("config.json") << QByteArray("{\"model_type\": \"") + kHostile + "\"}"
            << 3
            << QByteArray("model type '\\x1B]52;c;aGVsbG8=\\x07\\x1B]0;title\\x07"
                          "\\xC2\\x9B2J\\x7F' is not known");
    }
    void controlCharactersAreEscaped()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, file);
        QFETCH(QByteArray, content);
        QFETCH(int, exitCode);
        QFETCH(QByteArray, escaped);
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(file), content));
        const Run r = runShell(args << dir.filePath(file));
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(!holdsControls(r.out), r.out.constData());
        QVERIFY2(!holdsControls(r.err), r.err.constData());
        QVERIFY2((r.out + r.err).contains(escaped), (r.out + r.err).constData());
    }

    // Usage errors that read wrong or were silently ignored: exit 2 and one exact message.
    void usageMessages_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString compute = QStringLiteral("compute --preset gpt-2-small --budget ");
        const QString budgetRange = QStringLiteral("--budget must be a number from 1 to 1e+40");
        for (const char* bad : {"-5", "nan", "inf"}) {
            QTest::addRow("compute --budget %s", bad)
                << (compute + QLatin1String(bad)).split(QLatin1Char(' '))
                << QStringLiteral("%1 (got '%2')\n(see 'llm-sizer-cli compute --help')\n")
                       .arg(budgetRange, QLatin1String(bad));
        }
        const QString fit = QStringLiteral("fit --preset gpt-2-small --gpu h100-sxm-80gb ");
        QTest::newRow("fit: a training option in inference mode")
            << (fit + QStringLiteral("--zero 3")).split(QLatin1Char(' '))
            << QStringLiteral(
                   "--zero applies to --mode training only (the mode is inference)\n(see "
                   "'llm-sizer-cli fit --help')\n");
        QTest::newRow("fit: an inference option in training mode")
            << (fit + QStringLiteral("--mode training --kv-precision fp8")).split(QLatin1Char(' '))
            << QStringLiteral("--kv-precision applies to --mode inference only (the mode is "
                              "training)\n(see 'llm-sizer-cli fit --help')\n");
        // One batch limit, Limits::maxBatch = 65,536, for the app, session files and the CLI.
        QTest::newRow("memory --batch one past the limit")
            << QStringLiteral("memory --preset gpt-2-small --batch 65537").split(QLatin1Char(' '))
            << QStringLiteral("--batch must be an integer from 1 to 65,536 (got '65537')\n(see "
                              "'llm-sizer-cli memory --help')\n");
        QTest::newRow("fit --batch one past the limit")
            << (fit + QStringLiteral("--batch 65537")).split(QLatin1Char(' '))
            << QStringLiteral("--batch must be an integer from 1 to 65,536 (got '65537')\n(see "
                              "'llm-sizer-cli fit --help')\n");
        QTest::newRow("an option given twice")
            << QStringLiteral("memory --preset llama-3-8b --context 4096 --context 8192")
                   .split(QLatin1Char(' '))
            << QStringLiteral("--context is given twice (give it once)\n(see 'llm-sizer-cli "
                              "memory --help')\n");
    }
    void usageMessages()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = runShell(args);
        QCOMPARE(QString::fromUtf8(r.err), QStringLiteral("error: ") + message);
        QCOMPARE(r.exitCode, 2);
    }

    // The batch limit itself is accepted by every command that takes a batch.
    void batchAtTheLimit_data()
    {
        QTest::addColumn<QString>("command");
        QTest::newRow("memory") << QStringLiteral("memory --preset gpt-2-small --batch 65536");
        QTest::newRow("fit") << QStringLiteral(
            "fit --preset gpt-2-small --gpu h100-sxm-80gb --batch 65536");
        QTest::newRow("fit, training") << QStringLiteral(
            "fit --preset gpt-2-small --gpu h100-sxm-80gb --mode training --batch 65536");
        QTest::newRow("train") << QStringLiteral("train --preset gpt-2-small --micro-batch 65536");
    }
    void batchAtTheLimit()
    {
        QFETCH(QString, command);
        const Run r = runShell(command.split(QLatin1Char(' ')) << QStringLiteral("--json"));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("65536"), r.out.constData());
    }

    // File names that are not UTF-8 (byte 0xFF) are opened byte for byte and named escaped; they
    // went through QString and became U+FFFD, so no such file could be opened.
    void nonUtf8FileNames_data()
    {
        QTest::addColumn<QString>("command"); // %1: the file, as a shell word
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QByteArray>("expected"); // in stdout (exit 0) or stderr
        QFile preset(QStringLiteral(LLMSIZER_TEST_PRESETS_DIR "/gpt-2-small.json"));
        QVERIFY(preset.open(QIODevice::ReadOnly));
        const QByteArray gpt2 = preset.readAll();
        QTest::newRow("count --config FILE")
            << QStringLiteral("count --config %1") << gpt2 << 0 << QByteArray("124,439,808");
        QTest::newRow("count --config=FILE")
            << QStringLiteral("count --config=%1") << gpt2 << 0 << QByteArray("124,439,808");
        QTest::newRow("gpus --user-gpus FILE")
            << QStringLiteral("gpus --user-gpus %1")
            << QByteArray(R"({"gpus": [{"id": "mine", "name": "My GPU", "vendor": "V",
                "memory_gb": 24, "bandwidth_gb_s": 100}]})")
            << 0 << QByteArray("My GPU");
        const QByteArray header =
            R"({"a": {"dtype": "F32", "shape": [3], "data_offsets": [0, 12]}})";
        QTest::newRow("inspect FILE")
            << QStringLiteral("inspect --json %1")
            << le64(static_cast<quint64>(header.size())) + header + QByteArray(12, '\0') << 0
            << QByteArray("\"total_params\": 3,");
        QTest::newRow("a bad file is named escaped")
            << QStringLiteral("count --config %1") << QByteArray("{") << 3
            << QByteArray("m\\xFF.bin: not valid JSON");
    }
    void nonUtf8FileNames()
    {
        QFETCH(QString, command);
        QFETCH(QByteArray, content);
        QFETCH(int, exitCode);
        QFETCH(QByteArray, expected);
        QTemporaryDir dir;
        const QByteArray name = QFile::encodeName(dir.path()) + "/m\xFF.bin";
        // QTemporaryDir cannot name the file to remove it.
        const std::unique_ptr<const char, int (*)(const char*)> removed(name.constData(),
                                                                        &::unlink);
        const int fd = ::open(name.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        QVERIFY(fd >= 0);
        QCOMPARE(::write(fd, content.constData(), static_cast<std::size_t>(content.size())),
                 static_cast<ssize_t>(content.size()));
        ::close(fd);
        // The shell makes the byte: QProcess arguments are QStrings.
        const QString word = QStringLiteral("\"$(printf '%1/m\\377.bin')\"").arg(dir.path());
        QProcess p;
        p.setProcessEnvironment(llmsizer::test::cliEnvironment());
        p.start(QStringLiteral("/bin/sh"),
                {QStringLiteral("-c"), QStringLiteral("exec \"$0\" ") + command.arg(word),
                 QStringLiteral(LLMSIZER_CLI_PATH)});
        QVERIFY(p.waitForFinished(30000));
        const QByteArray out = p.readAllStandardOutput();
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitCode() == exitCode, err.constData());
        QVERIFY2((exitCode == 0 ? out : err).contains(expected), (out + err).constData());
    }

    // The same commands with a writable stdout succeed (the check is not always failing).
    void writableOutputSucceeds()
    {
        const Run r = runShell({QStringLiteral("presets")}, QStringLiteral("> /dev/null"));
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, QByteArray());
    }
};

LLMSIZER_TEST_MAIN(TestCliRobustness)
#include "tst_cli_robustness.moc"
