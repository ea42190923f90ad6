// safetensors header reading. Format: huggingface/safetensors README ("Format") and
// safetensors/src/tensor.rs (Metadata::validate): an 8-byte little-endian header length N, N bytes
// of JSON, then the data section, which the tensors' data_offsets must tile exactly.
#include "llmsizer/formats/safetensors.h"

#include "formats/safetensors_internal.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include "json/byte_reader.h"
#include <algorithm>
#include <array>
#include <numeric>

namespace llmsizer {

using detail::quoteName;
using detail::tensorField;
using u64 = std::uint64_t;

namespace {

struct DtypeBits {
    std::string_view name;
    std::uint32_t bits;
};

// safetensors/src/tensor.rs, enum Dtype and Dtype::bitsize.
constexpr std::array<DtypeBits, 21> kDtypes{{
    {"BOOL", 8},    {"F4", 4},      {"F6_E2M3", 6},     {"F6_E3M2", 6}, {"U8", 8},   {"I8", 8},
    {"F8_E5M2", 8}, {"F8_E4M3", 8}, {"F8_E8M0", 8},     {"I16", 16},    {"U16", 16}, {"F16", 16},
    {"BF16", 16},   {"I32", 32},    {"U32", 32},        {"F32", 32},    {"F64", 64}, {"I64", 64},
    {"U64", 64},    {"C64", 64},    {"F8_E4M3FNUZ", 8},
}};

std::string shapeText(const std::vector<u64>& shape)
{
    std::string out = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        out += (i ? ", " : "") + std::to_string(shape[i]);
    }
    return out + "]";
}

// Sizes each tensor from its shape and dtype and checks that the byte ranges tile the data
// section: sorted by offset, each begins where the previous ends, the last ends at the end.
void validateTensors(SafetensorsHeader& h, bool headerOnly)
{
    const u64 dataLen = h.file_size - h.data_start;
    for (SafetensorsTensor& t : h.tensors) {
        const std::string field = tensorField(t.name);
        const auto bits = safetensorsDtypeBits(t.dtype);
        if (!bits) {
            throw InputError(h.file, field,
                             "dtype " + quoteName(t.dtype) + " is not a safetensors dtype");
        }
        u64 numel = 1;
        for (u64 d : t.shape) {
            if (__builtin_mul_overflow(numel, d, &numel)) {
                throw InputError(h.file, field,
                                 "shape " + shapeText(t.shape) +
                                     " has more elements than fit in 64 bits");
            }
        }
        u64 totalBits = 0;
        if (__builtin_mul_overflow(numel, u64{*bits}, &totalBits)) {
            throw InputError(h.file, field,
                             "shape " + shapeText(t.shape) + " in " + t.dtype +
                                 " has more bytes than fit in 64 bits");
        }
        if (totalBits % 8 != 0) {
            throw InputError(h.file, field,
                             "shape " + shapeText(t.shape) + " in " + t.dtype +
                                 " is not a whole number of bytes");
        }
        t.params = numel;
        t.bytes = totalBits / 8;
        const std::string range =
            "data_offsets [" + std::to_string(t.begin) + ", " + std::to_string(t.end) + "]";
        if (t.end < t.begin) {
            throw InputError(h.file, field, range + " end before they begin");
        }
        if (t.end > dataLen && headerOnly) {
            h.data_complete = false;
        } else if (t.end > dataLen) {
            throw InputError(h.file, field,
                             range + " end past the end of the file (the data section holds " +
                                 withThousands(dataLen) + " bytes)");
        }
        if (t.end - t.begin != t.bytes) {
            throw InputError(h.file, field,
                             range + " hold " + withThousands(t.end - t.begin) +
                                 " bytes, but shape " + shapeText(t.shape) + " in " + t.dtype +
                                 " needs " + withThousands(t.bytes) + " bytes");
        }
    }
    std::vector<std::size_t> order(h.tensors.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&h](std::size_t a, std::size_t b) {
        const auto& x = h.tensors[a];
        const auto& y = h.tensors[b];
        return x.begin != y.begin ? x.begin < y.begin : x.end < y.end;
    });
    u64 expected = 0;
    const SafetensorsTensor* previous = nullptr;
    for (std::size_t i : order) {
        const SafetensorsTensor& t = h.tensors[i];
        if (t.begin != expected) {
            const std::string where = previous
                                          ? "the previous tensor " + quoteName(previous->name) +
                                                " ends at byte " + std::to_string(expected)
                                          : std::string("the data section starts at byte 0");
            throw InputError(h.file, tensorField(t.name),
                             "data_offsets [" + std::to_string(t.begin) + ", " +
                                 std::to_string(t.end) + "] begin at byte " +
                                 std::to_string(t.begin) + ", but " + where +
                                 " (tensors must follow one another without gaps or overlaps)");
        }
        expected = t.end;
        previous = &t;
    }
    if (expected > dataLen && headerOnly) {
        h.data_complete = false;
    } else if (expected != dataLen) {
        throw InputError(h.file, "",
                         "the tensors end at byte " + withThousands(expected) +
                             " of the data section, but it holds " + withThousands(dataLen) +
                             " bytes");
    }
}

} // namespace

