// The step-time model (docs/compute.md, "Speed model"): a decode step streams its bytes at a
// memory class's share of peak bandwidth and pays a fixed cost per layer, per all-reduce under
// tensor parallelism, per MoE layer whose experts span GPUs and per GPU boundary of a layer
// split; a prefill adds its FLOPs at a device class's share of peak.
#include "llmsizer/compute/compute.h"
#include "llmsizer/model/count.h"
#include "llmsizer/shape/runs.h"
#include "runs_internal.h"

#include <algorithm>
#include <cmath>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

double bandwidth(const GpuSpec& g)
{
    return g.bandwidthBytesPerSecond();
}

// Adds `bytes` streamed from the GPU's memory to the term of its class (a Radeon's: of the
// llama.cpp backend that streams it). `expertBytes` of them, a decode step's routed experts, have
// a term of their own under Vulkan (SpeedConstants::vulkan_expert_efficiency); elsewhere they
// stream like the rest.
void addBytes(StepTerms& t, const GpuSpec& g, const RuntimeProfile& rt, double bytes,
              double expertBytes = 0)
{
    const double s = bytes / bandwidth(g);
    switch (g.memoryClass()) {
    case MemoryClass::Gddr:
        t.gddr_s += s;
        break;
    case MemoryClass::GddrAmd:
        if (radeonOnVulkan(rt, g)) {
            const double experts = std::clamp(expertBytes, 0.0, bytes);
            t.gddr_amd_vulkan_s += (bytes - experts) / bandwidth(g);
            t.gddr_amd_vulkan_expert_s += experts / bandwidth(g);
        } else {
            t.gddr_amd_s += s;
        }
        break;
    case MemoryClass::Hbm:
        t.hbm_s += s;
        break;
    case MemoryClass::Unified:
        t.unified_s += s;
        break;
    case MemoryClass::Lpddr5x:
        t.lpddr5x_s += s;
        break;
    case MemoryClass::Ddr:
        t.ddr_s += s;
        break;
    }
}

std::string prefillClass(const GpuSpec& g)
{
    if (g.cpuOnly()) {
        return "cpu";
    }
    if (g.memoryClass() == MemoryClass::Unified || g.memoryClass() == MemoryClass::Lpddr5x) {
        return "unified";
    }
    if (g.category == "datacenter") {
        return "datacenter";
    }
    return g.category == "workstation" ? "pro" : "consumer";
}

// The peak FLOP/s prefill matrix products run at: llama.cpp's FP16 kernels accumulate in FP16
// (GeForce's fast rate); serving engines in BF16 with FP32 accumulation, FP8 weights on FP8
// tensor cores where the device has them.
double prefillPeak(const GpuSpec& g, const RuntimeProfile& rt, const Precision& p)
{
    if (rt.servingEngine() && p.id == "fp8" && g.fp8_tflops) {
        return *g.fp8_tflops * 1e12;
    }
    return rt.llamaCppFamily() ? g.peakFp16Acc16Flops() : g.peakFlops();
}

double prefillEfficiency(const SpeedConstants& s, const StepTerms& t)
{
    const std::string& cls = t.prefill_class;
    if (cls == "cpu") {
        return s.prefill_cpu_cores > 0 ? s.prefill_cpu / (1.0 + t.cpu_cores / s.prefill_cpu_cores)
                                       : s.prefill_cpu;
    }
    if (cls == "unified") {
        return s.prefill_unified;
    }
    if (cls == "datacenter") {
        return s.prefill_datacenter;
    }
    return cls == "pro" ? s.prefill_pro : s.prefill_consumer;
}

bool blockQuantized(const Precision& p)
{
    switch (p.kind) {
    case PrecisionKind::GgufFile:
    case PrecisionKind::GgmlBlock:
    case PrecisionKind::GroupQuant:
    case PrecisionKind::Nf4:
    case PrecisionKind::ExpertBlocks:
        return true;
    case PrecisionKind::Integer:
        return p.id.rfind("mlx_", 0) == 0 || p.id == "int4";
    case PrecisionKind::Float:
        break;
    }
    return false;
}

