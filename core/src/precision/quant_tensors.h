#pragma once

#include "llmsizer/model/model.h"

#include <cstdint>
#include <string>
#include <vector>

// The GGUF tensors of a ModelConfig, as llama.cpp names and shapes them: the input to the
// per-tensor type rules in quant_mix.cpp. Internal to the core.
namespace llmsizer::quant {

// Tensor roles the type rules distinguish (llama-quant.cpp tensor_get_category), plus
// Unquantized for tensors llama.cpp never quantizes.
enum class Cat {
    TokenEmbd,
    Output,
    AttnQ,
    AttnK,
    AttnV,
    AttnQkv,
    AttnKvB,
    AttnOut,
    FfnGate,
    FfnUp,
    FfnDown,
    Other,
    Unquantized
};

// One GGUF tensor family in one layer (layer -1: global). count > 1 for stacked experts.
struct Tensor {
    std::string name;
    Cat cat;
    std::uint64_t cols; // ne[0]
    std::uint64_t rows; // ne[1]
    std::uint64_t count = 1;
    std::int64_t layer = -1;
    bool expert = false;
};

// Every tensor family of the language model, layer by layer; parameters sum to
// countParameters().language_model (the vision and audio towers go in a separate mmproj file).
std::vector<Tensor> tensorsOf(const ModelConfig& config, bool fusedQkv);

} // namespace llmsizer::quant
