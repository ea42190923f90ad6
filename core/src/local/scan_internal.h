#pragma once

#include "llmsizer/local/local_models.h"

#include <filesystem>
#include <string>
#include <vector>

// The scan of one store: the copies it finds (their files, not yet their headers) and the
// problems on the way. scan_hf.cpp, scan_ollama.cpp and scan_folder.cpp fill it; local_scan.cpp
// reads the headers and merges the copies into models.
namespace llmsizer::detail {

struct StoreScan {
    const ModelStore& store;
    const ScanLimits& limits;
    std::vector<LocalCopy> copies;
    std::vector<ScanProblem> problems;
    std::uint64_t entries = 0;
    bool stopped = false; // max_entries reached

    void problem(const std::filesystem::path& p, std::string message)
    {
        problems.push_back({p.string(), std::move(message)});
    }
    // Counts one directory entry; false (and one problem line) once the limit is passed.
    bool count(const std::filesystem::path& dir);
    LocalCopy newCopy() const;
};

// `p` is `base` or below it, both canonical.
bool within(const std::filesystem::path& p, const std::filesystem::path& base);
// Where a symbolic link leads, when it stays inside `root` (canonical); else an empty path and
// *why ("a symbolic link loop", "points to a missing file", "leads out of the store").
std::filesystem::path linkInside(const std::filesystem::path& link,
                                 const std::filesystem::path& root, std::string* why);
// The size of a regular file reached from `p` (following links), or nullopt with *why.
std::optional<std::uint64_t> regularSize(const std::filesystem::path& p, std::string* why);

void scanHfCache(StoreScan& s, const std::filesystem::path& hub);
void scanOllama(StoreScan& s);
void scanFolder(StoreScan& s);

} // namespace llmsizer::detail