// A CPU's prefill in a GGUF file: the matrix FLOPs of each weight type at its kernel's rate
// (SpeedConstants::cpu_kernel_rate), by the file's tensor mix. Every prompt token goes through
// the layers' matrices, and through experts_per_token of a MoE's routed experts; not through the
// token embedding (a lookup) nor the output matrix, which a prompt pass applies to its last
// token only (llama.cpp's llama_batch_allocr::init: "return the output only for the last
// token").
double cpuKernelSlowdown(const ModelConfig& c, const WeightMemory& w, const SpeedConstants& s,
                         std::vector<std::string>& slowTypes)
{
    if (s.cpu_kernel_rate.empty()) {
        return 1.0;
    }
    if (w.tensors.empty()) {
        // A 16-bit file: every matrix in the one type.
        const std::string type = w.precision_id == "bf16" ? "BF16" : "";
        const auto rate = s.cpu_kernel_rate.find(type);
        if (rate == s.cpu_kernel_rate.end() || rate->second <= 0 || rate->second >= 1) {
            return 1.0;
        }
        slowTypes.push_back(type);
        return 1.0 / rate->second;
    }
    const double expertShare = c.isMoe() && c.moe.n_routed_experts > 0
                                   ? static_cast<double>(c.moe.experts_per_token) /
                                         static_cast<double>(c.moe.n_routed_experts)
                                   : 1.0;
    double flops = 0;
    double time = 0;
    for (const TensorAssignment& t : w.tensors) {
        if (t.name == "token_embd.weight" || t.name == "per_layer_token_embd.weight" ||
            t.name == "output.weight") {
            continue;
        }
        const double f = static_cast<double>(t.params) * (t.expert ? expertShare : 1.0);
        const auto rate = s.cpu_kernel_rate.find(t.type);
        const bool slow = rate != s.cpu_kernel_rate.end() && rate->second > 0 && rate->second < 1;
        flops += f;
        time += slow ? f / rate->second : f;
        if (slow && std::find(slowTypes.begin(), slowTypes.end(), t.type) == slowTypes.end()) {
            slowTypes.push_back(t.type);
        }
    }
    return flops > 0 ? time / flops : 1.0;
}

// The weights as the row places them: a gpt-oss GGUF keeps its experts in MXFP4.
WeightMemory runWeights(const RunModel& m, const Precision& p)
{
    WeightParams wp;
    wp.gguf.keep_experts_mxfp4 = keepsExpertsMxfp4(m, p);
    return weightMemory(m.config, m.count, p, wp);
}

bool tensorSplit(const RuntimeProfile& rt, const Placement& pl)
{
    return pl.split.tensor_parallel > 1 && (rt.servingEngine() || rt.llama_cpp.row_split);
}

} // namespace

double stepSeconds(const StepTerms& t, const SpeedConstants& s, bool prefill)
{
    const double quantized = 1.0 + t.quantized_share * (1.0 / s.quantized_efficiency - 1.0);
    const double memory =
        (t.gddr_s / s.bandwidth_gddr + t.gddr_amd_s / s.bandwidth_gddr_amd +
         t.gddr_amd_vulkan_s / s.bandwidth_gddr_amd_vulkan +
         t.gddr_amd_vulkan_expert_s / (s.bandwidth_gddr_amd_vulkan * s.vulkan_expert_efficiency) +
         t.hbm_s / s.bandwidth_hbm + t.unified_s / s.bandwidth_unified +
         t.lpddr5x_s / s.bandwidth_lpddr5x + t.ddr_s / s.bandwidth_ddr) *
        quantized;
    const double fixed =
        (t.layers * s.layer_us + t.allreduces * s.allreduce_us +
         t.moe_dispatches * s.moe_dispatch_us + t.hops * s.hop_us +
         t.expert_visits * s.expert_visit_us + t.latent_layers * s.latent_layer_us) *
        (t.instinct > 0 ? s.instinct_fixed_factor : 1.0) * 1e-6;
    const double compute =
        t.compute_s > 0 ? t.compute_s * t.kernel_slowdown / prefillEfficiency(s, t) : 0.0;
    (void)prefill;
    return std::max(memory, compute) + fixed;
}

