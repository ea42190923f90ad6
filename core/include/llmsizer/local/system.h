#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

// This machine as the system describes it: the CPU and RAM (/proc/cpuinfo, /proc/meminfo), the
// memory modules (SMBIOS type 17 under /sys/firmware/dmi/entries, where readable), and the GPUs
// (nvidia-smi, /proc/driver/nvidia/gpus/*/information, /sys/class/drm/card*/device). Everything
// is read under a root directory and with an environment that the caller passes in, so tests can
// point detection at a fake tree. docs/local.md says what is read and how each value is used.
namespace llmsizer {

struct ProbeOptions {
    std::filesystem::path root = "/"; // stands for "/" (llm-sizer-cli --sysroot)
    // PATH is searched for nvidia-smi, its folders taken under `root` (a fake root brings its
    // own nvidia-smi, say ROOT/usr/bin/nvidia-smi, and the machine's is not run for it).
    std::map<std::string, std::string> env;
    bool run_nvidia_smi = true;    // false: never start a program
    int command_timeout_ms = 5000; // nvidia-smi is killed after this long
};

// One GPU as a driver reports it. Memory is what the driver reports (nvidia-smi's memory.total,
// amdgpu's mem_info_vram_total), which is a little less than the card's nominal memory.
struct DetectedGpu {
    std::string name;               // "NVIDIA GeForce RTX 4090", "AMD Radeon RX 7900 XTX"
    std::string vendor;             // "NVIDIA", "AMD", "Intel", or the PCI vendor id
    std::string pci_id;             // "10de:2684" (vendor:device), "" when unknown
    std::string bus_id;             // "0000:01:00.0", "" when unknown
    std::uint64_t memory_bytes = 0; // 0: not reported
    std::uint64_t shared_bytes = 0; // amdgpu's GTT: system memory the GPU can map
    bool integrated = false;        // shares system memory (an APU or an integrated GPU)
    std::string source;             // where it was read ("nvidia-smi", a /sys or /proc path)
    // Filled by matchGpus (gpu_match.h): the catalog GPU it is, or "" with `match` saying why.
    std::string catalog_id;
    std::string match;
};

// The memory modules: channels × width × transfer rate gives the bandwidth that offloaded layers
// are read at. When the modules cannot be read (the SMBIOS entries are readable by root only),
// the stated default is dual-channel DDR5-5600: 2 × 64 bit × 5600 MT/s = 89.6 GB/s.
struct MemoryModules {
    std::uint64_t modules = 0;      // populated modules found
    std::uint64_t channels = 2;     // 64-bit channels
    std::uint64_t speed_mts = 5600; // configured speed, MT/s
    std::string type = "DDR5";
    double bandwidth_gb_s = 89.6; // channels × 8 bytes × speed, GB/s (10^9 bytes)
    bool measured = false;        // false: the default above
    std::string source;           // what was read, or why the default
};

// The CPU's FP32 vector peak: each counted physical core's clock × the FP32 FLOP it does in a
// clock (docs/local.md, "The CPU's peak"). 0 when a clock or the vector width could not be read.
// On an Intel hybrid part only the P-cores count: llama.cpp's default threads on Linux
// (cpu_get_num_math) leave the E-cores out.
struct CpuPeak {
    double gflops = 0;
    std::uint64_t cores = 0;            // physical cores counted
    std::uint64_t efficiency_cores = 0; // E-cores (/sys/devices/cpu_atom/cpus) left out
    bool efficiency_only = false;       // every core an E-core (counted, at their FLOP a clock)
    double min_ghz = 0;                 // the lowest and highest clock counted (base or
    double max_ghz = 0;                 // boost: base_clock says which)
    std::uint32_t flop_per_clock = 0;   // a counted core's, by /proc/cpuinfo
    // The package's long-term power limit (RAPL PL1), W; 0 unread. At or under
    // kPowerLimitedWatts the cores are counted at their base clock.
    double power_limit_w = 0;
    bool base_clock = false; // counted at base clocks (power-limited)
    std::string why;         // why there is no peak ("" when there is one)
};
inline constexpr double kPowerLimitedWatts = 30.0;

struct SystemInfo {
    std::string root; // the root that was read ("/" normally)
    std::string cpu_model;
    std::uint64_t cpu_threads = 0; // logical processors
    std::uint64_t cpu_cores = 0;   // physical cores (distinct physical id × core id)
    CpuPeak cpu_peak;              // its FP32 vector peak, where the clocks could be read
    std::uint64_t ram_total_bytes = 0;
    std::uint64_t ram_available_bytes = 0;
    MemoryModules memory;
    std::vector<DetectedGpu> gpus; // in bus order
    // What could not be read and why ("/proc/meminfo: no such file"; "nvidia-smi: exit 9: …").
    std::vector<std::string> notes;
};

// Reads everything it can; never throws for a missing or unreadable file (a note says so).
SystemInfo detectSystem(const ProbeOptions& options);

// The environment of this process as a map (for ProbeOptions::env and ScanEnvironment).
std::map<std::string, std::string> processEnvironment();

// The parts, each on the text of its file (tests and fuzzing feed them directly).
struct MemInfo {
    std::uint64_t total_bytes = 0;
    std::uint64_t available_bytes = 0;
};
MemInfo parseMeminfo(const std::string& text);
struct CpuInfo {
    std::string model;
    std::uint64_t threads = 0;
    std::uint64_t cores = 0;
    // FP32 FLOP a core does in a clock by the first processor's "flags": 32 with FMA and AVX2 or
    // AVX-512F (two 256-bit FMA pipes, or one 512-bit), 16 with AVX alone, 8 with SSE; 0 without
    // a flags line (ARM kernels list "Features"); corrected by family and name where the flags do
    // not tell (Zen and Zen+, Intel's E-core-only parts: 16; Zen 5 and Xeon Scalable with
    // AVX-512: 64).
    std::uint32_t fp32_flop_per_clock = 0;
    std::string vendor;             // "GenuineIntel", "AuthenticAMD" (vendor_id)
    std::uint64_t family = 0;       // "cpu family"
    std::uint64_t model_number = 0; // "model"
    // Each physical core's first processor number, in core order (its clock is read there).
    std::vector<std::uint64_t> core_processors;
};
CpuInfo parseCpuinfo(const std::string& text);
// The peak as a line: "FP32 peak 2.92 TFLOPS: 16 cores × 5.70 GHz × 32 FLOP a clock".
std::string cpuPeakText(const SystemInfo& info);
// A kernel CPU list ("0-7,16-23", sysfs's cpulist format); nothing on a malformed one.
std::vector<std::uint64_t> parseCpuList(const std::string& text);
// nvidia-smi --query-gpu=name,memory.total,pci.bus_id --format=csv,noheader: one GPU a line,
// "NVIDIA GeForce RTX 4090, 24564 MiB, 00000000:01:00.0". Lines that do not parse are named in
// *problems.
std::vector<DetectedGpu> parseNvidiaSmi(const std::string& text,
                                        std::vector<std::string>* problems);
// One SMBIOS structure of type 17 (Memory Device), as /sys/firmware/dmi/entries/17-N/raw holds
// it. Returns false when it is not one or describes an empty slot.
struct MemoryDevice {
    std::uint64_t size_bytes = 0;
    std::uint64_t speed_mts = 0; // configured speed when given, else the rated speed
    std::uint64_t data_width_bits = 0;
    std::string type;           // "DDR4", "DDR5", "LPDDR5", …
    std::string bank_locator;   // "P0 CHANNEL A"
    std::string device_locator; // "DIMM 0"
};
bool parseMemoryDevice(const std::string& raw, MemoryDevice* out);
// Channels from the modules' locators ("CHANNEL A", "ChannelB-DIMM0", "DIMM_A1"), else the
// number of modules; bandwidth = channels × 8 bytes × the slowest module's speed.
MemoryModules memoryModulesFrom(const std::vector<MemoryDevice>& devices,
                                const std::string& source);

// The JSON form `llm-sizer-cli system --json` prints.
nlohmann::json systemToJson(const SystemInfo& info);

} // namespace llmsizer
