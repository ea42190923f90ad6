#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

namespace llmsizer {

// Reading JSON files safely: size and nesting are bounded, and every failure is an InputError
// naming the file (and, for type errors, the field).
// Within the limits, parsing is linear (docs/reliability.md gives the time and memory it takes).
// Refused: nesting deeper than maxDepth, more than maxValues values (every scalar, array and
// object counts one: this bounds the document tree, about 100 bytes a value), a key that appears
// twice in one object, a NUL byte, UTF-16 text.
struct JsonLimits {
    std::uintmax_t maxBytes = 16u << 20; // 16 MiB: real config.json files are a few KiB
    int maxDepth = 64;
    std::uint64_t maxValues = 1'000'000;
};

// The file's status; an InputError naming the file when it does not exist (`missing`, e.g. "no
// such file") or cannot be reached (the system's reason: a symlink loop, a name too long, a
// directory without search permission).
std::filesystem::file_status statusOrThrow(const std::filesystem::path& file,
                                           const std::string& missing);
nlohmann::json readJsonFile(const std::filesystem::path& file, const JsonLimits& limits = {});
// The file's bytes, with readJsonFile's checks (a regular file within limits.maxBytes).
std::string readTextFile(const std::filesystem::path& file, const JsonLimits& limits = {});
nlohmann::json parseJsonText(const std::string& text, const std::string& fileLabel,
                             const JsonLimits& limits = {});

// Typed field access with error messages that name `path`. (path is the prefix, e.g.
// "architecture"; the key is appended as "architecture.d_model".)
std::string joinPath(const std::string& prefix, const std::string& key);
std::uint64_t getUInt(const nlohmann::json& obj, const std::string& key, const std::string& file,
                      const std::string& prefix);
std::optional<std::uint64_t> getOptUInt(const nlohmann::json& obj, const std::string& key,
                                        const std::string& file, const std::string& prefix);
double getNumber(const nlohmann::json& obj, const std::string& key, const std::string& file,
                 const std::string& prefix);
std::optional<double> getOptNumber(const nlohmann::json& obj, const std::string& key,
                                   const std::string& file, const std::string& prefix);
bool getBool(const nlohmann::json& obj, const std::string& key, const std::string& file,
             const std::string& prefix);
std::optional<bool> getOptBool(const nlohmann::json& obj, const std::string& key,
                               const std::string& file, const std::string& prefix);
std::string getString(const nlohmann::json& obj, const std::string& key, const std::string& file,
                      const std::string& prefix);
std::optional<std::string> getOptString(const nlohmann::json& obj, const std::string& key,
                                        const std::string& file, const std::string& prefix);
// Throws unless j is an object.
void requireObject(const nlohmann::json& j, const std::string& file, const std::string& path);

// Writes text to `file` atomically: a temporary file in the same directory, flushed and renamed
// over the target, so the target is always the old or the new complete file. A symbolic link is
// written through (the file it points to is replaced, the link stays); anything that is not a
// regular file (a directory, a named pipe, a device) is refused, never replaced. The temporary
// has a name no other writer can predict and is created exclusively (docs/reliability.md,
// "Saving").
void writeFileAtomically(const std::filesystem::path& file, const std::string& text);

} // namespace llmsizer
