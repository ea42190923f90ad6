#pragma once

#include "llmsizer/precision/ggml_types.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace llmsizer {

// GGUF metadata value types (ggml-org/llama.cpp gguf.h, enum gguf_type; on-disk values).
enum class GgufType : std::uint32_t {
    U8 = 0,
    I8 = 1,
    U16 = 2,
    I16 = 3,
    U32 = 4,
    I32 = 5,
    F32 = 6,
    Bool = 7,
    String = 8,
    Array = 9,
    U64 = 10,
    I64 = 11,
    F64 = 12,
};
std::string_view ggufTypeName(GgufType t);

// Bounds on what a GGUF header may declare. Real files have a few hundred to a few ten thousand
// tensors and a header of a few MiB (the tokenizer's arrays).
struct GgufLimits {
    std::uint64_t maxHeaderBytes = 256u << 20; // metadata + tensor infos
    std::uint64_t maxTensors = 1u << 17;       // 2^20 took 4.8 s and 674 MB (measure-limits.py)
    std::uint64_t maxKeys = 1u << 16;
    std::uint64_t maxKeyBytes = 65535;       // gguf.h: keys are at most 65535 bytes
    std::uint64_t maxNameBytes = 4096;       // tensor names (ggml itself allows 63)
    std::uint64_t maxStoredString = 1024;    // longer metadata strings are kept truncated
    std::uint64_t maxStoredArray = 1u << 16; // integer arrays up to this length are kept
    // ... up to this many integers in all (8 MiB): the reader needs only the per-layer arrays
    // (a few hundred values each); a file of many short u8 arrays would otherwise take 8 bytes
    // of memory for each byte on disk. tokenizer.* arrays are never kept.
    std::uint64_t maxStoredArrayTotal = 1u << 20;
    int maxArrayDepth = 4;
    // The file may end before its tensor data (a header downloaded alone): not an error then,
    // and GgufFile::data_complete says whether all data is present.
    bool headerOnly = false;
    // When maxTensors is what a checkpoint's budget has left for this file (InspectOptions), its
    // message names it with this text instead of "the limit of N tensors".
    std::string tensorLimitText;
};

// One metadata value. Scalars are kept; strings up to maxStoredString bytes (then truncated);
// arrays keep their element type and length, and integer arrays their values when short.
struct GgufValue {
    GgufType type = GgufType::U8;
    std::uint64_t u = 0; // unsigned integers, and non-negative signed ones
    std::int64_t i = 0;  // signed integers (and unsigned ones that fit)
    double f = 0.0;      // floats (and every number, approximately)
    bool b = false;
    std::string s;
    bool truncated = false;
    GgufType array_type = GgufType::U8;
    std::uint64_t array_count = 0;
    std::vector<std::int64_t> array_ints; // integer arrays up to maxStoredArray items

    bool isInteger() const;
    // The value as a non-negative integer, if it is one (an integer scalar >= 0).
    std::optional<std::uint64_t> asUInt() const;
    // A short display form: 4096, "llama", true, [array of 128256 string].
    std::string display() const;
};

struct GgufKeyValue {
    std::string key;
    GgufValue value;
};

// One tensor info. dims are in ggml order (ne[0], the row length, first); offset is relative to
// the start of the data section.
struct GgufTensor {
    std::string name;
    std::vector<std::uint64_t> dims;
    GgmlType type{};
    std::uint64_t offset = 0;
    std::uint64_t params = 0;
    std::uint64_t bytes = 0;
};

struct GgufFile {
    std::string file;
    std::uint32_t version = 0;
    bool big_endian = false;   // byte order detected from the version field
    bool data_complete = true; // false: the file ends before its tensor data (headerOnly)
    std::uint64_t file_size = 0;
    std::uint64_t alignment = 32;
    std::uint64_t data_start = 0; // absolute offset of the aligned data section
    std::vector<GgufKeyValue> metadata;
    std::vector<GgufTensor> tensors;

    const GgufValue* find(std::string_view key) const;
    std::optional<std::uint64_t> uintValue(std::string_view key) const;
    std::optional<std::string> stringValue(std::string_view key) const;
};

// Reads the header of a GGUF v2/v3 file (magic, counts, metadata, tensor infos), never the
// tensor data. Every tensor must have a known ggml type, rows that are a whole number of blocks
// and a data range inside the file, laid out one after another at the alignment as llama.cpp's
// loader requires. Throws InputError naming the file.
GgufFile readGgufHeader(const std::filesystem::path& file, const GgufLimits& limits = {});
// The same on a whole file already in memory (tests, fuzzing).
GgufFile parseGgufHeader(std::span<const std::uint8_t> bytes, const std::string& fileLabel,
                         const GgufLimits& limits = {});

} // namespace llmsizer
