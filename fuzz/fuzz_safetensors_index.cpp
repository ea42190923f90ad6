// Fuzzes the reader of model.safetensors.index.json: any byte string is an index (every shard a
// plain file name in the index's directory, every tensor listed once) or an InputError.
#include "llmsizer/formats/safetensors.h"
#include "llmsizer/text/error.h"

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const llmsizer::SafetensorsIndex idx =
            llmsizer::parseSafetensorsIndex(text, "model.safetensors.index.json");
        std::set<std::string> tensors;
        for (const auto& [tensor, shard] : idx.weight_map) {
            if (!tensors.insert(tensor).second || shard.empty() ||
                shard.find('/') != std::string::npos || shard == "." || shard == "..") {
                __builtin_trap();
            }
        }
    } catch (const llmsizer::InputError&) {
    }
    return 0;
}
