// llm-sizer-cli system [--sysroot DIR] [--user-gpus FILE] [--json]
// This machine as the system describes it: CPU, RAM, the memory modules' bandwidth, the GPUs and
// which catalog GPU each one is, and the machine `runs` uses by default.
#include "cli.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"
#include "local_options.h"

namespace llmsizer::cli {

namespace {

std::string gb(std::uint64_t bytes)
{
    return text::fixed(static_cast<double>(bytes) / 1e9, 1) + " GB";
}

} // namespace

nlohmann::json machineJson(const DetectedMachine& m)
{
    nlohmann::json j;
    j["has_gpu"] = m.has_gpu;
    j["gpu"] = m.has_gpu ? nlohmann::json(m.hardware.gpu.id) : nlohmann::json(nullptr);
    j["gpu_name"] = m.has_gpu ? nlohmann::json(m.hardware.gpu.name) : nlohmann::json(nullptr);
    j["gpu_custom"] = m.has_gpu && m.hardware.gpu.user;
    j["gpus"] = m.has_gpu ? m.hardware.gpus : 0;
    j["gpu_memory_bytes"] = m.has_gpu ? m.hardware.gpu.memory_bytes : 0;
    j["ram_bytes"] = m.hardware.ram_bytes;
    j["ram_bandwidth_gb_s"] = m.hardware.ram_bandwidth_gb_s;
    // No GPU: the CPU runs models ('runs --detect' answers for it).
    j["cpu_only"] = m.cpu_only;
    j["notes"] = m.notes;
    return j;
}

std::string machineLine(const DetectedMachine& m)
{
    const std::string ram = gb(m.hardware.ram_bytes) + " of RAM at " +
                            text::fixed(m.hardware.ram_bandwidth_gb_s, 1) + " GB/s";
    if (!m.has_gpu) {
        return m.cpu_only ? "no GPU: models run on the CPU; " + ram : "no GPU; " + ram;
    }
    return std::to_string(m.hardware.gpus) + " × " + terminalSafe(m.hardware.gpu.name, false) +
           " (" + formatBytes(m.hardware.gpu.memory_bytes, ByteUnits::Binary, 1) + ") + " + ram;
}

int runSystem(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "This machine: CPU, RAM, memory bandwidth and GPUs (nvidia-smi, /proc/driver/nvidia, "
        "/sys/class/drm), each matched to the GPU catalog."));
    addSysrootOption(parser);
    addUserGpusOption(parser);
    addJsonOption(parser);
    parseOrThrow(parser, args);
    const GpuCatalog catalog = loadGpuCatalog(parser);
    const SystemInfo info = detectFromOptions(parser, catalog);
    const DetectedMachine machine = machineFromSystem(info, catalog);
    if (wantsJson(parser)) {
        nlohmann::json j = systemToJson(info);
        j["machine"] = machineJson(machine);
        printJson(j);
        return kOk;
    }
    const auto safe = [](const std::string& s) { return terminalSafe(s, false); };
    printLine("CPU     " +
              (info.cpu_model.empty() ? std::string("unknown") : safe(info.cpu_model)) + ", " +
              std::to_string(info.cpu_cores) + " cores, " + std::to_string(info.cpu_threads) +
              " threads; " + cpuPeakText(info));
    printLine("RAM     " + gb(info.ram_total_bytes) + " (" +
              formatBytes(info.ram_total_bytes, ByteUnits::Binary, 1) + "), " +
              gb(info.ram_available_bytes) + " available");
    const MemoryModules& mem = info.memory;
    printLine("Memory  " + countOf(mem.channels, "channel", "channels") + " of " + safe(mem.type) +
              "-" + std::to_string(mem.speed_mts) + ": " + text::fixed(mem.bandwidth_gb_s, 1) +
              " GB/s (" + (mem.measured ? "" : "a default; ") + safe(mem.source) + ")");
    if (info.gpus.empty()) {
        printLine("GPUs    none found");
    }
    for (const DetectedGpu& g : info.gpus) {
        const std::string memory = g.memory_bytes == 0
                                       ? std::string("memory unknown")
                                       : formatBytes(g.memory_bytes, ByteUnits::Binary, 2);
        printLine("GPU     " + safe(g.name) + ", " + memory +
                  (g.bus_id.empty() ? "" : ", bus " + g.bus_id) +
                  (g.pci_id.empty() ? "" : ", PCI " + g.pci_id) + " (" + safe(g.source) + ")");
        printLine("        " + (g.catalog_id.empty() ? safe(g.match)
                                                     : "catalog GPU " + g.catalog_id +
                                                           ", matched by " + safe(g.match)));
    }
    printLine("Runs on " + machineLine(machine));
    for (const std::string& n : machine.notes) {
        printLine("note: " + safe(n));
    }
    for (const std::string& n : info.notes) {
        printLine("note: " + safe(n));
    }
    printLine("GB = 10^9 bytes, GiB = 2^30 bytes.");
    return kOk;
}

} // namespace llmsizer::cli
