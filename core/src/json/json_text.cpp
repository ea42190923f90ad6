// parseJsonText: JSON text to a document in linear time. A first pass streams the text through
// nlohmann_json's SAX interface and checks what a document tree would hide (nesting depth,
// duplicate keys, bytes after a NUL), without building anything; only then is the tree built,
// by the plain parser. (A parser callback would also see the depth, but nlohmann_json's callback
// parser rescans the parent container after every closed value: quadratic, minutes for an 11 MB
// file.)
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include "json/byte_reader.h"
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_set>
#include <vector>

namespace llmsizer {

using nlohmann::json;

namespace {

// The parser quotes the bytes it last read, which may be invalid UTF-8; messages stay printable
// by writing every byte outside printable ASCII as \xNN (a NUL as <U+0000>, as the parser does).
std::string asciiOnly(const std::string& text)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (const char ch : text) {
        const auto byte = static_cast<unsigned char>(ch);
        if (byte >= 0x20 && byte < 0x7F) {
            out += ch;
        } else {
            out += "\\x";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xF];
        }
    }
    return out;
}

// Checks a JSON text as a stream of events: the deepest nesting (as nlohmann_json's parser
// callback counts it: the top-level value is at depth 0, its members at depth 1) and the first
// key that appears twice in one object, with the object's path. Memory: the keys of the objects
// that are open at once, and a path of at most maxDepth segments.
class CheckSax {
public:
    explicit CheckSax(const JsonLimits& limits)
        : m_maxDepth(limits.maxDepth), m_maxValues(limits.maxValues)
    {
    }

    bool null() { return value(); }
    bool boolean(bool) { return value(); }
    bool number_integer(std::int64_t) { return value(); }
    bool number_unsigned(std::uint64_t) { return value(); }
    bool number_float(double v, const std::string& raw)
    {
        // nlohmann_json reads 1e-400 as 0: a value too small for a double is refused, not zero.
        if (v == 0.0 && m_underflow.empty()) {
            const std::string mantissa = raw.substr(0, raw.find_first_of("eE"));
            if (mantissa.find_first_of("123456789") != std::string::npos) {
                m_underflow = raw;
            }
        }
        return value();
    }
    bool string(std::string&) { return value(); }
    bool binary(json::binary_t&) { return value(); }

    bool start_object(std::size_t) { return open(true); }
    bool start_array(std::size_t) { return open(false); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }

    bool key(std::string& k)
    {
        see(m_open);
        if (m_open <= m_maxDepth && !m_frames.empty()) {
            Frame& f = m_frames.back();
            if (!f.keys.insert(k).second && !m_hasDuplicate) {
                m_hasDuplicate = true;
                m_duplicate = k;
                m_duplicatePath = pathOfTop();
            }
            f.key = std::move(k);
        }
        return true;
    }

    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e)
    {
        // "[json.exception.parse_error.101] parse error at line 1, column 2: ..." -> drop the tag
        std::string what = e.what();
        if (auto pos = what.find("] "); pos != std::string::npos) {
            what = what.substr(pos + 2);
        }
        m_syntaxError = asciiOnly(what);
        return false;
    }

    int deepest() const { return m_deepest; }
    const std::string& underflow() const { return m_underflow; }
    bool tooMany() const { return m_tooMany; }
    const std::string& syntaxError() const { return m_syntaxError; }
    bool hasDuplicate() const { return m_hasDuplicate; }
    const std::string& duplicate() const { return m_duplicate; }
    const std::string& duplicatePath() const { return m_duplicatePath; }

