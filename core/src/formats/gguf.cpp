// GGUF header reading. Format: ggml-org/ggml docs/gguf.md and llama.cpp ggml/src/gguf.cpp
// (gguf_init_from_file_impl): magic "GGUF", version, tensor_count and kv_count (u64 since v2), the
// key/values, the tensor infos, then the data section at the next multiple of general.alignment.
#include "llmsizer/formats/gguf.h"

#include "formats/gguf_internal.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include "json/byte_reader.h"
#include <cstring>
#include <unordered_set>

namespace llmsizer {

using detail::ByteReader;
using detail::printableName;
using u64 = std::uint64_t;

namespace {

std::string quoteName(std::string_view name)
{
    return "'" + printableName(name) + "'";
}

class HeaderParser {
public:
    HeaderParser(detail::ByteSource& src, const GgufLimits& limits)
        : m_reader(src, limits.maxHeaderBytes), m_limits(limits)
    {
        m_out.file = src.label();
        m_out.file_size = src.size();
    }

    GgufFile parse()
    {
        readPreamble();
        for (u64 i = 0; i < m_kvCount; ++i) {
            readKeyValue(i);
        }
        applyAlignment();
        m_out.tensors.reserve(
            static_cast<std::size_t>(std::min<u64>(m_tensorCount, m_reader.remaining() / 24 + 1)));
        for (u64 i = 0; i < m_tensorCount; ++i) {
            readTensorInfo(i);
        }
        placeData();
        return std::move(m_out);
    }

private:
    [[noreturn]] void fail(const std::string& field, const std::string& message) const
    {
        throw InputError(m_out.file, field, message);
    }

    void readPreamble()
    {
        if (m_out.file_size < 4) {
            fail("", "the file is too short to be a GGUF file (" + withThousands(m_out.file_size) +
                         " bytes)");
        }
        char magic[4];
        m_reader.read(reinterpret_cast<std::uint8_t*>(magic), 4, "magic");
        if (std::memcmp(magic, "GGUF", 4) != 0) {
            fail("", "not a GGUF file (it starts with \"" +
                         printableName(std::string_view(magic, 4)) + "\", not \"GGUF\")");
        }
        std::uint32_t version = m_reader.u32("version");
        // Byte order from the version field, as gguf-py's GGUFReader does: a version whose
        // low half is zero is a big-endian file (gguf_convert_endian.py ... big).
        if ((version & 0xFFFF) == 0 && version != 0) {
            version = __builtin_bswap32(version);
            m_reader.setBigEndian(true);
            m_out.big_endian = true;
        }
        m_out.version = version;
        if (version == 1) {
            fail("version", "GGUF version 1 (2023) predates the format's stable layout (its "
                            "counts and lengths are 32-bit) and is not read; convert the model "
                            "again with a current llama.cpp (versions 2 and 3 are read)");
        }
        if (version != 2 && version != 3) {
            fail("version", "unsupported GGUF version " + std::to_string(version) +
                                " (versions 2 and 3 are read)");
        }
        m_tensorCount = m_reader.u64("tensor_count");
        if (m_tensorCount > m_limits.maxTensors) {
            fail("tensor_count",
                 withThousands(m_tensorCount) + " exceeds " +
                     (m_limits.tensorLimitText.empty()
                          ? "the limit of " + withThousands(m_limits.maxTensors) + " tensors"
                          : m_limits.tensorLimitText));
        }
        m_kvCount = m_reader.u64("kv_count");
        if (m_kvCount > m_limits.maxKeys) {
            fail("kv_count", withThousands(m_kvCount) + " exceeds the limit of " +
                                 withThousands(m_limits.maxKeys) + " keys");
        }
    }

