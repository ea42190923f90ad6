#pragma once

#include "llmsizer/compute/hardware.h"
#include "llmsizer/compute/speed.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/memory/offload.h"
#include "llmsizer/model/count.h"
#include "llmsizer/shape/fit.h"
#include "llmsizer/shape/runtime.h"
#include "llmsizer/shape/runtime_support.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// What runs on a given machine under a given runtime, placed as that runtime places it
// (runtime.h): for a model and a precision, does it run on one GPU, on several, with its MoE
// experts or some layers in system RAM, or not at all; how much context, how fast, and — for a
// "no" — the largest context that does run and the smallest change that makes it run. The CLI's
// `runs` and the app's My hardware view show these rows (docs/memory.md, "Runtimes";
// docs/compute.md, "Speed model").
namespace llmsizer {

// The machine.
struct Hardware {
    GpuSpec gpu;
    std::uint64_t gpus = 1;
    std::uint64_t gpus_per_node = 8;
    // System RAM the model may use beside the GPUs (offloaded layers, experts, llama.cpp's token
    // embedding). On a unified-memory device (Apple, DGX Spark, Strix Halo, a CPU-only machine)
    // this is the same memory as the device's and is not added; for a CPU-only machine a value
    // given here replaces the catalog's example size.
    std::uint64_t ram_bytes = 0;
    // What the operating system keeps of a unified pool with a GPU (Apple, DGX Spark, Strix
    // Halo): what runs beside the GPU's share takes the rest of the pool. macOS wires about
    // 2 GB for its kernel at idle (Activity Monitor's "Wired Memory"). No more than that: Llama 3
    // 8B Q4_K_M ran on an 8 GB M1 (XiongjieDai/GPU-Benchmarks-on-LLM-Inference), which leaves
    // the system 3.3 GB [uncertain].
    std::uint64_t unified_os_reserve_bytes = std::uint64_t{2} << 30;
    // Bandwidth of system RAM in GB/s (10^9 bytes/s) for what runs from it. The default is
    // dual-channel DDR5-5600 (2 × 64 bit × 5600 MT/s = 89.6 GB/s, JEDEC JESD79-5).
    double ram_bandwidth_gb_s = 89.6;
};

struct RunQuery {
    Hardware hardware;
    RuntimeProfile runtime = runtimeProfile(Runtime::LlamaCpp);
    std::uint64_t context = 8192; // tokens per sequence
    // false: the runtime's own default context where it has one (Ollama's by VRAM); `context`
    // is then the fallback for the others.
    bool context_given = true;
    std::uint64_t batch = 1;    // concurrent sequences
    std::uint64_t prompt = 512; // prefill length for the prefill speed (llama-bench pp512)
    Precision kv = kvPrecisionById("fp16");

