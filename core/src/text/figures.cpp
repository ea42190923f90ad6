#include "llmsizer/text/figures.h"

#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace llmsizer {

namespace {

const char* const kMinus = "\u2212"; // −

std::string ratioDigits(double ratio)
{
    if (!std::isfinite(ratio) || !(ratio > 0)) {
        return "0";
    }
    if (ratio >= 1000) {
        return withThousands(static_cast<std::uint64_t>(std::llround(std::min(ratio, 1e18))));
    }
    return text::general(ratio, 3);
}

} // namespace

std::string ratioText(double ratio)
{
    return "×" + ratioDigits(ratio);
}

std::string multipleText(double ratio)
{
    return ratioDigits(ratio) + "×";
}

std::string signedPercent(double fraction, int decimals)
{
    const double p = fraction * 100.0;
    if (p == 0.0 || !std::isfinite(p)) {
        return "0%";
    }
    const double magnitude = std::abs(p);
    decimals = std::max(decimals, 0);
    // Below one unit of the last decimal, two significant digits: a non-zero value never reads 0.
    if (magnitude < std::pow(10.0, -decimals)) {
        decimals = std::min(12, 1 - static_cast<int>(std::floor(std::log10(magnitude))));
    }
    return (p > 0 ? "+" : kMinus) + text::fixed(magnitude, decimals) + "%";
}

} // namespace llmsizer
