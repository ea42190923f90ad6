#pragma once

#include "llmsizer/model/model.h"

#include <filesystem>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace llmsizer {

// A Hugging Face config.json read as a ModelConfig. docs/hf-import.md documents the mapping per
// model_type and the defaults each type uses when a field is missing.
struct HfImport {
    ModelConfig config;
    std::string model_type; // as read (for gemma3 with text_config: the text model's type)
    std::string name;       // a display name: _name_or_path, else architectures[0], else model_type
    // Fields that were missing and filled with a guess that the model type's own defaults do not
    // settle; each names the field and the value used. Empty for a complete config.
    std::vector<std::string> guesses;
    // For a model type the tool does not know (config.estimate set): what the standard-decoder
    // estimate assumed and which fields it could not use. Empty for a known type.
    std::vector<std::string> assumptions;
};

// Model types understood (sorted).
const std::vector<std::string>& supportedHfModelTypes();

// Each row of the model-type table (hf_model_types.cpp): the model_type and the folder under
// tests/data/ of a real config of that type with its published count.
struct HfTypeReference {
    std::string model_type;
    std::string reference;
};
std::vector<HfTypeReference> hfModelTypeReferences();

HfImport importHfConfig(const nlohmann::json& j, const std::string& file);
// Reads the file with parseHfConfigText.
HfImport importHfConfigFile(const std::filesystem::path& file);

// transformers writes configs with Python's json module, which spells float("inf") and
// float("nan") as the bare tokens Infinity, -Infinity and NaN (Mamba-2's time_step_limit
// [0.0, Infinity]). quoteNonFiniteTokens turns each such token outside strings into a JSON
// string ("Infinity"); parseHfConfigText parses the text strictly, or, when it holds such tokens
// and is then a Hugging Face config (looksLikeHfConfig), with them read as strings, so a field
// the importer reads reports its non-finite value. Any other text keeps the strict parser's error.
std::string quoteNonFiniteTokens(const std::string& text);
nlohmann::json parseHfConfigText(const std::string& text, const std::string& label);

// True if j looks like a Hugging Face config (has "model_type"), false if it looks like a project
// preset (has "architecture").
bool looksLikeHfConfig(const nlohmann::json& j);

} // namespace llmsizer
