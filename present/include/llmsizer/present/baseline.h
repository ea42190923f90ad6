#pragma once

#include "llmsizer/present/diagram.h"
#include "llmsizer/present/workspace.h"
#include "llmsizer/text/figures.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// Pin as baseline: the Overview's figures of the model shown set against the same figures of a
// pinned model, evaluated at the same workload and display options, as ratios ("×1.96": the model
// shown over the baseline). Doubling the layers of Llama 2 7B reads ×1.96 on the total, doubling
// its d_model ×3.92, Llama 2 70B's 8 KV heads against 64 ×0.125 on the KV cache.
namespace llmsizer {

// The current value over the baseline's to three significant digits ("×1.96", "×0.125",
// "×12.3", "×1,234"), "×1" when they are equal; "new" when only the current value is non-zero,
// "gone" when only the baseline's is, "" when both are zero.
std::string ratioText(double now, double base);
std::string ratioText(std::uint64_t now, std::uint64_t base);

struct BaselineRatios {
    // The summary's figures by key: total, active, approx, flops, memory, weights, kv_token,
    // kv_context.
    std::vector<std::pair<std::string, std::string>> figures;
    // Each current pie slice by its key ("attention"); a slice the baseline lacks reads "new".
    std::vector<std::pair<std::string, std::string>> slices;
    // One per current bar: its ratio, and the baseline's total at the same precision (its ghost;
    // 0 and "" when the baseline shows no such bar).
    std::vector<std::string> bars;
    std::vector<std::uint64_t> ghosts;
    // The memory axis covering the current bars and the ghosts.
    MemoryAxis axis;

    std::string figure(std::string_view key) const; // "" when absent
    std::string slice(std::string_view key) const;  // "" when absent
};

// The ratios of `now` against `base` (both evaluated at the same workload and display options).
BaselineRatios baselineRatios(const Snapshot& now, const Snapshot& base, ByteUnits units);

// The diagram against the baseline's: each box's count (all its layers) and the total carry
// their ratio ("67,108,864 ×2"); a box the baseline lacks reads "new".
void setAgainstBaseline(Diagram& now, const Diagram& base);

} // namespace llmsizer
