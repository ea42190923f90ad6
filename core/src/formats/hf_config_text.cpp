// The text of a Hugging Face config.json. transformers saves configs with Python's json module,
// which writes float("inf") and float("nan") as the bare tokens Infinity, -Infinity and NaN
// (allow_nan=True): Mamba-2 configs carry "time_step_limit": [0.0, Infinity]. Strict JSON has
// no such tokens, so they are read here, and only here, as the strings "Infinity", "-Infinity"
// and "NaN": presets and sessions stay strict, and a field the importer reads that holds one is
// reported with its value ("hidden_size: must be a non-negative integer (got "NaN")"). No size
// field of a real config is non-finite.
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

namespace llmsizer {

namespace {

bool isWordChar(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
           ch == '_' || ch == '.' || ch == '+' || ch == '-';
}

// The non-finite token starting at text[i] outside a string, or its length 0.
std::size_t nonFiniteAt(const std::string& text, std::size_t i)
{
    if (i > 0 && isWordChar(text[i - 1])) {
        return 0;
    }
    constexpr std::array<std::string_view, 3> kTokens{"-Infinity", "Infinity", "NaN"};
    for (const std::string_view t : kTokens) {
        if (text.compare(i, t.size(), t) == 0) {
            const std::size_t end = i + t.size();
            if (end < text.size() && isWordChar(text[end])) {
                return 0;
            }
            return t.size();
        }
    }
    return 0;
}

} // namespace

std::string quoteNonFiniteTokens(const std::string& text)
{
    std::string out;
    out.reserve(text.size());
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        if (inString) {
            out += ch;
            if (ch == '\\' && i + 1 < text.size()) {
                out += text[++i]; // an escaped character, "\"" included
            } else if (ch == '"') {
                inString = false;
            }
            continue;
        }
        if (ch == '"') {
            inString = true;
            out += ch;
            continue;
        }
        if (const std::size_t n = nonFiniteAt(text, i); n > 0) {
            out += '"';
            out.append(text, i, n);
            out += '"';
            i += n - 1;
            continue;
        }
        out += ch;
    }
    return out;
}

nlohmann::json parseHfConfigText(const std::string& text, const std::string& label)
{
    if (const std::string lenient = quoteNonFiniteTokens(text); lenient != text) {
        std::optional<nlohmann::json> j;
        try {
            j = parseJsonText(lenient, label);
        } catch (const InputError&) {
            // Not JSON for another reason as well: the strict parser's message below.
        }
        if (j && looksLikeHfConfig(*j)) {
            return *j;
        }
    }
    return parseJsonText(text, label); // strict: presets and other JSON never take the tokens
}

HfImport importHfConfigFile(const std::filesystem::path& file)
{
    const std::string label = file.string();
    return importHfConfig(parseHfConfigText(readTextFile(file), label), label);
}

} // namespace llmsizer
