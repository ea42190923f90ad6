#pragma once

#include "llmsizer/text/format.h"

#include <string>
#include <vector>

// How the desktop app shows a model: the options of the Overview's memory view and the Runtime
// menu, shared by the Compare window, session files and the settings file. Each default is
// written here and nowhere else.
namespace llmsizer {

struct DisplayOptions {
    ByteUnits units = ByteUnits::Decimal;
    std::string weight_precision = "fp16";     // precision.h weight precision id: the summary's
    std::string kv_precision = "fp16";         // kvPrecisions() id: the KV cache everywhere
    std::string overhead = "transformers";     // overheadProfiles() id: inference runtime overhead
    std::vector<std::string> extra_precisions; // GGUF types added to the bars ("q4_k_m")
    std::vector<std::string> gpus;             // reference lines: "id" or "id:count"
    bool training = false;                     // training instead of inference memory
    bool operator==(const DisplayOptions&) const = default;
};

// `wanted` with each unknown weight precision, KV precision or overhead profile id replaced by
// `fallback`'s (the options in use, so that a bad id changes nothing). Unknown extras and GPU keys
// are kept: the bar chart and the reference lines skip them.
DisplayOptions checkedDisplayOptions(DisplayOptions wanted, const DisplayOptions& fallback = {});

} // namespace llmsizer
