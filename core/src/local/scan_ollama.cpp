// Ollama's store (ollama manifest/paths.go, manifest/manifest.go, server/images.go):
// ROOT/manifests/HOST/NAMESPACE/MODEL/TAG is a JSON manifest whose layers name blobs by digest,
// ROOT/blobs/sha256-<64 hex>. The layer of media type application/vnd.ollama.image.model is the
// GGUF; .projector (vision), .adapter (LoRA), .params (JSON options such as num_ctx),
// .template, .system, .license and .messages are the rest. Blobs being downloaded are
// blobs/sha256-<hex>-partial (server/download.go); a manifest is written only after its blobs.
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/format.h"
#include "local/scan_internal.h"
#include "local/system_internal.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

namespace llmsizer::detail {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kMediaPrefix = "application/vnd.ollama.image.";

// "sha256:<64 hex>" (or with '-') -> "sha256-<hex>", else "" (paths.go BlobsPath's pattern).
std::string blobName(const std::string& digest)
{
    if (digest.size() != 71 || digest.compare(0, 6, "sha256") != 0 ||
        (digest[6] != ':' && digest[6] != '-')) {
        return {};
    }
    for (std::size_t i = 7; i < digest.size(); ++i) {
        if (std::isxdigit(static_cast<unsigned char>(digest[i])) == 0) {
            return {};
        }
    }
    return "sha256-" + digest.substr(7);
}

// ollama's Name.DisplayShortest: "llama3.2:3b" in the default registry and namespace,
// "NAMESPACE/MODEL:TAG" in another namespace, "HOST/NAMESPACE/MODEL:TAG" elsewhere.
std::string displayName(const std::string& host, const std::string& ns, const std::string& model,
                        const std::string& tag)
{
    if (host == "registry.ollama.ai") {
        return (ns == "library" ? std::string() : ns + "/") + model + ":" + tag;
    }
    return host + "/" + ns + "/" + model + ":" + tag;
}

std::vector<fs::path> subdirs(StoreScan& s, const fs::path& dir, bool files)
{
    std::vector<fs::path> out;
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
        if (it->is_symlink(ec)) {
            s.problem(it->path(), "is a symbolic link: the store's manifests are files and "
                                  "folders; not followed");
            continue;
        }
        if (files ? it->is_regular_file(ec) || !it->is_directory(ec) : it->is_directory(ec)) {
            out.push_back(it->path());
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

void readParams(LocalCopy& c, const fs::path& blob)
{
    std::string why;
    const auto text = readSmallFile(blob, &why, 1u << 16);
    if (!text) {
        return;
    }
    try {
        const nlohmann::json j = parseJsonText(*text, blob.string());
        if (j.is_object() && j.contains("num_ctx") && j["num_ctx"].is_number_unsigned()) {
            c.num_ctx = j["num_ctx"].get<std::uint64_t>();
        }
    } catch (const std::exception& e) {
        c.problems.push_back("params layer: " + std::string(e.what()));
    }
}

void readManifest(StoreScan& s, const fs::path& file, const std::string& name)
{
    const fs::path root = s.store.root;
    LocalCopy c = s.newCopy();
    c.name = name;
    c.location = file.string();
    nlohmann::json j;
    try {
        JsonLimits limits;
        limits.maxBytes = 1u << 20;
        j = readJsonFile(file, limits);
        requireObject(j, file.string(), "");
    } catch (const std::exception& e) {
        c.error = e.what();
        s.copies.push_back(std::move(c));
        return;
    }
    const auto layers = j.find("layers");
    if (layers == j.end() || !layers->is_array()) {
        c.error = file.string() + ": layers: missing or not a list";
        s.copies.push_back(std::move(c));
        return;
    }
    std::size_t tensorLayers = 0;
    for (std::size_t i = 0; i < layers->size(); ++i) {
        const nlohmann::json& l = (*layers)[i];
        const std::string field = "layers[" + std::to_string(i) + "]";
        if (!l.is_object() || !l.contains("mediaType") || !l["mediaType"].is_string() ||
            !l.contains("digest") || !l["digest"].is_string()) {
            c.problems.push_back(field + ": not a layer (mediaType and digest)");
            continue;
        }
        const std::string media = l["mediaType"].get<std::string>();
        const std::string kind =
            media.rfind(kMediaPrefix, 0) == 0 ? media.substr(kMediaPrefix.size()) : media;
        if (kind == "tensor") {
            ++tensorLayers;
            continue;
        }
        const std::string blob = blobName(l["digest"].get<std::string>());
        if (blob.empty()) {
            c.problems.push_back(field + ": digest '" +
                                 terminalSafe(l["digest"].get<std::string>()) +
                                 "' is not sha256:<64 hex digits>");
            continue;
        }
        const std::uint64_t declared = l.contains("size") && l["size"].is_number_unsigned()
                                           ? l["size"].get<std::uint64_t>()
                                           : 0;
        const fs::path path = root / "blobs" / blob;
        const std::string role = kind == "model" ? "weights" : kind;
        // "blobs/sha256-… (model layer": the start of this layer's problem lines.
        std::string named = "blobs/";
        named.append(blob).append(" (").append(kind).append(" layer");
        std::string why;
        std::error_code ec;
        if (fs::is_symlink(fs::symlink_status(path, ec)) && linkInside(path, root, &why).empty()) {
            c.files.push_back({path.string(), role, 0, why});
            c.problems.push_back(named.append(") ").append(why));
            continue;
        }
        const auto size = regularSize(path, &why);
        if (!size) {
            c.files.push_back({path.string(), role, 0, why == "is missing" ? "missing" : why});
            named.append(", ").append(withThousands(declared)).append(" bytes) ").append(why);
            c.problems.push_back(named);
            if (kind == "model") {
                std::string error = "its model blob ";
                c.error = error.append(why).append(" (blobs/").append(blob).append(")");
            }
            continue;
        }
        std::string state;
        if (declared != 0 && *size < declared) {
            state = "incomplete download";
            c.partial = true;
            named.append(") holds ").append(withThousands(*size));
            c.problems.push_back(
                named.append(" of its ").append(withThousands(declared)).append(" bytes"));
        }
        c.files.push_back({path.string(), role, *size, state});
        if (kind == "model" && c.open_path.empty()) {
            c.open_path = path;
        } else if (kind == "params") {
            readParams(c, path);
        }
    }
    if (c.error.empty() && c.open_path.empty()) {
        c.error = tensorLayers > 0
                      ? "stored as " + std::to_string(tensorLayers) +
                            " tensor layers (Ollama's safetensors store), not a GGUF: not read"
                      : "the manifest has no model layer";
    }
    s.copies.push_back(std::move(c));
}

} // namespace

void scanOllama(StoreScan& s)
{
    const fs::path manifests = s.store.root / "manifests";
    std::error_code ec;
    if (fs::is_directory(manifests, ec)) {
        for (const fs::path& host : subdirs(s, manifests, false)) {
            for (const fs::path& ns : subdirs(s, host, false)) {
                for (const fs::path& model : subdirs(s, ns, false)) {
                    for (const fs::path& tag : subdirs(s, model, true)) {
                        readManifest(s, tag,
                                     displayName(host.filename().string(), ns.filename().string(),
                                                 model.filename().string(),
                                                 tag.filename().string()));
                    }
                }
            }
        }
    }
    const fs::path blobs = s.store.root / "blobs";
    if (!fs::is_directory(blobs, ec)) {
        return;
    }
    fs::directory_iterator it(blobs, ec);
    for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
        if (!s.count(blobs)) {
            break;
        }
        const std::string name = it->path().filename().string();
        if (name.find("-partial") != std::string::npos && name.find('-', 7) == 71) {
            std::string why;
            const auto size = regularSize(it->path(), &why);
            if (name.ends_with("-partial")) {
                s.problem(it->path(), "a download that did not finish (" +
                                          withThousands(size.value_or(0)) +
                                          " bytes so far; no manifest names it yet)");
            }
        }
    }
}

} // namespace llmsizer::detail
