// The CPU: /proc/cpuinfo (model, cores, vector extensions) and each core's clocks under
// sys/devices/system/cpu, for its FP32 vector peak (docs/local.md, "The CPU's peak").
#include "llmsizer/local/system.h"
#include "llmsizer/text/text.h"
#include "local/system_internal.h"

#include <set>
#include <sstream>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

std::set<std::string> words(const std::string& value)
{
    std::set<std::string> out;
    std::istringstream in(value);
    std::string w;
    while (in >> w) {
        out.insert(w);
    }
    return out;
}

// FP32 FLOP a clock by the vector extensions a core reports: FMA with AVX2 or AVX-512F, two
// 256-bit FMA pipes (Haswell to Raptor Lake's P-cores, Zen 2 to Zen 4; Zen 4's AVX-512 runs on
// them, Ice Lake's client cores on one 512-bit pipe) = 2 × 8 lanes × 2; AVX alone, one add and
// one multiply of 8 lanes = 16; SSE = 8; NEON ("asimd"), two 128-bit FMA pipes = 16.
std::uint32_t flopPerClock(const std::string& key, const std::string& value)
{
    const std::set<std::string> f = words(value);
    if (key == "Features") {
        return f.count("asimd") != 0 ? 16 : 0;
    }
    if ((f.count("fma") != 0 && f.count("avx2") != 0) || f.count("avx512f") != 0) {
        return 32;
    }
    if (f.count("avx") != 0) {
        return 16;
    }
    return f.count("sse2") != 0 || f.count("sse") != 0 ? 8 : 0;
}

// An Intel E-core's FP32 FLOP a clock: Gracemont and Crestmont (12th–14th generation Core, Core
// Ultra 100) have two 128-bit FMA pipes, 16; Skymont (Core Ultra 200) four, 32.
std::uint32_t efficiencyCoreFlop(const std::string& model)
{
    const std::size_t at = model.find("Ultra");
    if (at != std::string::npos) {
        for (std::size_t i = at + 5; i + 1 < model.size(); ++i) {
            if (model[i] == ' ' && model[i + 1] == '2') {
                return 32;
            }
        }
    }
    return 16;
}

std::optional<u64> readNumber(const std::filesystem::path& root, const std::string& path)
{
    const auto text = detail::readSmallFile(detail::underRoot(root, path), nullptr, 64);
    return text ? text::parseUnsigned(detail::trim(*text)) : std::nullopt;
}

} // namespace

CpuInfo parseCpuinfo(const std::string& text)
{
    CpuInfo c;
    std::set<std::pair<std::string, std::string>> cores;
    std::string physical;
    u64 processor = 0;
    bool flagsRead = false;
    std::vector<u64> processors;
    for (const std::string& line : detail::splitLines(text)) {
        std::string key;
        std::string value;
        if (!detail::keyValue(line, &key, &value)) {
            continue;
        }
        if (key == "processor") {
            ++c.threads;
            physical.clear();
            processor = text::parseUnsigned(value).value_or(c.threads - 1);
            processors.push_back(processor);
        } else if ((key == "model name" || key == "Model") && c.model.empty()) {
            c.model = value;
        } else if (key == "physical id") {
            physical = value;
        } else if (key == "core id") {
            if (cores.insert({physical, value}).second) {
                c.core_processors.push_back(processor);
            }
        } else if ((key == "flags" || key == "Features") && !flagsRead) {
            c.fp32_flop_per_clock = flopPerClock(key, value);
            flagsRead = true;
        }
    }
    c.cores = cores.empty() ? c.threads : cores.size();
    if (cores.empty()) {
        c.core_processors = std::move(processors);
    }
    return c;
}

std::vector<u64> parseCpuList(const std::string& text)
{
    std::vector<u64> out;
    std::istringstream in(detail::trim(text));
    std::string part;
    while (std::getline(in, part, ',')) {
        const std::size_t dash = part.find('-');
        const auto first = text::parseUnsigned(part.substr(0, dash));
        const auto last =
            dash == std::string::npos ? first : text::parseUnsigned(part.substr(dash + 1));
        // No machine has 65,536 processors: a longer list is not the kernel's.
        if (!first || !last || *last < *first || out.size() + (*last - *first) >= 65536) {
            return {};
        }
        for (u64 n = *first; n <= *last; ++n) {
            out.push_back(n);
        }
    }
    return out;
}

