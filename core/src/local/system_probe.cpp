// Detecting this machine: /proc/meminfo, /proc/cpuinfo and the SMBIOS memory devices here, the
// GPUs in system_gpus.cpp (docs/local.md).
// Every path is read under ProbeOptions::root; only regular files are read, and at most 1 MiB of
// each, so a fake or broken tree can neither hang nor flood the probe.
#include "llmsizer/local/system.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"
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

} // namespace detail

namespace {

using detail::keyValue;
using detail::readSmallFile;

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
    // A two-socket server of 768 threads writes over 1 MiB of it.
    if (const auto cpu =
            readSmallFile(detail::underRoot(o.root, "/proc/cpuinfo"), &why, 16u << 20)) {
        const CpuInfo c = parseCpuinfo(*cpu);
        info.cpu_model = c.model;
        info.cpu_threads = c.threads;
        info.cpu_cores = c.cores;
        info.cpu_peak = detail::readCpuPeak(o.root, c);
    } else {
        info.notes.push_back("/proc/cpuinfo: " + why);
        info.cpu_peak.why = "/proc/cpuinfo: " + why;
    }
    info.memory = detail::readMemoryModules(o.root);
    detail::readGpus(o, info);
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
         sortedEntries(dir, [](const std::string& name) { return name.rfind("17-", 0) == 0; })) {
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
