#pragma once

#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/format.h"

#include <string>
#include <vector>

// What the desktop app shows of an inspected checkpoint: its pie and the checkpoint-versus-
// estimate table, as text ready for display.
namespace llmsizer {

// Pie slices from the checkpoint's own components, with the same keys (and MLP split) as
// pieSlices so colours match; unmapped tensors get an "unmapped" slice. Zero slices left out.
std::vector<Slice> checkpointSlices(const Checkpoint& checkpoint);

// One row of the comparison table. estimate is "—" when there is no estimate for the row.
struct CheckpointRow {
    std::string label;      // "Attention", "Unmapped tensors", "Total"
    std::string checkpoint; // "6,476,005,376"
    std::string estimate;
    std::string difference; // "+131,072,000", "0", "—"
    bool differs = false;   // a nonzero difference
};
// Per component (components with neither checkpoint nor estimate parameters left out), then
// unmapped tensors and the total.
std::vector<CheckpointRow> checkpointRows(const Checkpoint& checkpoint);

// "label: value" facts: format, files, total bytes, buffers, missing shards, bytes per dtype,
// effective bits per weight, the configuration's source and guesses, notes.
struct CheckpointFact {
    std::string label;
    std::string value;
    bool warning = false; // missing shards, unmapped tensors, notes
};
std::vector<CheckpointFact> checkpointFacts(const Checkpoint& checkpoint, ByteUnits units);

} // namespace llmsizer
