// What runs on a machine (runs.h): the runtime's placement on the fewest GPUs that hold the model
// and on the whole machine, MoE experts or layers in system RAM where the runtime can, the speed
// model's estimates, and for a "no" the largest context that runs and the smallest change.
#include "llmsizer/shape/runs.h"

#include "llmsizer/text/checked.h"
#include "llmsizer/text/format.h"
#include "runs_internal.h"

#include <algorithm>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

std::int64_t signedDiff(u64 capacity, u64 need)
{
    constexpr u64 kMax = static_cast<u64>(INT64_MAX);
    return capacity >= need ? static_cast<std::int64_t>(std::min(capacity - need, kMax))
                            : -static_cast<std::int64_t>(std::min(need - capacity, kMax));
}

std::string bytesText(u64 bytes)
{
    return formatBytes(bytes, ByteUnits::Decimal, 1);
}

// GPU counts to try for the fewest that hold a model: every count up to the machine's for a
// layer split; for tensor parallel engines the powers of two within a node, the machine's own
// count, then whole nodes.
std::vector<u64> gpuCounts(const RunQuery& q, u64 upTo)
{
    std::vector<u64> out;
    const u64 node = std::max<u64>(q.hardware.gpus_per_node, 1);
    if (q.runtime.tensorParallel()) {
        for (u64 n = 1; n <= std::min(upTo, node); n *= 2) {
            out.push_back(n);
        }
        for (u64 n = 2 * node; n <= upTo; n += node) {
            out.push_back(n);
        }
    } else {
        for (u64 n = 1; n <= upTo; ++n) {
            out.push_back(n);
        }
    }
    if (q.hardware.gpus <= upTo &&
        std::find(out.begin(), out.end(), q.hardware.gpus) == out.end()) {
        out.push_back(q.hardware.gpus);
    }
    std::sort(out.begin(), out.end());
    return out;
}

struct Speeds {
    std::optional<double> decode;
    std::optional<double> prefill;
    StepTerms decodeTerms;
    StepTerms prefillTerms;
};

Speeds speedsOf(const RunModel& m, const Precision& p, const RunQuery& q, const Placement& pl,
                u64 context)
{
    Speeds s;
    s.decodeTerms = decodeTerms(m, p, q, pl, context);
    const double step = stepSeconds(s.decodeTerms, q.runtime.speed, false);
    if (step > 0) {
        s.decode = static_cast<double>(std::max<u64>(q.batch, 1)) / step;
    }
    // Prefill with weights in RAM depends on the CPU and the PCIe link: not estimated.
    if (pl.kind == PlacementKind::Gpus) {
        s.prefillTerms = prefillTerms(m, p, q, pl, q.prompt);
        const double t = stepSeconds(s.prefillTerms, q.runtime.speed, true);
        if (t > 0 && s.prefillTerms.compute_s > 0) {
            s.prefill = static_cast<double>(q.prompt) / t;
        }
    }
    return s;
}

void fillFromPlacement(RunRow& row, const Placement& pl)
{
    row.gpus = pl.gpus;
    row.split = pl.split;
    row.gpu_layers = pl.gpu_layers;
    row.cpu_moe_layers = pl.cpu_moe_layers;
    row.load = pl.load;
    row.bytes_per_gpu = pl.load.total_bytes;
    row.capacity_bytes = pl.capacity_bytes;
    row.headroom_bytes = signedDiff(pl.capacity_bytes, pl.load.total_bytes);
    row.ram_bytes = pl.host_bytes;
    row.kv_tokens = pl.kv_tokens;
    row.tight = pl.tight;
    row.flags = pl.flags;
}

} // namespace

