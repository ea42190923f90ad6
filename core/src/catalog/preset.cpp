// Preset files (presets/<id>.json): reading, writing, loading a directory, and finding the data
// directories of an installed or an uninstalled build. The schema is documented in
// presets/README.md.
#include "llmsizer/catalog/preset.h"

#include "llmsizer/json/jsonio.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <system_error>
#include <tuple>

namespace llmsizer {

using nlohmann::json;

namespace {

// Ids are file stems that work in URLs and on every file system: lowercase letters, digits, dots
// and dashes ("llama-3.1-405b"), starting with a letter or digit.
bool isValidId(const std::string& id)
{
    if (id.empty() || id.size() > 100 || id.front() == '-' || id.front() == '.') {
        return false;
    }
    return std::all_of(id.begin(), id.end(), [](char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '.';
    });
}

std::string requireNonEmptyString(const json& obj, const char* key, const std::string& file,
                                  const std::string& prefix)
{
    std::string s = getString(obj, key, file, prefix);
    if (s.empty()) {
        throw InputError(file, joinPath(prefix, key), "must not be empty");
    }
    return s;
}

const json& requireMember(const json& obj, const char* key, const std::string& file)
{
    auto it = obj.find(key);
    if (it == obj.end()) {
        throw InputError(file, key, "is required");
    }
    return *it;
}

// The headline a model is known by ("117M"), with its source: both or neither, and the figure
// within a factor of two of the count (a "117B" for a 124M model is a typo, not a headline).
void readHeadline(const json& j, const std::string& file, PublishedCount& p)
{
    p.headline = getOptString(j, "headline", file, "published").value_or("");
    p.headline_source = getOptString(j, "headline_source", file, "published").value_or("");
    if (j.contains("headline_source") && !j.contains("headline")) {
        throw InputError(file, "published.headline_source", "is only used with a headline");
    }
    if (!j.contains("headline")) {
        return;
    }
    const std::optional<std::uint64_t> value = headlineValue(p.headline);
    if (!value) {
        throw InputError(file, "published.headline",
                         "must be a figure such as \"117M\", \"46.7B\" or \"1T\" (got \"" +
                             p.headline + "\")");
    }
    if (*value / 2 > p.total_params || *value < p.total_params / 2) {
        throw InputError(file, "published.headline",
                         "must lie within a factor of two of total_params (" +
                             withThousands(p.total_params) + "; got \"" + p.headline + "\")");
    }
    if (p.headline_source.empty()) {
        throw InputError(file, "published.headline_source",
                         "is required with a headline (where the figure is stated)");
    }
}

PublishedCount publishedFromJson(const json& j, const std::string& file)
{
    const std::string prefix = "published";
    requireObject(j, file, prefix);
    requireKnownKeys(j,
                     {"total_params", "exact", "tolerance", "active_params", "source", "note",
                      "headline", "headline_source"},
                     file, prefix);
    PublishedCount p;
    p.total_params = getUInt(j, "total_params", file, prefix);
    if (p.total_params == 0) {
        throw InputError(file, "published.total_params", "must be positive");
    }
    p.exact = getBool(j, "exact", file, prefix);
    p.tolerance = getOptUInt(j, "tolerance", file, prefix).value_or(0);
    if (p.exact && p.tolerance != 0) {
        throw InputError(file, "published.tolerance",
                         "is only used when exact is false (an exact count has no tolerance)");
    }
    if (!p.exact && p.tolerance == 0) {
        throw InputError(file, "published.tolerance",
                         "must be positive when exact is false (the rounding of the nominal "
                         "figure, e.g. 500,000,000 for \"175B\")");
    }
    if (p.tolerance >= p.total_params && !p.exact) {
        throw InputError(file, "published.tolerance",
                         "must be less than total_params (" + withThousands(p.total_params) + ")");
    }
    p.active_params = getOptUInt(j, "active_params", file, prefix).value_or(0);
    if (p.active_params > p.total_params) {
        throw InputError(file, "published.active_params",
                         "must not exceed total_params (" + withThousands(p.total_params) + ")");
    }
    p.source = requireNonEmptyString(j, "source", file, prefix);
    p.note = getOptString(j, "note", file, prefix).value_or("");
    readHeadline(j, file, p);
    return p;
}

json publishedToJson(const PublishedCount& p)
{
    json j;
    j["total_params"] = p.total_params;
    j["exact"] = p.exact;
    if (!p.exact || p.tolerance != 0) {
        j["tolerance"] = p.tolerance;
    }
    if (p.active_params != 0) {
        j["active_params"] = p.active_params;
    }
    j["source"] = p.source;
    if (!p.note.empty()) {
        j["note"] = p.note;
    }
    if (!p.headline.empty()) {
        j["headline"] = p.headline;
        j["headline_source"] = p.headline_source;
    }
    return j;
}

std::filesystem::path& programDirectory()
{
    static std::filesystem::path dir;
    return dir;
}

// $env, else <prefix>/share/llm-sizer/<sub> where <prefix> is the directory above the running
// program's. The build tree has the same shape (the build links share/llm-sizer/ to the source
// tree's folders), so no path of the machine that built the program is compiled in and an
// installed tree can be moved anywhere.
std::filesystem::path findDataDir(const char* env, const char* sub)
{
    if (const char* v = std::getenv(env); v != nullptr && *v != '\0') {
        return v;
    }
    std::filesystem::path share = std::filesystem::path("share") / "llm-sizer" / sub;
    if (programDirectory().empty()) {
        return share;
    }
    return (programDirectory() / ".." / share).lexically_normal();
}

// "YYYY-MM" with a plausible year and a month 01-12.
bool isValidMonth(const std::string& s)
{
    if (s.size() != 7 || s[4] != '-') {
        return false;
    }
    for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u}) {
        if (s[i] < '0' || s[i] > '9') {
            return false;
        }
    }
    const int year = std::stoi(s.substr(0, 4));
    const int month = std::stoi(s.substr(5, 2));
    return year >= 1950 && year <= 2100 && month >= 1 && month <= 12;
}

