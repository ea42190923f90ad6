// The GPUs of this machine: nvidia-smi (with a deadline), the NVIDIA driver's
// /proc/driver/nvidia/gpus/*/information, and the DRM devices in /sys/class/drm (docs/local.md).
// The same card seen by several of them is one GPU, by its PCI bus id.
#include "llmsizer/local/system.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"
#include "local/command.h"
#include "local/system_internal.h"

#include <algorithm>
#include <cctype>

namespace llmsizer {

namespace fs = std::filesystem;
using u64 = std::uint64_t;

namespace {

using detail::keyValue;
using detail::readSmallFile;
using detail::sortedEntries;
using detail::trim;

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

void readNvidiaProc(const ProbeOptions& o, SystemInfo& info)
{
    const fs::path dir = detail::underRoot(o.root, "/proc/driver/nvidia/gpus");
    for (const fs::path& gpu : sortedEntries(dir, [](const std::string&) { return true; })) {
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
    for (const fs::path& card : sortedEntries(dir, isCard)) {
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

namespace detail {

void readGpus(const ProbeOptions& o, SystemInfo& info)
{
    readNvidiaSmi(o, info);
    readNvidiaProc(o, info);
    readDrm(o, info);
    std::stable_sort(
        info.gpus.begin(), info.gpus.end(),
        [](const DetectedGpu& a, const DetectedGpu& b) { return a.bus_id < b.bus_id; });
}

} // namespace detail

} // namespace llmsizer
