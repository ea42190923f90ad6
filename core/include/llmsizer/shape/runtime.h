#pragma once

#include "llmsizer/compute/hardware.h"
#include "llmsizer/memory/memory.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

// Inference runtimes as they really place a model in memory and run it. One profile per runtime,
// chosen by the `Runtime` enum; each holds that runtime's own settings (one struct per runtime)
// with the defaults of the version named in `version`, and the speed constants fitted to
// published measurements (docs/compute.md, "Speed model"). Every constant's source is listed by
// runtimeConstants() (shown in the app's Runtime menu, the CLI's `runs` and docs/memory.md).
//
// How to use: take runtimeProfile(Runtime::Vllm) (or runtimeById("vllm")), change a setting if
// the user did (profile.vllm.gpu_memory_utilization = {95, 100}), and hand it to evaluateRun()
// (runs.h) in a RunQuery with the machine and the workload. The placement rules themselves are in
// runtime_memory.cpp, the step time in runtime_speed.cpp.
namespace llmsizer {

enum class Runtime {
    LlamaCpp,     // llama.cpp (llama-server, llama-cli, llama-bench)
    Ollama,       // Ollama: llama.cpp underneath, with its own defaults
    Vllm,         // vLLM (V1 engine)
    Sglang,       // SGLang
    TensorRtLlm,  // TensorRT-LLM (PyTorch backend, trtllm-serve)
    Mlx,          // MLX (mlx-lm) on Apple silicon
    Transformers, // Hugging Face transformers on PyTorch
};

// The backend a llama.cpp build runs its kernels on. Only an AMD Radeon card's estimate depends
// on it: ROCm/HIP and Vulkan stream a Radeon's GDDR at different shares of its peak
// (SpeedConstants::bandwidth_gddr_amd, bandwidth_gddr_amd_vulkan); llama.cpp issue 20934 measured
// Vulkan about 25 % faster than ROCm at decode on one RX 7900 XTX. Auto is ROCm/HIP on a Radeon:
// llama.cpp's HIP build, and what Ollama runs there ("Ollama supports the following AMD GPUs via
// the ROCm library", ollama/ollama docs/gpu.mdx).
enum class LlamaCppBackend {
    Auto,   // ROCm/HIP on AMD Radeon (CUDA on NVIDIA, Metal on Apple: no figure depends on it)
    Rocm,   // HIP (GGML_HIP)
    Vulkan, // GGML_VULKAN (RADV or AMDVLK)
};

// llama.cpp (and Ollama, which runs it). Defaults of llama.cpp b6918 (common/common.h,
// src/llama-model.cpp, src/llama-context.cpp).
struct LlamaCppSettings {
    std::uint64_t n_ubatch = 512; // tokens per graph evaluation (common.h n_ubatch)
    std::uint64_t n_batch = 2048; // logical batch (common.h n_batch)
    // -fa auto: on where the backend supports it (CUDA, Metal, Vulkan); the compute buffer then
    // holds no KQ matrix.
    bool flash_attention = true;
    // The token embedding (the input layer) stays in host memory: llama-model.cpp "there is very
    // little benefit to offloading the input layer, so always keep it on the CPU".
    bool embedding_in_host = true;
    // What a CUDA/ROCm/Metal process holds before any tensor (context, kernels, cuBLAS
    // workspace). An estimate bounded by measurement: an RTX 4080 16 GB ran Llama 3 8B F16 at
    // 8,192 tokens without flash attention (XiongjieDai/GPU-Benchmarks-on-LLM-Inference), which
    // leaves at most about 350 MiB beside the buffers [uncertain].
    std::uint64_t device_reserve_bytes = std::uint64_t{320} << 20;
    // -sm row: each layer's matrices split across the GPUs (tensor parallel, bandwidths add up);
    // the default -sm layer gives each GPU whole layers, which run one GPU after the other.
    bool row_split = false;
    // Sliding-window attention is implemented only for architectures that interleave window and
    // full layers (Gemma 2/3, Cohere2, Llama 4's chunks, gpt-oss); models whose every layer slides
    // (Mistral 7B v0.1 loads as `llama`, Phi-3 as `phi3`: "Phi SWA is currently disabled",
    // llama.cpp PR 13676) get a full cache.
    bool swa_only_interleaved = true;
    LlamaCppBackend backend = LlamaCppBackend::Auto;
    bool operator==(const LlamaCppSettings&) const = default;
};

// Ollama v0.33 (envconfig/config.go, server/routes.go, docs/faq.mdx, docs/context-length.mdx).
struct OllamaSettings {
    // Default context by total VRAM: < 24 GiB 4k, 24–48 GiB 32k, >= 48 GiB 256k (routes.go
    // compares with 23 and 47 GiB), never above the model's own length. Ollama passes it to
    // llama-server as -c, so llama.cpp's fit never shortens it: a model that does not fit the
    // GPUs at it gets its MoE experts, then whole layers, in RAM. Only a load that runs out of
    // memory (RAM cannot hold the rest either) is retried once a step lower (sched.go
    // reduceAutoNumCtxForLoadOOM, nextLowerAutoNumCtx: to 32k, or to 4k).
    std::uint64_t context_small = 4096;
    std::uint64_t context_medium = 32768;
    std::uint64_t context_large = 262144;
    std::uint64_t medium_from_gib = 23;
    std::uint64_t large_from_gib = 47;
    std::uint64_t num_parallel = 1;       // OLLAMA_NUM_PARALLEL: the KV cache holds parallel × ctx
    std::uint64_t gpu_overhead_bytes = 0; // OLLAMA_GPU_OVERHEAD, reserved per GPU
    // llama.cpp's fit (on by default under Ollama: envconfig LLAMA_ARG_FIT) leaves this much
    // free on each GPU, offloading experts or layers until it does (LLAMA_ARG_FIT_TARGET,
    // llama.cpp common/arg.cpp --fit-target, 1024 MiB).
    std::uint64_t fit_margin_bytes = std::uint64_t{1024} << 20;
    bool operator==(const OllamaSettings&) const = default;
};

// vLLM V1 (vllm/config/cache.py, vllm/engine/arg_utils.py, vllm/v1/worker/gpu_worker.py).
struct VllmSettings {
    Ratio gpu_memory_utilization{9, 10}; // share of the device vLLM may use
    std::uint64_t block_size = 16;       // tokens per KV block
    // 0: vLLM's default for the device (arg_utils.py get_batch_defaults, `vllm serve`): 8,192
    // tokens and 1,024 sequences on devices of >= 70 GiB other than the A100, else 2,048 and 256.
    std::uint64_t max_num_batched_tokens = 0;
    std::uint64_t max_num_seqs = 0;
    // The profile run's sampler over max_num_seqs rows of the vocabulary, after the forward pass
    // (gpu_model_runner.py _dummy_sampler_run, top-k and top-p set so that it sorts), in bytes
    // per logit: the BF16 logits (2) and their FP32 copy (4), the sort's values (4) and int64
    // indices (8), its int64 input positions (8) and double buffers (4 + 8) (v1/sample/ops/
    // topk_topp_sampler.py apply_top_k_top_p; torch's segmented sort). gpt-oss-120b on one
    // H100: 1,024 × 201,088 logits, 7.29 GiB by this count, where vLLM left 7.44 GiB beside the
    // 65.97 GiB of weights at 8,192 batched tokens and 7.55 at 1,024 (issues 23278, 27508).
    std::uint64_t sampler_bytes_per_logit = 38;
    // FlashInfer's top-k/top-p sampler instead (VLLM_USE_FLASHINFER_SAMPLER, on by default in
    // vLLM again since PR 40376, April 2026; off in 0.11 by PR 26859): no sort, it masks the FP32
    // logits and takes their softmax (flashinfer.sampling top_k_top_p_sampling_from_logits),
    // 2 + 4 + 4 + 4 = 14 bytes per logit. vLLM runs it on NVIDIA GPUs from Turing on (compute
    // capability 7.5, FlashInfer's attention backend's floor); elsewhere the sort stays. Off by
    // default here: the logged runs this profile is held against (0.10–0.11) sorted.
    bool flashinfer_sampler = false;
    std::uint64_t flashinfer_bytes_per_logit = 14;
    // Chunked prefill (always on in V1). Off (V0 before 0.6), the profile run takes a whole
    // max_model_len prompt: Llama 3.1 405B FP8 at 131,072 tokens ran out of memory on 8 × H100
    // with v0.5.3 and ran with --max-model-len 4096 (vLLM issues 6746, 6689).
    bool chunked_prefill = true;
    // Memory outside PyTorch's allocator (NCCL, cuBLAS): "non_torch_memory takes 0.08–0.35 GiB"
    // in logged single-GPU profiles; more under tensor parallelism (NCCL buffers) [uncertain].
    std::uint64_t non_torch_bytes = std::uint64_t{256} << 20;
    std::uint64_t non_torch_tp_bytes = std::uint64_t{768} << 20;
    // CUDA graphs are captured after the KV cache is allocated, from the memory left outside
    // gpu_memory_utilization: "Graph capturing finished …, took 0.27 GiB" to 1.12 GiB in logs.
    std::uint64_t cuda_graph_bytes = std::uint64_t{1} << 30;
    // Share of a device's nominal memory the driver shows a process: 79.15–79.25 GiB of an
    // 80 GB card, 47.50 of 48, 139.72 of 141 in logged vLLM and PyTorch messages.
    Ratio visible_fraction{99, 100};
    bool operator==(const VllmSettings&) const = default;
};

// SGLang (python/sglang/srt/server_args.py _handle_gpu_memory_settings, v0.5.18): the share
// mem_fraction_static of the device holds the weights and the KV pool; the rest is reserved for
// activations and CUDA graphs (docs/memory.md).
struct SglangSettings {
    // 0: SGLang's default, (memory - reserve) / memory to three decimals (sglangMemory).
    Ratio mem_fraction_static{0, 1};
    // 0: SGLang's default by the GPU's memory: 2,048 under 35 GiB, 4,096 under 60 GiB, 8,192
    // under 160 GiB, else 16,384.
    std::uint64_t chunked_prefill_size = 0;
    // 0: SGLang's default decode CUDA-graph batch by the GPU's memory and tensor parallel size:
    // 8 under 20 GiB, 24 (80 from TP 4) under 35, 32 (160) under 60, 256 (512) under 160, else
    // 512.
    std::uint64_t cuda_graph_max_bs = 0;
    // Memory in use before the weights load, beyond what a process is shown of the device (CUDA
    // context, NCCL's and the custom all-reduce's buffers): SGLang applies its share to what is
    // free then (kv_cache_configurator.py pre_model_load_memory). Half a GiB, and half a GiB
    // more per doubling of the tensor parallel size, fitted on logged "Load weight end. avail
    // mem + mem usage" at TP 1, 2, 4 and 8 (docs/memory.md, "SGLang's pool held against logs").
    std::uint64_t setup_bytes = std::uint64_t{512} << 20;
    std::uint64_t setup_per_doubling_bytes = std::uint64_t{512} << 20;
    bool operator==(const SglangSettings&) const = default;
};

// What SGLang's defaults depend on for one engine.
struct SglangEngine {
    // The GPU's memory as SGLang reads it (nvidia-smi's total, within 0.5 % of the nominal size
    // the catalog gives: 81,559 MiB of an H100's 81,920).
    std::uint64_t device_bytes = 0;
    std::uint64_t tensor_parallel = 1;
    std::uint64_t pipeline_parallel = 1;
    bool mla = false;        // the model takes SGLang's MLA backend (DeepSeek-V2/V3 and their kin)
    bool hip = false;        // an AMD GPU (ROCm): no prefill CUDA graphs (non-CUDA hardware)
    bool aiter_long = false; // its aiter attention at a context above 8,192: the share × 0.85
    // A vision-language model: its default share × 0.95 × a factor of the vision tower's size
    // (adjust_mem_fraction_for_vlm, 0.8–1.05), taken as 1 (a ViT-L's): 0.76–1.0 of it in all.
    bool vision = false;
};

// What SGLang sets for one engine: its defaults resolved for a device, a parallel layout and
// the model.
struct SglangMemory {
    std::uint64_t chunked_prefill_size = 0;
    std::uint64_t cuda_graph_max_bs = 0;
    std::uint64_t prefill_graph_sizes = 0; // prefill CUDA-graph token sizes captured
    double reserved_mib = 0;               // what mem_fraction_static leaves, in MiB
    Ratio mem_fraction_static{0, 1};
    std::uint64_t setup_bytes = 0; // in use before the weights load (SglangSettings)
};
SglangMemory sglangMemory(const SglangSettings& s, const SglangEngine& engine);

// TensorRT-LLM (tensorrt_llm/llmapi/llm_args.py KvCacheConfig): the KV cache takes
// free_gpu_memory_fraction of what is free once the weights and activation buffers are loaded.
struct TensorRtLlmSettings {
    Ratio free_gpu_memory_fraction{9, 10};
    std::uint64_t max_num_tokens = 8192; // activation buffers are sized for this many tokens
    bool operator==(const TensorRtLlmSettings&) const = default;
};

// MLX (mlx-lm 0.32, generate.py wired_limit): the model and cache are wired up to Metal's
// recommendedMaxWorkingSetSize (the GPU's usable_fraction of unified memory); above 90 % of it
// mlx-lm warns that generation will be slow.
struct MlxSettings {
    std::uint64_t prefill_step_size = 2048; // generate.py: prompt processed in steps of this size
    Ratio warn_fraction{9, 10};
    bool operator==(const MlxSettings&) const = default;
};

// Hugging Face transformers on PyTorch: the CUDA context, 723 MiB for a one-element tensor
// (discuss.pytorch.org/t/73021); the caching allocator's slack is not included.
struct TransformersSettings {
    std::uint64_t cuda_context_bytes = std::uint64_t{723} << 20;
    bool operator==(const TransformersSettings&) const = default;
};

// The step-time model's constants (docs/compute.md, "Speed model"), fitted per runtime family to
// the calibration measurements (docs/data/speed-calibration.json); the held-out measurements
// never enter the fit.
struct SpeedConstants {
    // Share of peak bandwidth a decode step realizes, per memory class.
    double bandwidth_gddr = 0.8;
    // GDDR on AMD Radeon cards, per llama.cpp backend (LlamaCppBackend): ROCm/HIP (also Auto, and
    // every runtime outside the llama.cpp family) and Vulkan, each fitted to its own runs.
    double bandwidth_gddr_amd = 0.7;
    double bandwidth_gddr_amd_vulkan = 0.7;
    // Share of bandwidth_gddr_amd_vulkan that a MoE's routed experts reach in a decode step under
    // llama.cpp's Vulkan backend: they are read through GGML_OP_MUL_MAT_ID's own matrix-vector
    // shaders, not the dense mul_mat_vec ones (the backend's MoE support, ggml-org/llama.cpp pull
    // request 7628: "There's some bottleneck in the matrix vector MUL_MAT_ID shaders … so that
    // generation is rather slow"), and MoE models run slower there than their active bytes say.
    // Shared experts, attention and every dense weight stay at bandwidth_gddr_amd_vulkan; 1 is no
    // penalty. Fitted to the RX 7900 XT's Vulkan MoE runs (docs/compute.md, "Speed model").
    double vulkan_expert_efficiency = 1.0;
    double bandwidth_hbm = 0.7;
    double bandwidth_unified = 0.75; // LPDDR4X / LPDDR5 (Apple M1–M3)
    double bandwidth_lpddr5x = 0.8;  // LPDDR5X (Apple M4, DGX Spark, Strix Halo)
    double bandwidth_ddr = 0.6;
    // Share of an Apple Max or Ultra chip's memory bandwidth its CPU clusters reach: AnandTech
    // measured 243 GB/s of the M1 Max's 409.6 ("Apple's M1 Pro, M1 Max SoCs Investigated",
    // 2021-10-25), where the M1 Pro's CPU took nearly all of its 204.8. Applied to the weights a
    // CPU reads from a unified pool of 300 GB/s or more (MoE experts in RAM under llama.cpp on a
    // Mac), before bandwidth_ddr; the M2–M4 generations are assumed alike [uncertain].
    double apple_cpu_share = 0.59;
    // Block-quantized weights (GGUF K-quants, MXFP4, MLX, AWQ) stream at this share of the
    // efficiency 16-bit weights reach: their kernels dequantize as they read.
    double quantized_efficiency = 0.85;
    // Fixed cost of one decoder layer in one step (kernel launches, synchronisation), µs.
    double layer_us = 40;
    // The same cost as the calibration's llama.cpp builds of spring 2024 paid (before CUDA
    // graphs): fitted beside layer_us so that those runs still pin the bandwidth efficiencies;
    // no estimate uses it.
    double legacy_layer_us = 0;
    // One all-reduce of the hidden state under tensor parallelism (two per layer), µs.
    double allreduce_us = 12;
    // A routed expert of an MoE layer whose experts are spread over several GPUs (dispatch and
    // its own small GEMM), µs per expert a token visits, per MoE layer.
    double moe_dispatch_us = 60;
    // Handing the hidden state from one GPU to the next under a layer split, µs per boundary.
    double hop_us = 50;
    // A routed expert a token visits in one MoE layer (routing, its small GEMMs), µs, on one GPU
    // or many; and a layer with latent attention (DeepSeek's MLA), µs. Serving engines only:
    // llama.cpp's MoE runs are within the layer cost.
    double expert_visit_us = 0;
    double latent_layer_us = 0;
    // The fixed costs of a step on an AMD Instinct GPU (ROCm) over an NVIDIA one's.
    double instinct_fixed_factor = 1;
    // Share of the peak FLOP/s a prefill reaches, per device class.
    double prefill_consumer = 0.6;   // on the FP16-accumulate peak (GeForce, Radeon, Arc)
    double prefill_pro = 0.6;        // workstation cards
    double prefill_datacenter = 0.4; // HBM datacenter cards
    double prefill_unified = 0.6;    // Apple, DGX Spark, Strix Halo
    double prefill_cpu = 0.3;
    // A CPU's share falls with its cores: prefill_cpu / (1 + cores / prefill_cpu_cores), the
    // threads' matrix tiles shrinking and their synchronisation and memory traffic growing with
    // the count (a 64-core Threadripper prefilled at half the rate per core of a 16-core Ryzen).
    // 0: no such fall.
    double prefill_cpu_cores = 0;
    // A CPU's prefill rate in a ggml type whose matrix products llama.cpp runs on its plain
    // dot-product path, as a share of its tiled kernels' rate (Q4_0 and Q4_K repacked, Q8_0,
    // Q5_0 and 16-bit through llamafile's sgemm, IQ4_NL and MXFP4 repacked): a type absent here
    // runs at 1. By ggml type name ("Q6_K"); llama.cpp and Ollama only.
    std::map<std::string, double> cpu_kernel_rate;
    bool operator==(const SpeedConstants&) const = default;
};

// A prefill's share of the FP32 peak may pass 1: a CPU's quantized matrix products run on int8
// dot products (llama.cpp's fitted share is 1.02, docs/compute.md "CPU-only machines"). The
// most a user may set.
inline constexpr double kMaxPrefillEfficiency = 2.0;

struct RuntimeProfile {
    Runtime kind = Runtime::LlamaCpp;
    std::string id;      // "llama.cpp", "ollama", "vllm", "sglang", "tensorrt-llm", "mlx",
                         // "transformers"
    std::string label;   // "llama.cpp"
    std::string version; // the version whose defaults these are: "b6918", "0.11.0", …
    std::vector<std::string> precisions; // weight precision ids offered, in display order
    // The memory.h overhead profile the Overview's bars use for this runtime ("llama.cpp",
    // "vllm", "transformers", "none").
    std::string overhead_id;
    LlamaCppSettings llama_cpp; // also Ollama's llama.cpp underneath
    OllamaSettings ollama;
    VllmSettings vllm;
    SglangSettings sglang;
    TensorRtLlmSettings tensorrt_llm;
    MlxSettings mlx;
    TransformersSettings transformers;
    SpeedConstants speed;
    std::string speed_source; // which measurements the speed constants were fitted to
    // The least CUDA compute capability its FP8 weights run on (0: any), and where that is said.
    double fp8_min_compute_capability = 0;
    std::string fp8_capability_source;

