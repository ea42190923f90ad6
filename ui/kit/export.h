#pragma once

#include "llmsizer/present/table.h"

#include <QByteArray>
#include <QImage>
#include <QString>
#include <optional>

class QWidget;

namespace llmsizer::ui {

// Writing what the comparison view shows: tables as CSV, Markdown or JSON (the core's exports,
// byte for byte), charts as PNG or SVG, a chart image to the clipboard. Every file is written
// whole to a temporary, synced and renamed (the core's writeFileAtomically, not QSaveFile, whose
// buffered small writes hide a full disk), so a failed or interrupted write leaves the old file
// (or none), never half a file or an empty one.
// Functions return an empty string on success, else "PATH: what went wrong".

QString saveFileAtomically(const QString& path, const QByteArray& data);

enum class TableFormat { Csv, Markdown, Json };
// By the file's suffix: .csv, .md / .markdown, .json; nullopt for anything else.
std::optional<TableFormat> tableFormatFor(const QString& path);
QByteArray tableBytes(const ComparisonTable& table, TableFormat format);
QString exportTable(const ComparisonTable& table, const QString& path);

enum class ImageFormat { Png, Svg };
std::optional<ImageFormat> imageFormatFor(const QString& path);
// The widget (a chart with its title and legend) painted at `scale` times its size, on its
// window colour: slides and documents get a sharp image. A `caption` (exportCaption: the model,
// the workload, the app's version, the published figure's source) is written in a strip below
// it. Whatever the mouse hovers (an exploded slice, a highlighted bar or box) is let go first:
// an export never shows the hover highlight.
QImage widgetImage(QWidget* widget, qreal scale = 2.0, const QString& caption = {});
// PNG at twice the widget's size, or SVG (vector) at its size; the format by the suffix.
QString exportWidget(QWidget* widget, const QString& path, const QString& title,
                     const QString& caption = {});
// A full-HD projector's width: "Copy image" renders at least this many pixels wide (and at least
// twice the widget's size), so that a chart pasted into a slide stays sharp when it fills it.
inline constexpr int kProjectorWidth = 1920;
// The scale "Copy image" renders `widget` at.
qreal copyScale(const QWidget* widget);
void copyWidgetImage(QWidget* widget, const QString& caption = {});
// The height of the caption strip below a widget `width` pixels wide (0 for no caption).
int captionHeight(const QWidget* widget, const QString& caption, int width);

} // namespace llmsizer::ui
