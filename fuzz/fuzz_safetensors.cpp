// Fuzzes the safetensors header reader. The input is an 8-byte little-endian length of the data
// section followed by the JSON header, so the fuzzer can reach the byte-range checks without
// writing the tensor data itself. Any input is a valid header or an InputError.
#include "llmsizer/formats/safetensors.h"
#include "llmsizer/text/error.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 8) {
        return 0;
    }
    std::uint64_t dataLen = 0;
    for (int i = 7; i >= 0; --i) {
        dataLen = (dataLen << 8) | data[i];
    }
    const std::string_view json(reinterpret_cast<const char*>(data + 8), size - 8);
    std::uint64_t fileSize = 0;
    if (__builtin_add_overflow(8 + json.size(), dataLen, &fileSize)) {
        return 0;
    }
    try {
        const llmsizer::SafetensorsHeader h =
            llmsizer::parseSafetensorsHeader(json, fileSize, "model.safetensors");
        // Accepted tensors tile the data section exactly.
        std::uint64_t bytes = 0;
        for (const auto& t : h.tensors) {
            if (t.end - t.begin != t.bytes) {
                __builtin_trap();
            }
            bytes += t.bytes;
        }
        if (bytes != fileSize - h.data_start) {
            __builtin_trap();
        }
    } catch (const llmsizer::InputError&) {
    }
    try {
        (void)llmsizer::parseSafetensorsIndex(std::string(json), "model.safetensors.index.json");
    } catch (const llmsizer::InputError&) {
    }
    return 0;
}
