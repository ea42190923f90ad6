#pragma once

#include "llmsizer/text/format.h"

#include <cstdint>
#include <string>
#include <vector>

// How the desktop app shows a model: the options of the Overview's memory view and the Runtime
// menu, shared by the Compare window, session files and the settings file. Each default is
// written here and nowhere else.
namespace llmsizer {

// The rule's default and the range the app accepts for it.
inline constexpr std::uint64_t kChinchillaTokensPerParam = 20;
inline constexpr std::uint64_t kMaxTokensPerParam = 100'000;

struct DisplayOptions {
    ByteUnits units = ByteUnits::Decimal;
    std::string weight_precision = "fp16";     // precision.h weight precision id: the summary's
    std::string kv_precision = "fp16";         // kvPrecisions() id: the KV cache everywhere
    std::string overhead = "transformers";     // overheadProfiles() id: inference runtime overhead
    std::vector<std::string> extra_precisions; // GGUF types added to the bars ("q4_k_m")
    std::vector<std::string> gpus;             // reference lines: "id" or "id:count"
    bool training = false;                     // training instead of inference memory
    // Textbook numbers: the memory the course computes by hand (parameters × bytes; in training
    // also gradients and optimizer states) and the 12·L·d² rule taken to the exact count,
    // instead of the full memory with KV cache, activations and runtime overhead.
    bool textbook = false;
    // Chinchilla's compute-optimal training tokens per parameter (Hoffmann et al. 2022, "Training
    // Compute-Optimal Large Language Models", Table 3: about 20), against which the summary and
    // the Compare table set a preset's published training tokens.
    std::uint64_t tokens_per_param = kChinchillaTokensPerParam;
    bool operator==(const DisplayOptions&) const = default;
};

// `wanted` with each unknown weight precision, KV precision or overhead profile id, and a
// tokens_per_param outside 1…kMaxTokensPerParam, replaced by `fallback`'s (the options in use, so
// that a bad id changes nothing). Unknown extras and GPU keys
// are kept: the bar chart and the reference lines skip them.
DisplayOptions checkedDisplayOptions(DisplayOptions wanted, const DisplayOptions& fallback = {});

} // namespace llmsizer
