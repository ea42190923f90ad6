#pragma once

#include "llmsizer/present/hardware_view.h"
#include "ui/state/hardwaremodel.h"

#include <QString>

namespace llmsizer::test {

// One RTX 4090 with 64 GB of RAM under llama.cpp at 8,192 tokens: My hardware's machine in the
// UI tests (its rows worked out by hand in tst_runs).
ui::HardwareChoice rtx4090Choice();
// The row of `preset` at `precision`, or nullptr.
const HardwareRow* hardwareRow(const ui::HardwareModel& model, const char* preset,
                               const char* precision);
// A row's cell text.
QString hardwareCell(const HardwareRow& row, HardwareColumn column);

} // namespace llmsizer::test
