#pragma once

// Shared by checkpoint.cpp (finding and reading files) and checkpoint_summary.cpp (sums and the
// estimate). Not installed.
#include "llmsizer/checkpoint.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace llmsizer::detail {

// Classifies every tensor and fills the totals, components, dtypes, buffers and unmapped lists.
void summariseCheckpoint(Checkpoint& c);
// Counts c.inferred (if any) and fills c.estimate and c.diff, or c.estimate_note.
void compareWithEstimate(Checkpoint& c);

// A file name of a split GGUF set, PREFIX-NNNNN-of-MMMMM.gguf (number counts from 1).
struct GgufSplitName {
    std::string prefix;
    std::uint64_t number = 0;
    std::uint64_t count = 0;
};
std::optional<GgufSplitName> parseGgufSplitName(const std::string& fileName);
// Reads a .gguf file into c; when its header says it is one split of several (split.count),
// reads every split beside it and lists the missing ones (gguf_checkpoint.cpp).
void readGgufCheckpoint(Checkpoint& c, const std::filesystem::path& file);
// A file the reader found itself (an index's shard, a directory's file, a GGUF split) beside the
// checkpoint in `dir`: a symbolic link is followed only to a file inside `dir`, or, in the
// Hugging Face cache layout (snapshots/<hash>/x -> ../../blobs/<sha>), inside the cache's blobs
// directory. Any other link is an InputError naming the file (checkpoint.cpp).
void requireInsideCheckpoint(const std::filesystem::path& dir, const std::filesystem::path& file);

} // namespace llmsizer::detail
