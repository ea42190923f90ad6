#pragma once

// Shared by safetensors.cpp (sizes and offsets) and safetensors_json.cpp (the header JSON). Not
// installed: the public API is llmsizer/formats/safetensors.h.
#include "llmsizer/formats/safetensors.h"

#include "json/byte_reader.h"
#include <string>
#include <string_view>

namespace llmsizer::detail {

inline std::string quoteName(std::string_view name)
{
    return "'" + printableName(name) + "'";
}

inline std::string tensorField(std::string_view name)
{
    return "tensor " + quoteName(name);
}

// Reads the header JSON into h.tensors and h.metadata (sizes and offsets not yet checked):
// duplicate keys, wrong types and exceeded limits throw InputError naming h.file.
void parseSafetensorsJson(std::string_view json, const SafetensorsLimits& limits,
                          SafetensorsHeader& h);

} // namespace llmsizer::detail
