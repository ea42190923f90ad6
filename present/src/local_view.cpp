// The My models view's rows as text and sort keys (local_view.h).
#include "llmsizer/present/local_view.h"

#include "llmsizer/present/hardware_view.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <cmath>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

std::string bytesText(u64 bytes, ByteUnits units)
{
    return formatBytes(bytes, units, 2);
}

std::string runsText(const LocalRun& run)
{
    if (!run.row) {
        return "– " + run.why;
    }
    const RunRow& r = *run.row;
    std::string t = runVerdictText(r, true);
    if (r.arch_support == ArchSupport::Unsupported) {
        return t + " (" + run.runtime.label + ")";
    }
    if (r.verdict != RunVerdict::No) {
        t += " · " + withThousands(run.runtime.context) + " ctx";
        t += " · " + (r.decode_tokens_per_s ? runSpeedText(r.decode_tokens_per_s) + " tok/s"
                                            : std::string("speed unknown"));
    } else {
        t += " at " + withThousands(run.runtime.context) + " ctx";
    }
    return t + " (" + run.runtime.label + ")";
}

// An error cut to a cell's width at a space (the tooltip has it whole).
std::string shortError(const std::string& error)
{
    constexpr std::size_t kMax = 48;
    if (error.size() <= kMax) {
        return error;
    }
    const std::size_t space = error.rfind(' ', kMax);
    return error.substr(0, space == std::string::npos || space < 16 ? kMax : space) + " …";
}

std::string quantText(const LocalCopy& c)
{
    if (c.quantization.empty()) {
        return "–";
    }
    return c.quantization + (c.bpw ? " · " + text::fixed(*c.bpw, 2) + " bpw" : std::string());
}

LocalRowView copyRow(const LocalScan& scan, std::size_t m, std::size_t k, const LocalRun& run,
                     ByteUnits units, bool asChild)
{
    const LocalModel& model = scan.models[m];
    const LocalCopy& c = model.copies[k];
    LocalRowView row;
    row.model = m;
    row.copy = k;
    row.error = !c.error.empty();
    row.partial = c.partial;
    row.has_verdict = run.row.has_value();
    row.verdict = run.row ? run.row->verdict : RunVerdict::No;
    auto& cells = row.cells;
    cells.resize(static_cast<std::size_t>(LocalColumn::Count));
    auto set = [&cells](LocalColumn col, std::string text, double sort) {
        cells[static_cast<std::size_t>(col)] = {std::move(text), sort};
    };
    set(LocalColumn::Name, asChild ? c.name : model.name, 0);
    set(LocalColumn::Where, std::string(storeKindLabel(c.store)), 0);
    set(LocalColumn::Architecture, c.architecture.empty() ? "–" : c.architecture, 0);
    if (row.error) {
        set(LocalColumn::Params, "–", -1);
        set(LocalColumn::Quantization, "–", -1);
    } else {
        set(LocalColumn::Params, withThousands(c.params) + (c.partial ? " (partial)" : ""),
            static_cast<double>(c.params));
        set(LocalColumn::Quantization, quantText(c), c.bpw.value_or(0));
    }
    set(LocalColumn::Disk, bytesText(c.disk_bytes, units), static_cast<double>(c.disk_bytes));
    set(LocalColumn::Context, c.context_length == 0 ? "–" : withThousands(c.context_length),
        static_cast<double>(c.context_length));
    // Verdicts sort from the best (one GPU) to the worst; copies without one last.
    set(LocalColumn::Runs, row.error ? "✗ " + shortError(c.error) : runsText(run),
        run.row ? static_cast<double>(run.row->verdict) : 9.0);
    std::string tip = c.name + "\n" + c.location;
    if (!c.revision.empty()) {
        tip += "\nrevision " + c.revision;
    }
    if (!c.error.empty()) {
        tip += "\n" + c.error;
    }
    for (const std::string& p : c.problems) {
        tip += "\n" + p;
    }
    if (run.row) {
        tip += "\n" + run.runtime.label + " at " + withThousands(run.runtime.context) +
               " tokens (" + run.runtime.context_source + ")";
        if (run.row->max_context > 0) {
            tip += "; at most " + withThousands(run.row->max_context) + " tokens fit";
        }
        if (!run.row->note.empty()) {
            tip += "\n" + run.row->note;
        }
        if (!run.speed_known) {
            tip += "\nNo speed: the GPU's memory bandwidth is not known (add it in Custom GPUs)";
        }
    }
    row.tooltip = tip;
    return row;
}

} // namespace

std::string localColumnTitle(LocalColumn c)
{
    switch (c) {
    case LocalColumn::Name:
        return "Model";
    case LocalColumn::Where:
        return "Where";
    case LocalColumn::Architecture:
        return "Architecture";
    case LocalColumn::Params:
        return "Parameters";
    case LocalColumn::Quantization:
        return "Quantization";
    case LocalColumn::Disk:
        return "On disk";
    case LocalColumn::Context:
        return "Trained context";
    case LocalColumn::Runs:
        return "On this machine";
    case LocalColumn::Count:
        break;
    }
    return {};
}

