// What a row says beyond its placement (runs_internal.h): where a row that fits runs and what the
// rest of a serving engine's share holds, which GGUF file a row is, the tensors llama-quantize
// stores in a fallback type, and whether the runtime runs the architecture.
#include "llmsizer/precision/quant_mix.h"
#include "llmsizer/shape/runtime_support.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"
#include "runs_internal.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace llmsizer {

using u64 = std::uint64_t;

namespace {

std::string bytesText(u64 bytes)
{
    return formatBytes(bytes, ByteUnits::Decimal, 1);
}

std::string layoutText(const RunQuery& q, const Placement& pl)
{
    if (pl.gpus <= 1) {
        return "one GPU";
    }
    if (q.runtime.tensorParallel()) {
        std::string s = std::to_string(pl.gpus) + " GPUs (" +
                        std::to_string(pl.split.tensor_parallel) + "-way tensor parallel";
        if (pl.split.pipeline_parallel > 1) {
            s += ", " + std::to_string(pl.split.pipeline_parallel) + " pipeline stages";
        }
        return s + ")";
    }
    return std::to_string(pl.gpus) + " GPUs (layers split between them)";
}

// A row that runs nothing, whatever the memory says: the verdict and every figure of a run
// cleared, the memory it would take kept.
void runsNothing(RunRow& row)
{
    row.verdict = RunVerdict::No;
    row.tight = false;
    row.gpus = 0;
    row.gpu_layers = 0;
    row.cpu_moe_layers = 0;
    row.max_context = 0;
    row.gpus_needed = 0;
    row.decode_tokens_per_s.reset();
    row.prefill_tokens_per_s.reset();
    row.decode_terms = {};
    row.prefill_terms = {};
    row.machine.reset();
    row.flags.clear();
    row.change.clear();
    row.context_note.clear(); // no context runs: Ollama's retry is no answer either
}

} // namespace

std::string fitsNote(const RunRow& row, const Placement& pl, const RunModel& m, const RunQuery& q)
{
    const std::string spare =
        bytesText(row.capacity_bytes - std::min(row.capacity_bytes, pl.load.total_bytes));
    // A serving engine takes its whole share at start: what this context leaves is more KV
    // cache, not memory free for anything else.
    // vLLM counts its pool in blocks of 16 tokens (docs/memory.md, "KV pool").
    const u64 pooled = q.runtime.kind == Runtime::Vllm ? row.kv_tokens / 16 * 16 : row.kv_tokens;
    // SGLang's share depends on the GPUs and the model (MLA): said on the row.
    std::string share;
    if (q.runtime.kind == Runtime::Sglang) {
        const SglangEngine e =
            sglangEngine(q, runtimeConfig(m.config, q.runtime), pl.split, row.context);
        share = " (mem_fraction_static " +
                text::fixed(sglangMemory(q.runtime.sglang, e).mem_fraction_static.value(), 3) +
                (e.vision && q.runtime.sglang.mem_fraction_static.num == 0
                     ? ", with 0.95 for its vision encoder taken as a ViT-L's: SGLang scales "
                       "that by the tower's size, 0.76–1.00 in all"
                     : std::string()) +
                ")";
    }
    const std::string pool = q.runtime.servingEngine() && row.kv_tokens > 0
                                 ? "; the other " + spare + " of " + q.runtime.label + "'s share" +
                                       share + (pl.gpus > 1 ? " per GPU" : "") +
                                       " is KV cache too (" + withThousands(pooled) +
                                       " tokens in all)"
                                 : std::string();
    return (pl.gpus <= 1
                ? std::string(q.hardware.gpu.cpuOnly() ? "fits in RAM" : "fits on one GPU") +
                      (pool.empty() ? ", " + spare + " to spare" : pool)
                : "fits on " + layoutText(q, pl) + pool) +
           (pl.tight ? pool.empty() ? "; tight: under 5 % to spare"
                                    : "; tight: under 5 % of the share left for KV cache "
                                      "beyond this context"
                     : "");
}

// gpt-oss under llama.cpp comes as two kinds of GGUF file: each row says which it is.
std::string ggufKindNote(const Precision& p, const RuntimeProfile& runtime)
{
    if (!runtime.llamaCppFamily()) {
        return {};
    }
    if (p.id == "mxfp4_moe") {
        return "; the GGUF file type gpt-oss is published in: experts MXFP4, every other weight "
               "Q8_0";
    }
    if (p.id == "mxfp4_experts") {
        return "; a 16-bit GGUF: experts MXFP4, every other weight BF16, larger and slower than "
               "MXFP4_MOE by the bytes of those weights";
    }
    return {};
}

