// Packed and quantized safetensors: each scheme's stored layout -> logical shape and parameter
// count of the weight, and which tensors are quantization metadata (bytes, not parameters).
// Layouts (docs/checkpoints.md, "Quantized safetensors", cites each one):
// - MXFP4 (gpt-oss; OCP Microscaling Formats v1.0): NAME_blocks U8 [..., n, 16] holds 32 FP4
//   values per block (two per byte), NAME_scales U8 [..., n] one E8M0 scale per block.
// - MLX (mlx/backend quantized.h, mlx.nn.QuantizedLinear): NAME.weight U32 [..., in·bits/32],
//   NAME.scales and NAME.biases [..., in/group].
// - GPTQ (AutoGPTQ / GPTQModel QuantLinear): qweight I32 [in·bits/32, out], qzeros I32
//   [in/group, out·bits/32], scales F16 [in/group, out], g_idx I32 [in].
// - AWQ GEMM (AutoAWQ WQLinear_GEMM): qweight I32 [in, out·bits/32], qzeros like GPTQ, scales
//   [in/group, out]; 4-bit values packed in the order 0 2 4 6 1 3 5 7.
// - compressed-tensors pack-quantized: weight_packed I32 [out, in·bits/32] (U8 [out, in/2] for
//   NVFP4), weight_scale, weight_zero_point, weight_shape, weight_g_idx, *_global_scale.
// - bitsandbytes Params4bit: weight U8 [n/2, 1] (two 4-bit codes per byte, flattened),
//   weight.absmax, weight.quant_map, weight.nested_absmax, weight.nested_quant_map and
//   weight.quant_state.bitsandbytes__nf4|fp4 (the shape is in that tensor's data).
// - bitsandbytes Int8Params: weight I8 [out, in] with SCB F32 [out] and weight_format.
// - FP8 (DeepSeek-V3, Qwen3-FP8): weight F8_E4M3 [out, in], weight_scale_inv F32
//   [⌈out/128⌉, ⌈in/128⌉]; per-tensor or per-channel weight_scale / input_scale.
#include "formats/quantizer.h"

