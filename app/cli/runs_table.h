#pragma once

// The text table of `llm-sizer-cli runs`: its header, one line per model and precision (or one
// for a model the runtime does not run at all), and the cells `runs --local` shares with it.
#include <cstdint>
#include <optional>
#include <string>

namespace llmsizer {
struct ModelRuns;
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

} // namespace llmsizer::cli
