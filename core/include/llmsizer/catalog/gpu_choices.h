#pragma once

#include "llmsizer/compute/hardware.h"

#include <string>
#include <vector>

// The GPUs the app and the CLI name before the user picks any, in one place: the device of the
// views that size for one GPU, the Overview's reference lines, the nodes the GPUs menu offers and
// the CLI's reference table. Each is an id of the built-in catalog (resources/gpus.json), which
// tst_gpu checks.
namespace llmsizer {

// A 24 GB consumer card: Largest that fits, My hardware and the lessons' "24 GB GPU".
inline constexpr const char* kDefaultGpuId = "rtx-4090-24gb";
// The lessons' datacenter GPU.
inline constexpr const char* kDatacenterGpuId = "h100-sxm-80gb";
// The Overview's reference lines until the user picks others ("id" or "id:count").
std::vector<std::string> defaultGpuLines();
// The GPUs the GPUs menu offers as 8-GPU nodes.
std::vector<std::string> nodeGpuIds();
// The CLI's `gpus` reference table: single cards and 8-GPU nodes.
std::vector<GpuGroup> defaultReferenceGroups();

} // namespace llmsizer
