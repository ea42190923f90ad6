// Fuzzes the GGUF header reader on whole files in memory: any input is a valid header or an
// InputError. A header that parsed is read as a ModelConfig where possible, and that
// configuration is counted (or refused with an OverflowError, never wrapped).
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/formats/gguf.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    try {
        const llmsizer::GgufFile g =
            llmsizer::parseGgufHeader(std::span<const std::uint8_t>(data, size), "model.gguf");
        for (const auto& kv : g.metadata) {
            (void)kv.value.display();
        }
        std::string why;
        if (const auto config = llmsizer::ggufModelConfig(g, &why)) {
            (void)llmsizer::countParameters(*config);
        }
    } catch (const llmsizer::InputError&) {
    } catch (const llmsizer::OverflowError&) {
    }
    return 0;
}
