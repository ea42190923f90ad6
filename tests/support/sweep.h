// The window sizes and themes the pixel-heavy label tests sweep (every view's chart text read back
// and checked for elision, clipping and overlap). The g++ test stage sweeps them all; under the
// sanitizers, where each row costs several times as much and what is checked is memory rather
// than pixels, tests/CMakeLists.txt sets LLMSIZER_TEST_SWEEP=light and the sweep takes the
// projector size in the light theme only (presentation mode on and off stays in both).
#pragma once

#include <QList>
#include <QSize>

namespace llmsizer::test {

// True when LLMSIZER_TEST_SWEEP=light.
bool lightSweep();

// The window sizes: a 1280x800 projector and a 1920x1080 screen (the projector only when light).
QList<QSize> sweepSizes();

// The themes, as "dark": false then true (false only when light).
QList<bool> sweepDarkThemes();

} // namespace llmsizer::test
