// llm-sizer: the desktop app. With --screenshot it renders the window to a PNG and exits, which
// works on the offscreen platform (QT_QPA_PLATFORM=offscreen).
#include "llmsizer/format.h"
#include "ui/checkpointdialog.h"
#include "ui/compare/comparepanel.h"
#include "ui/compare/comparewindow.h"
#include "ui/compare/comparisonmodel.h"
#include "ui/configmodel.h"
#include "ui/explore/exploreviews.h"
#include "ui/explore/presentation.h"
#include "ui/mainwindow.h"
#include "ui/settings.h"
#include "ui/startup.h"
#include "ui/theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QImage>
#include <QMessageBox>
#include <QPixmap>
#include <QRegularExpression>
#include <QTimer>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <new>

using namespace llmsizer::ui;

namespace {

// Messages quote names read from files: control characters are shown, never obeyed.
void fail(const QString& message)
{
    std::fprintf(stderr, "llm-sizer: %s\n",
                 llmsizer::terminalSafe(message.toStdString(), false).c_str());
}

// Screenshot sizes: 8K UHD at most (a 7680x4320 ARGB image is 133 MB, and the grab holds two),
// so that a screenshot stays within the 512 MB every input is held to (docs/reliability.md).
constexpr QSize kMinShot(200, 150);
constexpr QSize kMaxShot(7680, 4320);

bool parseSize(const QString& text, QSize* size)
{
    static const QRegularExpression re(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$"));
    const QRegularExpressionMatch m = re.match(text.trimmed().toLower());
    if (!m.hasMatch()) {
        return false;
    }
    *size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
    return size->width() >= kMinShot.width() && size->height() >= kMinShot.height() &&
           size->width() <= kMaxShot.width() && size->height() <= kMaxShot.height();
}

int run(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("llm-sizer"));
    QApplication::setApplicationName(QStringLiteral("LLM Sizer"));
    QApplication::setApplicationVersion(QStringLiteral(PROJECT_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Where a transformer's parameters live and how much memory it needs."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption preset(QStringLiteral("preset"),
                                    QStringLiteral("Start with preset ID (see presets/)."),
                                    QStringLiteral("ID"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render the window to FILE.png and exit."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption size(
        QStringLiteral("size"), QStringLiteral("Window size for --screenshot (default 1600x1000)."),
        QStringLiteral("WxH"), QStringLiteral("1600x1000"));
    const QCommandLineOption theme(QStringLiteral("theme"),
                                   QStringLiteral("light, dark or system (default)."),
                                   QStringLiteral("THEME"), QStringLiteral("system"));
    const QCommandLineOption training(QStringLiteral("training"),
                                      QStringLiteral("Start in training mode."));
    const QCommandLineOption settingsFile(
        QStringLiteral("settings"), QStringLiteral("Read and write settings in this INI file."),
        QStringLiteral("FILE"));
    const QCommandLineOption compare(
        QStringLiteral("compare"),
        QStringLiteral("Compare presets IDS (comma-separated, up to 4) in the comparison window; "
                       "with --screenshot, render that window."),
        QStringLiteral("IDS"));
    const QCommandLineOption compareCharts(
        QStringLiteral("compare-charts"),
        QStringLiteral("Open the comparison on its charts (narrow windows show table and charts "
                       "in tabs)."));
    const QCommandLineOption view(QStringLiteral("view"),
                                  QStringLiteral("Open on a view: %1.")
                                      .arg(ExploreViews::viewNames().join(QStringLiteral(", "))),
                                  QStringLiteral("NAME"));
    const QCommandLineOption presentation(
        QStringLiteral("presentation"),
        QStringLiteral("Start in presentation mode (large fonts, high contrast; F5)."));
    const QCommandLineOption checkpointDialog(
        QStringLiteral("checkpoint-dialog"),
        QStringLiteral("With a checkpoint given as the file, open \"Checkpoint vs estimate\"; "
                       "with --screenshot, render that dialog."));
    parser.addOptions({preset, screenshot, size, theme, training, settingsFile, compare,
                       compareCharts, view, presentation, checkpointDialog});
    parser.addPositionalArgument(
        QStringLiteral("file"),
        QStringLiteral("A session file, a preset JSON, a Hugging Face config.json, or a "
                       "checkpoint (.safetensors, .index.json, .gguf, or a directory)."),
        QStringLiteral("[file]"));
    parser.process(app);

    bool themeOk = false;
    const Theme chosenTheme = themeFromString(parser.value(theme), &themeOk);
    if (!themeOk) {
        fail(QStringLiteral("--theme must be light, dark or system (got \"%1\")")
                 .arg(parser.value(theme)));
        return 2;
    }
    QSize windowSize;
    if (!parseSize(parser.value(size), &windowSize)) {
        fail(QStringLiteral("--size must be WIDTHxHEIGHT from 200x150 to 7680x4320 (got \"%1\")")
                 .arg(parser.value(size)));
        return 2;
    }
    applyTheme(app, chosenTheme);

    const std::unique_ptr<Settings> settings =
        parser.isSet(settingsFile) ? std::make_unique<Settings>(parser.value(settingsFile))
                                   : std::make_unique<Settings>();
    if (!settings->problem().isEmpty()) {
        fail(settings->problem()); // once, at start; the window shows it too
    }
    ConfigModel model;
    for (const QString& problem : loadCatalogs(model)) {
        fail(problem);
    }
    const bool shot = parser.isSet(screenshot);
    MainWindow window(&model, settings.get());
    window.setPersistent(!shot);
    window.restoreSettings();
    if (parser.isSet(training)) {
        model.setTraining(true);
    }
    if (!selectStartPreset(model, parser.value(preset), settings->lastPreset())) {
        fail(QStringLiteral("unknown preset \"%1\"").arg(parser.value(preset)));
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

    if (parser.isSet(view) && !window.explore()->showView(parser.value(view))) {
        fail(QStringLiteral("--view must be one of %1 (got \"%2\")")
                 .arg(ExploreViews::viewNames().join(QStringLiteral(", ")), parser.value(view)));
        return 2;
    }
    // Presentation mode restyles the shown window (polished widgets, real sizes).
    const auto startPresentation = [&] {
        if (parser.isSet(presentation)) {
            window.explore()->presentation()->setOn(true);
            // The font and palette events, the restyle they trigger, then the relayout.
            for (int i = 0; i < 3; ++i) {
                QApplication::processEvents();
            }
        }
    };

    const bool comparing = parser.isSet(compare);
    if (comparing) {
        for (const QString& id :
             parser.value(compare).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString error = window.comparison()->addPreset(id.trimmed());
            if (!error.isEmpty()) {
                fail(QStringLiteral("--compare: ") + error);
                return 2;
            }
        }
    }

    QWidget* dialog = nullptr;
    if (parser.isSet(checkpointDialog)) {
        dialog = window.checkpointBar()->showDialog();
        if (dialog == nullptr) {
            fail(QStringLiteral("--checkpoint-dialog needs a checkpoint file or directory"));
            return 2;
        }
    }

    if (shot) {
        QWidget* target = dialog != nullptr ? dialog
                          : comparing       ? static_cast<QWidget*>(window.compareWindow())
                                            : &window;
        const bool sized = dialog == nullptr || parser.isSet(size); // else the dialog's own
        if (sized) {
            target->resize(windowSize);
        }
        target->show();
        QApplication::processEvents();
        startPresentation();
        if (parser.isSet(compareCharts)) {
            window.compareWindow()->panel()->showCharts();
            QApplication::processEvents();
        }
        const QPixmap pixmap = target->grab();
        QImage image = pixmap.toImage();
        if (sized && image.size() != windowSize) {
            image = image.scaled(windowSize, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        }
        if (!image.save(parser.value(screenshot), "PNG")) {
            fail(QStringLiteral("cannot write %1").arg(parser.value(screenshot)));
            return 1;
        }
        return 0;
    }
    if (settings->windowGeometry().isEmpty()) {
        window.resize(1600, 1000);
    }
    window.show();
    if (!settings->problem().isEmpty()) {
        QTimer::singleShot(0, &window, [&window, &settings] {
            QMessageBox::warning(&window, QStringLiteral("Settings"), settings->problem());
        });
    }
    startPresentation();
    if (comparing) {
        window.compareWindow()->present();
    }
    return QApplication::exec();
}

} // namespace

int main(int argc, char** argv)
{
    try {
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
