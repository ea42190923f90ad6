#pragma once

// The quantized-layout recogniser shared by safetensors_quant.cpp and
// safetensors_quant_int.cpp. Internal to the core.
#include "formats/quant_layout.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include "json/byte_reader.h"
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace llmsizer::detail::quant_impl {

using u64 = std::uint64_t;
using Shape = std::vector<u64>;

struct Scheme {
    std::string what;
    u64 weights = 0;
    u64 params = 0;
};

// Rewrites c.tensors scheme by scheme (applyQuantization). The MLX and MXFP4 recognisers and
// run() are in safetensors_quant.cpp, the integer and scaled ones in safetensors_quant_int.cpp.
class Quantizer {
public:
    Quantizer(Checkpoint& c, const QuantSettings* s) : m_c(c), m_s(s)
    {
        for (std::size_t i = 0; i < c.tensors.size(); ++i) {
            m_byName.emplace(c.tensors[i].name, i);
        }
        // Messages name a tensor's file as the user reached it (the directory given, then the
        // shard), not the shard's bare name.
        for (const std::string& f : c.files) {
            const std::size_t slash = f.find_last_of('/');
            m_paths.emplace(slash == std::string::npos ? f : f.substr(slash + 1), f);
        }
    }

    void run();

private:
    CheckpointTensor* find(const std::string& name)
    {
        const auto it = m_byName.find(name);
        return it == m_byName.end() ? nullptr : &m_c.tensors[it->second];
    }
    bool method(std::string_view m) const { return m_s != nullptr && m_s->method == m; }
    [[noreturn]] void fail(const CheckpointTensor& t, const std::string& message) const
    {
        const auto path = m_paths.find(t.file);
        throw InputError(path == m_paths.end() ? t.file : path->second,
                         "tensor '" + printableName(t.name) + "'", message);
    }
    // Runs one recogniser on t: a count beyond 64 bits is reported on the tensor, like any other
    // layout that does not add up.
    template <typename F> void guarded(CheckpointTensor& t, F&& recognise)
    {
        try {
            recognise(t);
        } catch (const OverflowError& e) {
            fail(t, e.what());
        }
    }
    static std::string shapeText(const Shape& s)
    {
        std::string out = "[";
        for (std::size_t i = 0; i < s.size(); ++i) {
            out += (i ? ", " : "") + std::to_string(s[i]);
        }
        return out + "]";
    }
    void weight(CheckpointTensor& t, Shape logical, const std::string& classifyAs,
                const std::string& label, const std::string& what);
    void meta(CheckpointTensor& owner, const std::string& name);

    void mxfp4(CheckpointTensor& t);
    void mlx(CheckpointTensor& t);
    void gptqAwq(CheckpointTensor& t);
    void packed(CheckpointTensor& t);
    void bnb4(CheckpointTensor& stateTensor);
    void scaled(CheckpointTensor& t);

    Checkpoint& m_c;
    const QuantSettings* m_s;
    std::unordered_map<std::string, std::size_t> m_byName;
    std::unordered_map<std::string, std::string> m_paths; // shard name -> its path
    std::map<std::string, Scheme> m_schemes;
    std::map<std::string, u64> m_guessed; // assumption -> weights read with it
};

inline bool endsWith(const std::string& s, std::string_view suffix)
{
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix.data(), suffix.size()) == 0;
}

inline std::string stem(const std::string& s, std::string_view suffix)
{
    return s.substr(0, s.size() - suffix.size());
}

// x·32/bits when exact: the unpacked length of x 32-bit words of bits-bit values.
inline std::optional<u64> unpack32(u64 words, u64 bits)
{
    if (bits == 0 || words > UINT64_MAX / 32 || (words * 32) % bits != 0) {
        return std::nullopt;
    }
    return words * 32 / bits;
}

} // namespace llmsizer::detail::quant_impl
