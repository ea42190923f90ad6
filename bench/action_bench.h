#pragma once

namespace llmsizer::ui {
class ConfigModel;
class MainWindow;
} // namespace llmsizer::ui

namespace llmsizer::bench {

// Every kind of action a user takes, each timed until Qt has repainted what it changed, one JSON
// line per kind: preset_switch (every ordered pair of six presets from GPT-2 small to
// DeepSeek-V3), slider_jump (Home and End on every slider), slider_step_overview, _explorer,
// _math, _budget and _fit (a drag with that tab shown), slider_step_compare4 (a drag with the
// comparison window open on four models) and slider_step_presentation; then runOpenings.
void runActions(ui::MainWindow& window, ui::ConfigModel& model, int steps);
// What opens a view, each timed until Qt has repainted it: compare_add (one to four models added
// to the open Compare window), lesson_open (every lesson of the Help menu) and
// presentation_toggle (F5 on and off).
void runOpenings(ui::MainWindow& window, ui::ConfigModel& model, int steps);

} // namespace llmsizer::bench
