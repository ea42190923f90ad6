#include "fake_machine.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace testsupport {

namespace fs = std::filesystem;

namespace {

void writeText(const fs::path& p, const std::string& text)
{
    fs::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) {
        throw std::runtime_error("cannot write " + p.string());
    }
}

void meminfo(const fs::path& root, unsigned long long totalKb, unsigned long long availableKb)
{
    writeText(root / "proc/meminfo",
              "MemTotal:       " + std::to_string(totalKb) + " kB\n" +
                  "MemFree:        " + std::to_string(availableKb / 2) + " kB\n" +
                  "MemAvailable:   " + std::to_string(availableKb) + " kB\n" +
                  "Buffers:          123456 kB\nCached:         9876543 kB\n"
                  "SwapCached:            0 kB\nSwapTotal:       2097148 kB\n"
                  "SwapFree:        2097148 kB\nHugePages_Total:       0\n");
}

// `cores` physical cores with two threads each, as x86 kernels list them.
void cpuinfo(const fs::path& root, const std::string& model, int cores)
{
    std::string text;
    for (int t = 0; t < 2 * cores; ++t) {
        text +=
            "processor\t: " + std::to_string(t) +
            "\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 97\nmodel name\t: " + model +
            "\nstepping\t: 2\ncpu MHz\t\t: 3000.000\ncache size\t: 1024 KB\n" +
            "physical id\t: 0\nsiblings\t: " + std::to_string(2 * cores) +
            "\ncore id\t\t: " + std::to_string(t % cores) +
            "\ncpu cores\t: " + std::to_string(cores) + "\napicid\t\t: " + std::to_string(t) +
            "\nflags\t\t: fpu vme de pse tsc msr pae mce avx2 avx512f\n\n";
    }
    writeText(root / "proc/cpuinfo", text);
}

// A PCI display device with its DRM card: sys/devices/pci0000:00/BRIDGE/SLOT/{vendor, device,
// uevent, mem_info_*}, and sys/class/drm/cardN -> ../../devices/…/SLOT/drm/cardN whose device
// link leads back to SLOT, beside a connector and a render node.
void drmCard(const fs::path& root, int n, const std::string& slot, const std::string& vendor,
             const std::string& device, const std::string& driver, const std::string& vram,
             const std::string& gtt)
{
    const fs::path bridge = "pci0000:00/0000:00:01." + std::to_string(n);
    const fs::path dev = root / "sys/devices" / bridge / slot;
    const std::string card = "card" + std::to_string(n);
    writeText(dev / "vendor", vendor + "\n");
    writeText(dev / "device", device + "\n");
    writeText(dev / "class", "0x030000\n");
    writeText(dev / "uevent", "DRIVER=" + driver + "\nPCI_CLASS=30000\nPCI_ID=" + vendor.substr(2) +
                                  ":" + device.substr(2) +
                                  "\nPCI_SUBSYS_ID=1458:4104\nPCI_SLOT_NAME=" + slot +
                                  "\nMODALIAS=pci:v0000" + vendor.substr(2) + "d0000" +
                                  device.substr(2) + "sv00001458sd00004104bc03sc00i00\n");
    if (!vram.empty()) {
        writeText(dev / "mem_info_vram_total", vram + "\n");
        writeText(dev / "mem_info_gtt_total", gtt + "\n");
    }
    fs::create_directories(dev / "drm" / card / (card + "-DP-1"));
    fs::create_directories(dev / "drm" / ("renderD" + std::to_string(128 + n)));
    fs::create_symlink("../../../" + slot, dev / "drm" / card / "device");
    fs::create_directories(root / "sys/class/drm");
    const fs::path up = fs::path("../../devices") / bridge / slot / "drm";
    fs::create_symlink(up / card, root / "sys/class/drm" / card);
    fs::create_symlink(up / card / (card + "-DP-1"), root / "sys/class/drm" / (card + "-DP-1"));
    fs::create_symlink(up / ("renderD" + std::to_string(128 + n)),
                       root / "sys/class/drm" / ("renderD" + std::to_string(128 + n)));
    writeText(root / "sys/class/drm/version", "drm 1.1.0 20060810\n");
}

void nvidiaProc(const fs::path& root, const std::string& slot, const std::string& model)
{
    writeText(root / "proc/driver/nvidia/gpus" / slot / "information",
              "Model: \t\t " + model +
                  "\nIRQ:   \t\t 170\nGPU UUID: \t GPU-0f2e6b1c-55aa-4c1e-9b7d-3a1c2b4d5e6f\n"
                  "Video BIOS: \t 95.02.18.80.87\nBus Type: \t PCIe\nDMA Size: \t 47 bits\n"
                  "DMA Mask: \t 0x7fffffffffff\nBus Location: \t " +
                  slot + "\nDevice Minor: \t 0\nGPU Excluded:\t No\n");
}

// usr/bin/nvidia-smi: answers exactly the probe's query (anything else is an error, as a
// changed query would be), or fails, or hangs.
void nvidiaSmi(const fs::path& root, const std::string& body)
{
    const fs::path p = root / "usr/bin/nvidia-smi";
    writeText(p, "#!/bin/sh\n" + body);
    fs::permissions(p, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                           fs::perms::others_read | fs::perms::others_exec);
}

std::string smiAnswer(const std::string& lines)
{
    return "if [ \"$1\" != \"--query-gpu=name,memory.total,pci.bus_id\" ] || "
           "[ \"$2\" != \"--format=csv,noheader\" ]; then\n"
           "  echo \"unexpected arguments: $*\" >&2\n  exit 2\nfi\n"
           "cat <<'END'\n" +
           lines + "END\n";
}

