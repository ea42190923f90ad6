#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace llmsizer {

// Thrown when an exact count or byte total does not fit in 64 bits. The message names the
// quantity that overflowed; nothing is ever silently wrapped.
class OverflowError : public std::overflow_error {
public:
    explicit OverflowError(const std::string& what)
        : std::overflow_error(what + " exceeds the 64-bit range (18,446,744,073,709,551,615)")
    {
    }
};

// Checked unsigned arithmetic. `what` names the quantity for the error message.
inline std::uint64_t checkedMul(std::uint64_t a, std::uint64_t b, const char* what)
{
    std::uint64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r)) {
        throw OverflowError(what);
    }
    return r;
}

inline std::uint64_t checkedAdd(std::uint64_t a, std::uint64_t b, const char* what)
{
    std::uint64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) {
        throw OverflowError(what);
    }
    return r;
}

// a / b rounded up, without the overflow of (a + b - 1) / b; 0 when b is 0 (nothing to divide
// into).
inline std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b)
{
    return b == 0 ? 0 : a / b + (a % b != 0 ? 1 : 0);
}

inline std::uint64_t checkedMul3(std::uint64_t a, std::uint64_t b, std::uint64_t c,
                                 const char* what)
{
    return checkedMul(checkedMul(a, b, what), c, what);
}

} // namespace llmsizer
