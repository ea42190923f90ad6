#pragma once

// Shared by model_json.cpp (the architecture object) and model_json_mixer.cpp (its "mixer" and
// "shared" objects). Not installed: the public API is llmsizer/catalog/preset.h.
#include "llmsizer/model/model.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace llmsizer::modeljson {

// {"kind", "layout", "layers", then the kind's dimensions (mixer.h)}; only for kind != None.
nlohmann::json mixerToJson(const MixerLayers& m);
// The object at `path`. Also reads the form written before mixers had dimensions ({"kind",
// "layers", "state_per_layer", "parts"}), when its parts are those of a short_conv or
// gated_deltanet mixer of this d_model: the dimensions are recovered and checked against every
// stored part.
MixerLayers mixerFromJson(const nlohmann::json& obj, std::uint64_t d_model, const std::string& file,
                          const std::string& path);

nlohmann::json sharedToJson(const SharedBlocks& s);
SharedBlocks sharedFromJson(const nlohmann::json& obj, const std::string& file,
                            const std::string& path);

} // namespace llmsizer::modeljson
