// Detecting this machine: /proc/meminfo, /proc/cpuinfo, the SMBIOS memory devices, and the GPUs
// from nvidia-smi, the NVIDIA driver's /proc entries and the DRM devices in /sys (docs/local.md).
// Every path is read under ProbeOptions::root; only regular files are read, and at most 1 MiB of
// each, so a fake or broken tree can neither hang nor flood the probe.
#include "llmsizer/local/system.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"
#include "local/command.h"
#include "local/system_internal.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

extern char** environ; // NOLINT(readability-redundant-declaration): POSIX leaves it undeclared

namespace llmsizer {

namespace fs = std::filesystem;
using u64 = std::uint64_t;

namespace detail {

fs::path underRoot(const fs::path& root, const std::string& absolute)
{
    return root / fs::path(absolute).relative_path();
}

std::optional<std::string> readSmallFile(const fs::path& file, std::string* why,
                                         std::size_t maxBytes)
{
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        if (why != nullptr) {
            *why = errno == ENOENT ? "no such file" : std::strerror(errno);
        }
        return std::nullopt;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        if (why != nullptr) {
            *why = "not a regular file";
        }
        return std::nullopt;
    }
    std::string text;
    char buffer[8192];
    while (text.size() < maxBytes) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0) {
            ::close(fd);
            if (why != nullptr) {
                *why = std::strerror(errno);
            }
            return std::nullopt;
        }
        if (n == 0) {
            break;
        }
        text.append(buffer,
                    std::min<std::size_t>(static_cast<std::size_t>(n), maxBytes - text.size()));
    }
    ::close(fd);
    return text;
}

std::string trim(std::string_view s)
{
    std::size_t b = 0;
    std::size_t e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) {
        ++b;
    }
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) {
        --e;
    }
    return std::string(s.substr(b, e - b));
}

std::vector<std::string> splitLines(const std::string& text)
{
    std::vector<std::string> lines;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        lines.push_back(text.substr(pos, end - pos));
        pos = end + 1;
    }
    return lines;
}

// "00000000:01:00.0" (nvidia-smi) and "0000:01:00.0" (sysfs) alike: "0000:01:00.0".
std::string normalBusId(std::string id)
{
    std::transform(id.begin(), id.end(), id.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const std::size_t colon = id.find(':');
    if (colon != std::string::npos && colon > 4 && id.find(':', colon + 1) != std::string::npos) {
        id = id.substr(colon - 4);
    }
    return id;
}

} // namespace detail

namespace {

using detail::readSmallFile;
using detail::trim;

// The value after "key:" on a line of /proc text, trimmed.
bool keyValue(const std::string& line, std::string* key, std::string* value)
{
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) {
        return false;
    }
    *key = trim(std::string_view(line).substr(0, colon));
    *value = trim(std::string_view(line).substr(colon + 1));
    return true;
}

std::optional<u64> hexValue(const std::string& text)
{
    std::string t = trim(text);
    if (t.rfind("0x", 0) == 0 || t.rfind("0X", 0) == 0) {
        t = t.substr(2);
    }
    if (t.empty() || t.size() > 8) {
        return std::nullopt;
    }
    u64 v = 0;
    for (char c : t) {
        const int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                      : (c >= 'a' && c <= 'f')                    ? c - 'a' + 10
                      : (c >= 'A' && c <= 'F')                    ? c - 'A' + 10
                                                                  : -1;
        if (d < 0) {
            return std::nullopt;
        }
        v = v * 16 + static_cast<u64>(d);
    }
    return v;
}

std::string hex4(u64 v)
{
    static const char* digits = "0123456789abcdef";
    std::string s(4, '0');
    for (int i = 3; i >= 0; --i) {
        s[static_cast<std::size_t>(i)] = digits[v & 0xF];
        v >>= 4;
    }
    return s;
}

std::string vendorName(u64 vendor)
{
    switch (vendor) {
    case 0x10de:
        return "NVIDIA";
    case 0x1002:
        return "AMD";
    case 0x8086:
        return "Intel";
    default:
        return {};
    }
}

