#pragma once

// Quantized safetensors layouts: what config.json says about the quantization, and the per-scheme
// recognisers in safetensors_quant.cpp. Internal to the core.
#include "llmsizer/formats/checkpoint.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace llmsizer::detail {

// The quantization settings a config.json declares: MLX's "quantization" object, or
// transformers' "quantization_config" (quant_method gptq, awq, bitsandbytes, fp8,
// compressed-tensors, mxfp4). Missing values stay unset; the tensors then settle them.
// bugprone-exception-escape reads the implicit noexcept move constructor as throwing through
// nlohmann::json's (declared noexcept) move constructor; any struct with a json member shows it.
struct QuantSettings {  // NOLINT(bugprone-exception-escape)
    std::string method; // "mlx", "gptq", "awq", "bitsandbytes", "fp8", "compressed-tensors", …
    std::optional<std::uint64_t> bits;
    std::optional<std::uint64_t> group; // group_size; 0 for GPTQ's -1 (one group per row)
    std::optional<std::uint64_t> blockRows, blockCols; // FP8 weight_block_size
    std::string mode;                                  // MLX "affine", "mxfp4", …
    nlohmann::json mlx; // MLX's quantization object (holds per-module overrides)
    std::string source; // "config.json quantization_config", … for the report
};

// Reads the settings from a parsed config.json (nullopt when it declares none). Throws
// InputError naming the file and field for values of the wrong type.
std::optional<QuantSettings> quantSettings(const nlohmann::json& config, const std::string& file);

// Recognises the packed and quantized layouts among c.tensors (already classified by name) and
// rewrites them: logical shape and parameter count for packed weights, TensorKind::QuantMetadata
// for scales, zeros and absmax, scheme labels, and c.quantization. settings may be null.
void applyQuantization(Checkpoint& c, const QuantSettings* settings);

} // namespace llmsizer::detail
