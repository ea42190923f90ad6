// Fuzzes the quantized safetensors layouts (MLX, GPTQ, AWQ, bitsandbytes, FP8 block scales,
// compressed-tensors, MXFP4) through the checkpoint reader. The input is a config.json, a NUL
// byte, then a safetensors JSON header: both are written into a directory (the header without
// its tensor data) and the directory is inspected header-only, as the app does. Any input is a
// checkpoint or an InputError (an OverflowError for a count beyond 64 bits); a checkpoint's
// quantized parameters and quantization metadata bytes are part of its totals.
#include "fuzz_file_dir.h"
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const fuzzsupport::FileDir dir;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t nul = input.find('\0');
    if (nul == std::string_view::npos) {
        return 0;
    }
    const std::string_view config = input.substr(0, nul);
    const std::string_view header = input.substr(nul + 1);
    std::string file(8, '\0');
    for (std::size_t i = 0; i < 8; ++i) {
        file[i] = static_cast<char>((static_cast<std::uint64_t>(header.size()) >> (8 * i)) & 0xff);
    }
    file += header;
    dir.write("config.json", config);
    dir.write("model.safetensors", file);
    try {
        llmsizer::InspectOptions options;
        options.header_only = true;
        const llmsizer::Checkpoint c = llmsizer::inspectCheckpoint(dir.path(), options);
        if (c.quantized_params > c.total_params || c.quant_metadata_bytes > c.total_bytes) {
            __builtin_trap();
        }
        (void)llmsizer::checkpointToJson(c).dump();
    } catch (const llmsizer::InputError&) {
    } catch (const llmsizer::OverflowError&) {
    }
    return 0;
}
