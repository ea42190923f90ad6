// Reading a model description from a file of either kind: a project preset (an object with
// "architecture", presets/README.md) or a Hugging Face config.json (an object with "model_type",
// or a multimodal one with "text_config"). The content decides, not the file name.
#include "llmsizer/formats/model_file.h"

#include "llmsizer/formats/hf_import.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"

namespace llmsizer {

LoadedModel loadModelFile(const std::filesystem::path& file)
{
    const std::string label = file.string();
    // Strict JSON, except that a Hugging Face config may hold Python's Infinity and NaN tokens.
    const nlohmann::json j = parseHfConfigText(readTextFile(file), label);
    requireObject(j, label, "");
    LoadedModel out;
    if (j.contains("architecture")) {
        Preset preset = presetFromJson(j, label);
        out.name = preset.name;
        out.config = preset.config;
        out.preset = std::move(preset);
        return out;
    }
    if (looksLikeHfConfig(j)) {
        HfImport hf = importHfConfig(j, label);
        out.name = std::move(hf.name);
        out.config = hf.config;
        out.guesses = std::move(hf.guesses);
        out.assumptions = std::move(hf.assumptions);
        return out;
    }
    throw InputError(label, "",
                     "neither a preset (no \"architecture\") nor a Hugging Face config (no "
                     "\"model_type\")");
}

} // namespace llmsizer
