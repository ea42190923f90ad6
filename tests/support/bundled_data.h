#pragma once

// The repository's own presets and built-in GPU catalog, read as the tests need them.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/model/model.h"

#include <string>
#include <vector>

namespace testsupport {

// The configuration of presets/<id>.json.
llmsizer::ModelConfig bundledPreset(const std::string& id);
// Every file in presets/, read once, and one of them by id (throws when there is none).
const std::vector<llmsizer::Preset>& bundledPresets();
const llmsizer::Preset& bundledPresetEntry(const std::string& id);
// resources/gpus.json, read once.
const llmsizer::GpuCatalog& bundledCatalog();

} // namespace testsupport
