#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace llmsizer {

// ggml tensor types as stored in GGUF files: id, name, weights per block and bytes per block.
// Source: ggml-org/llama.cpp ggml/include/ggml.h (enum ggml_type, ids are on-disk values) and
// ggml/src/ggml-common.h (block structs and their static_asserts; ggml_half is 2 bytes).
// bits per weight = 8 · type_size / block_size.
struct GgmlType {
    std::uint32_t id;
    std::string_view name;
    std::uint32_t block_size; // weights per block
    std::uint32_t type_size;  // bytes per block
    double bitsPerWeight() const { return 8.0 * type_size / block_size; }
};

std::span<const GgmlType> ggmlTypes();
std::optional<GgmlType> ggmlTypeById(std::uint32_t id);
std::optional<GgmlType> ggmlTypeByName(std::string_view name); // case-insensitive, "Q4_K"

} // namespace llmsizer
