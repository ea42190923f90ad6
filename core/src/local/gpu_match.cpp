// Matching detected GPUs to the catalog (gpu_match.h) and choosing the machine for `runs`.
#include "llmsizer/local/gpu_match.h"

#include "llmsizer/text/format.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

// Device ids of the catalog's cards, from the PCI ID Repository (pci.ids 2023.04.11, the Debian
// package pci.ids): vendor 10de NVIDIA, 1002 AMD.
struct PciEntry {
    const char* pci_id;
    const char* catalog_id;
};
constexpr PciEntry kPciIds[] = {
    {"10de:1db1", "v100-sxm2-16gb"},    // GV100GL [Tesla V100 SXM2 16GB]
    {"10de:1db5", "v100-sxm2-32gb"},    // GV100GL [Tesla V100 SXM2 32GB]
    {"10de:1eb8", "t4-16gb"},           // TU104GL [Tesla T4]
    {"10de:20b0", "a100-sxm-40gb"},     // GA100 [A100 SXM4 40GB]
    {"10de:20b2", "a100-sxm-80gb"},     // GA100 [A100 SXM4 80GB]
    {"10de:20b5", "a100-pcie-80gb"},    // GA100 [A100 PCIe 80GB]
    {"10de:2204", "rtx-3090-24gb"},     // GA102 [GeForce RTX 3090]
    {"10de:2230", "rtx-a6000-48gb"},    // GA102GL [RTX A6000]
    {"10de:2236", "a10-24gb"},          // GA102GL [A10]
    {"10de:2237", "a10g-24gb"},         // GA102GL [A10G]
    {"10de:2330", "h100-sxm-80gb"},     // GH100 [H100 SXM5 80GB]
    {"10de:2331", "h100-pcie-80gb"},    // GH100 [H100 PCIe]
    {"10de:2503", "rtx-3060-12gb"},     // GA106 [GeForce RTX 3060]
    {"10de:2684", "rtx-4090-24gb"},     // AD102 [GeForce RTX 4090]
    {"10de:26b1", "rtx-6000-ada-48gb"}, // AD102GL [L6000 / RTX 6000 Ada Generation]
    {"10de:26b5", "l40-48gb"},          // AD102GL [L40]
    {"10de:27b8", "l4-24gb"},           // AD104GL [L4]
    {"1002:7408", "mi250x-128gb"},      // Aldebaran/MI200 [Instinct MI250X]
};

// Names for cards the catalog does not have, when the driver gives none (amdgpu has no name
// file on consumer cards; i915 none at all): pci.ids 1002:744c "Navi 31 [Radeon RX 7900
// XT/7900 XTX]", told apart by their memory (AMD's specifications: XTX 24 GB, XT 20 GB, GRE
// 16 GB), and 8086:a780 "Raptor Lake-S GT1 [UHD Graphics 770]".
struct PciName {
    const char* pci_id;
    u64 gib; // 0: any
    const char* name;
};
constexpr PciName kPciNames[] = {
    {"1002:744c", 24, "AMD Radeon RX 7900 XTX"},
    {"1002:744c", 20, "AMD Radeon RX 7900 XT"},
    {"1002:744c", 16, "AMD Radeon RX 7900 GRE"},
    {"1002:744c", 0, "AMD Navi 31 (Radeon RX 7900 XT/7900 XTX)"},
    {"8086:a780", 0, "Intel UHD Graphics 770"}, // Raptor Lake-S GT1 [UHD Graphics 770]
};

// Names nvidia-smi gives that leave out a word of the catalog's name.
struct Alias {
    const char* words; // the driver's name, as normalized words
    const char* catalog_id;
};
constexpr Alias kAliases[] = {
    {"h100 hbm3", "h100-sxm-80gb"}, // "NVIDIA H100 80GB HBM3" is the SXM5 board
    {"h200", "h200-sxm-141gb"},     // "NVIDIA H200"
    {"b200", "b200-180gb"},         // "NVIDIA B200"
    {"gb200", "gb200-186gb"},       // "NVIDIA GB200"
    {"gb10", "dgx-spark-128gb"},    // DGX Spark's "NVIDIA GB10"
};

