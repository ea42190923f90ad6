#include "quant_tensors.h"

#include <functional>

namespace testsupport {

namespace {

using u64 = std::uint64_t;

bool isLayerLinear(const StTensor& t)
{
    return t.shape.size() == 2 && t.name.find(".layers.") != std::string::npos;
}

std::string base(const StTensor& t)
{
    return t.name.substr(0, t.name.size() - std::string(".weight").size());
}

std::vector<StTensor> rewrite(const std::vector<StTensor>& plain,
                              const std::function<bool(const StTensor&)>& pick,
                              const std::function<void(const StTensor&, std::vector<StTensor>&)>& f)
{
    std::vector<StTensor> out;
    for (const StTensor& t : plain) {
        if (pick(t)) {
            f(t, out);
        } else {
            out.push_back(t);
        }
    }
    return out;
}

} // namespace

std::vector<StTensor> mlxQuantized(const std::vector<StTensor>& plain, u64 bits, u64 group)
{
    return rewrite(
        plain, [](const StTensor& t) { return t.shape.size() == 2; },
        [=](const StTensor& t, std::vector<StTensor>& out) {
            const u64 rows = t.shape[0], in = t.shape[1];
            out.push_back({t.name, "U32", {rows, in * bits / 32}});
            out.push_back({base(t) + ".scales", t.dtype, {rows, in / group}});
            out.push_back({base(t) + ".biases", t.dtype, {rows, in / group}});
        });
}

std::vector<StTensor> gptqQuantized(const std::vector<StTensor>& plain, u64 bits, u64 group)
{
    return rewrite(plain, isLayerLinear, [=](const StTensor& t, std::vector<StTensor>& out) {
        const u64 outF = t.shape[0], in = t.shape[1];
        out.push_back({base(t) + ".qweight", "I32", {in / 32 * bits, outF}});
        out.push_back({base(t) + ".qzeros", "I32", {in / group, outF / 32 * bits}});
        out.push_back({base(t) + ".scales", "F16", {in / group, outF}});
        out.push_back({base(t) + ".g_idx", "I32", {in}});
    });
}

std::vector<StTensor> awqQuantized(const std::vector<StTensor>& plain, u64 bits, u64 group)
{
    return rewrite(plain, isLayerLinear, [=](const StTensor& t, std::vector<StTensor>& out) {
        const u64 outF = t.shape[0], in = t.shape[1];
        out.push_back({base(t) + ".qweight", "I32", {in, outF / (32 / bits)}});
        out.push_back({base(t) + ".qzeros", "I32", {in / group, outF / (32 / bits)}});
        out.push_back({base(t) + ".scales", "F16", {in / group, outF}});
    });
}

std::vector<StTensor> bnbNf4Quantized(const std::vector<StTensor>& plain)
{
    return rewrite(plain, isLayerLinear, [](const StTensor& t, std::vector<StTensor>& out) {
        const u64 n = t.shape[0] * t.shape[1];
        const std::string w = t.name;
        const std::string state = "{\"quant_type\": \"nf4\", \"blocksize\": 64, \"dtype\": "
                                  "\"bfloat16\", \"shape\": [" +
                                  std::to_string(t.shape[0]) + ", " + std::to_string(t.shape[1]) +
                                  "], \"nested_blocksize\": 256, \"nested_dtype\": \"float32\", "
                                  "\"nested_offset\": 0.03125}";
        out.push_back({w, "U8", {n / 2, 1}});
        out.push_back({w + ".absmax", "U8", {n / 64}});
        out.push_back({w + ".nested_absmax", "F32", {n / 64 / 256}});
        out.push_back({w + ".nested_quant_map", "F32", {256}});
        out.push_back({w + ".quant_map", "F32", {16}});
        out.push_back({w + ".quant_state.bitsandbytes__nf4", "U8", {state.size()}});
    });
}

std::vector<StTensor> fp8BlockQuantized(const std::vector<StTensor>& plain)
{
    return rewrite(plain, isLayerLinear, [](const StTensor& t, std::vector<StTensor>& out) {
        const auto blocks = [](u64 n) { return (n + 127) / 128; };
        out.push_back({t.name, "F8_E4M3", t.shape});
        out.push_back({t.name + "_scale_inv", "F32", {blocks(t.shape[0]), blocks(t.shape[1])}});
    });
}

std::vector<StTensor> gptOss20bTensors()
{
    const u64 d = 2880, vocab = 201088, experts = 32, ff = 2880, q = u64{64} * 64, kv = u64{8} * 64;
    std::vector<StTensor> t;
    t.push_back({"model.embed_tokens.weight", "BF16", {vocab, d}});
    for (u64 i = 0; i < 24; ++i) {
        const std::string p = "model.layers." + std::to_string(i) + ".";
        t.push_back({p + "input_layernorm.weight", "BF16", {d}});
        t.push_back({p + "mlp.experts.down_proj_bias", "BF16", {experts, d}});
        t.push_back({p + "mlp.experts.down_proj_blocks", "U8", {experts, d, ff / 32, 16}});
        t.push_back({p + "mlp.experts.down_proj_scales", "U8", {experts, d, ff / 32}});
        t.push_back({p + "mlp.experts.gate_up_proj_bias", "BF16", {experts, 2 * ff}});
        t.push_back({p + "mlp.experts.gate_up_proj_blocks", "U8", {experts, 2 * ff, d / 32, 16}});
        t.push_back({p + "mlp.experts.gate_up_proj_scales", "U8", {experts, 2 * ff, d / 32}});
        t.push_back({p + "mlp.router.bias", "BF16", {experts}});
        t.push_back({p + "mlp.router.weight", "BF16", {experts, d}});
        t.push_back({p + "post_attention_layernorm.weight", "BF16", {d}});
        t.push_back({p + "self_attn.k_proj.bias", "BF16", {kv}});
        t.push_back({p + "self_attn.k_proj.weight", "BF16", {kv, d}});
        t.push_back({p + "self_attn.o_proj.bias", "BF16", {d}});
        t.push_back({p + "self_attn.o_proj.weight", "BF16", {d, q}});
        t.push_back({p + "self_attn.q_proj.bias", "BF16", {q}});
        t.push_back({p + "self_attn.q_proj.weight", "BF16", {q, d}});
        t.push_back({p + "self_attn.sinks", "BF16", {64}});
        t.push_back({p + "self_attn.v_proj.bias", "BF16", {kv}});
        t.push_back({p + "self_attn.v_proj.weight", "BF16", {kv, d}});
    }
    t.push_back({"model.norm.weight", "BF16", {d}});
    t.push_back({"lm_head.weight", "BF16", {vocab, d}});
    return t;
}

} // namespace testsupport
