#include "llmsizer/catalog/gpu_choices.h"

namespace llmsizer {

std::vector<std::string> defaultGpuLines()
{
    return {kDefaultGpuId, "a100-sxm-80gb", kDatacenterGpuId, "h200-sxm-141gb",
            std::string(kDatacenterGpuId) + ":8"};
}

std::vector<std::string> nodeGpuIds()
{
    return {kDatacenterGpuId, "h200-sxm-141gb", "a100-sxm-80gb", "b200-180gb", "mi300x-192gb"};
}

std::vector<GpuGroup> defaultReferenceGroups()
{
    return {
        {"rtx-4060-ti-16gb", 1}, {kDefaultGpuId, 1},    {"rtx-5090-32gb", 1},  {"l40s-48gb", 1},
        {"a100-sxm-80gb", 1},    {kDatacenterGpuId, 1}, {"h200-sxm-141gb", 1}, {"mi300x-192gb", 1},
        {"m2-ultra-192gb", 1},   {kDatacenterGpuId, 8}, {"h200-sxm-141gb", 8}, {"mi300x-192gb", 8},
    };
}

} // namespace llmsizer
