#include "action_bench.h"

#include "bench_stats.h"
#include "llmsizer/present/lessons.h"
#include "llmsizer/present/view_support.h"
#include "ui/compare/comparewindow.h"
#include "ui/kit/knobrow.h"
#include "ui/kit/presentation.h"
#include "ui/overview/configpanel.h"
#include "ui/shell/lessons.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSlider>
#include <QTest>
#include <algorithm>
#include <string>
#include <vector>

namespace llmsizer::bench {

namespace {

using ui::ConfigModel;
using ui::MainWindow;

const char* const kPresets[] = {"gpt-2-small",   "llama-3-8b",     "llama-3-70b",
                                "mixtral-8x22b", "llama-3.1-405b", "deepseek-v3"};

void paintDirty()
{
    QCoreApplication::processEvents();
}

std::vector<QSlider*> sliders(MainWindow& window)
{
    ui::ConfigPanel* panel = window.configPanel();
    std::vector<QSlider*> out;
    for (Knob k :
         {Knob::DModel, Knob::Layers, Knob::Heads, Knob::KvHeads, Knob::Vocab, Knob::Dff}) {
        out.push_back(panel->row(k)->slider());
    }
    out.push_back(panel->contextRow()->slider());
    out.push_back(panel->batchRow()->slider());
    return out;
}

// A drag: `steps` single steps, five per slider in turn, bouncing at the ends.
Samples drag(MainWindow& window, int steps)
{
    const std::vector<QSlider*> all = sliders(window);
    std::vector<int> direction(all.size(), 1);
    // Diagnostics (slider_bench.cpp's header): one slider only, and the steps slower than a bound.
    const int onlySlider = qEnvironmentVariableIsSet("LLMSIZER_BENCH_ONLY_SLIDER")
                               ? qEnvironmentVariableIntValue("LLMSIZER_BENCH_ONLY_SLIDER")
                               : -1;
    const double slowMs = qEnvironmentVariableIntValue("LLMSIZER_BENCH_SLOW");
    Samples s;
    for (int i = 0; i < steps; ++i) {
        const std::size_t k = static_cast<std::size_t>(i / 5) % all.size();
        QSlider* slider = all[k];
        if (onlySlider >= 0 && static_cast<int>(k) != onlySlider) {
            continue;
        }
        if (!slider->isEnabled()) {
            continue;
        }
        if (slider->value() + direction[k] > slider->maximum() ||
            slider->value() + direction[k] < slider->minimum()) {
            direction[k] = -direction[k];
        }
        QElapsedTimer step;
        step.start();
        s.measure([&] {
            slider->setValue(slider->value() + direction[k]);
            paintDirty();
        });
        const double ms = static_cast<double>(step.nsecsElapsed()) / 1e6;
        if (slowMs > 0 && ms > slowMs) {
            std::printf("slow step %d: slider %zu at %d, %.1f ms\n", i, k, slider->value(), ms);
        }
    }
    return s;
}

// Preset switches: every ordered pair, so each preset is left for every other one.
void runSwitches(ConfigModel& model)
{
    Samples switches;
    for (const char* from : kPresets) {
        for (const char* to : kPresets) {
            if (from == to) {
                continue;
            }
            model.selectPreset(QString::fromLatin1(from));
            paintDirty();
            switches.measure([&] {
                model.selectPreset(QString::fromLatin1(to));
                paintDirty();
            });
        }
    }
    switches.print("preset_switch", ", \"presets\": 6");
}

// Home and End on every slider, on a small and a large model.
void runJumps(MainWindow& window, ConfigModel& model)
{
    Samples jumps;
    for (const char* id : {"gpt-2-small", "llama-3-70b", "deepseek-v3"}) {
        model.selectPreset(QString::fromLatin1(id));
        paintDirty();
        for (QSlider* slider : sliders(window)) {
            if (!slider->isEnabled()) {
                continue;
            }
            slider->setFocus();
            for (Qt::Key key : {Qt::Key_Home, Qt::Key_End, Qt::Key_Home}) {
                jumps.measure([&] {
                    QTest::keyClick(slider, key);
                    paintDirty();
                });
            }
            model.resetToBase();
            paintDirty();
        }
    }
    jumps.print("slider_jump");
}

// The comparison window open beside the main window, holding four models.
void runCompare4(MainWindow& window, int steps)
{
    ui::ComparisonModel* comparison = window.comparison();
    comparison->clear();
    for (const char* id : {"llama-3-8b", "llama-3-70b", "mixtral-8x22b", "deepseek-v3"}) {
        comparison->addPreset(QString::fromLatin1(id));
    }
    window.compareWindow()->resize(1600, 1000);
    window.compareWindow()->present();
    paintDirty();
    drag(window, steps).print("slider_step_compare4");
    window.compareWindow()->hide();
    paintDirty();
}

} // namespace

void runActions(MainWindow& window, ConfigModel& model, int steps)
{
    if (wanted("preset_switch")) {
        runSwitches(model);
    }
    if (wanted("slider_jump")) {
        runJumps(window, model);
    }

    model.selectPreset(QStringLiteral("llama-3-70b"));
    paintDirty();
    ui::ViewTabs* views = window.views();
    const std::pair<const char*, const char*> tabs[] = {{"overview", "slider_step_overview"},
                                                        {"explorer", "slider_step_explorer"},
                                                        {"math", "slider_step_math"},
                                                        {"budget", "slider_step_budget"},
                                                        {"fit", "slider_step_fit"}};
    for (const auto& [view, name] : tabs) {
        if (!wanted(name)) {
            continue;
        }
        views->showView(QString::fromLatin1(view));
        paintDirty();
        drag(window, steps).print(name);
        model.resetToBase();
    }
    views->showView(QStringLiteral("overview"));

    if (wanted("slider_step_compare4")) {
        runCompare4(window, steps);
    }
    if (wanted("slider_step_presentation")) {
        window.presentation()->setOn(true);
        paintDirty();
        drag(window, steps).print("slider_step_presentation");
        window.presentation()->setOn(false);
        paintDirty();
    }

    runOpenings(window, model, steps);
}

namespace {

// Adding a model to Compare, the window open: one to four models, from an empty comparison.
void runAdds(MainWindow& window, int rounds)
{
    ui::ComparisonModel* comparison = window.comparison();
    window.compareWindow()->resize(1600, 1000);
    window.compareWindow()->present();
    paintDirty();
    Samples adds;
    for (int round = 0; round < rounds; ++round) {
        comparison->clear();
        paintDirty();
        for (const char* id : {"llama-3-8b", "llama-3-70b", "mixtral-8x22b", "deepseek-v3"}) {
            adds.measure([&] {
                comparison->addPreset(QString::fromLatin1(id));
                paintDirty();
            });
        }
    }
    adds.print("compare_add", ", \"models\": 4");
    window.compareWindow()->hide();
    paintDirty();
}

// Every lesson from the Help menu, each from the Overview of Llama 3 70B.
void runLessons(MainWindow& window, ConfigModel& model, int rounds)
{
    auto* lessons = window.findChild<ui::Lessons*>();
    Samples opened;
    std::string slowest;
    double slowestCpu = -1;
    for (int round = 0; round < rounds; ++round) {
        for (const std::string& id : lessonIds()) {
            model.selectPreset(QStringLiteral("llama-3-70b"));
            window.views()->showView(QStringLiteral("overview"));
            window.compareWindow()->hide();
            paintDirty();
            opened.measure([&] {
                lessons->start(QString::fromStdString(id));
                paintDirty();
            });
            if (opened.cpu().back() > slowestCpu) {
                slowestCpu = opened.cpu().back();
                slowest = id;
            }
            lessons->stop();
        }
    }
    // The lesson of the slowest opening (CPU), to look at first.
    opened.print("lesson_open", ", \"lessons\": " + std::to_string(lessonIds().size()) +
                                    ", \"slowest\": \"" + slowest + "\"");
    window.compareWindow()->hide();
    model.selectPreset(QStringLiteral("llama-3-70b"));
    window.views()->showView(QStringLiteral("overview"));
    paintDirty();
}

// F5 on and off on the Overview.
void runPresentationToggles(MainWindow& window, int rounds)
{
    Samples toggles;
    for (int i = 0; i < 2 * rounds; ++i) {
        toggles.measure([&] {
            window.presentation()->toggle();
            paintDirty();
        });
    }
    window.presentation()->setOn(false);
    paintDirty();
    toggles.print("presentation_toggle");
}

// Textbook numbers on and off (Ctrl+T) on the Overview of Llama 3 70B.
void runTextbookToggles(ConfigModel& model, int rounds)
{
    Samples textbook;
    for (int i = 0; i < 2 * rounds; ++i) {
        textbook.measure([&] {
            model.setTextbook(!model.textbook());
            paintDirty();
        });
    }
    model.setTextbook(false);
    paintDirty();
    textbook.print("textbook_toggle");
}

} // namespace

void runOpenings(MainWindow& window, ConfigModel& model, int steps)
{
    const int rounds = std::max(2, steps / 40);
    if (wanted("compare_add")) {
        runAdds(window, rounds);
    }
    if (wanted("lesson_open")) {
        runLessons(window, model, rounds);
    }
    if (wanted("presentation_toggle")) {
        runPresentationToggles(window, rounds);
    }
    if (wanted("textbook_toggle")) {
        runTextbookToggles(model, rounds);
    }
}

} // namespace llmsizer::bench
