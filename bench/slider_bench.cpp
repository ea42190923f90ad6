// llm-sizer-bench: how long each kind of action takes until every view is repainted, and how long
// the app takes to its first frame. Prints one JSON object per line per measure:
//   {"name": "startup_first_frame", "ms": …}
//   {"name": "slider_step", "median_ms": …, "p99_ms": …, "max_ms": …, "cpu_median_ms": …, …}
// then preset_switch, slider_jump, slider_step_overview, _explorer, _math, _budget, _fit,
// slider_step_compare4, slider_step_presentation, compare_add, lesson_open and presentation_toggle
// (action_bench.h), each with median, p99 and max of the wall and the process CPU time.
// Run on the offscreen platform (QT_QPA_PLATFORM=offscreen) for stable numbers:
//   llm-sizer-bench [--preset ID] [--steps N] [--size WxH] [--only NAME,NAME]
// (--only runs just the measures of those names, as printed; every measure without it.)
// Diagnostics: LLMSIZER_BENCH_VIEWS=1 prints each step and each chart view's repaint time;
// LLMSIZER_BENCH_EVENTS=1 counts paint, layout and resize events per step by widget class.
// In the drags of the per-view lines (slider_step_explorer, …): LLMSIZER_BENCH_ONLY_SLIDER=K
// steps only slider K (0 d_model, 1 layers, 2 heads, 3 KV heads, 4 vocab, 5 d_ff, 6 context,
// 7 batch), to time or profile one kind of step; LLMSIZER_BENCH_SLOW=MS prints each step slower
// than MS milliseconds with its slider and value.
#include "action_bench.h"
#include "bench_stats.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/present/view_support.h"
#include "ui/kit/knobrow.h"
#include "ui/overview/configpanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/state/configmodel.h"
#include "ui/state/settings.h"
#include "ui/state/startup.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QGraphicsView>
#include <QSlider>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>
#include <string>
#include <vector>

using namespace llmsizer;
using namespace llmsizer::ui;

namespace {

using bench::cpuMs;
using bench::percentile;

// Process the posted layout and update events: Qt paints what the step made dirty (the charts,
// the summary, the moved slider row) into the window's backing store.
void paintDirty()
{
    QCoreApplication::processEvents();
}

// Counts paint events of the widgets it watches (each chart's viewport), to check that every step
// really repainted every chart.
class PaintCounter : public QObject {
public:
    using QObject::QObject;
    int paints = 0;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint) {
            ++paints;
        }
        return QObject::eventFilter(watched, event);
    }
};

} // namespace

class EventLog : public QObject {
public:
    using QObject::QObject;
    std::map<std::string, int> counts;
    bool on = false;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (on) {
            const auto ty = event->type();
            if (ty == QEvent::LayoutRequest || ty == QEvent::Resize || ty == QEvent::Paint ||
                ty == QEvent::UpdateRequest || ty == QEvent::Move ||
                ty == QEvent::GraphicsSceneResize) {
                ++counts[std::to_string(int(ty)) + " " + watched->metaObject()->className()];
            }
        }
        return QObject::eventFilter(watched, event);
    }
};

