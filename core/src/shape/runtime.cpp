// The runtime profiles (runtime.h): each runtime's defaults with the version and the code or
// document they come from, and the speed constants fitted to the calibration measurements. The
// constants as listed for the user: runtime_constants.cpp; FP8 checkpoints that keep some
// modules in BF16: runtime_fp8.cpp.
#include "llmsizer/shape/runtime.h"

#include "llmsizer/text/error.h"
#include "llmsizer/text/text.h"

#include <algorithm>
#include <cmath>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

// The speed constants per runtime family, fitted by scripts/calibration.py --fit to the
// calibration set (docs/data/speed-calibration.json); docs/compute.md shows the fit and the
// held-out error. tst_calibration fails when a calibration row drifts from its recorded estimate.
SpeedConstants llamaCppSpeed()
{
    SpeedConstants s;
    s.bandwidth_lpddr5x = 0.869;
    s.legacy_layer_us = 92.9;
    s.quantized_efficiency = 0.986;
    s.bandwidth_gddr = 0.9;
    // AMD Radeon GDDR, fitted on each llama.cpp backend's own rows, the rest held: the RX 7900
    // XTX under ROCm/HIP (pull requests 26284, 26705) and the RX 7900 XT under Vulkan (llmfit PR
    // 808). Their ratio, 1.33, is near issue 20934's Vulkan-over-ROCm gap on one RX 7900 XTX
    // (1.26, a dense model). Under Vulkan a MoE's routed experts stream at 0.634 of the Vulkan
    // figure, fitted jointly with it: the dense rows pin the one, gpt-oss 20B and Qwen3 30B-A3B
    // the other.
    s.bandwidth_gddr_amd = 0.611;
    s.bandwidth_gddr_amd_vulkan = 0.811;
    s.vulkan_expert_efficiency = 0.634;
    s.bandwidth_hbm = 0.576;
    s.bandwidth_unified = 0.682;
    s.bandwidth_ddr = 0.65;
    s.layer_us = 47.4;
    s.allreduce_us = 30;
    s.moe_dispatch_us = 60;
    s.hop_us = 220;
    s.prefill_consumer = 0.422;
    s.prefill_pro = 0.337;
    s.prefill_datacenter = 0.267;
    s.prefill_unified = 0.602;
    // A CPU's prefill: llama.cpp's quantized matrix products run on int8 dot products (and
    // llamafile's sgemm), near or above the FP32 vector rate the catalog lists per CPU, at a
    // share that falls with the cores. Both fitted (least squares on the log) to three CPUs of
    // 4, 16 and 32 cores: the mainline column of ikawrakow/ik_llama.cpp PR 54 (Sep 2024), Llama
    // 3.1 8B Q4_0 and Q8_0 pp512 on a Ryzen 9 7950X (123.46, 141.30) and a Threadripper PRO
    // 5975WX (139.09, 162.21), and a Core i3-14100 (Q4_K_M 32.62, brand-o/normiebench issue 36),
    // each file's weight types at their kernel rates (below); held-out rows in docs/compute.md
    // ("CPU-only machines"), docs/data/speed-cpu.json.
    s.prefill_cpu = 1.02;
    s.prefill_cpu_cores = 31;
    // The types without a tiled x86 kernel at this version (ggml-cpu repack.cpp's
    // ggml_repack_get_optimal_repack_type: Q4_0, Q4_K, IQ4_NL, MXFP4 on AVX2, Q2_K on
    // AVX-512; llamafile sgemm.cpp: F32, F16, BF16, Q8_0, Q4_0, Q5_0, IQ4_NL), at their
    // measured share of the tiled rate: mainline build 3441 on a Ryzen 9 7950X, Llama 3 8B
    // pp512 (ikawrakow/ik_llama.cpp README, July 2024: Q2_K_S 110.11, Q3_K_S 77.42, Q5_K_S
    // 69.44, Q6_K 74.89, Q4_1 57.83, Q5_1 50.85, IQ4_XS 68.98 t/s) over the geometric mean of
    // its tiled types (Q8_0 118.07, Q4_0 104.46, F16 112.37: 111.5). Held out on the same CPU
    // at build 4384 (docs/compute.md, "CPU-only machines"). BF16, absent from that table: the
    // one later table's (discussion 164, build 4384: 78.58 against Q8_0 147.92), not held out.
    s.cpu_kernel_rate = {{"Q2_K", 0.99}, {"Q3_K", 0.69}, {"Q5_K", 0.62},   {"Q6_K", 0.67},
                         {"Q4_1", 0.52}, {"Q5_1", 0.46}, {"IQ4_XS", 0.62}, {"BF16", 0.53}};
    return s;
}

