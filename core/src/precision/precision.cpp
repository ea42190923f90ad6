// Number formats and their exact bits per weight. Sources: formulas.md §1 (QLoRA §3 for NF4 with
// double quantization; ggml-org/llama.cpp ggml/src/ggml-common.h for the GGUF block layouts, via
// ggml_types.h; llama.cpp tools/quantize/README.md for measured file-type bpw).
#include "llmsizer/precision/precision.h"

#include "llmsizer/precision/ggml_types.h"
#include "llmsizer/precision/quant_mix.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

#include <algorithm>
#include <cctype>
#include <limits>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;
// A using-alias cannot carry __extension__, which -Wpedantic needs for __int128.
__extension__ typedef unsigned __int128 u128; // NOLINT(modernize-use-using)

u64 narrow(u128 v, const char* what)
{
    if (v > static_cast<u128>(std::numeric_limits<u64>::max())) {
        throw OverflowError(what);
    }
    return static_cast<u64>(v);
}

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    return out;
}

std::string upper(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
    return out;
}

BitsPerWeight blockBpw(std::string_view ggmlName)
{
    const auto t = ggmlTypeByName(ggmlName);
    return {u64{t->type_size} * 8, t->block_size};
}

constexpr const char* kGgmlSource = "ggml-common.h block layout (formulas.md §1)";
constexpr const char* kMeasured = "llama.cpp tools/quantize/README.md, Llama-3.1-8B";
constexpr const char* kDerived = "llama.cpp quantize.cpp sizes for Llama-3-8B (formulas.md §1)";

// A GGUF file type: its base block type and, where published, the measured all-tensor bpw for
// Llama-3.1-8B (formulas.md §1).
struct FileType {
    const char* id;
    const char* base;
    double measured;
    const char* source;
};
constexpr FileType kFileTypes[] = {
    {"q4_0", "Q4_0", 4.64, kDerived},
    {"q4_1", "Q4_1", 0.0, ""},
    {"q5_0", "Q5_0", 0.0, ""},
    {"q5_1", "Q5_1", 0.0, ""},
    {"q8_0", "Q8_0", 8.5008, kMeasured},
    {"q2_k", "Q2_K", 3.1593, kMeasured},
    {"q3_k_s", "Q3_K", 3.6429, kMeasured},
    {"q3_k_m", "Q3_K", 4.00, kDerived},
    {"q3_k_l", "Q3_K", 4.2979, kMeasured},
    {"q4_k_s", "Q4_K", 4.6672, kMeasured},
    {"q4_k_m", "Q4_K", 4.8944, kMeasured},
    {"q5_k_s", "Q5_K", 5.5704, kMeasured},
    {"q5_k_m", "Q5_K", 5.7036, kMeasured},
    {"q6_k", "Q6_K", 6.5633, kMeasured},
    {"mxfp4_moe", "MXFP4", 0.0, ""},
};

// ggml types that are storage formats for weights (not F32/F16/BF16, integers, or the Q8_1/Q8_K
// types ggml only uses for the activations side of dot products).
bool isWeightBlockType(const GgmlType& t)
{
    return t.block_size > 1 && t.name != "Q8_1" && t.name != "Q8_K";
}

