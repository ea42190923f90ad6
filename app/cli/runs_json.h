#pragma once

// The JSON of `llm-sizer-cli runs --json`: the query (machine, workload, runtime and its
// constants) and each row (the model, its precision and verdict, memory per GPU by part, the
// speeds and the terms behind them, the whole machine's figures).
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

namespace llmsizer {
struct ModelRuns;
struct RunRow;
struct RunQuery;
struct Hardware;
} // namespace llmsizer

namespace llmsizer::cli {

nlohmann::json runRowJson(const ModelRuns& m, const RunRow& r);
// A speed in tokens per second; null when it is unknown.
nlohmann::json speedJson(const std::optional<double>& v);
// The machine: the GPU's id and name, how many, the RAM the model may use and its bandwidth (also
// `runs --local --json`'s header).
nlohmann::json machineJson(const Hardware& h);
// The machine (GPU, count, RAM), the workload, the runtime and its constants of a `runs` query.
nlohmann::json runQueryJson(const RunQuery& q);
// A row's verdict as JSON says it: "unsupported" where the runtime does not run the model's
// architecture (or the device), "fits_split" for several GPUs holding whole layers in turn
// (llama.cpp's -sm layer), else runVerdictKey's.
std::string runVerdictJson(const RunRow& r);
// {"status": "supported" | "newer" | "unsupported" | "unknown", "note": …}.
nlohmann::json archSupportJson(const RunRow& r);
// The verdict column of the text tables: "fits", "fits_tp!", "fits_split", "experts",
// "unsupported"; a '*'
// when a line under the table says more of the architecture.
std::string runVerdictCell(const RunRow& r);

} // namespace llmsizer::cli
