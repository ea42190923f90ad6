// The runtime profiles (runtime.h): each runtime's defaults with the version and the code or
// document they come from, the speed constants fitted to the calibration measurements, and FP8
// checkpoints that keep some modules in BF16.
#include "llmsizer/shape/runtime.h"

#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/text.h"

#include <algorithm>
#include <cctype>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;
constexpr u64 kMiB = u64{1} << 20;

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
    s.prefill_cpu = 0.25;
    return s;
}

SpeedConstants servingSpeed()
{
    SpeedConstants s;
    s.bandwidth_lpddr5x = 0.8;
    s.bandwidth_gddr = 0.9;
    s.bandwidth_hbm = 0.9;
    s.bandwidth_unified = 0.7;
    s.bandwidth_ddr = 0.5;
    s.layer_us = 48;
    s.allreduce_us = 8;
    s.moe_dispatch_us = 59;
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
    llama.speed_source = "llama.cpp CUDA and Metal runs (calibration set, docs/compute.md)";
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
    vllm.speed = servingSpeed();
    vllm.speed_source = "vLLM benchmark_latency and bench serve at batch 1 (calibration set)";
    v.push_back(vllm);

    RuntimeProfile sglang = vllm;
    sglang.kind = Runtime::Sglang;
    sglang.id = "sglang";
    sglang.label = "SGLang";
    sglang.version = "0.4.x–0.5.x";
    sglang.precisions = {"bf16", "fp8", "int4_g128"};
    v.push_back(sglang);

    RuntimeProfile trt = vllm;
    trt.kind = Runtime::TensorRtLlm;
    trt.id = "tensorrt-llm";
    trt.label = "TensorRT-LLM";
    trt.version = "1.0";
    trt.precisions = {"bf16", "fp8", "int4_g128"};
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

std::string ratioText(Ratio r)
{
    return text::general(r.value(), 4);
}

std::string mibText(u64 bytes)
{
    return std::to_string(bytes / kMiB) + " MiB";
}

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// The layer index of "model.layers.12.mlp…" (or "layers.12."), if any.
std::optional<u64> layerOf(const std::string& name)
{
    const std::string key = "layers.";
    const auto at = name.find(key);
    if (at == std::string::npos) {
        return std::nullopt;
    }
    std::size_t i = at + key.size();
    u64 n = 0;
    bool any = false;
    while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i])) != 0) {
        n = n * 10 + static_cast<u64>(name[i] - '0');
        any = true;
        ++i;
        if (n > (u64{1} << 32)) {
            return std::nullopt;
        }
    }
    return any ? std::optional<u64>(n) : std::nullopt;
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

double& decodeSlot(SpeedConstants& s, const GpuSpec& g)
{
    switch (g.memoryClass()) {
    case MemoryClass::Gddr:
        return s.bandwidth_gddr;
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

double decodeEfficiency(const SpeedConstants& s, const GpuSpec& gpu)
{
    SpeedConstants copy = s;
    return decodeSlot(copy, gpu);
}

void setDecodeEfficiency(SpeedConstants& s, const GpuSpec& gpu, double value)
{
    decodeSlot(s, gpu) = value;
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

Ratio sglangMemFractionStatic(const SglangSettings& s, std::uint64_t tp)
{
    if (s.mem_fraction_static.num != 0) {
        return s.mem_fraction_static;
    }
    if (tp >= 16) {
        return {79, 100};
    }
    if (tp >= 8) {
        return {81, 100};
    }
    if (tp >= 4) {
        return {85, 100};
    }
    return tp >= 2 ? Ratio{87, 100} : Ratio{88, 100};
}

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
        c.push_back({"multi-GPU", s.row_split ? "-sm row (tensor split)" : "-sm layer (default)",
                     llamaSrc + " common/arg.cpp --split-mode; layers assigned by free memory"});
        c.push_back({"MoE experts in RAM", "--n-cpu-moe N / -ot exps=CPU",
                     llamaSrc + " common/arg.cpp (--cpu-moe, --n-cpu-moe)"});
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
        c.push_back({"context fallback", "256k → 32k → 4k when the default does not fit",
                     "ollama/ollama server/sched.go nextLowerAutoNumCtx"});
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
                     "profiled at max_num_batched_tokens: tokens × (hidden, q/k/v, MLP "
                     "intermediates) × 2 bytes + max_num_seqs × vocab × 4 bytes of logits",
                     src + "vllm/v1/worker/gpu_model_runner.py profile_run, _dummy_sampler_run"});
        c.push_back({"non-torch memory",
                     mibText(s.non_torch_bytes) + " (" + mibText(s.non_torch_tp_bytes) +
                         " with tensor parallel)",
                     "logged \"non_torch_memory takes 0.08–0.35GiB\" [uncertain beyond one GPU]"});
        c.push_back({"CUDA graphs", mibText(s.cuda_graph_bytes) + ", outside the utilization",
                     "logged \"Graph capturing finished …, took 0.27–1.12 GiB\""});
        c.push_back({"visible memory", ratioText(s.visible_fraction) + " of the nominal",
                     "logged totals: 79.15–79.25 GiB of 80, 47.50 of 48, 139.72 of 141"});
        c.push_back({"max context", "what the KV blocks hold (one sequence)",
                     src + "vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory"});
        c.push_back({"FP8 checkpoints", "modules in quantization_config's ignore list stay BF16",
                     "Meta Llama 3.1 405B FP8: 57.75 GiB per GPU at TP 8 (vLLM issue 6746)"});
        c.push_back({"tight", "under 5 % of the device left", "this tool's warning band"});
        break;
    }
    case Runtime::Sglang:
        c.push_back({"mem_fraction_static", "0.88 (1 GPU), 0.87 (2), 0.85 (4), 0.81 (8), 0.79 (16)",
                     "sgl-project/sglang python/sglang/srt/server_args.py"});
        c.push_back({"chunked_prefill_size", "2048 under 25,000 MB, else 8192",
                     "sgl-project/sglang python/sglang/srt/server_args.py"});
        c.push_back({"KV pool", "mem_fraction_static × memory − weights",
                     "sgl-project/sglang model_runner.py profile_max_num_token"});
        break;
    case Runtime::TensorRtLlm:
        c.push_back({"free_gpu_memory_fraction", ratioText(p.tensorrt_llm.free_gpu_memory_fraction),
                     "NVIDIA/TensorRT-LLM tensorrt_llm/llmapi/llm_args.py KvCacheConfig"});
        c.push_back({"max_num_tokens", std::to_string(p.tensorrt_llm.max_num_tokens),
                     "NVIDIA/TensorRT-LLM BuildConfig / llm_args.py"});
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
    c.push_back(
        {"decode bandwidth efficiency",
         "GDDR " + text::fixed(s.bandwidth_gddr, 2) + ", HBM " + text::fixed(s.bandwidth_hbm, 2) +
             ", LPDDR5 " + text::fixed(s.bandwidth_unified, 2) + ", LPDDR5X " +
             text::fixed(s.bandwidth_lpddr5x, 2) + ", DDR " + text::fixed(s.bandwidth_ddr, 2),
         p.speed_source});
    c.push_back(
        {"fixed cost per layer and step", text::fixed(s.layer_us, 0) + " µs", p.speed_source});
    return c;
}

