// The Overview's parameter diagram on the offscreen platform: drawn in the main window at
// 1280×800 and 1920×1080, normal and in presentation mode, every text inside the drawing and no
// two overlapping, every box drawn with its area proportional to its parameters; the Pie /
// Diagram switch, kept in the settings; the diagram following slider edits.
#include "llmsizer/model/count.h"
#include "llmsizer/present/diagram.h"
#include "support/sweep.h"
#include "support/test_main.h"
#include "support/window_fixture.h"
#include "ui/charts/diagramwidget.h"
#include "ui/charts/piechartwidget.h"
#include "ui/compare/comparediagrams.h"
#include "ui/compare/comparepanel.h"
#include "ui/compare/comparewindow.h"
#include "ui/kit/knobrow.h"
#include "ui/kit/presentation.h"
#include "ui/kit/theme.h"
#include "ui/overview/configpanel.h"
#include "ui/overview/parameterchart.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/settings.h"
#include "ui/teach/mathpanel.h"

#include <QApplication>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>
#include <QToolButton>
#include <algorithm>
#include <cmath>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

using Fixture = llmsizer::test::WindowFixture;

QString describe(const DiagramWidget* d, qsizetype i)
{
    const QRectF r = d->labelRects().at(i);
    return QStringLiteral("\"%1\" at %2,%3 %4×%5")
        .arg(d->labelTexts().at(i))
        .arg(r.x())
        .arg(r.y())
        .arg(r.width())
        .arg(r.height());
}

// Every text inside the widget, none overlapping another; every box of the diagram drawn, inside
// the widget; boxes large enough to hold a text drawn at their exact area at one scale.
void checkDrawing(const DiagramWidget* d, bool boxesToScale)
{
    const QRectF inside = QRectF(d->rect());
    const QList<QRectF> rects = d->labelRects();
    QVERIFY(rects.size() > 5);
    for (qsizetype i = 0; i < rects.size(); ++i) {
        QVERIFY2(inside.contains(rects[i]),
                 qPrintable(QStringLiteral("clipped: ") + describe(d, i) + QStringLiteral(" in ") +
                            QString::number(d->width()) + QStringLiteral("×") +
                            QString::number(d->height())));
        for (qsizetype j = i + 1; j < rects.size(); ++j) {
            QVERIFY2(!rects[i].intersects(rects[j]),
                     qPrintable(QStringLiteral("overlap: ") + describe(d, i) +
                                QStringLiteral(" and ") + describe(d, j)));
        }
    }
    const DiagramLayout& drawn = d->drawn();
    std::size_t expected = 0;
    for (const DiagramBox* b : d->diagram().boxes()) {
        expected += b->tied ? 0 : 1;
    }
    QCOMPARE(drawn.boxes.size(), expected);
    QVERIFY(drawn.scale > 0);
    QVERIFY(drawn.height <= d->height());
    const qreal big = 4 * QFontMetricsF(d->font()).height() * QFontMetricsF(d->font()).height();
    int measured = 0;
    for (const DiagramLayout::Box& b : drawn.boxes) {
        QVERIFY2(inside.contains(b.rect), b.box->key.c_str());
        // A box too small to see is drawn a few pixels wide (minimal); a small one beside its
        // text at most a line high; every other at its exact area.
        const qreal area = b.rect.width() * b.rect.height();
        const double exact = static_cast<double>(b.box->params) * drawn.scale;
        if (!b.minimal && area >= big) {
            QVERIFY2(std::abs(area / exact - 1) < 0.01, b.box->key.c_str());
            ++measured;
        } else if (!b.minimal) {
            QVERIFY2(area <= exact * 1.01, b.box->key.c_str());
        }
        // The tooltip finds the box under its middle.
        QVERIFY(d->boxAt(b.rect.center()) != nullptr);
        // Every box is named by a text, inside it, below it or beside it.
        const QString key = QString::fromStdString(b.box->key);
        QVERIFY2(std::any_of(drawn.texts.begin(), drawn.texts.end(),
                             [&](const DiagramLayout::Text& t) { return t.box == key; }),
                 qPrintable(QStringLiteral("no text names ") + key));
    }
    QVERIFY(measured > 0 || !boxesToScale);
}

} // namespace