    // A GGUF string: u64 length, then the bytes. At most `keep` bytes are stored.
    std::string readString(const std::string& field, u64 maxLength, u64 keep, bool* truncated)
    {
        const u64 len = m_reader.u64(field);
        if (len > maxLength) {
            fail(field, "string length " + withThousands(len) + " exceeds the limit of " +
                            withThousands(maxLength) + " bytes");
        }
        m_reader.require(len, field);
        const u64 stored = std::min(len, keep);
        std::string s(static_cast<std::size_t>(stored), '\0');
        m_reader.read(reinterpret_cast<std::uint8_t*>(s.data()), s.size(), field);
        m_reader.skip(len - stored, field);
        if (truncated != nullptr) {
            *truncated = stored < len;
        }
        return s;
    }

    void readKeyValue(u64 index)
    {
        const std::string at = "metadata[" + std::to_string(index) + "]";
        std::string key =
            readString(at + " key", m_limits.maxKeyBytes, m_limits.maxKeyBytes, nullptr);
        if (!detail::isValidUtf8(key)) {
            fail(at, "key " + quoteName(key) + " is not valid UTF-8");
        }
        const std::string field = "metadata " + quoteName(key);
        if (!m_keys.insert(key).second) {
            fail(field, "duplicate key");
        }
        const std::uint32_t type = m_reader.u32(field + " type");
        // Tokenizer arrays (vocabularies, scores, token types) are never needed; single strings
        // such as the chat template are kept (up to maxStoredString) for the JSON output.
        const bool store = key.rfind("tokenizer.", 0) != 0;
        GgufValue v = readValue(type, 0, field, store);
        m_out.metadata.push_back({std::move(key), std::move(v)});
    }

    GgufValue readValue(std::uint32_t rawType, int depth, const std::string& field, bool store)
    {
        if (!ggufIsKnownType(rawType)) {
            fail(field, "unknown value type " + std::to_string(rawType));
        }
        GgufValue v;
        v.type = static_cast<GgufType>(rawType);
        if (v.type == GgufType::String) {
            v.s = readString(field, UINT64_MAX, depth == 0 || store ? m_limits.maxStoredString : 0,
                             &v.truncated);
            return v;
        }
        if (v.type != GgufType::Array) {
            readGgufScalar(m_reader, v.type, v, field);
            return v;
        }
        const std::uint32_t elemRaw = m_reader.u32(field + " array type");
        if (!ggufIsKnownType(elemRaw)) {
            fail(field, "unknown array element type " + std::to_string(elemRaw));
        }
        v.array_type = static_cast<GgufType>(elemRaw);
        v.array_count = m_reader.u64(field + " array length");
        const u64 n = v.array_count;
        if (v.array_type == GgufType::Array && depth + 1 >= m_limits.maxArrayDepth) {
            fail(field, "arrays are nested deeper than " + std::to_string(m_limits.maxArrayDepth) +
                            " levels");
        }
        // Each element takes at least this many bytes, which bounds the loop by the file size.
        const u64 minElem = v.array_type == GgufType::String  ? 8
                            : v.array_type == GgufType::Array ? 12
                                                              : ggufScalarSize(v.array_type);
        if (n > m_reader.remaining() / minElem) {
            fail(field, "array of " + withThousands(n) + " " +
                            std::string(ggufTypeName(v.array_type)) +
                            " items runs past the end of the header (" +
                            withThousands(m_reader.remaining()) + " bytes remain)");
        }
        if (v.array_type == GgufType::String) {
            // Skipped element by element without building values: linear in the bytes read.
            for (u64 k = 0; k < n; ++k) {
                m_reader.skip(m_reader.u64(field), field);
            }
            return v;
        }
        if (v.array_type == GgufType::Array) {
            skipArrays(n, depth + 1, field);
            return v;
        }
        if (store && ggufIsIntegerType(v.array_type) && n <= m_limits.maxStoredArray &&
            n <= m_limits.maxStoredArrayTotal - m_storedInts) {
            m_storedInts += n;
            v.array_ints.reserve(static_cast<std::size_t>(n));
            for (u64 k = 0; k < n; ++k) {
                GgufValue item;
                readGgufScalar(m_reader, v.array_type, item, field);
                v.array_ints.push_back(item.i);
            }
            return v;
        }
        m_reader.skip(n * minElem, field);
        return v;
    }

