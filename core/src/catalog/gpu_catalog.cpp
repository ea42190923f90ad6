// The GPU catalog: built-in devices from resources/gpus.json plus a user catalog file (their
// JSON form, validated field by field, is gpu_json.cpp).
#include "llmsizer/catalog/gpu_catalog.h"

#include "llmsizer/catalog/preset.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <unordered_set>

namespace llmsizer {

using nlohmann::json;

std::filesystem::path GpuCatalog::builtinFile()
{
    return defaultResourceDir() / "gpus.json";
}

GpuCatalog GpuCatalog::loadBuiltin(const std::filesystem::path& file)
{
    GpuCatalog c;
    c.m_gpus = gpusFromJson(readJsonFile(file), file.string(), false);
    return c;
}

void GpuCatalog::loadUser(const std::filesystem::path& file)
{
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) {
        return;
    }
    const std::string label = file.string();
    const json j = readJsonFile(file);
    // 160,000 GPUs (14 MB) took 2.5 s to list; the built-in catalog has a few dozen.
    if (const auto it = j.find("gpus");
        j.is_object() && it != j.end() && it->is_array() && it->size() > kMaxUserGpus) {
        throw InputError(label, "gpus",
                         "lists " + withThousands(it->size()) +
                             " GPUs; a user catalog holds at most " + withThousands(kMaxUserGpus));
    }
    std::vector<GpuSpec> user = gpusFromJson(j, label, true);
    std::vector<GpuSpec> merged;
    std::unordered_set<std::string> builtinIds; // linear in the catalogs, not their product
    std::unordered_set<std::string> userIds;
    for (const GpuSpec& g : user) {
        userIds.insert(g.id);
    }
    for (const GpuSpec& g : m_gpus) {
        if (!g.user && !g.detected) {
            merged.push_back(g);
            builtinIds.insert(g.id);
        }
    }
    for (std::size_t i = 0; i < user.size(); ++i) {
        if (builtinIds.count(user[i].id) != 0) {
            throw InputError(label, "gpus[" + std::to_string(i) + "].id",
                             "'" + user[i].id +
                                 "' is a built-in GPU id; a user GPU needs an id of its own");
        }
    }
    // A detected GPU stays, unless the user's file now holds a GPU of its id.
    for (const GpuSpec& g : m_gpus) {
        if (g.detected && userIds.count(g.id) == 0) {
            merged.push_back(g);
        }
    }
    merged.insert(merged.end(), user.begin(), user.end());
    m_gpus = std::move(merged);
}

void GpuCatalog::saveUser(const std::filesystem::path& file) const
{
    writeFileAtomically(file, gpusToJson(userGpus()).dump(1) + "\n");
}

void GpuCatalog::setUserGpu(GpuSpec gpu)
{
    // Round-trip through the parser so that a GPU built in code meets the file rules.
    gpu = gpuFromJson(gpuToJson(gpu), "", "", true);
    // A file may list a user GPU without sources (older files do); a GPU added or edited here
    // says where its figures come from.
    if (gpu.sources.empty()) {
        throw InputError("", "sources",
                         "needs at least one source (a URL, a datasheet or your own measurement)");
    }
    for (GpuSpec& g : m_gpus) {
        if (g.id != gpu.id) {
            continue;
        }
        if (!g.user && !g.detected) {
            throw InputError("", "id",
                             "'" + gpu.id +
                                 "' is a built-in GPU id; a user GPU needs an id of "
                                 "its own");
        }
        g = std::move(gpu);
        return;
    }
    m_gpus.push_back(std::move(gpu));
}

void GpuCatalog::setDetectedGpu(GpuSpec gpu)
{
    gpu.user = false;
    gpu.detected = true;
    for (GpuSpec& g : m_gpus) {
        if (g.id != gpu.id) {
            continue;
        }
        if (g.user) {
            return;
        }
        if (!g.detected) {
            throw InputError("", "id",
                             "'" + gpu.id +
                                 "' is a built-in GPU id; a detected GPU needs an id "
                                 "of its own");
        }
        g = std::move(gpu);
        return;
    }
    // Before the user's GPUs, after the built-ins.
    const auto firstUser =
        std::find_if(m_gpus.begin(), m_gpus.end(), [](const GpuSpec& g) { return g.user; });
    m_gpus.insert(firstUser, std::move(gpu));
}

bool GpuCatalog::removeUserGpu(std::string_view id)
{
    auto it = std::find_if(m_gpus.begin(), m_gpus.end(),
                           [&](const GpuSpec& g) { return g.user && g.id == id; });
    if (it == m_gpus.end()) {
        return false;
    }
    m_gpus.erase(it);
    return true;
}

std::vector<GpuSpec> GpuCatalog::userGpus() const
{
    std::vector<GpuSpec> out;
    std::copy_if(m_gpus.begin(), m_gpus.end(), std::back_inserter(out),
                 [](const GpuSpec& g) { return g.user; });
    return out;
}

const GpuSpec* GpuCatalog::find(std::string_view id) const
{
    auto it =
        std::find_if(m_gpus.begin(), m_gpus.end(), [&](const GpuSpec& g) { return g.id == id; });
    return it == m_gpus.end() ? nullptr : &*it;
}

const GpuSpec& GpuCatalog::at(std::string_view id) const
{
    if (const GpuSpec* g = find(id)) {
        return *g;
    }
    throw UnknownGpuError(std::string(id));
}

} // namespace llmsizer
