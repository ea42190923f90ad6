// Screenshot mode: the built llm-sizer renders the window to a PNG of the requested size and
// exits 0, on the offscreen platform.
#include "support/test_main.h"

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestUiScreenshot : public QObject {
    Q_OBJECT
private slots:
    void writesPng_data();
    void writesPng();
    void everyModeExitsCleanly_data();
    void everyModeExitsCleanly();
    void rejectsBadArguments_data();
    void rejectsBadArguments();
};

void TestUiScreenshot::writesPng_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QString>("theme");
    QTest::addColumn<QSize>("size");
    QTest::newRow("GPT-2 small, light, 800x600")
        << QStringLiteral("gpt-2-small") << QStringLiteral("light") << QSize(800, 600);
    QTest::newRow("Mixtral 8x7B, dark, 1280x800")
        << QStringLiteral("mixtral-8x7b") << QStringLiteral("dark") << QSize(1280, 800);
}

void TestUiScreenshot::writesPng()
{
    QFETCH(QString, preset);
    QFETCH(QString, theme);
    QFETCH(QSize, size);
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("shot.png"));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(LLMSIZER_GUI_PATH),
            {QStringLiteral("--preset"), preset, QStringLiteral("--screenshot"), png,
             QStringLiteral("--size"), QStringLiteral("%1x%2").arg(size.width()).arg(size.height()),
             QStringLiteral("--theme"), theme, QStringLiteral("--settings"),
             dir.filePath(QStringLiteral("s.ini"))});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
    QImage image;
    QVERIFY(image.load(png));
    QCOMPARE(image.size(), size);
    // Not a blank frame: many distinct colours.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 7) {
            colours.insert(image.pixel(x, y));
        }
    }
    QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
    // Screenshot mode does not touch the settings file.
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("s.ini"))));
}

// Every screenshot-mode combination (view, comparison, presentation, training, theme) renders and
// exits 0: no crash while the windows are torn down (run under ASan by the sanitizer build).
void TestUiScreenshot::everyModeExitsCleanly_data()
{
    QTest::addColumn<QStringList>("args");
    const QString compare = QStringLiteral("--compare");
    const QString four = QStringLiteral("gpt-2-small,llama-3-8b,mixtral-8x22b,deepseek-v3");
    const QString presentation = QStringLiteral("--presentation");
    const QString view = QStringLiteral("--view");
    QTest::newRow("compare one, presentation, 1920x1080")
        << QStringList{compare, QStringLiteral("llama-3-70b"), presentation,
                       QStringLiteral("--size"), QStringLiteral("1920x1080")};
    QTest::newRow("compare four, presentation, dark") << QStringList{
        compare, four, presentation, QStringLiteral("--theme"), QStringLiteral("dark")};
    QTest::newRow("compare four, charts")
        << QStringList{compare, four, QStringLiteral("--compare-charts")};
    QTest::newRow("compare four, charts, presentation, 1280x800")
        << QStringList{compare,
                       four,
                       QStringLiteral("--compare-charts"),
                       presentation,
                       QStringLiteral("--size"),
                       QStringLiteral("1280x800")};
    QTest::newRow("baseline, diagram") << QStringList{QStringLiteral("--baseline"),
                                                      QStringLiteral("llama-2-7b"),
                                                      QStringLiteral("--preset"),
                                                      QStringLiteral("llama-2-13b"),
                                                      view,
                                                      QStringLiteral("diagram")};
    for (const char* v : {"overview", "diagram", "explorer", "math", "budget", "fit"}) {
        QTest::addRow("view %s", v) << QStringList{view, QString::fromLatin1(v)};
        QTest::addRow("view %s, presentation, training", v) << QStringList{
            view, QString::fromLatin1(v), presentation, QStringLiteral("--training")};
    }
}

void TestUiScreenshot::everyModeExitsCleanly()
{
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("shot.png"));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(LLMSIZER_GUI_PATH),
            args + QStringList{QStringLiteral("--screenshot"), png, QStringLiteral("--settings"),
                               dir.filePath(QStringLiteral("s.ini"))});
    QVERIFY(p.waitForFinished(120000));
    QVERIFY2(p.exitStatus() == QProcess::NormalExit, p.readAllStandardError().constData());
    QCOMPARE(p.exitCode(), 0);
    QImage image;
    QVERIFY(image.load(png));
}

void TestUiScreenshot::rejectsBadArguments_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("unknown preset")
        << QStringList{QStringLiteral("--preset"), QStringLiteral("no-such-model")};
    QTest::newRow("bad size") << QStringList{QStringLiteral("--size"), QStringLiteral("big")};
    // Regressions: 99999x99999 crashed painting on a null device; 23200x23200 took 4.1 GB. The
    // largest size is 8K UHD, 7680x4320 (one past it is refused).
    QTest::newRow("size 99999x99999")
        << QStringList{QStringLiteral("--size"), QStringLiteral("99999x99999")};
    QTest::newRow("size one column past 7680x4320")
        << QStringList{QStringLiteral("--size"), QStringLiteral("7681x4320")};
    QTest::newRow("size one row past 7680x4320")
        << QStringList{QStringLiteral("--size"), QStringLiteral("7680x4321")};
    QTest::newRow("bad theme") << QStringList{QStringLiteral("--theme"), QStringLiteral("blue")};
    QTest::newRow("unknown baseline")
        << QStringList{QStringLiteral("--baseline"), QStringLiteral("no-such-model")};
}

void TestUiScreenshot::rejectsBadArguments()
{
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(LLMSIZER_GUI_PATH),
            args +
                QStringList{QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png"))});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(!p.readAllStandardError().isEmpty());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.png"))));
}

LLMSIZER_TEST_GUILESS_MAIN(TestUiScreenshot)
#include "tst_ui_screenshot.moc"
