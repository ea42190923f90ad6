// Every preset × every precision of a runtime on one machine (preset_runs.h).
#include "llmsizer/catalog/preset_runs.h"

#include <algorithm>

namespace llmsizer {

ModelRuns modelRuns(const ModelConfig& config, const ParamCount& count,
                    const std::string& shipped_precision, const RunQuery& query,
                    const std::optional<Fp8Checkpoint>& fp8)
{
    ModelRuns m;
    m.params = count.total;
    const RunModel model{config, count, shipped_precision, fp8};
    for (const Precision& p : runPrecisions(query.runtime, shipped_precision)) {
        m.rows.push_back(evaluateRun(model, p, query));
    }
    return m;
}

std::optional<Fp8Checkpoint> presetFp8Checkpoint(const Preset& preset)
{
    if (preset.fp8_hf_id.empty()) {
        return std::nullopt;
    }
    return fp8CheckpointFromIgnoreList(preset.fp8_ignore, preset.config.n_layers,
                                       preset.fp8_hf_id + " quantization_config");
}

ModelRuns presetRuns(const Preset& preset, const RunQuery& query)
{
    ModelRuns m = modelRuns(preset.config, countParameters(preset.config), preset.shipped_precision,
                            query, presetFp8Checkpoint(preset));
    m.id = preset.id;
    m.name = preset.name;
    m.family = preset.family;
    m.year = preset.releasedYear();
    return m;
}

std::vector<ModelRuns> presetRuns(const std::vector<Preset>& presets, const RunQuery& query)
{
    std::vector<ModelRuns> out;
    out.reserve(presets.size());
    for (const Preset& p : presets) {
        out.push_back(presetRuns(p, query));
    }
    return out;
}

bool runsNowhere(const ModelRuns& m)
{
    return m.rows.size() > 1 && std::all_of(m.rows.begin(), m.rows.end(), [](const RunRow& r) {
               return r.arch_support == ArchSupport::Unsupported;
           });
}

} // namespace llmsizer