std::vector<Precision> buildWeightPrecisions()
{
    std::vector<Precision> v;
    v.push_back({"fp32", "FP32", PrecisionKind::Float, {32, 1}, "F32", 0.0, "IEEE 754 binary32"});
    v.push_back({"fp16", "FP16", PrecisionKind::Float, {16, 1}, "F16", 0.0, "IEEE 754 binary16"});
    v.push_back({"bf16", "BF16", PrecisionKind::Float, {16, 1}, "BF16", 0.0, "bfloat16"});
    v.push_back({"fp8", "FP8", PrecisionKind::Float, {8, 1}, "", 0.0, "E4M3/E5M2, 1 byte"});
    v.push_back({"int8",
                 "INT8",
                 PrecisionKind::Integer,
                 {8, 1},
                 "",
                 0.0,
                 "1 byte per weight, scales not counted (as the teaching guide rounds)"});
    v.push_back({"int4",
                 "INT4",
                 PrecisionKind::Integer,
                 {4, 1},
                 "",
                 0.0,
                 "half a byte per weight, scales not counted (as the teaching guide rounds)"});
    v.push_back({"int4_g128", "INT4 (group 128)", PrecisionKind::GroupQuant, groupQuantBpw({}), "",
                 0.0,
                 "4 + (16 + 16)/128: fp16 scale and zero per 128 weights (formulas.md, "
                 "open item 5, uncertain)"});
    v.push_back({"nf4", "NF4", PrecisionKind::Nf4, nf4Bpw({4, 64, 32, 0, 0}), "", 0.0,
                 "QLoRA §3: fp32 constant per 64 weights"});
    v.push_back({"nf4_dq", "NF4 + double quant", PrecisionKind::Nf4, nf4Bpw({}), "", 0.0,
                 "QLoRA §3: 4 + 8/64 + 32/(64·256) = 4.127"});
    // gpt-oss's checkpoints: MXFP4 blocks of 32 FP4 values and one E8M0 scale, 17 bytes per 32
    // weights (OCP Microscaling Formats v1.0 §5), for the experts' gate_up and down matrices; the
    // rest stays BF16. (llama.cpp's GGUF MXFP4_MOE puts the rest in Q8_0: the file type below.)
    v.push_back({"mxfp4_experts",
                 "MXFP4 experts, BF16 rest",
                 PrecisionKind::ExpertBlocks,
                 {136, 32},
                 "MXFP4",
                 0.0,
                 "OCP Microscaling Formats v1.0: 32 E2M1 values + one E8M0 scale = 4.25 bits; "
                 "gpt-oss model card (MoE weights in MXFP4)"});
    // MLX's affine quantization (mlx.core.quantize, mlx-lm convert -q): groups of 64 weights
    // with an FP16 scale and an FP16 bias, 4 + 32/64 = 4.5 and 8.5 bits per weight; mlx-lm
    // quantizes every Linear and Embedding (the head and the token embedding too).
    v.push_back({"mlx_4bit",
                 "MLX 4-bit",
                 PrecisionKind::Integer,
                 {4 * 64 + 32, 64},
                 "",
                 0.0,
                 "mlx.core.quantize: group 64, FP16 scale and bias per group (4.5 bpw)"});
    v.push_back({"mlx_8bit",
                 "MLX 8-bit",
                 PrecisionKind::Integer,
                 {8 * 64 + 32, 64},
                 "",
                 0.0,
                 "mlx.core.quantize: group 64, FP16 scale and bias per group (8.5 bpw)"});
    for (const FileType& f : kFileTypes) {
        v.push_back({f.id, "GGUF " + upper(f.id), PrecisionKind::GgufFile, blockBpw(f.base), f.base,
                     f.measured,
                     std::string("llama.cpp src/llama-quant.cpp per-tensor rules") +
                         (f.measured > 0 ? std::string("; measured: ") + f.source : "")});
    }
    for (const GgmlType& t : ggmlTypes()) {
        if (!isWeightBlockType(t) || isGgufFileType(lower(t.name))) {
            continue;
        }
        v.push_back({lower(t.name),
                     std::string(t.name) + " (all tensors)",
                     PrecisionKind::GgmlBlock,
                     {u64{t.type_size} * 8, t.block_size},
                     std::string(t.name),
                     0.0,
                     kGgmlSource});
    }
    return v;
}

std::vector<Precision> buildKvPrecisions()
{
    std::vector<Precision> v;
    v.push_back({"fp32", "FP32", PrecisionKind::Float, {32, 1}, "F32", 0.0, "4 bytes"});
    v.push_back({"fp16", "FP16", PrecisionKind::Float, {16, 1}, "F16", 0.0, "2 bytes"});
    v.push_back({"bf16", "BF16", PrecisionKind::Float, {16, 1}, "BF16", 0.0, "2 bytes"});
    v.push_back({"fp8", "FP8", PrecisionKind::Float, {8, 1}, "", 0.0, "1 byte (vLLM fp8 cache)"});
    // llama.cpp --cache-type-k/-v block types: rows of head_dim · n_kv values are whole blocks.
    for (const char* name : {"Q8_0", "Q5_1", "Q5_0", "Q4_1", "Q4_0", "IQ4_NL"}) {
        v.push_back(
            {lower(name), name, PrecisionKind::GgmlBlock, blockBpw(name), name, 0.0, kGgmlSource});
    }
    return v;
}

