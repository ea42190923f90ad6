// First contact on a small screen: the main window and the Compare window open at a size that fits
// the screen's available geometry (a 1280x800 laptop, a projector), and each reopens where the
// user left it. The offscreen platform is given one 1280x800 screen, smaller than either window's
// preferred size (1600x1000 and 1500x950).
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/compare/comparewindow.h"
#include "ui/overview/memorypanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/state/configmodel.h"
#include "ui/state/settings.h"
#include "ui/state/startup.h"

#include <QApplication>
#include <QFile>
#include <QScreen>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace llmsizer::ui;

class TestUiWindowSize : public QObject {
    Q_OBJECT
private slots:
    void firstStartFitsTheScreen();
    void geometryIsRemembered();
    void barNamesFitTheirBars_data();
    void barNamesFitTheirBars();
};

namespace {

struct Session {
    std::unique_ptr<ConfigModel> model = std::make_unique<ConfigModel>();
    std::unique_ptr<MainWindow> window;
    explicit Session(Settings* settings)
    {
        QVERIFY(loadCatalogs(*model).isEmpty());
        window = std::make_unique<MainWindow>(model.get(), settings);
        window->restoreSettings();
    }
};

} // namespace

void TestUiWindowSize::firstStartFitsTheScreen()
{
    QTemporaryDir dir;
    Settings settings(dir.filePath(QStringLiteral("s.ini")));
    Session s(&settings);
    const QSize room = s.window->screen()->availableGeometry().size();
    QVERIFY2(room.width() < 1600 && room.height() < 1000, "the test needs a small screen");
    QVERIFY2(s.window->width() <= room.width() && s.window->height() <= room.height(),
             qPrintable(QStringLiteral("%1x%2 on %3x%4")
                            .arg(s.window->width())
                            .arg(s.window->height())
                            .arg(room.width())
                            .arg(room.height())));
    const QWidget* compare = s.window->compareWindow();
    QVERIFY(compare->width() <= room.width() && compare->height() <= room.height());
}

void TestUiWindowSize::geometryIsRemembered()
{
    QTemporaryDir dir;
    Settings settings(dir.filePath(QStringLiteral("s.ini")));
    // Sizes a user might drag the windows to, inside the screen and above their minimum sizes.
    const QSize mainSize(1150, 720);
    const QSize compareSize(1000, 650);
    {
        Session s(&settings);
        s.window->show();
        s.window->compareWindow()->show();
        QVERIFY(s.window->size() != mainSize);
        s.window->resize(mainSize);
        s.window->compareWindow()->resize(compareSize);
        QCOMPARE(s.window->size(), mainSize);
        QCOMPARE(s.window->compareWindow()->size(), compareSize);
        QVERIFY(s.window->close());
    }
    Session again(&settings);
    QCOMPARE(again.window->size(), mainSize);
    QCOMPARE(again.window->compareWindow()->size(), compareSize);
}

void TestUiWindowSize::barNamesFitTheirBars_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("training");
    QTest::addColumn<bool>("gguf");
    for (const QSize size : {QSize(1280, 800), QSize(1920, 1080)}) {
        for (const bool training : {false, true}) {
            for (const bool gguf : {false, true}) {
                QTest::addRow("%dx%d%s%s", size.width(), size.height(), training ? " training" : "",
                              gguf ? " gguf" : "")
                    << size << training << gguf;
            }
        }
    }
}

// Every bar's name fits under its bar (Qt elides a longer one to "FP16/BF…"): at 1280×800 the
// bars are named by bit width ("16-bit"), at 1920×1080 in full ("FP16/BF16").
void TestUiWindowSize::barNamesFitTheirBars()
{
    QFETCH(QSize, size);
    QFETCH(bool, training);
    QFETCH(bool, gguf);
    llmsizer::test::WindowFixture f(QStringLiteral("llama-3-70b"), {size, true, false});
    f.model->setTraining(training);
    if (gguf) {
        f.model->setExtraPrecisions({QStringLiteral("q4_k_m")});
    }
    QApplication::processEvents();
    const MemoryChartWidget* chart = f.window->memoryPanel()->chart();
    const QStringList names = chart->categories();
    QVERIFY(!names.isEmpty());
    // What Qt draws: no axis label or title elided.
    for (const QString& text : chart->drawnTexts()) {
        QVERIFY2(!text.endsWith(QStringLiteral("...")) && !text.endsWith(QChar(0x2026)),
                 qPrintable(text));
    }
    if (size.width() >= 1920) {
        QVERIFY2(
            names.contains(training ? QStringLiteral("BF16 mixed") : QStringLiteral("FP16/BF16")),
            qPrintable(names.join(QLatin1Char(','))));
    }
}

static int unitMain(int argc, char** argv)
{
    QTemporaryDir dir;
    QFile config(dir.filePath(QStringLiteral("screens.json")));
    if (!config.open(QIODevice::WriteOnly) ||
        config.write(R"({"screens": [{"name": "projector", "x": 0, "y": 0, "width": 1280,
                         "height": 800, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})") <
            0) {
        return 1;
    }
    config.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.fileName().toUtf8());
    QApplication app(argc, argv);
    TestUiWindowSize test;
    return QTest::qExec(&test, argc, argv);
}
LLMSIZER_TEST_CUSTOM_MAIN(unitMain)
#include "tst_ui_window_size.moc"
