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
#include "byte_reader.h"
#include "llmsizer/checked.h"
#include "llmsizer/error.h"
#include "llmsizer/format.h"
#include "quant_layout.h"

#include <map>
#include <unordered_map>

namespace llmsizer::detail {

namespace {

using u64 = std::uint64_t;
using Shape = std::vector<u64>;

struct Scheme {
    std::string what;
    u64 weights = 0;
    u64 params = 0;
};

class Quantizer {
public:
    Quantizer(Checkpoint& c, const QuantSettings* s) : m_c(c), m_s(s)
    {
        for (std::size_t i = 0; i < c.tensors.size(); ++i) {
            m_byName.emplace(c.tensors[i].name, i);
        }
    }

    void run();

private:
    CheckpointTensor* find(const std::string& name)
    {
        const auto it = m_byName.find(name);
        return it == m_byName.end() ? nullptr : &m_c.tensors[it->second];
    }
    bool method(std::string_view m) const { return m_s != nullptr && m_s->method == m; }
    [[noreturn]] static void fail(const CheckpointTensor& t, const std::string& message)
    {
        throw InputError(t.file, "tensor '" + printableName(t.name) + "'", message);
    }
    static std::string shapeText(const Shape& s)
    {
        std::string out = "[";
        for (std::size_t i = 0; i < s.size(); ++i) {
            out += (i ? ", " : "") + std::to_string(s[i]);
        }
        return out + "]";
    }
    void weight(CheckpointTensor& t, Shape logical, const std::string& classifyAs,
                const std::string& label, const std::string& what);
    void meta(CheckpointTensor& owner, const std::string& name);

    void mxfp4(CheckpointTensor& t);
    void mlx(CheckpointTensor& t);
    void gptqAwq(CheckpointTensor& t);
    void packed(CheckpointTensor& t);
    void bnb4(CheckpointTensor& stateTensor);
    void scaled(CheckpointTensor& t);

    Checkpoint& m_c;
    const QuantSettings* m_s;
    std::unordered_map<std::string, std::size_t> m_byName;
    std::map<std::string, Scheme> m_schemes;
    std::map<std::string, u64> m_guessed; // assumption -> weights read with it
};

bool endsWith(const std::string& s, std::string_view suffix)
{
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix.data(), suffix.size()) == 0;
}

std::string stem(const std::string& s, std::string_view suffix)
{
    return s.substr(0, s.size() - suffix.size());
}

// x·32/bits when exact: the unpacked length of x 32-bit words of bits-bit values.
std::optional<u64> unpack32(u64 words, u64 bits)
{
    if (bits == 0 || words > UINT64_MAX / 32 || (words * 32) % bits != 0) {
        return std::nullopt;
    }
    return words * 32 / bits;
}

void Quantizer::weight(CheckpointTensor& t, Shape logical, const std::string& classifyAs,
                       const std::string& label, const std::string& what)
{
    u64 n = t.params; // values stored as they are (FP8, INT8): the stored shape is the logical one
    if (!logical.empty()) {
        n = 1;
        for (u64 d : logical) {
            n = checkedMul(n, d, "quantized tensor elements");
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
    logical.back() = checkedMul(logical.back(), 32, "quantized tensor elements");
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
        if (!bits && groups > 0 && (words * 32) % (groups * *group) == 0) {
            bits = words * 32 / (groups * *group);
        }
        if (bits && !group) {
            if (const auto in = unpack32(words, *bits); in && groups > 0 && *in % groups == 0) {
                group = *in / groups;
            }
        }
        const auto in = bits ? unpack32(words, *bits) : std::nullopt;
        if (!bits || !group || !in || *in != checkedMul(groups, *group, "MLX group size")) {
            fail(t, "U32 " + shapeText(t.shape) + " with scales " + shapeText(scales->shape) +
                        " is not an MLX packing" +
                        (bits ? " of " + std::to_string(*bits) + "-bit values" : "") +
                        (group ? " in groups of " + std::to_string(*group) : ""));
        }
    }
    if (*bits == 0 || *bits > 8) {
        fail(t, "MLX quantization with " + std::to_string(*bits) + " bits is not a packing");
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

void Quantizer::gptqAwq(CheckpointTensor& t)
{
    const std::string base = stem(t.name, ".qweight");
    CheckpointTensor* scales = find(base + ".scales");
    const CheckpointTensor* zeros = find(base + ".qzeros");
    if (scales == nullptr) {
        fail(t, "qweight without its scales tensor " + printableName(base) + ".scales");
    }
    if (t.shape.size() != 2 || scales->shape.size() != 2 || scales->shape[0] == 0) {
        fail(t, "qweight " + shapeText(t.shape) + " and scales " + shapeText(scales->shape) +
                    " must both be 2-D");
    }
    const bool awq = method("awq") || (!method("gptq") && t.shape[1] != scales->shape[1]);
    const u64 out = scales->shape[1];
    std::optional<u64> bits = m_s ? m_s->bits : std::nullopt;
    if (!bits && awq) {
        if (out > 0 && (t.shape[1] * 32) % out == 0) {
            bits = t.shape[1] * 32 / out;
        }
    } else if (!bits && zeros != nullptr && zeros->shape.size() == 2 && out > 0 &&
               (zeros->shape[1] * 32) % out == 0) {
        bits = zeros->shape[1] * 32 / out;
    }
    if (!bits) {
        bits = 4;
        ++m_guessed["GPTQ bits given neither in config.json nor by qzeros: read as 4 for"];
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
        in = checkedMul(t.shape.back(), 2, "quantized tensor elements"); // NVFP4: 2 per byte
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
        const u64 n = checkedMul(t->params, 2, "quantized tensor elements");
        if (n % a->params == 0) {
            block = ", blocks of " + std::to_string(n / a->params);
        }
    }
    weight(*t, {checkedMul(t->params, 2, "quantized tensor elements")}, base,
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

void Quantizer::run()
{
    for (CheckpointTensor& t : m_c.tensors) {
        if (!t.quant.empty()) {
            continue;
        }
        if (endsWith(t.name, "_blocks")) {
            mxfp4(t);
        } else if (endsWith(t.name, ".weight_packed")) {
            packed(t);
        } else if (endsWith(t.name, ".qweight")) {
            gptqAwq(t);
        } else if (t.name.find(".weight.quant_state.bitsandbytes__") != std::string::npos) {
            bnb4(t);
        }
    }
    for (CheckpointTensor& t : m_c.tensors) {
        if (t.quant.empty() && endsWith(t.name, ".weight")) {
            mlx(t);
        }
    }
    for (CheckpointTensor& t : m_c.tensors) {
        if (t.quant.empty() && endsWith(t.name, ".weight") &&
            t.role.kind != TensorKind::QuantMetadata) {
            scaled(t);
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

} // namespace

void applyQuantization(Checkpoint& c, const QuantSettings* settings)
{
    Quantizer(c, settings).run();
}

} // namespace llmsizer::detail
