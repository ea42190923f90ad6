#pragma once

// Shared by count.cpp and the files that count one feature each (count_augments.cpp,
// count_extras.cpp). Not installed: the public API is llmsizer/model/count.h.
#include "llmsizer/model/count.h"

#include <vector>

namespace llmsizer::countdetail {

// One part of a component, for count.cpp to add to that component's builder.
struct ComponentPart {
    Component component;
    const char* key;
    std::uint64_t params;
};

// Gemma 3n's per-layer inputs, AltUp and LAuReL (ModelConfig::augments), as parts of the token
// embedding, the MLP and the norms; empty without augments.
std::vector<ComponentPart> augmentParts(const ModelConfig& c);

// The parameters of the MTP layers the checkpoint stores (ModelConfig::mtp_layers), from the
// model's per-layer counts in r; 0 without MTP layers.
std::uint64_t multiTokenPrediction(const ModelConfig& c, const ParamCount& r);

// The checkpoint line of the MTP layers (`params` of them), with the family's convention for
// copies of the embedding and head.
CheckpointExtra mtpExtra(const ModelConfig& c, std::uint64_t params);

// The checkpoint line of the rotary buffers (ModelConfig::rotary_buffers); key "" when the
// checkpoint stores none.
CheckpointExtra rotaryExtra(const ModelConfig& c);

} // namespace llmsizer::countdetail