    // Skips n items of an array of arrays without building a value for each (a 4 KB sparse file
    // of 22 million empty nested arrays took 7.9 s when each was built): an item is its element
    // type, its length, then its own items. No real file nests arrays (llama.cpp cannot read
    // them); they are read only to find where the header goes on.
    void skipArrays(u64 n, int depth, const std::string& field)
    {
        for (u64 k = 0; k < n; ++k) {
            const std::uint32_t elemRaw = m_reader.u32(field);
            if (!ggufIsKnownType(elemRaw)) {
                fail(field, "unknown array element type " + std::to_string(elemRaw));
            }
            const auto type = static_cast<GgufType>(elemRaw);
            const u64 count = m_reader.u64(field);
            if (type == GgufType::Array && depth + 1 >= m_limits.maxArrayDepth) {
                fail(field, "arrays are nested deeper than " +
                                std::to_string(m_limits.maxArrayDepth) + " levels");
            }
            const u64 minElem = type == GgufType::String  ? 8
                                : type == GgufType::Array ? 12
                                                          : ggufScalarSize(type);
            if (count > m_reader.remaining() / minElem) {
                fail(field, "array of " + withThousands(count) + " " +
                                std::string(ggufTypeName(type)) +
                                " items runs past the end of the header (" +
                                withThousands(m_reader.remaining()) + " bytes remain)");
            }
            if (type == GgufType::Array) {
                skipArrays(count, depth + 1, field);
            } else if (type == GgufType::String) {
                for (u64 i = 0; i < count; ++i) {
                    m_reader.skip(m_reader.u64(field), field);
                }
            } else {
                m_reader.skip(count * minElem, field);
            }
        }
    }

    void applyAlignment()
    {
        const GgufValue* a = m_out.find("general.alignment");
        if (a == nullptr) {
            return;
        }
        const auto value = a->asUInt();
        if (!value || *value == 0 || (*value & (*value - 1)) != 0 || *value > (1u << 30)) {
            fail("metadata 'general.alignment'",
                 "must be a power of two (got " + a->display() + ")");
        }
        m_out.alignment = *value;
    }

    void readTensorInfo(u64 index)
    {
        const std::string at = "tensor[" + std::to_string(index) + "]";
        GgufTensor t;
        t.name = readString(at + " name", m_limits.maxNameBytes, m_limits.maxNameBytes, nullptr);
        if (!detail::isValidUtf8(t.name)) {
            fail(at, "name " + quoteName(t.name) + " is not valid UTF-8");
        }
        const std::string field = "tensor " + quoteName(t.name);
        if (!m_names.insert(t.name).second) {
            fail(field, "duplicate tensor name");
        }
        const std::uint32_t nDims = m_reader.u32(field + " n_dims");
        if (nDims < 1 || nDims > 4) {
            fail(field, "n_dims is " + std::to_string(nDims) + " (1 to 4 are allowed)");
        }
        u64 numel = 1;
        bool overflow = false;
        for (std::uint32_t d = 0; d < nDims; ++d) {
            const u64 ne = m_reader.u64(field + " dims");
            if (ne == 0 || ne > static_cast<u64>(INT64_MAX)) {
                fail(field, "dimension " + std::to_string(d) + " is " + std::to_string(ne) +
                                " (each must be 1 to 2^63-1)");
            }
            overflow = overflow || __builtin_mul_overflow(numel, ne, &numel);
            t.dims.push_back(ne);
        }
        if (overflow) {
            fail(field, "dims " + dimsText(t.dims) + " have more elements than fit in 64 bits");
        }
        const std::uint32_t typeId = m_reader.u32(field + " type");
        const auto type = ggmlTypeById(typeId);
        if (!type) {
            fail(field,
                 typeId > ggmlTypes().back().id
                     ? "a ggml type newer than this version knows (type " + std::to_string(typeId) +
                           ")"
                     : "unknown ggml type " + std::to_string(typeId) + " (an id ggml has removed)");
        }
        t.type = *type;
        if (t.dims[0] % type->block_size != 0) {
            fail(field, "row length " + std::to_string(t.dims[0]) + " is not a multiple of the " +
                            std::string(type->name) + " block size " +
                            std::to_string(type->block_size));
        }
        t.params = numel;
        if (__builtin_mul_overflow(numel / type->block_size, u64{type->type_size}, &t.bytes)) {
            fail(field, "dims " + dimsText(t.dims) + " in " + std::string(type->name) +
                            " have more bytes than fit in 64 bits");
        }
        t.offset = m_reader.u64(field + " offset");
        m_out.tensors.push_back(std::move(t));
    }

