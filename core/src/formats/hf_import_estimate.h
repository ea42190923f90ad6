#pragma once

// A config.json of a model type the model-type table does not know, counted as a standard
// decoder from its size fields and labelled as an estimate (hf_import_estimate.cpp).
#include "llmsizer/formats/hf_import.h"

#include <nlohmann/json.hpp>
#include <string>

namespace llmsizer::hf {

// `top` is the whole config, `obj` the object holding the language model's fields (the top
// level, or text_config under `prefix`). Throws InputError naming every missing size field.
HfImport estimateUnknownType(const nlohmann::json& top, const nlohmann::json& obj,
                             const std::string& type, const std::string& file,
                             const std::string& prefix);

} // namespace llmsizer::hf
