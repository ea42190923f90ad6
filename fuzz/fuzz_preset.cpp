// Fuzzes the project preset reader: any byte string must either parse into a valid preset or be
// refused with an InputError; anything else (a crash, another exception) is a bug.
#include "llmsizer/catalog/preset.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const auto j = llmsizer::parseJsonText(text, "fuzz.json");
        const llmsizer::Preset p = llmsizer::presetFromJson(j, "fuzz.json");
        (void)llmsizer::countParameters(p.config);
        // A preset that parsed must round-trip.
        if (!(llmsizer::presetFromJson(llmsizer::presetToJson(p), "fuzz.json") == p)) {
            __builtin_trap();
        }
    } catch (const llmsizer::InputError&) {
    } catch (const llmsizer::OverflowError&) {
    }
    return 0;
}