TrainingTokens trainingFromJson(const json& j, const std::string& file)
{
    const std::string prefix = "training_tokens";
    requireObject(j, file, prefix);
    requireKnownKeys(j, {"tokens", "source", "note"}, file, prefix);
    TrainingTokens t;
    t.tokens = getOptUInt(j, "tokens", file, prefix).value_or(0);
    if (j.contains("tokens") && t.tokens == 0) {
        throw InputError(file, "training_tokens.tokens",
                         "must be positive (leave it out when no figure was published)");
    }
    t.source = requireNonEmptyString(j, "source", file, prefix);
    t.note = getOptString(j, "note", file, prefix).value_or("");
    if (t.tokens == 0 && t.note.empty()) {
        throw InputError(file, "training_tokens.note",
                         "is required when no token count is given (say what was published)");
    }
    return t;
}

json trainingToJson(const TrainingTokens& t)
{
    json j;
    if (t.tokens != 0) {
        j["tokens"] = t.tokens;
    }
    j["source"] = t.source;
    if (!t.note.empty()) {
        j["note"] = t.note;
    }
    return j;
}

} // namespace

std::optional<std::uint64_t> headlineValue(std::string_view text)
{
    if (text.size() < 2 || text.size() > 12) {
        return std::nullopt;
    }
    std::uint64_t scale = 0;
    switch (text.back()) {
    case 'K':
        scale = 1'000;
        break;
    case 'M':
        scale = 1'000'000;
        break;
    case 'B':
        scale = 1'000'000'000;
        break;
    case 'T':
        scale = 1'000'000'000'000;
        break;
    default:
        return std::nullopt;
    }
    text.remove_suffix(1);
    std::uint64_t digits = 0;
    int decimals = -1; // -1: no point yet
    for (char ch : text) {
        if (ch == '.' && decimals < 0 && digits > 0) {
            decimals = 0;
            continue;
        }
        if (ch < '0' || ch > '9') {
            return std::nullopt;
        }
        digits = digits * 10 + static_cast<std::uint64_t>(ch - '0');
        decimals += decimals >= 0 ? 1 : 0;
    }
    if (decimals == 0 || digits == 0) {
        return std::nullopt; // "7." or "0B"
    }
    for (int i = 0; i < decimals; ++i) {
        if (scale % 10 != 0) {
            return std::nullopt; // more decimals than the suffix has digits
        }
        scale /= 10;
    }
    if (digits > UINT64_MAX / scale) {
        return std::nullopt;
    }
    return digits * scale;
}

int Preset::releasedYear() const
{
    return released.size() >= 4 ? std::stoi(released.substr(0, 4)) : 0;
}

void setProgramDirectory(const std::filesystem::path& dir)
{
    programDirectory() = dir;
}

json presetToJson(const Preset& preset)
{
    json j;
    j["id"] = preset.id;
    j["name"] = preset.name;
    j["family"] = preset.family;
    j["description"] = preset.description;
    if (!preset.hf_id.empty()) {
        j["hf_id"] = preset.hf_id;
    }
    if (!preset.released.empty()) {
        j["released"] = preset.released;
    }
    if (!preset.shipped_precision.empty()) {
        j["shipped_precision"] = preset.shipped_precision;
    }
    if (!preset.fp8_hf_id.empty() || !preset.fp8_ignore.empty()) {
        j["fp8_checkpoint"] = {{"hf_id", preset.fp8_hf_id}, {"ignore", preset.fp8_ignore}};
    }
    j["published"] = publishedToJson(preset.published);
    if (!preset.training.source.empty()) {
        j["training_tokens"] = trainingToJson(preset.training);
    }
    j["architecture"] = modelConfigToJson(preset.config);
    return j;
}

