#pragma once

// Shared by model_json.cpp (the architecture object) and model_json_mixer.cpp (its "mixer",
// "shared" and "augments" objects). Not installed: the public API is llmsizer/catalog/preset.h.
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

// Gemma 3n's "augments" object and "kv_shared_layers", and "rotary_buffers" ("inv_freq",
// "unknown"), each written only when set.
void augmentsToJson(const ModelConfig& c, nlohmann::json& j);
void augmentsFromJson(const nlohmann::json& j, ModelConfig& c, const std::string& file,
                      const std::string& prefix);

nlohmann::json sharedToJson(const SharedBlocks& s);
SharedBlocks sharedFromJson(const nlohmann::json& obj, const std::string& file,
                            const std::string& path);

} // namespace llmsizer::modeljson
