// One accelerator and a node of identical ones: the plain hardware description that memory,
// fit and speed read (the catalog that loads them is gpu_catalog.cpp).
#include "llmsizer/compute/hardware.h"

#include <algorithm>
#include <cmath>

namespace llmsizer {

std::uint64_t GpuSpec::usableBytes() const
{
    return static_cast<std::uint64_t>(
        std::floor(static_cast<double>(memory_bytes) * usable_fraction));
}

MemoryClass GpuSpec::memoryClass() const
{
    const std::string& t = memory_type;
    if (t.rfind("HBM", 0) == 0) {
        return MemoryClass::Hbm;
    }
    if (t.rfind("LPDDR5X", 0) == 0) {
        return MemoryClass::Lpddr5x;
    }
    if (t.rfind("LPDDR", 0) == 0) {
        return MemoryClass::Unified;
    }
    if (t.rfind("DDR", 0) == 0) {
        return MemoryClass::Ddr;
    }
    if (t.rfind("GDDR", 0) == 0) {
        return MemoryClass::Gddr;
    }
    if (category == "datacenter") {
        return MemoryClass::Hbm;
    }
    return category == "apple" || unified_memory ? MemoryClass::Unified : MemoryClass::Gddr;
}

bool GpuSpec::isUncertain(std::string_view field) const
{
    return std::find(uncertain_fields.begin(), uncertain_fields.end(), field) !=
           uncertain_fields.end();
}

UnknownGpuError::UnknownGpuError(const std::string& id)
    : std::invalid_argument("unknown GPU id '" + id + "'"), m_id(id)
{
}

std::string GpuGroup::label() const
{
    return count == 1 ? gpu_id : std::to_string(count) + "× " + gpu_id;
}

std::vector<GpuGroup> defaultReferenceGroups()
{
    return {
        {"rtx-4060-ti-16gb", 1}, {"rtx-4090-24gb", 1}, {"rtx-5090-32gb", 1},  {"l40s-48gb", 1},
        {"a100-sxm-80gb", 1},    {"h100-sxm-80gb", 1}, {"h200-sxm-141gb", 1}, {"mi300x-192gb", 1},
        {"m2-ultra-192gb", 1},   {"h100-sxm-80gb", 8}, {"h200-sxm-141gb", 8}, {"mi300x-192gb", 8},
    };
}

} // namespace llmsizer
