#pragma once

#include "llmsizer/compute/hardware.h"

#include <cstddef>
#include <filesystem>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace llmsizer {

// JSON form of the catalog files: {"gpus": [ {...}, … ]}. Parsing validates every field and
// throws InputError naming the file and the field ("gpus[3].memory_gib").
nlohmann::json gpuToJson(const GpuSpec& gpu);
GpuSpec gpuFromJson(const nlohmann::json& j, const std::string& file, const std::string& path,
                    bool user);
std::vector<GpuSpec> gpusFromJson(const nlohmann::json& j, const std::string& file, bool user);
nlohmann::json gpusToJson(const std::vector<GpuSpec>& gpus);

// The categories a GPU may have: datacenter, workstation, consumer, apple, other.
std::vector<std::string> gpuCategories();

// Built-in devices plus the user's own. User ids may not collide with built-in ids.
// The most GPUs a user catalog (loadUser) may list.
inline constexpr std::size_t kMaxUserGpus = 4096;

class GpuCatalog {
public:
    // resources/gpus.json under defaultResourceDir().
    static std::filesystem::path builtinFile();
    // Throws InputError for a missing or invalid file.
    static GpuCatalog loadBuiltin(const std::filesystem::path& file = builtinFile());

    // Reads and merges a user catalog; a file that does not exist adds nothing. Throws
    // InputError (naming the file and field) for invalid files and colliding ids; the catalog is
    // unchanged on error.
    void loadUser(const std::filesystem::path& file);
    // Writes the user devices to `file` atomically.
    void saveUser(const std::filesystem::path& file) const;

    // Adds or replaces a user device; throws InputError naming the field ("bandwidth_gb_s",
    // "sources", "id") if it is invalid, names no source, or its id is built in. The catalog is
    // unchanged on error.
    void setUserGpu(GpuSpec gpu);
    bool removeUserGpu(std::string_view id);
    // Adds or replaces a GPU detected on this machine that the catalog does not know
    // (machineFromSystem's custom GPU): kept for this run beside the built-ins, never saved, and
    // kept when a user catalog is loaded. A user GPU of the same id is the user's own and wins
    // (this adds nothing); a built-in id throws InputError ("id").
    void setDetectedGpu(GpuSpec gpu);

    // Built-ins first, then the detected GPUs, then the user's.
    const std::vector<GpuSpec>& gpus() const { return m_gpus; }
    std::vector<GpuSpec> userGpus() const;
    const GpuSpec* find(std::string_view id) const;
    const GpuSpec& at(std::string_view id) const; // throws UnknownGpuError

private:
    std::vector<GpuSpec> m_gpus;
};

} // namespace llmsizer