SpeedConstants servingSpeed()
{
    SpeedConstants s;
    s.bandwidth_lpddr5x = 0.8;
    s.bandwidth_gddr = 0.9;
    s.bandwidth_gddr_amd = 0.9; // no AMD run of a serving engine: GDDR's
    s.bandwidth_gddr_amd_vulkan = 0.9;
    s.bandwidth_hbm = 0.9;
    s.bandwidth_unified = 0.7;
    s.bandwidth_ddr = 0.5;
    s.layer_us = 40.6;
    s.allreduce_us = 8;
    // A MoE layer's cost is its routed experts' visits and, with latent attention, the layer's
    // own, on one GPU or many: nothing more when its experts span GPUs.
    s.moe_dispatch_us = 0;
    s.expert_visit_us = 4.96;
    s.latent_layer_us = 429;
    s.instinct_fixed_factor = 1.99;
    s.hop_us = 60;
    s.prefill_consumer = 0.45;
    s.prefill_pro = 0.45;
    s.prefill_datacenter = 0.45;
    s.prefill_unified = 0.4;
    s.prefill_cpu = 0.2;
    return s;
}

// No MLX run is among the calibration measurements: MLX streams the same unified memory with
// kernels of the same kind, so it takes the llama.cpp fit.
SpeedConstants mlxSpeed()
{
    return llamaCppSpeed();
}

SpeedConstants transformersSpeed()
{
    SpeedConstants s;
    s.bandwidth_lpddr5x = 0.5;
    s.quantized_efficiency = 0.942;
    s.bandwidth_gddr = 0.86;
    s.bandwidth_gddr_amd = 0.86; // no AMD run of transformers: GDDR's
    s.bandwidth_gddr_amd_vulkan = 0.86;
    s.bandwidth_hbm = 0.5;
    s.bandwidth_unified = 0.5;
    s.bandwidth_ddr = 0.4;
    s.layer_us = 45.8;
    s.allreduce_us = 30;
    s.moe_dispatch_us = 200;
    s.hop_us = 100;
    s.prefill_consumer = 0.342;
    s.prefill_pro = 0.35;
    s.prefill_datacenter = 0.3;
    s.prefill_unified = 0.3;
    s.prefill_cpu = 0.2;
    return s;
}

