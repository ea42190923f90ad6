#include "llmsizer/text/text.h"

#include <array>
#include <charconv>
#include <cmath>

namespace llmsizer::text {

namespace {

// 350 characters hold any double in fixed notation with up to 17 decimals (1.8e308 has 309
// integer digits); larger requests are clamped, as no caller asks for more.
constexpr int kMaxDecimals = 17;

std::string convert(double v, std::chars_format format, int precision)
{
    std::array<char, 400> buf{};
    const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), v, format, precision);
    return {buf.data(), r.ptr};
}

int clampDigits(int digits, int lo)
{
    return digits < lo ? lo : (digits > kMaxDecimals ? kMaxDecimals : digits);
}

} // namespace

std::string fixed(double v, int decimals)
{
    return convert(v, std::chars_format::fixed, clampDigits(decimals, 0));
}

std::string signedFixed(double v, int decimals)
{
    std::string s = fixed(v, decimals);
    if (!s.empty() && s.front() != '-') {
        s.insert(s.begin(), '+');
    }
    return s;
}

std::string general(double v, int significant)
{
    return convert(v, std::chars_format::general, clampDigits(significant, 1));
}

std::string scientific(double v, int decimals)
{
    return convert(v, std::chars_format::scientific, clampDigits(decimals, 0));
}

std::string shortest(double v)
{
    std::string s;
    for (int precision = 1; precision <= kMaxDecimals; ++precision) {
        s = general(v, precision);
        if (parseDouble(s) == v) {
            break;
        }
    }
    return s;
}

std::string plainDecimal(double v)
{
    if (!std::isfinite(v) || std::abs(v) >= 1e100) {
        return shortest(v);
    }
    // Below 1e100 the fixed form holds at most 100 digits before the point and, for the smallest
    // doubles, a few hundred after it: room for any of them.
    char buf[1200];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
    if (r.ec != std::errc{}) {
        return shortest(v);
    }
    return {buf, r.ptr};
}

std::optional<double> parseDouble(std::string_view s)
{
    if (!s.empty() && s.front() == '+') {
        s.remove_prefix(1);
        if (!s.empty() && (s.front() == '-' || s.front() == '+')) {
            return std::nullopt;
        }
    }
    if (s.empty()) {
        return std::nullopt;
    }
    double v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc{} || r.ptr != s.data() + s.size() || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

std::optional<std::uint64_t> parseUnsigned(std::string_view s)
{
    if (s.empty()) {
        return std::nullopt;
    }
    std::uint64_t v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc{} || r.ptr != s.data() + s.size()) {
        return std::nullopt;
    }
    return v;
}

} // namespace llmsizer::text