Preset presetFromJson(const json& j, const std::string& file)
{
    requireObject(j, file, "");
    requireKnownKeys(j,
                     {"id", "name", "family", "description", "hf_id", "released",
                      "shipped_precision", "fp8_checkpoint", "published", "training_tokens",
                      "architecture"},
                     file, "");
    Preset p;
    p.id = getString(j, "id", file, "");
    if (!isValidId(p.id)) {
        throw InputError(file, "id",
                         "must be lowercase letters, digits, dots and dashes, starting with a "
                         "letter or digit (got \"" +
                             p.id + "\")");
    }
    p.name = requireNonEmptyString(j, "name", file, "");
    requireNameLength(p.name, file, "name");
    p.family = requireNonEmptyString(j, "family", file, "");
    p.description = getString(j, "description", file, "");
    p.hf_id = getOptString(j, "hf_id", file, "").value_or("");
    p.released = getOptString(j, "released", file, "").value_or("");
    if (j.contains("released") && !isValidMonth(p.released)) {
        throw InputError(file, "released",
                         "must be a month as YYYY-MM, e.g. \"2024-04\" (got \"" + p.released +
                             "\")");
    }
    p.shipped_precision = getOptString(j, "shipped_precision", file, "").value_or("");
    if (j.contains("shipped_precision")) {
        const std::optional<Precision> shipped = findPrecision(p.shipped_precision);
        if (!shipped) {
            throw InputError(file, "shipped_precision",
                             "is not a weight precision id (got \"" + p.shipped_precision +
                                 "\"; run 'llm-sizer-cli memory --help' for the ids)");
        }
        p.shipped_precision = shipped->id;
    }
    if (auto it = j.find("fp8_checkpoint"); it != j.end()) {
        requireObject(*it, file, "fp8_checkpoint");
        requireKnownKeys(*it, {"hf_id", "ignore"}, file, "fp8_checkpoint");
        p.fp8_hf_id = requireNonEmptyString(*it, "hf_id", file, "fp8_checkpoint");
        const auto list = it->find("ignore");
        if (list == it->end() || !list->is_array()) {
            throw InputError(file, "fp8_checkpoint.ignore",
                             "must be a list of module names (quantization_config's ignore list)");
        }
        for (std::size_t i = 0; i < list->size(); ++i) {
            if (!(*list)[i].is_string()) {
                throw InputError(file, "fp8_checkpoint.ignore[" + std::to_string(i) + "]",
                                 "must be a module name");
            }
            p.fp8_ignore.push_back((*list)[i].get<std::string>());
        }
    }
    p.published = publishedFromJson(requireMember(j, "published", file), file);
    if (auto it = j.find("training_tokens"); it != j.end()) {
        p.training = trainingFromJson(*it, file);
    }
    p.config = modelConfigFromJson(requireMember(j, "architecture", file), file, "architecture");
    return p;
}

Preset loadPresetFile(const std::filesystem::path& file)
{
    const std::string label = file.string();
    Preset p = presetFromJson(readJsonFile(file), label);
    const std::string stem = file.stem().string();
    if (p.id != stem) {
        throw InputError(label, "id",
                         "must equal the file name without .json (\"" + stem + "\"; got \"" + p.id +
                             "\")");
    }
    return p;
}

std::vector<Preset> loadPresetDir(const std::filesystem::path& dir)
{
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) {
        throw InputError(dir.string(), "", "no such directory");
    }
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        if (entry.path().extension() == ".json" && entry.is_regular_file(ec)) {
            files.push_back(entry.path());
        }
    }
    if (ec) {
        throw InputError(dir.string(), "", "cannot be listed (" + ec.message() + ")");
    }
    std::sort(files.begin(), files.end());
    std::vector<Preset> presets;
    presets.reserve(files.size());
    for (const auto& f : files) {
        presets.push_back(loadPresetFile(f));
    }
    // Families in alphabetical order whatever their case ("gpt-oss" among the G's, not after
    // "Zamba"), then by release.
    const auto folded = [](std::string s) {
        std::transform(s.begin(), s.end(), s.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return s;
    };
    std::stable_sort(presets.begin(), presets.end(), [&folded](const Preset& a, const Preset& b) {
        const std::string fa = folded(a.family);
        const std::string fb = folded(b.family);
        return std::tie(fa, a.family, a.released, a.published.total_params, a.id) <
               std::tie(fb, b.family, b.released, b.published.total_params, b.id);
    });
    return presets;
}

std::filesystem::path defaultPresetDir()
{
    return findDataDir("LLMSIZER_PRESETS_DIR", "presets");
}

std::filesystem::path defaultResourceDir()
{
    return findDataDir("LLMSIZER_RESOURCES_DIR", "resources");
}

} // namespace llmsizer