int main(int argc, char** argv)
{
    QElapsedTimer startup;
    startup.start();
    QApplication app(argc, argv);
    llmsizer::setProgramDirectory(QCoreApplication::applicationDirPath().toStdString());
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption presetOpt(QStringLiteral("preset"), QStringLiteral("Preset id."),
                                       QStringLiteral("ID"), QStringLiteral("llama-3-70b"));
    const QCommandLineOption stepsOpt(QStringLiteral("steps"), QStringLiteral("Slider steps."),
                                      QStringLiteral("N"), QStringLiteral("400"));
    const QCommandLineOption sizeOpt(QStringLiteral("size"), QStringLiteral("Window size."),
                                     QStringLiteral("WxH"), QStringLiteral("1600x1000"));
    const QCommandLineOption onlyOpt(
        QStringLiteral("only"),
        QStringLiteral("Only these measures (names as printed, comma-separated)."),
        QStringLiteral("NAMES"));
    parser.addOptions({presetOpt, stepsOpt, sizeOpt, onlyOpt});
    parser.process(app);
    bench::setWanted(parser.value(onlyOpt).toStdString());
    const QStringList wh = parser.value(sizeOpt).split(QLatin1Char('x'));
    const QSize size(wh.value(0).toInt(), wh.value(1).toInt());
    const int steps = std::max(10, parser.value(stepsOpt).toInt());

    QTemporaryDir dir;
    Settings settings(dir.filePath(QStringLiteral("bench.ini")));
    ConfigModel model;
    loadCatalogs(model);
    MainWindow window(&model, &settings);
    window.setPersistent(false);
    window.restoreSettings();
    if (!model.selectPreset(parser.value(presetOpt))) {
        std::fprintf(stderr, "unknown preset %s\n", qPrintable(parser.value(presetOpt)));
        return 2;
    }
    window.resize(size);
    window.show();
    paintDirty();
    window.repaint();
    const double startupMs = static_cast<double>(startup.nsecsElapsed()) / 1e6;
    std::printf("{\"name\": \"startup_first_frame\", \"ms\": %.2f, \"preset\": \"%s\"}\n",
                startupMs, qPrintable(parser.value(presetOpt)));

    // Walk every slider in turn, a few steps each, bouncing at the ends: every step is one
    // valueChanged, one recomputation, and a full repaint of the window with all views visible.
    ConfigPanel* panel = window.configPanel();
    std::vector<QSlider*> sliders;
    for (Knob k :
         {Knob::DModel, Knob::Layers, Knob::Heads, Knob::KvHeads, Knob::Vocab, Knob::Dff}) {
        sliders.push_back(panel->row(k)->slider());
    }
    sliders.push_back(panel->contextRow()->slider());
    sliders.push_back(panel->batchRow()->slider());
    std::vector<int> direction(sliders.size(), 1);
    PaintCounter counter;
    const QList<QGraphicsView*> views = window.findChildren<QGraphicsView*>();
    for (QGraphicsView* v : views) {
        v->viewport()->installEventFilter(&counter);
    }
    std::vector<double> full;
    std::vector<double> times;
    std::vector<double> cpu;
    times.reserve(static_cast<std::size_t>(steps));
    const int recomputesBefore = model.recomputeCount();
    EventLog elog;
    if (qEnvironmentVariableIsSet("LLMSIZER_BENCH_EVENTS")) {
        app.installEventFilter(&elog);
        elog.on = true;
    }
    QElapsedTimer t;
    const int walk = bench::wanted("slider_step") ? steps : 0;
    for (int i = 0; i < walk; ++i) {
        const std::size_t s = static_cast<std::size_t>(i / 5) % sliders.size();
        QSlider* slider = sliders[s];
        if (slider->value() + direction[s] > slider->maximum() ||
            slider->value() + direction[s] < slider->minimum()) {
            direction[s] = -direction[s];
        }
        const double cpu0 = cpuMs();
        t.start();
        slider->setValue(slider->value() + direction[s]);
        const double set = static_cast<double>(t.nsecsElapsed()) / 1e6;
        paintDirty();
        times.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        cpu.push_back(cpuMs() - cpu0);
        if (qEnvironmentVariableIsSet("LLMSIZER_BENCH_VIEWS")) {
            std::printf("step %d slider %zu set %.2f total %.2f\n", i, s, set, times.back());
        }
    }
    if (qEnvironmentVariableIsSet("LLMSIZER_BENCH_VIEWS")) {
        for (QGraphicsView* v : views) {
            std::vector<double> vt;
            for (int i = 0; i < 50; ++i) {
                t.start();
                v->viewport()->repaint();
                vt.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
            }
            std::printf("view %s %dx%d median %.3f\n", v->parentWidget()->metaObject()->className(),
                        v->width(), v->height(), percentile(vt, 0.5));
        }
        std::vector<double> wt;
        for (int i = 0; i < 50; ++i) {
            t.start();
            window.repaint();
            wt.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        }
        std::printf("window median %.3f\n", percentile(wt, 0.5));
    }
    if (elog.on) {
        for (const auto& [k, v] : elog.counts) {
            std::printf("%6.2f per step: %s\n", double(v) / steps, k.c_str());
        }
        elog.on = false;
    }
    const double paintsPerStep = static_cast<double>(counter.paints) / std::max(walk, 1);
    const int recomputes = model.recomputeCount() - recomputesBefore;
    // The same walk with the whole window repainted after each step (an upper bound: the
    // configuration panel and menus are painted too although they did not change).
    const int fullWalk = bench::wanted("slider_step_full_window_repaint") ? steps : 0;
    for (int i = 0; i < fullWalk; ++i) {
        const std::size_t s = static_cast<std::size_t>(i / 5) % sliders.size();
        QSlider* slider = sliders[s];
        if (slider->value() + direction[s] > slider->maximum() ||
            slider->value() + direction[s] < slider->minimum()) {
            direction[s] = -direction[s];
        }
        t.start();
        slider->setValue(slider->value() + direction[s]);
        paintDirty();
        window.repaint();
        full.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    double sum = 0;
    for (double v : times) {
        sum += v;
    }
    if (walk > 0) {
        std::printf("{\"name\": \"slider_step\", \"median_ms\": %.3f, \"p99_ms\": %.3f, "
                    "\"mean_ms\": %.3f, \"max_ms\": %.3f, \"steps\": %d, \"recomputes\": %d, "
                    "\"cpu_median_ms\": %.3f, \"cpu_p99_ms\": %.3f, \"cpu_max_ms\": %.3f, "
                    "\"chart_paints_per_step\": %.2f, \"size\": \"%dx%d\", \"platform\": \"%s\"}\n",
                    percentile(times, 0.5), percentile(times, 0.99),
                    sum / static_cast<double>(times.size()), percentile(times, 1.0), steps,
                    recomputes, percentile(cpu, 0.5), percentile(cpu, 0.99), percentile(cpu, 1.0),
                    paintsPerStep, size.width(), size.height(),
                    qPrintable(QGuiApplication::platformName()));
    }
    if (fullWalk > 0) {
        std::printf("{\"name\": \"slider_step_full_window_repaint\", \"median_ms\": %.3f, "
                    "\"p99_ms\": %.3f}\n",
                    percentile(full, 0.5), percentile(full, 0.99));
    }

    // One step without painting: the recomputation plus the in-place chart updates.
    std::vector<double> compute;
    const ModelConfig base = model.config();
    const int computeSteps = bench::wanted("step_without_paint") ? steps : 0;
    for (int i = 0; i < computeSteps; ++i) {
        t.start();
        model.setKnob(Knob::Layers, base.n_layers + static_cast<std::uint64_t>(i % 2));
        compute.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    if (computeSteps > 0) {
        std::printf("{\"name\": \"step_without_paint\", \"median_ms\": %.3f, \"p99_ms\": %.3f}\n",
                    percentile(compute, 0.5), percentile(compute, 0.99));
    }
    std::fflush(stdout);
    model.setKnob(Knob::Layers, base.n_layers);

    bench::runActions(window, model, steps);
    return 0;
}
