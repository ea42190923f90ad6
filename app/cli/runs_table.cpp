// The text table of `llm-sizer-cli runs` (runs_table.h).
#include "runs_table.h"

#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/local/gpu_match.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"
#include "runs_json.h"

#include <cmath>

namespace llmsizer::cli {

namespace {

// A name cut to `width` bytes (at a character's start) with ".." when longer.
std::string cellText(const std::string& text, std::size_t width)
{
    if (text.size() <= width) {
        return text;
    }
    std::size_t cut = width - 2;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) {
        --cut;
    }
    return text.substr(0, cut) + "..";
}

// "8 GPUs: 131,072 ctx, 85 tok/s" — what the whole machine gives beside the fewest GPUs.
std::string machineCell(const RunRow& r)
{
    if (!r.machine || !r.machine->gives_more) {
        return "";
    }
    const MachineAnswer& a = *r.machine;
    return "all " + std::to_string(a.gpus) + ": " + withThousands(a.max_context) + " ctx, " +
           tokensPerSecond(a.decode_tokens_per_s) + " tok/s";
}

} // namespace

std::string tokensPerSecond(const std::optional<double>& v)
{
    if (!v) {
        return "-";
    }
    return *v >= 100 ? std::to_string(std::lround(*v)) : text::fixed(*v, 1);
}

std::string gb(std::uint64_t bytes)
{
    return text::fixed(static_cast<double>(bytes) / 1e9, 1);
}

std::string runLayersCell(const RunRow& r)
{
    if (r.verdict == RunVerdict::Offload) {
        return std::to_string(r.gpu_layers) + "/" + std::to_string(r.layers);
    }
    if (r.verdict == RunVerdict::ExpertsInRam) {
        return "e" + std::to_string(r.cpu_moe_layers) + "/" + std::to_string(r.layers);
    }
    return "-";
}

std::string runsTableHeader()
{
    return padRight("model", 28) + padRight("precision", 14) + padRight("verdict", 13) +
           padLeft("GPUs", 5) + padLeft("layers", 8) + padLeft("GB/GPU", 9) + padLeft("RAM GB", 8) +
           padLeft("max ctx", 10) + padLeft("tok/s", 8) + padLeft("prefill", 9) +
           "  whole machine / change";
}

std::string runsTableLine(const ModelRuns& m, const RunRow& r, bool merged)
{
    std::string tail = machineCell(r);
    if (!r.change.empty()) {
        tail = "change: " + r.change;
    }
    // "all 7": the memory each precision would take is in --json, not on a line for all of them.
    const bool noBytes = merged || r.beyond_64_bits;
    const std::string perGpu = merged             ? std::string("-")
                               : r.beyond_64_bits ? std::string("> 2^64 B")
                                                  : gb(r.bytes_per_gpu);
    return padRight(cellText(terminalSafe(m.name, false), 27), 28) +
           padRight(merged ? "all " + std::to_string(m.rows.size()) : r.precision_id, 14) +
           padRight(runVerdictCell(r), 13) +
           padLeft(r.gpus == 0 ? "-" : std::to_string(r.gpus), 5) + padLeft(runLayersCell(r), 8) +
           // A leading space keeps a wide figure apart from the column before.
           padLeft(" " + perGpu, 9) +
           padLeft(" " + (noBytes ? std::string("-") : gb(r.ram_bytes)), 8) +
           padLeft(r.max_context == 0 ? "-" : withThousands(r.max_context), 10) +
           padLeft(tokensPerSecond(r.decode_tokens_per_s), 8) +
           padLeft(tokensPerSecond(r.prefill_tokens_per_s), 9) +
           (tail.empty() ? std::string() : "  " + tail);
}

