// The My hardware view's table as text and sort keys (hardware_view.h).
#include "llmsizer/present/hardware_view.h"

#include "llmsizer/text/text.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    return s;
}

double unitBytes(ByteUnits units)
{
    return units == ByteUnits::Binary ? 1073741824.0 : 1e9;
}

std::string bytesCell(u64 bytes, ByteUnits units)
{
    return text::fixed(static_cast<double>(bytes) / unitBytes(units), 1);
}

HardwareRow makeRow(const ModelRuns& m, const RunRow& r, ByteUnits units, bool current)
{
    HardwareRow row;
    row.model_id = m.id;
    row.model = terminalSafe(m.name, false); // shown, never obeyed (a name from a file)
    row.family = m.family;
    row.year = m.year;
    row.params = m.params;
    row.precision_id = r.precision_id;
    row.verdict = r.verdict;
    row.current = current;
    // The row's note, after the model and precision (the table elides long names when narrow).
    row.tooltip = m.name + " at " + r.precision_label + ": " + r.note;
    auto& c = row.cells;
    c.resize(static_cast<std::size_t>(HardwareColumn::Count));
    auto set = [&c](HardwareColumn col, std::string text, double sort) {
        c[static_cast<std::size_t>(col)] = {std::move(text), sort};
    };
    set(HardwareColumn::Model, row.model, 0);
    set(HardwareColumn::Family, m.family, 0);
    set(HardwareColumn::Year, m.year == 0 ? "–" : std::to_string(m.year), m.year);
    set(HardwareColumn::Params, shortCount(m.params), static_cast<double>(m.params));
    set(HardwareColumn::Precision, r.precision_label, 0);
    // Verdicts sort from the best (one GPU) to the worst.
    set(HardwareColumn::Verdict, runVerdictText(r, false),
        static_cast<double>(r.verdict) + (r.arch_support == ArchSupport::Unsupported ? 0.5 : 0));
    const bool runs = r.verdict != RunVerdict::No;
    // A CPU-only machine runs every layer on its CPU: "CPU", not "0 / 32" beside "fits".
    const bool cpu = runs && r.gpu_layers == 0 && r.verdict == RunVerdict::Fits;
    // Experts in RAM: the layers whose experts are there, as the CLI's "e12/48".
    const bool experts = r.verdict == RunVerdict::ExpertsInRam;
    set(HardwareColumn::GpuLayers,
        cpu       ? std::string("CPU")
        : experts ? "e" + std::to_string(r.cpu_moe_layers) + " / " + std::to_string(r.layers)
        : runs    ? std::to_string(r.gpu_layers) + " / " + std::to_string(r.layers)
                  : "–",
        r.layers == 0 ? 0 : static_cast<double>(r.gpu_layers) / static_cast<double>(r.layers));
    // A workload beyond 64 bits of bytes has no size to show: the cell says so (the tooltip says
    // what overflowed) and sorts after every other.
    set(HardwareColumn::MemoryPerGpu,
        r.beyond_64_bits ? "> 2⁶⁴ B" : bytesCell(r.bytes_per_gpu, units),
        r.beyond_64_bits ? 1e300 : static_cast<double>(r.bytes_per_gpu));
    // A runtime that does not run the architecture leaves no headroom to speak of: the memory is
    // what it would take.
    const bool noHeadroom = r.beyond_64_bits || r.arch_support == ArchSupport::Unsupported;
    const double headroom = noHeadroom ? -1e300 : static_cast<double>(r.headroom_bytes);
    set(HardwareColumn::Headroom,
        noHeadroom ? "–"
                   : (r.headroom_bytes < 0 ? "−" : "") +
                         bytesCell(static_cast<u64>(std::llabs(r.headroom_bytes)), units),
        headroom);
    set(HardwareColumn::Ram, r.ram_bytes == 0 ? "–" : bytesCell(r.ram_bytes, units),
        static_cast<double>(r.ram_bytes));
    set(HardwareColumn::MaxContext, r.max_context == 0 ? "–" : withThousands(r.max_context),
        static_cast<double>(r.max_context));
    set(HardwareColumn::Decode, runSpeedText(r.decode_tokens_per_s),
        r.decode_tokens_per_s.value_or(-1));
    set(HardwareColumn::Prefill, runSpeedText(r.prefill_tokens_per_s),
        r.prefill_tokens_per_s.value_or(-1));
    std::string machine;
    double machineSort = 0;
    if (r.machine && r.machine->gives_more) {
        machine = "all " + std::to_string(r.machine->gpus) +
                  " GPUs: " + withThousands(r.machine->max_context) + " tokens, " +
                  runSpeedText(r.machine->decode_tokens_per_s) + " tok/s";
        machineSort = static_cast<double>(r.machine->max_context);
    } else if (!r.change.empty()) {
        machine = "with " + r.change;
        machineSort = -1;
    } else if (!r.context_note.empty()) {
        // Ollama ran it below its default context, after a load that ran out of memory.
        machine = "at " + withThousands(r.context) + " tokens: Ollama's retry";
        machineSort = static_cast<double>(r.context);
    }
    set(HardwareColumn::Machine, machine, machineSort);
    if (r.machine && r.machine->gives_more) {
        row.tooltip += "; " + machine;
    }
    if (r.tight) {
        c[static_cast<std::size_t>(HardwareColumn::Verdict)].text += " (tight)";
    }
    return row;
}