void word(std::string& s, std::size_t at, unsigned v)
{
    s[at] = static_cast<char>(v & 0xFF);
    s[at + 1] = static_cast<char>((v >> 8) & 0xFF);
}

} // namespace

std::string smbiosMemoryDevice(unsigned sizeMiB, unsigned ratedMts, unsigned configuredMts,
                               const std::string& deviceLocator, const std::string& bankLocator)
{
    std::string s(0x28, '\0');
    s[0] = 17;
    s[1] = 0x28;
    word(s, 0x02, 0x0040);
    word(s, 0x04, 0x003F); // the physical memory array
    word(s, 0x06, 0xFFFE); // no error information
    word(s, 0x08, sizeMiB == 0 ? 0xFFFF : 64);
    word(s, 0x0A, sizeMiB == 0 ? 0xFFFF : 64);
    if (sizeMiB >= 0x7FFF) {
        word(s, 0x0C, 0x7FFF);
        word(s, 0x1C, sizeMiB & 0xFFFF);
        word(s, 0x1E, sizeMiB >> 16);
    } else {
        word(s, 0x0C, sizeMiB);
    }
    s[0x0E] = 0x09;                       // DIMM
    s[0x10] = 1;                          // device locator: string 1
    s[0x11] = 2;                          // bank locator: string 2
    s[0x12] = sizeMiB == 0 ? 0x02 : 0x22; // unknown / DDR5
    word(s, 0x13, sizeMiB == 0 ? 0x0004 : 0x0080);
    word(s, 0x15, ratedMts);
    if (sizeMiB != 0) {
        s[0x17] = 3; // manufacturer
        s[0x18] = 4; // serial number
        s[0x1A] = 5; // part number
        s[0x1B] = 2; // two ranks
    }
    word(s, 0x20, configuredMts);
    word(s, 0x22, 1100);
    word(s, 0x24, 1100);
    word(s, 0x26, 1100);
    s += deviceLocator + '\0' + bankLocator + '\0';
    if (sizeMiB != 0) {
        s += std::string("Kingston") + '\0' + "0A1B2C3D" + '\0' + "KF560C36-32" + '\0';
    }
    s += '\0';
    return s;
}

void buildFakeMachine(const std::string& rootText, FakeMachine machine)
{
    const fs::path root(rootText);
    fs::create_directories(root);
    switch (machine) {
    case FakeMachine::Rtx4090: {
        meminfo(root, 65798488, 60123456);
        cpuinfo(root, "AMD Ryzen 9 7950X 16-Core Processor", 16);
        const fs::path dmi = root / "sys/firmware/dmi/entries";
        writeText(dmi / "0-0/raw", std::string("\x00\x1a\x00\x00", 4) + '\0' + '\0');
        writeText(dmi / "17-0/raw",
                  smbiosMemoryDevice(32768, 4800, 6000, "DIMM 0", "P0 CHANNEL A"));
        writeText(dmi / "17-1/raw", smbiosMemoryDevice(0, 0, 0, "DIMM 1", "P0 CHANNEL A"));
        writeText(dmi / "17-2/raw",
                  smbiosMemoryDevice(32768, 4800, 6000, "DIMM 0", "P0 CHANNEL B"));
        writeText(dmi / "17-3/raw", smbiosMemoryDevice(0, 0, 0, "DIMM 1", "P0 CHANNEL B"));
        drmCard(root, 0, "0000:01:00.0", "0x10de", "0x2684", "nvidia", "", "");
        nvidiaProc(root, "0000:01:00.0", "NVIDIA GeForce RTX 4090");
        nvidiaSmi(root, smiAnswer("NVIDIA GeForce RTX 4090, 24564 MiB, 00000000:01:00.0\n"));
        break;
    }
    case FakeMachine::MixedNvidia:
        meminfo(root, 131841204, 120000000);
        cpuinfo(root, "AMD Ryzen Threadripper 7960X 24-Cores", 24);
        nvidiaSmi(root, smiAnswer("NVIDIA GeForce RTX 4090, 24564 MiB, 00000000:01:00.0\n"
                                  "NVIDIA GeForce RTX 3090, 24576 MiB, 00000000:41:00.0\n"));
        nvidiaProc(root, "0000:01:00.0", "NVIDIA GeForce RTX 4090");
        nvidiaProc(root, "0000:41:00.0", "NVIDIA GeForce RTX 3090");
        break;
    case FakeMachine::Rx7900Xtx:
        meminfo(root, 32768000, 28000000);
        cpuinfo(root, "13th Gen Intel(R) Core(TM) i7-13700K", 8);
        drmCard(root, 0, "0000:00:02.0", "0x8086", "0xa780", "i915", "", "");
        drmCard(root, 1, "0000:03:00.0", "0x1002", "0x744c", "amdgpu", "25753026560",
                "16777216000");
        break;
    case FakeMachine::NoGpu:
        meminfo(root, 16303412, 12000000);
        cpuinfo(root, "Intel(R) Xeon(R) Processor", 2);
        break;
    case FakeMachine::SmiFails:
        meminfo(root, 65798488, 60123456);
        cpuinfo(root, "AMD Ryzen 9 7950X 16-Core Processor", 16);
        drmCard(root, 0, "0000:01:00.0", "0x10de", "0x2684", "nvidia", "", "");
        nvidiaSmi(root, "echo \"NVIDIA-SMI has failed because it couldn't communicate with the "
                        "NVIDIA driver. Make sure that the latest NVIDIA driver is installed and "
                        "running.\"\nexit 9\n");
        break;
    case FakeMachine::SmiHangs:
        meminfo(root, 65798488, 60123456);
        cpuinfo(root, "AMD Ryzen 9 7950X 16-Core Processor", 16);
        nvidiaSmi(root, "exec sleep 30\n");
        break;
    }
}

} // namespace testsupport
