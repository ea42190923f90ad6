// Unbounded lists from files the user can edit stay bounded in the app: a settings file listing
// 200,000 recent files shows kMax of them (the menu was refilled with every one, 29 s at start).
// Settings are read strictly: a boolean is true or false, never "maybe"; a file that cannot be
// read is kept as a copy and reported, and so is a settings path that is a directory.
#include "support/test_main.h"
#include "ui/shell/recentfiles.h"
#include "ui/state/settings.h"

#include <QDir>
#include <QFile>
#include <QMenu>
#include <QTemporaryDir>
#include <QTest>

using namespace llmsizer::ui;

class TestUiLimits : public QObject {
    Q_OBJECT
private slots:
    void recentFilesAreCapped()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("settings.ini")));
        QStringList many;
        for (int i = 0; i < 20'000; ++i) { // far past the cap; 200,000 is too slow under ASan
            many << QStringLiteral("/tmp/session-%1.json").arg(i);
        }
        settings.setRecentFiles(many);
        RecentFiles recent(&settings);
        QCOMPARE(recent.files().size(), RecentFiles::kMax);
        QCOMPARE(recent.files().front(), QStringLiteral("/tmp/session-0.json"));
        QMenu menu;
        recent.attachMenu(&menu);
        // kMax files, a separator and "Clear Menu".
        QCOMPARE(menu.actions().size(), RecentFiles::kMax + 2);
    }

    void booleansAreReadStrictly()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("settings.ini"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[memory]\nbinaryUnits=maybe\ntraining=2\nlogScale=true\n");
        f.close();
        Settings settings(file);
        QCOMPARE(settings.binaryUnits(), false);
        QCOMPARE(settings.training(), false);
        QCOMPARE(settings.logScale(), true);
        QCOMPARE(settings.problem(),
                 file +
                     QStringLiteral(": memory/binaryUnits: 'maybe' is not true or false (false "
                                    "is used)\n") +
                     file +
                     QStringLiteral(": memory/training: '2' is not true or false (false is "
                                    "used)"));
    }

    // A section header without its "]" is not INI: the file is kept, byte for byte, as
    // NAME.unreadable before anything can overwrite it.
    void anUnreadableFileIsKept()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("settings.ini"));
        const QByteArray content = "[memory\nbinaryUnits=true\n";
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        Settings settings(file);
        const QString copy = file + QStringLiteral(".unreadable");
        QCOMPARE(settings.problem(),
                 file + QStringLiteral(": is not a settings file (line 1 is neither a [section], "
                                       "a key=value nor a comment); the defaults are used (the "
                                       "file is kept as %1)")
                            .arg(copy));
        QFile kept(copy);
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), content);
    }

    void aDirectoryIsReported()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("settings.ini"));
        QVERIFY(QDir().mkdir(path));
        Settings settings(path);
        QCOMPARE(settings.problem(),
                 path + QStringLiteral(": is a directory; settings cannot be saved"));
    }
};

LLMSIZER_TEST_MAIN(TestUiLimits)
#include "tst_ui_limits.moc"
