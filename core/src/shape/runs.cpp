// What runs on a machine (runs.h): fit's memory for whole-GPU placements, llama.cpp's layer
// offload for the rest, and the roofline speeds with a runtime's calibrated efficiencies.
#include "llmsizer/shape/runs.h"

#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <algorithm>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

std::vector<RuntimeProfile> buildRuntimes()
{
    // Efficiencies: the medians of the published measurements in docs/compute.md
    // ("Calibration"), measured tokens/s over the roofline's ideal.
    std::vector<RuntimeProfile> v;
    v.push_back({"llama.cpp",
                 "llama.cpp",
                 "llama.cpp",
                 {"fp16", "q8_0", "q6_k", "q5_k_m", "q4_k_m", "q3_k_m", "q2_k"},
                 true,
                 false,
                 {0.65, 0.55},
                 "llama-bench on CUDA and Metal: decode median 0.66 of peak bandwidth (28 runs), "
                 "prefill median 0.60 of peak FLOP/s (18 runs); docs/compute.md"});
    v.push_back({"vllm",
                 "vLLM",
                 "vllm",
                 {"bf16", "fp8", "int8", "int4_g128"},
                 false,
                 true,
                 {0.63, 0.55},
                 "vLLM benchmark_latency and bench serve: decode median 0.63 (4 runs); prefill "
                 "as TensorRT-LLM and LMDeploy at long prompts (0.52-0.67); docs/compute.md"});
    v.push_back({"transformers",
                 "transformers",
                 "transformers",
                 {"bf16", "int8", "int4_g128", "nf4"},
                 true,
                 false,
                 {0.6, 0.35},
                 "AutoAWQ on transformers: decode 0.64-0.77 on an RTX 4090 but 0.18 on an A100, "
                 "prefill 0.34-0.44; docs/compute.md"});
    return v;
}

std::int64_t signedDiff(u64 capacity, u64 need)
{
    constexpr u64 kMax = static_cast<u64>(INT64_MAX);
    return capacity >= need ? static_cast<std::int64_t>(std::min(capacity - need, kMax))
                            : -static_cast<std::int64_t>(std::min(need - capacity, kMax));
}

InferenceParams paramsFor(const Precision& precision, const RunQuery& q, u64 context)
{
    InferenceParams p;
    p.weights = precision;
    p.kv = q.kv;
    p.context = context;
    p.batch = q.batch;
    p.overhead = overheadProfileById(q.runtime.overhead_id);
    return p;
}

FitOptions fitOptions(const Hardware& hw, bool findNeeded)
{
    FitOptions o;
    o.gpus_per_node = hw.gpus_per_node;
    o.find_needed = findNeeded;
    return o;
}

// Largest context in [1, limit] for which `ok` holds; 0 when not even one token. The limit is
// the model's own context length: more than it was trained for is no answer.
template <typename F> u64 largestContext(u64 limit, F&& ok)
{
    if (!ok(1)) {
        return 0;
    }
    u64 lo = 1;
    u64 hi = std::clamp<u64>(limit, 1, Limits::maxContext);
    while (lo < hi) {
        const u64 mid = lo + (hi - lo + 1) / 2;
        if (ok(mid)) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return lo;
}

std::string bytesText(u64 bytes)
{
    return formatBytes(bytes, ByteUnits::Decimal, 1);
}

} // namespace

const std::vector<RuntimeProfile>& runtimeProfiles()
{
    static const std::vector<RuntimeProfile> list = buildRuntimes();
    return list;
}

CalibrationSummary calibrationSummary()
{
    return {19, 18, 11, 36};
}

const RuntimeProfile& runtimeById(std::string_view id, const std::string& field)
{
    std::string known;
    for (const RuntimeProfile& r : runtimeProfiles()) {
        if (r.id == id) {
            return r;
        }
        known += (known.empty() ? "" : ", ") + r.id;
    }
    throw InputError("", field, "unknown runtime '" + std::string(id) + "' (known: " + known + ")");
}

std::string_view runVerdictKey(RunVerdict v)
{
    switch (v) {
    case RunVerdict::Fits:
        return "fits";
    case RunVerdict::FitsTp:
        return "fits_tp";
    case RunVerdict::Offload:
        return "offload";
    case RunVerdict::No:
        break;
    }
    return "no";
}

std::vector<Precision> runPrecisions(const RuntimeProfile& runtime,
                                     const std::string& shipped_precision)
{
    std::vector<Precision> out;
    // The format the checkpoint ships in comes first: what a runtime loads without converting.
    // gpt-oss's MXFP4 experts load as they are in vLLM and transformers; llama.cpp's conversion
    // keeps them in MXFP4 and stores the rest in Q8_0 (the GGUF MXFP4_MOE file type).
    std::string first;
    if (shipped_precision == "mxfp4_experts") {
        first = runtime.id == "llama.cpp" ? "mxfp4_moe" : "mxfp4_experts";
    } else if (std::find(runtime.precisions.begin(), runtime.precisions.end(), shipped_precision) !=
               runtime.precisions.end()) {
        first = shipped_precision;
    }
    if (!first.empty()) {
        out.push_back(precisionById(first));
    }
    for (const std::string& id : runtime.precisions) {
        if (id != first) {
            out.push_back(precisionById(id));
        }
    }
    return out;
}