void readNvidiaSmi(const ProbeOptions& o, SystemInfo& info)
{
    if (!o.run_nvidia_smi) {
        return;
    }
    // PATH's folders under the root: a fake root brings its own nvidia-smi, and the real one
    // is never run for it.
    std::map<std::string, std::string> env = o.env;
    if (const auto path = env.find("PATH"); path != env.end() && o.root != fs::path("/")) {
        std::string rooted;
        std::size_t pos = 0;
        while (pos <= path->second.size()) {
            const std::size_t end = std::min(path->second.find(':', pos), path->second.size());
            const std::string dir = path->second.substr(pos, end - pos);
            pos = end + 1;
            if (!dir.empty() && dir.front() == '/') {
                rooted += (rooted.empty() ? "" : ":") + detail::underRoot(o.root, dir).string();
            }
        }
        path->second = rooted;
    }
    const fs::path smi = detail::findOnPath("nvidia-smi", env);
    if (smi.empty()) {
        return; // no NVIDIA driver tools: the /proc and /sys entries still name the cards
    }
    const detail::CommandResult r = detail::runCommand(
        smi, {"--query-gpu=name,memory.total,pci.bus_id", "--format=csv,noheader"},
        o.command_timeout_ms);
    if (!r.started) {
        info.notes.push_back(smi.string() + ": could not be started");
        return;
    }
    if (r.timed_out) {
        const int ms = o.command_timeout_ms;
        info.notes.push_back(
            smi.string() + ": gave no answer within " +
            (ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms") +
            " and was stopped");
        return;
    }
    if (r.exit_code != 0) {
        const std::vector<std::string> lines = detail::splitLines(r.err.empty() ? r.out : r.err);
        info.notes.push_back(smi.string() + ": exit " + std::to_string(r.exit_code) +
                             (lines.empty() ? std::string() : ": " + terminalSafe(trim(lines[0]))));
        return;
    }
    std::vector<std::string> problems;
    for (DetectedGpu& g : parseNvidiaSmi(r.out, &problems)) {
        g.source = "nvidia-smi";
        info.gpus.push_back(std::move(g));
    }
    for (const std::string& p : problems) {
        info.notes.push_back("nvidia-smi: " + p);
    }
}

DetectedGpu* findBus(SystemInfo& info, const std::string& bus)
{
    for (DetectedGpu& g : info.gpus) {
        if (!bus.empty() && g.bus_id == bus) {
            return &g;
        }
    }
    return nullptr;
}

// Sorted directory entries whose names satisfy `keep`; nothing when it cannot be listed.
template <typename F> std::vector<fs::path> entries(const fs::path& dir, F&& keep)
{
    std::vector<fs::path> out;
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) {
        return out;
    }
    for (std::size_t n = 0; it != fs::directory_iterator() && n < 4096; it.increment(ec), ++n) {
        if (ec) {
            break;
        }
        if (keep(it->path().filename().string())) {
            out.push_back(it->path());
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

void readNvidiaProc(const ProbeOptions& o, SystemInfo& info)
{
    const fs::path dir = detail::underRoot(o.root, "/proc/driver/nvidia/gpus");
    for (const fs::path& gpu : entries(dir, [](const std::string&) { return true; })) {
        const fs::path file = gpu / "information";
        std::string why;
        const auto text = readSmallFile(file, &why);
        if (!text) {
            info.notes.push_back("/" + file.lexically_relative(o.root).string() + ": " + why);
            continue;
        }
        DetectedGpu g;
        g.vendor = "NVIDIA";
        for (const std::string& line : detail::splitLines(*text)) {
            std::string key;
            std::string value;
            if (!keyValue(line, &key, &value)) {
                continue;
            }
            if (key == "Model") {
                g.name = value;
            } else if (key == "Bus Location") {
                g.bus_id = detail::normalBusId(value);
            }
        }
        if (g.bus_id.empty()) {
            g.bus_id = detail::normalBusId(gpu.filename().string());
        }
        if (findBus(info, g.bus_id) != nullptr) {
            continue; // nvidia-smi named it, with its memory
        }
        g.source = "/" + file.lexically_relative(o.root).string();
        info.gpus.push_back(std::move(g));
    }
}

std::optional<u64> uintFile(const fs::path& file)
{
    const auto text = readSmallFile(file, nullptr, 256);
    return text ? text::parseUnsigned(trim(*text)) : std::nullopt;
}

void readDrm(const ProbeOptions& o, SystemInfo& info)
{
    const fs::path dir = detail::underRoot(o.root, "/sys/class/drm");
    const auto isCard = [](const std::string& name) {
        return name.size() > 4 && name.rfind("card", 0) == 0 &&
               std::all_of(name.begin() + 4, name.end(),
                           [](unsigned char c) { return std::isdigit(c) != 0; });
    };
    for (const fs::path& card : entries(dir, isCard)) {
        const fs::path dev = card / "device";
        const std::string label = "/" + dev.lexically_relative(o.root).string();
        const auto vendorText = readSmallFile(dev / "vendor", nullptr, 64);
        const auto deviceText = readSmallFile(dev / "device", nullptr, 64);
        const auto vendor = vendorText ? hexValue(*vendorText) : std::nullopt;
        const auto device = deviceText ? hexValue(*deviceText) : std::nullopt;
        if (!vendor || !device) {
            continue; // not a PCI device (a virtual framebuffer)
        }
        std::string bus;
        std::string driver;
        if (const auto uevent = readSmallFile(dev / "uevent", nullptr, 4096)) {
            for (const std::string& line : detail::splitLines(*uevent)) {
                if (line.rfind("PCI_SLOT_NAME=", 0) == 0) {
                    bus = detail::normalBusId(trim(line.substr(14)));
                } else if (line.rfind("DRIVER=", 0) == 0) {
                    driver = trim(line.substr(7));
                }
            }
        }
        const std::string pciId = hex4(*vendor) + ":" + hex4(*device);
        if (DetectedGpu* known = findBus(info, bus)) {
            known->pci_id = pciId; // the same card, named by its driver already
            continue;
        }
        const std::string vname = vendorName(*vendor);
        if (vname.empty()) {
            info.notes.push_back(label + ": PCI vendor 0x" + hex4(*vendor) +
                                 " is not a GPU vendor this tool knows; skipped");
            continue;
        }
        DetectedGpu g;
        g.vendor = vname;
        g.pci_id = pciId;
        g.bus_id = bus;
        g.source = label;
        if (const auto product = readSmallFile(dev / "product_name", nullptr, 256)) {
            g.name = trim(*product); // amdgpu, from the board's FRU data
        }
        g.memory_bytes = uintFile(dev / "mem_info_vram_total").value_or(0);
        g.shared_bytes = uintFile(dev / "mem_info_gtt_total").value_or(0);
        if (vname == "Intel") {
            g.integrated = g.memory_bytes == 0;
        } else if (vname == "AMD") {
            // An APU's VRAM is a small carve-out of system memory; the rest is reached as GTT.
            g.integrated = g.memory_bytes != 0 && g.memory_bytes < (4ull << 30) &&
                           g.shared_bytes > g.memory_bytes;
        }
        if (g.memory_bytes == 0 && vname == "NVIDIA") {
            std::string note = label;
            note.append(": an NVIDIA GPU (").append(pciId).append(", driver ");
            note.append(driver.empty() ? std::string("none") : driver);
            info.notes.push_back(
                note.append(") that reports no memory: nvidia-smi was not found or failed"));
        }
        info.gpus.push_back(std::move(g));
    }
}

} // namespace

MemInfo parseMeminfo(const std::string& text)
{
    MemInfo m;
    for (const std::string& line : detail::splitLines(text)) {
        std::string key;
        std::string value;
        if (!keyValue(line, &key, &value)) {
            continue;
        }
        const std::size_t space = value.find(' ');
        const auto kib = text::parseUnsigned(value.substr(0, space));
        if (!kib || *kib > (1ull << 53)) {
            continue;
        }
        // /proc/meminfo's "kB" are KiB (fs/proc/meminfo.c shifts pages by PAGE_SHIFT - 10).
        if (key == "MemTotal") {
            m.total_bytes = *kib * 1024;
        } else if (key == "MemAvailable") {
            m.available_bytes = *kib * 1024;
        }
    }
    return m;
}

CpuInfo parseCpuinfo(const std::string& text)
{
    CpuInfo c;
    std::set<std::pair<std::string, std::string>> cores;
    std::string physical;
    for (const std::string& line : detail::splitLines(text)) {
        std::string key;
        std::string value;
        if (!keyValue(line, &key, &value)) {
            continue;
        }
        if (key == "processor") {
            ++c.threads;
            physical.clear();
        } else if ((key == "model name" || key == "Model") && c.model.empty()) {
            c.model = value;
        } else if (key == "physical id") {
            physical = value;
        } else if (key == "core id") {
            cores.insert({physical, value});
        }
    }
    c.cores = cores.empty() ? c.threads : cores.size();
    return c;
}

std::vector<DetectedGpu> parseNvidiaSmi(const std::string& text, std::vector<std::string>* problems)
{
    std::vector<DetectedGpu> out;
    for (const std::string& raw : detail::splitLines(text)) {
        const std::string line = trim(raw);
        if (line.empty()) {
            continue;
        }
        std::vector<std::string> fields;
        std::size_t pos = 0;
        while (pos <= line.size()) {
            const std::size_t end = std::min(line.find(',', pos), line.size());
            fields.push_back(trim(std::string_view(line).substr(pos, end - pos)));
            pos = end + 1;
        }
        if (fields.size() != 3 || fields[0].empty()) {
            if (problems != nullptr) {
                problems->push_back("line '" + terminalSafe(line) +
                                    "' is not 'name, memory, bus id'");
            }
            continue;
        }
        DetectedGpu g;
        g.name = fields[0];
        g.vendor = "NVIDIA";
        g.bus_id = detail::normalBusId(fields[2]);
        const std::string& mem = fields[1];
        const std::size_t space = mem.find(' ');
        const auto value = text::parseUnsigned(mem.substr(0, space));
        const std::string unit = space == std::string::npos ? "" : trim(mem.substr(space));
        if (value && unit == "MiB" && *value < (1ull << 40)) {
            g.memory_bytes = *value << 20;
        } else if (problems != nullptr && mem != "[N/A]") {
            problems->push_back(g.name + ": memory '" + terminalSafe(mem) + "' is not 'N MiB'");
        }
        out.push_back(std::move(g));
    }
    return out;
}

std::map<std::string, std::string> processEnvironment()
{
    std::map<std::string, std::string> env;
    for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
        const std::string item(*e);
        const std::size_t eq = item.find('=');
        if (eq != std::string::npos && eq > 0) {
            env.emplace(item.substr(0, eq), item.substr(eq + 1));
        }
    }
    return env;
}

SystemInfo detectSystem(const ProbeOptions& o)
{
    SystemInfo info;
    info.root = o.root.string();
    std::string why;
    if (const auto mem = readSmallFile(detail::underRoot(o.root, "/proc/meminfo"), &why)) {
        const MemInfo m = parseMeminfo(*mem);
        info.ram_total_bytes = m.total_bytes;
        info.ram_available_bytes = m.available_bytes;
        if (m.total_bytes == 0) {
            info.notes.emplace_back("/proc/meminfo: no MemTotal line");
        }
    } else {
        info.notes.push_back("/proc/meminfo: " + why);
    }
    if (const auto cpu = readSmallFile(detail::underRoot(o.root, "/proc/cpuinfo"), &why)) {
        const CpuInfo c = parseCpuinfo(*cpu);
        info.cpu_model = c.model;
        info.cpu_threads = c.threads;
        info.cpu_cores = c.cores;
    } else {
        info.notes.push_back("/proc/cpuinfo: " + why);
    }
    info.memory = detail::readMemoryModules(o.root);
    readNvidiaSmi(o, info);
    readNvidiaProc(o, info);
    readDrm(o, info);
    std::stable_sort(
        info.gpus.begin(), info.gpus.end(),
        [](const DetectedGpu& a, const DetectedGpu& b) { return a.bus_id < b.bus_id; });
    return info;
}

namespace detail {

MemoryModules readMemoryModules(const fs::path& root)
{
    const fs::path dir = underRoot(root, "/sys/firmware/dmi/entries");
    std::vector<MemoryDevice> devices;
    std::size_t unreadable = 0;
    std::string why;
    for (const fs::path& entry :
         entries(dir, [](const std::string& name) { return name.rfind("17-", 0) == 0; })) {
        const auto raw = readSmallFile(entry / "raw", &why, 4096);
        if (!raw) {
            ++unreadable;
            continue;
        }
        MemoryDevice d;
        if (parseMemoryDevice(*raw, &d)) {
            devices.push_back(d);
        }
    }
    if (devices.empty()) {
        MemoryModules m;
        m.source = unreadable > 0
                       ? "/sys/firmware/dmi/entries/17-*/raw: " + why +
                             " (readable by root only); default dual-channel DDR5-5600"
                       : "no SMBIOS memory devices under /sys/firmware/dmi/entries; default "
                         "dual-channel DDR5-5600";
        return m;
    }
    return memoryModulesFrom(devices, "/sys/firmware/dmi/entries/17-*/raw: " +
                                          std::to_string(devices.size()) + " modules");
}

} // namespace detail

} // namespace llmsizer