    // Ollama at its own default context (none given): runs.h ollamaDefaultContext.
    bool ollamaDefault() const { return runtime.kind == Runtime::Ollama && !context_given; }
};

// A model as a runtime meets it: its shape and count, the precision its checkpoint ships in
// ("fp8", "mxfp4_experts"; "" = 16-bit) and, for FP8 checkpoints, which modules stay BF16.
struct RunModel {
    const ModelConfig& config;
    const ParamCount& count;
    std::string shipped_precision;
    std::optional<Fp8Checkpoint> fp8; // none: lm_head kept in BF16, every other linear in FP8
};

enum class RunVerdict {
    Fits,         // on one GPU
    FitsTp,       // on several of the machine's GPUs (tensor parallel or a layer split)
    ExpertsInRam, // a MoE with (some of) its experts in system RAM, the rest on the GPUs
    Offload,      // only with some layers in system RAM
    No            // not even so
};
std::string_view
runVerdictKey(RunVerdict v); // "fits", "fits_tp", "experts_in_ram", "offload", "no"

// Where the most-loaded GPU's bytes go under the runtime.
struct GpuLoad {
    std::uint64_t weight_bytes = 0;
    std::uint64_t kv_bytes = 0;      // KV cache (vLLM, SGLang, TensorRT-LLM: the whole pool)
    std::uint64_t buffer_bytes = 0;  // compute buffer or profiled activation peak
    std::uint64_t reserve_bytes = 0; // context, non-torch memory, what the runtime leaves unused
    std::uint64_t total_bytes = 0;
};

// One step's time in parts the speed model weighs (docs/compute.md, "Speed model"): seconds at
// the full bandwidth of each memory class, and the counts of fixed costs. scripts/calibration.py
// fits the constants to these.
struct StepTerms {
    double gddr_s = 0;            // bytes streamed from GDDR / (peak bandwidth)
    double gddr_amd_s = 0;        // … from GDDR on an AMD Radeon card (ROCm/HIP)
    double gddr_amd_vulkan_s = 0; // … the same, through llama.cpp's Vulkan backend
    // … a decode step's routed-expert reads through that backend (a MoE), at
    // bandwidth_gddr_amd_vulkan × vulkan_expert_efficiency; gddr_amd_vulkan_s holds the rest.
    double gddr_amd_vulkan_expert_s = 0;
    double hbm_s = 0;     // … from HBM
    double unified_s = 0; // … from LPDDR4X / LPDDR5 unified memory
    double lpddr5x_s = 0; // … from LPDDR5X unified memory
    double ddr_s = 0;     // … from system DDR (offload, CPU)
    double layers = 0;    // decoder layers run in turn (× layer_us)
    double allreduces = 0;
    double moe_dispatches = 0;
    double hops = 0;
    // Routed experts a step's tokens visit, summed over the MoE layers (× expert_visit_us), and
    // the layers with latent attention (× latent_layer_us).
    double expert_visits = 0;
    double latent_layers = 0;
    // 1 on an AMD Instinct GPU: the fixed costs above × instinct_fixed_factor.
    double instinct = 0;
    double compute_s = 0; // FLOPs / (peak FLOP/s of the class), before efficiency
    // A CPU's prefill: Σ over the weight types of (share of the matrix FLOPs / the type's
    // SpeedConstants::cpu_kernel_rate); 1 elsewhere. compute_s is multiplied by it.
    double kernel_slowdown = 1;
    std::vector<std::string> slow_kernel_types; // those types, in the file's order ("Q6_K")
    // Share of the streamed bytes that are block-quantized weights (dequantized on the fly,
    // at SpeedConstants::quantized_efficiency of the bandwidth a 16-bit matrix reaches).
    double quantized_share = 0;
    std::string prefill_class; // "consumer", "pro", "datacenter", "unified", "cpu"
    // A CPU-only machine's cores (GpuSpec::cpuCores), 0 on a GPU: prefill_cpu falls with them.
    double cpu_cores = 0;
};
double stepSeconds(const StepTerms& t, const SpeedConstants& s, bool prefill);

// The answer of the whole machine when it differs from the fewest GPUs: tensor parallel over
// the node (vLLM) or every GPU's layers (llama.cpp) — more context, more speed.
struct MachineAnswer {
    std::uint64_t gpus = 0;
    ParallelSplit split;
    std::uint64_t bytes_per_gpu = 0;
    std::uint64_t max_context = 0;
    std::optional<double> decode_tokens_per_s;
    std::optional<double> prefill_tokens_per_s;
    StepTerms decode_terms;
    StepTerms prefill_terms;
    std::string flags; // the runtime's options for it ("--tp 8 --context-length 8192")
    // It gives more than the fewest GPUs: a longer context or a faster decode (a small model on
    // eight GPUs waits on its all-reduces, not its bandwidth). Shown only then.
    bool gives_more = false;
};

struct RunRow {
    std::string precision_id;
    std::string precision_label;
    RunVerdict verdict = RunVerdict::No;
    bool tight = false;                 // under 5 % of a GPU (or of the KV need) to spare
    std::uint64_t context = 0;          // the context evaluated (Ollama: its default)
    std::uint64_t gpus = 0;             // GPUs the model uses (0: none)
    ParallelSplit split;                // their layout
    std::uint64_t layers = 0;           // n_layers
    std::uint64_t gpu_layers = 0;       // layers on the GPUs
    std::uint64_t cpu_moe_layers = 0;   // layers whose experts are in RAM (--n-cpu-moe)
    std::uint64_t bytes_per_gpu = 0;    // the most-loaded GPU
    GpuLoad load;                       // … in parts
    std::uint64_t capacity_bytes = 0;   // one GPU's bytes the runtime may use
    std::int64_t headroom_bytes = 0;    // capacity − bytes_per_gpu
    std::uint64_t ram_bytes = 0;        // in system RAM (embedding, experts, layers)
    std::uint64_t kv_tokens = 0;        // tokens the KV pool holds (serving engines)
    std::uint64_t single_gpu_bytes = 0; // the whole workload on one GPU
    std::uint64_t gpus_needed = 0;      // fewest GPUs of this kind that hold it (0: none)
    std::uint64_t max_context = 0;      // largest context, up to the model's, that still runs as
                                        // the verdict says (for "no": on the whole machine in
                                        // any way the runtime can; 0: not even one token)
    std::optional<double> decode_tokens_per_s;  // all sequences together
    std::optional<double> prefill_tokens_per_s; // one prompt of query.prompt tokens
    StepTerms decode_terms;
    StepTerms prefill_terms;
    std::optional<MachineAnswer> machine; // the whole machine, when it gives more
    std::string flags;  // how to ask the runtime for it: "-ngl 45", "--n-cpu-moe 12", …
    std::string change; // "no" rows: the smallest change that makes it run
    std::string note;   // one sentence on the verdict
    // Ollama only: why the row runs below Ollama's default context ("at 32,768 tokens: …", its
    // one retry of a load that ran out of memory); empty otherwise. Also the note's last part.
    std::string context_note;
    // The workload's bytes exceed 2^64: verdict No, the byte fields unknown (0), the note says
    // what overflowed.
    bool beyond_64_bits = false;
    // The GPU's memory bandwidth is unknown (a detected GPU the catalog does not know): memory,
    // verdict and context stand, the speeds are absent.
    bool speed_unknown = false;
    // Whether the runtime's version runs the model's architecture (runtime_support.h). Newer:
    // the verdict stands for a build that does, the note says which. Unsupported: verdict No,
    // no GPUs, no context, no speed; the bytes are what it would need, the change names the
    // runtimes that run it.
    ArchSupport arch_support = ArchSupport::Unknown;
    // Whether this runtime runs this architecture is not known, for a reason of the row's own
    // (SGLang and a type with no class of its own; a build of the profile's month): arch_note.
    bool arch_not_known = false;
    std::string arch_note;
};

// Every precision the runtime offers for this model (its list, plus the precision the model
// ships in when the runtime reads it, e.g. gpt-oss's MXFP4 experts), in display order.
std::vector<Precision> runPrecisions(const RuntimeProfile& runtime,
                                     const std::string& shipped_precision);

// One model at one precision on the machine.
RunRow evaluateRun(const RunModel& model, const Precision& precision, const RunQuery& query);
// The same for a model with no shipped precision of its own (count = countParameters(config)).
RunRow evaluateRun(const ModelConfig& config, const ParamCount& count, const Precision& precision,
                   const RunQuery& query);

// How far the speed estimates are from published measurements the fit never saw: the held-out
// table of docs/compute.md (scripts/calibration.py; tst_calibration checks these figures).
struct CalibrationSummary {
    int decode_measurements = 0;
    int decode_median_error_percent = 0;
    int prefill_measurements = 0;
    int prefill_median_error_percent = 0;
    // TensorRT-LLM's own batch-1 runs (docs/data/speed-tensorrt-llm.json), which the fit never
    // saw and its profile is not fitted to: the decode error, median and largest.
    int tensorrt_decode_measurements = 0;
    int tensorrt_decode_median_error_percent = 0;
    int tensorrt_decode_max_error_percent = 0;
    // CPU-only machines' held-out runs (docs/data/speed-cpu.json), fitted apart: the decode and
    // prefill errors' medians and how many rows each.
    int cpu_decode_measurements = 0;
    int cpu_decode_median_error_percent = 0;
    int cpu_prefill_measurements = 0;
    int cpu_prefill_median_error_percent = 0;
};
CalibrationSummary calibrationSummary();
// The held-out figures a machine's speeds are stated against: on a CPU-only machine under
// llama.cpp or Ollama the CPU-only runs (llama.cpp's, docs/compute.md "CPU-only machines"), else
// the GPU runs'. The CLI's legend and My hardware's speed note both say these.
struct HeldOutFigures {
    bool cpu_runs = false;
    int decode_measurements = 0;
    int decode_median_error_percent = 0;
    int prefill_measurements = 0;
    int prefill_median_error_percent = 0;
};
HeldOutFigures heldOutFigures(const RuntimeProfile& runtime, const GpuSpec& gpu);
// TensorRT-LLM's speeds are the serving fit's: one sentence on how far they are from its own runs
// (the app's and the CLI's note under a TensorRT-LLM table).
std::string tensorRtSpeedNote();

// ---- Placement (runtime_memory.cpp) -----------------------------------------------------------

enum class PlacementKind { Gpus, ExpertsInRam, LayersInRam };

// A model on `gpus` GPUs of the machine under the runtime, at one context.
struct Placement {
    PlacementKind kind = PlacementKind::Gpus;
    bool fits = false;
    std::uint64_t gpus = 0;
    ParallelSplit split;
    std::uint64_t layers = 0;
    std::uint64_t gpu_layers = 0;
    std::uint64_t cpu_moe_layers = 0;
    GpuLoad load;                     // the most-loaded GPU
    std::uint64_t capacity_bytes = 0; // what the runtime may use of one GPU
    std::uint64_t host_bytes = 0;     // system RAM
    std::uint64_t host_capacity = 0;  // RAM available to it (0: unknown)
    std::uint64_t kv_tokens = 0;      // serving engines: tokens the pool holds
    std::uint64_t max_context = 0;    // serving engines: the longest sequence the pool holds
    bool tight = false;
    // Decode: bytes read per step on the GPUs (whole model, before any split) and from RAM.
    std::uint64_t gpu_read_bytes = 0;
    std::uint64_t host_read_bytes = 0;
    // Of gpu_read_bytes, the routed experts' matrices a token visits (llama.cpp-family
    // placements, the only ones that run under Vulkan; 0 elsewhere).
    std::uint64_t gpu_expert_read_bytes = 0;
    std::string flags;
};

// The GPU-only placement on `gpus` GPUs; with `allowRam` also experts in RAM (llama.cpp, MoE)
// and then layers in RAM, whichever fits first.
Placement placeModel(const RunModel& model, const Precision& precision, const RunQuery& query,
                     std::uint64_t context, std::uint64_t gpus, bool allowRam);

// The model configuration as the runtime sees it: llama.cpp and MLX drop the sliding window of
// models whose every layer slides (they keep a full cache).
ModelConfig runtimeConfig(const ModelConfig& config, const RuntimeProfile& runtime);

// The VRAM Ollama's discovery reports, summed over the GPUs (none on a CPU-only machine), which
// picks its default context.
std::uint64_t ollamaVramBytes(const RuntimeProfile& runtime, const Hardware& hw);
// Ollama's default context on this machine for this model (its VRAM tier, at most the model's).
std::uint64_t ollamaDefaultContext(const RuntimeProfile& runtime, const Hardware& hw,
                                   std::uint64_t modelContext);
// The query's context as the machine's line says it: "context 8,192", or under Ollama with no
// context given "Ollama's default context (32,768 tokens at this VRAM, at most each model's own)".
std::string queryContextText(const RunQuery& query);

// SGLang's engine for a model on `split` of the query's GPUs launched at `context` tokens
// (runtime.h sglangMemory): the device's nominal memory, MLA, ROCm and its aiter attention.
SglangEngine sglangEngine(const RunQuery& query, const ModelConfig& config,
                          const ParallelSplit& split, std::uint64_t context);

// SGLang's share as its rows count it, for the machine's line (My hardware, the CLI's header):
// "mem_fraction_static 0.830 on 1 GPU, 0.812 on 8, chunked prefill 8,192; each row gives its own"
// (a model without MLA); "" for another runtime or a CPU-only machine.
std::string sglangShareText(const RunQuery& query);

// The GPU bytes a runtime may use of one device (catalog usable share; the driver-visible share
// for CUDA serving engines).
std::uint64_t runtimeCapacity(const RuntimeProfile& runtime, const GpuSpec& gpu);
// The same for the query's machine: a CPU-only machine's RAM given with --ram replaces the
// catalog's example size.
std::uint64_t deviceCapacity(const RunQuery& query);

} // namespace llmsizer
