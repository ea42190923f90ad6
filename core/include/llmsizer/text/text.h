#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// Numbers as text, independent of the process locale. The C library's printf and strtod follow
// LC_NUMERIC, which QApplication sets from the environment (under de_DE "70,6B" and "141,11 GB");
// these functions use std::to_chars / std::from_chars, which always write and read a '.'.
namespace llmsizer::text {

// printf's "%.*f": fixed(141.114, 2) == "141.11".
std::string fixed(double v, int decimals);
// printf's "%+.*f": signedFixed(0.5, 1) == "+0.5".
std::string signedFixed(double v, int decimals);
// printf's "%.*g": general(3.5e23, 3) == "3.5e+23".
std::string general(double v, int significant);
// printf's "%.*e": scientific(1234.0, 3) == "1.234e+03".
std::string scientific(double v, int decimals);
// The shortest "%.*g" text that reads back as the same double: 1e+40, 0.5, 100000.
std::string shortest(double v);
// The shortest text without an exponent that reads back as the same double: 80 (not 8e+01),
// 0.0001, 1000000, 989.4. Non-finite values and magnitudes of 1e100 or more as shortest().
std::string plainDecimal(double v);

// A whole decimal string as a double ("3.5e23", "1.5", "+2"; no spaces, no hex, no inf or nan);
// nullopt when the text is not one number or is out of range.
std::optional<double> parseDouble(std::string_view s);
// A whole decimal string of digits as an unsigned integer; nullopt when not or out of range.
std::optional<std::uint64_t> parseUnsigned(std::string_view s);

} // namespace llmsizer::text
