// My hardware's lines about the machine: the summary above the table and the note on speeds
// under it (hardware_view.h).
#include "llmsizer/local/gpu_match.h"
#include "llmsizer/present/hardware_view.h"
#include "llmsizer/text/text.h"

#include <algorithm>
#include <cmath>

namespace llmsizer {

std::string hardwareSummary(const RunQuery& q)
{
    const GpuSpec& g = q.hardware.gpu;
    // A CPU-only machine's RAM given replaces the catalog's example size (deviceCapacity).
    const bool sized = g.cpuOnly() && q.hardware.ram_bytes > 0;
    // The catalog's size as sold ("64 GiB = 68.7 GB"), or the RAM given in GB.
    std::string memory =
        sized && q.hardware.ram_bytes != g.memory_bytes
            ? text::fixed(static_cast<double>(q.hardware.ram_bytes) / 1e9, 1) + " GB of RAM"
            : g.memoryText() + (g.cpuOnly() ? " of RAM" : "");
    if (g.usable_fraction < 1.0) {
        // On a unified pool the fraction is the GPU's share (the system keeps its part apart).
        memory += ", " + std::to_string(std::lround(100 * g.usable_fraction)) +
                  (g.unified_memory && !g.cpuOnly() ? "% for the GPU" : "% usable");
    }
    const std::string bandwidth =
        g.bandwidth_gb_s > 0
            ? withThousands(static_cast<std::uint64_t>(std::llround(g.bandwidth_gb_s))) + " GB/s"
            : std::string("bandwidth unknown, so no speeds");
    std::string out =
        std::to_string(q.hardware.gpus) + " × " + g.name + " (" + memory + ", " + bandwidth + ")";
    if (g.unified_memory && !g.cpuOnly() && q.runtime.offloads()) {
        // One pool: the CPU side takes what the GPU's share leaves but the system's part
        // (hostCapacity in runtime_memory.cpp).
        out += ", the system keeping " +
               text::general(static_cast<double>(q.hardware.unified_os_reserve_bytes) /
                                 static_cast<double>(std::uint64_t{1} << 30),
                             6) +
               " GiB of it";
    } else if (q.hardware.ram_bytes > 0 && !g.unified_memory && !g.cpuOnly() &&
               q.runtime.offloads()) {
        out += " + " + text::fixed(static_cast<double>(q.hardware.ram_bytes) / 1e9, 1) +
               " GB of RAM at " + text::general(q.hardware.ram_bandwidth_gb_s, 6) +
               " GB/s for offloaded layers";
    }
    const std::string backend = radeonBackendLabel(q.runtime, g);
    std::string runtime = q.runtime.label + (backend.empty() ? "" : " on " + backend);
    if (q.runtime.kind == Runtime::Vllm) {
        // vLLM's own settings, as its rows count them (its defaults said as such).
        const VllmSettings& v = q.runtime.vllm;
        runtime += " (share " + text::fixed(v.gpu_memory_utilization.value(), 2) + ", " +
                   (v.max_num_seqs == 0 ? std::string("its default sequences")
                                        : withThousands(v.max_num_seqs) + " sequences") +
                   ", " +
                   (vllmUsesFlashInferSampler(v, g) ? "FlashInfer sampler" : "sorting sampler") +
                   ")";
    }
    if (const std::string share = sglangShareText(q); !share.empty()) {
        runtime += " (" + share + ")";
    }
    // A runtime that does not run on this device: said once here, every row is unsupported.
    if (const RuntimeArchSupport device = runtimeDeviceSupport(q.runtime, g);
        device.status == ArchSupport::Unsupported) {
        runtime += " (does not run on it: use " + device.others + ")";
    }
    // Under Ollama with no context set, its default for this machine (queryContextText).
    const std::string context =
        q.ollamaDefault() ? queryContextText(q) : withThousands(q.context) + " tokens";
    return out + " · " + runtime + " · " + context + ", batch " + std::to_string(q.batch);
}

double sglangDefaultShare(const RunQuery& q)
{
    RunQuery d = q;
    d.runtime.sglang.mem_fraction_static = {0, 1};
    return sglangMemory(d.runtime.sglang,
                        sglangEngine(d, ModelConfig{}, ParallelSplit{}, q.context))
        .mem_fraction_static.value();
}

namespace {

// What the runtime's rows on this device all carry (runtime_support.h): "MLX runs on NVIDIA GPUs
// through its CUDA backend …", said once under the table; a runtime that does not run there at
// all is said on the machine's line instead.
std::string everyRow(const RuntimeProfile& runtime, const GpuSpec& gpu)
{
    const RuntimeArchSupport device = runtimeDeviceSupport(runtime, gpu);
    if (device.status == ArchSupport::Unsupported || device.note.empty()) {
        return {};
    }
    return " Every row: " + device.note + ".";
}

} // namespace

std::string hardwareSpeedNote(const RuntimeProfile& runtime, const GpuSpec& gpu)
{
    const std::string backend = radeonBackendLabel(runtime, gpu);
    // Under llama.cpp's Vulkan backend a MoE's routed experts stream at a share of their own.
    const std::string experts =
        radeonOnVulkan(runtime, gpu)
            ? " (a MoE's routed experts: " +
                  std::to_string(std::lround(100 * decodeEfficiency(runtime, gpu) *
                                             runtime.speed.vulkan_expert_efficiency)) +
                  "%)"
            : std::string();
    // A CPU's prefill share falls with its cores (SpeedConstants::prefill_cpu_cores); the
    // held-out figures are the CPU-only runs' under llama.cpp there (heldOutFigures).
    const bool cpu = gpu.cpuOnly();
    const HeldOutFigures held = heldOutFigures(runtime, gpu);
    return "Speeds come from the speed model (" + runtime.label +
           (backend.empty() ? "" : " on " + backend) + ": " +
           std::to_string(std::lround(100 * decodeEfficiency(runtime, gpu))) +
           "% of peak memory bandwidth on this memory" + experts + ", " +
           text::fixed(runtime.speed.layer_us, 0) + " µs per layer and step; " +
           (cpu ? "prefill at " + cpuPrefillShareText(runtime.speed, gpu)
                // A word joiner after the slash: a line never breaks inside "FLOP/s".
                : std::to_string(std::lround(100 * prefillShareOn(runtime.speed, gpu))) +
                      "% of peak FLOP/\u2060s in prefill") +
           "). On " + std::to_string(held.decode_measurements) +
           (held.cpu_runs ? " published CPU-only runs" : " published measurements") +
           " kept out of the fit, the decode estimate is off by " +
           std::to_string(held.decode_median_error_percent) + "% (median), the prefill by " +
           std::to_string(held.prefill_median_error_percent) + "% (median of " +
           std::to_string(held.prefill_measurements) + "); see docs/compute.md, \"" +
           (held.cpu_runs ? "CPU-only machines" : "Speed model") + "\"." +
           (runtime.kind == Runtime::TensorRtLlm ? " " + tensorRtSpeedNote() : std::string()) +
           // The detected CPU's cores, memory and how its peak was counted (base clocks,
           // E-cores left out): the figures its prefill stands on.
           (cpu && gpu.id == kDetectedCpuId && !gpu.notes.empty()
                ? " This machine's CPU: " + gpu.notes + "."
                : std::string()) +
           everyRow(runtime, gpu);
}

} // namespace llmsizer
