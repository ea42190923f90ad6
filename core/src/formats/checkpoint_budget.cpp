// The whole checkpoint's budget: files, tensors, header bytes and time over every file a
// checkpoint is read from (checkpoint_internal.h; docs/reliability.md, "Limits").
#include "formats/checkpoint_internal.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <algorithm>

namespace llmsizer::detail {

namespace fs = std::filesystem;
using u64 = std::uint64_t;

CheckpointBudget::CheckpointBudget(std::string checkpoint, const InspectOptions& options)
    : m_checkpoint(std::move(checkpoint)), m_options(options),
      m_start(std::chrono::steady_clock::now())
{
}

void CheckpointBudget::startFile(const fs::path& file)
{
    if (m_files >= m_options.max_files) {
        throw InputError(m_checkpoint, "",
                         "is read from more than " + withThousands(m_options.max_files) +
                             " files (the limit for one checkpoint)");
    }
    const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - m_start);
    if (m_files > 0 && spent >= m_options.max_time) {
        throw InputError(m_checkpoint, "",
                         "reading its headers took longer than " +
                             withThousands(static_cast<u64>(m_options.max_time.count())) +
                             " ms (the limit for one checkpoint; " + withThousands(m_files) +
                             (m_files == 1 ? " file" : " files") + " read, stopped before " +
                             file.filename().string() + ")");
    }
    ++m_files;
}

// "the 11,072 tensors left of the checkpoint's limit of 131,072 (the files read before it hold
// 120,000)"; `unit` is the plural, `one` the singular.
std::string CheckpointBudget::note(u64 limit, u64 used, const char* unit, const char* one) const
{
    const u64 left = limit - std::min(used, limit);
    return "the " + withThousands(left) + " " + (left == 1 ? one : unit) +
           " left of the checkpoint's limit of " + withThousands(limit) +
           " (the files read before it hold " + withThousands(used) + ")";
}

SafetensorsLimits CheckpointBudget::safetensors(const fs::path& file)
{
    startFile(file);
    m_headerLimit = m_options.max_header_bytes;
    SafetensorsLimits l;
    l.headerOnly = m_options.header_only;
    const u64 tensorsLeft = m_options.max_tensors - std::min(m_tensors, m_options.max_tensors);
    const u64 bytesLeft =
        m_options.max_header_bytes - std::min(m_headerBytes, m_options.max_header_bytes);
    if (tensorsLeft < l.maxTensors) {
        l.maxTensors = tensorsLeft;
        l.tensorLimitText = note(m_options.max_tensors, m_tensors, "tensors", "tensor");
    }
    if (bytesLeft < l.maxHeaderBytes) {
        l.maxHeaderBytes = bytesLeft;
        l.byteLimitText =
            note(m_options.max_header_bytes, m_headerBytes, "header bytes", "header byte");
    }
    return l;
}

GgufLimits CheckpointBudget::gguf(const fs::path& file)
{
    startFile(file);
    m_headerLimit = m_options.max_gguf_header_bytes;
    GgufLimits l;
    l.headerOnly = m_options.header_only;
    l.maxStoredString = 1u << 20; // metadata strings whole (chat templates are ~10 KB)
    const u64 tensorsLeft = m_options.max_tensors - std::min(m_tensors, m_options.max_tensors);
    if (tensorsLeft < l.maxTensors) {
        l.maxTensors = tensorsLeft;
        l.tensorLimitText = note(m_options.max_tensors, m_tensors, "tensors", "tensor");
    }
    return l;
}

void CheckpointBudget::spend(const std::string& file, u64 tensors, u64 headerBytes)
{
    m_tensors += tensors; // each file's count is within its own limit: no overflow
    m_headerBytes += headerBytes;
    if (m_tensors > m_options.max_tensors) {
        throw InputError(file, "",
                         "brings the checkpoint to " + withThousands(m_tensors) +
                             " tensors; the limit for a whole checkpoint is " +
                             withThousands(m_options.max_tensors) + " (over all its files)");
    }
    if (m_headerBytes > m_headerLimit) {
        throw InputError(file, "",
                         "brings the checkpoint's headers to " + withThousands(m_headerBytes) +
                             " bytes; the limit for a whole checkpoint is " +
                             withThousands(m_headerLimit) + " (over all its files)");
    }
}

void CheckpointBudget::spendIndex(const std::string& file, u64 bytes)
{
    m_headerLimit = m_options.max_header_bytes;
    spend(file, 0, bytes);
}

void CheckpointBudget::requireFiles(const std::string& file, const std::string& field, u64 files,
                                    const std::string& verb, const std::string& what) const
{
    if (files > m_options.max_files) {
        throw InputError(file, field,
                         verb + " " + withThousands(files) + " " + what +
                             "; a checkpoint is read from at most " +
                             withThousands(m_options.max_files) + " files");
    }
}

} // namespace llmsizer::detail
