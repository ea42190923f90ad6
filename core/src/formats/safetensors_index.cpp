// model.safetensors.index.json: {"metadata": {"total_size": N}, "weight_map": {tensor: shard}}, as
// written by transformers' save_pretrained. Shards must be plain file names beside the index.
#include "llmsizer/formats/safetensors.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include "json/byte_reader.h"
#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

namespace llmsizer {

namespace {

// A file name in the index's own directory: no separators, no "." or "..", nothing absolute.
bool isPlainFileName(const std::string& name)
{
    return !name.empty() && name != "." && name != ".." &&
           name.find_first_of(std::string("/\\\0", 3)) == std::string::npos &&
           detail::isValidUtf8(name);
}

} // namespace

namespace {

// An index of 640,000 tensors (58 MB) took 3.9 s and 354 MB to inspect; DeepSeek-V3's lists
// 91,991 tensors in 8.9 MB. The same tensor limit as one safetensors header.
constexpr std::uint64_t kMaxIndexBytes = 16u << 20;
constexpr std::uint64_t kMaxIndexTensors = kMaxSafetensorsTensors;

} // namespace

SafetensorsIndex parseSafetensorsIndex(const std::string& text, const std::string& fileLabel)
{
    JsonLimits limits;
    limits.maxBytes = kMaxIndexBytes;
    limits.maxDepth = 8;
    const nlohmann::json j = parseJsonText(text, fileLabel, limits);
    requireObject(j, fileLabel, "");
    SafetensorsIndex idx;
    idx.file = fileLabel;
    if (auto it = j.find("metadata"); it != j.end() && it->is_object()) {
        idx.total_size = getOptUInt(*it, "total_size", fileLabel, "metadata");
        idx.total_parameters = getOptUInt(*it, "total_parameters", fileLabel, "metadata");
    }
    const auto map = j.find("weight_map");
    if (map == j.end() || map->is_null()) {
        throw InputError(fileLabel, "weight_map", "is required");
    }
    requireObject(*map, fileLabel, "weight_map");
    if (map->empty()) {
        throw InputError(fileLabel, "weight_map", "lists no tensors");
    }
    if (map->size() > kMaxIndexTensors) {
        throw InputError(fileLabel, "weight_map",
                         "lists " + withThousands(map->size()) + " tensors; the limit is " +
                             withThousands(kMaxIndexTensors));
    }
    std::set<std::string> shards;
    for (const auto& [tensor, shard] : map->items()) {
        const std::string field = "weight_map." + detail::printableName(tensor);
        if (!shard.is_string()) {
            throw InputError(fileLabel, field, "must be a shard file name (a string)");
        }
        const auto& name = shard.get_ref<const std::string&>();
        if (!isPlainFileName(name)) {
            throw InputError(fileLabel, field,
                             "shard file '" + detail::printableName(name) +
                                 "' is not a file name in the index's directory (paths are "
                                 "refused)");
        }
        idx.weight_map.emplace_back(tensor, name);
        shards.insert(name);
    }
    idx.shards.assign(shards.begin(), shards.end());
    return idx;
}

SafetensorsIndex readSafetensorsIndex(const std::filesystem::path& file)
{
    detail::FileSource src(file); // refuses directories and devices with a clear message
    const std::uint64_t limit = kMaxIndexBytes;
    if (src.size() > limit) {
        throw InputError(src.label(), "",
                         "file is too large (" + std::to_string(src.size()) +
                             " bytes; the limit is " + std::to_string(limit) + " bytes)");
    }
    std::string text(static_cast<std::size_t>(src.size()), '\0');
    if (!text.empty()) {
        src.readAt(0, reinterpret_cast<std::uint8_t*>(text.data()), text.size());
    }
    return parseSafetensorsIndex(text, src.label());
}

} // namespace llmsizer
