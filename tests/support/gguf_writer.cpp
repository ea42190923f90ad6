#include "gguf_writer.h"

#include "safetensors_writer.h"

#include <cstring>

namespace testsupport {

namespace {
// gguf_type values (ggml docs/gguf.md).
constexpr std::uint32_t kTypeU16 = 2, kTypeI32 = 5, kTypeU32 = 4, kTypeF32 = 6, kTypeBool = 7,
                        kTypeString = 8, kTypeArray = 9, kTypeU64 = 10;

std::uint64_t padTo(std::uint64_t x, std::uint64_t a)
{
    return (x + a - 1) / a * a;
}
} // namespace

GgufWriter::GgufWriter(std::uint32_t version, std::uint64_t alignment)
    : m_version(version), m_alignment(alignment)
{
}

std::string GgufWriter::u32(std::uint32_t v)
{
    std::string s(4, '\0');
    for (int i = 0; i < 4; ++i) {
        s[static_cast<std::size_t>(i)] = static_cast<char>((v >> (8 * i)) & 0xFF);
    }
    return s;
}

std::string GgufWriter::u64(std::uint64_t v)
{
    std::string s(8, '\0');
    for (int i = 0; i < 8; ++i) {
        s[static_cast<std::size_t>(i)] = static_cast<char>((v >> (8 * i)) & 0xFF);
    }
    return s;
}

std::string GgufWriter::str(const std::string& s)
{
    return u64(s.size()) + s;
}

void GgufWriter::addRawKeyValue(const std::string& key, std::uint32_t type,
                                const std::string& valueBytes)
{
    m_kv += str(key) + u32(type) + valueBytes;
    ++m_kvCount;
}

void GgufWriter::addString(const std::string& key, const std::string& value)
{
    addRawKeyValue(key, kTypeString, str(value));
}

void GgufWriter::addU32(const std::string& key, std::uint32_t value)
{
    addRawKeyValue(key, kTypeU32, u32(value));
}

void GgufWriter::addU64(const std::string& key, std::uint64_t value)
{
    addRawKeyValue(key, kTypeU64, u64(value));
}

void GgufWriter::addF32(const std::string& key, float value)
{
    std::uint32_t bits = 0;
    std::memcpy(&bits, &value, 4);
    addRawKeyValue(key, kTypeF32, u32(bits));
}

void GgufWriter::addBool(const std::string& key, bool value)
{
    addRawKeyValue(key, kTypeBool, std::string(1, value ? '\1' : '\0'));
}

void GgufWriter::addStringArray(const std::string& key, const std::vector<std::string>& items)
{
    std::string v = u32(kTypeString) + u64(items.size());
    for (const std::string& s : items) {
        v += str(s);
    }
    addRawKeyValue(key, kTypeArray, v);
}

void GgufWriter::addF32Array(const std::string& key, std::uint64_t count)
{
    addRawKeyValue(key, kTypeArray, u32(kTypeF32) + u64(count) + std::string(count * 4, '\0'));
}

void GgufWriter::addU32Array(const std::string& key, const std::vector<std::uint32_t>& items)
{
    std::string v = u32(kTypeU32) + u64(items.size());
    for (std::uint32_t x : items) {
        v += u32(x);
    }
    addRawKeyValue(key, kTypeArray, v);
}

void GgufWriter::addTensor(const std::string& name, std::vector<std::uint64_t> dims, GgmlBlock type)
{
    std::uint64_t n = 1;
    for (std::uint64_t d : dims) {
        n *= d;
    }
    const std::uint64_t bytes = n / type.blockSize * type.typeSize;
    m_tensors.push_back({name, std::move(dims), type, m_nextOffset, bytes});
    m_nextOffset = padTo(m_nextOffset + bytes, m_alignment);
}

void GgufWriter::overrideLastOffset(std::uint64_t offset)
{
    m_tensors.back().offset = offset;
}

std::vector<GgufWriter> GgufWriter::splitInto(std::uint32_t n) const
{
    auto u16 = [](std::uint32_t v) { return u32(v).substr(0, 2); };
    std::vector<GgufWriter> splits;
    const std::size_t per = (m_tensors.size() + n - 1) / n;
    for (std::uint32_t i = 0; i < n; ++i) {
        GgufWriter w(m_version, m_alignment);
        if (i == 0) {
            w.m_kv = m_kv;
            w.m_kvCount = m_kvCount;
        }
        w.addRawKeyValue("split.no", kTypeU16, u16(i));
        w.addRawKeyValue("split.count", kTypeU16, u16(n));
        w.addRawKeyValue("split.tensors.count", kTypeI32,
                         u32(static_cast<std::uint32_t>(m_tensors.size())));
        for (std::size_t t = i * per; t < m_tensors.size() && t < (i + 1) * per; ++t) {
            w.addTensor(m_tensors[t].name, m_tensors[t].dims, m_tensors[t].type);
        }
        splits.push_back(std::move(w));
    }
    return splits;
}

std::string GgufWriter::header() const
{
    std::string h = m_magic + u32(m_version);
    h += u64(m_tensorCountOverride.value_or(m_tensors.size()));
    h += u64(m_kvCountOverride.value_or(m_kvCount));
    h += m_kv;
    for (const Tensor& t : m_tensors) {
        h += str(t.name) + u32(static_cast<std::uint32_t>(t.dims.size()));
        for (std::uint64_t d : t.dims) {
            h += u64(d);
        }
        h += u32(t.type.id) + u64(t.offset);
    }
    return h;
}

std::uint64_t GgufWriter::dataStart() const
{
    return padTo(header().size(), m_alignment);
}

std::uint64_t GgufWriter::dataBytes() const
{
    if (m_tensors.empty()) {
        return 0;
    }
    const Tensor& last = m_tensors.back();
    return last.offset + last.bytes;
}

std::uint64_t GgufWriter::write(const std::string& path) const
{
    std::string h = header();
    h.resize(dataStart(), '\0');
    const std::uint64_t total = h.size() + dataBytes();
    writeBytes(path, h, total);
    return total;
}

} // namespace testsupport
