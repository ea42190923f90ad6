// Export from the main window on the offscreen platform: every chart has a context menu with
// Copy image, Save as PNG… and Save as SVG…, each writing what the chart shows; File > Export
// current view writes the tab shown as an image, or the summary of the model shown as CSV,
// Markdown or JSON. Expected counts are published figures: GPT-2 small's checkpoint holds
// 124,439,808 parameters (the Hugging Face gpt2 safetensors, summed tensor by tensor), Llama 3 8B's
// 8,030,261,248 (meta-llama/Meta-Llama-3-8B's safetensors index).
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/charts/diagramwidget.h"
#include "ui/charts/isocurvechart.h"
#include "ui/charts/isometricschart.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/charts/piechartwidget.h"
#include "ui/hardware/hardwareview.h"
#include "ui/kit/export.h"
#include "ui/overview/memorypanel.h"
#include "ui/overview/parameterchart.h"
#include "ui/shell/viewexport.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/configmodel.h"
#include "ui/state/exportfacts.h"
#include "ui/teach/explorerview.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDir>
#include <QFile>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QGuiApplication>
#include <QImage>
#include <QMenu>
#include <QMenuBar>
#include <QTabWidget>
#include <QTest>
#include <QTimer>
#include <algorithm>
#include <nlohmann/json.hpp>

using namespace llmsizer;
using namespace llmsizer::ui;
using Fixture = llmsizer::test::WindowFixture;

