// The CPU: /proc/cpuinfo (model, cores, vector extensions) and each core's clocks under
// sys/devices/system/cpu, for its FP32 vector peak (docs/local.md, "The CPU's peak").
#include "llmsizer/local/system.h"
#include "llmsizer/text/text.h"
#include "local/system_internal.h"

#include <algorithm>
#include <cctype>
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
std::uint32_t flopPerClock(const std::string& key, const std::set<std::string>& f)
{
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

bool contains(const std::string& s, std::string_view part)
{
    return s.find(part) != std::string::npos;
}

// An Intel part of E-cores only (Alder Lake-N, Twin Lake: N100, N150, i3-N305), named by a word
// of "N" and digits: Gracemont, two 128-bit FMA pipes.
bool efficiencyCoresOnly(const std::string& model)
{
    std::istringstream in(model);
    std::string w;
    while (in >> w) {
        if (w.rfind("i3-", 0) == 0) {
            w = w.substr(3);
        }
        if (w.size() >= 3 && w.size() <= 4 && w[0] == 'N' &&
            std::all_of(w.begin() + 1, w.end(), [](char ch) {
                return std::isdigit(static_cast<unsigned char>(ch)) != 0;
            })) {
            return true;
        }
    }
    return false;
}

// The cores whose vector width the flags do not tell: Zen and Zen+ (AMD family 23, models below
// 0x30) run AVX2 on two 128-bit FMA pipes, 16; Intel's E-core-only parts, 16; Zen 5 (family 26)
// on desktops and servers, and Xeon Scalable's Gold, Platinum, Max and Xeon 6 cores, two 512-bit
// FMA pipes, 64 (a Ryzen AI laptop's Zen 5, and Skylake/Cascade Lake Silver, Bronze and Gold
// 51xx/52xx, one: 32).
std::uint32_t corrected(const CpuInfo& c, std::uint32_t flop, bool avx512)
{
    const std::string& m = c.model;
    const bool amd = c.vendor == "AuthenticAMD" || (c.vendor.empty() && contains(m, "AMD"));
    const bool intel = c.vendor == "GenuineIntel" || (c.vendor.empty() && contains(m, "Intel"));
    if (amd && c.family == 23 && c.model_number < 0x30 && flop > 16) {
        return 16;
    }
    if (intel && efficiencyCoresOnly(m) && flop > 16) {
        return 16;
    }
    if (!avx512) {
        return flop;
    }
    if (amd && c.family == 26) {
        return contains(m, "Ryzen AI") && !contains(m, "Max") ? 32 : 64;
    }
    if (intel && contains(m, "Xeon")) {
        for (const char* one : {"Silver", "Bronze", "Gold 51", "Gold 52", "Xeon(R) E-",
                                "Xeon(R) D-", "Xeon(R) W-1", "Xeon(R) W-2"}) {
            if (contains(m, one)) {
                return flop;
            }
        }
        return 64;
    }
    return flop;
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
    std::set<std::string> flags;
    std::string flagKey;
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
        } else if (key == "vendor_id" && c.vendor.empty()) {
            c.vendor = value;
        } else if (key == "cpu family" && c.family == 0) {
            c.family = text::parseUnsigned(value).value_or(0);
        } else if (key == "model" && c.model_number == 0) {
            c.model_number = text::parseUnsigned(value).value_or(0);
        } else if (key == "physical id") {
            physical = value;
        } else if (key == "core id") {
            if (cores.insert({physical, value}).second) {
                c.core_processors.push_back(processor);
            }
        } else if ((key == "flags" || key == "Features") && !flagsRead) {
            flags = words(value);
            flagKey = key;
            flagsRead = true;
        }
    }
    if (flagsRead) {
        c.fp32_flop_per_clock =
            corrected(c, flopPerClock(flagKey, flags), flags.count("avx512f") != 0);
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
        return info.cpu_cores == 0 ? "FP32 peak unknown (" + p.why + ")"
                                   : "FP32 peak taken as 150 GFLOP/s a core (" + p.why + ")";
    }
    const std::string kind = p.efficiency_only         ? " E-cores"
                             : p.efficiency_cores != 0 ? " P-cores"
                                                       : " cores";
    const std::string clock = p.min_ghz == p.max_ghz
                                  ? "× " + text::fixed(p.max_ghz, 2) + " GHz"
                                  : "at " + text::fixed(p.min_ghz, 2) + " to " +
                                        text::fixed(p.max_ghz, 2) + " GHz, each at its own,";
    std::string t = "FP32 peak " + text::fixed(p.gflops / 1000.0, 2) +
                    " TFLOPS: " + std::to_string(p.cores) + kind + " " + clock + " × " +
                    std::to_string(p.flop_per_clock) + " FLOP a clock";
    if (p.base_clock) {
        t += ", at base clocks (a long-term power limit of " + text::fixed(p.power_limit_w, 0) +
             " W holds an all-core load near them)";
    }
    if (p.efficiency_cores != 0) {
        t += "; its " + std::to_string(p.efficiency_cores) +
             " E-cores left out, as llama.cpp's default threads leave them (-t counts them in)";
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
        // Under 1 W is no package's limit.
        const auto uw = readNumber(root, rapl + "power_limit_uw");
        if (uw && *uw >= 1'000'000 && *uw <= 10'000'000'000) {
            p.power_limit_w = static_cast<double>(*uw) / 1e6;
        }
    }
    // A clock outside 0.2–7 GHz is no core's (the fastest sold boosts to 6.2).
    const auto ghz = [&root](const std::string& file) -> std::optional<double> {
        const auto khz = readNumber(root, file);
        if (!khz || *khz < 200'000 || *khz > 7'000'000) {
            return std::nullopt;
        }
        return static_cast<double>(*khz) / 1e6;
    };
    const bool hybrid =
        !atom.empty() && std::any_of(cpu.core_processors.begin(), cpu.core_processors.end(),
                                     [&atom](u64 n) { return atom.count(n) == 0; });
    struct Core {
        double max_ghz;
        double base_ghz;
    };
    std::vector<Core> cores;
    for (const u64 n : cpu.core_processors) {
        if (hybrid && atom.count(n) != 0) {
            ++p.efficiency_cores;
            continue;
        }
        const std::string dir = "/sys/devices/system/cpu/cpu" + std::to_string(n) + "/cpufreq/";
        const auto max = ghz(dir + "cpuinfo_max_freq");
        if (!max) {
            p.why = dir + "cpuinfo_max_freq could not be read as a clock of 0.2 to 7 GHz";
            return p;
        }
        const auto base = ghz(dir + "base_frequency");
        cores.push_back({*max, base && *base <= *max ? *base : 0.0});
    }
    if (cores.empty()) {
        p.why = "/proc/cpuinfo lists no processor";
        return p;
    }
    // Every core an E-core (Alder Lake-N has no P-core; its flags read as a P-core's).
    p.efficiency_only = !atom.empty() && !hybrid;
    if (p.efficiency_only) {
        p.flop_per_clock = std::min<std::uint32_t>(p.flop_per_clock, 16);
    }
    p.base_clock =
        p.power_limit_w > 0 && p.power_limit_w <= kPowerLimitedWatts &&
        std::all_of(cores.begin(), cores.end(), [](const Core& c) { return c.base_ghz > 0; });
    p.min_ghz = 1e9;
    for (const Core& c : cores) {
        const double clock = p.base_clock ? c.base_ghz : c.max_ghz;
        p.gflops += clock * p.flop_per_clock;
        p.min_ghz = std::min(p.min_ghz, clock);
        p.max_ghz = std::max(p.max_ghz, clock);
    }
    p.cores = cores.size();
    return p;
}

} // namespace detail

} // namespace llmsizer
