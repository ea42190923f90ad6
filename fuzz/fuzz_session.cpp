// Fuzzes the session file reader: any byte string is a valid session or an InputError; a session
// that parsed must save and read back to the same session, with and without the GPU catalog.
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/session.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace {

const llmsizer::GpuCatalog& catalog()
{
    static const llmsizer::GpuCatalog c =
        llmsizer::GpuCatalog::loadBuiltin(LLMSIZER_FUZZ_RESOURCES_DIR "/gpus.json");
    return c;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    // Odd lengths check GPU ids against the built-in catalog, even ones accept any id.
    const llmsizer::GpuCatalog* gpus = (size % 2 == 1) ? &catalog() : nullptr;
    try {
        llmsizer::Session s = llmsizer::parseSession(text, "fuzz.session.json", gpus);
        s.version = llmsizer::kSessionVersion; // saving writes the current version
        if (!(llmsizer::parseSession(llmsizer::saveSession(s), "saved", gpus) == s)) {
            __builtin_trap();
        }
    } catch (const llmsizer::InputError&) {
    }
    return 0;
}
