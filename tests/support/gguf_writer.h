#pragma once

// Builds GGUF files for tests: metadata and tensor infos are written byte by byte (ggml
// docs/gguf.md), offsets laid out one after another at the alignment, and the data section only
// sized with truncate. The raw hooks (counts, bytes, offsets) produce malformed files.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace testsupport {

// A ggml type as the writer needs it: on-disk id, weights per block, bytes per block
// (ggml-common.h block structs).
struct GgmlBlock {
    std::uint32_t id;
    std::uint64_t blockSize;
    std::uint64_t typeSize;
};
inline constexpr GgmlBlock kF32{0, 1, 4};
inline constexpr GgmlBlock kF16{1, 1, 2};
inline constexpr GgmlBlock kQ8_0{8, 32, 34};
inline constexpr GgmlBlock kQ4_K{12, 256, 144};
inline constexpr GgmlBlock kQ6_K{14, 256, 210};

class GgufWriter {
public:
    explicit GgufWriter(std::uint32_t version = 3, std::uint64_t alignment = 32);

    void addString(const std::string& key, const std::string& value);
    void addU32(const std::string& key, std::uint32_t value);
    void addU64(const std::string& key, std::uint64_t value);
    void addF32(const std::string& key, float value);
    void addBool(const std::string& key, bool value);
    void addStringArray(const std::string& key, const std::vector<std::string>& items);
    void addF32Array(const std::string& key, std::uint64_t count);
    void addU32Array(const std::string& key, const std::vector<std::uint32_t>& items);
    // A key/value whose type and value bytes are given as is.
    void addRawKeyValue(const std::string& key, std::uint32_t type, const std::string& valueBytes);

    // dims in ggml order (ne[0] = row length first).
    void addTensor(const std::string& name, std::vector<std::uint64_t> dims, GgmlBlock type);
    // The next tensor's offset is written as given instead of computed.
    void overrideLastOffset(std::uint64_t offset);

    void setMagic(const std::string& magic) { m_magic = magic; }
    void setVersion(std::uint32_t v) { m_version = v; }
    void setTensorCount(std::uint64_t n) { m_tensorCountOverride = n; }
    void setKvCount(std::uint64_t n) { m_kvCountOverride = n; }

    // The file cut into n splits as llama.cpp's gguf-split writes them: consecutive runs of
    // tensors, every key/value in the first split only, and in each split split.no (u16,
    // 0-based), split.count (u16) and split.tensors.count (i32, all splits' tensors).
    std::vector<GgufWriter> splitInto(std::uint32_t n) const;

    // The header: magic through the last tensor info (no padding, no data).
    std::string header() const;
    // Header, padding to the alignment, and a sparse data section holding every tensor.
    std::uint64_t write(const std::string& path) const;
    // The same header and file in big-endian byte order, as gguf_convert_endian.py writes them
    // (gguf_endian.cpp).
    std::string bigEndianHeader() const;
    std::uint64_t writeBigEndian(const std::string& path) const;
    // Offset of the data section and its size as the writer laid it out.
    std::uint64_t dataStart() const;
    std::uint64_t dataBytes() const;

    // Little-endian encodings for raw values.
    static std::string u32(std::uint32_t v);
    static std::string u64(std::uint64_t v);
    static std::string str(const std::string& s); // u64 length + bytes

private:
    struct Tensor {
        std::string name;
        std::vector<std::uint64_t> dims;
        GgmlBlock type;
        std::uint64_t offset;
        std::uint64_t bytes;
    };
    std::string m_magic = "GGUF";
    std::uint32_t m_version;
    std::uint64_t m_alignment;
    std::string m_kv;
    std::uint64_t m_kvCount = 0;
    std::vector<Tensor> m_tensors;
    std::uint64_t m_nextOffset = 0;
    std::optional<std::uint64_t> m_tensorCountOverride;
    std::optional<std::uint64_t> m_kvCountOverride;
};

} // namespace testsupport
