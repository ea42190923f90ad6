#include "ui/kit/export.h"

#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"

#include <QBuffer>
#include <QClipboard>
#include <QCoreApplication>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QFontMetrics>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QGuiApplication>
#include <QPainter>
#include <QSvgGenerator>
#include <QWidget>
#include <algorithm>
#include <filesystem>
#include <utility>
#include <vector>

namespace llmsizer::ui {

namespace {

QString failure(const QString& path, const QString& what)
{
    return QStringLiteral("%1: %2").arg(path, what);
}

QString suffixOf(const QString& path)
{
    return QFileInfo(path).suffix().toLower();
}

// Lays out a widget that was never shown, so that it paints at a sensible size.
void ensureLaidOut(QWidget* widget)
{
    if (!widget->testAttribute(Qt::WA_WState_Created) || widget->size().isEmpty()) {
        widget->resize(widget->size().expandedTo(widget->sizeHint()));
    }
    widget->ensurePolished();
}

// Sends every widget under `widget` a Leave event, as the mouse leaving it does: hover state
// (chart items, diagram boxes) is dropped before the widget is painted for an export.
void releaseHover(QWidget* widget)
{
    QList<QWidget*> all = widget->findChildren<QWidget*>();
    all.prepend(widget);
    for (QWidget* w : all) {
        QEvent leave(QEvent::Leave);
        QCoreApplication::sendEvent(w, &leave);
    }
}

constexpr int kCaptionMargin = 6;

QFont captionFont(const QWidget* widget)
{
    QFont f = widget->font();
    f.setPointSizeF(std::max(7.0, f.pointSizeF() * 0.85));
    return f;
}

QRect captionRect(const QWidget* widget, const QString& caption, int width)
{
    const QFontMetrics fm(captionFont(widget));
    return fm.boundingRect(QRect(0, 0, std::max(1, width - 2 * kCaptionMargin), 10'000),
                           Qt::TextWordWrap | Qt::AlignLeft, caption);
}

// A widget ready to be painted into an image: laid out, no hover left on it, and the image's size
// with the caption strip (`strip` pixels, 0 without a caption) below the widget.
struct Captioned {
    QSize size;
    int strip = 0;
};

Captioned prepareImage(QWidget* widget, const QString& caption)
{
    ensureLaidOut(widget);
    releaseHover(widget);
    const int strip = captionHeight(widget, caption, widget->width());
    return {QSize(widget->width(), widget->height() + strip), strip};
}

// Charts draw their lines from pixmaps on screen (charts/chartstyle.h cacheStaticItems); an
// export draws every item itself, so that an SVG keeps its lines as vectors and a PNG at twice the
// size draws them at its own resolution. The items get their pixmaps back when the export is done.
class ItemCachesOff {
public:
    explicit ItemCachesOff(QWidget* widget)
    {
        QList<QGraphicsView*> views = widget->findChildren<QGraphicsView*>();
        if (auto* view = qobject_cast<QGraphicsView*>(widget)) {
            views.append(view);
        }
        for (const QGraphicsView* view : views) {
            if (view->scene() == nullptr) {
                continue;
            }
            for (QGraphicsItem* item : view->scene()->items()) {
                if (item->cacheMode() != QGraphicsItem::NoCache) {
                    m_cached.push_back({item, item->cacheMode()});
                    item->setCacheMode(QGraphicsItem::NoCache);
                }
            }
        }
    }
    ~ItemCachesOff()
    {
        for (const auto& [item, mode] : m_cached) {
            item->setCacheMode(mode);
        }
    }
    ItemCachesOff(const ItemCachesOff&) = delete;
    ItemCachesOff& operator=(const ItemCachesOff&) = delete;

private:
    std::vector<std::pair<QGraphicsItem*, QGraphicsItem::CacheMode>> m_cached;
};

// The widget and its caption strip painted from the painter's origin.
void paintWithCaption(QPainter& painter, QWidget* widget, const QString& caption,
                      const Captioned& image)
{
    painter.fillRect(QRect(QPoint(), image.size), widget->palette().color(QPalette::Window));
    {
        const ItemCachesOff direct(widget);
        widget->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
    }
    if (image.strip > 0) {
        painter.setFont(captionFont(widget));
        painter.setPen(widget->palette().color(QPalette::WindowText));
        painter.drawText(QRect(kCaptionMargin, widget->height() + kCaptionMargin / 2,
                               image.size.width() - 2 * kCaptionMargin,
                               image.strip - kCaptionMargin),
                         Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignVCenter, caption);
    }
}

} // namespace

int captionHeight(const QWidget* widget, const QString& caption, int width)
{
    if (caption.isEmpty()) {
        return 0;
    }
    return captionRect(widget, caption, width).height() + 2 * kCaptionMargin;
}

// Qt 6.4's QSaveFile buffers small writes and, when the final flush fails (a full disk), still
// renames the empty temporary over the target and reports success (QTBUG-75077). Every file is
// therefore written by the core's writer: unbuffered write(2) of the whole content, fsync, and
// rename only when every step succeeded, so the old file stays untouched on any failure.
QString saveFileAtomically(const QString& path, const QByteArray& data)
{
    try {
        writeFileAtomically(std::filesystem::path(QFile::encodeName(path).toStdString()),
                            data.toStdString());
    } catch (const InputError& e) {
        return failure(path, QString::fromStdString(e.message()));
    } catch (const std::exception& e) {
        return failure(path, QString::fromStdString(e.what()));
    }
    return {};
}

std::optional<TableFormat> tableFormatFor(const QString& path)
{
    const QString suffix = suffixOf(path);
    if (suffix == QLatin1String("csv")) {
        return TableFormat::Csv;
    }
    if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown")) {
        return TableFormat::Markdown;
    }
    if (suffix == QLatin1String("json")) {
        return TableFormat::Json;
    }
    return std::nullopt;
}

QByteArray tableBytes(const ComparisonTable& table, TableFormat format)
{
    switch (format) {
    case TableFormat::Csv:
        return QByteArray::fromStdString(tableToCsv(table));
    case TableFormat::Markdown:
        return QByteArray::fromStdString(tableToMarkdown(table));
    case TableFormat::Json:
        return QByteArray::fromStdString(tableToJson(table).dump(2) + "\n");
    }
    return {};
}

QString exportTable(const ComparisonTable& table, const QString& path)
{
    const std::optional<TableFormat> format = tableFormatFor(path);
    if (!format) {
        return failure(path, QStringLiteral("unknown table format (use .csv, .md or .json)"));
    }
    if (table.names.empty()) {
        return failure(path, QStringLiteral("the comparison is empty"));
    }
    return saveFileAtomically(path, tableBytes(table, *format));
}

std::optional<ImageFormat> imageFormatFor(const QString& path)
{
    const QString suffix = suffixOf(path);
    if (suffix == QLatin1String("png")) {
        return ImageFormat::Png;
    }
    if (suffix == QLatin1String("svg")) {
        return ImageFormat::Svg;
    }
    return std::nullopt;
}

QImage widgetImage(QWidget* widget, qreal scale, const QString& caption)
{
    const Captioned captioned = prepareImage(widget, caption);
    QImage image(captioned.size * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(widget->palette().color(QPalette::Window));
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    paintWithCaption(painter, widget, caption, captioned);
    painter.end();
    return image;
}

QString exportWidget(QWidget* widget, const QString& path, const QString& title,
                     const QString& caption)
{
    const std::optional<ImageFormat> format = imageFormatFor(path);
    if (!format) {
        return failure(path, QStringLiteral("unknown image format (use .png or .svg)"));
    }
    // Encoded in memory first, then written whole by saveFileAtomically.
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (*format == ImageFormat::Png) {
        if (!widgetImage(widget, 2.0, caption).save(&buffer, "PNG")) {
            return failure(path, QStringLiteral("cannot encode the PNG image"));
        }
    } else {
        const Captioned captioned = prepareImage(widget, caption);
        const QSize size = captioned.size;
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(), size));
        svg.setResolution(96); // CSS pixels: browsers show the image at the widget's size
        svg.setTitle(title);
        svg.setDescription(caption.isEmpty() ? QStringLiteral("LLM Sizer chart") : caption);
        QPainter painter;
        if (!painter.begin(&svg)) {
            return failure(path, QStringLiteral("cannot write the SVG image"));
        }
        paintWithCaption(painter, widget, caption, captioned);
        painter.end();
    }
    buffer.close();
    return saveFileAtomically(path, buffer.data());
}

qreal copyScale(const QWidget* widget)
{
    return std::max(2.0, static_cast<qreal>(kProjectorWidth) / std::max(1, widget->width()));
}

void copyWidgetImage(QWidget* widget, const QString& caption)
{
    QGuiApplication::clipboard()->setImage(widgetImage(widget, copyScale(widget), caption));
}

} // namespace llmsizer::ui