namespace llmsizer::detail {

namespace quant_impl {

void Quantizer::weight(CheckpointTensor& t, Shape logical, const std::string& classifyAs,
                       const std::string& label, const std::string& what)
{
    u64 n = t.params; // values stored as they are (FP8, INT8): the stored shape is the logical one
    if (!logical.empty()) {
        n = 1;
        for (u64 d : logical) {
            n = checkedMul(n, d, "quantized element count");
        }
    }
    t.params = n;
    t.logical_shape = std::move(logical);
    t.role = classifyTensor(classifyAs);
    t.quant = label;
    Scheme& s = m_schemes[label];
    s.what = what;
    s.weights += 1;
    s.params = checkedAdd(s.params, n, "quantized parameters");
}

void Quantizer::meta(CheckpointTensor& owner, const std::string& name)
{
    CheckpointTensor* m = find(name);
    if (m == nullptr || (m->role.kind == TensorKind::QuantMetadata && !m->quant.empty())) {
        return;
    }
    m->role = {TensorKind::QuantMetadata, owner.role.component, ""};
    m->quant = owner.quant;
    owner.quant_bytes = checkedAdd(owner.quant_bytes, m->bytes, "quantization metadata bytes");
}

void Quantizer::mxfp4(CheckpointTensor& t)
{
    const std::string base = stem(t.name, "_blocks");
    CheckpointTensor* scales = find(base + "_scales");
    if (scales == nullptr || t.dtype != "U8" || t.shape.size() < 2 || t.shape.back() != 16) {
        return;
    }
    Shape logical(t.shape.begin(), t.shape.end() - 1);
    if (Shape(scales->shape) != logical) {
        fail(t, "MXFP4 blocks " + shapeText(t.shape) + " do not match their scales " +
                    shapeText(scales->shape) + " (expected " + shapeText(logical) + ")");
    }
    logical.back() = checkedMul(logical.back(), 32, "quantized element count");
    weight(t, std::move(logical), base, "MXFP4",
           "FP4 (E2M1) values in blocks of 32 with one E8M0 scale each, 16 bytes per block");
    meta(t, base + "_scales");
}

void Quantizer::mlx(CheckpointTensor& t)
{
    const std::string base = stem(t.name, ".weight");
    CheckpointTensor* scales = find(base + ".scales");
    if (t.dtype != "U32" || t.shape.empty() || (scales == nullptr && !method("mlx"))) {
        return;
    }
    std::optional<u64> bits = m_s ? m_s->bits : std::nullopt;
    std::optional<u64> group = m_s ? m_s->group : std::nullopt;
    std::string mode = m_s ? m_s->mode : std::string();
    if (m_s != nullptr && m_s->mlx.is_object()) {
        const auto own = m_s->mlx.find(base);
        if (own != m_s->mlx.end() && own->is_object()) {
            if (own->contains("bits") && (*own)["bits"].is_number_unsigned()) {
                bits = (*own)["bits"].get<u64>();
            }
            if (own->contains("group_size") && (*own)["group_size"].is_number_unsigned()) {
                group = (*own)["group_size"].get<u64>();
            }
        }
    }
    const u64 words = t.shape.back();
    bool guessed = false;
    if (scales == nullptr) {
        if (!bits) {
            return;
        }
    } else {
        if (scales->shape.size() != t.shape.size() ||
            !std::equal(t.shape.begin(), t.shape.end() - 1, scales->shape.begin())) {
            fail(t, "MLX-packed U32 " + shapeText(t.shape) + " does not match its scales " +
                        shapeText(scales->shape));
        }
        const u64 groups = scales->shape.back();
        if (!bits && !group) {
            group = 64; // mlx.nn.quantize's default group size
            guessed = true;
        }
        // words·32 = groups·group·bits; every product is checked (a tensor with no elements
        // may declare any dimension, so these may be near 2^64) and no divisor is zero.
        u64 span = 0; // groups·group, the unpacked length
        const bool spanOk =
            group && *group > 0 && groups > 0 && !__builtin_mul_overflow(groups, *group, &span);
        if (!bits && spanOk && words <= UINT64_MAX / 32 && (words * 32) % span == 0) {
            bits = words * 32 / span;
        }
        if (bits && !group) {
            if (const auto in = unpack32(words, *bits); in && groups > 0 && *in % groups == 0) {
                group = *in / groups;
            }
        }
        const auto in = bits ? unpack32(words, *bits) : std::nullopt;
        u64 whole = 0;
        if (!bits || !group || *group == 0 || !in ||
            __builtin_mul_overflow(groups, *group, &whole) || *in != whole) {
            fail(t, "U32 " + shapeText(t.shape) + " with scales " + shapeText(scales->shape) +
                        " is not an MLX packing" +
                        (bits ? " of " + std::to_string(*bits) + "-bit values" : "") +
                        (group ? " in groups of " + std::to_string(*group) : ""));
        }
    }
    if (*bits < 2 || *bits > 8) {
        fail(t, "MLX quantization with " + std::to_string(*bits) +
                    " bits is not a packing (MLX packs 2 to 8 bits)");
    }
    const auto in = unpack32(words, *bits);
    if (!in) {
        fail(t, "U32 " + shapeText(t.shape) + " does not hold whole " + std::to_string(*bits) +
                    "-bit values");
    }
    if (guessed) {
        ++m_guessed["MLX group size not given in config.json: read as 64 (mlx-lm's default) for"];
    }
    Shape logical = t.shape;
    logical.back() = *in;
    const bool affine = mode.empty() || mode == "affine";
    const std::string g = group ? std::to_string(*group) : std::string("?");
    const std::string label =
        affine ? "MLX Q" + std::to_string(*bits) + " g" + g : "MLX " + mode + " g" + g;
    weight(t, std::move(logical), t.name, label,
           (affine ? std::to_string(*bits) + "-bit affine" : mode) + ", group size " + g +
               ", packed into U32 words; a scale" + (affine ? " and a bias" : "") +
               " per group (mlx.nn.QuantizedLinear)");
    meta(t, base + ".scales");
    meta(t, base + ".biases");
}

void Quantizer::run()
{
    for (CheckpointTensor& t : m_c.tensors) {
        if (!t.quant.empty()) {
            continue;
        }
        if (endsWith(t.name, "_blocks")) {
            guarded(t, [this](CheckpointTensor& x) { mxfp4(x); });
        } else if (endsWith(t.name, ".weight_packed")) {
            guarded(t, [this](CheckpointTensor& x) { packed(x); });
        } else if (endsWith(t.name, ".qweight")) {
            guarded(t, [this](CheckpointTensor& x) { gptqAwq(x); });
        } else if (t.name.find(".weight.quant_state.bitsandbytes__") != std::string::npos) {
            guarded(t, [this](CheckpointTensor& x) { bnb4(x); });
        }
    }
    for (CheckpointTensor& t : m_c.tensors) {
        if (t.quant.empty() && endsWith(t.name, ".weight")) {
            guarded(t, [this](CheckpointTensor& x) { mlx(x); });
        }
    }
    for (CheckpointTensor& t : m_c.tensors) {
        if (t.quant.empty() && endsWith(t.name, ".weight") &&
            t.role.kind != TensorKind::QuantMetadata) {
            guarded(t, [this](CheckpointTensor& x) { scaled(x); });
        }
    }
    for (const auto& [label, s] : m_schemes) {
        m_c.quantization.push_back(label + ": " + s.what + "; " + withThousands(s.weights) +
                                   (s.weights == 1 ? " weight, " : " weights, ") +
                                   withThousands(s.params) + " parameters" +
                                   (m_s != nullptr ? " (settings from " + m_s->source + ")" : ""));
    }
    for (const auto& [what, n] : m_guessed) {
        m_c.notes.push_back(what + " " + withThousands(n) + (n == 1 ? " weight" : " weights"));
    }
    if (m_s != nullptr && m_schemes.empty()) {
        m_c.notes.push_back(m_s->source + " declares a quantization, but no tensor is stored in "
                                          "a quantized layout");
    }
}

} // namespace quant_impl

void applyQuantization(Checkpoint& c, const QuantSettings* settings)
{
    quant_impl::Quantizer(c, settings).run();
}

} // namespace llmsizer::detail
