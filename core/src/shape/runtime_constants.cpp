// Every constant of a runtime profile as the user sees it (runtime.h: runtimeConstants), each with
// the code or document it comes from: the app's Runtime menu, the CLI's `runs` and docs/memory.md.
#include "llmsizer/shape/runtime.h"
#include "llmsizer/shape/runtime_support.h"
#include "llmsizer/text/text.h"

#include <string>
#include <vector>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;
constexpr u64 kMiB = u64{1} << 20;

std::string ratioText(Ratio r)
{
    return text::general(r.value(), 4);
}

std::string mibText(u64 bytes)
{
    return std::to_string(bytes / kMiB) + " MiB";
}

} // namespace

std::vector<RuntimeConstant> runtimeConstants(const RuntimeProfile& p)
{
    std::vector<RuntimeConstant> c;
    const std::string llamaSrc = "ggml-org/llama.cpp b6918";
    auto llamaCpp = [&](const LlamaCppSettings& s) {
        c.push_back({"token embedding", s.embedding_in_host ? "in host RAM" : "on the GPU",
                     llamaSrc + " src/llama-model.cpp: \"there is very little benefit to "
                                "offloading the input layer, so always keep it on the CPU\""});
        c.push_back({"output layer, KV cache, compute buffer", "on the GPUs",
                     llamaSrc + " src/llama-model.cpp: dev_output = the device of the last layer; "
                                "each layer's KV cache on its device"});
        c.push_back({"n_ubatch / n_batch",
                     std::to_string(s.n_ubatch) + " / " + std::to_string(s.n_batch),
                     llamaSrc + " common/common.h"});
        c.push_back({"flash attention", s.flash_attention ? "auto (on)" : "off",
                     llamaSrc + " common/arg.cpp -fa auto"});
        c.push_back({"compute buffer",
                     "ubatch × max(vocab + d_model, d_model + q + k + v (+ n_head · n_ctx without "
                     "FA)) × 4 bytes",
                     "llama.cpp graph (build_attn, output); checked against logged compute "
                     "buffers: Llama 3 8B 258.50 MiB (docs/memory.md)"});
        c.push_back({"device reserve", mibText(s.device_reserve_bytes),
                     "estimate bounded by an RTX 4080 16 GB running Llama 3 8B F16 at 8,192 "
                     "tokens (XiongjieDai/GPU-Benchmarks-on-LLM-Inference) [uncertain]"});
        c.push_back({"KV cache types", "f16, q8_0, q4_0 (--cache-type-k/-v)",
                     llamaSrc + " common/arg.cpp; ggml block sizes"});
        c.push_back({"sliding window",
                     "interleaved architectures only (Gemma 2/3, Llama 4, gpt-oss)",
                     llamaSrc + " src/llama-model.cpp load_hparams; Phi-3: \"Phi SWA is currently "
                                "disabled\" (PR 13676); Mistral 7B v0.1 loads as llama"});
        c.push_back({"SWA cache cells", "min(n_ctx, window × n_seq + n_ubatch), padded to 256",
                     llamaSrc + " src/llama-kv-cache-iswa.cpp"});
        c.push_back({"backend",
                     s.backend == LlamaCppBackend::Auto
                         ? "auto (ROCm/HIP on AMD Radeon)"
                         : std::string(llamaCppBackendLabel(s.backend)),
                     llamaSrc + " docs/build.md (GGML_HIP, GGML_VULKAN); Ollama runs AMD Radeon "
                                "cards \"via the ROCm library\" (ollama/ollama docs/gpu.mdx)"});
        c.push_back({"multi-GPU", s.row_split ? "-sm row (tensor split)" : "-sm layer (default)",
                     llamaSrc + " common/arg.cpp --split-mode; layers assigned by free memory"});
        if (p.kind == Runtime::Ollama) {
            c.push_back({"MoE experts in RAM",
                         "by llama.cpp's fit, which Ollama leaves on: the experts of the first "
                         "layers, then whole layers (num_gpu unset)",
                         "ollama/ollama v0.33.0 llm/llama_server.go (no -ngl unless num_gpu is "
                         "set); llama.cpp src/llama.cpp llama_params_fit_impl"});
        } else {
            c.push_back({"MoE experts in RAM", "--n-cpu-moe N / -ot exps=CPU",
                         llamaSrc + " common/arg.cpp (--cpu-moe, --n-cpu-moe)"});
        }
        c.push_back({"gpt-oss GGUF", "experts stay MXFP4 in every quant",
                     "GGUF files of gpt-oss-120b: 63.4 GB at Q8_0 as at MXFP4 (AlexsJones/llmfit "
                     "PR 1059); llama.cpp issue 15117"});
    };
    switch (p.kind) {
    case Runtime::LlamaCpp:
        llamaCpp(p.llama_cpp);
        break;
    case Runtime::Ollama: {
        const OllamaSettings& o = p.ollama;
        c.push_back({"default context",
                     "4k below 24 GiB of VRAM, 32k to 48 GiB, 256k above (at most the model's)",
                     "ollama/ollama v0.33.0 server/routes.go; docs/context-length.mdx"});
        c.push_back({"context fallback",
                     "the default is passed as -c, so llama.cpp's fit offloads experts or "
                     "layers instead of shortening it; a load that runs out of memory (RAM "
                     "cannot hold the rest) is retried once a step lower (to 32k, or to 4k)",
                     "ollama/ollama v0.33.0 llm/llama_server.go; server/sched.go "
                     "reduceAutoNumCtxForLoadOOM, nextLowerAutoNumCtx"});
        c.push_back({"LLAMA_ARG_FIT_TARGET", mibText(o.fit_margin_bytes) + " free per GPU",
                     "ollama/ollama envconfig/config.go (LLAMA_ARG_FIT, default on); llama.cpp "
                     "common/arg.cpp --fit-target"});
        c.push_back({"OLLAMA_NUM_PARALLEL", std::to_string(o.num_parallel),
                     "ollama/ollama envconfig/config.go; docs/faq.mdx (\"Required RAM will scale "
                     "by OLLAMA_NUM_PARALLEL * OLLAMA_CONTEXT_LENGTH\")"});
        c.push_back(
            {"OLLAMA_FLASH_ATTENTION", "auto (on where supported)", "ollama/ollama docs/faq.mdx"});
        c.push_back({"OLLAMA_KV_CACHE_TYPE", "f16 (q8_0, q4_0 with flash attention)",
                     "ollama/ollama docs/faq.mdx"});
        c.push_back({"OLLAMA_GPU_OVERHEAD", mibText(o.gpu_overhead_bytes),
                     "ollama/ollama envconfig/config.go"});
        llamaCpp(p.llama_cpp);
        break;
    }
    case Runtime::Vllm: {
        const VllmSettings& s = p.vllm;
        const std::string src = "vllm-project/vllm v0.11.0 ";
        c.push_back({"gpu_memory_utilization", ratioText(s.gpu_memory_utilization),
                     src + "vllm/config/cache.py"});
        c.push_back(
            {"block_size", std::to_string(s.block_size) + " tokens", src + "vllm/config/cache.py"});
        c.push_back({"max_num_batched_tokens / max_num_seqs",
                     s.max_num_batched_tokens == 0
                         ? "8192 / 1024 on ≥ 70 GiB devices (not A100), else 2048 / 256"
                         : std::to_string(s.max_num_batched_tokens) + " / " +
                               std::to_string(s.max_num_seqs),
                     src + "vllm/engine/arg_utils.py get_batch_defaults (vllm serve)"});
        c.push_back({"activation peak",
                     "the larger of the forward pass at max_num_batched_tokens (tokens × "
                     "(hidden, q/k/v, MLP intermediates) × 2 bytes) and the sampler over "
                     "max_num_seqs × vocab logits, " +
                         (s.flashinfer_sampler
                              ? std::to_string(s.flashinfer_bytes_per_logit) +
                                    " bytes each with FlashInfer's sampler (logits, FP32 copy, "
                                    "masked copy, softmax) on NVIDIA GPUs from Turing on, else " +
                                    std::to_string(s.sampler_bytes_per_logit) + " (the sort)"
                              : std::to_string(s.sampler_bytes_per_logit) +
                                    " bytes each (logits, FP32 copy, sort values, indices and "
                                    "buffers)"),
                     src + "vllm/v1/worker/gpu_model_runner.py profile_run, _dummy_sampler_run; "
                           "v1/sample/ops/topk_topp_sampler.py; gpt-oss-120b on one H100 left "
                           "7.44 GiB beside its weights (issue 23278), this 7.54"});
        c.push_back({"sampler",
                     s.flashinfer_sampler
                         ? "FlashInfer's top-k/top-p (no sort), as vLLM since April 2026"
                         : "PyTorch's top-k/top-p sort, as vLLM 0.11 (FlashInfer's: --sampler "
                           "flashinfer)",
                     "VLLM_USE_FLASHINFER_SAMPLER: off by default in PR 26859 (October 2025), on "
                     "again in PR 40376 (April 2026); flashinfer.sampling "
                     "top_k_top_p_sampling_from_logits"});
        c.push_back({"non-torch memory",
                     mibText(s.non_torch_bytes) + " (" + mibText(s.non_torch_tp_bytes) +
                         " with tensor parallel)",
                     "logged \"non_torch_memory takes 0.08–0.35GiB\" [uncertain beyond one GPU]"});
        c.push_back({"CUDA graphs", mibText(s.cuda_graph_bytes) + ", outside the utilization",
                     "logged \"Graph capturing finished …, took 0.27–1.12 GiB\""});
        c.push_back({"visible memory", ratioText(s.visible_fraction) + " of the nominal",
                     "logged totals: 79.15–79.25 GiB of 80, 47.50 of 48, 139.72 of 141"});
        c.push_back({"Llama 4's chunked attention", "every layer holds the whole context",
                     "VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE=0 by default (PR 21761: "
                     "the hybrid KV cache with chunked layers \"causes a latency regression\")"});
        c.push_back({"max context", "what the KV blocks hold (one sequence)",
                     src + "vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory"});
        c.push_back({"FP8 checkpoints", "modules in quantization_config's ignore list stay BF16",
                     "Meta Llama 3.1 405B FP8: 57.75 GiB per GPU at TP 8 (vLLM issue 6746)"});
        c.push_back({"MXFP4 experts (NVIDIA)",
                     "padded for the MoE kernel: intermediate size to a multiple of 128 (B200, "
                     "GB200: 256), hidden size to 256",
                     src + "vllm/model_executor/layers/quantization/mxfp4.py create_weights; "
                           "gpt-oss-120b on one H100: 65.97 GiB loaded (vLLM issue 23278)"});
        c.push_back({"tight", "under 5 % of the device left", "this tool's warning band"});
        break;
    }
    case Runtime::Sglang:
        c.push_back({"mem_fraction_static",
                     "(memory − reserve) ÷ memory, to 3 decimals; reserve = 512 MiB + 1.5 MiB × "
                     "max(chunked_prefill_size, 2048) + 1 GiB × TP × PP ÷ 8 + 2 MiB × "
                     "cuda_graph_max_bs + 8 MiB a prefill graph size (MLA models: 1.5 GiB), at "
                     "least 10 GiB on GPUs above 60 GiB (H100 alone: 0.830; 8 × H100: 0.813); on "
                     "ROCm no prefill graphs, and × 0.85 above 8,192 tokens (aiter)",
                     "sgl-project/sglang python/sglang/srt/server_args.py "
                     "_handle_gpu_memory_settings, reserve_for_graph_mb, v0.5.18 (v0.4.0–v0.4.7: "
                     "0.88 alone … 0.79 at 16 GPUs)"});
        c.push_back({"chunked_prefill_size, cuda_graph_max_bs",
                     "under 20 GiB 2048, 8; under 35 GiB 2048, 24 (80 from TP 4); under 60 GiB "
                     "4096, 32 (160); under 160 GiB 8192, 256 (512); else 16384, 512",
                     "sgl-project/sglang python/sglang/srt/server_args.py "
                     "_handle_gpu_memory_settings, v0.5.18"});
        c.push_back({"in use before the weights load",
                     mibText(p.sglang.setup_bytes) + " + " +
                         mibText(p.sglang.setup_per_doubling_bytes) +
                         " per doubling of TP × PP (CUDA context, NCCL, custom all-reduce)",
                     "fitted on logged \"Load weight end. avail mem + mem usage\" at TP 1–8 "
                     "(docs/memory.md, SGLang's pool held against logs)"});
        c.push_back({"KV pool", "mem_fraction_static × (memory − that) − weights",
                     "sgl-project/sglang mem_cache/kv_cache_configurator.py "
                     "_profile_available_bytes, v0.5.18"});
        c.push_back({"request-to-token table",
                     "(max_num_reqs + 1) × (context + 4) int32 beside the share; max_num_reqs = "
                     "pool tokens ÷ context × 512, within 2,048–4,096",
                     "sgl-project/sglang mem_cache/kv_cache_configurator.py resolve_max_num_reqs, "
                     "v0.5.18"});
        c.push_back({"Llama 4's chunked attention", "every layer holds the whole context",
                     "the hybrid KV cache is opt-in (docs basic_usage/llama4: Scout up to 1M "
                     "tokens on 8 × H100, 5M with it)"});
        break;
    case Runtime::TensorRtLlm:
        c.push_back({"free_gpu_memory_fraction", ratioText(p.tensorrt_llm.free_gpu_memory_fraction),
                     "NVIDIA/TensorRT-LLM tensorrt_llm/llmapi/llm_args.py KvCacheConfig"});
        c.push_back({"max_num_tokens", std::to_string(p.tensorrt_llm.max_num_tokens),
                     "NVIDIA/TensorRT-LLM BuildConfig / llm_args.py"});
        c.push_back({"Llama 4's chunked attention", "every layer holds the whole context",
                     "KvCacheConfig.max_attention_window: None, every layer the whole sequence"});
        break;
    case Runtime::Mlx:
        c.push_back({"wired limit",
                     "Metal's recommendedMaxWorkingSetSize (2/3 of RAM to 32 GB, "
                     "3/4 above)",
                     "ml-explore/mlx-lm 0.32.0 mlx_lm/generate.py wired_limit; 11453.25 MB on a "
                     "16 GB Mac in ggml_metal_init logs"});
        c.push_back({"slow warning", "model above 90 % of the wired limit",
                     "ml-explore/mlx-lm mlx_lm/generate.py"});
        c.push_back({"prefill_step_size", std::to_string(p.mlx.prefill_step_size),
                     "ml-explore/mlx-lm mlx_lm/generate.py"});
        c.push_back({"quantization", "group 64, FP16 scale and bias (4.5 / 8.5 bpw)",
                     "ml-explore/mlx mlx.core.quantize"});
        c.push_back({"sliding window", "rotating cache for Gemma 2/3-style layers only",
                     "ml-explore/mlx-lm mlx_lm/models (RotatingKVCache)"});
        break;
    case Runtime::Transformers:
        c.push_back({"CUDA context", mibText(p.transformers.cuda_context_bytes),
                     "discuss.pytorch.org/t/73021 (723 MiB for a one-element tensor)"});
        break;
    }
    const SpeedConstants& s = p.speed;
    c.push_back({"decode bandwidth efficiency",
                 "GDDR " + text::fixed(s.bandwidth_gddr, 2) + ", GDDR on AMD Radeon " +
                     text::fixed(s.bandwidth_gddr_amd, 2) + " (ROCm/HIP) / " +
                     text::fixed(s.bandwidth_gddr_amd_vulkan, 2) + " (Vulkan), HBM " +
                     text::fixed(s.bandwidth_hbm, 2) + ", LPDDR5 " +
                     text::fixed(s.bandwidth_unified, 2) + ", LPDDR5X " +
                     text::fixed(s.bandwidth_lpddr5x, 2) + ", DDR " +
                     text::fixed(s.bandwidth_ddr, 2),
                 p.speed_source});
    if (p.llamaCppFamily()) {
        c.push_back({"Vulkan routed-expert reads",
                     text::fixed(s.vulkan_expert_efficiency, 2) +
                         " of the Vulkan figure (a MoE's routed experts on AMD Radeon)",
                     "fitted to the RX 7900 XT's Vulkan MoE runs (calibration set, "
                     "docs/compute.md); MUL_MAT_ID's matrix-vector shaders (ggml-org/llama.cpp "
                     "PR 7628)"});
    }
    c.push_back(
        {"fixed cost per layer and step", text::fixed(s.layer_us, 1) + " µs", p.speed_source});
    if (s.prefill_cpu_cores > 0) {
        c.push_back({"CPU-only prefill",
                     text::fixed(s.prefill_cpu, 2) + " of the FP32 vector peak ÷ (1 + cores / " +
                         text::fixed(s.prefill_cpu_cores, 0) + ")",
                     "fitted to llama-bench pp512 on CPUs of 4, 16 and 32 cores (calibration "
                     "set, docs/compute.md \"CPU-only machines\")"});
    }
    if (!s.cpu_kernel_rate.empty()) {
        std::string rates;
        for (const auto& [type, rate] : s.cpu_kernel_rate) {
            rates += (rates.empty() ? "" : ", ") + type + " " + text::fixed(rate, 2);
        }
        c.push_back({"CPU-only prefill by weight type",
                     rates + " of the tiled kernels' rate (Q4_0, Q4_K, Q8_0, 16-bit: 1)",
                     "llama-bench pp512 by type on one CPU, mainline build 3441 "
                     "(ikawrakow/ik_llama.cpp README, July 2024); the types without a tiled x86 "
                     "kernel in ggml-cpu's repack.cpp and llamafile's sgemm.cpp"});
    }
    if (p.servingEngine()) {
        c.push_back({"all-reduce (tensor parallel)", text::fixed(s.allreduce_us, 0) + " µs",
                     "held at vLLM's custom all-reduce latency"});
        c.push_back({"routed expert a token visits", text::fixed(s.expert_visit_us, 2) + " µs",
                     p.speed_source + "; batch-1 MoE runs of SGLang and vLLM"});
        c.push_back({"latent-attention layer (DeepSeek)", text::fixed(s.latent_layer_us, 0) + " µs",
                     p.speed_source + "; one DeepSeek-V3 run (SGLang), held out on another"});
        c.push_back({"AMD Instinct fixed costs",
                     "× " + text::fixed(s.instinct_fixed_factor, 2) + " of an NVIDIA GPU's",
                     p.speed_source + "; MI300X runs of SGLang"});
    }
    // Which architectures it runs (runtime_support.h): those of this app's model types it does
    // not, read from its code.
    if (const std::optional<ArchTableSource> a = archTableSource(p.kind)) {
        std::string missing;
        for (const std::string& t : a->missing) {
            missing += (missing.empty() ? "" : ", ") + t;
        }
        std::string unknown;
        for (const std::string& t : a->unknown) {
            unknown += (unknown.empty() ? "" : ", ") + t;
        }
        c.push_back({"architectures not run",
                     (missing.empty() ? std::string("none of this app's model types") : missing) +
                         (unknown.empty() ? std::string() : "; not known: " + unknown) +
                         "; newer ones need a version after " + a->version +
                         " (each row says which)",
                     a->checked});
    }
    return c;
}

} // namespace llmsizer