// Lower-case words without the vendor's and the memory's: "NVIDIA A100-SXM4-80GB" -> {a100, sxm};
// sxm2/sxm4/sxm5 are all "sxm", as the catalog names them inconsistently.
std::set<std::string> words(const std::string& name)
{
    static const std::set<std::string> skip = {"nvidia", "geforce", "tesla",      "amd",
                                               "radeon", "intel",   "generation", "gpu"};
    std::set<std::string> out;
    std::string w;
    const auto flush = [&] {
        if (w.empty()) {
            return;
        }
        const bool memory = w.size() > 2 && w.compare(w.size() - 2, 2, "gb") == 0 &&
                            std::all_of(w.begin(), w.end() - 2,
                                        [](unsigned char c) { return std::isdigit(c) != 0; });
        if (w.rfind("sxm", 0) == 0) {
            w = "sxm";
        }
        if (!memory && skip.count(w) == 0) {
            out.insert(w);
        }
        w.clear();
    };
    for (char c : name) {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else {
            flush();
        }
    }
    flush();
    return out;
}

// The reported memory is the catalog card's: 90% to 101% of it (an RTX 4090 reports 24,564 of
// its 24,576 MiB; a T4 with ECC on 15,360 of 16,384).
bool memoryAgrees(const DetectedGpu& g, const GpuSpec& spec)
{
    if (g.memory_bytes == 0) {
        return true; // the name alone (/proc/driver/nvidia reports no memory)
    }
    const double r = static_cast<double>(g.memory_bytes) / static_cast<double>(spec.memory_bytes);
    return r >= 0.90 && r <= 1.01;
}

std::string gibText(u64 bytes)
{
    return formatBytes(bytes, ByteUnits::Binary, 1);
}

void matchOne(DetectedGpu& g, const GpuCatalog& catalog)
{
    const bool named = !g.name.empty();
    if (!named) {
        const u64 gib = (g.memory_bytes + (1ull << 29)) >> 30;
        for (const PciName& n : kPciNames) {
            if (g.pci_id == n.pci_id && (n.gib == 0 || n.gib == gib)) {
                g.name = n.name;
                break;
            }
        }
        if (g.name.empty()) {
            g.name = g.vendor + " GPU " + (g.pci_id.empty() ? std::string("(unknown)") : g.pci_id);
        }
    }
    const std::set<std::string> have = words(g.name);
    // By name: the catalog card with the most words, all of them in the driver's name.
    const GpuSpec* best = nullptr;
    std::size_t bestWords = 0;
    bool memoryRefused = false;
    for (const GpuSpec& spec : catalog.gpus()) {
        if (spec.detected) {
            continue; // this card itself, put in the catalog by an earlier detection
        }
        const std::set<std::string> want = words(spec.name);
        if (want.empty() || !std::includes(have.begin(), have.end(), want.begin(), want.end())) {
            continue;
        }
        if (!memoryAgrees(g, spec)) {
            memoryRefused = true;
            continue;
        }
        if (want.size() > bestWords) {
            best = &spec;
            bestWords = want.size();
        }
    }
    std::string how = "name";
    if (best == nullptr) {
        for (const Alias& a : kAliases) {
            if (words(a.words) == have) {
                best = catalog.find(a.catalog_id);
                how = "name";
                break;
            }
        }
    }
    if (best == nullptr && !g.pci_id.empty()) {
        for (const PciEntry& e : kPciIds) {
            const GpuSpec* spec = catalog.find(e.catalog_id);
            if (g.pci_id == e.pci_id && spec != nullptr) {
                if (memoryAgrees(g, *spec)) {
                    best = spec;
                    how = "PCI id " + g.pci_id;
                } else {
                    memoryRefused = true;
                }
                break;
            }
        }
    }
    if (best != nullptr && !memoryAgrees(g, *best)) {
        best = nullptr;
        memoryRefused = true;
    }
    if (best != nullptr) {
        g.catalog_id = best->id;
        if (!named) {
            g.name = best->name; // the driver gave no name; the PCI id did
        }
        g.match = how + (g.memory_bytes != 0 ? " and memory (" + gibText(g.memory_bytes) + " of " +
                                                   gibText(best->memory_bytes) + ")"
                                             : std::string());
        return;
    }
    g.catalog_id.clear();
    if (g.integrated) {
        g.match = "integrated GPU (shares system memory): not in the catalog";
    } else if (memoryRefused) {
        g.match = "a catalog GPU of this name has other memory than the " +
                  gibText(g.memory_bytes) + " reported: used as a custom GPU";
    } else if (g.memory_bytes == 0) {
        g.match = "not in the catalog, and the driver reports no memory";
    } else {
        g.match = "not in the catalog: used as a custom GPU with the " + gibText(g.memory_bytes) +
                  " reported";
    }
}

} // namespace

