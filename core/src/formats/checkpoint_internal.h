#pragma once

// Shared by checkpoint.cpp (reading files), checkpoint_files.cpp (finding them) and
// checkpoint_summary.cpp (sums and the estimate). Not installed.
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/formats/gguf.h"
#include "llmsizer/formats/safetensors.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace llmsizer::detail {

// The whole checkpoint's budget (InspectOptions): every file read counts against one total of
// files, tensors and header bytes, and against one clock, so that many shards or splits cannot
// add up to more than one file at its limits (checkpoint_budget.cpp).
class CheckpointBudget {
public:
    CheckpointBudget(std::string checkpoint, const InspectOptions& options);

    // Before reading `file`: counts it against the files and the time, and gives the limits for
    // its header (each format's own, or what is left of the checkpoint's when that is less).
    SafetensorsLimits safetensors(const std::filesystem::path& file);
    GgufLimits gguf(const std::filesystem::path& file);
    // After reading it: its tensors and header bytes count against the totals.
    void spend(const std::string& file, std::uint64_t tensors, std::uint64_t headerBytes);
    // An index's bytes count with the safetensors headers'.
    void spendIndex(const std::string& file, std::uint64_t bytes);
    // A checkpoint that names more files (an index's shards, split.count) than the budget
    // allows is refused before any is read.
    std::uint64_t maxTensors() const { return m_options.max_tensors; }
    void requireFiles(const std::string& file, const std::string& field, std::uint64_t files,
                      const std::string& verb, const std::string& what) const;

private:
    void startFile(const std::filesystem::path& file);
    std::string note(std::uint64_t limit, std::uint64_t used, const char* unit,
                     const char* one) const;

    std::string m_checkpoint;
    InspectOptions m_options;
    std::chrono::steady_clock::time_point m_start;
    std::uint64_t m_files = 0;
    std::uint64_t m_tensors = 0;
    std::uint64_t m_headerBytes = 0;
    std::uint64_t m_headerLimit = 0; // the format's: max_header_bytes or max_gguf_header_bytes
};

// Classifies every tensor by its name (classifyTensor).
void classifyTensors(Checkpoint& c);
// Fills the totals, components, dtypes, buffers, unmapped lists and quantization metadata sums
// from the tensors' roles.
void summariseCheckpoint(Checkpoint& c);
// Counts c.inferred (if any) and fills c.estimate and c.diff, or c.estimate_note.
void compareWithEstimate(Checkpoint& c);

// Recognises LoRA adapter tensors (PEFT lora_A/lora_B, MLX lora_a/lora_b), maps them to the
// modules they adapt and fills c.lora, reading dir/adapter_config.json when present
// (lora_adapter.cpp). An adapter alone gets no estimate.
void recogniseLora(Checkpoint& c, const std::filesystem::path& dir);

// The size a Git LFS pointer file stands for (0 if it names none), or nullopt when the file is
// not a pointer (git_lfs.cpp); and the message for it ("a Git LFS pointer to a N-byte file, not
// the file itself: run `git lfs pull`").
std::optional<std::uint64_t> gitLfsPointerSize(const std::filesystem::path& file);
std::string gitLfsMessage(std::uint64_t size);

// When nothing was counted (a vocabulary-only GGUF, an index none of whose shards is present),
// c.headline says so in one line.
void explainEmpty(Checkpoint& c, std::uint64_t indexShards);

// A file name of a split GGUF set, PREFIX-NNNNN-of-MMMMM.gguf (number counts from 1).
struct GgufSplitName {
    std::string prefix;
    std::uint64_t number = 0;
    std::uint64_t count = 0;
};
std::optional<GgufSplitName> parseGgufSplitName(const std::string& fileName);
// Reads a .gguf file into c; when its header says it is one split of several (split.count),
// reads every split beside it and lists the missing ones (gguf_checkpoint.cpp).
void readGgufCheckpoint(Checkpoint& c, const std::filesystem::path& file, CheckpointBudget& budget);
// A file the reader found itself (an index's shard, a directory's file, a GGUF split) beside the
// checkpoint in `dir`: a symbolic link is followed only to a file inside `dir`, or, in the
// Hugging Face cache layout (snapshots/<hash>/x -> ../../blobs/<sha>), inside the cache's blobs
// directory. Any other link is an InputError naming the file (checkpoint_files.cpp).
void requireInsideCheckpoint(const std::filesystem::path& dir, const std::filesystem::path& file);
// Whether a file the reader found itself is there: false when it does not exist (a shard not
// downloaded, a dangling link); a file that cannot be reached for another reason (a symbolic
// link loop, a name too long, a directory that cannot be searched) is an InputError with the
// system's reason, never "not present" (checkpoint_files.cpp).
bool presentOrThrow(const std::filesystem::path& file);

// What a checkpoint directory holds, each list sorted by name (checkpoint_files.cpp). Throws
// InputError for a directory that cannot be listed or holds more than 100,000 entries.
struct DirectoryListing {
    std::vector<std::filesystem::path> indexes, safetensors, ggufs;
};
DirectoryListing listCheckpointDirectory(const std::filesystem::path& dir);
// "a.gguf, b.gguf, ..." (the first five names).
std::string fileNameList(const std::vector<std::filesystem::path>& files);
// The file starts with GGUF's magic (whatever its name).
bool startsWithGgufMagic(const std::filesystem::path& file);
// The first of `ggufs` when they are exactly the splits of one set, else nullopt.
std::optional<std::filesystem::path>
ggufSplitSetStart(const std::vector<std::filesystem::path>& ggufs);

} // namespace llmsizer::detail