    static std::string dimsText(const std::vector<u64>& dims)
    {
        std::string out = "[";
        for (std::size_t i = 0; i < dims.size(); ++i) {
            out += (i ? ", " : "") + std::to_string(dims[i]);
        }
        return out + "]";
    }

    // Rounds up to the alignment; false on overflow.
    bool pad(u64 x, u64* out) const
    {
        const u64 a = m_out.alignment;
        if (x > UINT64_MAX - (a - 1)) {
            return false;
        }
        *out = (x + a - 1) / a * a;
        return true;
    }

    // The data section starts at the aligned end of the tensor infos; each tensor's data follows
    // the previous one's, padded to the alignment (gguf.cpp: "tensor has offset X, expected Y").
    void placeData()
    {
        if (!pad(m_reader.pos(), &m_out.data_start)) {
            fail("", "the data section offset overflows");
        }
        if (m_out.tensors.empty()) {
            return;
        }
        const u64 size = m_out.file_size;
        const u64 dataLen = m_out.data_start <= size ? size - m_out.data_start : 0;
        u64 expected = 0;
        for (const GgufTensor& t : m_out.tensors) {
            const std::string field = "tensor " + quoteName(t.name);
            if (t.offset % m_out.alignment != 0) {
                fail(field, "data offset " + withThousands(t.offset) +
                                " is not a multiple of the alignment " +
                                std::to_string(m_out.alignment));
            }
            if (t.offset != expected) {
                fail(field, "data offset " + withThousands(t.offset) + ", expected " +
                                withThousands(expected) +
                                " (tensors follow one another, each padded to the alignment)");
            }
            if ((t.offset > dataLen || t.bytes > dataLen - t.offset) && m_limits.headerOnly) {
                m_out.data_complete = false;
            } else if (t.offset > dataLen || t.bytes > dataLen - t.offset) {
                fail(field, "data (" + withThousands(t.bytes) + " bytes at byte " +
                                withThousands(t.offset) +
                                " of the data section) runs past the end of the file (the data "
                                "section holds " +
                                withThousands(dataLen) + " bytes)");
            }
            if (!pad(t.offset + t.bytes, &expected)) {
                fail(field, "data offset overflows");
            }
        }
    }

    ByteReader m_reader;
    const GgufLimits& m_limits;
    GgufFile m_out;
    u64 m_tensorCount = 0;
    u64 m_kvCount = 0;
    std::unordered_set<std::string> m_keys;
    u64 m_storedInts = 0; // integers kept in array_ints, all arrays together
    std::unordered_set<std::string> m_names;
};

} // namespace

GgufFile readGgufHeader(const std::filesystem::path& file, const GgufLimits& limits)
{
    detail::FileSource src(file);
    return HeaderParser(src, limits).parse();
}

GgufFile parseGgufHeader(std::span<const std::uint8_t> bytes, const std::string& fileLabel,
                         const GgufLimits& limits)
{
    detail::MemorySource src(bytes, fileLabel);
    return HeaderParser(src, limits).parse();
}

} // namespace llmsizer
