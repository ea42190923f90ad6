// Presentation mode on the offscreen platform: F5 / Ctrl+Shift+P and the View menu entry toggle
// it; it enlarges the application font, leaves the four headline sliders, switches to a
// high-contrast palette that stays light or dark, thickens chart lines, and switching it off
// restores everything.
#include "support/test_main.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/kit/knobrow.h"
#include "ui/kit/presentation.h"
#include "ui/kit/presetpicker.h"
#include "ui/kit/theme.h"
#include "ui/overview/configpanel.h"
#include "ui/overview/knobstrip.h"
#include "ui/overview/memorypanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/configmodel.h"
#include "ui/state/settings.h"
#include "ui/state/startup.h"
#include "ui/teach/explorerview.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFontMetricsF>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QSlider>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <array>
#include <cmath>
#include <memory>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

constexpr std::array<Knob, 4> kHeadline{Knob::DModel, Knob::Layers, Knob::Heads, Knob::Vocab};
constexpr std::array<Knob, 2> kHidden{Knob::KvHeads, Knob::Dff};

struct Fixture {
    QTemporaryDir dir;
    std::unique_ptr<Settings> settings;
    ConfigModel model;
    std::unique_ptr<MainWindow> window;

    explicit Fixture(Theme theme)
    {
        applyTheme(*qApp, theme);
        settings = std::make_unique<Settings>(dir.filePath(QStringLiteral("settings.ini")));
        loadCatalogs(model);
        window = std::make_unique<MainWindow>(&model, settings.get());
        window->setPersistent(false);
        model.selectPreset(QStringLiteral("llama-3-70b"));
        window->resize(1280, 800);
        window->show();
    }
    Presentation* presentation() const { return window->presentation(); }
    ConfigPanel* panel() const { return window->configPanel(); }
};

QMenu* viewMenu(QMainWindow* window)
{
    for (QAction* a : window->menuBar()->actions()) {
        if (a->text() == QStringLiteral("&View")) {
            return a->menu();
        }
    }
    return nullptr;
}

// Normal mode: the configuration panel with every slider. Presentation mode: the panel gives way
// to the strip of the four headline sliders above the views.
void checkSliders(const MainWindow* window, bool simplified)
{
    const ConfigPanel* panel = window->configPanel();
    const KnobStrip* strip = window->knobStrip();
    QCOMPARE(panel->isVisible(), !simplified);
    QCOMPARE(strip->isVisible(), simplified);
    for (const Knob k : kHeadline) {
        QCOMPARE(panel->row(k)->slider()->isVisible(), !simplified);
        QCOMPARE(strip->row(k)->slider()->isVisible(), simplified);
    }
    for (const Knob k : kHidden) {
        QCOMPARE(panel->row(k)->slider()->isVisible(), !simplified);
    }
    QCOMPARE(panel->contextRow()->slider()->isVisible(), !simplified);
    QCOMPARE(panel->isSimplified(), simplified);
}

} // namespace

class TestUiPresentation : public QObject {
    Q_OBJECT
private slots:
    void shortcutsAndMenu();
    void togglesAndRestores_data();
    void togglesAndRestores();
    void keyboardShortcutToggles();
    void viewsByName();
};

void TestUiPresentation::shortcutsAndMenu()
{
    Fixture f(Theme::Light);
    QAction* action = f.presentation()->action();
    QVERIFY(action->isCheckable());
    QVERIFY(action->shortcuts().contains(QKeySequence(Qt::Key_F5)));
    QVERIFY(action->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)));
    QMenu* view = viewMenu(f.window.get());
    QVERIFY(view != nullptr);
    QVERIFY(view->actions().contains(action));
}

void TestUiPresentation::togglesAndRestores_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light theme: black on white") << false;
    QTest::newRow("dark theme: white on black") << true;
}

