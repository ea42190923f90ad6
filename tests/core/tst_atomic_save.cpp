// writeFileAtomically, the one path by which the core saves files (sessions, the user GPU
// catalog): a writer killed with SIGKILL at any point leaves the target exactly as it was or
// exactly as intended, never partial; temporaries of killed writers are removed by the next save;
// a replaced file keeps its permissions; a link is saved through, a pipe or device never
// replaced; failures are InputErrors naming the file.
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"
#include "support/atomic_content.h"
#include "support/test_main.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <vector>

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name);
}

void write(const QString& path, const std::string& text)
{
    llmsizer::writeFileAtomically(path.toStdString(), text);
}

} // namespace

class TestAtomicSave : public QObject {
    Q_OBJECT
private slots:
    // The writer alternates 5 MiB and 3 MiB contents and is killed after a random delay, up to
    // 200 times (at most a minute): the target is always one of the two, whole.
    void killedWriterLeavesOldOrNew()
    {
        const QByteArray a = QByteArray::fromStdString(testsupport::atomicContent('A'));
        const QByteArray b = QByteArray::fromStdString(testsupport::atomicContent('B'));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString target = dir.filePath(QStringLiteral("session.json"));
        write(target, a.toStdString());

        QRandomGenerator rng(20240607); // fixed: the same schedule of delays on every run
        QElapsedTimer clock;
        clock.start();
        int iterations = 0;
        int sawA = 0;
        int sawB = 0;
        int leftTemporary = 0;
        qsizetype mostTemporaries = 0;
        qint64 writesCompleted = 0;
        qsizetype killedSinceSave = 0;
        for (; iterations < 200 && clock.elapsed() < 60000; ++iterations) {
            QProcess writer;
            writer.start(QStringLiteral(LLMSIZER_ATOMIC_WRITER_PATH), {target});
            QVERIFY(writer.waitForStarted());
            QThread::usleep(rng.bounded(150000u)); // 0 to 150 ms into the write loop
            writer.kill();                         // SIGKILL
            QVERIFY(writer.waitForFinished(10000));
            QCOMPARE(writer.exitStatus(), QProcess::CrashExit);
            const qsizetype completed = writer.readAllStandardOutput().count('\n');
            writesCompleted += completed;
            // Writers killed since the last completed save (which removed the temporaries of
            // every writer before it), this one included: each may have left one temporary.
            killedSinceSave = completed > 0 ? 1 : killedSinceSave + 1;

            const QByteArray now = readAll(target);
            if (now == a) {
                ++sawA;
            } else if (now == b) {
                ++sawB;
            } else {
                QFAIL(qPrintable(QStringLiteral("iteration %1: the target holds %2 bytes, neither "
                                                "the old nor the new content")
                                     .arg(iterations)
                                     .arg(now.size())));
            }
            const qsizetype temporaries = entries(dir.path()).size() - 1;
            QVERIFY2(temporaries <= killedSinceSave, "temporaries pile up");
            leftTemporary += temporaries > 0 ? 1 : 0;
            mostTemporaries = std::max(mostTemporaries, temporaries);
        }
        qInfo("%d kills in %lld ms: target A %d times, B %d times; %lld writes completed; a "
              "temporary was left after %d kills, at most %lld at once",
              iterations, static_cast<long long>(clock.elapsed()), sawA, sawB,
              static_cast<long long>(writesCompleted), leftTemporary,
              static_cast<long long>(mostTemporaries));
        QVERIFY(iterations >= 20);
        QCOMPARE(sawA + sawB, iterations);
        // A completed save by a live process removes every temporary of the dead writers.
        write(target, a.toStdString());
        QCOMPARE(entries(dir.path()), QStringList{QStringLiteral("session.json")});
    }

