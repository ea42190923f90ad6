// The text table of `llm-sizer-cli runs` (runs_table.h).
#include "runs_table.h"

#include "llmsizer/catalog/preset_runs.h"
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

} // namespace llmsizer::cli