// One row for a model its runtime does not run at any precision (hardwareRows).
HardwareRow mergedRow(const ModelRuns& m, ByteUnits units, bool current)
{
    HardwareRow row = makeRow(m, m.rows.front(), units, current);
    std::string labels;
    for (const RunRow& r : m.rows) {
        row.merged_precisions.push_back(r.precision_id);
        labels += (labels.empty() ? "" : ", ") + r.precision_label;
    }
    auto& c = row.cells;
    c[static_cast<std::size_t>(HardwareColumn::Precision)] = {
        "all " + std::to_string(m.rows.size()), 0};
    c[static_cast<std::size_t>(HardwareColumn::MemoryPerGpu)] = {"–", -1};
    c[static_cast<std::size_t>(HardwareColumn::Ram)] = {"–", -1};
    row.tooltip = m.name + " at every precision (" + labels + "): " + m.rows.front().arch_note;
    return row;
}

void appendRows(std::vector<HardwareRow>& rows, const ModelRuns& m, ByteUnits units, bool current)
{
    if (runsNowhere(m)) {
        rows.push_back(mergedRow(m, units, current));
        return;
    }
    for (const RunRow& r : m.rows) {
        rows.push_back(makeRow(m, r, units, current));
    }
}

} // namespace

std::string hardwareColumnTitle(HardwareColumn c, ByteUnits units)
{
    const std::string unit = units == ByteUnits::Binary ? "GiB" : "GB";
    switch (c) {
    case HardwareColumn::Model:
        return "Model";
    case HardwareColumn::Family:
        return "Family";
    case HardwareColumn::Year:
        return "Year";
    case HardwareColumn::Params:
        return "Params";
    case HardwareColumn::Precision:
        return "Precision";
    case HardwareColumn::Verdict:
        return "Runs?";
    case HardwareColumn::GpuLayers:
        return "GPU\nlayers";
    case HardwareColumn::MemoryPerGpu:
        return "Memory /\nGPU (" + unit + ")";
    case HardwareColumn::Headroom:
        return "Headroom\n(" + unit + ")";
    case HardwareColumn::Ram:
        return "RAM\n(" + unit + ")";
    case HardwareColumn::MaxContext:
        return "Max\ncontext";
    case HardwareColumn::Decode:
        return "Decode\ntok/s";
    case HardwareColumn::Prefill:
        return "Prefill\ntok/s";
    case HardwareColumn::Machine:
        return "Whole machine\n/ change";
    case HardwareColumn::Count:
        break;
    }
    return "";
}

std::string hardwareColumnTip(HardwareColumn c)
{
    switch (c) {
    case HardwareColumn::Verdict:
        return "Fits on one GPU; on several (the fewest of yours that hold it: tensor parallel "
               "inside a node for vLLM, SGLang and TensorRT-LLM, layers split for llama.cpp); "
               "with a MoE's experts in system RAM (llama.cpp --n-cpu-moe, Ollama by itself); "
               "with layers offloaded to system RAM (llama.cpp, Ollama, transformers); or not at "
               "all. Tight: under 5 % to spare";
    case HardwareColumn::Machine:
        return "What all your GPUs give (more context, more speed) when the model needs fewer; "
               "for a row that does not run, the smallest change that makes it run";
    case HardwareColumn::GpuLayers:
        return "Layers on the GPUs; with offload the rest and the token embedding are in RAM; "
               "\"e12 / 48\": every layer on the GPUs but the experts of 12 in RAM";
    case HardwareColumn::MemoryPerGpu:
        return "Weights, KV cache, compute buffer and runtime overhead on the most loaded GPU";
    case HardwareColumn::Headroom:
        return "One GPU's usable memory less what the most loaded GPU needs (vLLM, SGLang and "
               "TensorRT-LLM fill it with KV cache at start)";
    case HardwareColumn::Ram:
        return "System RAM the offloaded layers and their KV cache take";
    case HardwareColumn::MaxContext:
        return "The longest context (tokens per sequence) that still runs this way, up to the "
               "model's own limit; with experts in RAM, at the row's own count of them (more "
               "experts in RAM hold more, slower: the row's note)";
    case HardwareColumn::Decode:
        return "Tokens per second generated, all sequences together, with the KV cache as full "
               "as the context: a roofline estimate (faster early in a conversation)";
    case HardwareColumn::Prefill:
        return "Prompt tokens per second read, over a prompt of 512 tokens (llama-bench's pp512): "
               "a roofline estimate (not estimated with offload)";
    default:
        return "";
    }
}

