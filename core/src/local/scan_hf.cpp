// The Hugging Face cache (huggingface_hub file_download.py and utils/_cache_manager.py):
// HUB/models--ORG--NAME/{refs/main, snapshots/<commit>/<file> -> ../../blobs/<etag>, blobs/}. A
// download in progress is blobs/<etag>.incomplete, and its snapshot link is made only when it
// completes; so a partial download is a shard the index names but the snapshot lacks, beside an
// .incomplete blob.
#include "formats/checkpoint_internal.h"
#include "llmsizer/text/format.h"
#include "local/scan_internal.h"
#include "local/system_internal.h"

#include <algorithm>

namespace llmsizer::detail {

namespace fs = std::filesystem;

namespace {

std::vector<fs::directory_entry> listDir(StoreScan& s, const fs::path& dir)
{
    std::vector<fs::directory_entry> out;
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) {
        s.problem(dir, "cannot be listed (" + ec.message() + ")");
        return out;
    }
    for (; it != fs::directory_iterator(); it.increment(ec)) {
        if (ec || !s.count(dir)) {
            break;
        }
        out.push_back(*it);
    }
    std::sort(out.begin(), out.end());
    return out;
}

// "models--meta-llama--Llama-3.2-1B" -> "meta-llama/Llama-3.2-1B" (REPO_ID_SEPARATOR "--").
std::string repoId(const std::string& folder)
{
    std::string rest = folder.substr(8);
    const std::size_t sep = rest.find("--");
    return sep == std::string::npos ? rest : rest.substr(0, sep) + "/" + rest.substr(sep + 2);
}

bool isWeightName(const std::string& name)
{
    return name.ends_with(".safetensors") || name.ends_with(".gguf") ||
           name.ends_with(".safetensors.index.json");
}

std::string roleOf(const std::string& name)
{
    if (name.ends_with(".safetensors.index.json")) {
        return "index";
    }
    if (name.ends_with(".safetensors") || name.ends_with(".gguf")) {
        return name.find("mmproj") != std::string::npos ? "projector" : "weights";
    }
    if (name == "config.json") {
        return "config";
    }
    return "other";
}

void scanRepo(StoreScan& s, const fs::path& repo)
{
    const std::string id = repoId(repo.filename().string());
    const fs::path snapshots = repo / "snapshots";
    const fs::path blobs = repo / "blobs";
    // refs/main names the current snapshot; without it, the only (or newest) snapshot.
    std::string revision;
    std::string why;
    if (const auto ref = readSmallFile(repo / "refs" / "main", &why, 256)) {
        revision = trim(*ref);
    }
    std::vector<fs::directory_entry> snaps;
    std::error_code ec;
    if (fs::is_directory(snapshots, ec)) {
        snaps = listDir(s, snapshots);
    }
    fs::path snapshot;
    if (!revision.empty() && fs::is_directory(snapshots / revision, ec)) {
        snapshot = snapshots / revision;
    } else if (!snaps.empty()) {
        auto newest = snaps.front();
        for (const auto& e : snaps) {
            if (e.last_write_time(ec) > newest.last_write_time(ec)) {
                newest = e;
            }
        }
        snapshot = newest.path();
        revision = snapshot.filename().string();
    }
    // Downloads that did not finish.
    std::vector<LocalFile> incomplete;
    if (fs::is_directory(blobs, ec)) {
        for (const auto& e : listDir(s, blobs)) {
            const std::string name = e.path().filename().string();
            if (name.ends_with(".incomplete")) {
                std::string w;
                const auto size = regularSize(e.path(), &w);
                incomplete.push_back(
                    {e.path().string(), "weights", size.value_or(0), "incomplete download"});
            }
        }
    }
    if (snapshot.empty()) {
        if (!incomplete.empty()) {
            LocalCopy c = s.newCopy();
            c.name = id;
            c.location = repo.string();
            c.open_path = repo;
            c.files = incomplete;
            c.partial = true;
            c.error =
                "nothing downloaded yet: " + countOf(incomplete.size(), "download", "downloads") +
                " did not finish";
            s.copies.push_back(std::move(c));
        }
        return; // a repository of something else (tokenizer only, a dataset) or an empty one
    }
    // The snapshot's files: links into blobs/ (or plain files, as older caches on Windows).
    std::vector<LocalFile> files;
    std::vector<fs::path> ggufs;
    bool safetensors = false;
    for (const auto& e : listDir(s, snapshot)) {
        const std::string name = e.path().filename().string();
        if (e.is_directory(ec)) {
            continue; // subfolders (onnx/, original/) hold other formats
        }
        const std::string role = roleOf(name);
        std::string w;
        const auto size = regularSize(e.path(), &w);
        if (e.is_symlink(ec)) {
            std::string out;
            if (linkInside(e.path(), repo, &out).empty()) {
                files.push_back({e.path().string(), role, 0, out});
                if (isWeightName(name)) {
                    s.problem(e.path(), out);
                }
                continue;
            }
        }
        if (!size) {
            files.push_back({e.path().string(), role, 0, w});
            continue;
        }
        files.push_back({e.path().string(), role, *size, ""});
        if (name.ends_with(".gguf") && role == "weights") {
            ggufs.push_back(e.path());
        } else if (name.ends_with(".safetensors") || name.ends_with(".safetensors.index.json")) {
            safetensors = true;
        }
    }
    const auto addCopy = [&](const fs::path& open, const std::string& name,
                             std::vector<LocalFile> own) {
        LocalCopy c = s.newCopy();
        c.name = name;
        c.source_repo = id;
        c.revision = revision;
        c.location = open.string();
        c.open_path = open;
        c.files = std::move(own);
        for (const LocalFile& f : incomplete) {
            c.files.push_back(f);
            c.partial = true;
            c.problems.push_back(fs::path(f.path).filename().string() +
                                 ": a download that did not finish (" + withThousands(f.bytes) +
                                 " bytes so far)");
        }
        s.copies.push_back(std::move(c));
    };
    if (safetensors) {
        std::vector<LocalFile> own;
        for (const LocalFile& f : files) {
            if (!fs::path(f.path).filename().string().ends_with(".gguf")) {
                own.push_back(f);
            }
        }
        addCopy(snapshot, id, std::move(own));
    }
    // Each GGUF file (or split set) is a copy of its own: a repository of quantizations.
    std::vector<std::string> seenSets;
    for (const fs::path& g : ggufs) {
        const std::string name = g.filename().string();
        const auto split = parseGgufSplitName(name);
        if (split) {
            if (std::find(seenSets.begin(), seenSets.end(), split->prefix) != seenSets.end()) {
                continue;
            }
            seenSets.push_back(split->prefix);
        }
        std::vector<LocalFile> own;
        for (const LocalFile& f : files) {
            const std::string fn = fs::path(f.path).filename().string();
            const auto other = parseGgufSplitName(fn);
            if (fn == name || (split && other && other->prefix == split->prefix) ||
                f.role == "projector" || f.role == "config") {
                own.push_back(f);
            }
        }
        addCopy(g, id + "/" + (split ? split->prefix : name.substr(0, name.size() - 5)),
                std::move(own));
    }
    if (!safetensors && ggufs.empty()) {
        const bool anyWeights = std::any_of(files.begin(), files.end(), [](const LocalFile& f) {
            return f.role == "weights" || f.role == "index";
        });
        if (anyWeights || !incomplete.empty()) {
            LocalCopy c = s.newCopy();
            c.name = id;
            c.revision = revision;
            c.location = snapshot.string();
            c.open_path = snapshot;
            c.files = files;
            c.files.insert(c.files.end(), incomplete.begin(), incomplete.end());
            c.partial = true;
            c.error = incomplete.empty() ? "no weights file of this snapshot can be read"
                                         : "no weights downloaded yet: " +
                                               countOf(incomplete.size(), "download", "downloads") +
                                               " did not finish";
            s.copies.push_back(std::move(c));
        }
    }
}

} // namespace

void scanHfCache(StoreScan& s, const fs::path& hub)
{
    for (const auto& e : listDir(s, hub)) {
        const std::string name = e.path().filename().string();
        std::error_code ec;
        if (name.rfind("models--", 0) != 0) {
            continue; // datasets--, spaces--, .locks
        }
        if (e.is_symlink(ec)) {
            s.problem(e.path(), "is a symbolic link: repositories are folders; not followed");
            continue;
        }
        if (e.is_directory(ec)) {
            scanRepo(s, e.path());
        }
    }
}

} // namespace llmsizer::detail