std::string canonicalId(std::string_view id)
{
    std::string s = lower(id);
    if (s == "f16") {
        return "fp16";
    }
    if (s == "f32") {
        return "fp32";
    }
    return s;
}

std::string knownList(const std::vector<Precision>& list)
{
    std::string out;
    for (const Precision& p : list) {
        out += (out.empty() ? "" : ", ") + p.id;
    }
    return out;
}

} // namespace

bool BitsPerWeight::sameRate(const BitsPerWeight& o) const
{
    return static_cast<u128>(bits) * o.weights == static_cast<u128>(o.bits) * weights;
}

std::uint64_t bytesFor(std::uint64_t n, BitsPerWeight bpw)
{
    const u128 bits = static_cast<u128>(n) * bpw.bits;
    const u128 den = static_cast<u128>(bpw.weights) * 8;
    return narrow((bits + den - 1) / den, "weight bytes");
}

std::uint64_t rowBytes(std::uint64_t n, BitsPerWeight bpw)
{
    const u128 blocks = (static_cast<u128>(n) + bpw.weights - 1) / bpw.weights;
    // bits per block is a whole number of bytes for every block format here; round up anyway.
    return narrow((blocks * bpw.bits + 7) / 8, "row bytes");
}

BitsPerWeight groupQuantBpw(const GroupQuantParams& p)
{
    const u64 group = std::max<u64>(p.group_size, 1);
    return {checkedAdd(checkedMul(p.bits, group, "group bits"), p.scale_bits + p.zero_bits,
                       "group bits"),
            group};
}

BitsPerWeight nf4Bpw(const Nf4Params& p)
{
    const u64 block = std::max<u64>(p.block_size, 1);
    if (p.second_block == 0) {
        // Single-level: one constant per block.
        return {
            checkedAdd(checkedMul(p.bits, block, "nf4 bits"), p.first_constant_bits, "nf4 bits"),
            block};
    }
    // Over block · second_block weights: codes, second_block first-level constants, one
    // second-level constant.
    const u64 span = checkedMul(block, p.second_block, "nf4 span");
    u64 bits = checkedMul(p.bits, span, "nf4 bits");
    bits =
        checkedAdd(bits, checkedMul(p.first_constant_bits, p.second_block, "nf4 bits"), "nf4 bits");
    bits = checkedAdd(bits, p.second_constant_bits, "nf4 bits");
    return {bits, span};
}

const std::vector<Precision>& weightPrecisions()
{
    static const std::vector<Precision> list = buildWeightPrecisions();
    return list;
}

std::vector<std::string> defaultPrecisionIds()
{
    return {"fp32", "fp16", "bf16",   "fp8",    "int8", "int4",   "int4_g128", "nf4_dq",
            "q8_0", "q6_k", "q5_k_m", "q4_k_m", "q4_0", "q3_k_m", "q2_k"};
}

std::optional<Precision> findPrecision(std::string_view id)
{
    const std::string key = canonicalId(id);
    for (const Precision& p : weightPrecisions()) {
        if (p.id == key) {
            return p;
        }
    }
    return std::nullopt;
}

Precision precisionById(std::string_view id, const std::string& field)
{
    if (auto p = findPrecision(id)) {
        return *p;
    }
    throw InputError("", field,
                     "unknown precision '" + std::string(id) +
                         "' (known: " + knownList(weightPrecisions()) + ")");
}

const std::vector<Precision>& kvPrecisions()
{
    static const std::vector<Precision> list = buildKvPrecisions();
    return list;
}

Precision kvPrecisionById(std::string_view id, const std::string& field)
{
    const std::string key = canonicalId(id);
    for (const Precision& p : kvPrecisions()) {
        if (p.id == key) {
            return p;
        }
    }
    throw InputError("", field,
                     "unknown KV cache precision '" + std::string(id) +
                         "' (known: " + knownList(kvPrecisions()) + ")");
}

} // namespace llmsizer