Fp8Checkpoint fp8CheckpointFromIgnoreList(const std::vector<std::string>& modules,
                                          std::uint64_t layers, std::string source)
{
    Fp8Checkpoint f;
    f.lm_head_bf16 = false;
    f.source = std::move(source);
    for (const std::string& raw : modules) {
        const std::string m = lower(raw);
        if (m.find("lm_head") != std::string::npos) {
            f.lm_head_bf16 = true;
        }
        if (m.find("self_attn") != std::string::npos || m.find(".attn") != std::string::npos ||
            m.find("attention") != std::string::npos) {
            // Meta's list names every layer's q/k/v/o projections; a pattern does it at once.
            f.attention_bf16 = true;
        }
        if (m.find("mlp") != std::string::npos || m.find("feed_forward") != std::string::npos) {
            if (const auto i = layerOf(m); i && *i < layers) {
                if (std::find(f.bf16_mlp_layers.begin(), f.bf16_mlp_layers.end(), *i) ==
                    f.bf16_mlp_layers.end()) {
                    f.bf16_mlp_layers.push_back(*i);
                }
            }
        }
    }
    std::sort(f.bf16_mlp_layers.begin(), f.bf16_mlp_layers.end());
    return f;
}

std::uint64_t fp8CheckpointBytes(const ModelConfig& config, const ParamCount& count,
                                 const Fp8Checkpoint& fp8)
{
    const u64 attention = count.params(Component::Attention);
    const u64 mlp = count.params(Component::Mlp);
    const u64 mixer = count.params(Component::Mixer);
    const u64 head = count.params(Component::LmHead);
    // The MLP of one layer: dense, or its experts and shared experts.
    auto mlpOfLayer = [&](u64 i) {
        if (!config.isMoeLayer(i)) {
            return count.dense_mlp_per_layer;
        }
        const u64 moeLayers = std::max<u64>(config.moeLayers(), 1);
        const u64 shared = count.get(Component::Mlp).part("shared_experts") / moeLayers;
        return checkedAdd(checkedMul(count.expert_params, config.moe.n_routed_experts, "params"),
                          shared, "params");
    };
    u64 keptMlp = 0;
    for (const u64 i : fp8.bf16_mlp_layers) {
        keptMlp = checkedAdd(keptMlp, mlpOfLayer(i), "params");
    }
    keptMlp = std::min(keptMlp, mlp);
    u64 fp8Params = checkedAdd(mlp - keptMlp, mixer, "params");
    if (!fp8.attention_bf16) {
        fp8Params = checkedAdd(fp8Params, attention, "params");
    }
    if (!fp8.lm_head_bf16) {
        fp8Params = checkedAdd(fp8Params, head, "params");
    }
    const u64 bf16Params = count.total - fp8Params;
    return checkedAdd(fp8Params, checkedMul(bf16Params, 2, "weight bytes"), "weight bytes");
}

} // namespace llmsizer
