#pragma once

#include "llmsizer/catalog/preset.h"
#include "llmsizer/shape/runs.h"

#include <optional>
#include <string>
#include <vector>

// Every preset (and the model being looked at) × every precision a runtime offers, on one
// machine: the rows of `llm-sizer-cli runs` and of the app's My hardware view.
namespace llmsizer {

struct ModelRuns {
    std::string id;     // preset id; "" for a model that is not a preset
    std::string name;   // "Llama 3 70B"
    std::string family; // "Llama"
    int year = 0;       // from the preset's release month; 0 unknown
    std::uint64_t params = 0;
    std::vector<RunRow> rows; // one per precision, in runPrecisions order
};

// True when the runtime runs the model at none of its precisions (its architecture, or the
// device): the tables give it one row for all of them.
bool runsNowhere(const ModelRuns& m);

ModelRuns modelRuns(const ModelConfig& config, const ParamCount& count,
                    const std::string& shipped_precision, const RunQuery& query,
                    const std::optional<Fp8Checkpoint>& fp8 = std::nullopt);
// The FP8 checkpoint a preset names (fp8_checkpoint), if any.
std::optional<Fp8Checkpoint> presetFp8Checkpoint(const Preset& preset);
ModelRuns presetRuns(const Preset& preset, const RunQuery& query);
std::vector<ModelRuns> presetRuns(const std::vector<Preset>& presets, const RunQuery& query);

} // namespace llmsizer
