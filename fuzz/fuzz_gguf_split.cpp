// Fuzzes the reading of split GGUF checkpoints (llama.cpp's gguf-split): the input is a 4-byte
// little-endian length L, then L bytes of the first split and the rest as the second. Both are
// written as model-00001-of-00002.gguf and model-00002-of-00002.gguf and the first is inspected:
// any input is one checkpoint counted over both splits, or an InputError (an OverflowError for a
// count beyond 64 bits); the parameters of the splits add up to the total.
#include "fuzz_file_dir.h"
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const fuzzsupport::FileDir dir;
    if (size < 4) {
        return 0;
    }
    std::size_t first = 0;
    for (int i = 3; i >= 0; --i) {
        first = (first << 8) | data[i];
    }
    const std::string_view rest(reinterpret_cast<const char*>(data + 4), size - 4);
    first = first < rest.size() ? first : rest.size();
    const auto one = dir.write("model-00001-of-00002.gguf", rest.substr(0, first));
    dir.write("model-00002-of-00002.gguf", rest.substr(first));
    try {
        const llmsizer::Checkpoint c = llmsizer::inspectCheckpoint(one);
        std::uint64_t params = 0;
        for (const llmsizer::CheckpointTensor& t : c.tensors) {
            if (t.role.kind != llmsizer::TensorKind::QuantMetadata) {
                params += t.params;
            }
        }
        if (params != c.total_params + c.buffer_params) {
            __builtin_trap();
        }
        (void)llmsizer::checkpointToJson(c).dump();
    } catch (const llmsizer::InputError&) {
    } catch (const llmsizer::OverflowError&) {
    }
    return 0;
}