std::vector<RuntimeProfile> buildProfiles()
{
    const std::vector<std::string> gguf{"fp16",   "q8_0",   "q6_k", "q5_k_m",
                                        "q4_k_m", "q3_k_m", "q2_k"};
    std::vector<RuntimeProfile> v;

    RuntimeProfile llama;
    llama.kind = Runtime::LlamaCpp;
    llama.id = "llama.cpp";
    llama.label = "llama.cpp";
    llama.version = "b6918";
    llama.overhead_id = "llama.cpp";
    llama.precisions = gguf;
    llama.speed = llamaCppSpeed();
    llama.speed_source =
        "llama.cpp CUDA, Metal, ROCm/HIP and Vulkan runs (calibration set, docs/compute.md)";
    v.push_back(llama);

    RuntimeProfile ollama = llama;
    ollama.kind = Runtime::Ollama;
    ollama.id = "ollama";
    ollama.label = "Ollama";
    ollama.version = "0.33.0 (llama.cpp b10488)";
    v.push_back(ollama);

    RuntimeProfile vllm;
    vllm.kind = Runtime::Vllm;
    vllm.id = "vllm";
    vllm.label = "vLLM";
    vllm.version = "0.11.0";
    vllm.overhead_id = "vllm";
    vllm.precisions = {"bf16", "fp8", "int8", "int4_g128"};
    // FP8 from compute capability 8.0: W8A8 from 8.9, Marlin's weight-only kernel on Ampere.
    vllm.fp8_min_compute_capability = 8.0;
    vllm.fp8_capability_source =
        "vllm/model_executor/layers/quantization/fp8.py Fp8Config.get_min_capability (80)";
    vllm.speed = servingSpeed();
    vllm.speed_source = "vLLM and SGLang runs at batch 1 (calibration set, docs/compute.md)";
    v.push_back(vllm);

    RuntimeProfile sglang = vllm;
    sglang.kind = Runtime::Sglang;
    sglang.id = "sglang";
    sglang.label = "SGLang";
    // The memory rules are those of SGLang v0.5.18 (21 Aug 2026; server_args.py
    // _handle_gpu_memory_settings: sglangMemory). v0.4.0–v0.4.7 took a fixed share by tensor
    // parallel size (0.88 alone … 0.79 at 16): docs/memory.md.
    sglang.version = "0.5.18";
    sglang.precisions = {"bf16", "fp8", "int4_g128"};
    sglang.fp8_capability_source =
        "python/sglang/srt/layers/quantization/fp8.py get_min_capability (80), v0.5.18";
    v.push_back(sglang);

    RuntimeProfile trt = vllm;
    trt.kind = Runtime::TensorRtLlm;
    trt.id = "tensorrt-llm";
    trt.label = "TensorRT-LLM";
    trt.version = "1.0";
    trt.precisions = {"bf16", "fp8", "int4_g128"};
    // FP8 on Ada (SM89), Hopper and Blackwell only; Ampere runs FP16, BF16, INT8 and INT4.
    trt.fp8_min_compute_capability = 8.9;
    trt.fp8_capability_source = "TensorRT-LLM support matrix (docs reference/support-matrix)";
    // No TensorRT-LLM run is in the fit; its own runs are set beside the estimates in
    // docs/compute.md ("TensorRT-LLM: its own runs, not fitted").
    trt.speed_source = "vLLM and SGLang runs at batch 1 (calibration set, docs/compute.md); no "
                       "TensorRT-LLM run is in the fit";
    v.push_back(trt);

    RuntimeProfile mlx;
    mlx.kind = Runtime::Mlx;
    mlx.id = "mlx";
    mlx.label = "MLX (mlx-lm)";
    mlx.version = "mlx-lm 0.32.0";
    mlx.overhead_id = "none";
    mlx.precisions = {"bf16", "mlx_8bit", "mlx_4bit"};
    mlx.speed = mlxSpeed();
    mlx.speed_source = "the llama.cpp Metal fit (MLX streams the same unified memory)";
    v.push_back(mlx);

    RuntimeProfile hf;
    hf.kind = Runtime::Transformers;
    hf.id = "transformers";
    hf.label = "transformers";
    hf.version = "4.x (PyTorch 2)";
    hf.overhead_id = "transformers";
    hf.precisions = {"bf16", "int8", "int4_g128", "nf4"};
    hf.speed = transformersSpeed();
    hf.speed_source = "AutoAWQ on transformers (calibration set)";
    v.push_back(hf);
    return v;
}

} // namespace

const std::vector<RuntimeProfile>& runtimeProfiles()
{
    static const std::vector<RuntimeProfile> list = buildProfiles();
    return list;
}

