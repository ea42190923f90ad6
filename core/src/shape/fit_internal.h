#pragma once

// Between the parts of the fit check: the layout of a device count (fit_layouts.cpp) and the
// search over candidate counts (fit.cpp).
#include "llmsizer/shape/fit.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace llmsizer {

// The layout's sizes, without the notes (the fit search tries many and keeps two).
ParallelSplit layoutFor(const ModelConfig& config, std::uint64_t gpus, bool training,
                        int zero_stage, const FitOptions& options);

// Every count of candidateGpuCounts with its layout (sizes only) and the index of that layout
// among the table's distinct ones: (tensor, pipeline) parallel, and data parallel too when
// `byDataParallel` (ZeRO shards over it), so a search keeps one need per distinct layout in a
// plain array.
struct CandidateLayout {
    std::uint64_t gpus = 1;
    ParallelSplit split;
    std::size_t layout = 0;
};
struct LayoutTable {
    std::vector<CandidateLayout> candidates;
    std::size_t layouts = 0; // distinct layouts
};

// The table for a configuration's heads and layers: the layouts depend on nothing else of it,
// nor on the GPU or the workload, so every bar and GPU line of an evaluation shares one table.
// Worked out once per thread for the last few shapes asked about; valid until the next call.
const LayoutTable& candidateLayouts(const ModelConfig& config, bool training, int zero_stage,
                                    bool byDataParallel, const FitOptions& options);

} // namespace llmsizer
