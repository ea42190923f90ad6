#include "llmsizer/text/format.h"

#include "llmsizer/text/error.h"
#include "llmsizer/text/text.h"

#include <array>

namespace llmsizer {

std::string withThousands(std::uint64_t n)
{
    std::string digits = std::to_string(n);
    std::string out;
    out.reserve(digits.size() + digits.size() / 3);
    const std::size_t lead = digits.size() % 3;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i != 0 && (i + 3 - lead) % 3 == 0) {
            out.push_back(',');
        }
        out.push_back(digits[i]);
    }
    return out;
}

std::string signedThousands(bool negative, std::uint64_t magnitude, std::string_view minus)
{
    if (magnitude == 0) {
        return "0";
    }
    return (negative ? std::string(minus) : std::string("+")) + withThousands(magnitude);
}

std::string signedThousands(std::int64_t d, std::string_view minus)
{
    // -(d + 1) + 1: the magnitude of INT64_MIN without overflow.
    const std::uint64_t magnitude =
        d < 0 ? static_cast<std::uint64_t>(-(d + 1)) + 1 : static_cast<std::uint64_t>(d);
    return signedThousands(d < 0, magnitude, minus);
}

std::string padLeft(const std::string& s, std::size_t width)
{
    return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

std::string padRight(const std::string& s, std::size_t width)
{
    return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

std::string shortCount(std::uint64_t n)
{
    struct Scale {
        double value;
        const char* suffix;
    };
    static constexpr std::array<Scale, 4> scales{{{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "K"}}};
    const auto v = static_cast<double>(n);
    for (const Scale& s : scales) {
        if (v >= s.value) {
            return text::fixed(v / s.value, 1) + s.suffix;
        }
    }
    return std::to_string(n);
}

std::string countWithShort(std::uint64_t n)
{
    return withThousands(n) + " (" + shortCount(n) + ")";
}

std::string countOf(std::uint64_t n, std::string_view singular, std::string_view plural)
{
    return withThousands(n) + ' ' + std::string(n == 1 ? singular : plural);
}

std::string andList(const std::vector<std::string>& items)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
    }
    return out;
}

std::string formatBytes(std::uint64_t bytes, ByteUnits units, int decimals)
{
    const bool binary = units == ByteUnits::Binary;
    const double base = binary ? 1024.0 : 1000.0;
    static constexpr std::array<const char*, 5> dec{"B", "KB", "MB", "GB", "TB"};
    static constexpr std::array<const char*, 5> bin{"B", "KiB", "MiB", "GiB", "TiB"};
    auto v = static_cast<double>(bytes);
    std::size_t i = 0;
    while (v >= base && i + 1 < dec.size()) {
        v /= base;
        ++i;
    }
    return text::fixed(v, i == 0 ? 0 : decimals) + ' ' + (binary ? bin[i] : dec[i]);
}

namespace {

void hexByte(std::string& out, unsigned char c)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 0xF];
}

// The length of the well-formed UTF-8 sequence at text[i] (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF), or 0.
std::size_t utf8Length(std::string_view text, std::size_t i)
{
    const auto at = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    const auto cont = [&](std::size_t k) { return i + k < text.size() && (at(k) & 0xC0) == 0x80; };
    const unsigned char c = at(0);
    if (c >= 0xC2 && c <= 0xDF) {
        return cont(1) ? 2 : 0;
    }
    if (c >= 0xE0 && c <= 0xEF) {
        if (!cont(1) || !cont(2) || (c == 0xE0 && at(1) < 0xA0) || (c == 0xED && at(1) > 0x9F)) {
            return 0;
        }
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3) || (c == 0xF0 && at(1) < 0x90) ||
            (c == 0xF4 && at(1) > 0x8F)) {
            return 0;
        }
        return 4;
    }
    return 0;
}

// The code point of a well-formed sequence of `len` bytes at text[i].
char32_t codePoint(std::string_view text, std::size_t i, std::size_t len)
{
    const auto at = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    char32_t cp = len == 2 ? at(0) & 0x1Fu : len == 3 ? at(0) & 0x0Fu : at(0) & 0x07u;
    for (std::size_t k = 1; k < len; ++k) {
        cp = (cp << 6) | (at(k) & 0x3Fu);
    }
    return cp;
}

} // namespace

bool isBidiControl(char32_t cp)
{
    // Unicode's Bidi_Control characters (UAX #9: ALM, LRM, RLM, the embeddings and overrides
    // LRE..RLO with PDF, the isolates LRI..PDI) and the line and paragraph separators, which
    // some terminals and text widgets break lines at.
    return cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069) || cp == 0x2028 || cp == 0x2029;
}

std::string terminalSafe(std::string_view text, bool keepNewlines)
{
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            const bool allowed =
                (c >= 0x20 && c != 0x7F) || c == '\t' || (keepNewlines && c == '\n');
            if (allowed) {
                out += static_cast<char>(c);
            } else {
                hexByte(out, c);
            }
            ++i;
            continue;
        }
        const std::size_t len = utf8Length(text, i);
        // U+0080..U+009F (C2 80..C2 9F) are the C1 controls.
        if (len == 0 || (len == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0)) {
            hexByte(out, c);
            ++i;
            continue;
        }
        if ((len == 2 || len == 3) && isBidiControl(codePoint(text, i, len))) {
            // Shown as its code point: a right-to-left override would reverse the rest of the
            // line on screen, so that what is shown is not what is there.
            static constexpr char kHex[] = "0123456789ABCDEF";
            const char32_t cp = codePoint(text, i, len);
            out += "\\u";
            for (int shift = 12; shift >= 0; shift -= 4) {
                out += kHex[(cp >> shift) & 0xF];
            }
            i += len;
            continue;
        }
        out.append(text.substr(i, len));
        i += len;
    }
    return out;
}

std::size_t characterCount(std::string_view text)
{
    std::size_t n = 0;
    for (std::size_t i = 0; i < text.size(); ++n) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t len = c < 0x80 ? 1 : utf8Length(text, i);
        i += len == 0 ? 1 : len;
    }
    return n;
}

std::string boundedName(std::string_view name)
{
    if (name.size() <= kMaxNameChars) {
        return std::string(name); // at most as many characters as bytes
    }
    std::size_t i = 0;
    for (std::size_t n = 0; i < name.size() && n + 1 < kMaxNameChars; ++n) {
        const auto c = static_cast<unsigned char>(name[i]);
        const std::size_t len = c < 0x80 ? 1 : utf8Length(name, i);
        i += len == 0 ? 1 : len;
    }
    if (i == name.size()) {
        return std::string(name);
    }
    // The last character is kept when it ends the name (kMaxNameChars in all).
    if (characterCount(name.substr(i)) == 1) {
        return std::string(name);
    }
    return std::string(name.substr(0, i)) + "\u2026";
}

void requireNameLength(std::string_view name, const std::string& file, const std::string& field)
{
    if (name.size() <= kMaxNameChars) {
        return;
    }
    const std::size_t n = characterCount(name);
    if (n > kMaxNameChars) {
        throw InputError(file, field,
                         "is " + withThousands(n) + " characters long; a name is at most " +
                             std::to_string(kMaxNameChars));
    }
}

} // namespace llmsizer