std::optional<std::uint32_t> safetensorsDtypeBits(std::string_view dtype)
{
    for (const DtypeBits& d : kDtypes) {
        if (d.name == dtype) {
            return d.bits;
        }
    }
    return std::nullopt;
}

SafetensorsHeader parseSafetensorsHeader(std::string_view json, std::uint64_t fileSize,
                                         const std::string& fileLabel,
                                         const SafetensorsLimits& limits)
{
    SafetensorsHeader h;
    h.file = fileLabel;
    h.file_size = fileSize;
    h.header_size = json.size();
    if (json.size() > fileSize || fileSize - json.size() < 8) {
        throw InputError(fileLabel, "",
                         "header length " + withThousands(json.size()) +
                             " runs past the end of the file (the file is " +
                             withThousands(fileSize) + " bytes)");
    }
    h.data_start = 8 + json.size();
    if (json.empty()) {
        throw InputError(fileLabel, "", "header length is 0 (the header must be a JSON object)");
    }
    std::size_t bad = 0;
    if (!detail::isValidUtf8(json, &bad)) {
        throw InputError(fileLabel, "",
                         "the header is not valid UTF-8 (byte " + withThousands(bad) +
                             " of the header)");
    }
    detail::parseSafetensorsJson(json, limits, h);
    validateTensors(h, limits.headerOnly);
    return h;
}

SafetensorsHeader readSafetensorsHeader(const std::filesystem::path& file,
                                        const SafetensorsLimits& limits)
{
    detail::FileSource src(file);
    const std::string& label = src.label();
    const u64 size = src.size();
    if (size < 8) {
        throw InputError(label, "",
                         "the file is too short for a safetensors header (" + withThousands(size) +
                             " bytes; the length field alone is 8)");
    }
    detail::ByteReader reader(src, 8);
    const u64 n = reader.u64("header length");
    if (n > 0xFFFFFFFFu) {
        // Text or any other file: its first bytes are not echoed as a number.
        throw InputError(label, "",
                         "not a safetensors file (its first 8 bytes are not a header length; "
                         "a safetensors file starts with its header's length, then '{')");
    }
    if (n > size - 8) {
        throw InputError(label, "",
                         "header length " + withThousands(n) +
                             " runs past the end of the file (the file is " + withThousands(size) +
                             " bytes)");
    }
    if (n > limits.maxHeaderBytes) {
        throw InputError(
            label, "",
            "header length " + withThousands(n) + " exceeds " +
                (limits.byteLimitText.empty()
                     ? "the limit of " + withThousands(limits.maxHeaderBytes) + " bytes"
                     : limits.byteLimitText));
    }
    std::string json(static_cast<std::size_t>(n), '\0');
    if (n > 0) {
        src.readAt(8, reinterpret_cast<std::uint8_t*>(json.data()), json.size());
    }
    return parseSafetensorsHeader(json, size, label, limits);
}

} // namespace llmsizer
