#pragma once

#include "llmsizer/local/system.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Helpers shared by the system probe and the model scan.
namespace llmsizer::detail {

// An absolute path ("/proc/meminfo") under a root directory.
std::filesystem::path underRoot(const std::filesystem::path& root, const std::string& absolute);
// A regular file's text, at most maxBytes of it; nullopt (and *why) when it cannot be read or is
// not a regular file (a FIFO is never opened for a blocking read).
std::optional<std::string> readSmallFile(const std::filesystem::path& file, std::string* why,
                                         std::size_t maxBytes = 1u << 20);
std::string trim(std::string_view s);
std::vector<std::string> splitLines(const std::string& text);
std::string normalBusId(std::string id);
MemoryModules readMemoryModules(const std::filesystem::path& root);
// The value after "key:" on a line of /proc text, trimmed; false when there is no colon.
bool keyValue(const std::string& line, std::string* key, std::string* value);
// The CPU's FP32 peak from its cores' clocks under sys/devices/system/cpu (system_cpu.cpp).
CpuPeak readCpuPeak(const std::filesystem::path& root, const CpuInfo& cpu);
// The GPUs into info.gpus, in bus order, and what failed into info.notes (system_gpus.cpp).
void readGpus(const ProbeOptions& o, SystemInfo& info);

// Sorted directory entries whose names satisfy `keep` (at most 4,096); nothing when the folder
// cannot be listed.
template <typename F>
std::vector<std::filesystem::path> sortedEntries(const std::filesystem::path& dir, F&& keep)
{
    std::vector<std::filesystem::path> out;
    std::error_code ec;
    std::filesystem::directory_iterator it(dir, ec);
    if (ec) {
        return out;
    }
    for (std::size_t n = 0; it != std::filesystem::directory_iterator() && n < 4096;
         it.increment(ec), ++n) {
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

} // namespace llmsizer::detail