class TestUiDiagram : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }
    void labelsFit_data();
    void labelsFit();
    void switchKeptInSettings();
    void followsSliders();
    void clickOpensMath();
    void compareAtOneScale_data();
    void compareAtOneScale();
};

void TestUiDiagram::labelsFit_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    for (const char* preset :
         {"gpt-2-small", "llama-2-7b", "mixtral-8x7b", "deepseek-v3", "gemma-3-27b-it",
          "jamba-1.5-mini", "zamba2-1.2b", "qwen3-next-80b-a3b-instruct"}) {
        for (const QSize size : llmsizer::test::sweepSizes()) {
            for (const bool presentation : {false, true}) {
                const QString name =
                    QStringLiteral("%1 %2x%3%4")
                        .arg(QLatin1String(preset))
                        .arg(size.width())
                        .arg(size.height())
                        .arg(presentation ? QStringLiteral(" presentation") : QString());
                QTest::newRow(qPrintable(name))
                    << QString::fromLatin1(preset) << size << presentation;
            }
        }
    }
}

void TestUiDiagram::labelsFit()
{
    QFETCH(QString, preset);
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    applyTheme(*qApp, Theme::Light);
    Fixture::Options options;
    options.size = size;
    options.persistent = false;
    Fixture f(preset, options);
    f.window->parameterChart()->setKind(ParameterChart::Kind::Diagram);
    if (presentation) {
        f.window->presentation()->setOn(true);
        for (int i = 0; i < 3; ++i) {
            QApplication::processEvents();
        }
    }
    QApplication::processEvents();
    const DiagramWidget* d = f.window->parameterChart()->diagram();
    QVERIFY(d->isVisible());
    QVERIFY(d->width() > 200 && d->height() > 200);
    QCOMPARE(d->diagram().total, f.model->count().total);
    // At 1280×800 in presentation mode a large model's boxes are all small, beside their texts.
    checkDrawing(d, !presentation);
    if (presentation) {
        f.window->presentation()->setOn(false);
        QApplication::processEvents();
    }
}

void TestUiDiagram::switchKeptInSettings()
{
    Fixture f(QStringLiteral("llama-2-7b"));
    ParameterChart* chart = f.window->parameterChart();
    QCOMPARE(chart->kind(), ParameterChart::Kind::Pie);
    QVERIFY(!chart->diagram()->isVisible());
    chart->button(ParameterChart::Kind::Diagram)->click();
    QCOMPARE(chart->kind(), ParameterChart::Kind::Diagram);
    QVERIFY(chart->diagram()->isVisible());
    QVERIFY(!chart->pie()->isVisible());
    QCOMPARE(f.settings->overviewChart(), QStringLiteral("diagram"));
    // The next start opens on the diagram.
    chart->setKind(ParameterChart::Kind::Pie);
    QCOMPARE(f.settings->overviewChart(), QStringLiteral("pie"));
    f.settings->setOverviewChart(QStringLiteral("diagram"));
    f.window->restoreSettings();
    QCOMPARE(chart->kind(), ParameterChart::Kind::Diagram);
    QVERIFY(chart->button(ParameterChart::Kind::Diagram)->isChecked());
    // Anything else stored reads as the pie.
    f.settings->setOverviewChart(QStringLiteral("donut"));
    QCOMPARE(f.settings->overviewChart(), QStringLiteral("pie"));
}

