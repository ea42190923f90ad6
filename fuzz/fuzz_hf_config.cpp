// Fuzzes the Hugging Face config.json importer: every input is imported and counted, or refused
// with an InputError (or an OverflowError for counts beyond 64 bits).
#include "llmsizer/formats/hf_import.h"
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
        const auto j = llmsizer::parseJsonText(text, "config.json");
        const llmsizer::HfImport imported = llmsizer::importHfConfig(j, "config.json");
        (void)llmsizer::countParameters(imported.config);
    } catch (const llmsizer::InputError&) {
    } catch (const llmsizer::OverflowError&) {
    }
    return 0;
}
