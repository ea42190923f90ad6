// Finding a checkpoint's files: what a directory holds, which GGUF files make one split set,
// and which symbolic links may be followed (checkpoint.cpp reads what is found).
#include "formats/checkpoint_internal.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include "json/byte_reader.h"
#include <algorithm>

namespace llmsizer::detail {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxDirectoryEntries = 100000;

std::string fileName(const fs::path& p)
{
    return p.filename().string();
}

// `p` is `base` or lies below it (both canonical).
bool within(const fs::path& p, const fs::path& base)
{
    const fs::path rel = p.lexically_relative(base);
    return !rel.empty() && *rel.begin() != "..";
}

} // namespace

void requireInsideCheckpoint(const fs::path& dir, const fs::path& file)
{
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(file, ec))) {
        return;
    }
    const fs::path target = fs::canonical(file, ec);
    if (ec) {
        return; // a dangling link or a loop: reading the file reports it
    }
    const fs::path home = fs::canonical(dir.empty() ? fs::path(".") : dir, ec);
    if (ec) {
        return;
    }
    if (within(target, home)) {
        return;
    }
    // huggingface_hub's cache: models--ORG--NAME/snapshots/<hash>/<file> -> ../../blobs/<sha>
    if (home.parent_path().filename() == "snapshots" &&
        within(target, home.parent_path().parent_path() / "blobs")) {
        return;
    }
    throw InputError(file.string(), "",
                     "is a symbolic link to a file outside the checkpoint's directory (only "
                     "links within it, or into a Hugging Face cache's blobs, are followed)");
}

bool presentOrThrow(const fs::path& file)
{
    std::error_code ec;
    const fs::file_status st = fs::status(file, ec);
    if (ec == std::errc::no_such_file_or_directory || (!ec && !fs::exists(st))) {
        return false;
    }
    if (ec) {
        throw InputError(file.string(), "", "cannot be opened (" + ec.message() + ")");
    }
    return true;
}

DirectoryListing listCheckpointDirectory(const fs::path& dir)
{
    DirectoryListing l;
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) {
        throw InputError(dir.string(), "", "cannot be listed (" + ec.message() + ")");
    }
    std::size_t seen = 0;
    for (const fs::directory_entry& e : it) {
        if (++seen > kMaxDirectoryEntries) {
            throw InputError(dir.string(), "",
                             "holds more than " + withThousands(kMaxDirectoryEntries) + " entries");
        }
        const std::string name = fileName(e.path());
        const bool wanted = name.ends_with(".safetensors.index.json") ||
                            name.ends_with(".safetensors") || name.ends_with(".gguf");
        // A checkpoint file that is a symbolic link loop is reported, not skipped.
        if ((wanted && !presentOrThrow(e.path())) || !e.is_regular_file(ec)) {
            continue;
        }
        if (wanted) {
            requireInsideCheckpoint(dir, e.path());
        }
        if (name.ends_with(".safetensors.index.json")) {
            l.indexes.push_back(e.path());
        } else if (name.ends_with(".safetensors")) {
            l.safetensors.push_back(e.path());
        } else if (name.ends_with(".gguf")) {
            l.ggufs.push_back(e.path());
        }
    }
    std::sort(l.indexes.begin(), l.indexes.end());
    std::sort(l.safetensors.begin(), l.safetensors.end());
    std::sort(l.ggufs.begin(), l.ggufs.end());
    return l;
}

std::string fileNameList(const std::vector<fs::path>& files)
{
    std::string out;
    for (std::size_t i = 0; i < files.size() && i < 5; ++i) {
        out += (i ? ", " : "") + fileName(files[i]);
    }
    return files.size() > 5 ? out + ", ..." : out;
}

bool startsWithGgufMagic(const fs::path& file)
{
    try {
        FileSource src(file);
        if (src.size() < 4) {
            return false;
        }
        std::uint8_t magic[4];
        src.readAt(0, magic, 4);
        return std::string_view(reinterpret_cast<const char*>(magic), 4) == "GGUF";
    } catch (const InputError&) {
        return false; // the real reader reports the problem
    }
}

// The directory's .gguf files when they are exactly the splits of one set (the first one
// present, which finds the others), else nullopt.
std::optional<fs::path> ggufSplitSetStart(const std::vector<fs::path>& ggufs)
{
    std::optional<GgufSplitName> first;
    for (const fs::path& f : ggufs) {
        const auto name = parseGgufSplitName(fileName(f));
        if (!name || (first && (name->prefix != first->prefix || name->count != first->count))) {
            return std::nullopt;
        }
        first = first.value_or(*name);
    }
    return ggufs.front(); // sorted by name, so the lowest split number
}

} // namespace llmsizer::detail
