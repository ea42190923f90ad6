#pragma once

#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/text/format.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// The My hardware view's table, Qt-free: one row per model × precision from preset_runs.h, each
// cell as text and as the value the column sorts by, and the filters the view offers (text,
// family, year, size, "runs entirely on the GPUs").
namespace llmsizer {

enum class HardwareColumn {
    Model,
    Family,
    Year,
    Params,
    Precision,
    Verdict, // "✓ fits", "✓ on 2 GPUs", "◐ experts in RAM", "◐ offload", "✗ no"
    GpuLayers,
    MemoryPerGpu,
    Headroom,
    Ram,
    MaxContext,
    Decode,
    Prefill,
    Machine, // what the whole machine gives, or for "no" the smallest change that makes it run
    Count
};

struct HardwareCell {
    std::string text;
    double sort = 0; // the column's order; text columns sort by text (sort unused)
};

struct HardwareRow {
    std::string model_id; // preset id, "" for the model being looked at
    std::string model;    // display name ("Llama 3 70B", or "Current model: …")
    std::string family;
    int year = 0;
    std::uint64_t params = 0;
    std::string precision_id; // the first precision's id when the row stands for several
    // A model the runtime does not run at any precision is one row, for all of them: their ids.
    std::vector<std::string> merged_precisions;
    RunVerdict verdict = RunVerdict::No;
    bool current = false;            // the model being looked at, not a preset
    std::vector<HardwareCell> cells; // one per HardwareColumn
    std::string tooltip;             // the row's note, in a sentence
};

// Column headers, with units, on two lines where long ("Memory /\nGPU (GB)").
std::string hardwareColumnTitle(HardwareColumn c, ByteUnits units);
// Tooltips for the headers: what each column means.
std::string hardwareColumnTip(HardwareColumn c);

// A run's verdict in words, shared by My hardware's column and My models' cell: "✓ fits",
// "✓ on 4 GPUs", "◐ offload" / "◐ experts in RAM" ("◐ 30/80 layers on GPU" and "◐ experts of
// 12/36 layers in RAM" with `placement`), "✗ no" ("✗ does not fit" with `placement`).
std::string runVerdictText(const RunRow& r, bool placement);
// Tokens per second as the tables show them ("1,490", "37.7"; "–" when unknown).
std::string runSpeedText(const std::optional<double>& tokensPerSecond);

// Rows for every model (`current` first when given a name), bytes in `units`. A model whose
// architecture the runtime does not run is one row for all its precisions ("all 7"): they would
// say the same thing seven times, and the memory it would take is not what a user can act on.
std::vector<HardwareRow> hardwareRows(const std::vector<ModelRuns>& models, ByteUnits units,
                                      const ModelRuns* current = nullptr);

struct HardwareFilter {
    std::string text;   // matched against the model's name and family, case-insensitively
    std::string family; // "" = every family
    int year = 0;       // 0 = every year
    std::uint64_t min_params = 0;
    std::uint64_t max_params = 0; // 0 = no upper bound
    bool gpu_only = false;        // only rows that run entirely on the GPUs
    std::string precision;        // "" = every precision; else one precision id
};
bool hardwareRowPasses(const HardwareRow& row, const HardwareFilter& filter);

// Size bands for the size filter: label and bounds ("Up to 3B", "3B-10B", …).
struct SizeBand {
    std::string label;
    std::uint64_t min_params = 0;
    std::uint64_t max_params = 0; // 0 = no bound
};
const std::vector<SizeBand>& sizeBands();

// The machine in one line: "1 × NVIDIA GeForce RTX 4090 (24 GiB = 25.8 GB, 1,008 GB/s) + 64.0 GB
// of RAM at 89.6 GB/s for offloaded layers · llama.cpp · 8,192 tokens, batch 1".
std::string hardwareSummary(const RunQuery& query);
// SGLang's own share on one GPU of the query's machine (a model without MLA), to three decimals:
// what its "auto" stands for, where stepping up from it starts (0.83 on an H100).
double sglangDefaultShare(const RunQuery& query);

// One line under the table: what the speeds are and how far off they typically are
// ("Speeds are roofline estimates at 65% of peak bandwidth (decode) and 55% of peak FLOP/s
// (prefill); against 19 published measurements the decode estimate is off by 18% (median)").
std::string hardwareSpeedNote(const RuntimeProfile& runtime, const GpuSpec& gpu);

} // namespace llmsizer
