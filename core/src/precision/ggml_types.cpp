#include "llmsizer/precision/ggml_types.h"

#include <array>
#include <cctype>

namespace llmsizer {

namespace {

// Block layouts (ggml-common.h): e.g. block_q4_0 = {ggml_half d; uint8_t qs[16];} = 18 bytes for
// 32 weights; block_q4_K = {half d, dmin; uint8_t scales[12]; uint8_t qs[128];} = 144 bytes for
// 256 weights. Ids 4, 5 (Q4_2, Q4_3), 31–33 and 36–38 (repacked variants) were removed upstream.
// 40–42 (ggml.h, 2026): NVFP4 block_nvfp4 = 64 FP4 values in 32 bytes + 4 E4M3 scales = 36 bytes;
// Q1_0 = 128 weights in 18 bytes (half scale + 16 bytes of bits); Q2_0 = 64 weights in 18 bytes.
constexpr std::array<GgmlType, 36> kTypes{{
    {0, "F32", 1, 4},         {1, "F16", 1, 2},         {2, "Q4_0", 32, 18},
    {3, "Q4_1", 32, 20},      {6, "Q5_0", 32, 22},      {7, "Q5_1", 32, 24},
    {8, "Q8_0", 32, 34},      {9, "Q8_1", 32, 36},      {10, "Q2_K", 256, 84},
    {11, "Q3_K", 256, 110},   {12, "Q4_K", 256, 144},   {13, "Q5_K", 256, 176},
    {14, "Q6_K", 256, 210},   {15, "Q8_K", 256, 292},   {16, "IQ2_XXS", 256, 66},
    {17, "IQ2_XS", 256, 74},  {18, "IQ3_XXS", 256, 98}, {19, "IQ1_S", 256, 50},
    {20, "IQ4_NL", 32, 18},   {21, "IQ3_S", 256, 110},  {22, "IQ2_S", 256, 82},
    {23, "IQ4_XS", 256, 136}, {24, "I8", 1, 1},         {25, "I16", 1, 2},
    {26, "I32", 1, 4},        {27, "I64", 1, 8},        {28, "F64", 1, 8},
    {29, "IQ1_M", 256, 56},   {30, "BF16", 1, 2},       {34, "TQ1_0", 256, 54},
    {35, "TQ2_0", 256, 66},   {39, "MXFP4", 32, 17},    {40, "NVFP4", 64, 36},
    {41, "Q1_0", 128, 18},    {42, "Q2_0", 64, 18},     {9999, "", 0, 0},
}};

constexpr std::size_t kCount = kTypes.size() - 1; // the last row is a sentinel

bool equalsIgnoreCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::toupper(static_cast<unsigned char>(a[i])) !=
            std::toupper(static_cast<unsigned char>(b[i]))) {
            return false;
        }
    }
    return true;
}

} // namespace

std::span<const GgmlType> ggmlTypes()
{
    return {kTypes.data(), kCount};
}

std::optional<GgmlType> ggmlTypeById(std::uint32_t id)
{
    for (const GgmlType& t : ggmlTypes()) {
        if (t.id == id) {
            return t;
        }
    }
    return std::nullopt;
}

std::optional<GgmlType> ggmlTypeByName(std::string_view name)
{
    for (const GgmlType& t : ggmlTypes()) {
        if (equalsIgnoreCase(t.name, name)) {
            return t;
        }
    }
    return std::nullopt;
}

} // namespace llmsizer
