#include "bundled_data.h"

#include "llmsizer/catalog/preset.h"

#include <filesystem>
#include <stdexcept>

namespace testsupport {

llmsizer::ModelConfig bundledPreset(const std::string& id)
{
    return llmsizer::loadPresetFile(std::filesystem::path(LLMSIZER_TEST_PRESETS_DIR) /
                                    (id + ".json"))
        .config;
}

const std::vector<llmsizer::Preset>& bundledPresets()
{
    static const std::vector<llmsizer::Preset> p =
        llmsizer::loadPresetDir(LLMSIZER_TEST_PRESETS_DIR);
    return p;
}

const llmsizer::Preset& bundledPresetEntry(const std::string& id)
{
    for (const llmsizer::Preset& p : bundledPresets()) {
        if (p.id == id) {
            return p;
        }
    }
    throw std::runtime_error("no preset " + id);
}

const llmsizer::GpuCatalog& bundledCatalog()
{
    static const llmsizer::GpuCatalog c = llmsizer::GpuCatalog::loadBuiltin(
        std::filesystem::path(LLMSIZER_TEST_RESOURCES_DIR) / "gpus.json");
    return c;
}

} // namespace testsupport
