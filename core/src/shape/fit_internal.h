#pragma once

// Between the parts of the fit check: the layout of a device count (fit_layouts.cpp) and the
// search over candidate counts (fit.cpp).
#include "llmsizer/shape/fit.h"

#include <cstddef>
#include <cstdint>
#include <optional>
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
// The counts a search tries, with their layouts worked out as the search reaches them: a search
// stops at the first count that fits (most of the 500-odd counts up to 4,096 GPUs are never
// looked at), and a count it skips by the memory bound needs no layout at all.
class LayoutTable {
public:
    LayoutTable() = default;
    LayoutTable(ModelConfig config, bool training, int zero_stage, bool byDataParallel,
                const FitOptions& options);
    const std::vector<std::uint64_t>& counts() const { return m_counts; }
    // The count at `i` with its layout (i < counts().size()).
    const CandidateLayout& at(std::size_t i);
    std::size_t layouts() const { return m_seen.size(); } // distinct layouts so far
    // A split as divided as the most divided layout of the table in each dimension (its largest
    // tensor, pipeline and data parallel sizes, which one layout need not have together). A GPU's
    // share never grows as t, p or d grow, so no layout of the table needs less per GPU than this.
    const ParallelSplit& mostDivided();

private:
    struct Seen {
        std::uint64_t t, p, d;
    };
    ModelConfig m_config; // its heads and layers decide the layouts
    bool m_training = false;
    int m_zeroStage = 0;
    bool m_byDataParallel = false;
    FitOptions m_options;
    std::vector<std::uint64_t> m_counts;
    std::vector<CandidateLayout> m_done; // the first m_done.size() counts, laid out
    std::vector<Seen> m_seen;
    std::optional<ParallelSplit> m_mostDivided;
};

// The table for a configuration's heads and layers: the layouts depend on nothing else of it,
// nor on the GPU or the workload, so every bar and GPU line of an evaluation shares one table.
// Kept per thread for the last few shapes asked about; valid until the next call.
LayoutTable& candidateLayouts(const ModelConfig& config, bool training, int zero_stage,
                              bool byDataParallel, const FitOptions& options);

} // namespace llmsizer
