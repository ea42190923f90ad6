#pragma once

// The desktop app's command line, declared once: main() parses it, and --help / --version are
// answered from it before any display is opened.
#include "llmsizer/present/lessons.h"
#include "ui/shell/viewtabs.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QRegularExpression>
#include <QSize>
#include <QString>
#include <QStringList>
#include <string>

namespace llmsizer::gui {

using ui::ViewTabs;

// Screenshot sizes: 8K UHD at most (a 7680x4320 ARGB image is 133 MB, and the grab holds two),
// so that a screenshot stays within the 512 MB every input is held to (docs/reliability.md).
constexpr QSize kMinShot(200, 150);
constexpr QSize kMaxShot(7680, 4320);

inline bool parseSize(const QString& text, QSize* size)
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

inline QString lessonList()
{
    QStringList ids;
    for (const std::string& id : lessonIds()) {
        ids << QString::fromStdString(id);
    }
    return ids.join(QStringLiteral(", "));
}

// The command line, declared once: main() parses it, and --help / --version are answered from it
// before any display is opened (they must work over ssh and in scripts with no X server).
struct Options {
    QCommandLineOption preset{QStringLiteral("preset"),
                              QStringLiteral("Start with preset ID (see presets/)."),
                              QStringLiteral("ID")};
    QCommandLineOption baseline{
        QStringLiteral("baseline"),
        QStringLiteral("Pin preset ID as the baseline (Model > Pin as baseline): every figure of "
                       "the model shown then carries its ratio to it."),
        QStringLiteral("ID")};
    QCommandLineOption screenshot{
        QStringLiteral("screenshot"),
        QStringLiteral("Render the window to FILE.png and exit (needs no display: without one, "
                       "the offscreen platform is used)."),
        QStringLiteral("FILE")};
    QCommandLineOption size{QStringLiteral("size"),
                            QStringLiteral("Window size for --screenshot (default 1600x1000)."),
                            QStringLiteral("WxH"), QStringLiteral("1600x1000")};
    QCommandLineOption theme{QStringLiteral("theme"),
                             QStringLiteral("light, dark or system (default)."),
                             QStringLiteral("THEME"), QStringLiteral("system")};
    QCommandLineOption training{QStringLiteral("training"),
                                QStringLiteral("Start in training mode.")};
    QCommandLineOption textbook{
        QStringLiteral("textbook"),
        QStringLiteral("Start with textbook numbers: memory as computed by hand (weights; in "
                       "training also gradients and optimizer states) and the 12·L·d² rule "
                       "taken to the exact count.")};
    QCommandLineOption settingsFile{QStringLiteral("settings"),
                                    QStringLiteral("Read and write settings in this INI file."),
                                    QStringLiteral("FILE")};
    QCommandLineOption compare{
        QStringLiteral("compare"),
        QStringLiteral("Compare presets IDS (comma-separated, up to 4) in the comparison window; "
                       "with --screenshot, render that window."),
        QStringLiteral("IDS")};
    QCommandLineOption compareCharts{
        QStringLiteral("compare-charts"),
        QStringLiteral("Open the comparison on its charts (narrow windows show table and charts "
                       "in tabs).")};
    QCommandLineOption compareDiagrams{
        QStringLiteral("compare-diagrams"),
        QStringLiteral("Open the comparison on its parameter diagrams, one per model at one "
                       "scale.")};
    QCommandLineOption view{QStringLiteral("view"),
                            QStringLiteral("Open on a view: %1, or diagram (the Overview "
                                           "with its parameter diagram).")
                                .arg(ViewTabs::viewNames().join(QStringLiteral(", "))),
                            QStringLiteral("NAME")};
    QCommandLineOption presentation{
        QStringLiteral("presentation"),
        QStringLiteral("Start in presentation mode (large fonts, high contrast; F5).")};
    QCommandLineOption hardware{
        QStringLiteral("hardware"),
        QStringLiteral("The My hardware view's machine, comma-separated key=value items: gpu=ID, "
                       "gpus=N, ramGB=N, runtime=llama.cpp|ollama|vllm|…, "
                       "backend=auto|rocm|vulkan (llama.cpp's, on a Radeon), context=N, "
                       "batch=N (e.g. gpu=h100-sxm-80gb,gpus=8)."),
        QStringLiteral("ITEMS")};
    QCommandLineOption sysroot{
        QStringLiteral("sysroot"),
        QStringLiteral("Detect the machine under DIR instead of / (its proc/, sys/ and the "
                       "nvidia-smi on PATH under DIR)."),
        QStringLiteral("DIR")};
    QCommandLineOption overviewChart{
        QStringLiteral("overview-chart"),
        QStringLiteral("The Overview's parameter chart: pie, diagram or rule (the 12·L·d² "
                       "rule to the exact count; default: as last shown)."),
        QStringLiteral("KIND")};
    QCommandLineOption checkpointDialog{
        QStringLiteral("checkpoint-dialog"),
        QStringLiteral("With a checkpoint given as the file, open \"Checkpoint vs estimate\"; "
                       "with --screenshot, render that dialog.")};
    QCommandLineOption gpuEditor{
        QStringLiteral("gpu-editor"),
        QStringLiteral("Open \"Custom GPUs\" (your own GPUs, beside the settings file); with "
                       "--screenshot, render that dialog.")};
    QCommandLineOption lesson{
        QStringLiteral("lesson"),
        QStringLiteral("Start a lesson of Help > Lessons: %1 (the main window is rendered with "
                       "--screenshot).")
            .arg(lessonList()),
        QStringLiteral("ID")};
    QCommandLineOption glossary{
        QStringLiteral("glossary"),
        QStringLiteral("Open Help > Glossary searching for TEXT (\"\" for every term); with "
                       "--screenshot, render that dialog."),
        QStringLiteral("TEXT")};

    void addTo(QCommandLineParser& parser) const
    {
        parser.setApplicationDescription(
            QStringLiteral("Where a transformer's parameters live and how much memory it needs."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOptions({preset,        screenshot,      size,          theme,
                           training,      textbook,        settingsFile,  compare,
                           compareCharts, compareDiagrams, view,          presentation,
                           hardware,      sysroot,         overviewChart, checkpointDialog,
                           gpuEditor,     glossary,        lesson,        baseline});
        parser.addPositionalArgument(
            QStringLiteral("file"),
            QStringLiteral("A session file, a preset JSON, a Hugging Face config.json, or a "
                           "checkpoint (.safetensors, .index.json, .gguf, or a directory)."),
            QStringLiteral("[file]"));
    }
};

} // namespace llmsizer::gui
