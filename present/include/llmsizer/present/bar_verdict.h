#pragma once

#include "llmsizer/present/memory_view.h"
#include "llmsizer/shape/fit.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llmsizer {

class GpuCatalog;

// The verdict written on a memory bar, from the same model as `llm-sizer-cli fit`
// (fitInference/fitTraining): the workload is laid out over the selected GPUs (tensor parallel
// inside a node, pipeline stages across nodes; in training no ZeRO, as the bars assume), and the
// most-loaded GPU's memory is compared with one GPU's usable capacity. An MLA latent cache is
// replicated on every tensor-parallel rank (memory.h), so N GPUs do not hold N times as much.
struct BarVerdict {
    enum class Kind {
        NoGpus,     // no GPU selected: no verdict
        Fits,       // on `gpus` of a selected line's devices: the fewest that hold it (fit's
                    // gpus_needed), at most the line's count
        Needs,      // not on the selected ones; the fewest of `gpu` that hold it
        DoesNotFit, // on no count of the largest selected device up to FitOptions::max_gpus
    };
    Kind kind = Kind::NoGpus;
    std::string gpu_id;
    std::string gpu;                  // short label of the device, "H100"
    std::uint64_t gpus = 0;           // Fits and Needs: the fewest of `gpu` that hold it
    ParallelSplit split;              // the layout at `gpus`
    std::uint64_t required_bytes = 0; // per GPU at that layout
    std::uint64_t capacity_bytes = 0; // usable bytes of one GPU
    bool tight = false;               // Fits with under 10 % of the capacity to spare
    // "fits on 1× H100 (62 % used)", "needs 16× H100", "does not fit on the selected GPUs"
    std::string text;
};

// Under this share of one GPU's usable memory to spare, a fit is marked as tight.
constexpr double kTightHeadroom = 0.10;

// The verdict for the bar of `precisionId` under `options` (memoryBar's workload), against the
// selected GPU lines (referenceLines keys, "h100-sxm-80gb:8"). The selected lines are tried from
// the smallest total capacity up; the first that holds the workload per GPU is the answer. When
// none does, the device of the largest selected line ("8× H100") is searched for the fewest that
// would (fit's gpus_needed).
BarVerdict barVerdict(const ModelConfig& config, const std::string& precisionId,
                      const MemoryViewOptions& options, const GpuCatalog& catalog,
                      const std::vector<std::string>& lineKeys, const FitOptions& fit = {});
// The same, counting through `counts` (one cache for every bar of an edit counts the model and
// each pipeline stage the searches try once).
BarVerdict barVerdict(CountCache& counts, const ModelConfig& config, const std::string& precisionId,
                      const MemoryViewOptions& options, const GpuCatalog& catalog,
                      const std::vector<std::string>& lineKeys, const FitOptions& fit = {});

// The textbook verdict on a bar of `bytes` (a textbook bar: weights, or training states): the
// bytes divided evenly over GPUs as by hand ("140 GB over 80 GB GPUs: 2"), with no layout, KV
// cache or overhead. The same lines tried in the same order, the same kinds and texts.
BarVerdict textbookVerdict(std::uint64_t bytes, const GpuCatalog& catalog,
                           const std::vector<std::string>& lineKeys, const FitOptions& fit = {});

} // namespace llmsizer
