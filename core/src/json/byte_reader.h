#pragma once

// Bounded little-endian reading of the header region of a binary file. Not installed: the
// checkpoint readers use it. Nothing is read past the end of the source or past a caller-set
// limit, and every failure is an InputError naming the file, the field and the offset.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace llmsizer::detail {

// Random-access bytes: a file (read with pread, never mapped) or a buffer in memory.
class ByteSource {
public:
    virtual ~ByteSource() = default;
    virtual std::uint64_t size() const = 0;
    // Reads exactly n bytes at offset; the caller has checked that the range is inside size().
    virtual void readAt(std::uint64_t offset, std::uint8_t* dst, std::size_t n) = 0;
    virtual const std::string& label() const = 0;
};

// A regular file opened read-only. Throws InputError for a missing file, a directory or a
// device.
class FileSource : public ByteSource {
public:
    explicit FileSource(const std::filesystem::path& file);
    ~FileSource() override;
    FileSource(const FileSource&) = delete;
    FileSource& operator=(const FileSource&) = delete;

    std::uint64_t size() const override { return m_size; }
    void readAt(std::uint64_t offset, std::uint8_t* dst, std::size_t n) override;
    const std::string& label() const override { return m_label; }

private:
    std::string m_label;
    int m_fd = -1;
    std::uint64_t m_size = 0;
};

// Bytes already in memory (tests and fuzzing); the buffer must outlive the source.
class MemorySource : public ByteSource {
public:
    MemorySource(std::span<const std::uint8_t> bytes, std::string label);
    std::uint64_t size() const override { return m_bytes.size(); }
    void readAt(std::uint64_t offset, std::uint8_t* dst, std::size_t n) override;
    const std::string& label() const override { return m_label; }

private:
    std::span<const std::uint8_t> m_bytes;
    std::string m_label;
};

// Sequential reader over a source through a small cache. `limit` caps the offset any read may
// reach (the header bound); reads past it or past the end of the source throw.
class ByteReader {
public:
    ByteReader(ByteSource& source, std::uint64_t limit);

    std::uint64_t pos() const { return m_pos; }
    std::uint64_t size() const { return m_source.size(); }
    // Bytes left before the end of the source or the limit, whichever comes first.
    std::uint64_t remaining() const;

    // Multi-byte integers are little-endian unless set otherwise (big-endian GGUF files).
    void setBigEndian(bool big) { m_bigEndian = big; }

    std::uint8_t u8(const std::string& field);
    std::uint16_t u16(const std::string& field);
    std::uint32_t u32(const std::string& field);
    std::uint64_t u64(const std::string& field);
    void read(std::uint8_t* dst, std::size_t n, const std::string& field);
    void skip(std::uint64_t n, const std::string& field);

    // Throws the standard "truncated" error unless n more bytes can be read.
    void require(std::uint64_t n, const std::string& field) const;

    const std::string& label() const { return m_source.label(); }

private:
    ByteSource& m_source;
    std::uint64_t m_limit;
    std::uint64_t m_pos = 0;
    std::vector<std::uint8_t> m_cache;
    std::uint64_t m_cacheStart = 0;
    std::size_t m_cacheLen = 0;
    bool m_bigEndian = false;
};

// True if the bytes are well-formed UTF-8 (no overlongs, no surrogates, at most U+10FFFF).
// On failure, *badOffset is the offset of the first bad byte.
bool isValidUtf8(std::string_view text, std::size_t* badOffset = nullptr);

// A name as it may be shown in an error: printable ASCII kept, other bytes as \xNN, cut at 80.
std::string printableName(std::string_view text);
// The same escaping, cut after `limit` bytes of output (metadata values shown whole).
std::string printableText(std::string_view text, std::size_t limit);

} // namespace llmsizer::detail