std::vector<HardwareRow> hardwareRows(const std::vector<ModelRuns>& models, ByteUnits units,
                                      const ModelRuns* current)
{
    std::vector<HardwareRow> rows;
    if (current != nullptr) {
        appendRows(rows, *current, units, true);
    }
    for (const ModelRuns& m : models) {
        appendRows(rows, m, units, false);
    }
    return rows;
}

bool hardwareRowPasses(const HardwareRow& row, const HardwareFilter& f)
{
    const bool precisionOk = f.precision.empty() || row.precision_id == f.precision ||
                             std::find(row.merged_precisions.begin(), row.merged_precisions.end(),
                                       f.precision) != row.merged_precisions.end();
    if (row.current) {
        if (!precisionOk) {
            return false;
        }
        return !f.gpu_only || row.verdict == RunVerdict::Fits || row.verdict == RunVerdict::FitsTp;
    }
    if (!f.text.empty()) {
        const std::string needle = lower(f.text);
        if (lower(row.model).find(needle) == std::string::npos &&
            lower(row.family).find(needle) == std::string::npos) {
            return false;
        }
    }
    if (!precisionOk) {
        return false;
    }
    if (!f.family.empty() && row.family != f.family) {
        return false;
    }
    if (f.year != 0 && row.year != f.year) {
        return false;
    }
    if (row.params < f.min_params || (f.max_params != 0 && row.params >= f.max_params)) {
        return false;
    }
    return !f.gpu_only || row.verdict == RunVerdict::Fits || row.verdict == RunVerdict::FitsTp;
}

const std::vector<SizeBand>& sizeBands()
{
    static const std::vector<SizeBand> bands{
        {"Any size", 0, 0},
        {"Under 3B", 0, 3'000'000'000},
        {"3B to 10B", 3'000'000'000, 10'000'000'000},
        {"10B to 40B", 10'000'000'000, 40'000'000'000},
        {"40B to 150B", 40'000'000'000, 150'000'000'000},
        {"150B and more", 150'000'000'000, 0},
    };
    return bands;
}

namespace {

std::string runVerdictCore(const RunRow& r, bool placement)
{
    switch (r.verdict) {
    case RunVerdict::Fits:
        return "✓ fits";
    case RunVerdict::FitsTp:
        return "✓ on " + std::to_string(r.gpus) + " GPUs";
    case RunVerdict::ExpertsInRam:
        return placement ? "◐ experts of " + std::to_string(r.cpu_moe_layers) + "/" +
                               std::to_string(r.layers) + " layers in RAM"
                         : "◐ experts in RAM";
    case RunVerdict::Offload:
        return placement ? "◐ " + std::to_string(r.gpu_layers) + "/" + std::to_string(r.layers) +
                               " layers on GPU"
                         : "◐ offload";
    case RunVerdict::No:
        break;
    }
    return placement ? "✗ does not fit" : "✗ no";
}

} // namespace

std::string runVerdictText(const RunRow& r, bool placement)
{
    if (r.arch_support == ArchSupport::Unsupported) {
        return placement ? "✗ not run by this runtime" : "✗ unsupported";
    }
    // The runtime runs it from a newer build than the profile's: the verdict is that build's.
    const std::string newer = r.arch_support == ArchSupport::Newer ? " (newer build)"
                              : r.arch_not_known                   ? " (?)"
                                                                   : "";
    return runVerdictCore(r, placement) + newer;
}

std::string runSpeedText(const std::optional<double>& v)
{
    if (!v) {
        return "–";
    }
    return *v >= 100 ? withThousands(static_cast<u64>(std::llround(*v))) : text::fixed(*v, 1);
}

} // namespace llmsizer
