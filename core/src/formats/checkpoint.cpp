// Checkpoint inspection: reads the headers of the files found (checkpoint_files.cpp finds them;
// checkpoint_summary.cpp sums the tensors and compares them with the estimate).
#include "llmsizer/formats/checkpoint.h"

#include "formats/checkpoint_internal.h"
#include "formats/quant_layout.h"
#include "llmsizer/formats/gguf.h"
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/formats/safetensors.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include "json/byte_reader.h"
#include <algorithm>
#include <map>
#include <set>

namespace llmsizer {

namespace fs = std::filesystem;
using u64 = std::uint64_t;

namespace {

std::string fileName(const fs::path& p)
{
    return p.filename().string();
}

// The header of a safetensors file, its data allowed to be missing when c.header_only, within
// what is left of the checkpoint's budget.
SafetensorsHeader readHeader(Checkpoint& c, detail::CheckpointBudget& budget, const fs::path& file)
{
    SafetensorsHeader h = readSafetensorsHeader(file, budget.safetensors(file));
    budget.spend(h.file, h.tensors.size(), 8 + h.header_size);
    if (!h.data_complete) {
        c.data_present = false;
        c.notes.push_back(fileName(file) + ": data not present (the file ends before its tensor "
                                           "data); the counts come from the header");
    }
    return h;
}

void addSafetensors(Checkpoint& c, const SafetensorsHeader& h, const std::string& shard,
                    std::map<std::string, std::string>& seen)
{
    for (const SafetensorsTensor& t : h.tensors) {
        auto [it, fresh] = seen.emplace(t.name, shard);
        if (!fresh) {
            throw InputError(h.file, "tensor '" + detail::printableName(t.name) + "'",
                             "is also stored in " + it->second);
        }
        c.tensors.push_back({t.name, t.dtype, t.shape, t.params, t.bytes, shard, {}, {}, {}, 0});
    }
    for (const auto& entry : h.metadata) {
        const std::string& key = entry.first;
        if (std::none_of(c.metadata.begin(), c.metadata.end(),
                         [&key](const MetadataItem& m) { return m.key == key; })) {
            const std::string& v = entry.second; // whole, as written
            c.metadata.push_back(
                {key, detail::isValidUtf8(v) ? v : detail::printableText(v, SIZE_MAX), "string"});
        }
    }
    c.files.push_back(h.file);
}

// A file that is a Git LFS pointer, not the file itself, is refused with that reason.
void refuseLfsPointer(const fs::path& file)
{
    if (const auto size = detail::gitLfsPointerSize(file)) {
        throw InputError(file.string(), "", detail::gitLfsMessage(*size));
    }
}

// Reads the index and its shards; returns the number of shards it names.
u64 readIndex(Checkpoint& c, detail::CheckpointBudget& budget, const fs::path& indexFile)
{
    refuseLfsPointer(indexFile);
    const SafetensorsIndex idx = readSafetensorsIndex(indexFile);
    std::error_code ec;
    const u64 indexBytes = fs::file_size(indexFile, ec);
    budget.spendIndex(idx.file, ec ? 0 : indexBytes);
    budget.requireFiles(idx.file, "weight_map", idx.shards.size(), "names", "shard files");
    c.index_total_size = idx.total_size;
    c.index_total_parameters = idx.total_parameters;
    const fs::path dir = indexFile.parent_path();
    std::map<std::string, std::string> seen;
    std::map<std::string, std::set<std::string>> stored; // shard -> its tensor names
    for (const std::string& shard : idx.shards) {
        const fs::path file = dir / shard;
        if (!detail::presentOrThrow(file)) {
            c.missing_shards.push_back(shard);
            continue;
        }
        detail::requireInsideCheckpoint(dir, file);
        if (const auto lfs = detail::gitLfsPointerSize(file)) {
            c.missing_shards.push_back(shard);
            c.notes.push_back(file.string() + ": " + detail::gitLfsMessage(*lfs));
            continue;
        }
        const SafetensorsHeader h = readHeader(c, budget, file);
        auto& names = stored[shard];
        for (const SafetensorsTensor& t : h.tensors) {
            names.insert(t.name);
        }
        addSafetensors(c, h, shard, seen);
    }
    std::set<std::string> listed;
    for (const auto& [tensor, shard] : idx.weight_map) {
        listed.insert(tensor);
        auto it = stored.find(shard);
        if (it == stored.end()) {
            ++c.missing_tensors;
        } else if (!it->second.contains(tensor)) {
            throw InputError(idx.file, "weight_map." + detail::printableName(tensor),
                             "the tensor is not in its shard " + shard);
        }
    }
    u64 unlisted = 0;
    for (const CheckpointTensor& t : c.tensors) {
        if (!listed.contains(t.name)) {
            ++unlisted;
        }
    }
    if (unlisted > 0) {
        c.notes.push_back("the shards hold " + withThousands(unlisted) +
                          " tensors the index does not list (counted)");
    }
    c.partial = !c.missing_shards.empty();
    if (idx.total_size && !c.partial) {
        u64 bytes = 0;
        for (const CheckpointTensor& t : c.tensors) {
            bytes = checkedAdd(bytes, t.bytes, "checkpoint bytes");
        }
        if (bytes != *idx.total_size) {
            c.notes.push_back("metadata.total_size is " + withThousands(*idx.total_size) +
                              " bytes, but the shards hold " + withThousands(bytes) +
                              " bytes of tensors");
        }
    }
    return idx.shards.size();
}

// Every *.safetensors of a directory without an index. Mistral's repositories ship the same
// weights twice, as consolidated.safetensors (Meta names) and as HF files: the consolidated
// copy is left out when other files are present.
void readUnindexed(Checkpoint& c, detail::CheckpointBudget& budget,
                   const std::vector<fs::path>& files)
{
    std::vector<fs::path> read;
    std::vector<std::string> skipped;
    for (const fs::path& f : files) {
        if (fileName(f).starts_with("consolidated")) {
            skipped.push_back(fileName(f));
        } else {
            read.push_back(f);
        }
    }
    if (read.empty()) {
        read = files;
        skipped.clear();
    }
    budget.requireFiles(c.path, "", read.size(), "holds", ".safetensors files");
    std::map<std::string, std::string> seen;
    bool shardNames = true; // every name is PREFIX-NNNNN-of-MMMMM.safetensors
    for (const fs::path& f : read) {
        if (const auto lfs = detail::gitLfsPointerSize(f)) {
            c.missing_shards.push_back(fileName(f));
            c.notes.push_back(f.string() + ": " + detail::gitLfsMessage(*lfs));
            continue;
        }
        std::string stem = fileName(f);
        stem.resize(stem.size() - std::string_view(".safetensors").size());
        shardNames = shardNames && detail::parseGgufSplitName(stem + ".gguf").has_value();
        addSafetensors(c, readHeader(c, budget, f), fileName(f), seen);
    }
    c.partial = !c.missing_shards.empty();
    if (c.files.size() > 1 && !shardNames) {
        c.notes.push_back(std::to_string(c.files.size()) +
                          " .safetensors files without an index are counted as one checkpoint; "
                          "if they are separate models, inspect each file on its own");
    }
    for (const std::string& s : skipped) {
        c.notes.push_back(s + " not read (the same weights under their original names)");
    }
}

// config.json beside a safetensors checkpoint: the architecture, and the quantization it
// declares (returned).
std::optional<detail::QuantSettings> readAdjacentConfig(Checkpoint& c, const fs::path& dir)
{
    const fs::path config = dir / "config.json";
    std::error_code ec;
    const fs::file_status st = fs::status(config, ec);
    if (ec == std::errc::no_such_file_or_directory || (!ec && !fs::exists(st))) {
        c.estimate_note = "no estimate: no config.json beside the checkpoint";
        return std::nullopt;
    }
    // Read once for both: the quantization settings and the architecture.
    nlohmann::json j;
    try {
        if (ec) {
            // A symbolic link loop, a directory that cannot be searched: the system's reason.
            throw InputError(config.string(), "", "cannot be opened (" + ec.message() + ")");
        }
        refuseLfsPointer(config);
        // A Mamba-2 config may hold Python's Infinity (read as a string, docs/hf-import.md).
        j = parseHfConfigText(readTextFile(config), config.string());
    } catch (const InputError& e) {
        c.notes.push_back(std::string("quantization settings not read: ") + e.what());
        c.estimate_note = std::string("no estimate: ") + e.what();
        return std::nullopt;
    }
    // The quantization decides how the tensors are counted: a value no real file has is
    // refused, not guessed around.
    std::optional<detail::QuantSettings> quant = detail::quantSettings(j, config.string());
    try {
        HfImport imported = importHfConfig(j, config.string());
        c.inferred = imported.config;
        c.config_source = config.string();
        c.model_name = boundedName(imported.name);
        c.guesses = std::move(imported.guesses);
    } catch (const InputError& e) {
        c.estimate_note = std::string("no estimate: ") + e.what();
    }
    return quant;
}

} // namespace

Checkpoint inspectCheckpoint(const fs::path& fileOrDir, const InspectOptions& options)
{
    Checkpoint c;
    c.header_only = options.header_only;
    c.path = fileOrDir.string();
    detail::CheckpointBudget budget(c.path, options);
    const fs::file_status st = statusOrThrow(fileOrDir, "no such file or directory");
    fs::path configDir = fileOrDir.parent_path();
    u64 indexShards = 0;
    if (fs::is_directory(st)) {
        configDir = fileOrDir;
        const detail::DirectoryListing l = detail::listCheckpointDirectory(fileOrDir);
        const fs::path standard = fileOrDir / "model.safetensors.index.json";
        if (std::find(l.indexes.begin(), l.indexes.end(), standard) != l.indexes.end()) {
            indexShards = readIndex(c, budget, standard);
        } else if (l.indexes.size() > 1) {
            throw InputError(c.path, "",
                             "holds several safetensors indexes (" +
                                 detail::fileNameList(l.indexes) + "); name one");
        } else if (l.indexes.size() == 1) {
            indexShards = readIndex(c, budget, l.indexes.front());
        } else if (!l.safetensors.empty()) {
            readUnindexed(c, budget, l.safetensors);
        } else if (!l.ggufs.empty()) {
            const std::optional<fs::path> one =
                l.ggufs.size() == 1 ? l.ggufs.front() : detail::ggufSplitSetStart(l.ggufs);
            if (!one) {
                throw InputError(c.path, "",
                                 "holds " + std::to_string(l.ggufs.size()) + " .gguf files (" +
                                     detail::fileNameList(l.ggufs) +
                                     ") that are not the splits of one model; name one");
            }
            detail::readGgufCheckpoint(c, *one, budget);
        } else {
            throw InputError(c.path, "",
                             "holds no .safetensors, .safetensors.index.json or .gguf file");
        }
        if (c.format == CheckpointFormat::Safetensors && !l.ggufs.empty()) {
            c.notes.push_back("the directory also holds " +
                              countOf(l.ggufs.size(), ".gguf file", ".gguf files") + ", not read");
        }
    } else if (fileName(fileOrDir).ends_with(".index.json")) {
        indexShards = readIndex(c, budget, fileOrDir);
    } else if (fileName(fileOrDir).ends_with(".gguf") || detail::startsWithGgufMagic(fileOrDir)) {
        detail::readGgufCheckpoint(c, fileOrDir, budget);
    } else {
        refuseLfsPointer(fileOrDir);
        std::map<std::string, std::string> seen;
        addSafetensors(c, readHeader(c, budget, fileOrDir), fileName(fileOrDir), seen);
    }
    detail::classifyTensors(c);
    if (c.format == CheckpointFormat::Safetensors) {
        const fs::path dir = configDir.empty() ? fs::path(".") : configDir;
        const auto quant = readAdjacentConfig(c, dir);
        detail::recogniseLora(c, dir);
        detail::applyQuantization(c, quant ? &*quant : nullptr);
    }
    detail::summariseCheckpoint(c);
    detail::compareWithEstimate(c);
    detail::explainEmpty(c, indexShards);
    return c;
}

} // namespace llmsizer
