#include "json/byte_reader.h"

#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace llmsizer::detail {

namespace {
constexpr std::size_t kCacheBytes = std::size_t{64} * 1024;
} // namespace

FileSource::FileSource(const std::filesystem::path& file) : m_label(file.string())
{
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
    m_fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (m_fd < 0) {
        if (errno == ENOENT) {
            throw InputError(m_label, "", "no such file");
        }
        throw InputError(m_label, "",
                         std::string("cannot be opened for reading (") + std::strerror(errno) +
                             ")");
    }
    struct stat st {};
    if (::fstat(m_fd, &st) != 0) {
        ::close(m_fd);
        throw InputError(m_label, "", "cannot read the file size");
    }
    if (S_ISDIR(st.st_mode)) {
        ::close(m_fd);
        throw InputError(m_label, "", "is a directory, not a file");
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(m_fd);
        throw InputError(m_label, "", "is not a regular file");
    }
    m_size = static_cast<std::uint64_t>(st.st_size);
}

FileSource::~FileSource()
{
    if (m_fd >= 0) {
        ::close(m_fd);
    }
}

void FileSource::readAt(std::uint64_t offset, std::uint8_t* dst, std::size_t n)
{
    std::size_t done = 0;
    while (done < n) {
        const ssize_t got = ::pread(m_fd, dst + done, n - done, static_cast<off_t>(offset + done));
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got <= 0) {
            // The file shrank after it was opened, or the device failed.
            throw InputError(m_label, "",
                             "read error at byte " + std::to_string(offset + done) +
                                 (got < 0 ? std::string(" (") + std::strerror(errno) + ")"
                                          : std::string(" (unexpected end of file)")));
        }
        done += static_cast<std::size_t>(got);
    }
}

MemorySource::MemorySource(std::span<const std::uint8_t> bytes, std::string label)
    : m_bytes(bytes), m_label(std::move(label))
{
}

void MemorySource::readAt(std::uint64_t offset, std::uint8_t* dst, std::size_t n)
{
    std::memcpy(dst, m_bytes.data() + offset, n);
}

ByteReader::ByteReader(ByteSource& source, std::uint64_t limit) : m_source(source), m_limit(limit)
{
}

std::uint64_t ByteReader::remaining() const
{
    const std::uint64_t end = std::min(m_limit, m_source.size());
    return end > m_pos ? end - m_pos : 0;
}

void ByteReader::require(std::uint64_t n, const std::string& field) const
{
    const std::uint64_t size = m_source.size();
    if (m_pos > size || n > size - m_pos) {
        throw InputError(label(), field,
                         "truncated (needs " + withThousands(n) + " bytes at byte " +
                             withThousands(m_pos) + ", but the file is " + withThousands(size) +
                             " bytes)");
    }
    if (m_pos > m_limit || n > m_limit - m_pos) {
        throw InputError(label(), field,
                         "the header is larger than the limit of " + withThousands(m_limit) +
                             " bytes");
    }
}

void ByteReader::read(std::uint8_t* dst, std::size_t n, const std::string& field)
{
    require(n, field);
    while (n > 0) {
        if (m_pos >= m_cacheStart && m_pos < m_cacheStart + m_cacheLen) {
            const std::size_t at = static_cast<std::size_t>(m_pos - m_cacheStart);
            const std::size_t take = std::min(n, m_cacheLen - at);
            std::memcpy(dst, m_cache.data() + at, take);
            dst += take;
            n -= take;
            m_pos += take;
            continue;
        }
        if (n >= kCacheBytes) {
            m_source.readAt(m_pos, dst, n);
            m_pos += n;
            return;
        }
        // Refill the cache from the current position, never beyond the end of the source.
        const std::uint64_t left = m_source.size() - m_pos;
        const std::size_t fill =
            static_cast<std::size_t>(std::min<std::uint64_t>(kCacheBytes, left));
        m_cache.resize(kCacheBytes);
        m_source.readAt(m_pos, m_cache.data(), fill);
        m_cacheStart = m_pos;
        m_cacheLen = fill;
    }
}

void ByteReader::skip(std::uint64_t n, const std::string& field)
{
    require(n, field);
    m_pos += n;
}

std::uint8_t ByteReader::u8(const std::string& field)
{
    std::uint8_t b = 0;
    read(&b, 1, field);
    return b;
}

std::uint16_t ByteReader::u16(const std::string& field)
{
    std::uint8_t b[2];
    read(b, 2, field);
    return m_bigEndian ? static_cast<std::uint16_t>(b[1] | (b[0] << 8))
                       : static_cast<std::uint16_t>(b[0] | (b[1] << 8));
}

std::uint32_t ByteReader::u32(const std::string& field)
{
    std::uint8_t b[4];
    read(b, 4, field);
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) {
        v = (v << 8) | b[i];
    }
    return m_bigEndian ? __builtin_bswap32(v) : v;
}

std::uint64_t ByteReader::u64(const std::string& field)
{
    std::uint8_t b[8];
    read(b, 8, field);
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) {
        v = (v << 8) | b[i];
    }
    return m_bigEndian ? __builtin_bswap64(v) : v;
}

bool isValidUtf8(std::string_view text, std::size_t* badOffset)
{
    std::size_t i = 0;
    const std::size_t n = text.size();
    auto fail = [&](std::size_t at) {
        if (badOffset != nullptr) {
            *badOffset = at;
        }
        return false;
    };
    while (i < n) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t len = 0;
        std::uint32_t cp = 0;
        if ((c & 0xE0) == 0xC0) {
            len = 2;
            cp = c & 0x1Fu;
        } else if ((c & 0xF0) == 0xE0) {
            len = 3;
            cp = c & 0x0Fu;
        } else if ((c & 0xF8) == 0xF0) {
            len = 4;
            cp = c & 0x07u;
        } else {
            return fail(i);
        }
        if (n - i < len) {
            return fail(i);
        }
        for (std::size_t k = 1; k < len; ++k) {
            const auto cc = static_cast<unsigned char>(text[i + k]);
            if ((cc & 0xC0) != 0x80) {
                return fail(i);
            }
            cp = (cp << 6) | (cc & 0x3Fu);
        }
        const bool overlong =
            (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
        if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            return fail(i);
        }
        i += len;
    }
    return true;
}

std::string printableName(std::string_view text)
{
    return printableText(text, 80);
}

std::string printableText(std::string_view text, std::size_t limit)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        if (out.size() >= limit) {
            out += "...";
            break;
        }
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c < 0x7F) {
            out += static_cast<char>(c);
            ++i;
            continue;
        }
        // Keep a well-formed multi-byte character; escape anything else.
        const std::size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        // ... but not the C1 controls U+0080..U+009F (C2 80..C2 9F), which some terminals obey.
        const bool c1 =
            c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) < 0xA0;
        if (c >= 0x80 && !c1 && len <= text.size() - i && isValidUtf8(text.substr(i, len))) {
            out.append(text.substr(i, len));
            i += len;
            continue;
        }
        out += "\\x";
        out += kHex[c >> 4];
        out += kHex[c & 0xF];
        ++i;
    }
    return out;
}

} // namespace llmsizer::detail
