#include "bundled_data.h"

#include "llmsizer/catalog/preset.h"

#include <filesystem>

namespace testsupport {

llmsizer::ModelConfig bundledPreset(const std::string& id)
{
    return llmsizer::loadPresetFile(std::filesystem::path(LLMSIZER_TEST_PRESETS_DIR) /
                                    (id + ".json"))
        .config;
}

const llmsizer::GpuCatalog& bundledCatalog()
{
    static const llmsizer::GpuCatalog c = llmsizer::GpuCatalog::loadBuiltin(
        std::filesystem::path(LLMSIZER_TEST_RESOURCES_DIR) / "gpus.json");
    return c;
}

} // namespace testsupport
