#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace llmsizer {

// The most tensors one safetensors header or index may list (SafetensorsLimits::maxTensors).
inline constexpr std::uint64_t kMaxSafetensorsTensors = 1u << 17;

// Bounds on what a safetensors header may declare. The header length limit is the reference
// implementation's (huggingface/safetensors MAX_HEADER_SIZE, 100 MB).
struct SafetensorsLimits {
    std::uint64_t maxHeaderBytes = 100'000'000;
    // 2^20 tensors took 9.5 s and 610 MB to inspect (scripts/measure-limits.py); the largest
    // real checkpoints hold about 100,000 over all their shards.
    std::uint64_t maxTensors = kMaxSafetensorsTensors;
    std::uint64_t maxDims = 8;
    std::uint64_t maxMetadataEntries = 4096;
    std::uint64_t maxNameBytes = 4096;
    // The file may end before its data (a header downloaded alone, a partial download): data
    // ranges past the end are then not errors, and data_complete says whether all is present.
    bool headerOnly = false;
    // When maxTensors or maxHeaderBytes is what a checkpoint's budget has left for this file
    // (InspectOptions), the messages name it with these texts instead of "the limit of N …".
    std::string tensorLimitText;
    std::string byteLimitText;
};

// One tensor entry of a safetensors header. data_offsets are relative to the first byte after
// the header; params and bytes are exact.
struct SafetensorsTensor {
    std::string name;
    std::string dtype;                // "BF16", "F8_E4M3", …
    std::vector<std::uint64_t> shape; // outermost dimension first
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    std::uint64_t params = 0;
    std::uint64_t bytes = 0;
};

// A validated header: tensors in file order, __metadata__ as given.
struct SafetensorsHeader {
    std::string file;
    std::uint64_t file_size = 0;
    std::uint64_t header_size = 0; // N, the JSON length
    std::uint64_t data_start = 0;  // 8 + N
    bool data_complete = true;     // false: the file ends before its data (headerOnly)
    std::vector<SafetensorsTensor> tensors;
    std::vector<std::pair<std::string, std::string>> metadata;
};

// Bits per element of a safetensors dtype (F4 is 4, F6_* 6, BF16 16, …), or nullopt if unknown.
std::optional<std::uint32_t> safetensorsDtypeBits(std::string_view dtype);

// Reads the 8-byte length and the JSON header only, never the tensor data. Every tensor's byte
// range must match its shape and dtype, and the ranges must tile the data section exactly (as the
// reference loader requires). Throws InputError naming the file.
SafetensorsHeader readSafetensorsHeader(const std::filesystem::path& file,
                                        const SafetensorsLimits& limits = {});
// The same checks on a header already in memory; fileSize is the size of the whole file.
SafetensorsHeader parseSafetensorsHeader(std::string_view json, std::uint64_t fileSize,
                                         const std::string& fileLabel,
                                         const SafetensorsLimits& limits = {});

// model.safetensors.index.json: tensor name -> shard file name (a plain name in the same
// directory; anything with a path separator or ".." is refused).
struct SafetensorsIndex {
    std::string file;
    std::vector<std::pair<std::string, std::string>> weight_map; // in file order
    std::vector<std::string> shards;                             // unique, sorted
    std::optional<std::uint64_t> total_size;                     // metadata.total_size
    std::optional<std::uint64_t>
        total_parameters; // metadata.total_parameters (recent transformers)
};

SafetensorsIndex readSafetensorsIndex(const std::filesystem::path& file);
SafetensorsIndex parseSafetensorsIndex(const std::string& text, const std::string& fileLabel);

} // namespace llmsizer
