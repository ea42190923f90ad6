#pragma once

#include "llmsizer/catalog/preset.h"
#include "llmsizer/formats/hf_import.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace llmsizer {

// A model description read from a file of either kind: a project preset or an HF config.json.
struct LoadedModel {
    std::string name;
    ModelConfig config;
    std::optional<Preset> preset;     // set when the file was a project preset
    std::vector<std::string> guesses; // from the HF importer
    // What the estimate of an unknown model type assumed (config.estimate set); from the HF
    // importer.
    std::vector<std::string> assumptions;
};

// Detects the kind from the content; throws InputError naming the file and field.
LoadedModel loadModelFile(const std::filesystem::path& file);
// The same from a document already parsed (`label` names its file in errors).
LoadedModel loadModelJson(const nlohmann::json& j, const std::string& label);

} // namespace llmsizer
