#pragma once

#include "llmsizer/catalog/display_options.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/memory/training.h"
#include "llmsizer/model/model.h"
#include "llmsizer/text/format.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace llmsizer {

struct ParamCount; // count.h

class GpuCatalog;

// The memory chart's data, from the memory and training models: one stacked bar per precision
// and horizontal reference lines for GPU capacities. Qt-free so the widgets compute nothing.

// One stacked segment: "weights", "kv_cache", "activations", "overhead" (inference) or
// "weights", "gradients", "optimizer", "activations" (training). Keys match the palette.
struct MemorySegment {
    std::string key;
    std::string label;
    std::uint64_t bytes = 0;
};

struct MemoryBar {
    std::string precision_id; // "fp16"
    std::string label;        // "FP16/BF16", "GGUF Q4_K_M", "QLoRA NF4" (training INT4)
    std::string
        narrow_label; // under a narrow bar: "16-bit", "Q4_K_M", "QLoRA" (precisionNarrowLabel)
    std::vector<MemorySegment> segments;
    std::uint64_t total = 0;
};

struct MemoryViewOptions {
    std::uint64_t context = 4096; // tokens per sequence (KV cache; training sequence length)
    std::uint64_t batch = 1;      // sequences (training: micro-batch)
    bool training = false;
    // Textbook numbers: only what the course computes by hand (the weights; in training also
    // the gradients and optimizer states), not the KV cache, activations or overhead.
    bool textbook = false;
    std::string kv_precision = DisplayOptions{}.kv_precision;
    std::string overhead = DisplayOptions{}.overhead; // OverheadProfile id for inference
};

// The bar chart's precisions: FP32, FP16/BF16, FP8/INT8, INT4, then the chosen extras (GGUF file
// types such as "q4_k_m", in the order given; unknown or duplicate ids are skipped). Training
// mode drops GGUF types (they are inference formats).
std::vector<std::string> barPrecisionIds(const std::vector<std::string>& extras, bool training);
// A short label for a precision id ("FP16/BF16", "Q4_K_M").
std::string precisionShortLabel(const std::string& id, bool training);
// The same in at most six characters, for bars too narrow for the short label: inference by bit
// width ("32-bit", "16-bit", "8-bit", "4-bit"; GGUF types by name), training by format ("FP32",
// "BF16", "FP8", "QLoRA").
std::string precisionNarrowLabel(const std::string& id, bool training);

// One bar. Inference: inferenceMemory() at the precision. Training: trainingMemory() with
// AdamW and weights/gradients at the precision's width (FP32 4+4 bytes, FP16 2+2, FP8 1+2), and
// INT4 as QLoRA (NF4 + double quant base, rank 16 on every projection). Throws like the core.
MemoryBar memoryBar(const ModelConfig& config, const std::string& precisionId,
                    const MemoryViewOptions& options);
// The parameters behind a bar, for asking fitInference/fitTraining about the same workload.
InferenceParams barInferenceParams(const std::string& precisionId,
                                   const MemoryViewOptions& options);
TrainingParams barTrainingParams(const std::string& precisionId, const MemoryViewOptions& options);
std::vector<MemoryBar> memoryBars(const ModelConfig& config, const std::vector<std::string>& ids,
                                  const MemoryViewOptions& options);
// The same with the configuration's count already made (count = countParameters(config)).
MemoryBar memoryBar(const ModelConfig& config, const ParamCount& count,
                    const std::string& precisionId, const MemoryViewOptions& options);
std::vector<MemoryBar> memoryBars(const ModelConfig& config, const ParamCount& count,
                                  const std::vector<std::string>& ids,
                                  const MemoryViewOptions& options);

// A GPU or a node of GPUs as a capacity line: count × usable bytes of the device.
struct ReferenceLine {
    std::string key;         // "h100-sxm-80gb" or "h100-sxm-80gb:8"
    std::string label;       // "H100 SXM5 80GB", "8× H100 SXM5 80GB"
    std::string short_label; // "H100", "8× H100": vendor, form factor and size left out
    std::uint64_t bytes = 0;
};
// Keys: a GPU id, optionally ":count" ("h100-sxm-80gb:8"). Unknown ids are skipped. Sorted by
// capacity.
std::vector<ReferenceLine> referenceLines(const GpuCatalog& catalog,
                                          const std::vector<std::string>& keys);
// Index of the smallest line whose capacity holds `bytes`; -1 when none does.
int smallestFit(std::uint64_t bytes, const std::vector<ReferenceLine>& lines);

// Bytes as a number in the unit formatBytes would use for the axis: GB (1e9) or GiB (2^30).
double bytesInUnit(std::uint64_t bytes, ByteUnits units);
// The bytes of one segment of a bar by its key ("weights", "kv_cache"); 0 when the bar has none.
std::uint64_t segmentBytes(const MemoryBar& bar, std::string_view key);

// The memory axis: upper bound (in GB or GiB) covering the tallest bar and the first reference
// line above it (if that line is within 1.5× of the bar, so the bars keep two thirds of the chart),
// rounded up to 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10^k (niceCeil); whether a
// log axis is advisable (tallest / shortest bar > 50); and the lower bound for a log axis (a power
// of ten below the shortest bar).
struct MemoryAxis {
    double max = 1;
    double tick = 0.2; // linear tick interval: 1, 2 or 5 × 10^k, four to eight ticks
    double log_min = 0.1;
    double log_max = 10;
    bool suggest_log = false;
};
MemoryAxis memoryAxis(const std::vector<MemoryBar>& bars, const std::vector<ReferenceLine>& lines,
                      ByteUnits units);
// The smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k at or above x (x > 0).
double niceCeil(double x);
// A 1, 2 or 5 × 10^k tick interval giving four to eight ticks up to max.
double niceTick(double max);

} // namespace llmsizer
