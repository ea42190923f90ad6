// One accelerator and a node of identical ones: the plain hardware description that memory,
// fit and speed read (the catalog that loads them is gpu_catalog.cpp).
#include "llmsizer/compute/hardware.h"

#include "llmsizer/text/text.h"

#include <algorithm>
#include <cmath>

namespace llmsizer {

std::uint64_t GpuSpec::usableBytes() const
{
    return static_cast<std::uint64_t>(
        std::floor(static_cast<double>(memory_bytes) * usable_fraction));
}

std::string GpuSpec::memoryText() const
{
    // Four figures: a catalog's 80 or 141, a detected 23.99 GiB or 25.28 GB.
    const std::string quoted = text::general(memory_value, 4);
    return memory_unit == MemoryUnit::GiB
               ? quoted + " GiB = " + text::fixed(static_cast<double>(memory_bytes) / 1e9, 1) +
                     " GB"
               : quoted + " GB";
}

double GpuSpec::cpuCores() const
{
    if (cpu_cores) {
        return static_cast<double>(*cpu_cores);
    }
    return std::max(1.0, std::round(peakFlops() / 150e9));
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
    const MemoryClass gddr = vendor == "AMD" ? MemoryClass::GddrAmd : MemoryClass::Gddr;
    if (t.rfind("GDDR", 0) == 0) {
        return gddr;
    }
    if (category == "datacenter") {
        return MemoryClass::Hbm;
    }
    return category == "apple" || unified_memory ? MemoryClass::Unified : gddr;
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

} // namespace llmsizer
