#pragma once

#include "llmsizer/catalog/display_options.h"
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/model/model.h"
#include "llmsizer/present/bar_verdict.h"
#include "llmsizer/present/memory_view.h"
#include "llmsizer/present/rule_steps.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llmsizer {

// The context a model opens at: its own maximum, capped at 8,192 tokens (Llama 3's context, the
// course's worked example, and the CLI's default for runs and training). A 1M-token maximum would
// turn a small model's bars into KV cache; the maximum stays on the context slider.
inline constexpr std::uint64_t kDefaultContext = 8192;
std::uint64_t defaultContext(const ModelConfig& config);

// The 12·L·d² figure as the Overview shows it: "64,424,509,440 (64.4B) (error −8.7%)". The rule
// is for dense models (one 8·d² MLP per layer); for an MoE model the error says so, and `note`
// explains the gap (the experts the rule leaves out). `note` is empty for a dense model.
struct RuleFigure {
    std::string text;
    std::string short_text; // presentation mode's narrow columns: "6.4B (error −86.2%; …)"
    std::string note;
};
RuleFigure approxRuleFigure(const ModelConfig& config, const ParamCount& count,
                            std::uint64_t approx);

// What the Overview is evaluated from: the model being sized, the workload and the display
// options (units, precisions, overhead profile, GGUF extras, selected GPUs, training).
struct Workspace {
    ModelConfig config;
    std::uint64_t context = 4096;
    std::uint64_t batch = 1;
    DisplayOptions display;
};

// Every number the Overview shows for one Workspace.
struct Snapshot {
    ParamCount count;
    std::vector<Slice> slices;        // the pie (pieSlices)
    std::vector<MemoryBar> bars;      // one per precision shown (barPrecisionIds)
    MemoryBar selected;               // the summary's weight precision
    std::vector<ReferenceLine> lines; // the selected GPUs
    std::vector<BarVerdict> verdicts; // one per bar, as `fit` decides
    MemoryAxis axis;                  // the memory chart's axis
    KvCache kv;                       // at the workload's context and batch
    double flops_per_token = 0;       // decode FLOPs per token at the context
    std::uint64_t approx_12ld2 = 0;   // the 12·L·d² approximation of the total
    RuleFigure approx_text;           // approx_12ld2 with its error, as shown
    RuleSteps rule_steps;             // the rule taken to the exact count (textbook numbers)
    // Training against inference at the summary's precision, in the same numbers (textbook or
    // realistic) and workload: the other mode's total, the ratio training ÷ inference, and the
    // figure the summary shows beside the memory ("training at BF16 mixed 1.12 TB, ×8").
    std::uint64_t other_mode_bytes = 0;
    double training_ratio = 0;
    std::string mode_ratio_text;
};

// Evaluates a workspace: counts its configuration once and passes the count to the bars, the
// verdicts' fit searches (which share one CountCache for their pipeline stages), the KV cache
// and the FLOPs. The configuration must be valid (validate()); the catalog resolves the GPU keys.
Snapshot evaluate(const Workspace& workspace, const GpuCatalog& catalog);

} // namespace llmsizer