// A GGUF file type whose blocks do not divide some tensors' rows (GPT-3 13B's 5,140-wide rows
// are no multiple of 32 or 256): llama-quantize stores those in another type
// (llama-quant.cpp, tensor_type_fallback), and the row says which, since its size is then far
// from the file type's nominal bits.
std::string ggufFallbackNote(const ModelConfig& config, const Precision& p,
                             const RuntimeProfile& runtime)
{
    if (!runtime.llamaCppFamily() || !isGgufFileType(p.id)) {
        return {};
    }
    QuantMix mix;
    try {
        mix = ggufMix(config, p.id);
    } catch (const std::exception&) {
        return {}; // the placement has said what is wrong with the config
    }
    u64 tensors = 0;
    u64 all = 0;
    std::vector<std::string> types;
    for (const TensorAssignment& t : mix.tensors) {
        // Norms and biases stay F32 in every file type: the matrices are what it quantizes.
        if (t.type == QuantMixParams{}.unquantized_type && !t.fallback) {
            continue;
        }
        all += t.tensors;
        if (t.fallback) {
            tensors += t.tensors;
            if (std::find(types.begin(), types.end(), t.type) == types.end()) {
                types.push_back(t.type);
            }
        }
    }
    if (tensors == 0) {
        return {};
    }
    return "; " + withThousands(tensors) + " of its " + withThousands(all) +
           " weight matrices are stored in " + andList(types) +
           " instead: their rows are no multiple of the file type's blocks (llama-quantize's "
           "fallback)";
}

std::string cpuKernelNote(const StepTerms& prefill)
{
    if (prefill.kernel_slowdown < 1.02) {
        return {};
    }
    return "; its prefill takes " + text::fixed(prefill.kernel_slowdown, 2) +
           " × the time of weights with tiled kernels (Q4_0, Q4_K, Q8_0): llama.cpp's CPU backend "
           "runs its " +
           andList(prefill.slow_kernel_types) +
           " weights on its plain dot-product path (docs/compute.md, "
           "\"CPU-only machines\")";
}

void applyPrecisionSupport(RunRow& row, const RunModel& m, const Precision& p, const RunQuery& q)
{
    const GpuSpec& g = q.hardware.gpu;
    const double least = q.runtime.fp8_min_compute_capability;
    if (precisionRunsOn(q.runtime, g, p) || row.arch_support == ArchSupport::Unsupported) {
        return;
    }
    runsNothing(row);
    // The highest other precision that runs here as it is; else the last (lowest) with what
    // it takes ("INT4 (group 128) weights and 3 more GPUs (4 in all)").
    std::string fallback;
    for (const Precision& other : runPrecisions(q.runtime, m.shipped_precision)) {
        if (other.id == p.id || !precisionRunsOn(q.runtime, g, other)) {
            continue;
        }
        const RunRow r = evaluateRun(m, other, q);
        if (r.verdict != RunVerdict::No) {
            row.change = other.label + " weights";
            break;
        }
        if (!r.change.empty()) {
            const bool moreGpus = std::isdigit(static_cast<unsigned char>(r.change.front())) != 0;
            fallback = other.label + " weights" + (moreGpus ? " and " : "; and ") + r.change;
        }
    }
    if (row.change.empty()) {
        row.change = fallback;
    }
    row.note = q.runtime.label + "'s FP8 needs CUDA compute capability " + text::fixed(least, 1) +
               " or newer, the " + g.name + " has " + text::fixed(*g.compute_capability, 1) + " (" +
               q.runtime.fp8_capability_source + "); the memory shown is what it would take";
}

// The runtime's version and the model's architecture (runtime_support.h): a runtime that does
// not implement it runs nothing, whatever the memory says; a newer build is named in the note.
void applyArchSupport(RunRow& row, const ModelConfig& config, const RunQuery& q)
{
    const RuntimeArchSupport device = runtimeDeviceSupport(q.runtime, q.hardware.gpu);
    const RuntimeArchSupport s =
        device.status == ArchSupport::Unsupported ? device : runtimeArchSupport(config, q.runtime);
    row.arch_support = s.status;
    row.arch_not_known = s.status == ArchSupport::Unknown && !s.note.empty();
    row.arch_note = s.note;
    // What holds for every row on this device (MLX on CUDA, transformers' remote code) is
    // the row's mark where it has nothing of its own to say; the views say it once.
    if (s.note.empty() && !device.note.empty()) {
        row.arch_note = device.note;
    }
    if (s.status == ArchSupport::Newer || (s.status == ArchSupport::Unknown && !s.note.empty())) {
        row.note = s.note + "; " + row.note;
    } else if (s.status == ArchSupport::Unsupported) {
        runsNothing(row);
        // The runtimes named are ones that run on this device and run this architecture (GPT-J
        // on a Mac: not llama.cpp or MLX, but transformers); the device's own list for a type
        // the table does not hold.
        const std::string here = runtimesThatRun(config, q.hardware.gpu);
        row.change = here.empty() ? s.others : here;
        row.note = s.note + "; the memory shown is what it would take";
    }
}

} // namespace llmsizer