private:
    struct Frame {
        bool object = false;
        std::uint64_t index = 0; // the next element's index (arrays)
        std::string key;         // the pending key (objects)
        std::unordered_set<std::string> keys;
    };

    void see(int depth) { m_deepest = depth > m_deepest ? depth : m_deepest; }

    bool value()
    {
        see(m_open);
        advance();
        return count();
    }

    // Stops the parse at the first value past the limit.
    bool count()
    {
        if (++m_values > m_maxValues) {
            m_tooMany = true;
            return false;
        }
        return true;
    }

    // After a value in an array, the next element's index.
    void advance()
    {
        if (m_open <= m_maxDepth && !m_frames.empty() && !m_frames.back().object) {
            ++m_frames.back().index;
        }
    }

    bool open(bool object)
    {
        see(m_open);
        ++m_open;
        // Deeper than the limit the document is refused anyway: nothing more is kept.
        if (m_open <= m_maxDepth) {
            Frame f;
            f.object = object;
            m_frames.push_back(std::move(f));
        }
        return count();
    }

    bool close()
    {
        if (m_open <= m_maxDepth && !m_frames.empty()) {
            m_frames.pop_back();
        }
        --m_open;
        see(m_open);
        advance();
        return true;
    }

    // The path of the innermost open object, "rope_scaling" or "gpus[0]".
    std::string pathOfTop() const
    {
        std::string path;
        for (std::size_t i = 0; i + 1 < m_frames.size(); ++i) {
            const Frame& f = m_frames[i];
            if (f.object) {
                path = joinPath(path, detail::printableName(f.key));
            } else {
                path += "[" + std::to_string(f.index) + "]";
            }
        }
        return path;
    }

    int m_maxDepth;
    std::uint64_t m_maxValues;
    std::uint64_t m_values = 0;
    bool m_tooMany = false;
    int m_open = 0;
    int m_deepest = 0;
    std::vector<Frame> m_frames;
    std::string m_syntaxError;
    std::string m_underflow;
    bool m_hasDuplicate = false;
    std::string m_duplicate;
    std::string m_duplicatePath;
};

// UTF-16 text (with or without its byte order mark) starts with FF FE / FE FF or has a zero byte
// in one of its first two bytes ("{" is 7B 00 or 00 7B).
bool looksLikeUtf16(const std::string& text)
{
    if (text.size() < 2) {
        return false;
    }
    const auto b0 = static_cast<unsigned char>(text[0]);
    const auto b1 = static_cast<unsigned char>(text[1]);
    return (b0 == 0xFF && b1 == 0xFE) || (b0 == 0xFE && b1 == 0xFF) || b0 == 0 || b1 == 0;
}

} // namespace

json parseJsonText(const std::string& text, const std::string& fileLabel, const JsonLimits& limits)
{
    if (text.empty()) {
        throw InputError(fileLabel, "", "file is empty");
    }
    if (looksLikeUtf16(text)) {
        throw InputError(fileLabel, "",
                         "is UTF-16 text; JSON files must be UTF-8 (save it as UTF-8)");
    }
    CheckSax check(limits);
    const bool ok = json::sax_parse(text, &check, json::input_format_t::json, /*strict=*/true,
                                    /*ignore_comments=*/false);
    if (check.tooMany()) {
        throw InputError(fileLabel, "",
                         "holds more than " + withThousands(limits.maxValues) +
                             " JSON values (the limit for this kind of file)");
    }
    if (!ok) {
        throw InputError(fileLabel, "", "not valid JSON (" + check.syntaxError() + ")");
    }
    if (const std::size_t nul = text.find('\0'); nul != std::string::npos) {
        // The parser takes a NUL byte outside a string for the end of the text, so
        // "{...}\0anything" would read as valid.
        throw InputError(fileLabel, "",
                         "not valid JSON (a NUL byte at byte " + std::to_string(nul + 1) + " of " +
                             std::to_string(text.size()) + ")");
    }
    if (!check.underflow().empty()) {
        throw InputError(fileLabel, "",
                         "not valid JSON (number underflow parsing '" +
                             asciiOnly(check.underflow()) + "': too small for a double)");
    }
    if (check.deepest() > limits.maxDepth) {
        // Refusing deep documents keeps hostile input from exhausting the stack in later
        // recursive walks.
        throw InputError(fileLabel, "",
                         "JSON nested deeper than " + std::to_string(limits.maxDepth) + " levels");
    }
    if (check.hasDuplicate()) {
        // A document tree keeps only the last of two equal keys; which one was meant is unknown.
        throw InputError(fileLabel, check.duplicatePath(),
                         "duplicate key '" + detail::printableName(check.duplicate()) + "'");
    }
    try {
        return json::parse(text, nullptr, /*allow_exceptions=*/true, /*ignore_comments=*/false);
    } catch (const json::exception& e) {
        throw InputError(fileLabel, "", "not valid JSON (" + asciiOnly(e.what()) + ")");
    }
}

} // namespace llmsizer
