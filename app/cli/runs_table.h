#pragma once

// The text table of `llm-sizer-cli runs`: its header, one line per model and precision (or one
// for a model the runtime does not run at all), and the cells `runs --local` shares with it.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llmsizer {
struct ModelRuns;
struct RunQuery;
struct RunRow;
} // namespace llmsizer

namespace llmsizer::cli {

// Tokens per second as the tables print them: "1490", "37.7"; "-" when unknown.
std::string tokensPerSecond(const std::optional<double>& v);
// Bytes in GB (10^9) with one decimal, no unit.
std::string gb(std::uint64_t bytes);
// The runs table's "layers" cell: "45/80" (layers on the GPUs) for an offload, "e12/48" (the
// MoE layers whose experts are in RAM) for experts in RAM, "-" otherwise. `runs` and `runs
// --local`.
std::string runLayersCell(const RunRow& r);
std::string runsTableHeader();
// One line of the table; `merged` for a model the runtime runs nowhere (runsNowhere in
// preset_runs.h): "all 7", no bytes, `r` its first row.
std::string runsTableLine(const ModelRuns& m, const RunRow& r, bool merged);
// The lines above the table: the machine, runtime and context, and what a CPU-only or unified
// machine's memory and prefill are.
std::vector<std::string> runsMachineLines(const RunQuery& q);
// The line under it: what the verdicts, columns and speeds mean, and the speed model's error on
// its held-out runs (the CPU-only ones on a CPU-only machine).
std::string runsLegend(const RunQuery& q);
// Per precision, the least and most kernel_slowdown of a CPU's prefill over the models listed.
using KernelSlowdowns = std::vector<std::pair<std::string, std::pair<double, double>>>;
// The line under the table on a CPU whose prefill some weight types slow: "prefill by weight
// type: q6_k 1.49 ×, … the time of weights with tiled kernels …".
std::string runsKernelLine(const KernelSlowdowns& slowdowns, const std::vector<std::string>& types);

} // namespace llmsizer::cli