std::string_view runVerdictKey(RunVerdict v)
{
    switch (v) {
    case RunVerdict::Fits:
        return "fits";
    case RunVerdict::FitsTp:
        return "fits_tp";
    case RunVerdict::ExpertsInRam:
        return "experts_in_ram";
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
    // gpt-oss's MXFP4 experts load as they are in vLLM, SGLang, MLX and transformers;
    // llama.cpp's conversion keeps them in MXFP4 and stores the rest in Q8_0 (MXFP4_MOE).
    std::string first;
    if (shipped_precision == "mxfp4_experts") {
        first = runtime.llamaCppFamily() ? "mxfp4_moe" : "mxfp4_experts";
    } else if (std::find(runtime.precisions.begin(), runtime.precisions.end(), shipped_precision) !=
               runtime.precisions.end()) {
        first = shipped_precision;
    }
    if (!first.empty()) {
        out.push_back(precisionById(first));
    }
    for (const std::string& id : runtime.precisions) {
        // A 16-bit GGUF of gpt-oss keeps its experts in MXFP4 too: the checkpoint as shipped.
        if (id == "fp16" && shipped_precision == "mxfp4_experts" && runtime.llamaCppFamily()) {
            out.push_back(precisionById("mxfp4_experts"));
        } else if (id != first) {
            out.push_back(precisionById(id));
        }
    }
    return out;
}

CalibrationSummary calibrationSummary()
{
    return {19, 6, 9, 14, 5, 19, 66, 14, 9, 14, 14};
}

HeldOutFigures heldOutFigures(const RuntimeProfile& runtime, const GpuSpec& gpu)
{
    const CalibrationSummary s = calibrationSummary();
    if (gpu.cpuOnly() && runtime.llamaCppFamily()) {
        return {true, s.cpu_decode_measurements, s.cpu_decode_median_error_percent,
                s.cpu_prefill_measurements, s.cpu_prefill_median_error_percent};
    }
    return {false, s.decode_measurements, s.decode_median_error_percent, s.prefill_measurements,
            s.prefill_median_error_percent};
}

std::string tensorRtSpeedNote()
{
    const CalibrationSummary s = calibrationSummary();
    return "TensorRT-LLM has no run in the fit: its speeds are vLLM's and SGLang's constants; on " +
           std::to_string(s.tensorrt_decode_measurements) +
           " of its own published runs the decode is off by " +
           std::to_string(s.tensorrt_decode_median_error_percent) + "% (median), " +
           std::to_string(s.tensorrt_decode_max_error_percent) +
           "% at worst (DeepSeek-R1 estimated at less than half).";
}

RunRow evaluateRun(const ModelConfig& config, const ParamCount& count, const Precision& precision,
                   const RunQuery& query)
{
    return evaluateRun(RunModel{config, count, "", std::nullopt}, precision, query);
}

namespace {

RunRow evaluateAt(const RunModel& m, const Precision& p, const RunQuery& q, u64 context);

// evaluateRun without its guard: the row at the query's context, or at Ollama's. Notes never
// repeat the GPU's name: it is the machine's, shown once above the rows (a user GPU's name copied
// into every row made 10 MB of name 12 GB).
RunRow evaluate(const RunModel& m, const Precision& p, const RunQuery& q)
{
    // More than the model was trained for is no answer: its own length at most.
    if (!q.ollamaDefault()) {
        return evaluateAt(m, p, q, std::min(q.context, modelLimit(m.config)));
    }
    // Ollama's default context, the model's own at most, is never shortened to fit (runtime.h
    // OllamaSettings); a load that runs out of memory at it (not even RAM holds the rest) is
    // retried once a step lower, 32k or 4k (sched.go reduceAutoNumCtxForLoadOOM).
    const Hardware& hw = q.hardware;
    const OllamaSettings& o = q.runtime.ollama;
    const u64 context = ollamaDefaultContext(q.runtime, hw, m.config.context_length);
    const bool ram = mayUseRam(q);
    const u64 machine = machineDevices(hw);
    const u64 lower = context > o.context_medium  ? o.context_medium
                      : context > o.context_small ? o.context_small
                                                  : 0;
    if (lower == 0 || placeModel(m, p, q, context, machine, ram).fits ||
        !placeModel(m, p, q, lower, machine, ram).fits) {
        return evaluateAt(m, p, q, context);
    }
    RunRow row = evaluateAt(m, p, q, lower);
    row.context_note = "at " + withThousands(lower) + " tokens: Ollama's default " +
                       withThousands(context) +
                       " runs out of memory, and Ollama retries such a load once a step lower";
    row.note += "; " + row.context_note;
    return row;
}

// One row at this context.
RunRow evaluateAt(const RunModel& m, const Precision& p, const RunQuery& q, u64 context)
{
    const Hardware& hw = q.hardware;
    const bool cpu = hw.gpu.cpuOnly();
    const u64 machine = machineDevices(hw);
    RunRow row;
    row.precision_id = p.id;
    row.precision_label = p.label;
    row.layers = m.config.n_layers;
    row.context = context;
    const Placement single = placeModel(m, p, q, context, 1, false);
    row.single_gpu_bytes = single.load.total_bytes;
    row.capacity_bytes = single.capacity_bytes;

    // The fewest GPUs of this kind that hold it whole, on the machine or beyond it.
    const u64 search = std::max<u64>(machine, cpu ? 1 : 64);
    std::optional<Placement> fewest;
    for (const u64 n : gpuCounts(q, search)) {
        const Placement pl = placeModel(m, p, q, context, n, false);
        if (pl.fits) {
            row.gpus_needed = n;
            if (n <= machine) {
                fewest = pl;
            }
            break;
        }
    }
    if (fewest) {
        const Placement& pl = *fewest;
        fillFromPlacement(row, pl);
        row.verdict = pl.gpus <= 1 ? RunVerdict::Fits : RunVerdict::FitsTp;
        row.max_context = maxContextOn(m, p, q, pl.gpus, false);
        const Speeds s = speedsOf(m, p, q, pl, context);
        row.decode_tokens_per_s = s.decode;
        row.prefill_tokens_per_s = s.prefill;
        row.decode_terms = s.decodeTerms;
        row.prefill_terms = s.prefillTerms;
        row.note = fitsNote(row, pl, m, q);
        // The whole machine: every GPU (tensor parallel within the node, or all layers split).
        if (machine > pl.gpus) {
            const Placement all = placeModel(m, p, q, context, machine, false);
            if (all.fits) {
                MachineAnswer a;
                a.gpus = all.gpus;
                a.split = all.split;
                a.bytes_per_gpu = all.load.total_bytes;
                a.max_context = maxContextOn(m, p, q, machine, false);
                a.flags = all.flags;
                const Speeds ms = speedsOf(m, p, q, all, context);
                a.decode_tokens_per_s = ms.decode;
                a.prefill_tokens_per_s = ms.prefill;
                a.decode_terms = ms.decodeTerms;
                a.prefill_terms = ms.prefillTerms;
                const bool longer = a.max_context > row.max_context;
                const bool faster = a.decode_tokens_per_s && row.decode_tokens_per_s &&
                                    *a.decode_tokens_per_s > 1.05 * *row.decode_tokens_per_s;
                a.gives_more = longer || faster;
                row.machine = a;
            }
        }
        return row;
    }

    if (mayUseRam(q)) {
        const Placement pl = placeModel(m, p, q, context, machine, true);
        if (pl.fits) {
            fillFromPlacement(row, pl);
            row.verdict = pl.kind == PlacementKind::ExpertsInRam ? RunVerdict::ExpertsInRam
                                                                 : RunVerdict::Offload;
            row.max_context = maxContextOn(m, p, q, machine, true);
            const Speeds s = speedsOf(m, p, q, pl, context);
            row.decode_tokens_per_s = s.decode;
            row.decode_terms = s.decodeTerms;
            if (pl.kind == PlacementKind::ExpertsInRam) {
                // The row's context is the one its own placement (its --n-cpu-moe) holds; longer
                // ones put more experts or whole layers in RAM, slower, and are said so.
                const u64 anyPlacement = row.max_context;
                const u64 moreExperts = maxContextWithExperts(m, p, q, machine, m.config.n_layers);
                row.max_context =
                    std::max(maxContextWithExperts(m, p, q, machine, pl.cpu_moe_layers), context);
                row.note = "runs with experts in RAM: the experts of " +
                           std::to_string(pl.cpu_moe_layers) + " of " +
                           std::to_string(m.config.n_layers) + " layers in system RAM (" +
                           pl.flags + "), " + bytesText(pl.host_bytes) +
                           " of RAM; prefill is not estimated (it depends on the CPU" +
                           (hw.gpu.unified_memory ? ")" : " and the PCIe link)") +
                           (moreExperts > row.max_context
                                ? "; up to " + withThousands(moreExperts) +
                                      " tokens with more layers' experts in RAM (slower)"
                                : std::string()) +
                           (anyPlacement > std::max(moreExperts, row.max_context)
                                ? "; up to " + withThousands(anyPlacement) +
                                      " tokens with whole layers in RAM instead (slower still)"
                                : std::string());
            } else {
                row.note = std::to_string(pl.gpu_layers) + " of " +
                           std::to_string(m.config.n_layers) + " layers on the GPU" +
                           (machine > 1 ? "s" : "") + ", " + bytesText(pl.host_bytes) +
                           " in system RAM; prefill is not estimated (it depends on the CPU" +
                           (hw.gpu.unified_memory ? ")" : " and the PCIe link)");
            }
            return row;
        }
    }

    // Not at this context: the most the machine can do, and the smallest change.
    const Placement one = placeModel(m, p, q, context, machine, false);
    row.verdict = RunVerdict::No;
    row.load = one.load;
    row.bytes_per_gpu = one.load.total_bytes;
    row.kv_tokens = one.kv_tokens;
    row.headroom_bytes = signedDiff(row.capacity_bytes, one.load.total_bytes);
    const bool ram = mayUseRam(q);
    row.max_context = maxContextOn(m, p, q, machine, false);
    if (row.max_context == 0 && ram) {
        row.max_context = maxContextOn(m, p, q, machine, true);
    }
    row.change = smallestChange(m, p, q, context, row.max_context);
    row.note =
        (row.max_context > 0 ? "not at " + withThousands(context) + " tokens; runs at up to " +
                                   withThousands(row.max_context) + " tokens"
                             : "does not run on this machine") +
        (row.change.empty() ? std::string() : "; smallest change: " + row.change);
    return row;
}

} // namespace

RunRow evaluateRun(const RunModel& m, const Precision& p, const RunQuery& q)
{
    try {
        // A GPU whose bandwidth is unknown (one detected on this machine that the catalog does
        // not know): where the model goes and how much context it gets do not depend on the
        // bandwidth, the speeds do, so they are left out rather than shown as 0 tok/s.
        const bool speedKnown = q.hardware.gpu.bandwidth_gb_s > 0;
        RunQuery known = q;
        if (!speedKnown) {
            known.hardware.gpu.bandwidth_gb_s = 1;
        }
        // mlx-lm loads a vision-language model's language model only: its models' sanitize()
        // pops vision_tower, visual and multi_modal_projector (mlx_lm/models/mistral3.py,
        // gemma3.py, qwen2_vl.py, qwen3_vl.py, qwen3_5.py at d78bf58); mlx-vlm runs the rest.
        const bool dropsTowers =
            q.runtime.kind == Runtime::Mlx && m.count.language_model < m.count.total;
        const ParamCount textOnly = dropsTowers ? languageModelOnly(m.count) : ParamCount{};
        const RunModel model{m.config, dropsTowers ? textOnly : m.count, m.shipped_precision,
                             m.fp8};
        RunRow row = evaluate(model, p, known);
        row.note += ggufKindNote(p, q.runtime) + ggufFallbackNote(m.config, p, q.runtime) +
                    cpuKernelNote(row.prefill_terms);
        if (dropsTowers) {
            row.note += "; mlx-lm loads the language model only, not the " +
                        shortCount(m.count.total - textOnly.total) +
                        " parameters of the vision tower and projector (mlx-vlm runs them)";
        }
        applyArchSupport(row, m.config, q);
        applyPrecisionSupport(row, m, p, q);
        if (speedKnown || row.arch_support == ArchSupport::Unsupported) {
            return row;
        }
        row.decode_tokens_per_s.reset();
        row.prefill_tokens_per_s.reset();
        row.decode_terms = {};
        row.prefill_terms = {};
        if (row.machine) {
            row.machine->decode_tokens_per_s.reset();
            row.machine->prefill_tokens_per_s.reset();
            row.machine->decode_terms = {};
            row.machine->prefill_terms = {};
            row.machine->gives_more = row.machine->max_context > row.max_context;
        }
        row.speed_unknown = true;
        row.note += "; speed unknown: the GPU's memory bandwidth is not known";
        return row;
    } catch (const OverflowError& e) {
        // A workload whose bytes exceed 64 bits does not fit anywhere: the row says so, and the
        // other rows stand (one model at context 2^26 × batch 65,536 voided the whole table).
        RunRow row;
        row.precision_id = p.id;
        row.precision_label = p.label;
        row.layers = m.config.n_layers;
        row.capacity_bytes = q.hardware.gpu.usableBytes();
        row.beyond_64_bits = true;
        row.note = std::string("does not fit: ") + e.what();
        return row;
    }
}

} // namespace llmsizer