std::string cpuPeakText(const SystemInfo& info)
{
    const CpuPeak& p = info.cpu_peak;
    if (p.gflops <= 0) {
        return "FP32 peak taken as 150 GFLOP/s a core (" + p.why + ")";
    }
    std::string cores = std::to_string(p.cores) + " cores";
    if (p.efficiency_cores != 0) {
        cores = std::to_string(p.cores - p.efficiency_cores) + " P-cores and " +
                std::to_string(p.efficiency_cores) + " E-cores";
    }
    std::string t = "FP32 peak " + text::fixed(p.gflops / 1000.0, 2) + " TFLOPS: " + cores +
                    (p.efficiency_cores != 0 ? " at up to " : " × ") + text::fixed(p.max_ghz, 2) +
                    " GHz × " + std::to_string(p.flop_per_clock) + " FLOP a clock";
    if (p.base_clock) {
        t += ", at base clocks (a long-term power limit of " + text::fixed(p.power_limit_w, 0) +
             " W holds an all-core load near them)";
    }
    return t;
}

namespace detail {

CpuPeak readCpuPeak(const std::filesystem::path& root, const CpuInfo& cpu)
{
    CpuPeak p;
    p.flop_per_clock = cpu.fp32_flop_per_clock;
    if (p.flop_per_clock == 0) {
        p.why = "/proc/cpuinfo names no vector extension";
        return p;
    }
    std::set<u64> atom;
    if (const auto list = readSmallFile(underRoot(root, "/sys/devices/cpu_atom/cpus"), nullptr)) {
        const std::vector<u64> ids = parseCpuList(*list);
        atom.insert(ids.begin(), ids.end());
    }
    const std::string rapl = "/sys/class/powercap/intel-rapl:0/constraint_0_";
    const auto name = readSmallFile(underRoot(root, rapl + "name"), nullptr, 64);
    if (name && trim(*name) == "long_term") {
        if (const auto uw = readNumber(root, rapl + "power_limit_uw")) {
            p.power_limit_w = static_cast<double>(*uw) / 1e6;
        }
    }
    struct Core {
        double max_ghz;
        double base_ghz;
        std::uint32_t flop;
    };
    std::vector<Core> cores;
    for (const u64 n : cpu.core_processors) {
        const std::string dir = "/sys/devices/system/cpu/cpu" + std::to_string(n) + "/cpufreq/";
        const auto maxKhz = readNumber(root, dir + "cpuinfo_max_freq");
        if (!maxKhz || *maxKhz == 0 || *maxKhz > 20'000'000) {
            p.why = dir + "cpuinfo_max_freq could not be read";
            return p;
        }
        const auto baseKhz = readNumber(root, dir + "base_frequency");
        const bool e = atom.count(n) != 0;
        cores.push_back({static_cast<double>(*maxKhz) / 1e6,
                         baseKhz && *baseKhz <= *maxKhz ? static_cast<double>(*baseKhz) / 1e6 : 0.0,
                         e ? efficiencyCoreFlop(cpu.model) : p.flop_per_clock});
        p.efficiency_cores += e ? 1 : 0;
    }
    if (cores.empty()) {
        p.why = "/proc/cpuinfo lists no processor";
        return p;
    }
    p.base_clock =
        p.power_limit_w > 0 && p.power_limit_w <= kPowerLimitedWatts &&
        std::all_of(cores.begin(), cores.end(), [](const Core& c) { return c.base_ghz > 0; });
    for (const Core& c : cores) {
        const double ghz = p.base_clock ? c.base_ghz : c.max_ghz;
        p.gflops += ghz * c.flop;
        p.max_ghz = std::max(p.max_ghz, ghz);
    }
    p.cores = cores.size();
    return p;
}

} // namespace detail

} // namespace llmsizer
