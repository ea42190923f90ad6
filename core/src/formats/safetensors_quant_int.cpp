// Integer and scaled quantized layouts: GPTQ, AWQ, compressed-tensors packed, bitsandbytes 4-bit
// and 8-bit, FP8 with block or per-tensor scales. safetensors_quant.cpp cites each layout.
#include "formats/quantizer.h"

namespace llmsizer::detail::quant_impl {

void Quantizer::gptqAwq(CheckpointTensor& t)
{
    const std::string base = stem(t.name, ".qweight");
    CheckpointTensor* scales = find(base + ".scales");
    const CheckpointTensor* zeros = find(base + ".qzeros");
    if (scales == nullptr) {
        fail(t, "qweight without its scales tensor " + printableName(base) + ".scales");
    }
    if (t.shape.size() != 2 || scales->shape.size() != 2) {
        fail(t, "qweight " + shapeText(t.shape) + " and scales " + shapeText(scales->shape) +
                    " must both be 2-D");
    }
    if (scales->shape[0] == 0) {
        fail(t, "scales " + shapeText(scales->shape) +
                    " hold no group (one row of scales per group of inputs)");
    }
    const bool awq = method("awq") || (!method("gptq") && t.shape[1] != scales->shape[1]);
    const u64 out = scales->shape[1];
    std::optional<u64> bits = m_s ? m_s->bits : std::nullopt;
    // bits = words·32 / values: the packed width, when the shapes settle it.
    const auto packedBits = [out](u64 words) -> std::optional<u64> {
        if (out == 0 || words > UINT64_MAX / 32 || (words * 32) % out != 0) {
            return std::nullopt;
        }
        return words * 32 / out;
    };
    if (!bits && awq) {
        bits = packedBits(t.shape[1]);
    } else if (!bits && zeros != nullptr && zeros->shape.size() == 2) {
        bits = packedBits(zeros->shape[1]);
    }
    if (!bits) {
        bits = 4;
        ++m_guessed["GPTQ bits given neither in config.json nor by qzeros: read as 4 for"];
    }
    if (*bits < 2 || *bits > 8) {
        // config.json's bits are checked where they are read; these come from the shapes.
        fail(t, std::string(awq ? "AWQ" : "GPTQ") + " qweight " + shapeText(t.shape) +
                    " with scales " + shapeText(scales->shape) + " would hold " +
                    std::to_string(*bits) + "-bit values; GPTQ and AWQ pack 2 to 8 bits");
    }
    u64 in = 0;
    if (awq) {
        in = t.shape[0];
        if (unpack32(t.shape[1], *bits) != out) {
            fail(t, "AWQ qweight " + shapeText(t.shape) + " does not pack " + std::to_string(out) +
                        " outputs (scales " + shapeText(scales->shape) + ") at " +
                        std::to_string(*bits) + " bits");
        }
    } else {
        const auto unpacked = unpack32(t.shape[0], *bits);
        if (!unpacked || t.shape[1] != out) {
            fail(t, "GPTQ qweight " + shapeText(t.shape) + " does not match scales " +
                        shapeText(scales->shape) + " at " + std::to_string(*bits) + " bits");
        }
        in = *unpacked;
    }
    if (in % scales->shape[0] != 0) {
        fail(t, "the " + std::to_string(in) + " inputs do not split into " +
                    std::to_string(scales->shape[0]) + " groups (scales " +
                    shapeText(scales->shape) + ")");
    }
    const u64 group = in / scales->shape[0];
    const std::string name = awq ? "AWQ" : "GPTQ";
    weight(t, {out, in}, base + ".weight",
           name + " Q" + std::to_string(*bits) + " g" + std::to_string(group),
           std::to_string(*bits) + "-bit, group size " + std::to_string(group) +
               (awq ? ", packed along the outputs in the order 0 2 4 6 1 3 5 7 (AutoAWQ GEMM)"
                    : ", packed along the inputs (AutoGPTQ)") +
               "; scales and zero points per group");
    for (const char* leaf : {".scales", ".qzeros", ".g_idx"}) {
        meta(t, base + leaf);
    }
}

void Quantizer::packed(CheckpointTensor& t)
{
    const std::string base = stem(t.name, ".weight_packed");
    if (t.shape.empty()) {
        return;
    }
    std::optional<u64> in;
    u64 bits = 4;
    if (t.dtype == "U8") {
        in = checkedMul(t.shape.back(), 2, "quantized element count"); // NVFP4: 2 per byte
    } else if (t.dtype == "I32") {
        if (m_s != nullptr && m_s->bits) {
            bits = *m_s->bits;
        } else {
            ++m_guessed["compressed-tensors num_bits not given in config.json: read as 4 for"];
        }
        in = unpack32(t.shape.back(), bits);
    }
    if (!in) {
        fail(t, "weight_packed " + t.dtype + " " + shapeText(t.shape) +
                    " is not a compressed-tensors packing of " + std::to_string(bits) +
                    "-bit values");
    }
    std::string g = "per channel";
    if (const CheckpointTensor* sc = find(base + ".weight_scale");
        sc != nullptr && sc->shape.size() == t.shape.size() && sc->shape.back() > 1 &&
        *in % sc->shape.back() == 0) {
        g = "g" + std::to_string(*in / sc->shape.back());
    }
    Shape logical = t.shape;
    logical.back() = *in;
    const std::string label =
        (t.dtype == "U8" ? std::string("NVFP4 ") : "CT INT" + std::to_string(bits) + " ") + g;
    weight(t, std::move(logical), base + ".weight", label,
           (t.dtype == "U8" ? std::string("FP4 values two per byte")
                            : std::to_string(bits) + "-bit integers packed into I32") +
               " (compressed-tensors pack-quantized), scales " + g);
    for (const char* leaf :
         {".weight_scale", ".weight_zero_point", ".weight_shape", ".weight_g_idx",
          ".weight_global_scale", ".input_global_scale", ".input_scale"}) {
        meta(t, base + leaf);
    }
}

void Quantizer::bnb4(CheckpointTensor& state)
{
    const std::size_t at = state.name.find(".weight.quant_state.bitsandbytes__");
    const std::string base = state.name.substr(0, at) + ".weight";
    const std::string type = state.name.substr(at + 34); // "nf4" or "fp4"
    CheckpointTensor* t = find(base);
    if (t == nullptr || !t->quant.empty()) {
        return;
    }
    if (t->dtype != "U8") {
        fail(*t, "bitsandbytes 4-bit weight stored as " + t->dtype + " (expected U8)");
    }
    const bool nested = find(base + ".nested_absmax") != nullptr;
    std::string label = "bnb " + std::string(type == "fp4" ? "FP4" : "NF4");
    std::string block;
    if (const CheckpointTensor* a = find(base + ".absmax"); a != nullptr && a->params > 0) {
        const u64 n = checkedMul(t->params, 2, "quantized element count");
        if (n % a->params == 0) {
            block = ", blocks of " + std::to_string(n / a->params);
        }
    }
    weight(*t, {checkedMul(t->params, 2, "quantized element count")}, base,
           label + (nested ? " DQ" : ""),
           "4-bit " + std::string(type == "fp4" ? "FP4" : "NF4") +
               " codes two per byte, stored flattened" + block + ", one absmax per block" +
               (nested ? " (itself quantized to 8 bits: double quantization)" : ""));
    for (const char* leaf : {".absmax", ".quant_map", ".nested_absmax", ".nested_quant_map"}) {
        meta(*t, base + leaf);
    }
    meta(*t, state.name);
}

// Weights whose values are stored as they are, with scales beside them: bitsandbytes 8-bit
// (SCB), FP8 with block scales (weight_scale_inv) or per-tensor/per-channel scales.
void Quantizer::scaled(CheckpointTensor& t)
{
    const std::string base = stem(t.name, ".weight");
    const CheckpointTensor* inv = find(base + ".weight_scale_inv");
    const CheckpointTensor* scb = find(base + ".SCB");
    const CheckpointTensor* sc = find(base + ".weight_scale");
    if (inv == nullptr && scb == nullptr && sc == nullptr) {
        return;
    }
    std::string label = t.dtype + " scaled";
    std::string what = t.dtype + " values with a scale per tensor or channel";
    if (scb != nullptr) {
        label = "bnb INT8";
        what = "8-bit integers with one F32 scale per row (bitsandbytes LLM.int8 SCB)";
    } else if (inv != nullptr) {
        u64 r = m_s && m_s->blockRows ? *m_s->blockRows : 128;
        u64 k = m_s && m_s->blockCols ? *m_s->blockCols : 128;
        const auto blocks = [](u64 n, u64 b) { return b == 0 ? 0 : n / b + (n % b != 0); };
        if (t.shape.size() != 2 || inv->shape.size() != 2 ||
            inv->shape[0] != blocks(t.shape[0], r) || inv->shape[1] != blocks(t.shape[1], k)) {
            fail(t, "weight_scale_inv " + shapeText(inv->shape) + " is not one scale per " +
                        std::to_string(r) + "x" + std::to_string(k) + " block of " +
                        shapeText(t.shape));
        }
        label = t.dtype + " b" + std::to_string(r) + "x" + std::to_string(k);
        what = t.dtype + " values with one F32 scale per " + std::to_string(r) + "x" +
               std::to_string(k) + " block (weight_scale_inv)";
    }
    weight(t, {}, t.name, label, what);
    for (const char* leaf : {".weight_scale_inv", ".SCB", ".weight_format", ".weight_scale",
                             ".weight_zero_point", ".input_scale"}) {
        meta(t, base + leaf);
    }
}

} // namespace llmsizer::detail::quant_impl
