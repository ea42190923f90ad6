#pragma once

#include "llmsizer/model/model.h"

#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace llmsizer {

// The published parameter count a preset is checked against, and where it comes from.
// exact == true: the computed total must equal total_params to the last parameter.
// exact == false (e.g. GPT-3, no public checkpoint): total_params is a nominal figure and the
// computed total (and active count, if stated) must lie within tolerance of it. Presets use one
// unit in the last stated digit ("175B" -> 1,000,000,000), as papers round and truncate alike.
struct PublishedCount {
    std::uint64_t total_params = 0;
    bool exact = true;
    std::uint64_t tolerance = 0;
    std::uint64_t active_params = 0; // optional published active count (MoE), 0 = not stated
    std::string source;
    std::string note; // why a model card's headline differs, what is excluded, …
    // The figure the model is known by when it is not the exact count ("117M" for GPT-2 small,
    // whose checkpoint has 124,439,808; "7B" for Llama 2 7B), and where it is stated. Empty: the
    // model has no headline of its own (or total_params is it, exact == false).
    std::string headline;
    std::string headline_source;
    bool operator==(const PublishedCount&) const = default;
};

// A headline figure as a number: "117M" -> 117,000,000, "46.7B" -> 46,700,000,000, "1.5T";
// suffixes K, M, B, T. Empty when the text is not such a figure.
std::optional<std::uint64_t> headlineValue(std::string_view text);

// How many tokens the model was trained on, as its makers published it (the teaching views set it
// against Chinchilla's 20 tokens per parameter). tokens == 0: no figure was published; `note`
// then says so and what is known instead.
struct TrainingTokens {
    std::uint64_t tokens = 0;
    std::string source;
    std::string note; // "a lower bound ('15T+')", "not published", …
    bool operator==(const TrainingTokens&) const = default;
};

// One real model: presets/<id>.json. Schema in presets/README.md.
struct Preset {
    std::string id;          // file stem, e.g. "llama-3-70b"
    std::string name;        // "Llama 3 70B"
    std::string family;      // "Llama" — groups the preset picker
    std::string description; // one line for the picker
    std::string hf_id;       // "meta-llama/Meta-Llama-3-70B" or empty
    ModelConfig config;
    PublishedCount published;
    std::string released; // "YYYY-MM": the month its weights (or paper) were first public
    // The weight precision of the published checkpoint when it is not 16-bit ("fp8" for
    // DeepSeek-V3, "mxfp4_experts" for gpt-oss), a precision id; "" = BF16/FP16.
    std::string shipped_precision;
    // An FP8 checkpoint of the model that keeps some modules in BF16 (Meta's Llama 3.1 405B FP8):
    // its Hugging Face id and its quantization_config ignore list, as written there. Empty: FP8
    // rows assume every linear layer but lm_head in FP8.
    std::string fp8_hf_id;
    std::vector<std::string> fp8_ignore;
    TrainingTokens training; // source empty: not stated in the file
    bool operator==(const Preset&) const = default;
    // The year of `released` (2024), 0 when the file does not say.
    int releasedYear() const;
};

// The project's own JSON form of a ModelConfig (the "architecture" object of a preset, also used
// by session files). Unknown keys are errors; absent keys take ModelConfig's defaults.
// modelConfigToJson writes every field, so modelConfigFromJson(modelConfigToJson(c)) == c.
// modelConfigFromJson also runs validate(): the first problem becomes an InputError whose field is
// prefix + "." + the field ("architecture.n_heads").
nlohmann::json modelConfigToJson(const ModelConfig& config);
ModelConfig modelConfigFromJson(const nlohmann::json& j, const std::string& file,
                                const std::string& prefix);

// Strict objects: throws InputError("prefix.key: unknown key") for a key not in `allowed`, and
// refuses null values (a key is either given or left out).
void requireKnownKeys(const nlohmann::json& obj, std::initializer_list<std::string_view> allowed,
                      const std::string& file, const std::string& prefix);

nlohmann::json presetToJson(const Preset& preset);
// Parses and validates (validate() problems become an InputError naming the field).
Preset presetFromJson(const nlohmann::json& j, const std::string& file);
// Reads presets/<id>.json; the file's "id" must equal its stem.
Preset loadPresetFile(const std::filesystem::path& file);
// Every *.json in dir, sorted by family, then release month, then published total, then id; throws
// on the first bad file (files are read in name order).
std::vector<Preset> loadPresetDir(const std::filesystem::path& dir);

// The folder of the running program, told by its main() (QCoreApplication::applicationDirPath():
// the core has no portable way to learn it). Until it is set, data is looked up relative to the
// working directory.
void setProgramDirectory(const std::filesystem::path& dir);

// Where the presets are: $LLMSIZER_PRESETS_DIR, else <prefix>/share/llm-sizer/presets, where
// <prefix> is the folder above the program's (bin/ when installed, app/ in a build tree, whose
// share/llm-sizer links to the source tree).
std::filesystem::path defaultPresetDir();
// Same lookup for resources/ ($LLMSIZER_RESOURCES_DIR).
std::filesystem::path defaultResourceDir();

} // namespace llmsizer
