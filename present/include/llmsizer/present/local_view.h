#pragma once

#include "llmsizer/local/gpu_match.h"
#include "llmsizer/local/local_models.h"
#include "llmsizer/local/local_runs.h"
#include "llmsizer/text/format.h"

#include <string>
#include <vector>

// The My models view, Qt-free: one row per model found on disk (its copies as child rows when it
// has several), each cell as text and as the value it sorts by; the machine line and the scan's
// status line.
namespace llmsizer {

enum class LocalColumn {
    Name,
    Where,        // "Ollama", "Hugging Face", … (the path in the tooltip)
    Architecture, // "llama"
    Params,       // exact: "8,030,261,248"
    Quantization, // "Q4_K_M · 4.89 bpw"
    Disk,         // "4.92 GB"
    Context,      // trained: "131,072"
    Runs,         // "✓ fits · 32,768 ctx · 95 tok/s (Ollama)"
    Count
};

struct LocalCell {
    std::string text;
    double sort = 0;
};

struct LocalRowView {
    std::size_t model = 0;        // index into LocalScan::models
    std::size_t copy = 0;         // index into its copies
    std::vector<LocalCell> cells; // one per LocalColumn
    std::string tooltip;          // the path, the runtime's context, every problem
    bool error = false;           // the copy could not be read
    bool partial = false;         // files missing or incomplete
    bool has_verdict = false;
    RunVerdict verdict = RunVerdict::No;
    std::vector<LocalRowView> children; // each copy, when the model has several
};

std::string localColumnTitle(LocalColumn c);
std::string localColumnTip(LocalColumn c);

// `runs[m][c]` is localRun() of scan.models[m].copies[c].
std::vector<LocalRowView>
localRows(const LocalScan& scan, const std::vector<std::vector<LocalRun>>& runs, ByteUnits units);

// "This machine: 1 × NVIDIA GeForce RTX 4090 (24.0 GiB) · 61.6 GB of RAM free at 96.0 GB/s ·
// AMD Ryzen 9 7950X (16 cores)", then each GPU the catalog lacks, named with its memory.
std::string localMachineLine(const SystemInfo& info, const DetectedMachine& machine);
// "12 models (15 copies) in 4 stores · 3 problems" / "No models found in …".
std::string localStatusLine(const LocalScan& scan);
// Every problem of the scan, one a line ("PATH: message").
std::string localProblemsText(const LocalScan& scan);

} // namespace llmsizer
