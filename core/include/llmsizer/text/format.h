#pragma once

#include <cstdint>
#include <string>
#include <string_view>

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
std::string terminalSafe(std::string_view text, bool keepNewlines = true);

} // namespace llmsizer
