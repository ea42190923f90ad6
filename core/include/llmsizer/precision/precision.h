#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Number formats for weights and for the KV cache, with exact bits per weight.
// docs/memory.md derives every figure; sources are cited in precision.cpp.
namespace llmsizer {

// Bits per weight as an exact fraction: `bits` bits for every `weights` weights. For block
// formats the pair is one block (Q4_0: 144 bits per 32 weights = 4.5), so `weights` is also the
// block size that rows are padded to. Never reduced, so the block size is kept.
struct BitsPerWeight {
    std::uint64_t bits = 16;
    std::uint64_t weights = 1;
    double value() const { return static_cast<double>(bits) / static_cast<double>(weights); }
    // Same rate (2/1 == 32/16), whatever the block size.
    bool sameRate(const BitsPerWeight& o) const;
    bool operator==(const BitsPerWeight&) const = default;
};

// ceil(n · bits / (weights · 8)): bytes for n values stored at `bpw`, rounded up to a whole byte
// once for the whole tensor. Exact (128-bit intermediate); throws OverflowError beyond 64 bits.
std::uint64_t bytesFor(std::uint64_t n, BitsPerWeight bpw);
// Bytes of one row of n values in a block format: ceil(n / weights) whole blocks, as ggml stores
// rows (ggml_row_size). For element formats (weights == 1) equal to bytesFor.
std::uint64_t rowBytes(std::uint64_t n, BitsPerWeight bpw);

// INT4 (GPTQ/AWQ style) with one scale and one zero point per group of weights.
// bpw = bits + (scale_bits + zero_bits) / group_size; defaults 4 + 32/128 = 4.25
// (formulas.md open item 5, marked uncertain there).
struct GroupQuantParams {
    std::uint64_t bits = 4;
    std::uint64_t group_size = 128;
    std::uint64_t scale_bits = 16; // fp16 scale
    std::uint64_t zero_bits = 16;  // fp16 (or packed int) zero point; 0 for symmetric schemes
};
BitsPerWeight groupQuantBpw(const GroupQuantParams& p); // per group: bits·group + scale + zero

// NF4 with double quantization (QLoRA §3): 4-bit codes, one 8-bit constant per block of 64,
// one fp32 constant per block of 256 constants: 4 + 8/64 + 32/(64·256) = 4.127 bpw.
// (Without double quantization: first_constant_bits = 32, second_block = 0 -> 4.5 bpw.)
struct Nf4Params {
    std::uint64_t bits = 4;
    std::uint64_t block_size = 64;
    std::uint64_t first_constant_bits = 8;   // the per-block absmax, quantized to FP8
    std::uint64_t second_block = 256;        // first-level constants per second-level constant
    std::uint64_t second_constant_bits = 32; // fp32; 0 second_block = no double quantization
};
BitsPerWeight nf4Bpw(const Nf4Params& p);

enum class PrecisionKind {
    Float,      // fp32, fp16, bf16, fp8
    Integer,    // int8, int4 (no scales counted)
    GroupQuant, // int4 with group scales (GroupQuantParams)
    Nf4,        // bitsandbytes NF4 (Nf4Params)
    GgmlBlock,  // one ggml block type applied to every weight ("q4_k")
    GgufFile,   // a llama.cpp file type (llama_ftype): a per-tensor mix, see quant_mix.h
    // The routed experts' weight matrices in a block format (bpw), everything else (attention,
    // embeddings, norms, router, the experts' biases) in BF16: how gpt-oss ships (MXFP4).
    ExpertBlocks
};

// One selectable precision. `id` is stable (CLI, JSON, settings); `label` is for display.
struct Precision {
    std::string id;    // "fp16", "int4_g128", "nf4_dq", "q4_0", "q4_k_m", …
    std::string label; // "FP16", "INT4 (group 128)", "NF4 + double quant", "GGUF Q4_K_M", …
    PrecisionKind kind = PrecisionKind::Float;
    // Nominal bits per weight: the format itself, or for a GGUF file type its base block type.
    // A GGUF file's effective figure depends on the model (weightMemory()).
    BitsPerWeight bpw;
    std::string ggml_type; // ggml block type name ("Q4_K"; for GgufFile the base type), or ""
    // For GgufFile: the measured all-tensor bpw for Llama-3.1-8B (llama.cpp
    // tools/quantize/README.md, or derived from quantize.cpp sizes; formulas.md §1); 0 if none.
    double measured_bpw = 0.0;
    std::string source; // where the figure comes from
};

// Weight precisions in display order: float, integer, group/NF4, GGUF files, GGUF block types.
const std::vector<Precision>& weightPrecisions();
// The short list printed by `llm-sizer-cli memory` without --precision.
std::vector<std::string> defaultPrecisionIds();
// Lookup by id (case-insensitive; "f16"/"f32" accepted for "fp16"/"fp32").
std::optional<Precision> findPrecision(std::string_view id);
// As findPrecision but throws InputError("", field, "unknown precision 'x' (known: …)").
Precision precisionById(std::string_view id, const std::string& field = "precision");

// Precisions the KV cache can be stored in: fp32, fp16, bf16, fp8, q8_0 (8.5 bpw), q4_0 (4.5).
const std::vector<Precision>& kvPrecisions();
Precision kvPrecisionById(std::string_view id, const std::string& field = "kv_precision");

} // namespace llmsizer
