#pragma once

#include "llmsizer/catalog/display_options.h"
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/model/model.h"
#include "llmsizer/present/bar_verdict.h"
#include "llmsizer/present/memory_view.h"

#include <cstdint>
#include <vector>

namespace llmsizer {

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
};

// Evaluates a workspace: counts its configuration once and passes the count to the bars, the
// verdicts' fit searches (which share one CountCache for their pipeline stages), the KV cache
// and the FLOPs. The configuration must be valid (validate()); the catalog resolves the GPU keys.
Snapshot evaluate(const Workspace& workspace, const GpuCatalog& catalog);

} // namespace llmsizer
