// Fuzzes the user GPU catalog reader: any byte string is a valid list of devices or an
// InputError. Devices that parsed must round-trip through JSON and merge into the built-in
// catalog unless their id collides (an InputError too).
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace {

const llmsizer::GpuCatalog& builtin()
{
    static const llmsizer::GpuCatalog c =
        llmsizer::GpuCatalog::loadBuiltin(LLMSIZER_FUZZ_RESOURCES_DIR "/gpus.json");
    return c;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const auto j = llmsizer::parseJsonText(text, "gpus.json");
        const std::vector<llmsizer::GpuSpec> gpus = llmsizer::gpusFromJson(j, "gpus.json", true);
        if (!(llmsizer::gpusFromJson(llmsizer::gpusToJson(gpus), "saved", true) == gpus)) {
            __builtin_trap();
        }
        llmsizer::GpuCatalog merged = builtin();
        for (const llmsizer::GpuSpec& g : gpus) {
            merged.setUserGpu(g);
            (void)g.usableBytes();
        }
    } catch (const llmsizer::InputError&) {
    }
    return 0;
}
