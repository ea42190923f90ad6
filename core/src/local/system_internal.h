#pragma once

#include "llmsizer/local/system.h"

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

} // namespace llmsizer::detail
