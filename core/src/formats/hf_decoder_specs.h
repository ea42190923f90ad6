#pragma once

// The Llama-shaped model types' DecoderSpecs, one per row of the model-type table
// (hf_model_types.cpp); each is defined with the modules it stands for in hf_decoder_specs.cpp.
#include "formats/hf_import_internal.h"

namespace llmsizer::hf::specs {

extern const DecoderSpec kLlama;
extern const DecoderSpec kGranite;
extern const DecoderSpec kSmolLm3;
extern const DecoderSpec kCohere;
extern const DecoderSpec kInternLm2;
extern const DecoderSpec kMistral;
extern const DecoderSpec kMinistral3;
extern const DecoderSpec kMixtral;
extern const DecoderSpec kQwen2;
extern const DecoderSpec kQwen2Moe;
extern const DecoderSpec kQwen3;
extern const DecoderSpec kQwen3Moe;
extern const DecoderSpec kGemma;
extern const DecoderSpec kGemma2;
extern const DecoderSpec kGemma3;
extern const DecoderSpec kPhi3;
extern const DecoderSpec kOlmo2;
extern const DecoderSpec kCohere2;
extern const DecoderSpec kOlmo3;
extern const DecoderSpec kExaone;
extern const DecoderSpec kExaone4;
extern const DecoderSpec kErnie45;
extern const DecoderSpec kErnie45Moe;
extern const DecoderSpec kGlm4;
extern const DecoderSpec kSeedOss;
extern const DecoderSpec kApertus;
extern const DecoderSpec kArcee;
extern const DecoderSpec kMimo;
extern const DecoderSpec kDots1;
extern const DecoderSpec kPhimoe;
extern const DecoderSpec kMinimaxM2;
extern const DecoderSpec kGraniteMoe;
extern const DecoderSpec kGraniteMoeShared;
extern const DecoderSpec kHunyuanDense;
extern const DecoderSpec kHunyuanMoe;
extern const DecoderSpec kBailingMoe;
extern const DecoderSpec kGemma3n;

} // namespace llmsizer::hf::specs
