#pragma once

// Fake machine roots for the detection tests (llm-sizer-cli --sysroot), each file in the layout
// the kernel and the drivers give it: proc/meminfo, proc/cpuinfo, the SMBIOS type 17 entries
// under sys/firmware/dmi/entries, the DRM devices under sys/class/drm (links into
// sys/devices/pci…), the NVIDIA driver's proc/driver/nvidia/gpus/*/information, and an
// nvidia-smi script in usr/bin that answers the query the probe makes.
#include <string>

namespace testsupport {

enum class FakeMachine {
    Rtx4090,     // one RTX 4090, 64 GiB of DDR5-6000 in two channels
    MixedNvidia, // an RTX 4090 and an RTX 3090, 128 GiB, no SMBIOS entries
    Rx7900Xtx,   // an AMD Radeon RX 7900 XTX beside an Intel integrated GPU, 32 GiB
    NoGpu,       // CPU and RAM only
    SmiFails,    // nvidia-smi exits 9 (no driver); the card is seen in sys/class/drm only
    SmiHangs,    // nvidia-smi never answers
};

void buildFakeMachine(const std::string& root, FakeMachine machine);

// One SMBIOS type 17 structure (DSP0134 layout, 40-byte formatted area) with its strings; size
// 0 is an empty slot.
std::string smbiosMemoryDevice(unsigned sizeMiB, unsigned ratedMts, unsigned configuredMts,
                               const std::string& deviceLocator, const std::string& bankLocator);

} // namespace testsupport
