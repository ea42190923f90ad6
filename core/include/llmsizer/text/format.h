#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace llmsizer {

// 70553706496 -> "70,553,706,496"
std::string withThousands(std::uint64_t n);
// 70553706496 -> "70.6B"; 124439808 -> "124.4M"; 999 -> "999"
std::string shortCount(std::uint64_t n);
// A signed count with thousands separators: "+1,024", "0", and, with minus = "\u2212" (the
// teaching notes' minus sign), "−1,024".
std::string signedThousands(std::int64_t d, std::string_view minus = "-");
// The same for a count given as a sign and a magnitude (which may exceed int64's range).
std::string signedThousands(bool negative, std::uint64_t magnitude, std::string_view minus = "-");
// "70,553,706,496 (70.6B)"
std::string countWithShort(std::uint64_t n);
// A count and its noun, singular for one: "1 GPU", "2 GPUs", "0 models", "1,024 tokens".
std::string countOf(std::uint64_t n, std::string_view singular, std::string_view plural);
// Items as a sentence lists them: "Q6_K", "Q5_K and Q6_K", "Q3_K, Q5_K and Q6_K".
std::string andList(const std::vector<std::string>& items);
// Bytes in decimal or binary units with the unit named: "140.00 GB", "130.39 GiB".
enum class ByteUnits { Decimal, Binary };
std::string formatBytes(std::uint64_t bytes, ByteUnits units, int decimals = 2);

// Column padding for a terminal table (by bytes: the CLI's columns hold ASCII numbers).
std::string padLeft(const std::string& s, std::size_t width);
std::string padRight(const std::string& s, std::size_t width);

// Text for a terminal: every control character (C0 but tab and, with keepNewlines, newline;
// DEL; the C1 controls U+0080 to U+009F, which some terminals obey like ESC [) and every byte
// that is not part of well-formed UTF-8 is written as \xNN, so that names taken from a file
// (tensor, shard, model and GPU names, model types) cannot clear the screen, set the window title
// or write the clipboard with ESC / OSC sequences. Printable text, UTF-8 included, is unchanged.
// Bidirectional controls (U+202E RIGHT-TO-LEFT OVERRIDE, the isolates, the marks) and the line
// and paragraph separators U+2028/U+2029 are written as \uXXXX: they would reorder or break the
// text around them, showing something other than what is there.
std::string terminalSafe(std::string_view text, bool keepNewlines = true);
// Whether a code point is one of those bidirectional controls or separators.
bool isBidiControl(char32_t cp);

// Names read from files (a model's, a GPU's, a baseline's) are shown on one line of a window or
// a terminal; a megabyte of name would lay out for seconds. Every name is at most
// kMaxNameChars characters (docs/reliability.md, "Limits"): the project's own formats (presets,
// sessions, GPU catalogs) refuse a longer one, naming the field (requireNameLength); names in
// other programs' files (a config.json's _name_or_path, GGUF general.name) are cut
// (boundedName).
inline constexpr std::size_t kMaxNameChars = 256;
// Characters (Unicode code points; each byte that is not part of well-formed UTF-8 counts as
// one).
std::size_t characterCount(std::string_view text);
// The name, or its first kMaxNameChars - 1 characters and "…" when it is longer.
std::string boundedName(std::string_view name);
// Throws InputError(file, field, "is N characters long; a name is at most 256") when longer.
void requireNameLength(std::string_view name, const std::string& file, const std::string& field);

} // namespace llmsizer
