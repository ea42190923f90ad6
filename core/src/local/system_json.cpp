// `llm-sizer-cli system --json`: what detectSystem found, with the catalog matches.
#include "llmsizer/local/system.h"

#include <nlohmann/json.hpp>

namespace llmsizer {

nlohmann::json systemToJson(const SystemInfo& info)
{
    nlohmann::json j;
    j["root"] = info.root;
    j["cpu"] = {
        {"model", info.cpu_model}, {"threads", info.cpu_threads}, {"cores", info.cpu_cores}};
    const CpuPeak& p = info.cpu_peak;
    j["cpu"]["fp32_peak"] = {{"gflops", p.gflops > 0 ? nlohmann::json(p.gflops) : nullptr},
                             {"cores", p.cores},
                             {"efficiency_cores_left_out", p.efficiency_cores},
                             {"efficiency_only", p.efficiency_only},
                             {"min_ghz", p.min_ghz},
                             {"max_ghz", p.max_ghz},
                             {"flop_per_clock", p.flop_per_clock},
                             {"power_limit_w", p.power_limit_w},
                             {"base_clock", p.base_clock},
                             {"text", cpuPeakText(info)}};
    j["ram_total_bytes"] = info.ram_total_bytes;
    j["ram_available_bytes"] = info.ram_available_bytes;
    const MemoryModules& m = info.memory;
    j["memory"] = {{"measured", m.measured}, {"modules", m.modules},
                   {"channels", m.channels}, {"speed_mts", m.speed_mts},
                   {"type", m.type},         {"bandwidth_gb_s", m.bandwidth_gb_s},
                   {"source", m.source}};
    nlohmann::json gpus = nlohmann::json::array();
    for (const DetectedGpu& g : info.gpus) {
        nlohmann::json e;
        e["name"] = g.name;
        e["vendor"] = g.vendor;
        e["pci_id"] = g.pci_id.empty() ? nlohmann::json(nullptr) : nlohmann::json(g.pci_id);
        e["bus_id"] = g.bus_id.empty() ? nlohmann::json(nullptr) : nlohmann::json(g.bus_id);
        e["memory_bytes"] =
            g.memory_bytes == 0 ? nlohmann::json(nullptr) : nlohmann::json(g.memory_bytes);
        e["shared_bytes"] =
            g.shared_bytes == 0 ? nlohmann::json(nullptr) : nlohmann::json(g.shared_bytes);
        e["integrated"] = g.integrated;
        e["source"] = g.source;
        e["catalog_id"] =
            g.catalog_id.empty() ? nlohmann::json(nullptr) : nlohmann::json(g.catalog_id);
        e["match"] = g.match;
        gpus.push_back(std::move(e));
    }
    j["gpus"] = std::move(gpus);
    j["notes"] = info.notes;
    return j;
}

} // namespace llmsizer
