#pragma once

#include "llmsizer/model/model.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

// The token mixers of hybrid and state-space models (ModelConfig::mixer): one layer's parameters
// as named parts and its recurrent state, computed from the mixer's dimensions and d_model. Each
// formula follows one module of Hugging Face transformers; docs/counting.md derives them and
// docs/memory.md the states.
namespace llmsizer {

// "short_conv", "gated_deltanet", "mamba", "mamba2" ("" for None), as written in JSON.
std::string_view mixerKindName(MixerKind kind);
std::optional<MixerKind> mixerKindByName(std::string_view name);
// "replace", "parallel", "only".
std::string_view mixerLayoutName(MixerLayout layout);
std::optional<MixerLayout> mixerLayoutByName(std::string_view name);

// Mamba's Δ rank as used: dt_rank, or ceil(d_model / 16) when 0 (MambaConfig time_step_rank
// "auto").
std::uint64_t mixerDtRank(const MixerLayers& m, std::uint64_t d_model);
// The inner width the mixer projects to: Mamba d_inner, Mamba-2 heads·head_dim, Gated DeltaNet
// value heads·head_dim, ShortConv d_model.
std::uint64_t mixerInnerWidth(const MixerLayers& m, std::uint64_t d_model);
// Channels of the depthwise convolution: ShortConv d_model, Gated DeltaNet 2·key + value
// width, Mamba d_inner, Mamba-2 d_inner + 2·groups·d_state.
std::uint64_t mixerConvChannels(const MixerLayers& m, std::uint64_t d_model);

// One mixer layer's parameters, part by part in module order (parts that come out as 0 are left
// out). Throws OverflowError; the dimensions must be valid (validate()).
std::vector<Part> mixerLayerParts(const MixerLayers& m, std::uint64_t d_model);
std::uint64_t mixerLayerParams(const MixerLayers& m, std::uint64_t d_model);

// Values of recurrent state one mixer layer keeps per sequence, as transformers' caches allocate
// them: the convolution window (channels · d_conv) plus the SSM or delta-rule state.
std::uint64_t mixerStatePerLayer(const MixerLayers& m, std::uint64_t d_model);

// The mixer's and the shared blocks' rules, appended to `out` as {field, message} (model.cpp's
// validate() calls this).
void validateMixer(const ModelConfig& c, std::vector<ValidationIssue>& out);

} // namespace llmsizer
