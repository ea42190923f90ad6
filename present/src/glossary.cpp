// Lookups over the glossary's definitions (glossary_terms.cpp): by key, as tooltip HTML, by
// search words, and from a precision id.
#include "llmsizer/present/glossary.h"

#include "glossary_terms.h"

#include <algorithm>

namespace llmsizer {

namespace {

char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Case-insensitive (ASCII) substring test; the definitions' other characters (·, ×, ²) compare
// as bytes.
bool containsFolded(std::string_view hay, std::string_view needle)
{
    if (needle.empty()) {
        return true;
    }
    const auto it = std::search(hay.begin(), hay.end(), needle.begin(), needle.end(),
                                [](char a, char b) { return lower(a) == lower(b); });
    return it != hay.end();
}

void appendEscaped(std::string& out, std::string_view text)
{
    for (char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += c;
        }
    }
}

bool matches(const GlossaryTerm& t, std::string_view word)
{
    return containsFolded(t.key, word) || containsFolded(t.term, word) ||
           containsFolded(t.aliases, word) || containsFolded(t.line1, word) ||
           containsFolded(t.line2, word);
}

} // namespace

std::span<const GlossaryTerm> glossary()
{
    return glossarydata::terms();
}

const GlossaryTerm* findGlossaryTerm(std::string_view key)
{
    for (const GlossaryTerm& t : glossary()) {
        if (t.key == key) {
            return &t;
        }
    }
    return nullptr;
}

std::string glossaryHtml(std::string_view key, std::string_view extra)
{
    const GlossaryTerm* t = findGlossaryTerm(key);
    if (t == nullptr) {
        return {};
    }
    std::string html = "<p><b>";
    appendEscaped(html, t->term);
    html += "</b><br>";
    appendEscaped(html, t->line1);
    html += "<br>";
    appendEscaped(html, t->line2);
    if (!extra.empty()) {
        html += "<br><i>";
        appendEscaped(html, extra);
        html += "</i>";
    }
    html += "</p>";
    return html;
}

std::vector<std::string_view> searchGlossary(std::string_view query)
{
    std::vector<std::string_view> words;
    std::size_t start = 0;
    while (start < query.size()) {
        const std::size_t end = std::min(query.find(' ', start), query.size());
        if (end > start) {
            words.push_back(query.substr(start, end - start));
        }
        start = end + 1;
    }
    std::vector<std::string_view> keys;
    keys.reserve(glossary().size());
    for (const GlossaryTerm& t : glossary()) {
        if (std::all_of(words.begin(), words.end(),
                        [&t](std::string_view w) { return matches(t, w); })) {
            keys.push_back(t.key);
        }
    }
    return keys;
}

std::string_view glossaryKeyForPrecision(std::string_view id)
{
    if (id == "fp32") {
        return "fp32";
    }
    if (id == "fp16" || id == "bf16") {
        return "fp16_bf16";
    }
    if (id == "fp8") {
        return "fp8";
    }
    if (id == "int8") {
        return "int8";
    }
    if (id.starts_with("int4")) {
        return "int4";
    }
    if (id.starts_with("nf4")) {
        return "nf4";
    }
    if (id.starts_with("mxfp4")) {
        return "mxfp4";
    }
    if (id == "nvfp4") {
        return "nvfp4";
    }
    if (id.starts_with("mlx_")) {
        return "mlx_quant";
    }
    if (id.starts_with("q") && id.find("_k") != std::string_view::npos) {
        return "gguf_kquants";
    }
    if (id.starts_with("q") || id.starts_with("iq") || id.starts_with("tq")) {
        return "gguf";
    }
    return {};
}

} // namespace llmsizer