std::vector<std::string> runsMachineLines(const RunQuery& q)
{
    std::vector<std::string> out;
    const bool unified = q.hardware.gpu.unified_memory;
    const std::string radeon = radeonBackendLabel(q.runtime, q.hardware.gpu);
    // The device's memory in the table's unit beside the vendor's ("80 GiB = 85.9 GB"): the
    // rows' GB/GPU are 10^9 bytes.
    const GpuSpec& dev = q.hardware.gpu;
    const std::string memory = dev.cpuOnly() ? std::string() : " (" + dev.memoryText() + ")";
    out.push_back(
        std::to_string(q.hardware.gpus) + " × " + terminalSafe(dev.name, false) + memory +
        (q.hardware.ram_bytes > 0 && !unified ? " + " + gb(q.hardware.ram_bytes) + " GB RAM" : "") +
        ", " + q.runtime.label + " " + q.runtime.version +
        (radeon.empty() ? std::string() : " on " + radeon) +
        (sglangShareText(q).empty() ? std::string() : " (" + sglangShareText(q) + ")") + ", " +
        queryContextText(q) + ", batch " + std::to_string(q.batch));
    if (q.hardware.gpu.cpuOnly()) {
        const GpuSpec& g = q.hardware.gpu;
        out.push_back("A CPU-only machine: its RAM is the memory (GB/GPU), " +
                      (q.hardware.ram_bytes > 0 ? gb(q.hardware.ram_bytes) + " GB here (--ram)"
                                                : std::string("--ram sets its size")) +
                      ". Its prefill runs at " + cpuPrefillShareText(q.runtime.speed, g) + "." +
                      (g.notes.empty() || g.id != kDetectedCpuId
                           ? std::string()
                           : " " + terminalSafe(g.notes, false) + "."));
    } else if (unified && q.runtime.offloads()) {
        out.push_back(std::string(q.hardware.ram_bytes > 0
                                      ? "Unified memory: --ram is the same memory as the GPU's, "
                                        "counted once; layers"
                                      : "Unified memory: layers") +
                      " the GPU's share cannot hold may use the rest of it but " +
                      text::general(static_cast<double>(q.hardware.unified_os_reserve_bytes) /
                                        static_cast<double>(std::uint64_t{1} << 30),
                                    6) +
                      " GiB kept for the system (--os-reserve).");
    } else if (unified && q.hardware.ram_bytes > 0) {
        out.push_back("Unified memory: --ram is the same memory as the GPU's, counted once.");
    }
    return out;
}

std::string runsKernelLine(const KernelSlowdowns& slowdowns, const std::vector<std::string>& types)
{
    std::string line = "prefill by weight type: ";
    for (std::size_t i = 0; i < slowdowns.size(); ++i) {
        const auto& [id, range] = slowdowns[i];
        line += (i == 0 ? "" : ", ") + id + " " + text::fixed(range.first, 2) +
                (range.second - range.first >= 0.005 ? "–" + text::fixed(range.second, 2)
                                                     : std::string()) +
                " ×";
    }
    return line +
           " the time of weights with tiled kernels (Q4_0, Q4_K, Q8_0): llama.cpp's CPU "
           "backend runs their " +
           andList(types) + " weights on its plain dot-product path (docs/compute.md).";
}

std::string runsLegend(const RunQuery& q)
{
    const HeldOutFigures held = heldOutFigures(q.runtime, q.hardware.gpu);
    return "verdict: fits (one GPU), fits_tp (several, tensor parallel), fits_split (several "
           "holding whole layers in turn: llama.cpp's -sm layer), experts (MoE experts of eN "
           "layers in "
           "RAM; --json: experts_in_ram), offload (layers in RAM), no, unsupported (the "
           "runtime does not run it, one line for all its precisions); '!' tight: under 5 % "
           "to spare of the GPUs, or, for weights in RAM (a plan that fills the GPUs by "
           "design), of the RAM given; '*' see the "
           "model's line under the table. max ctx: tokens (one sequence) that run this way (an "
           "offload row: with as many layers in RAM as it takes; an experts row: at its own "
           "eN, more experts in RAM hold more); tok/s and "
           "prefill: tokens per second. Speeds are estimates of the speed "
           "model (docs/compute.md): tok/s with the KV cache as full as the context, prefill "
           "over " +
           withThousands(q.prompt) + " prompt tokens; on " +
           std::to_string(held.decode_measurements) +
           (held.cpu_runs ? " held-out CPU-only runs" : " held-out measurements") +
           " the decode estimate is off by " + std::to_string(held.decode_median_error_percent) +
           "% (median), the prefill by " + std::to_string(held.prefill_median_error_percent) +
           "% (median of " + std::to_string(held.prefill_measurements) +
           "). GB = 10^9 bytes. Runtime constants: --json (runtime_constants).";
}

} // namespace llmsizer::cli