    void removesOnlyTemporariesOfDeadWriters()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString target = dir.filePath(QStringLiteral("t.json"));
        const QString live = QStringLiteral("t.json.tmp-%1").arg(::getppid());
        const QStringList keep = {QStringLiteral("other.json.tmp-999999999"),
                                  QStringLiteral("t.json.tmp-12ab"), live};
        for (const QString& name : keep + QStringList{QStringLiteral("t.json.tmp-999999999")}) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        write(target, "{}\n");
        QStringList expected = keep + QStringList{QStringLiteral("t.json")};
        expected.sort();
        QCOMPARE(entries(dir.path()), expected);
        QCOMPARE(readAll(target), QByteArray("{}\n"));
    }

    void keepsPermissionsOfTheReplacedFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString target = dir.filePath(QStringLiteral("gpus.json"));
        write(target, "old\n");
        const auto privateFile = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
        QVERIFY(QFile::setPermissions(target, privateFile));
        write(target, "new\n");
        QCOMPARE(readAll(target), QByteArray("new\n"));
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(target).constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, 0600u);
    }

    void failuresNameTheFile_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("message");
        QTest::newRow("directory does not exist")
            << QStringLiteral("missing/s.json")
            << QStringLiteral("cannot be written (cannot create a temporary file beside it: No "
                              "such file or directory)");
        QTest::newRow("target is a directory")
            << QStringLiteral("dir")
            << QStringLiteral("is not a regular file (a directory); it is not replaced");
    }
    void failuresNameTheFile()
    {
        QFETCH(QString, name);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("dir")));
        QVERIFY(QFile::copy(QStringLiteral(LLMSIZER_TEST_PRESETS_DIR "/README.md"),
                            dir.filePath(QStringLiteral("dir/inside"))));
        const QString path = dir.filePath(name);
        try {
            write(path, "{}\n");
            QFAIL("the write succeeded");
        } catch (const llmsizer::InputError& e) {
            QCOMPARE(QString::fromUtf8(e.what()), path + QStringLiteral(": ") + message);
        }
        // Nothing is left behind.
        QCOMPARE(entries(dir.path()), QStringList());
        QCOMPARE(entries(dir.filePath(QStringLiteral("dir"))),
                 QStringList{QStringLiteral("inside")});
    }

    // A save through a symbolic link replaces the file the link names and keeps the link (it
    // used to replace the link with a regular file, leaving the linked file stale); a dangling
    // link creates the file it names; a loop, a named pipe and a device are refused, unchanged.
    void savesThroughLinksAndRefusesSpecialFiles()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString real = dir.filePath(QStringLiteral("real.json"));
        const QString link = dir.filePath(QStringLiteral("link.json"));
        const QString chain = dir.filePath(QStringLiteral("chain.json"));
        write(real, "old\n");
        QVERIFY(QFile::link(QStringLiteral("real.json"), link)); // relative to its directory
        QVERIFY(QFile::link(link, chain));                       // absolute, to the first link
        write(link, "new\n");
        QCOMPARE(readAll(real), QByteArray("new\n"));
        write(chain, "newer\n");
        QCOMPARE(readAll(real), QByteArray("newer\n"));
        QVERIFY(QFileInfo(link).isSymLink());
        QVERIFY(QFileInfo(chain).isSymLink());

        const QString dangling = dir.filePath(QStringLiteral("dangling.json"));
        QVERIFY(QFile::link(QStringLiteral("later.json"), dangling));
        write(dangling, "created\n");
        QCOMPARE(readAll(dir.filePath(QStringLiteral("later.json"))), QByteArray("created\n"));
        QVERIFY(QFileInfo(dangling).isSymLink());

        const QString loop = dir.filePath(QStringLiteral("loop.json"));
        QVERIFY(QFile::link(QStringLiteral("loop.json"), loop));
        const QString fifo = dir.filePath(QStringLiteral("pipe.json"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        struct Refused {
            QString path;
            QString message;
        };
        std::vector<Refused> refused{
            {loop, QStringLiteral("cannot be written (Too many levels of symbolic links)")},
            {fifo, QStringLiteral("is not a regular file (a named pipe); it is not replaced")}};
        const QString device = dir.filePath(QStringLiteral("null.json"));
        if (::mknod(QFile::encodeName(device).constData(), S_IFCHR | 0600, makedev(1, 3)) == 0) {
            refused.push_back(
                {device, QStringLiteral("is not a regular file (a device); it is not replaced")});
        } else {
            qInfo("no device node (mknod needs root): the device row is skipped");
        }
        for (const Refused& r : refused) {
            try {
                write(r.path, "x\n");
                QFAIL(qPrintable(r.path + QStringLiteral(" was written")));
            } catch (const llmsizer::InputError& e) {
                QCOMPARE(QString::fromUtf8(e.what()), r.path + QStringLiteral(": ") + r.message);
            }
        }
        struct stat st {};
        QCOMPARE(::lstat(QFile::encodeName(fifo).constData(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));
        // Nothing else was made: no temporary is left.
        QStringList expected{QStringLiteral("chain.json"), QStringLiteral("dangling.json"),
                             QStringLiteral("later.json"), QStringLiteral("link.json"),
                             QStringLiteral("loop.json"),  QStringLiteral("pipe.json"),
                             QStringLiteral("real.json")};
        if (refused.size() == 3) {
            expected << QStringLiteral("null.json");
        }
        expected.sort();
        QCOMPARE(entries(dir.path()), expected);
    }

    // The temporary's name cannot be guessed, and it is created exclusively: a link planted
    // under the name earlier versions used ("<name>.tmp-<pid>") is never followed.
    void temporaryNamesCannotBePlanted()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString planted = dir.filePath(QStringLiteral("t.json.tmp-%1").arg(::getpid()));
        QVERIFY(QFile::link(QStringLiteral("victim.json"), planted));
        write(dir.filePath(QStringLiteral("t.json")), "{}\n");
        QCOMPARE(readAll(dir.filePath(QStringLiteral("t.json"))), QByteArray("{}\n"));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("victim.json"))));
        QVERIFY(QFileInfo(planted).isSymLink());
    }
};

LLMSIZER_TEST_GUILESS_MAIN(TestAtomicSave)
#include "tst_atomic_save.moc"
