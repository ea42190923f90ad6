#pragma once

#include "llmsizer/compute/hardware.h"
#include "llmsizer/compute/speed.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/memory/offload.h"
#include "llmsizer/model/count.h"
#include "llmsizer/shape/fit.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// What runs on a given machine: for a model and a precision, does it fit on one GPU, on several
// (tensor parallel), or only with some layers in system RAM (offload), how much context fits and
// how fast it decodes and prefills. The memory is fit's (fitInference) and offload.h's; the
// speed is the roofline of speed.h with a runtime's calibrated efficiencies (docs/compute.md,
// "Calibration"). The CLI's `runs` and the app's My hardware view show these rows.
namespace llmsizer {

// An inference runtime: its memory overhead, the precisions it loads, whether it can keep layers
// in system RAM, whether several GPUs split each layer (tensor parallel: their bandwidths add
// up) or hold whole layers in turn (llama.cpp's default layer split: one GPU works at a time),
// and its efficiencies.
struct RuntimeProfile {
    std::string id;    // "llama.cpp", "vllm", "transformers"
    std::string label; // "llama.cpp"
    std::string overhead_id;
    std::vector<std::string> precisions; // weight precision ids, in the order shown
    bool offload = false;
    bool tensor_parallel = false;
    RooflineAssumptions efficiency; // calibrated defaults (docs/compute.md)
    std::string efficiency_source;
};

const std::vector<RuntimeProfile>& runtimeProfiles();

// How far the speed estimates are from published measurements: docs/compute.md, "Calibration"
// (scripts/calibration.py on docs/data/speed-measurements.json; tst_calibration checks these
// figures against that data). Shown with every speed the CLI and the app print.
struct CalibrationSummary {
    int decode_measurements = 0;
    int decode_median_error_percent = 0;
    int prefill_measurements = 0;
    int prefill_median_error_percent = 0;
};
CalibrationSummary calibrationSummary();
// Throws InputError("", field, "unknown runtime 'x' (known: …)").
const RuntimeProfile& runtimeById(std::string_view id, const std::string& field = "runtime");

// The machine.
struct Hardware {
    GpuSpec gpu;
    std::uint64_t gpus = 1;
    std::uint64_t gpus_per_node = 8;
    std::uint64_t ram_bytes = 0; // system RAM the model may use when layers are offloaded
    // Bandwidth of system RAM in GB/s (10^9 bytes/s) for the offloaded layers' decode. The
    // default is dual-channel DDR5-5600 (2 × 64 bit × 5600 MT/s = 89.6 GB/s, JEDEC JESD79-5).
    double ram_bandwidth_gb_s = 89.6;
};

struct RunQuery {
    Hardware hardware;
    RuntimeProfile runtime;
    std::uint64_t context = 8192; // tokens per sequence
    std::uint64_t batch = 1;      // concurrent sequences
    std::uint64_t prompt = 512;   // prefill length for the prefill speed (llama-bench pp512)
    Precision kv = kvPrecisionById("fp16");
};

enum class RunVerdict {
    Fits,    // on one GPU
    FitsTp,  // on several of the machine's GPUs
    Offload, // only with some layers in system RAM
    No       // not even so
};
std::string_view runVerdictKey(RunVerdict v); // "fits", "fits_tp", "offload", "no"

struct RunRow {
    std::string precision_id;
    std::string precision_label;
    RunVerdict verdict = RunVerdict::No;
    std::uint64_t gpus = 0;             // GPUs the model uses (0: none fits it)
    ParallelSplit split;                // their layout (fits, fits_tp)
    std::uint64_t layers = 0;           // n_layers
    std::uint64_t gpu_layers = 0;       // layers on the GPUs (all of them unless offloaded)
    std::uint64_t bytes_per_gpu = 0;    // the most-loaded GPU
    std::uint64_t capacity_bytes = 0;   // one GPU's usable bytes
    std::int64_t headroom_bytes = 0;    // capacity − bytes_per_gpu
    std::uint64_t ram_bytes = 0;        // offloaded weights and KV cache in system RAM
    std::uint64_t single_gpu_bytes = 0; // the whole workload on one GPU (memory's total)
    std::uint64_t gpus_needed = 0;      // fewest GPUs of this kind that hold it (0: none)
    std::uint64_t max_context = 0;      // largest context, up to the model's context_length, that
                                        // still runs as the verdict says (0: not even one token)
    std::optional<double> decode_tokens_per_s;  // all sequences together
    std::optional<double> prefill_tokens_per_s; // one prompt of query.prompt tokens
    std::string note;                           // one sentence on the verdict
    // The workload's bytes exceed 2^64: verdict No, the byte fields unknown (0), the note says
    // what overflowed.
    bool beyond_64_bits = false;
};

// Every precision the runtime offers for this model (its list, plus the precision the model
// ships in when the runtime reads it, e.g. gpt-oss's MXFP4 experts), in display order.
std::vector<Precision> runPrecisions(const RuntimeProfile& runtime,
                                     const std::string& shipped_precision);

// One model at one precision on the machine. `count` is countParameters(config).
RunRow evaluateRun(const ModelConfig& config, const ParamCount& count, const Precision& precision,
                   const RunQuery& query);

// The offload plan of llama.cpp on `gpus` GPUs: as many of the last layers as the GPUs hold
// (filled one GPU after the other, each with its own compute buffer and overhead), the rest in
// RAM. gpu_layers = 0 when not even one layer fits beside the buffers.
struct OffloadPlan {
    std::uint64_t gpu_layers = 0;
    std::uint64_t gpus_used = 0;     // GPUs holding at least one layer
    std::uint64_t max_gpu_bytes = 0; // the most-loaded GPU
    std::uint64_t ram_bytes = 0;
    std::uint64_t gpu_read_bytes = 0; // per decode step
    std::uint64_t ram_read_bytes = 0;
    bool fits_ram = false;
};
OffloadPlan planOffload(const LayerSplit& split, const ModelConfig& config,
                        const InferenceParams& params, const Hardware& hardware);

} // namespace llmsizer
