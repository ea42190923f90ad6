// GGUF metadata values: fixed-size scalars, their display form, and key lookup.
#include "formats/gguf_internal.h"
#include "llmsizer/formats/gguf.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include "json/byte_reader.h"
#include <cstring>

namespace llmsizer {

using detail::printableName;

// Size of a fixed-size metadata type; 0 for strings, arrays and unknown types.
std::uint64_t ggufScalarSize(GgufType t)
{
    switch (t) {
    case GgufType::U8:
    case GgufType::I8:
    case GgufType::Bool:
        return 1;
    case GgufType::U16:
    case GgufType::I16:
        return 2;
    case GgufType::U32:
    case GgufType::I32:
    case GgufType::F32:
        return 4;
    case GgufType::U64:
    case GgufType::I64:
    case GgufType::F64:
        return 8;
    default:
        return 0;
    }
}

bool ggufIsIntegerType(GgufType t)
{
    switch (t) {
    case GgufType::U8:
    case GgufType::I8:
    case GgufType::U16:
    case GgufType::I16:
    case GgufType::U32:
    case GgufType::I32:
    case GgufType::U64:
    case GgufType::I64:
        return true;
    default:
        return false;
    }
}

// Reads one fixed-size scalar of type t into v.
void readGgufScalar(detail::ByteReader& r, GgufType t, GgufValue& v, const std::string& field)
{
    switch (t) {
    case GgufType::U8:
        v.u = r.u8(field);
        break;
    case GgufType::I8:
        // The byte is a signed GGUF I8: sign extension is the point.
        v.i = static_cast<std::int8_t>(r.u8(field)); // NOLINT(bugprone-signed-char-misuse)
        break;
    case GgufType::U16:
        v.u = r.u16(field);
        break;
    case GgufType::I16:
        v.i = static_cast<std::int16_t>(r.u16(field));
        break;
    case GgufType::U32:
        v.u = r.u32(field);
        break;
    case GgufType::I32:
        v.i = static_cast<std::int32_t>(r.u32(field));
        break;
    case GgufType::U64:
        v.u = r.u64(field);
        break;
    case GgufType::I64:
        v.i = static_cast<std::int64_t>(r.u64(field));
        break;
    case GgufType::F32: {
        const std::uint32_t bits = r.u32(field);
        float f = 0;
        std::memcpy(&f, &bits, 4);
        v.f = static_cast<double>(f);
        return;
    }
    case GgufType::F64: {
        const std::uint64_t bits = r.u64(field);
        std::memcpy(&v.f, &bits, 8);
        return;
    }
    case GgufType::Bool:
        v.b = r.u8(field) != 0;
        v.u = v.b ? 1 : 0;
        v.i = static_cast<std::int64_t>(v.u);
        return;
    default:
        return;
    }
    // Keep the signed and unsigned views consistent where the value fits both.
    const bool isSigned =
        t == GgufType::I8 || t == GgufType::I16 || t == GgufType::I32 || t == GgufType::I64;
    if (isSigned) {
        v.u = v.i >= 0 ? static_cast<std::uint64_t>(v.i) : 0;
        v.f = static_cast<double>(v.i);
    } else {
        v.i = v.u <= static_cast<std::uint64_t>(INT64_MAX) ? static_cast<std::int64_t>(v.u) : 0;
        v.f = static_cast<double>(v.u);
    }
}

std::string_view ggufTypeName(GgufType t)
{
    static constexpr std::string_view kNames[] = {"u8",  "i8",  "u16",  "i16",    "u32",
                                                  "i32", "f32", "bool", "string", "array",
                                                  "u64", "i64", "f64"};
    const auto i = static_cast<std::size_t>(t);
    return i < std::size(kNames) ? kNames[i] : std::string_view("unknown");
}

bool GgufValue::isInteger() const
{
    return ggufIsIntegerType(type);
}

std::optional<std::uint64_t> GgufValue::asUInt() const
{
    if (!ggufIsIntegerType(type)) {
        return std::nullopt;
    }
    const bool isSigned = type == GgufType::I8 || type == GgufType::I16 || type == GgufType::I32 ||
                          type == GgufType::I64;
    if (isSigned && i < 0) {
        return std::nullopt;
    }
    return u;
}

std::string GgufValue::display() const
{
    switch (type) {
    case GgufType::String:
        return "\"" + printableName(s) + (truncated ? "..." : "") + "\"";
    case GgufType::Bool:
        return b ? "true" : "false";
    case GgufType::F32:
    case GgufType::F64: {
        return text::general(f, type == GgufType::F32 ? 7 : 15);
    }
    case GgufType::Array:
        return "[" + withThousands(array_count) + " x " + std::string(ggufTypeName(array_type)) +
               "]";
    default:
        if (type == GgufType::I8 || type == GgufType::I16 || type == GgufType::I32 ||
            type == GgufType::I64) {
            return std::to_string(i);
        }
        return std::to_string(u);
    }
}

const GgufValue* GgufFile::find(std::string_view key) const
{
    for (const GgufKeyValue& kv : metadata) {
        if (kv.key == key) {
            return &kv.value;
        }
    }
    return nullptr;
}

std::optional<std::uint64_t> GgufFile::uintValue(std::string_view key) const
{
    const GgufValue* v = find(key);
    return v ? v->asUInt() : std::nullopt;
}

std::optional<std::string> GgufFile::stringValue(std::string_view key) const
{
    const GgufValue* v = find(key);
    if (v == nullptr || v->type != GgufType::String) {
        return std::nullopt;
    }
    return v->s;
}

} // namespace llmsizer
