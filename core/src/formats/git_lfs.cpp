// Git LFS pointer files: what a clone without git-lfs leaves in place of each large file. The
// format (git-lfs docs/spec.md): UTF-8 text of at most 1024 bytes, starting with
// "version https://git-lfs.github.com/spec/v1", then "oid sha256:…" and "size N" lines.
#include "formats/checkpoint_internal.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include "json/byte_reader.h"
#include <charconv>

namespace llmsizer::detail {

std::optional<std::uint64_t> gitLfsPointerSize(const std::filesystem::path& file)
{
    static constexpr std::string_view kVersion = "version https://git-lfs";
    try {
        FileSource src(file);
        if (src.size() < kVersion.size() || src.size() > 1024) {
            return std::nullopt;
        }
        std::string text(static_cast<std::size_t>(src.size()), '\0');
        src.readAt(0, reinterpret_cast<std::uint8_t*>(text.data()), text.size());
        if (!text.starts_with(kVersion)) {
            return std::nullopt;
        }
        const std::size_t at = text.find("\nsize ");
        if (at == std::string::npos) {
            return 0;
        }
        std::uint64_t size = 0;
        const char* begin = text.data() + at + 6;
        const auto [ptr, ec] = std::from_chars(begin, text.data() + text.size(), size);
        return ec == std::errc() && ptr != begin ? size : 0;
    } catch (const InputError&) {
        return std::nullopt; // the real reader reports the problem
    }
}

std::string gitLfsMessage(std::uint64_t size)
{
    // The size is the pointer's word: shown when it could be a real file (the largest
    // checkpoint files are a few hundred GB), never echoed beyond that.
    constexpr std::uint64_t kLargest = 10'000'000'000'000; // 10 TB
    const std::string to = size == 0          ? std::string()
                           : size <= kLargest ? " to a " + withThousands(size) + "-byte file"
                                              : " (to a file it says is larger than 10 TB)";
    return "a Git LFS pointer" + to + ", not the file itself: run `git lfs pull`";
}

} // namespace llmsizer::detail
