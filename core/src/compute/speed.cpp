// Roofline estimates of decode and prefill speed (formulas.md §5; hahnyuan/LLM-Viewer
// roofline_model.py: a kernel is memory-bound when its arithmetic intensity is below
// peak / bandwidth, and its time is the larger of bytes / bandwidth and FLOPs / peak).
#include "llmsizer/compute/speed.h"

#include "llmsizer/compute/compute.h"
#include "llmsizer/model/count.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace llmsizer {

namespace {

void checkEfficiency(double e, const char* what)
{
    if (!(e > 0.0 && e <= 1.0)) {
        throw std::invalid_argument(std::string(what) + " must be greater than 0 and at most 1");
    }
}

void checkAssumptions(const RooflineAssumptions& a)
{
    checkEfficiency(a.bandwidth_efficiency, "the bandwidth efficiency");
    checkEfficiency(a.compute_efficiency, "the compute efficiency");
}

InferenceParams singleDevice(InferenceParams p)
{
    p.tensor_parallel = 1; // whole-model bytes; the devices' bandwidths are added instead
    return p;
}

} // namespace

DecodeEstimate decodeRoofline(std::uint64_t weight_bytes, std::uint64_t kv_bytes,
                              double flops_per_step, std::uint64_t batch, double bandwidth,
                              double peak_flops, const RooflineAssumptions& a)
{
    checkAssumptions(a);
    if (!(bandwidth > 0.0) || batch == 0) {
        throw std::invalid_argument("the bandwidth and the batch must be positive");
    }
    DecodeEstimate d;
    d.weight_bytes = weight_bytes;
    d.kv_bytes = kv_bytes;
    d.bytes_per_step = weight_bytes + kv_bytes;
    d.flops_per_step = flops_per_step;
    const double bytes = static_cast<double>(d.bytes_per_step);
    const double b = static_cast<double>(batch);
    d.memory_seconds = bytes / (bandwidth * a.bandwidth_efficiency);
    d.compute_known = peak_flops > 0.0;
    d.compute_seconds = d.compute_known ? flops_per_step / (peak_flops * a.compute_efficiency) : 0;
    d.memory_bound = d.memory_seconds >= d.compute_seconds;
    d.step_seconds = std::max(d.memory_seconds, d.compute_seconds);
    d.tokens_per_second = d.step_seconds > 0 ? b / d.step_seconds : 0.0;
    // formulas.md §5: tokens/s = B / max(bytes/BW, FLOPs/peak); at B = 1, tok/s ≤ BW / bytes.
    const double upper =
        std::max(bytes / bandwidth, d.compute_known ? flops_per_step / peak_flops : 0.0);
    d.upper_bound_tokens_per_second = upper > 0 ? b / upper : 0.0;
    return d;
}

DecodeEstimate decodeEstimate(const ModelConfig& config, const InferenceParams& params,
                              const GpuSpec& gpu, std::uint64_t gpus, const RooflineAssumptions& a)
{
    return decodeEstimate(config, countParameters(config), params, gpu, gpus, a);
}

DecodeEstimate decodeEstimate(const ModelConfig& config, const ParamCount& count,
                              const InferenceParams& params, const GpuSpec& gpu, std::uint64_t gpus,
                              const RooflineAssumptions& a)
{
    const std::uint64_t n = std::max<std::uint64_t>(gpus, 1);
    const InferenceMemory m = inferenceMemory(config, count, singleDevice(params));
    // Per step: the weights a token visits (MoE: active experts only) and every sequence's KV.
    // The token embedding is a lookup of one row per token, not a matrix read, unless the head
    // is tied to it; Gemma 3n's per-layer table is a lookup either way.
    const double flops = static_cast<double>(params.batch) *
                         decodeFlopsPerToken(config, count, params.context).total();
    std::uint64_t streamed = m.weights.active_bytes - m.weights.lookupBytes(config.tied_head);
    // A batch reads every expert any of its tokens visits: with k of E experts per token and
    // independent, uniform routing (an assumption), E·(1 − (1 − k/E)^B) distinct experts per MoE
    // layer (Mixtral at B = 8: 7.2 of 8, where one token reads 2).
    const std::uint64_t E = config.moe.n_routed_experts;
    const std::uint64_t k = config.moe.experts_per_token;
    if (config.isMoe() && params.batch > 1 && E > k && m.weights.bytes > m.weights.active_bytes) {
        const double perExpert = static_cast<double>(m.weights.bytes - m.weights.active_bytes) /
                                 static_cast<double>(E - k);
        const double ratio = static_cast<double>(k) / static_cast<double>(E);
        const double visited = static_cast<double>(E) *
                               (1.0 - std::pow(1.0 - ratio, static_cast<double>(params.batch)));
        streamed += static_cast<std::uint64_t>(
            std::llround(perExpert * std::max(0.0, visited - static_cast<double>(k))));
    }
    return decodeRoofline(streamed, m.kv.bytes, flops, params.batch,
                          gpu.bandwidthBytesPerSecond() * static_cast<double>(n),
                          gpu.peakFlops() * static_cast<double>(n), a);
}

PrefillEstimate prefillEstimate(const ModelConfig& config, const InferenceParams& params,
                                std::uint64_t prompt_tokens, const GpuSpec& gpu, std::uint64_t gpus,
                                const RooflineAssumptions& a)
{
    return prefillEstimate(config, countParameters(config), params, prompt_tokens, gpu, gpus, a);
}

PrefillEstimate prefillEstimate(const ModelConfig& config, const ParamCount& count,
                                const InferenceParams& params, std::uint64_t prompt_tokens,
                                const GpuSpec& gpu, std::uint64_t gpus,
                                const RooflineAssumptions& a)
{
    checkAssumptions(a);
    if (prompt_tokens == 0) {
        throw std::invalid_argument("the prompt must have at least one token");
    }
    const double n = static_cast<double>(std::max<std::uint64_t>(gpus, 1));
    InferenceParams p = singleDevice(params);
    p.context = prompt_tokens;
    p.batch = 1;
    const InferenceMemory m = inferenceMemory(config, count, p);
    PrefillEstimate e;
    // formulas.md §5: FLOPs ≈ 2N·P + causal attention; the weights are read once (a long prompt
    // visits every expert) and the prompt's KV cache is written.
    const double tokens = static_cast<double>(prompt_tokens);
    e.flops = tokens * sequenceFlopsPerToken(config, count, prompt_tokens).total();
    e.bytes = m.weights.bytes + m.kv.bytes;
    const double bandwidth = gpu.bandwidthBytesPerSecond() * n;
    const double peak = gpu.peakFlops() * n;
    e.memory_seconds = static_cast<double>(e.bytes) / (bandwidth * a.bandwidth_efficiency);
    e.compute_known = peak > 0.0;
    e.compute_seconds = e.compute_known ? e.flops / (peak * a.compute_efficiency) : 0.0;
    e.compute_bound = e.compute_known && e.compute_seconds > e.memory_seconds;
    e.seconds = std::max(e.memory_seconds, e.compute_seconds);
    e.tokens_per_second = e.seconds > 0 ? tokens / e.seconds : 0.0;
    return e;
}

} // namespace llmsizer