OffloadPlan planOffload(const LayerSplit& split, const ModelConfig& config,
                        const InferenceParams& params, const Hardware& hw)
{
    const u64 L = split.layers.size();
    const u64 capacity = hw.gpu.usableBytes();
    const u64 gpus = std::max<u64>(hw.gpus, 1);
    // One GPU's memory holding `count` layers from `first` on (and the output layer when asked):
    // offloadMemory of that slice, whose layers all sit on the GPU.
    auto gpuBytes = [&](u64 first, u64 count, bool output) {
        LayerSplit slice;
        slice.layers.assign(split.layers.begin() + static_cast<std::ptrdiff_t>(first),
                            split.layers.begin() + static_cast<std::ptrdiff_t>(first + count));
        ModelConfig c = config;
        if (output) {
            slice.output_bytes = split.output_bytes;
            slice.output_active_bytes = split.output_active_bytes;
            slice.embedding_bytes = split.embedding_bytes;
        } else {
            c.tied_head = false; // no copy of the embedding as the head
        }
        return offloadMemory(slice, c, params, count).gpu_total_bytes;
    };
    OffloadPlan plan;
    // Fill the GPUs from the last layer down, one GPU after the other, each with the most layers
    // it holds beside its compute buffer and overhead.
    u64 end = L; // layers [end, L) are placed
    std::vector<u64> perGpu;
    for (u64 g = 0; g < gpus && end > 0; ++g) {
        if (gpuBytes(end, 0, false) > capacity) {
            break; // not even the buffers fit
        }
        u64 lo = 0;
        u64 hi = end;
        while (lo < hi) {
            const u64 mid = lo + (hi - lo + 1) / 2;
            if (gpuBytes(end - mid, mid, false) <= capacity) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        if (lo == 0) {
            break;
        }
        perGpu.push_back(lo);
        end -= lo;
    }
    // The output layer joins the GPU of the last layer only when every layer is on a GPU
    // (llama.cpp: n_gpu_layers > n_layer); if it does not fit there, one layer goes back to RAM.
    if (end == 0 && !perGpu.empty() && gpuBytes(L - perGpu[0], perGpu[0], true) > capacity) {
        perGpu[0] -= 1;
        end = 1;
    }
    plan.gpu_layers = L - end;
    plan.gpus_used = 0;
    u64 first = L;
    for (std::size_t g = 0; g < perGpu.size(); ++g) {
        first -= perGpu[g];
        if (perGpu[g] > 0) {
            ++plan.gpus_used;
        }
        const bool output = g == 0 && plan.gpu_layers == L;
        plan.max_gpu_bytes = std::max(plan.max_gpu_bytes, gpuBytes(first, perGpu[g], output));
    }
    if (plan.gpus_used == 0) {
        plan.max_gpu_bytes = gpuBytes(L, 0, false);
    }
    const OffloadMemory whole = offloadMemory(split, config, params, plan.gpu_layers);
    plan.ram_bytes = whole.ram_total_bytes;
    plan.gpu_read_bytes = whole.gpu_read_bytes;
    plan.ram_read_bytes = whole.ram_read_bytes;
    plan.fits_ram = plan.ram_bytes <= hw.ram_bytes && plan.max_gpu_bytes <= capacity;
    return plan;
}

namespace {

// evaluateRun without its guard. Notes never repeat the GPU's name: it is the machine's, shown
// once above the rows (a user GPU's name copied into every row made 10 MB of name 12 GB).
RunRow evaluate(const ModelConfig& config, const ParamCount& count, const Precision& precision,
                const RunQuery& q)
{
    const Hardware& hw = q.hardware;
    const u64 gpus = std::max<u64>(hw.gpus, 1);
    RunRow row;
    row.precision_id = precision.id;
    row.precision_label = precision.label;
    row.layers = config.n_layers;
    row.capacity_bytes = hw.gpu.usableBytes();

    CountCache counts;
    counts.add(config, count);
    const InferenceParams params = paramsFor(precision, q, q.context);
    const FitCheck fit = fitInference(counts, config, params, hw.gpu, gpus, fitOptions(hw, true));
    row.single_gpu_bytes = fit.single_gpu_bytes;
    row.gpus_needed = fit.gpus_needed;

    u64 used = 0;
    ParallelSplit split;
    u64 perGpu = 0;
    if (fit.gpus_needed != 0 && fit.gpus_needed <= gpus) {
        used = fit.gpus_needed;
        split = fit.needed_split;
        perGpu = fit.needed_required_bytes;
    } else if (fit.fits) {
        used = gpus;
        split = fit.split;
        perGpu = fit.required_bytes;
    }
    const RooflineAssumptions& eff = q.runtime.efficiency;
    if (used > 0) {
        row.verdict = used == 1 ? RunVerdict::Fits : RunVerdict::FitsTp;
        row.gpus = used;
        row.split = split;
        row.gpu_layers = config.n_layers;
        row.bytes_per_gpu = perGpu;
        row.headroom_bytes = signedDiff(row.capacity_bytes, perGpu);
        row.max_context = largestContext(config.context_length, [&](u64 ctx) {
            return fitInference(counts, config, paramsFor(precision, q, ctx), hw.gpu, used,
                                fitOptions(hw, false))
                .fits;
        });
        // Tensor parallel: every GPU streams its share at once, so the bandwidths add up. A
        // layer split (llama.cpp, transformers) runs the GPUs one after the other.
        const u64 speedGpus = q.runtime.tensor_parallel ? used : 1;
        row.decode_tokens_per_s =
            decodeEstimate(config, count, params, hw.gpu, speedGpus, eff).tokens_per_second;
        const PrefillEstimate pre =
            prefillEstimate(config, count, params, q.prompt, hw.gpu, speedGpus, eff);
        if (pre.compute_known) {
            row.prefill_tokens_per_s = pre.tokens_per_second;
        }
        row.note =
            used == 1
                ? "fits on one GPU, " + bytesText(row.capacity_bytes - perGpu) + " to spare"
                : "fits on " + std::to_string(used) + " GPUs (" +
                      std::to_string(split.tensor_parallel) + "-way tensor parallel" +
                      (split.pipeline_parallel > 1
                           ? ", " + std::to_string(split.pipeline_parallel) + " pipeline stages"
                           : std::string()) +
                      ")";
        return row;
    }

    if (q.runtime.offload && hw.ram_bytes > 0) {
        const LayerSplit layers = layerSplit(config, count, params);
        const OffloadPlan plan = planOffload(layers, config, params, hw);
        if (plan.fits_ram) {
            row.verdict = RunVerdict::Offload;
            row.gpus = plan.gpus_used;
            row.gpu_layers = plan.gpu_layers;
            row.bytes_per_gpu = plan.max_gpu_bytes;
            row.headroom_bytes = signedDiff(row.capacity_bytes, plan.max_gpu_bytes);
            row.ram_bytes = plan.ram_bytes;
            row.max_context = largestContext(config.context_length, [&](u64 ctx) {
                const InferenceParams p = paramsFor(precision, q, ctx);
                return planOffload(layerSplit(config, count, p), config, p, hw).fits_ram;
            });
            // Each step streams the GPU layers from VRAM and the others from RAM, in turn.
            const double gpuSeconds = static_cast<double>(plan.gpu_read_bytes) /
                                      (hw.gpu.bandwidthBytesPerSecond() * eff.bandwidth_efficiency);
            const double ramSeconds = static_cast<double>(plan.ram_read_bytes) /
                                      (hw.ram_bandwidth_gb_s * 1e9 * eff.bandwidth_efficiency);
            const double step = gpuSeconds + ramSeconds;
            if (step > 0) {
                row.decode_tokens_per_s = static_cast<double>(q.batch) / step;
            }
            row.note = std::to_string(plan.gpu_layers) + " of " + std::to_string(config.n_layers) +
                       " layers on the GPU" + (gpus > 1 ? "s" : "") + ", " +
                       bytesText(plan.ram_bytes) +
                       " in system RAM; prefill is not estimated (it depends on the CPU and "
                       "the PCIe link)";
            return row;
        }
    }
    row.verdict = RunVerdict::No;
    row.bytes_per_gpu = fit.required_bytes;
    row.headroom_bytes = signedDiff(row.capacity_bytes, fit.required_bytes);
    row.note =
        "needs " + bytesText(fit.single_gpu_bytes) + " on one GPU" +
        (fit.gpus_needed != 0 ? "; fits on " + std::to_string(fit.gpus_needed) + " of these GPUs"
                              : std::string()) +
        (q.runtime.offload ? (hw.ram_bytes > 0 ? "; too large for the GPUs and RAM"
                                               : "; no system RAM given for offloading")
                           : "; " + q.runtime.label + " does not offload layers to RAM");
    return row;
}

} // namespace

RunRow evaluateRun(const ModelConfig& config, const ParamCount& count, const Precision& precision,
                   const RunQuery& q)
{
    try {
        return evaluate(config, count, precision, q);
    } catch (const OverflowError& e) {
        // A workload whose bytes exceed 64 bits does not fit anywhere: the row says so, and the
        // other rows stand (one model at context 2^26 × batch 65,536 voided the whole table).
        RunRow row;
        row.precision_id = precision.id;
        row.precision_label = precision.label;
        row.layers = config.n_layers;
        row.capacity_bytes = q.hardware.gpu.usableBytes();
        row.beyond_64_bits = true;
        row.note = std::string("does not fit: ") + e.what();
        return row;
    }
}

} // namespace llmsizer