std::string localColumnTip(LocalColumn c)
{
    switch (c) {
    case LocalColumn::Name:
        return "The model; a model found in several places lists each copy under it";
    case LocalColumn::Where:
        return "The store it was found in (Hugging Face cache, Ollama, LM Studio, llama.cpp's "
               "cache, or a folder you added)";
    case LocalColumn::Architecture:
        return "GGUF general.architecture, or config.json's model_type";
    case LocalColumn::Params:
        return "Exact parameter count, summed over the tensors in the files' headers";
    case LocalColumn::Quantization:
        return "The file's own quantization and its bits per weight (8 × bytes / parameters)";
    case LocalColumn::Disk:
        return "The files on disk: weights, projectors, adapters, templates (GB = 10^9 bytes, "
               "GiB = 2^30, as the app's units)";
    case LocalColumn::Context:
        return "The context length the model was trained for";
    case LocalColumn::Runs:
        return "On the machine chosen in My hardware, with the runtime of its store: Ollama's "
               "store with Ollama's default context, GGUF files with llama.cpp, safetensors "
               "with vLLM (transformers when only offloading makes it run)";
    case LocalColumn::Count:
        break;
    }
    return {};
}

std::vector<LocalRowView> localRows(const LocalScan& scan,
                                    const std::vector<std::vector<LocalRun>>& runs, ByteUnits units)
{
    std::vector<LocalRowView> out;
    for (std::size_t m = 0; m < scan.models.size(); ++m) {
        const LocalModel& model = scan.models[m];
        const auto runOf = [&](std::size_t k) {
            return m < runs.size() && k < runs[m].size() ? runs[m][k] : LocalRun{};
        };
        LocalRowView row = copyRow(scan, m, 0, runOf(0), units, false);
        if (model.copies.size() > 1) {
            for (std::size_t k = 0; k < model.copies.size(); ++k) {
                row.children.push_back(copyRow(scan, m, k, runOf(k), units, true));
            }
            row.cells[static_cast<std::size_t>(LocalColumn::Where)].text =
                std::to_string(model.copies.size()) + " copies";
        }
        out.push_back(std::move(row));
    }
    return out;
}

std::string localMachineLine(const SystemInfo& info, const DetectedMachine& machine)
{
    std::string t = "This machine: ";
    if (machine.has_gpu) {
        t += std::to_string(machine.hardware.gpus) + " × " + machine.hardware.gpu.name + " (" +
             formatBytes(machine.hardware.gpu.memory_bytes, ByteUnits::Binary, 1) + ")";
    } else if (machine.cpu_only) {
        t += "no GPU found: models run on the CPU";
    } else {
        t += "no GPU found";
    }
    t += " · " + formatBytes(info.ram_available_bytes, ByteUnits::Decimal, 1) + " of " +
         formatBytes(info.ram_total_bytes, ByteUnits::Decimal, 1) + " RAM free, " +
         text::fixed(info.memory.bandwidth_gb_s, 1) + " GB/s" +
         (info.memory.measured ? "" : " (assumed: dual-channel DDR5-5600)");
    if (!info.cpu_model.empty()) {
        t += " · " + info.cpu_model + " (" + std::to_string(info.cpu_cores) + " cores)";
    }
    for (const DetectedGpu& g : info.gpus) {
        if (g.catalog_id.empty() && !g.integrated && g.memory_bytes != 0) {
            t += " · " + g.name + " (" + formatBytes(g.memory_bytes, ByteUnits::Binary, 1) +
                 ") is not in the catalog";
        }
    }
    return t;
}

std::string localStatusLine(const LocalScan& scan)
{
    std::size_t copies = 0;
    for (const LocalModel& m : scan.models) {
        copies += m.copies.size();
    }
    std::size_t stores = 0;
    for (const ModelStore& s : scan.stores) {
        stores += s.exists ? 1 : 0;
    }
    if (scan.models.empty()) {
        return stores == 0 ? "No model store found (Hugging Face cache, Ollama, LM Studio, "
                             "llama.cpp's cache): add a folder"
                           : "No models found in " + countOf(stores, "store", "stores");
    }
    std::string t = countOf(scan.models.size(), "model", "models");
    if (copies != scan.models.size()) {
        t += " (" + countOf(copies, "copy", "copies") + ")";
    }
    t += " in " + countOf(stores, "store", "stores");
    if (!scan.problems.empty()) {
        t += " · " + countOf(scan.problems.size(), "problem", "problems");
    }
    return t;
}

std::string localProblemsText(const LocalScan& scan)
{
    std::string t;
    for (const ScanProblem& p : scan.problems) {
        t += (t.empty() ? "" : "\n") + p.path + ": " + p.message;
    }
    return t;
}

} // namespace llmsizer
