// llm-sizer: the desktop app. With --screenshot it renders the window to a PNG and exits, which
// works on the offscreen platform (QT_QPA_PLATFORM=offscreen).
#include "llmsizer/catalog/preset.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"
#include "options.h"
#include "ui/compare/comparepanel.h"
#include "ui/compare/comparewindow.h"
#include "ui/hardware/gpueditordialog.h"
#include "ui/hardware/hardwareview.h"
#include "ui/kit/glossarydialog.h"
#include "ui/kit/presentation.h"
#include "ui/kit/theme.h"
#include "ui/overview/parameterchart.h"
#include "ui/shell/checkpointdialog.h"
#include "ui/shell/lessons.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/hardwareitems.h"
#include "ui/state/hardwaremodel.h"
#include "ui/state/localmodelsmodel.h"
#include "ui/state/settings.h"
#include "ui/state/startup.h"
#include "ui/state/usergpus.h"

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QIcon>
#include <QImage>
#include <QMessageBox>
#include <QPixmap>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <initializer_list>
#include <memory>
#include <new>
#include <string_view>

using namespace llmsizer::ui;
using llmsizer::gui::Options;
using llmsizer::gui::parseSize;

namespace {

// Messages quote names read from files: control characters are shown, never obeyed. A message
// of several lines (the settings' problems) is printed a line at a time.
void fail(const QString& message)
{
    for (const QString& line : message.split(QLatin1Char('\n'))) {
        std::fprintf(stderr, "llm-sizer: %s\n",
                     llmsizer::terminalSafe(line.toStdString(), false).c_str());
    }
}

// The screenshot, encoded in memory and saved atomically like every other file the app writes
// (a full disk leaves the old picture, a link is written through, a pipe is refused).
QString savePng(const QImage& image, const QString& path)
{
    QByteArray png;
    QBuffer buffer(&png);
    if (!buffer.open(QIODevice::WriteOnly) || !image.save(&buffer, "PNG")) {
        return QStringLiteral("%1: cannot be written (the picture could not be encoded)").arg(path);
    }
    try {
        llmsizer::writeFileAtomically(QFile::encodeName(path).toStdString(), png.toStdString());
    } catch (const llmsizer::InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("llm-sizer"));
    QCoreApplication::setApplicationName(QStringLiteral("LLM Sizer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PROJECT_VERSION));
}

bool hasArg(int argc, char** argv, std::initializer_list<std::string_view> names)
{
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--") {
            return false;
        }
        for (std::string_view name : names) {
            if (arg == name || (arg.size() > name.size() && arg.substr(0, name.size()) == name &&
                                arg[name.size()] == '=')) {
                return true;
            }
        }
    }
    return false;
}

// --help and --version answered with a QCoreApplication, which opens no display; process() prints
// and exits 0.
void answerHelpOrVersion(int argc, char** argv)
{
    if (!hasArg(argc, argv, {"--help", "-h", "-?", "--help-all", "--version", "-v"})) {
        return;
    }
    QCoreApplication core(argc, argv);
    setIdentity();
    core.setApplicationName(QStringLiteral("llm-sizer"));
    QCommandLineParser parser;
    const Options options;
    options.addTo(parser);
    parser.process(core);
}

// Screenshot mode renders offscreen when there is no display to talk to, so that it works in a
// container, over ssh and in CI without an X server.
void preferOffscreenForScreenshots(int argc, char** argv)
{
    const bool noDisplay = qEnvironmentVariableIsEmpty("DISPLAY") &&
                           qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") &&
                           qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
    if (noDisplay && hasArg(argc, argv, {"--screenshot"})) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
}

int run(int argc, char** argv)
{
    preferOffscreenForScreenshots(argc, argv);
    QApplication app(argc, argv);
    setIdentity();
    llmsizer::setProgramDirectory(QCoreApplication::applicationDirPath().toStdString());
    QGuiApplication::setDesktopFileName(QStringLiteral("org.llmsizer.LlmSizer"));
    QApplication::setWindowIcon(
        QIcon::fromTheme(QStringLiteral("org.llmsizer.LlmSizer"),
                         QIcon(QStringLiteral(":/icons/org.llmsizer.LlmSizer.svg"))));

    QCommandLineParser parser;
    const Options o;
    o.addTo(parser);
    parser.process(app);

    bool themeOk = false;
    const Theme chosenTheme = themeFromString(parser.value(o.theme), &themeOk);
    if (!themeOk) {
        fail(QStringLiteral("--theme must be light, dark or system (got \"%1\")")
                 .arg(parser.value(o.theme)));
        return 2;
    }
    QSize windowSize;
    if (!parseSize(parser.value(o.size), &windowSize)) {
        fail(QStringLiteral("--size must be WIDTHxHEIGHT from 200x150 to 7680x4320 (got \"%1\")")
                 .arg(parser.value(o.size)));
        return 2;
    }
    applyTheme(app, chosenTheme);

    const std::unique_ptr<Settings> settings =
        parser.isSet(o.settingsFile) ? std::make_unique<Settings>(parser.value(o.settingsFile))
                                     : std::make_unique<Settings>();
    if (!settings->problem().isEmpty()) {
        fail(settings->problem()); // once, at start; the window shows it too
    }
    ConfigModel model;
    for (const QString& problem : loadCatalogs(model)) {
        fail(problem);
    }
    const bool shot = parser.isSet(o.screenshot);
    MainWindow window(&model, settings.get());
    window.setPersistent(!shot);
    // The user's GPUs after the built-ins; an invalid file is reported once, here.
    const QString gpuProblem = window.userGpus()->load().error;
    if (!gpuProblem.isEmpty()) {
        fail(gpuProblem);
    }
    if (parser.isSet(o.sysroot)) {
        window.localModels()->setSysroot(parser.value(o.sysroot));
    }
    window.restoreSettings();
    if (parser.isSet(o.training)) {
        model.setTraining(true);
    }
    if (parser.isSet(o.textbook)) {
        model.setTextbook(true);
    }
    // --baseline: pinned first; the model shown is loaded after it.
    if (parser.isSet(o.baseline)) {
        if (!model.selectPreset(parser.value(o.baseline))) {
            fail(QStringLiteral("--baseline: unknown preset \"%1\"").arg(parser.value(o.baseline)));
            return 2;
        }
        model.pinBaseline();
    }
    if (!selectStartPreset(model, parser.value(o.preset), settings->lastPreset())) {
        fail(QStringLiteral("unknown preset \"%1\"").arg(parser.value(o.preset)));
        return 2;
    }
    if (!parser.positionalArguments().isEmpty()) {
        const QString error = window.loadFile(parser.positionalArguments().front());
        if (!error.isEmpty()) {
            fail(error);
            if (shot) {
                return 1;
            }
        }
    }

    // This machine and its models: on a worker while the window opens; before the picture in
    // screenshot mode (then the detected machine is in My hardware, as at a first start).
    // Screenshots read the machine only when asked to (--sysroot, or My models shown), so that
    // the other pictures do not depend on the machine that takes them.
    if (!shot) {
        window.localModels()->refresh();
    } else if (parser.isSet(o.sysroot) || parser.value(o.view) == QLatin1String("models")) {
        window.localModels()->refreshNow();
    }
    if (parser.isSet(o.hardware)) {
        const QStringList items = parser.value(o.hardware).split(QLatin1Char(','));
        if (const QString problem = hardwareItemsProblem(items); !problem.isEmpty()) {
            fail(QStringLiteral("--hardware: ") + problem);
            return 2;
        }
        HardwareChoice choice = HardwareChoice::fromStrings(items);
        const llmsizer::GpuSpec* gpu = model.gpuCatalog().find(choice.gpu.toStdString());
        if (gpu == nullptr) {
            fail(QStringLiteral("--hardware: unknown GPU id \"%1\" (llm-sizer-cli gpus lists them)")
                     .arg(choice.gpu));
            return 2;
        }
        // A CPU-only machine is the size its entry says unless ram or ramGB sets it, as `runs
        // --gpu` without --ram and as picking it from My hardware's list.
        const bool ramGiven = std::any_of(items.begin(), items.end(), [](const QString& i) {
            return i.startsWith(QLatin1String("ram=")) || i.startsWith(QLatin1String("ramGB="));
        });
        if (gpu->cpuOnly() && !ramGiven) {
            choice.ram_bytes = gpu->memory_bytes;
        }
        window.setMachine(choice);
    }
    if (parser.isSet(o.overviewChart)) {
        bool known = false;
        const ParameterChart::Kind kind =
            ParameterChart::kindFromName(parser.value(o.overviewChart), &known);
        if (!known) {
            fail(QStringLiteral("--overview-chart must be pie, diagram or rule (got \"%1\")")
                     .arg(parser.value(o.overviewChart)));
            return 2;
        }
        window.parameterChart()->setKind(kind);
    }
    QString viewName = parser.value(o.view);
    if (viewName == QLatin1String("diagram")) {
        window.parameterChart()->setKind(ParameterChart::Kind::Diagram);
        viewName = QStringLiteral("overview");
    }
    if (parser.isSet(o.view) && !window.views()->showView(viewName)) {
        fail(QStringLiteral("--view must be one of %1, diagram (got \"%2\")")
                 .arg(ViewTabs::viewNames().join(QStringLiteral(", ")), parser.value(o.view)));
        return 2;
    }
    // Presentation mode restyles the shown window (polished widgets, real sizes).
    const auto startPresentation = [&] {
        if (parser.isSet(o.presentation)) {
            window.presentation()->setOn(true);
            // The font and palette events, the restyle they trigger, then the relayout.
            for (int i = 0; i < 3; ++i) {
                QApplication::processEvents();
            }
        }
    };

    const bool comparing = parser.isSet(o.compare);
    if (comparing) {
        for (const QString& id :
             parser.value(o.compare).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString error = window.comparison()->addPreset(id.trimmed());
            if (!error.isEmpty()) {
                fail(QStringLiteral("--compare: ") + error);
                return 2;
            }
        }
    }

    QWidget* dialog = nullptr;
    if (parser.isSet(o.checkpointDialog)) {
        dialog = window.checkpointBar()->showDialog();
        if (dialog == nullptr) {
            fail(QStringLiteral("--checkpoint-dialog needs a checkpoint file or directory"));
            return 2;
        }
    }

    if (parser.isSet(o.gpuEditor)) {
        if (dialog != nullptr) {
            fail(QStringLiteral("--gpu-editor and --checkpoint-dialog open one dialog each; give "
                                "one of them"));
            return 2;
        }
        dialog = window.showGpuEditor();
    }
    if (parser.isSet(o.lesson) && !window.findChild<Lessons*>()->start(parser.value(o.lesson))) {
        fail(QStringLiteral("--lesson: unknown lesson \"%1\" (one of %2)")
                 .arg(parser.value(o.lesson), llmsizer::gui::lessonList()));
        return 2;
    }
    if (parser.isSet(o.glossary)) {
        if (dialog != nullptr) {
            fail(QStringLiteral("--glossary opens a dialog of its own; give one of --glossary, "
                                "--gpu-editor and --checkpoint-dialog"));
            return 2;
        }
        GlossaryDialog* g = window.glossary();
        g->setQuery(parser.value(o.glossary));
        g->show();
        dialog = g;
    }

    if (shot) {
        QWidget* target = dialog != nullptr ? dialog
                          : comparing       ? static_cast<QWidget*>(window.compareWindow())
                                            : &window;
        const bool sized = dialog == nullptr || parser.isSet(o.size); // else the dialog's own
        if (sized) {
            target->resize(windowSize);
        }
        target->show();
        QApplication::processEvents();
        startPresentation();
        if (parser.isSet(o.compareCharts)) {
            window.compareWindow()->panel()->showCharts();
            QApplication::processEvents();
        }
        if (parser.isSet(o.compareDiagrams)) {
            window.compareWindow()->panel()->showDiagrams();
            QApplication::processEvents();
        }
        if (target == &window && window.hardwareView()->isVisible()) {
            window.hardwareView()->model()->computeNow(); // the rows, before the picture
            QApplication::processEvents();
        }
        // What a queued relayout changes (category labels that move a plot area, verdicts
        // wrapped to a new bar width) settles within a few rounds of events: a quarter of a
        // second of them before the picture, as a user would see it.
        QElapsedTimer settle;
        settle.start();
        while (settle.elapsed() < 250) {
            QApplication::processEvents(QEventLoop::AllEvents, 10);
        }
        const QPixmap pixmap = target->grab();
        QImage image = pixmap.toImage();
        if (sized && image.size() != windowSize) {
            image = image.scaled(windowSize, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        }
        if (const QString error = savePng(image, parser.value(o.screenshot)); !error.isEmpty()) {
            fail(error);
            return 1;
        }
        return 0;
    }
    window.show();
    startPresentation();
    if (dialog != nullptr) {
        dialog->raise(); // above the window shown after it
        dialog->activateWindow();
    }
    if (comparing) {
        window.compareWindow()->present();
    }
    if (!settings->problem().isEmpty()) {
        QTimer::singleShot(0, &window, [&window, &settings] {
            QMessageBox::warning(&window, QStringLiteral("Settings"), settings->problem());
        });
    }
    if (!gpuProblem.isEmpty()) {
        QTimer::singleShot(0, &window, [&window, gpuProblem] {
            QMessageBox::warning(&window, QStringLiteral("Custom GPUs"), gpuProblem);
        });
    }
    return QApplication::exec();
}

} // namespace

int main(int argc, char** argv)
{
    try {
        answerHelpOrVersion(argc, argv);
        return run(argc, argv);
    } catch (const std::filesystem::filesystem_error& e) {
        // Last resort: the readers use the error_code overloads, so this is a bug, reported with
        // the file and the system's reason rather than an abort.
        std::fprintf(stderr, "llm-sizer: %s: %s\n", e.path1().c_str(), e.code().message().c_str());
    } catch (const std::bad_alloc&) {
        fail(QStringLiteral("out of memory"));
    } catch (const std::exception& e) {
        fail(QString::fromStdString(e.what()));
    }
    return 3;
}