    bool llamaCppFamily() const { return kind == Runtime::LlamaCpp || kind == Runtime::Ollama; }
    // vLLM, SGLang and TensorRT-LLM: a preallocated KV pool, tensor parallel within a node.
    bool servingEngine() const
    {
        return kind == Runtime::Vllm || kind == Runtime::Sglang || kind == Runtime::TensorRtLlm;
    }
    // Can keep layers (llama.cpp: also MoE experts) in system RAM.
    bool offloads() const { return llamaCppFamily() || kind == Runtime::Transformers; }
    // The launch option that sets the context, with its trailing space: vLLM "--max-model-len ",
    // SGLang "--context-length ", trtllm-serve "--max_seq_len ", llama.cpp "-c ", Ollama
    // "num_ctx "; "" for MLX and transformers, whose context is the request's.
    std::string contextFlag() const;
    // The launch options of a tensor (and pipeline) parallel split, as each server spells them:
    // vLLM "--tensor-parallel-size 4 --pipeline-parallel-size 2", SGLang "--tp 4 --pp-size 2",
    // trtllm-serve "--tp_size 4 --pp_size 2".
    std::string parallelFlags(std::uint64_t tp, std::uint64_t pp) const;
    // Several GPUs split every layer (their bandwidths add up), rather than holding whole layers
    // in turn.
    bool tensorParallel() const
    {
        return servingEngine() || (llamaCppFamily() && llama_cpp.row_split);
    }
    bool operator==(const RuntimeProfile&) const = default;
};

// "auto", "rocm", "vulkan", in menu order; labels "Auto (ROCm/HIP on Radeon)", "ROCm/HIP",
// "Vulkan".
const std::vector<LlamaCppBackend>& llamaCppBackends();
std::string_view llamaCppBackendId(LlamaCppBackend backend);
std::string_view llamaCppBackendLabel(LlamaCppBackend backend);
// "auto", "rocm" (or "hip"), "vulkan"; throws InputError("", field, "unknown backend 'x' (known:
// auto, rocm, vulkan)").
LlamaCppBackend llamaCppBackendById(std::string_view id, const std::string& field = "backend");
// The runtime streams `gpu`'s memory through llama.cpp's Vulkan backend: a llama.cpp-family
// runtime set to Vulkan, on an AMD Radeon card. Everything else on a Radeon counts as ROCm/HIP.
bool radeonOnVulkan(const RuntimeProfile& runtime, const GpuSpec& gpu);
// vLLM samples with FlashInfer on `gpu` (VllmSettings::flashinfer_sampler): asked for, and an
// NVIDIA GPU from Turing on, which the catalog tells by its INT8 tensor rate (a V100 has none).
bool vllmUsesFlashInferSampler(const VllmSettings& vllm, const GpuSpec& gpu);
// "ROCm/HIP" or "Vulkan" for a llama.cpp-family runtime on an AMD Radeon card (what its speeds
// assume); "" elsewhere, where no figure depends on the backend.
std::string radeonBackendLabel(const RuntimeProfile& runtime, const GpuSpec& gpu);

// The decode efficiency the model applies on `gpu` under `runtime` (its memory class; on a Radeon
// also the llama.cpp backend), and the prefill one (its device class); the setters change that
// one constant (the My hardware view edits them).
double decodeEfficiency(const RuntimeProfile& runtime, const GpuSpec& gpu);
void setDecodeEfficiency(RuntimeProfile& runtime, const GpuSpec& gpu, double value);
double prefillEfficiency(const SpeedConstants& s, const GpuSpec& gpu);
void setPrefillEfficiency(SpeedConstants& s, const GpuSpec& gpu, double value);
// The share a prefill reaches on this device: prefillEfficiency, on a CPU-only machine divided by
// (1 + cores / prefill_cpu_cores).
double prefillShareOn(const SpeedConstants& s, const GpuSpec& gpu);
// A CPU-only machine's prefill share in words, as the CLI and My hardware give it: "67% of its
// FP32 vector peak (1.02 / (1 + 16 cores / 31))", and beyond the 64 cores of the runs it was
// held against, that it is not measured there. Empty on a GPU.
std::string cpuPrefillShareText(const SpeedConstants& s, const GpuSpec& gpu);

// One profile per runtime, in menu order: llama.cpp, Ollama, vLLM, SGLang, TensorRT-LLM, MLX,
// transformers.
const std::vector<RuntimeProfile>& runtimeProfiles();
const RuntimeProfile& runtimeProfile(Runtime kind);
// Throws InputError("", field, "unknown runtime 'x' (known: …)").
const RuntimeProfile& runtimeById(std::string_view id, const std::string& field = "runtime");

// The weight precisions `runs` lists for this profile, in this order, in place of its own:
// llama.cpp and Ollama take any GGUF file type this app knows (q4_0, q4_k_s, q5_k_s …), any
// ggml block type throughout (iq4_xs, iq4_nl) and 16/32-bit floats; another runtime a subset of
// its own. Throws InputError naming `field` for an unknown or
// foreign id, a repeated one, or an empty list.
void choosePrecisions(RuntimeProfile& profile, const std::vector<std::string>& ids,
                      const std::string& field = "precisions");

// A constant of a profile as the Runtime menu, `runs` and docs/memory.md show it.
struct RuntimeConstant {
    std::string name;   // "gpu_memory_utilization"
    std::string value;  // "0.9"
    std::string source; // "vllm/config/cache.py (v0.11.0)"
};
std::vector<RuntimeConstant> runtimeConstants(const RuntimeProfile& profile);

// A checkpoint stored in FP8 that keeps some modules in BF16: its quantization_config's ignore
// list ("modules_to_not_convert", "ignore", "ignored_layers"). vLLM loads it as it is stored.
struct Fp8Checkpoint {
    bool lm_head_bf16 = true;    // llm-compressor and fbgemm recipes leave lm_head alone
    bool attention_bf16 = false; // Meta's Llama 3.1 405B FP8 keeps every attention projection
    std::vector<std::uint64_t> bf16_mlp_layers; // … and the MLP of its first and last layer
    std::string source;                         // where the list was read
    bool operator==(const Fp8Checkpoint&) const = default;
};
// From an ignore list's module names (regular-expression entries "re:..." are read for the
// same words): "lm_head", "model.layers.N.self_attn.*", "model.layers.N.mlp.*".
Fp8Checkpoint fp8CheckpointFromIgnoreList(const std::vector<std::string>& modules,
                                          std::uint64_t layers, std::string source = "");

// Bytes of a model stored as such an FP8 checkpoint: FP8 linear weights (1 byte), BF16 for the
// embedding, norms, router, vision tower and whatever the ignore list keeps.
std::uint64_t fp8CheckpointBytes(const ModelConfig& config, const ParamCount& count,
                                 const Fp8Checkpoint& fp8);

} // namespace llmsizer
