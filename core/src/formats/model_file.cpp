// Reading a model description from a file of either kind: a project preset (an object with
// "architecture", presets/README.md) or a Hugging Face config.json (an object with "model_type",
// or a multimodal one with "text_config"). The content decides, not the file name.
#include "llmsizer/formats/model_file.h"

#include "formats/checkpoint_internal.h"
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <nlohmann/json.hpp>

namespace llmsizer {

LoadedModel loadModelFile(const std::filesystem::path& file)
{
    const std::string label = file.string();
    // A clone without git-lfs leaves a pointer in place of a large config (a multimodal one
    // with its vocabulary): the reason, not a JSON error on its first letter.
    if (const auto lfs = detail::gitLfsPointerSize(file)) {
        throw InputError(label, "", detail::gitLfsMessage(*lfs));
    }
    // Strict JSON, except that a Hugging Face config may hold Python's Infinity and NaN tokens.
    return loadModelJson(parseHfConfigText(readTextFile(file), label), label);
}

LoadedModel loadModelJson(const nlohmann::json& j, const std::string& label)
{
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
        out.name = boundedName(hf.name); // _name_or_path may be any path
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
