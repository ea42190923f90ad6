// GGUF checkpoints, whole or split. llama.cpp's gguf-split (tools/gguf-split/gguf-split.cpp)
// writes PREFIX-00001-of-0000N.gguf … with the metadata in the first split only, and in every
// split the keys split.no (u16, 0-based), split.count (u16) and split.tensors.count (i32, the
// tensors of all splits). File names follow llama_split_path: "%s-%05d-of-%05d.gguf".
#include "formats/checkpoint_internal.h"
#include "llmsizer/formats/gguf.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include "json/byte_reader.h"
#include <algorithm>
#include <charconv>
#include <map>

namespace llmsizer::detail {

namespace fs = std::filesystem;
using u64 = std::uint64_t;

namespace {

constexpr std::string_view kSplitNo = "split.no";
constexpr std::string_view kSplitCount = "split.count";
constexpr std::string_view kSplitTensors = "split.tensors.count";
constexpr u64 kMaxSplits = 65535; // split.count is a u16

// A GGUF header, its tensor data allowed to be missing when c.header_only, within what is left of
// the checkpoint's budget.
GgufFile readGgufData(Checkpoint& c, CheckpointBudget& budget, const fs::path& file)
{
    GgufFile g = readGgufHeader(file, budget.gguf(file));
    budget.spend(g.file, g.tensors.size(), std::min(g.data_start, g.file_size));
    if (!g.data_complete) {
        c.data_present = false;
        c.notes.push_back(file.filename().string() +
                          ": data not present (the file ends before its tensor data); the counts "
                          "come from the header");
    }
    return g;
}

std::string fiveDigits(u64 n)
{
    std::string s = std::to_string(n);
    return s.size() < 5 ? std::string(5 - s.size(), '0') + s : s;
}

std::string splitFileName(const std::string& prefix, u64 number, u64 count)
{
    return prefix + "-" + fiveDigits(number) + "-of-" + fiveDigits(count) + ".gguf";
}

// A split key as a number: absent is nullopt; present but not a non-negative integer throws.
std::optional<u64> splitKey(const GgufFile& g, std::string_view key)
{
    const GgufValue* v = g.find(key);
    if (v == nullptr) {
        return std::nullopt;
    }
    const std::optional<u64> n = v->asUInt();
    if (!n) {
        throw InputError(g.file, std::string(key),
                         "must be a non-negative integer, not " + v->display());
    }
    return n;
}

void addTensors(Checkpoint& c, const GgufFile& g, const std::string& shard,
                std::map<std::string, std::string>& seen)
{
    for (const GgufTensor& t : g.tensors) {
        auto [it, fresh] = seen.emplace(t.name, shard);
        if (!fresh) {
            throw InputError(g.file, "tensor '" + printableName(t.name) + "'",
                             "is also stored in " + it->second);
        }
        c.tensors.push_back(
            {t.name, std::string(t.type.name), t.dims, t.params, t.bytes, shard, {}, {}, {}, 0});
    }
    c.files.push_back(g.file);
}

// The metadata and the architecture, from the file that holds them (the first split).
void takeMetadata(Checkpoint& c, const GgufFile& g)
{
    c.gguf_version = g.version;
    if (g.big_endian) {
        c.notes.emplace_back("big-endian GGUF (byte order read from the version field)");
    }
    for (const GgufKeyValue& kv : g.metadata) {
        const GgufValue& v = kv.value;
        std::string kind = v.type == GgufType::String  ? "string"
                           : v.type == GgufType::Bool  ? "bool"
                           : v.type == GgufType::Array ? "array"
                           : v.isInteger()             ? "integer"
                                                       : "float";
        // Strings whole, as written (bytes that are not UTF-8 escaped as \xNN).
        std::string text = v.type != GgufType::String ? v.display()
                           : isValidUtf8(v.s)         ? v.s + (v.truncated ? "..." : "")
                                                      : printableText(v.s, SIZE_MAX);
        c.metadata.push_back({kv.key, std::move(text), std::move(kind)});
    }
    c.model_name = boundedName(g.stringValue("general.name").value_or(""));
    std::string why;
    if (auto config = ggufModelConfig(g, &why, &c.guesses)) {
        c.inferred = *config;
        c.config_source = "GGUF metadata";
    } else {
        c.estimate_note = "no estimate: " + why;
    }
}

// Reads every split of the set `opened` belongs to; the ones not on disk are listed as missing.
void readSplits(Checkpoint& c, CheckpointBudget& budget, const GgufFile& opened,
                const fs::path& file, u64 count)
{
    const std::optional<GgufSplitName> name = parseGgufSplitName(file.filename().string());
    if (!name || name->count != count) {
        throw InputError(opened.file, std::string(kSplitCount),
                         "is " + std::to_string(count) +
                             ", but the file name does not end in -NNNNN-of-" + fiveDigits(count) +
                             ".gguf, so the other splits cannot be found");
    }
    const std::optional<u64> no = splitKey(opened, kSplitNo);
    if (no != name->number - 1) {
        throw InputError(opened.file, std::string(kSplitNo),
                         (no ? "is " + std::to_string(*no) : std::string("is missing")) +
                             ", but the file name makes it split " + std::to_string(name->number) +
                             " of " + std::to_string(count) + " (split.no " +
                             std::to_string(name->number - 1) + ")");
    }
    std::map<std::string, std::string> seen;
    std::optional<u64> declaredTensors;
    std::optional<GgufFile> metadata; // the first split, with every split's tensors
    for (u64 i = 1; i <= count; ++i) {
        const std::string shard = splitFileName(name->prefix, i, count);
        const fs::path path = file.parent_path() / shard;
        if (i != name->number && !presentOrThrow(path)) {
            c.missing_shards.push_back(shard);
            continue;
        }
        if (i != name->number) {
            requireInsideCheckpoint(file.parent_path(), path);
        }
        if (const auto lfs = i != name->number ? gitLfsPointerSize(path) : std::nullopt) {
            c.missing_shards.push_back(shard);
            c.notes.push_back(path.string() + ": " + gitLfsMessage(*lfs));
            continue;
        }
        GgufFile g = i == name->number ? opened : readGgufData(c, budget, path);
        if (splitKey(g, kSplitCount) != count) {
            throw InputError(g.file, std::string(kSplitCount),
                             "differs from " + opened.file + "'s " + std::to_string(count));
        }
        if (splitKey(g, kSplitNo) != i - 1) {
            throw InputError(g.file, std::string(kSplitNo),
                             "is not " + std::to_string(i - 1) + " as the file name says");
        }
        if (!declaredTensors) {
            declaredTensors = splitKey(g, kSplitTensors);
            // A count beyond what one checkpoint may hold is no real file's.
            if (declaredTensors && *declaredTensors > budget.maxTensors()) {
                throw InputError(g.file, std::string(kSplitTensors),
                                 "is " + withThousands(*declaredTensors) +
                                     "; a checkpoint holds at most " +
                                     withThousands(budget.maxTensors()) + " tensors");
            }
        }
        addTensors(c, g, shard, seen);
        if (i == 1) {
            metadata = std::move(g);
        } else if (metadata) {
            metadata->tensors.insert(metadata->tensors.end(), g.tensors.begin(), g.tensors.end());
        }
    }
    if (metadata) {
        // The architecture's structural flags (tied head, biases, norms) come from the tensors
        // present, so it is read once every split's tensors are in.
        takeMetadata(c, *metadata);
    } else {
        c.gguf_version = opened.version;
        c.estimate_note = "no estimate: the first split, which holds the metadata, is missing";
    }
    c.partial = !c.missing_shards.empty();
    if (c.partial && metadata) {
        c.guesses.push_back("tied head, biases and norms: read from the splits present (" +
                            std::to_string(c.missing_shards.size()) + " missing)");
    }
    const u64 held = c.tensors.size();
    if (declaredTensors && !c.partial && *declaredTensors != held) {
        throw InputError(c.files.front(), std::string(kSplitTensors),
                         "is " + withThousands(*declaredTensors) + ", but the " +
                             std::to_string(count) + " splits hold " + withThousands(held) +
                             " tensors");
    }
    if (declaredTensors && c.partial && *declaredTensors > held) {
        c.missing_tensors = *declaredTensors - held;
    }
}

} // namespace

std::optional<GgufSplitName> parseGgufSplitName(const std::string& fileName)
{
    // PREFIX-NNNNN-of-MMMMM.gguf: 5+ digits each, 1 <= N <= M <= 65535.
    constexpr std::string_view ext = ".gguf";
    if (fileName.size() <= ext.size() || !fileName.ends_with(ext)) {
        return std::nullopt;
    }
    const std::string stem = fileName.substr(0, fileName.size() - ext.size());
    const std::size_t of = stem.rfind("-of-");
    const std::size_t dash = of == std::string::npos ? of : stem.rfind('-', of - 1);
    if (of == std::string::npos || dash == std::string::npos || dash == 0) {
        return std::nullopt;
    }
    auto number = [](std::string_view digits) -> std::optional<u64> {
        u64 v = 0;
        const char* end = digits.data() + digits.size();
        if (digits.size() < 5 || digits.size() > 9 ||
            std::from_chars(digits.data(), end, v).ptr != end) {
            return std::nullopt;
        }
        return v;
    };
    const std::optional<u64> n = number(std::string_view(stem).substr(dash + 1, of - dash - 1));
    const std::optional<u64> m = number(std::string_view(stem).substr(of + 4));
    if (!n || !m || *n < 1 || *n > *m || *m > kMaxSplits) {
        return std::nullopt;
    }
    return GgufSplitName{stem.substr(0, dash), *n, *m};
}

void readGgufCheckpoint(Checkpoint& c, const fs::path& file, CheckpointBudget& budget)
{
    if (const auto lfs = gitLfsPointerSize(file)) {
        throw InputError(file.string(), "", gitLfsMessage(*lfs));
    }
    const GgufFile g = readGgufData(c, budget, file);
    c.format = CheckpointFormat::Gguf;
    const std::optional<u64> count = splitKey(g, kSplitCount);
    if (count && *count > kMaxSplits) {
        throw InputError(g.file, std::string(kSplitCount),
                         "is " + std::to_string(*count) + "; a u16 holds at most 65535");
    }
    if (count && *count > 1) {
        budget.requireFiles(g.file, std::string(kSplitCount), *count, "is", "splits");
        readSplits(c, budget, g, file, *count);
        return;
    }
    std::map<std::string, std::string> seen;
    addTensors(c, g, file.filename().string(), seen);
    takeMetadata(c, g);
}

} // namespace llmsizer::detail