namespace {

QWidget* chartByName(MainWindow* w, const QString& name)
{
    if (name == QLatin1String("pie")) {
        return w->parameterChart()->pie();
    }
    if (name == QLatin1String("diagram")) {
        w->parameterChart()->setKind(ParameterChart::Kind::Diagram);
        return w->parameterChart()->diagram();
    }
    if (name == QLatin1String("memory")) {
        return w->memoryPanel()->chart();
    }
    w->views()->showView(QStringLiteral("explorer"));
    return name == QLatin1String("curve")
               ? static_cast<QWidget*>(w->views()->explorer()->curveChart())
               : static_cast<QWidget*>(w->views()->explorer()->metricsChart());
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::uint64_t totalParams(const nlohmann::json& table)
{
    for (const nlohmann::json& row : table.at("rows")) {
        if (row.at("key") == "total_params") {
            return row.at("cells").at(0).at("value").get<std::uint64_t>();
        }
    }
    return 0;
}

} // namespace

class TestUiViewExport : public QObject {
    Q_OBJECT
private slots:
    void everyChartExports_data();
    void everyChartExports();
    void fileMenuEntry();
    void viewAsImage_data();
    void viewAsImage();
    void summaryAsJson();
    void summaryAsCsvAndMarkdown();
    void unknownFormatIsRefused();
    void allViews();
};

void TestUiViewExport::everyChartExports_data()
{
    QTest::addColumn<QString>("chart");
    for (const char* c : {"pie", "diagram", "memory", "curve", "metrics"}) {
        QTest::newRow(c) << QString::fromLatin1(c);
    }
}

// Right-click: the chart asks for its menu, which holds the three actions; each writes the
// chart at its size (PNG at twice it) or puts it on the clipboard.
void TestUiViewExport::everyChartExports()
{
    QFETCH(QString, chart);
    Fixture f(QStringLiteral("llama-3-8b"));
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    QWidget* w = chartByName(f.window.get(), chart);
    QVERIFY(w->isVisible());
    const QStringList expected{QStringLiteral("&Copy image"), QStringLiteral("Save as &PNG…"),
                               QStringLiteral("Save as &SVG…")};
    // A right-click in the middle of the chart, delivered to the widget under the pointer (the
    // chart view inside) as the window system delivers it: the menu pops up with the actions.
    const QPoint middle(w->width() / 2, w->height() / 2);
    QWidget* target = w->childAt(middle) != nullptr ? w->childAt(middle) : w;
    QStringList shown;
    QTimer::singleShot(0, this, [&shown] {
        if (auto* popup = qobject_cast<QMenu*>(QApplication::activePopupWidget())) {
            for (QAction* a : popup->actions()) {
                shown << a->text();
            }
            popup->close();
        }
    });
    QContextMenuEvent click(QContextMenuEvent::Mouse, target->mapFrom(w, middle),
                            w->mapToGlobal(middle));
    QApplication::sendEvent(target, &click);
    QCOMPARE(shown, expected);

    QMenu menu;
    f.window->viewExport()->addChartActions(&menu, w, chart, chart);
    QStringList texts;
    for (QAction* a : menu.actions()) {
        texts << a->text();
    }
    QCOMPARE(texts, expected);

    const QString png = f.dir.filePath(chart + QStringLiteral(".png"));
    QCOMPARE(exportWidget(w, png, chart), QString());
    QImage image;
    QVERIFY(image.load(png));
    QCOMPARE(image.size(), w->size() * 2);
    const QString svg = f.dir.filePath(chart + QStringLiteral(".svg"));
    QCOMPARE(exportWidget(w, svg, chart), QString());
    const QByteArray svgBytes = readAll(svg);
    QVERIFY(svgBytes.contains("<svg"));
    QVERIFY(svgBytes.contains("</svg>"));
    // Lines and text as vectors: no item drawn from the pixmap the screen shows it from
    // (chartstyle.h cacheStaticItems), and the pixmaps kept for the screen afterwards.
    QVERIFY(!svgBytes.contains("<image"));
    int cached = 0;
    for (const QGraphicsView* v : w->findChildren<QGraphicsView*>()) {
        for (const QGraphicsItem* item : v->scene()->items()) {
            cached += item->cacheMode() == QGraphicsItem::DeviceCoordinateCache ? 1 : 0;
        }
    }
    QVERIFY(chart != QLatin1String("curve") || cached > 10);

    // Copy image pastes the chart with its caption strip below it: the model and its workload.
    QGuiApplication::clipboard()->clear();
    menu.actions().at(0)->trigger();
    const QImage copied = QGuiApplication::clipboard()->image();
    const int strip = captionHeight(w, exportCaptionOf(*f.model), w->width());
    QVERIFY(strip > 0);
    // At projector resolution: at least 1,920 pixels wide (a full-HD slide) and at least twice
    // the chart's size, its proportions kept.
    const QSize logical(w->width(), w->height() + strip);
    QVERIFY2(copied.width() >= 1920, qPrintable(QString::number(copied.width())));
    QCOMPARE(copied.size(), logical * std::max(2.0, 1920.0 / logical.width()));
}

void TestUiViewExport::fileMenuEntry()
{
    Fixture f(QStringLiteral("gpt-2-small"));
    QAction* found = nullptr;
    for (QAction* a : f.window->findChildren<QAction*>()) {
        if (a->text() == QStringLiteral("&Export current view…")) {
            found = a;
        }
    }
    QVERIFY(found != nullptr);
    QCOMPARE(found->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    bool all = false;
    for (QAction* a : f.window->findChildren<QAction*>()) {
        all = all || a->text() == QStringLiteral("Export &all views…");
    }
    QVERIFY(all);
}

void TestUiViewExport::viewAsImage_data()
{
    QTest::addColumn<QString>("view");
    for (const char* v : {"overview", "hardware", "explorer", "math", "budget", "fit"}) {
        QTest::newRow(v) << QString::fromLatin1(v);
    }
}

// The tab shown, whole: summary and charts for the Overview, the table for My hardware.
void TestUiViewExport::viewAsImage()
{
    QFETCH(QString, view);
    Fixture f(QStringLiteral("llama-3-8b"));
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    QVERIFY(f.window->views()->showView(view));
    // The main window's views (the Compare window has tabs of its own).
    QTabWidget* tabs = nullptr;
    for (QTabWidget* t : f.window->findChildren<QTabWidget*>()) {
        if (t->indexOf(f.window->hardwareView()) >= 0) {
            tabs = t;
        }
    }
    QVERIFY(tabs != nullptr);
    const QString png = f.dir.filePath(view + QStringLiteral(".png"));
    QCOMPARE(f.window->viewExport()->exportCurrentView(png), QString());
    QImage image;
    QVERIFY(image.load(png));
    // The view, and below it the caption strip naming the model and the workload.
    QWidget* shown = tabs->currentWidget();
    const QString caption = exportCaptionOf(*f.model);
    QVERIFY2(caption.startsWith(QStringLiteral("Llama 3 8B · inference · weights ")),
             qPrintable(caption));
    QVERIFY2(caption.contains(QStringLiteral(" tokens × batch 1 · ")), qPrintable(caption));
    QVERIFY2(caption.contains(QStringLiteral(" · LLM Sizer ")), qPrintable(caption));
    QVERIFY2(caption.contains(QStringLiteral("published count: ")), qPrintable(caption));
    QCOMPARE(
        image.size(),
        QSize(shown->width(), shown->height() + captionHeight(shown, caption, shown->width())) * 2);
    const QString svg = f.dir.filePath(view + QStringLiteral(".svg"));
    QCOMPARE(f.window->viewExport()->exportCurrentView(svg), QString());
    const QByteArray svgBytes = readAll(svg);
    QVERIFY(svgBytes.contains("<svg"));
    QVERIFY(svgBytes.contains("Llama 3 8B · inference"));
}

// The summary is the Compare window's table for the one model shown, with its published count.
void TestUiViewExport::summaryAsJson()
{
    Fixture f(QStringLiteral("gpt-2-small"));
    const QString file = f.dir.filePath(QStringLiteral("summary.json"));
    QCOMPARE(f.window->viewExport()->exportCurrentView(file), QString());
    const nlohmann::json j = nlohmann::json::parse(readAll(file).toStdString());
    QCOMPARE(j.at("names").size(), std::size_t(1));
    QCOMPARE(totalParams(j), std::uint64_t(124439808));
    // The Overview's context: GPT-2's 1,024 tokens as loaded.
    QCOMPARE(j.at("context").get<std::uint64_t>(), std::uint64_t(1024));

    // An edit is exported as edited: 24 layers instead of 12 add 12 blocks of 7,087,872
    // (12·768² + 13·768 for the biases and norms of a GPT-2 block, by hand).
    QVERIFY(f.model->setKnob(Knob::Layers, 24));
    QCOMPARE(f.window->viewExport()->exportCurrentView(file), QString());
    const nlohmann::json edited = nlohmann::json::parse(readAll(file).toStdString());
    QCOMPARE(totalParams(edited), std::uint64_t(124439808) + 12 * std::uint64_t(7087872));
    QVERIFY(edited.at("names").at(0).get<std::string>().find("(edited)") != std::string::npos);
}

void TestUiViewExport::summaryAsCsvAndMarkdown()
{
    Fixture f(QStringLiteral("llama-3-8b"));
    const QString csv = f.dir.filePath(QStringLiteral("summary.csv"));
    QCOMPARE(f.window->viewExport()->exportCurrentView(csv), QString());
    QVERIFY(readAll(csv).contains("8030261248"));
    const QString md = f.dir.filePath(QStringLiteral("summary.md"));
    QCOMPARE(f.window->viewExport()->exportCurrentView(md), QString());
    QVERIFY(readAll(md).contains("8,030,261,248"));
}

void TestUiViewExport::unknownFormatIsRefused()
{
    Fixture f(QStringLiteral("gpt-2-small"));
    const QString file = f.dir.filePath(QStringLiteral("view.txt"));
    QCOMPARE(f.window->viewExport()->exportCurrentView(file),
             file + QStringLiteral(": unknown format (use .png or .svg for the view, .csv, .md "
                                   "or .json for the summary)"));
    QVERIFY(!QFile::exists(file));
}

// File > Export all views…: a handout in one folder, one PNG per tab named by its place and
// title, each the tab whole with the caption strip below it, and the summary as Markdown with
// Llama 3 8B's published count; the tab shown before is shown again.
void TestUiViewExport::allViews()
{
    Fixture f(QStringLiteral("llama-3-8b"));
    f.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
    QVERIFY(f.window->views()->showView(QStringLiteral("math")));
    const QString dir = f.dir.filePath(QStringLiteral("handout"));
    QVERIFY(QDir().mkpath(dir));
    QCOMPARE(f.window->viewExport()->exportAllViews(dir), QString());
    QCOMPARE(f.window->views()->currentView(), QStringLiteral("math"));
    const QStringList expected{
        QStringLiteral("01-overview.png"),          QStringLiteral("02-my-hardware.png"),
        QStringLiteral("03-my-models.png"),         QStringLiteral("04-depth-width.png"),
        QStringLiteral("05-show-the-math.png"),     QStringLiteral("06-compute-budget.png"),
        QStringLiteral("07-largest-that-fits.png"), QStringLiteral("summary.md")};
    QCOMPARE(QDir(dir).entryList(QDir::Files, QDir::Name), expected);
    QTabWidget* tabs = nullptr;
    for (QTabWidget* t : f.window->findChildren<QTabWidget*>()) {
        if (t->indexOf(f.window->hardwareView()) >= 0) {
            tabs = t;
        }
    }
    QVERIFY(tabs != nullptr);
    QCOMPARE(tabs->count(), expected.size() - 1);
    for (int i = 0; i < tabs->count(); ++i) {
        QImage image;
        const QString name = expected[i];
        QVERIFY2(image.load(QDir(dir).filePath(name)), qPrintable(name));
        // Twice the tab's size as it is shown (the model's panel beside some tabs, not all), and
        // a caption strip below it.
        tabs->setCurrentIndex(i);
        QApplication::processEvents();
        const QWidget* tab = tabs->widget(i);
        QCOMPARE(image.width(), tab->width() * 2);
        QVERIFY2(image.height() > tab->height() * 2, qPrintable(name));
    }
    const QByteArray summary = readAll(QDir(dir).filePath(QStringLiteral("summary.md")));
    QVERIFY(summary.contains("Llama 3 8B"));
    QVERIFY(summary.contains("8,030,261,248"));
}

LLMSIZER_TEST_MAIN(TestUiViewExport)
#include "tst_ui_view_export.moc"
