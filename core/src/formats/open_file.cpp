// Detecting and reading the kinds of file the desktop app opens.
#include "llmsizer/formats/open_file.h"

#include "formats/checkpoint_internal.h"
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <nlohmann/json.hpp>

namespace llmsizer {

bool looksLikeSession(const nlohmann::json& j)
{
    return j.is_object() &&
           (j.contains("format") || j.contains("version") || j.contains("current"));
}

bool looksLikeCheckpoint(const std::filesystem::path& file)
{
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec)) {
        return true;
    }
    std::string name = file.filename().string();
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    const auto endsWith = [&name](std::string_view suffix) {
        return name.size() >= suffix.size() &&
               name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    if (endsWith(".safetensors") || endsWith(".gguf") || endsWith(".index.json")) {
        return true;
    }
    // Only a regular file is sniffed: opening a named pipe for reading would block until
    // something writes to it (the JSON reader then refuses it with "is not a regular file").
    if (!std::filesystem::is_regular_file(file, ec)) {
        return false;
    }
    char magic[4] = {};
    std::ifstream in(file, std::ios::binary);
    return in.read(magic, 4) && std::string_view(magic, 4) == "GGUF";
}

OpenedFile openAnyFile(const std::filesystem::path& file, const GpuCatalog* catalog)
{
    if (looksLikeCheckpoint(file)) {
        OpenedFile out;
        out.kind = OpenedKind::Checkpoint;
        // A header downloaded alone is shown, with a "data not present" note.
        InspectOptions options;
        options.header_only = true;
        out.checkpoint = inspectCheckpoint(file, options);
        return out;
    }
    const std::string label = file.string();
    // A clone without git-lfs leaves a pointer in place of the file: the reason, not a JSON error.
    if (const auto lfs = detail::gitLfsPointerSize(file)) {
        throw InputError(label, "", detail::gitLfsMessage(*lfs));
    }
    // Strict JSON, except that a Hugging Face config may hold Python's Infinity and NaN tokens.
    const nlohmann::json j = parseHfConfigText(readTextFile(file), label);
    OpenedFile out;
    if (looksLikeSession(j)) {
        out.kind = OpenedKind::Session;
        out.session = sessionFromJson(j, label, catalog);
        return out;
    }
    out.kind = OpenedKind::Model;
    out.model = loadModelJson(j, label); // parsed once (a 15 MB config was parsed twice)
    return out;
}

} // namespace llmsizer
