#pragma once

#include <string>

// Two figures every view writes the same way: a ratio ("×1.96") and a signed percentage
// ("+0.8%", "−1.55%"). Each has one rule, here; the views and the CLI call these instead of
// composing their own.
namespace llmsizer {

// "×1.96", "×12.3", "×2", "×0.5", "×1,234": three significant digits, whole with thousands
// separators from 1,000. A ratio that is not finite or not positive reads "×0".
std::string ratioText(double ratio);
// The same digits as a multiple of a rule: "93.4×" ("93.4× Chinchilla").
std::string multipleText(double ratio);

// A fraction as a signed percentage: "+0.8%", "−1.6%" with `decimals` decimals, and more (two
// significant digits) when those would read 0 for a value that is not ("−0.0076%"); exactly 0
// reads "0%". The minus sign is U+2212, as the teaching notes print negative numbers.
std::string signedPercent(double fraction, int decimals = 1);

} // namespace llmsizer
