#pragma once

#include "llmsizer/model/count.h"

#include <string>
#include <string_view>

namespace llmsizer {

// What a stored tensor is: a parameter of a known component, a non-parameter buffer (rotary
// inv_freq, GGUF rope_freqs, GPT-2's causal-mask attn.bias), quantization metadata of a
// quantized weight (scales, zeros, absmax: bytes, not parameters), or a name no pattern knows.
enum class TensorKind { Parameter, Buffer, Unmapped, QuantMetadata };

// The component and part a tensor counts towards. Parts use count.h's keys ("q", "routed_experts",
// "block", …) plus the fused forms "qkv" and "gate_up". docs/checkpoints.md lists the patterns.
struct TensorRole {
    TensorKind kind = TensorKind::Unmapped;
    Component component = Component::Embedding; // meaningful for parameters only
    std::string part;
    bool operator==(const TensorRole&) const = default;
};

// Classifies a Hugging Face (safetensors) or GGUF tensor name.
TensorRole classifyTensor(std::string_view name);

// The block index of a per-layer tensor ("model.layers.12.mlp.up_proj.weight" -> 12), or -1.
long long tensorLayer(std::string_view name);

} // namespace llmsizer