void TestUiDiagram::followsSliders()
{
    Fixture f(QStringLiteral("llama-2-7b"));
    ParameterChart* chart = f.window->parameterChart();
    chart->setKind(ParameterChart::Kind::Diagram);
    QApplication::processEvents();
    const DiagramWidget* d = chart->diagram();
    QCOMPARE(d->diagram().block_multiplier, std::string("× 32"));
    const double scale = d->scale();
    // One step of the layers slider: the diagram's × N follows at once, at the same scale.
    QSlider* layers = f.window->configPanel()->row(Knob::Layers)->slider();
    layers->setFocus();
    QTest::keyClick(layers, Qt::Key_Right);
    const std::uint64_t n = f.model->config().n_layers;
    QVERIFY(n != 32);
    QCOMPARE(d->diagram().block_multiplier, "× " + std::to_string(n));
    QCOMPARE(d->diagram().total, f.model->count().total);
    QCOMPARE(d->scale(), scale);
    // Edited while the pie is shown, the diagram catches up when it is shown again.
    chart->setKind(ParameterChart::Kind::Pie);
    QTest::keyClick(layers, Qt::Key_Right);
    chart->setKind(ParameterChart::Kind::Diagram);
    QCOMPARE(d->diagram().block_layers, f.model->config().n_layers);
    QCOMPARE(d->diagram().total, f.model->count().total);
    // Another preset fits the scale again.
    QVERIFY(f.model->selectPreset(QStringLiteral("gpt-2-small")));
    QApplication::processEvents();
    QCOMPARE(d->diagram().total, std::uint64_t{124'439'808});
    QVERIFY(d->scale() > scale);
}

void TestUiDiagram::clickOpensMath()
{
    Fixture f(QStringLiteral("llama-2-7b"));
    ParameterChart* chart = f.window->parameterChart();
    chart->setKind(ParameterChart::Kind::Diagram);
    QApplication::processEvents();
    DiagramWidget* d = chart->diagram();
    QRectF gate;
    for (const DiagramLayout::Box& b : d->drawn().boxes) {
        if (b.box->key == "mlp.gate") {
            gate = b.rect;
        }
    }
    QVERIFY(!gate.isEmpty());
    QCOMPARE(d->boxAt(gate.center())->key, std::string("mlp.gate"));
    QSignalSpy asked(chart, &ParameterChart::mathRequested);
    QTest::mouseClick(d, Qt::LeftButton, {}, gate.center().toPoint());
    QCOMPARE(asked.size(), 1);
    QCOMPARE(asked.front().front().toString(), QStringLiteral("mlp"));
    QVERIFY(f.window->views()->math()->isVisible());
    QVERIFY(!d->isVisible());
}

void TestUiDiagram::compareAtOneScale_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    for (const bool presentation : {false, true}) {
        for (const QSize size : llmsizer::test::sweepSizes()) {
            QTest::addRow("%dx%d%s", size.width(), size.height(),
                          presentation ? " presentation" : "")
                << size << presentation;
        }
    }
}

// The Compare window's diagrams: one per model, each the core's count of that model, all drawn at
// one scale (so a box's area is its parameters across models), with no text clipped or
// overlapping.
void TestUiDiagram::compareAtOneScale()
{
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    applyTheme(*qApp, Theme::Light);
    Fixture::Options options;
    options.size = size;
    options.persistent = false;
    Fixture f(QStringLiteral("llama-3-70b"), options);
    if (presentation) {
        f.window->presentation()->setOn(true);
    }
    ComparisonModel* comparison = f.window->comparison();
    for (const char* id : {"llama-3-70b", "mixtral-8x7b", "deepseek-v3", "gpt-2-small"}) {
        QVERIFY(comparison->addPreset(QString::fromLatin1(id)).isEmpty());
    }
    CompareWindow* window = f.window->compareWindow();
    window->resize(size);
    window->present();
    window->panel()->showDiagrams();
    QApplication::processEvents();
    QApplication::processEvents();
    const QList<DiagramWidget*> diagrams = window->panel()->diagrams()->diagramWidgets();
    QCOMPARE(diagrams.size(), 4);
    const double scale = diagrams.front()->drawn().scale;
    QVERIFY(scale > 0);
    for (qsizetype i = 0; i < diagrams.size(); ++i) {
        const DiagramWidget* d = diagrams[i];
        QVERIFY(d->isVisible());
        QCOMPARE(d->diagram().total,
                 countParameters(comparison->entries()[static_cast<std::size_t>(i)].config).total);
        QCOMPARE(d->drawn().scale, scale);
        checkDrawing(d, false);
    }
    window->close();
    if (presentation) {
        f.window->presentation()->setOn(false);
        QApplication::processEvents();
    }
}

LLMSIZER_TEST_MAIN(TestUiDiagram)
#include "tst_ui_diagram.moc"
