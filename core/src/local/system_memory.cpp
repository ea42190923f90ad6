// The memory modules from SMBIOS type 17 structures (DMTF DSP0134, "Memory Device (Type 17)"):
// offsets 0x0A data width, 0x0C size (0x7FFF: the extended size at 0x1C), 0x10/0x11 the device
// and bank locator strings, 0x12 the memory type, 0x15 the rated speed and 0x20 the configured
// speed in MT/s. Linux exposes each structure as /sys/firmware/dmi/entries/17-N/raw.
#include "llmsizer/local/system.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

u64 word(const std::string& raw, std::size_t at)
{
    return static_cast<unsigned char>(raw[at]) |
           (static_cast<u64>(static_cast<unsigned char>(raw[at + 1])) << 8);
}

u64 dword(const std::string& raw, std::size_t at)
{
    return word(raw, at) | (word(raw, at + 2) << 16);
}

// String number `index` (1-based) of the strings after the formatted area, or "".
std::string smbiosString(const std::string& raw, std::size_t formatted, unsigned index)
{
    if (index == 0) {
        return {};
    }
    std::size_t pos = formatted;
    for (unsigned i = 1; pos < raw.size(); ++i) {
        const std::size_t end = raw.find('\0', pos);
        if (end == std::string::npos || end == pos) {
            return {}; // the double NUL that ends the strings
        }
        if (i == index) {
            std::string s = raw.substr(pos, end - pos);
            while (!s.empty() && s.back() == ' ') {
                s.pop_back();
            }
            return s;
        }
        pos = end + 1;
    }
    return {};
}

std::string memoryTypeName(unsigned t)
{
    // DSP0134 7.18.2, Memory Device — Type.
    switch (t) {
    case 0x18:
        return "DDR3";
    case 0x1A:
        return "DDR4";
    case 0x1B:
        return "LPDDR";
    case 0x1C:
        return "LPDDR2";
    case 0x1D:
        return "LPDDR3";
    case 0x1E:
        return "LPDDR4";
    case 0x20:
        return "HBM";
    case 0x21:
        return "HBM2";
    case 0x22:
        return "DDR5";
    case 0x23:
        return "LPDDR5";
    case 0x24:
        return "HBM3";
    default:
        return {};
    }
}

std::string upper(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}

// The channel a module sits in, from its locators: "P0 CHANNEL A" -> "P0 A", "ChannelB-DIMM0"
// -> "B", "DIMM_A1" / "DIMM A2" -> "A"; "" when the names do not say.
std::string channelOf(const MemoryDevice& d)
{
    for (const std::string& text : {upper(d.bank_locator), upper(d.device_locator)}) {
        std::string socket;
        const std::size_t p = text.find('P');
        if (p != std::string::npos && p + 1 < text.size() &&
            std::isdigit(static_cast<unsigned char>(text[p + 1])) &&
            (p == 0 || text[p - 1] == ' ' || text[p - 1] == '_')) {
            socket = text.substr(p, 2) + " ";
        }
        const std::size_t c = text.find("CHANNEL");
        if (c != std::string::npos) {
            std::size_t i = c + 7;
            while (i < text.size() && (text[i] == ' ' || text[i] == '_' || text[i] == '-')) {
                ++i;
            }
            if (i < text.size() && std::isalnum(static_cast<unsigned char>(text[i]))) {
                return socket + text[i];
            }
        }
        const std::size_t dimm = text.find("DIMM");
        if (dimm != std::string::npos) {
            std::size_t i = dimm + 4;
            while (i < text.size() && (text[i] == ' ' || text[i] == '_')) {
                ++i;
            }
            if (i + 1 < text.size() && std::isalpha(static_cast<unsigned char>(text[i])) &&
                std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
                return socket + text[i];
            }
        }
    }
    return {};
}

} // namespace

bool parseMemoryDevice(const std::string& raw, MemoryDevice* out)
{
    if (raw.size() < 0x17 || static_cast<unsigned char>(raw[0]) != 17) {
        return false;
    }
    const std::size_t length = static_cast<unsigned char>(raw[1]);
    if (length < 0x17 || length > raw.size()) {
        return false;
    }
    MemoryDevice d;
    d.data_width_bits = word(raw, 0x0A);
    if (d.data_width_bits == 0xFFFF) {
        d.data_width_bits = 0;
    }
    const u64 size = word(raw, 0x0C);
    if (size == 0 || size == 0xFFFF) {
        return false; // an empty slot, or a size the firmware does not know
    }
    if (size == 0x7FFF && length >= 0x20) {
        d.size_bytes = (dword(raw, 0x1C) & 0x7FFFFFFF) << 20;
    } else if ((size & 0x8000) != 0) {
        d.size_bytes = (size & 0x7FFF) << 10; // in KiB
    } else {
        d.size_bytes = size << 20; // in MiB
    }
    d.device_locator = smbiosString(raw, length, static_cast<unsigned char>(raw[0x10]));
    d.bank_locator = smbiosString(raw, length, static_cast<unsigned char>(raw[0x11]));
    d.type = memoryTypeName(static_cast<unsigned char>(raw[0x12]));
    d.speed_mts = word(raw, 0x15);
    if (length >= 0x22) {
        const u64 configured = word(raw, 0x20);
        if (configured != 0 && configured != 0xFFFF) {
            d.speed_mts = configured;
        }
    }
    if (d.speed_mts == 0xFFFF) {
        d.speed_mts = 0;
    }
    *out = d;
    return true;
}

MemoryModules memoryModulesFrom(const std::vector<MemoryDevice>& devices, const std::string& source)
{
    MemoryModules m;
    m.source = source;
    if (devices.empty()) {
        return m;
    }
    u64 speed = 0;
    bool allNamed = true;
    std::map<std::string, u64> channelWidth; // channel -> its widest module, bits
    for (std::size_t i = 0; i < devices.size(); ++i) {
        const MemoryDevice& d = devices[i];
        if (d.speed_mts != 0) {
            speed = speed == 0 ? d.speed_mts : std::min(speed, d.speed_mts);
        }
        const std::string channel = channelOf(d);
        allNamed = allNamed && !channel.empty();
        const u64 width = d.data_width_bits == 0 ? 64 : d.data_width_bits;
        const std::string key = channel.empty() ? "#" + std::to_string(i) : channel;
        channelWidth[key] = std::max(channelWidth[key], width);
    }
    if (!allNamed) {
        // Without channel names every module is taken as its own channel.
        channelWidth.clear();
        for (std::size_t i = 0; i < devices.size(); ++i) {
            const u64 width = devices[i].data_width_bits == 0 ? 64 : devices[i].data_width_bits;
            channelWidth["#" + std::to_string(i)] = width;
        }
    }
    if (speed == 0) {
        m.source = source + " (no module gives its speed; the default is used)";
        return m;
    }
    u64 bits = 0;
    for (const auto& entry : channelWidth) {
        bits += entry.second;
    }
    m.modules = devices.size();
    m.channels = (bits + 63) / 64;
    m.speed_mts = speed;
    m.type = devices.front().type;
    // bytes per transfer × transfers per second, in GB/s.
    m.bandwidth_gb_s = static_cast<double>(bits) / 8.0 * static_cast<double>(speed) / 1000.0;
    m.measured = true;
    m.source = source + (allNamed ? " (channels from the slot names)"
                                  : " (each module counted as its own channel)");
    return m;
}

} // namespace llmsizer