const RuntimeProfile& runtimeProfile(Runtime kind)
{
    for (const RuntimeProfile& p : runtimeProfiles()) {
        if (p.kind == kind) {
            return p;
        }
    }
    return runtimeProfiles().front();
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

namespace {

struct BackendName {
    LlamaCppBackend backend;
    std::string_view id;
    std::string_view label;
};
constexpr BackendName kBackends[] = {
    {LlamaCppBackend::Auto, "auto", "Auto (ROCm/HIP on Radeon)"},
    {LlamaCppBackend::Rocm, "rocm", "ROCm/HIP"},
    {LlamaCppBackend::Vulkan, "vulkan", "Vulkan"},
};

double& decodeSlot(SpeedConstants& s, const GpuSpec& g, bool vulkan)
{
    switch (g.memoryClass()) {
    case MemoryClass::Gddr:
        return s.bandwidth_gddr;
    case MemoryClass::GddrAmd:
        return vulkan ? s.bandwidth_gddr_amd_vulkan : s.bandwidth_gddr_amd;
    case MemoryClass::Hbm:
        return s.bandwidth_hbm;
    case MemoryClass::Unified:
        return s.bandwidth_unified;
    case MemoryClass::Lpddr5x:
        return s.bandwidth_lpddr5x;
    case MemoryClass::Ddr:
        break;
    }
    return s.bandwidth_ddr;
}

double& prefillSlot(SpeedConstants& s, const GpuSpec& g)
{
    if (g.cpuOnly()) {
        return s.prefill_cpu;
    }
    if (g.memoryClass() == MemoryClass::Unified || g.memoryClass() == MemoryClass::Lpddr5x) {
        return s.prefill_unified;
    }
    if (g.category == "datacenter") {
        return s.prefill_datacenter;
    }
    return g.category == "workstation" ? s.prefill_pro : s.prefill_consumer;
}

} // namespace

const std::vector<LlamaCppBackend>& llamaCppBackends()
{
    static const std::vector<LlamaCppBackend> list = [] {
        std::vector<LlamaCppBackend> out;
        for (const BackendName& b : kBackends) {
            out.push_back(b.backend);
        }
        return out;
    }();
    return list;
}

std::string_view llamaCppBackendId(LlamaCppBackend backend)
{
    for (const BackendName& b : kBackends) {
        if (b.backend == backend) {
            return b.id;
        }
    }
    return "auto";
}

std::string_view llamaCppBackendLabel(LlamaCppBackend backend)
{
    for (const BackendName& b : kBackends) {
        if (b.backend == backend) {
            return b.label;
        }
    }
    return "Auto";
}

LlamaCppBackend llamaCppBackendById(std::string_view id, const std::string& field)
{
    if (id == "hip") {
        return LlamaCppBackend::Rocm;
    }
    std::string known;
    for (const BackendName& b : kBackends) {
        if (b.id == id) {
            return b.backend;
        }
        known += (known.empty() ? "" : ", ") + std::string(b.id);
    }
    throw InputError("", field, "unknown backend '" + std::string(id) + "' (known: " + known + ")");
}

bool radeonOnVulkan(const RuntimeProfile& runtime, const GpuSpec& gpu)
{
    return runtime.llamaCppFamily() && runtime.llama_cpp.backend == LlamaCppBackend::Vulkan &&
           gpu.memoryClass() == MemoryClass::GddrAmd;
}

bool vllmUsesFlashInferSampler(const VllmSettings& vllm, const GpuSpec& gpu)
{
    return vllm.flashinfer_sampler && gpu.vendor == "NVIDIA" && gpu.int8_tops.has_value() &&
           !gpu.cpuOnly();
}

std::string radeonBackendLabel(const RuntimeProfile& runtime, const GpuSpec& gpu)
{
    if (!runtime.llamaCppFamily() || gpu.memoryClass() != MemoryClass::GddrAmd) {
        return "";
    }
    return radeonOnVulkan(runtime, gpu) ? "Vulkan" : "ROCm/HIP";
}

double decodeEfficiency(const RuntimeProfile& runtime, const GpuSpec& gpu)
{
    SpeedConstants copy = runtime.speed;
    return decodeSlot(copy, gpu, radeonOnVulkan(runtime, gpu));
}

void setDecodeEfficiency(RuntimeProfile& runtime, const GpuSpec& gpu, double value)
{
    decodeSlot(runtime.speed, gpu, radeonOnVulkan(runtime, gpu)) = value;
}

double prefillEfficiency(const SpeedConstants& s, const GpuSpec& gpu)
{
    SpeedConstants copy = s;
    return prefillSlot(copy, gpu);
}

void setPrefillEfficiency(SpeedConstants& s, const GpuSpec& gpu, double value)
{
    prefillSlot(s, gpu) = value;
}

double prefillShareOn(const SpeedConstants& s, const GpuSpec& gpu)
{
    const double share = prefillEfficiency(s, gpu);
    return gpu.cpuOnly() && s.prefill_cpu_cores > 0
               ? share / (1.0 + gpu.cpuCores() / s.prefill_cpu_cores)
               : share;
}

std::string cpuPrefillShareText(const SpeedConstants& s, const GpuSpec& gpu)
{
    if (!gpu.cpuOnly()) {
        return {};
    }
    // The CPU-only runs the share was fitted to (4 to 32 cores) and held against (to 64):
    // docs/compute.md, "CPU-only machines".
    constexpr double kMostCoresMeasured = 64;
    if (!gpu.bf16_tflops || *gpu.bf16_tflops <= 0) {
        return "a share of its FP32 vector peak, which is not known here: no prefill estimate";
    }
    const double cores = gpu.cpuCores();
    const double share = prefillShareOn(s, gpu);
    std::string out = std::to_string(std::lround(100 * share)) + "% of its FP32 vector peak of " +
                      text::fixed(*gpu.bf16_tflops, 2) + " TFLOPS";
    if (s.prefill_cpu_cores > 0) {
        out += " (" + text::fixed(prefillEfficiency(s, gpu), 2) + " / (1 + " +
               text::fixed(cores, 0) + (cores == 1 ? " core / " : " cores / ") +
               text::fixed(s.prefill_cpu_cores, 0) + "))";
        if (share > 1) {
            out += ", above it: the quantized kernels' int8 dot products pass the FP32 rate";
        }
        if (cores > kMostCoresMeasured) {
            out += "; no run it was checked on had more than 64 cores";
        }
    }
    return out;
}

// SGLang v0.5.18, python/sglang/srt/server_args.py: _handle_gpu_memory_settings (the bands),
// _generate_prefill_cuda_graph_batch_sizes, reserve_for_graph_mb. The default path on CUDA:
// decode graphs captured (backend full), prefill graphs captured (breakable) at token sizes up to
// the chunked-prefill size, no DP attention, no DeepEP, no disaggregation, no speculative draft.
SglangMemory sglangMemory(const SglangSettings& s, const SglangEngine& e)
{
    const std::uint64_t tp = std::max<std::uint64_t>(e.tensor_parallel, 1);
    const std::uint64_t pp = std::max<std::uint64_t>(e.pipeline_parallel, 1);
    const bool mla = e.mla;
    const double mib = static_cast<double>(e.device_bytes) / 1048576.0;
    SglangMemory m;
    std::uint64_t chunk = 16384;
    std::uint64_t maxBs = 512;
    if (mib < 20 * 1024.0) {
        chunk = 2048;
        maxBs = 8;
    } else if (mib < 35 * 1024.0) {
        chunk = 2048;
        maxBs = tp < 4 ? 24 : 80;
    } else if (mib < 60 * 1024.0) {
        chunk = 4096;
        maxBs = tp < 4 ? 32 : 160;
    } else if (mib < 160 * 1024.0) {
        chunk = 8192;
        maxBs = tp < 4 ? 256 : 512;
    }
    m.chunked_prefill_size = s.chunked_prefill_size != 0 ? s.chunked_prefill_size : chunk;
    m.cuda_graph_max_bs = s.cuda_graph_max_bs != 0 ? s.cuda_graph_max_bs : maxBs;
    // Prefill graphs: 4…32 by 4, 48…256 by 16, 288…512 by 32, 576…1024 by 64, 1280…4096 by
    // 256, then by 512, up to the chunked-prefill size (MLA models: 2,048). None on ROCm
    // (_disable_tc_piecewise_cudagraph_if_incompatible: "non-CUDA hardware").
    const std::uint64_t prefillMax = e.hip ? 0 : mla ? 2048 : m.chunked_prefill_size;
    const struct {
        std::uint64_t from, to, step;
    } runs[] = {{4, 32, 4},      {48, 256, 16},     {288, 512, 32},
                {576, 1024, 64}, {1280, 4096, 256}, {4608, prefillMax, 512}};
    for (const auto& r : runs) {
        for (std::uint64_t t = r.from; t <= r.to && t <= prefillMax; t += r.step) {
            ++m.prefill_graph_sizes;
        }
    }
    // reserved_mem (MiB) = 512 + 1.5 × max(chunked, 2048) + 1024 × TP × PP / 8 + 2 × decode
    // max_bs + 8 a prefill graph (MLA: 1.5 GiB), at least 10 GiB on GPUs above 60 GiB.
    double reserved =
        512.0 + 1.5 * static_cast<double>(std::max<std::uint64_t>(m.chunked_prefill_size, 2048)) +
        static_cast<double>(tp * pp) / 8.0 * 1024.0 +
        2.0 * static_cast<double>(m.cuda_graph_max_bs) +
        (e.hip ? 0.0
         : mla ? 1536.0
               : 8.0 * static_cast<double>(m.prefill_graph_sizes));
    if (mib > 60 * 1024.0) {
        reserved = std::max(reserved, 10 * 1024.0);
    }
    m.reserved_mib = reserved;
    const double doublings = std::log2(static_cast<double>(tp * pp));
    m.setup_bytes = s.setup_bytes +
                    static_cast<std::uint64_t>(
                        std::llround(doublings * static_cast<double>(s.setup_per_doubling_bytes)));
    if (s.mem_fraction_static.num != 0) {
        m.mem_fraction_static = s.mem_fraction_static;
    } else {
        // round((gpu_mem - reserved_mem) / gpu_mem, 3)
        const double f = mib > reserved ? (mib - reserved) / mib : 0.0;
        m.mem_fraction_static = {static_cast<std::uint64_t>(std::llround(f * 1000.0)), 1000};
    }
    // A vision-language model's default share × 0.95 for its encoder (server_args.py
    // adjust_mem_fraction_for_vlm; its tower-size factor, 0.8–1.05, taken as a ViT-L's 1).
    if (e.vision && s.mem_fraction_static.num == 0) {
        m.mem_fraction_static = {m.mem_fraction_static.num * 95, m.mem_fraction_static.den * 100};
    }
    // On ROCm its aiter attention takes 15 % of the share, set or not, above 8,192 tokens
    // (server_args.py _handle_attention_backend_compatibility).
    if (e.aiter_long) {
        m.mem_fraction_static = {m.mem_fraction_static.num * 85, m.mem_fraction_static.den * 100};
    }
    return m;
}

// vLLM: vllm serve --help; SGLang: python -m sglang.launch_server --help (server_args.py);
// TensorRT-LLM: trtllm-serve --help (its commands/trtllm-serve docs); llama.cpp: llama-server -c;
// Ollama: the num_ctx parameter.
std::string RuntimeProfile::contextFlag() const
{
    switch (kind) {
    case Runtime::Vllm:
        return "--max-model-len ";
    case Runtime::Sglang:
        return "--context-length ";
    case Runtime::TensorRtLlm:
        return "--max_seq_len ";
    case Runtime::LlamaCpp:
        return "-c ";
    case Runtime::Ollama:
        return "num_ctx ";
    case Runtime::Mlx:
    case Runtime::Transformers:
        break;
    }
    return {};
}

std::string RuntimeProfile::parallelFlags(std::uint64_t tp, std::uint64_t pp) const
{
    const char* tpFlag = kind == Runtime::Sglang        ? "--tp "
                         : kind == Runtime::TensorRtLlm ? "--tp_size "
                                                        : "--tensor-parallel-size ";
    const char* ppFlag = kind == Runtime::Sglang        ? " --pp-size "
                         : kind == Runtime::TensorRtLlm ? " --pp_size "
                                                        : " --pipeline-parallel-size ";
    return tpFlag + std::to_string(tp) + (pp > 1 ? ppFlag + std::to_string(pp) : std::string());
}

} // namespace llmsizer
