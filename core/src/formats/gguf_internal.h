#pragma once

// Shared by gguf.cpp (the header parser) and gguf_value.cpp (metadata values). Not installed.
#include "llmsizer/formats/gguf.h"

#include "json/byte_reader.h"
#include <cstdint>
#include <string>

namespace llmsizer {

inline bool ggufIsKnownType(std::uint32_t t)
{
    return t <= static_cast<std::uint32_t>(GgufType::F64);
}
bool ggufIsIntegerType(GgufType t);
// Size of a fixed-size metadata type; 0 for strings and arrays.
std::uint64_t ggufScalarSize(GgufType t);
// Reads one fixed-size scalar of type t into v (u, i and f all set where they apply).
void readGgufScalar(detail::ByteReader& r, GgufType t, GgufValue& v, const std::string& field);

} // namespace llmsizer