StepTerms decodeTerms(const RunModel& m, const Precision& p, const RunQuery& q, const Placement& pl,
                      std::uint64_t context)
{
    const ModelConfig& c = m.config;
    const GpuSpec& g = q.hardware.gpu;
    StepTerms t;
    t.prefill_class = prefillClass(g);
    t.cpu_cores = g.cpuOnly() ? g.cpuCores() : 0.0;
    const u64 tp = tensorSplit(q.runtime, pl) ? pl.split.tensor_parallel : 1;
    double gpuBytes = static_cast<double>(pl.gpu_read_bytes);
    double expertBytes = static_cast<double>(pl.gpu_expert_read_bytes); // routed, visited
    // A batch reads every expert any of its tokens visits: E·(1 − (1 − k/E)^B) per MoE layer
    // under independent, uniform routing (an assumption; real routers are skewed); one token k.
    const u64 batch = std::max<u64>(q.batch, 1);
    const double E = static_cast<double>(c.moe.n_routed_experts);
    const double k = static_cast<double>(c.moe.experts_per_token);
    const double visited = c.isMoe() && batch > 1 && E > k
                               ? E * (1.0 - std::pow(1.0 - k / E, static_cast<double>(batch)))
                               : k;
    if (c.isMoe() && batch > 1 && E > k) {
        const WeightMemory w = runWeights(m, p);
        const double perExpert = static_cast<double>(w.bytes - w.active_bytes) / (E - k);
        const double more = perExpert * std::max(0.0, visited - k);
        gpuBytes += more;
        expertBytes += more;
    }
    if (blockQuantized(p)) {
        const double kv = static_cast<double>(
            kvCache(runtimeConfig(c, q.runtime), context, batch, q.kv, 1).bytes);
        const double all = gpuBytes + static_cast<double>(pl.host_read_bytes);
        t.quantized_share = all > 0 ? std::clamp((all - kv) / all, 0.0, 1.0) : 0.0;
    }
    addBytes(t, g, q.runtime, gpuBytes / static_cast<double>(tp),
             expertBytes / static_cast<double>(tp));
    if (pl.host_read_bytes > 0) {
        const bool pool =
            g.memoryClass() == MemoryClass::Unified || g.memoryClass() == MemoryClass::Lpddr5x;
        // The CPU reads what it holds of a unified pool; a Max or Ultra chip's CPU clusters
        // reach only part of the pool's bandwidth (SpeedConstants::apple_cpu_share).
        const double cpuShare = pool && g.vendor == "Apple" && g.bandwidth_gb_s >= 300
                                    ? q.runtime.speed.apple_cpu_share
                                    : 1.0;
        const double ramBw = pool ? bandwidth(g) * cpuShare : q.hardware.ram_bandwidth_gb_s * 1e9;
        t.ddr_s += static_cast<double>(pl.host_read_bytes) / ramBw;
    }
    t.layers = static_cast<double>(c.n_layers);
    if (c.isMoe()) {
        t.expert_visits = static_cast<double>(c.moeLayers()) * visited; // as for the bytes above
    }
    if (c.attention == AttentionKind::Latent) {
        t.latent_layers = static_cast<double>(c.n_layers);
    }
    t.instinct = g.vendor == "AMD" && g.memoryClass() == MemoryClass::Hbm ? 1.0 : 0.0;
    if (tp > 1) {
        t.allreduces = 2.0 * static_cast<double>(c.n_layers);
        if (c.isMoe()) {
            // Each routed expert a token visits is a GEMM of its own on each GPU, dispatched
            // and combined across the group (grouped GEMMs at tiny batch).
            t.moe_dispatches =
                static_cast<double>(c.moeLayers()) * static_cast<double>(c.moe.experts_per_token);
        }
    }
    const u64 stages = tensorSplit(q.runtime, pl) ? pl.split.pipeline_parallel : pl.gpus;
    t.hops = stages > 1 ? static_cast<double>(stages - 1) : 0.0;
    // The step reads its bytes or does its FLOPs, whichever takes longer (roofline): at batch 1 a
    // GPU is far from its FLOP/s, but a CPU of two cores is not (Llama 3 8B decoded faster than it
    // prefilled).
    const double flops =
        static_cast<double>(batch) * decodeFlopsPerToken(c, m.count, context).total();
    const double peak = prefillPeak(g, q.runtime, p) * static_cast<double>(tp);
    t.compute_s = peak > 0 ? flops / peak : 0.0;
    return t;
}

StepTerms prefillTerms(const RunModel& m, const Precision& p, const RunQuery& q,
                       const Placement& pl, std::uint64_t prompt)
{
    const ModelConfig& c = m.config;
    const GpuSpec& g = q.hardware.gpu;
    StepTerms t;
    t.prefill_class = prefillClass(g);
    t.cpu_cores = g.cpuOnly() ? g.cpuCores() : 0.0;
    const u64 tp = tensorSplit(q.runtime, pl) ? pl.split.tensor_parallel : 1;
    const RuntimeProfile& rt = q.runtime;
    const u64 chunk = rt.llamaCppFamily() || rt.kind == Runtime::Transformers
                          ? rt.llama_cpp.n_ubatch
                          : (rt.kind == Runtime::Mlx ? rt.mlx.prefill_step_size : 8192);
    const double chunks = std::ceil(static_cast<double>(prompt) / static_cast<double>(chunk));
    const double flops =
        static_cast<double>(prompt) * sequenceFlopsPerToken(c, m.count, prompt).total();
    const double peak = prefillPeak(g, rt, p) * static_cast<double>(tp);
    t.compute_s = peak > 0 ? flops / peak : 0.0;
    // Each chunk streams the weights once (a long prompt visits every expert); its expert
    // matrices go through the tiled matrix-matrix kernels, whose reads are not a decode's, so
    // they stay in the class's one term.
    const WeightMemory w = runWeights(m, p);
    if (g.cpuOnly() && rt.llamaCppFamily()) {
        t.kernel_slowdown = cpuKernelSlowdown(c, w, rt.speed, t.slow_kernel_types);
    }
    addBytes(t, g, rt, chunks * static_cast<double>(w.bytes) / static_cast<double>(tp));
    t.layers = chunks * static_cast<double>(c.n_layers);
    if (tp > 1) {
        t.allreduces = chunks * 2.0 * static_cast<double>(c.n_layers);
    }
    const u64 stages = tensorSplit(rt, pl) ? pl.split.pipeline_parallel : pl.gpus;
    t.hops = stages > 1 ? chunks * static_cast<double>(stages - 1) : 0.0;
    return t;
}

} // namespace llmsizer
