#pragma once

// Structure-aware fuzzing of checkpoint directories: one fuzz input holds several files (a
// config.json, safetensors headers, an index, GGUF splits, an adapter config), so that they are
// mutated together and reach the reader the way files arrive, side by side in a directory.
//
// An input is a list of records: one role byte, a 4-byte little-endian length, then that many
// bytes. The role picks the file's name from the target's list (role modulo its length); a
// record cut short takes what is left. A safetensors role gets its 8-byte header length put in
// front, so that the bytes fuzzed are the JSON header itself. A later record of the same role
// replaces an earlier one.
//
// The custom mutator (LLVMFuzzerCustomMutator) mutates one file at a time with libFuzzer's own
// mutations, or adds, drops, renames or copies a file; the custom crossover trades files between
// two inputs. Without them libFuzzer would mostly break the framing and test the parser of the
// framing, not the readers.
#include "fuzz_file_dir.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t maxSize);

namespace fuzzsupport {

// A role: the file name it is written as, and whether its bytes are a safetensors JSON header.
struct TreeRole {
    const char* name;
    bool safetensors = false;
};

struct TreeFile {
    std::uint8_t role = 0;
    std::string bytes;
};

inline std::vector<TreeFile> parseTree(std::span<const std::uint8_t> input)
{
    std::vector<TreeFile> files;
    std::size_t at = 0;
    while (at + 5 <= input.size()) {
        TreeFile f;
        f.role = input[at];
        std::uint32_t len = 0;
        for (int i = 3; i >= 0; --i) {
            len = (len << 8) | input[at + 1 + static_cast<std::size_t>(i)];
        }
        at += 5;
        const std::size_t take = std::min<std::size_t>(len, input.size() - at);
        f.bytes.assign(reinterpret_cast<const char*>(input.data() + at), take);
        at += take;
        files.push_back(std::move(f));
    }
    return files;
}

inline std::string serialiseTree(const std::vector<TreeFile>& files)
{
    std::string out;
    for (const TreeFile& f : files) {
        out += static_cast<char>(f.role);
        const auto len = static_cast<std::uint32_t>(f.bytes.size());
        for (int i = 0; i < 4; ++i) {
            out += static_cast<char>((len >> (8 * i)) & 0xFF);
        }
        out += f.bytes;
    }
    return out;
}

// Writes the input's files into dir (emptied first); returns how many were written.
inline std::size_t writeTree(const FileDir& dir, std::span<const TreeRole> roles,
                             std::span<const std::uint8_t> input)
{
    dir.clear();
    std::vector<std::string> byRole(roles.size());
    std::vector<bool> present(roles.size(), false);
    for (const TreeFile& f : parseTree(input)) {
        const std::size_t r = f.role % roles.size();
        byRole[r] = f.bytes;
        present[r] = true;
    }
    std::size_t written = 0;
    for (std::size_t r = 0; r < roles.size(); ++r) {
        if (!present[r]) {
            continue;
        }
        std::string bytes = byRole[r];
        if (roles[r].safetensors) {
            std::string file(8, '\0');
            const auto n = static_cast<std::uint64_t>(bytes.size());
            for (std::size_t i = 0; i < 8; ++i) {
                file[i] = static_cast<char>((n >> (8 * i)) & 0xFF);
            }
            bytes = file + bytes;
        }
        dir.write(roles[r].name, bytes);
        ++written;
    }
    return written;
}

inline std::size_t copyOut(const std::string& text, std::uint8_t* data, std::size_t maxSize)
{
    const std::size_t n = std::min(text.size(), maxSize);
    std::copy_n(text.data(), n, data);
    return n;
}

// LLVMFuzzerCustomMutator's work: mutate one file, or the set of files.
inline std::size_t mutateTree(std::uint8_t* data, std::size_t size, std::size_t maxSize,
                              unsigned seed, std::size_t roles)
{
    std::minstd_rand rng(seed);
    std::vector<TreeFile> files = parseTree({data, size});
    const unsigned op = rng() % 100;
    if (op < 3 || maxSize < 64) {
        return LLVMFuzzerMutate(data, size, maxSize); // the framing itself
    }
    if (files.empty() || op < 10) {
        TreeFile f;
        f.role = static_cast<std::uint8_t>(rng() % roles);
        if (!files.empty() && rng() % 2 == 0) {
            f.bytes = files[rng() % files.size()].bytes; // the same bytes as another role
        }
        files.push_back(std::move(f));
    } else if (op < 15 && files.size() > 1) {
        files.erase(files.begin() + static_cast<std::ptrdiff_t>(rng() % files.size()));
    } else if (op < 20) {
        files[rng() % files.size()].role = static_cast<std::uint8_t>(rng() % roles);
    } else {
        TreeFile& f = files[rng() % files.size()];
        std::size_t others = 0;
        for (const TreeFile& g : files) {
            others += 5 + (&g == &f ? 0 : g.bytes.size());
        }
        if (others >= maxSize) {
            return LLVMFuzzerMutate(data, size, maxSize);
        }
        const std::size_t room = maxSize - others;
        std::vector<std::uint8_t> buf(std::max(room, f.bytes.size()));
        std::copy(f.bytes.begin(), f.bytes.end(), buf.begin());
        const std::size_t n = LLVMFuzzerMutate(buf.data(), std::min(f.bytes.size(), room), room);
        f.bytes.assign(reinterpret_cast<const char*>(buf.data()), n);
    }
    return copyOut(serialiseTree(files), data, maxSize);
}

// LLVMFuzzerCustomCrossOver's work: the first input's files, each replaced by the second's file
// of the same role with even odds, and the second's files of roles the first lacks.
inline std::size_t crossTrees(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b,
                              std::uint8_t* out, std::size_t maxSize, unsigned seed)
{
    std::minstd_rand rng(seed);
    std::vector<TreeFile> files = parseTree(a);
    for (TreeFile& g : parseTree(b)) {
        bool found = false;
        for (TreeFile& f : files) {
            if (f.role == g.role) {
                found = true;
                if (rng() % 2 == 0) {
                    f.bytes = g.bytes;
                }
            }
        }
        if (!found && rng() % 2 == 0) {
            files.push_back(std::move(g));
        }
    }
    return copyOut(serialiseTree(files), out, maxSize);
}

} // namespace fuzzsupport

// Every tree target defines kRoles (its file names) and includes this once: the mutator and the
// crossover that keep the files files.
#define LLMSIZER_FUZZ_TREE_MUTATORS(roles)                                                         \
    extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size,           \
                                                   std::size_t maxSize, unsigned seed)             \
    {                                                                                              \
        return fuzzsupport::mutateTree(data, size, maxSize, seed, std::size(roles));               \
    }                                                                                              \
    extern "C" std::size_t LLVMFuzzerCustomCrossOver(                                              \
        const std::uint8_t* data1, std::size_t size1, const std::uint8_t* data2,                   \
        std::size_t size2, std::uint8_t* out, std::size_t maxOutSize, unsigned seed)               \
    {                                                                                              \
        return fuzzsupport::crossTrees({data1, size1}, {data2, size2}, out, maxOutSize, seed);     \
    }
