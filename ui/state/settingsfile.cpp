#include "ui/state/settingsfile.h"

#include <QString>
#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace llmsizer::ui {

namespace {

// The start of each value QSettings would decode from `value` (the text after a key's "="): a
// plain value is one element, a comma outside quotes separates a list's elements. Only the first
// kPrefix characters of each are kept: enough to see which "@Type(" it starts with. Follows
// QSettings' INI unescaping (Qt 6 qsettings.cpp, iniUnescapedStringList): spaces before an
// element are skipped, quotes produce nothing, "\x" + hex digits and "\" + octal digits give one
// 16-bit character (wrapping), a backslash before a line break joins lines, other escapes give
// one character or none.
constexpr std::size_t kPrefix = 12;

struct Elements {
    std::vector<std::u16string> starts{1};
    bool quoteOpen = false; // a quote left open at the end (QSettings reads on to the next line)
};

Elements elementStarts(std::string_view value)
{
    Elements result;
    std::vector<std::u16string>& out = result.starts;
    const auto add = [&out](char16_t c) {
        if (out.back().size() < kPrefix) {
            out.back().push_back(c);
        }
    };
    const auto skipSpaces = [&value](std::size_t i) {
        while (i < value.size() && (value[i] == ' ' || value[i] == '\t')) {
            ++i;
        }
        return i;
    };
    bool quoted = false;
    std::size_t i = skipSpaces(0);
    while (i < value.size()) {
        const char c = value[i++];
        if (c == '"') {
            quoted = !quoted;
            if (!quoted) {
                i = skipSpaces(i);
            }
        } else if (c == ',' && !quoted) {
            out.emplace_back();
            i = skipSpaces(i);
        } else if (c != '\\') {
            add(static_cast<unsigned char>(c)); // UTF-8 bytes: only ASCII matters here
        } else if (i < value.size()) {
            const char e = value[i++];
            const bool hex =
                e == 'x' && i < value.size() && std::isxdigit(static_cast<unsigned char>(value[i]));
            const bool octal = e >= '0' && e <= '7';
            if (hex || octal) {
                char16_t v = octal ? static_cast<char16_t>(e - '0') : 0;
                while (i < value.size()) {
                    const auto d = static_cast<unsigned char>(value[i]);
                    if (octal ? (d < '0' || d > '7') : !std::isxdigit(d)) {
                        break;
                    }
                    const int digit = std::isdigit(d) ? d - '0' : (std::tolower(d) - 'a' + 10);
                    v = static_cast<char16_t>((v << (octal ? 3 : 4)) + digit);
                    ++i;
                }
                add(v);
            } else if (std::string_view("abfnrtv\"?'\\").find(e) != std::string_view::npos) {
                add(u'?'); // one character, none of them '@'
            }
        }
    }
    result.quoteOpen = quoted;
    return result;
}

// Values QSettings decodes with QDataStream: a length inside one allocates what it claims (tens
// of gigabytes from a 300-byte file) and any registered type can be built. The app never writes
// them (its values are text, numbers and @ByteArray).
constexpr std::array<std::u16string_view, 2> kSerialized{u"@Variant(", u"@DateTime("};

} // namespace

QString iniProblem(const QByteArray& bytes)
{
    if (bytes.size() > kMaxSettingsBytes) {
        return QStringLiteral("is larger than %1 KiB").arg(kMaxSettingsBytes / 1024);
    }
    if (QString::fromUtf8(bytes).toUtf8() != bytes) {
        return QStringLiteral("is not UTF-8 text");
    }
    // QSettings ends a line at "\n" or "\r"; a line ending in a backslash continues on the next.
    std::string_view text(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    std::string logical;
    bool continued = false;
    qsizetype number = 0;
    for (std::size_t start = 0; start <= text.size(); ++number) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        const std::string_view raw = text.substr(start, end - start);
        start = end + 1;
        for (const char ch : raw) {
            const auto c = static_cast<unsigned char>(ch);
            // DEL (0x7F) is not refused: QSettings writes it as it is, unescaped.
            if (c < 0x20 && c != '\t' && c != '\r') {
                return QStringLiteral("line %1 holds a control character (byte 0x%2)")
                    .arg(number + 1)
                    .arg(c, 2, 16, QLatin1Char('0'));
            }
        }
        const QByteArray line =
            QByteArray(raw.data(), static_cast<qsizetype>(raw.size())).trimmed();
        const bool ok = continued || line.isEmpty() || line.startsWith(';') ||
                        line.startsWith('#') || (line.startsWith('[') && line.endsWith(']')) ||
                        (line.indexOf('=') > 0);
        if (!ok) {
            return QStringLiteral("line %1 is neither a [section], a key=value nor a comment")
                .arg(number + 1);
        }
        logical.append(raw).push_back('\n');
        continued = line.endsWith('\\');
        if (continued) {
            continue;
        }
        // Every "\r"-separated part of the logical line with a "=" is a key=value to QSettings
        // (a comment too: refusing one there costs nothing).
        std::string_view rest(logical);
        while (!rest.empty()) {
            const std::size_t cr = std::min(rest.find('\r'), rest.size());
            const std::string_view part = rest.substr(0, cr);
            rest = cr < rest.size() ? rest.substr(cr + 1) : std::string_view();
            const std::size_t eq = part.find('=');
            if (eq == std::string_view::npos) {
                continue;
            }
            const Elements elements = elementStarts(part.substr(eq + 1));
            if (elements.quoteOpen) {
                return QStringLiteral("line %1 leaves a quote open").arg(number + 1);
            }
            for (const std::u16string& element : elements.starts) {
                for (const std::u16string_view form : kSerialized) {
                    if (std::u16string_view(element).starts_with(form)) {
                        return QStringLiteral("line %1 holds a serialized Qt value (%2…), which "
                                              "this app never writes")
                            .arg(number + 1)
                            .arg(QString::fromUtf16(form.data(),
                                                    static_cast<qsizetype>(form.size()) - 1));
                    }
                }
            }
        }
        logical.clear();
    }
    return {};
}

} // namespace llmsizer::ui
