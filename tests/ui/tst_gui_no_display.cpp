// The app's first contact without a display (ssh, containers, CI): --help and --version print and
// exit 0 instead of aborting on "could not connect to display", and --screenshot renders offscreen
// by itself. Each run gets an environment with no DISPLAY, WAYLAND_DISPLAY or QT_QPA_PLATFORM.
#include "support/test_main.h"

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestGuiNoDisplay : public QObject {
    Q_OBJECT
private slots:
    void answersWithoutDisplay_data();
    void answersWithoutDisplay();
    void screenshotWithoutDisplay();

private:
    static QProcessEnvironment noDisplay()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) {
            env.remove(QString::fromLatin1(name));
        }
        return env;
    }
};

void TestGuiNoDisplay::answersWithoutDisplay_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected"); // a line the output must contain
    // The version is the project's (CMakeLists.txt: project(... VERSION)).
    QTest::newRow("--version") << QStringList{QStringLiteral("--version")}
                               << QStringLiteral("llm-sizer " PROJECT_VERSION);
    QTest::newRow("-v") << QStringList{QStringLiteral("-v")}
                        << QStringLiteral("llm-sizer " PROJECT_VERSION);
    QTest::newRow("--help") << QStringList{QStringLiteral("--help")}
                            << QStringLiteral("--screenshot <FILE>");
    QTest::newRow("-h after other options")
        << QStringList{QStringLiteral("--preset"), QStringLiteral("gpt-2-small"),
                       QStringLiteral("-h")}
        << QStringLiteral("--preset <ID>");
}

void TestGuiNoDisplay::answersWithoutDisplay()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    QProcess p;
    p.setProcessEnvironment(noDisplay());
    p.start(QStringLiteral(LLMSIZER_GUI_PATH), args);
    QVERIFY(p.waitForFinished(30000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == 0, qPrintable(err));
    QVERIFY2(out.contains(expected), qPrintable(out + err));
    QVERIFY2(!err.contains(QStringLiteral("display")), qPrintable(err));
}

void TestGuiNoDisplay::screenshotWithoutDisplay()
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("shot.png"));
    QProcess p;
    p.setProcessEnvironment(noDisplay());
    p.start(QStringLiteral(LLMSIZER_GUI_PATH),
            {QStringLiteral("--preset"), QStringLiteral("gpt-2-small"),
             QStringLiteral("--screenshot=") + png, QStringLiteral("--size"),
             QStringLiteral("640x480"), QStringLiteral("--settings"),
             dir.filePath(QStringLiteral("s.ini"))});
    QVERIFY(p.waitForFinished(60000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    QImage image;
    QVERIFY(image.load(png));
    QCOMPARE(image.size(), QSize(640, 480));
}

LLMSIZER_TEST_GUILESS_MAIN(TestGuiNoDisplay)
#include "tst_gui_no_display.moc"
