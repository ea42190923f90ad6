// A little-endian GGUF header turned big-endian field by field, as llama.cpp's
// gguf-py/gguf/scripts/gguf_convert_endian.py does (it swaps the version, counts, every
// key/value's type, lengths and numbers, and each tensor info's n_dims, dims, type and offset;
// strings and the magic stay as they are). Written independently of the reader under test.
#include "gguf_writer.h"
#include "safetensors_writer.h"

#include <algorithm>
#include <stdexcept>

namespace testsupport {

namespace {

class Swapper {
public:
    explicit Swapper(std::string& bytes) : m_b(bytes) {}

    std::uint64_t flip(std::size_t n) // reverses n bytes in place, returns the LE value
    {
        if (m_pos + n > m_b.size()) {
            throw std::runtime_error("gguf header truncated");
        }
        std::uint64_t v = 0;
        for (std::size_t i = n; i-- > 0;) {
            v = (v << 8) | static_cast<unsigned char>(m_b[m_pos + i]);
        }
        std::reverse(m_b.begin() + static_cast<std::ptrdiff_t>(m_pos),
                     m_b.begin() + static_cast<std::ptrdiff_t>(m_pos + n));
        m_pos += n;
        return v;
    }
    void string() { m_pos += flip(8); }
    void value(std::uint64_t type)
    {
        // gguf_type: 0 u8, 1 i8, 2 u16, 3 i16, 4 u32, 5 i32, 6 f32, 7 bool, 8 string, 9 array,
        // 10 u64, 11 i64, 12 f64.
        static constexpr std::size_t kSize[] = {1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8};
        if (type == 8) {
            string();
        } else if (type == 9) {
            const std::uint64_t elem = flip(4);
            const std::uint64_t n = flip(8);
            for (std::uint64_t i = 0; i < n; ++i) {
                value(elem);
            }
        } else if (type < 13) {
            flip(kSize[type]);
        } else {
            throw std::runtime_error("unknown gguf type");
        }
    }
    void skip(std::size_t n) { m_pos += n; }

private:
    std::string& m_b;
    std::size_t m_pos = 0;
};

} // namespace

std::string GgufWriter::bigEndianHeader() const
{
    std::string h = header();
    Swapper s(h);
    s.skip(4); // magic
    s.flip(4); // version
    const std::uint64_t tensors = s.flip(8);
    const std::uint64_t kvs = s.flip(8);
    for (std::uint64_t i = 0; i < kvs; ++i) {
        s.string();
        s.value(s.flip(4));
    }
    for (std::uint64_t i = 0; i < tensors; ++i) {
        s.string();
        const std::uint64_t dims = s.flip(4);
        for (std::uint64_t d = 0; d < dims; ++d) {
            s.flip(8);
        }
        s.flip(4); // type
        s.flip(8); // offset
    }
    return h;
}

std::uint64_t GgufWriter::writeBigEndian(const std::string& path) const
{
    std::string h = bigEndianHeader();
    h.resize(dataStart(), '\0');
    const std::uint64_t total = h.size() + dataBytes();
    writeBytes(path, h, total);
    return total;
}

} // namespace testsupport