void matchGpus(std::vector<DetectedGpu>& gpus, const GpuCatalog& catalog)
{
    for (DetectedGpu& g : gpus) {
        matchOne(g, catalog);
    }
}

GpuSpec customGpu(const DetectedGpu& gpu)
{
    GpuSpec s;
    std::string id = "detected-";
    for (char c : gpu.name) {
        const bool alnum = std::isalnum(static_cast<unsigned char>(c)) != 0;
        if (alnum) {
            id += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (id.back() != '-') {
            id += '-';
        }
    }
    while (id.back() == '-') {
        id.pop_back();
    }
    s.id = id;
    s.name = gpu.name;
    s.vendor = gpu.vendor;
    s.category = "other";
    s.memory_bytes = gpu.memory_bytes;
    s.memory_unit = MemoryUnit::GiB;
    s.memory_value = static_cast<double>(gpu.memory_bytes) / 1073741824.0;
    s.memory_note = "as the driver reports it (" + gpu.source + ")";
    s.bandwidth_gb_s = 0; // unknown
    s.sources = {"detected on this machine: " + gpu.source};
    s.user = true;
    return s;
}

GpuSpec cpuMachine(const SystemInfo& info)
{
    GpuSpec s;
    s.id = std::string(kDetectedCpuId);
    const MemoryModules& mem = info.memory;
    const std::string channels =
        std::to_string(mem.channels) + "-channel " + mem.type + "-" + std::to_string(mem.speed_mts);
    // Short: tables and row labels name it ("Runs on 1 × This machine's CPU (FP16, …)"); the
    // cores and memory are in its notes.
    s.name = "This machine's CPU";
    s.vendor = "CPU";
    s.category = "other";
    s.memory_bytes = info.ram_total_bytes;
    s.memory_unit = MemoryUnit::GB;
    s.memory_value = static_cast<double>(info.ram_total_bytes) / 1e9;
    s.memory_note = "system RAM as /proc/meminfo reports it; the model shares it with the "
                    "operating system and other programs";
    s.usable_fraction = 0.9; // as the catalog's CPU-only entries
    s.memory_type = mem.type.empty() ? "DDR" : mem.type;
    s.unified_memory = true;
    s.bandwidth_gb_s = mem.bandwidth_gb_s;
    const CpuPeak& peak = info.cpu_peak;
    if (info.cpu_cores != 0) {
        // The cores llama.cpp runs on by default (a hybrid part's P-cores), where counted.
        const std::uint64_t counted = peak.gflops > 0 ? peak.cores : info.cpu_cores;
        s.cpu_cores = static_cast<std::uint32_t>(std::min<std::uint64_t>(counted, 4096));
        // Without its clocks, 150 GFLOP/s a core: a core of two 256-bit FMA pipes at 4.7 GHz.
        s.bf16_tflops =
            peak.gflops > 0 ? peak.gflops / 1000.0 : 0.15 * static_cast<double>(info.cpu_cores);
        s.uncertain_fields.emplace_back("bf16_dense_tflops");
    }
    if (!mem.measured) {
        s.uncertain_fields.emplace_back("bandwidth_gb_s");
    }
    s.sources = {"detected on this machine: " +
                 (mem.source.empty() ? std::string("/proc/meminfo") : mem.source)};
    const std::string cores =
        info.cpu_cores != 0 ? std::to_string(info.cpu_cores) + " cores, " : std::string();
    s.notes = cores + (mem.measured ? channels + ", as its memory modules report"
                                    : channels + " assumed (the modules could not be read)");
    if (info.cpu_cores != 0) {
        s.notes += "; " + cpuPeakText(info);
    }
    return s;
}

DetectedMachine machineFromSystem(const SystemInfo& info, const GpuCatalog& catalog)
{
    DetectedMachine m;
    m.hardware.ram_bytes =
        info.ram_available_bytes != 0 ? info.ram_available_bytes : info.ram_total_bytes;
    m.hardware.ram_bandwidth_gb_s = info.memory.bandwidth_gb_s;
    std::vector<GpuSpec> usable;
    for (const DetectedGpu& g : info.gpus) {
        if (g.integrated) {
            m.notes.push_back(g.name + ": integrated (shares system memory); not counted as a GPU");
            continue;
        }
        const GpuSpec* spec = g.catalog_id.empty() ? nullptr : catalog.find(g.catalog_id);
        if (spec != nullptr) {
            usable.push_back(*spec);
        } else if (g.memory_bytes != 0) {
            usable.push_back(customGpu(g));
            m.notes.push_back(g.name + ": not in the catalog; counted with the " +
                              gibText(g.memory_bytes) + " its driver reports, its speed unknown");
        } else {
            m.notes.push_back(g.name + ": its memory is unknown; not counted");
        }
    }
    if (usable.empty()) {
        if (info.ram_total_bytes != 0) {
            m.cpu_only = true;
            m.hardware.gpu = cpuMachine(info);
            // Its RAM is its size, as My hardware takes it: all of it, of which the device's
            // usable share leaves the system its part (the free RAM moves from one run to the
            // next, and every row's headroom with it).
            m.hardware.ram_bytes = info.ram_total_bytes;
            m.hardware.gpus = 1;
            m.notes.emplace_back("no GPU: the CPU runs models in system RAM");
        }
        return m;
    }
    std::stable_sort(usable.begin(), usable.end(), [](const GpuSpec& a, const GpuSpec& b) {
        return a.usableBytes() > b.usableBytes();
    });
    // The N largest as N of the smallest of them: the N with the most memory in all.
    std::size_t n = 1;
    for (std::size_t i = 1; i <= usable.size(); ++i) {
        if (i * usable[i - 1].usableBytes() > n * usable[n - 1].usableBytes()) {
            n = i;
        }
    }
    GpuSpec kind = usable[n - 1];
    bool mixed = false;
    for (std::size_t i = 0; i < n; ++i) {
        if (usable[i].id != kind.id) {
            mixed = true;
            kind.bandwidth_gb_s = std::min(kind.bandwidth_gb_s, usable[i].bandwidth_gb_s);
            if (!usable[i].bf16_tflops) {
                kind.bf16_tflops.reset();
            } else if (kind.bf16_tflops) {
                kind.bf16_tflops = std::min(*kind.bf16_tflops, *usable[i].bf16_tflops);
            }
        }
    }
    m.has_gpu = true;
    m.hardware.gpu = kind;
    m.hardware.gpus = n;
    if (mixed) {
        m.notes.push_back("GPUs of different kinds: counted as " + std::to_string(n) + " × " +
                          kind.name + " (" + gibText(kind.memory_bytes) +
                          " each, the lowest bandwidth among them)");
    }
    if (n < usable.size()) {
        std::string left;
        for (std::size_t i = n; i < usable.size(); ++i) {
            left += (left.empty() ? "" : ", ") + usable[i].name;
        }
        m.notes.push_back("not counted (fewer of them hold more): " + left);
    }
    return m;
}

} // namespace llmsizer