void TestUiPresentation::togglesAndRestores()
{
    QFETCH(bool, dark);
    Fixture f(dark ? Theme::Dark : Theme::Light);
    const QFont font = QApplication::font();
    const QPalette palette = QApplication::palette();
    const qreal width = chartLineWidth();
    f.window->restoreSettings(); // the default GPU lines
    QApplication::processEvents();
    const MemoryChartWidget* chart = f.window->memoryPanel()->chart();
    QVERIFY(!chart->lineLabelRects().isEmpty());
    // The height of one line of a GPU label (a label has one line, or two when there is room).
    const auto lineHeight = [](qreal height) {
        const qreal spacing = QFontMetricsF(QApplication::font()).lineSpacing();
        return height / std::max(1.0, std::round(height / spacing));
    };
    const qreal gpuLabelHeight = lineHeight(chart->lineLabelRects().front().height());
    checkSliders(f.window.get(), false);
    QSignalSpy toggled(f.presentation(), &Presentation::toggled);

    f.presentation()->action()->trigger(); // the View menu entry
    QCOMPARE(toggled.size(), 1);
    QVERIFY(f.presentation()->isOn());
    QVERIFY(presentationMode());
    QCOMPARE(QApplication::font().pointSizeF(), font.pointSizeF() * Presentation::kFontScale);
    QApplication::processEvents();
    QCOMPARE(f.window->font().pointSizeF(), font.pointSizeF() * Presentation::kFontScale);
    checkSliders(f.window.get(), true);
    QVERIFY(chartLineWidth() > width);
    const QPalette p = QApplication::palette();
    QCOMPARE(isDark(p), dark);
    QCOMPARE(p.color(QPalette::Base), dark ? QColor(Qt::black) : QColor(Qt::white));
    QCOMPARE(p.color(QPalette::WindowText), dark ? QColor(Qt::white) : QColor(Qt::black));
    // The slider labels grow with the font, so they are not clipped.
    KnobRow* stripWidth = f.window->knobStrip()->row(Knob::DModel);
    QVERIFY(stripWidth->slider()->x() >=
            QFontMetrics(QApplication::font()).horizontalAdvance(QStringLiteral("d_model")));
    // The charts take the width the panel gave up: at 1280 pixels the memory chart holds more
    // than half of the window.
    QVERIFY2(f.window->memoryPanel()->width() > 1280 / 2,
             qPrintable(QString::number(f.window->memoryPanel()->width())));
    // The strip drives the model: one step right on its d_model slider is the next width of the
    // family (Llama 3 70B: 8192 + 1024).
    stripWidth->slider()->setFocus();
    QTest::keyClick(stripWidth->slider(), Qt::Key_Right);
    QCOMPARE(f.model.config().d_model, std::uint64_t{9216});
    QCOMPARE(f.panel()->row(Knob::DModel)->spinBox()->value(), 9216);
    f.model.resetToBase();
    // So do the GPU labels beside the memory chart, and the margin that holds them.
    QApplication::processEvents();
    const QList<QRectF> labels = chart->lineLabelRects();
    QVERIFY(!labels.isEmpty());
    QVERIFY2(lineHeight(labels.front().height()) > gpuLabelHeight * 1.2,
             qPrintable(QStringLiteral("%1 against %2")
                            .arg(lineHeight(labels.front().height()))
                            .arg(gpuLabelHeight)));
    // A 1280×800 projector still holds the whole window: the options above the memory chart
    // wrap instead of widening it, and every one of them stays inside the panel.
    QVERIFY2(f.window->minimumSizeHint().width() <= 1280,
             qPrintable(QString::number(f.window->minimumSizeHint().width())));
    const QWidget* memory = f.window->memoryPanel();
    for (const QWidget* option : {static_cast<const QWidget*>(f.window->memoryPanel()->modeBox()),
                                  static_cast<const QWidget*>(f.window->memoryPanel()->logBox())}) {
        const QRect r(option->mapTo(memory, QPoint(0, 0)), option->size());
        QVERIFY2(memory->rect().contains(r), qPrintable(option->objectName()));
    }
    for (const QRectF& r : labels) {
        QVERIFY2(
            r.right() <= chart->chartWidth(),
            qPrintable(
                QStringLiteral("label ends at %1 of %2").arg(r.right()).arg(chart->chartWidth())));
    }

    f.presentation()->action()->trigger();
    QCOMPARE(toggled.size(), 2);
    QVERIFY(!f.presentation()->isOn());
    QVERIFY(!presentationMode());
    QCOMPARE(QApplication::font(), font);
    QCOMPARE(QApplication::palette().color(QPalette::Window), palette.color(QPalette::Window));
    QCOMPARE(chartLineWidth(), width);
    checkSliders(f.window.get(), false);
}

void TestUiPresentation::keyboardShortcutToggles()
{
    Fixture f(Theme::Light);
    QVERIFY(QTest::qWaitForWindowActive(f.window.get()));
    // The focus in the panel F5 hides goes to the tabs, not to the next field in the chain (the
    // Chinchilla ratio, its text selected for a stray key to change).
    f.window->configPanel()->presetPicker()->setFocus();
    QTRY_VERIFY(f.window->configPanel()->presetPicker()->hasFocus());
    QTest::keyClick(f.window.get(), Qt::Key_F5);
    QVERIFY(f.presentation()->isOn());
    QVERIFY(qobject_cast<QTabBar*>(QApplication::focusWidget()) != nullptr);
    QTest::keyClick(f.window.get(), Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(!f.presentation()->isOn());
}

void TestUiPresentation::viewsByName()
{
    Fixture f(Theme::Light);
    QTabWidget* tabs = nullptr;
    for (QTabWidget* t : f.window->findChildren<QTabWidget*>()) {
        if (t->indexOf(f.window->views()->explorer()) >= 0) {
            tabs = t;
        }
    }
    QVERIFY(tabs != nullptr);
    QCOMPARE(tabs->count(), 7); // Overview, My hardware, My models and the four teaching views
    for (const QString& name : ViewTabs::viewNames()) {
        QVERIFY(f.window->views()->showView(name));
        QCOMPARE(tabs->currentIndex() == 0, name == QLatin1String("overview"));
        if (name != QLatin1String("overview")) {
            QCOMPARE(tabs->currentWidget()->objectName(), name);
        }
    }
    QVERIFY(!f.window->views()->showView(QStringLiteral("nonsense")));
}

LLMSIZER_TEST_MAIN(TestUiPresentation)
#include "tst_ui_presentation.moc"
