// GGUF file types as per-tensor mixes. The tensor list mirrors llama.cpp's GGUF names and
// shapes (ne[0] = the input width of a matrix); the type rules follow ggml-org/llama.cpp
// src/llama-quant.cpp: tensor_allows_quantization (only 2-D/3-D ".weight" tensors, no norms, no
// ffn_gate_inp, no position_embd), llama_tensor_get_type_impl (non-Falcon branches) and
// tensor_type_fallback (rows whose width is not a multiple of the block size).
#include "llmsizer/precision/quant_mix.h"

#include "llmsizer/model/count.h"
#include "llmsizer/precision/ggml_types.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"
#include "precision/quant_tensors.h"

#include <algorithm>
#include <cctype>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;
using quant::Cat;
using quant::Tensor;

// llama.cpp ftype ids handled here, with the default (base) block type of each
// (llama_ftype_get_default_type).
struct Ftype {
    const char* id;
    const char* base;
};
constexpr Ftype kFtypes[] = {
    {"q4_0", "Q4_0"},   {"q4_1", "Q4_1"},   {"q5_0", "Q5_0"},       {"q5_1", "Q5_1"},
    {"q8_0", "Q8_0"},   {"q2_k", "Q2_K"},   {"q3_k_s", "Q3_K"},     {"q3_k_m", "Q3_K"},
    {"q3_k_l", "Q3_K"}, {"q4_k_s", "Q4_K"}, {"q4_k_m", "Q4_K"},     {"q5_k_s", "Q5_K"},
    {"q5_k_m", "Q5_K"}, {"q6_k", "Q6_K"},   {"mxfp4_moe", "MXFP4"},
};

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    return out;
}

u64 mul(u64 a, u64 b)
{
    return checkedMul(a, b, "tensor size");
}

GgmlType type(std::string_view name)
{
    return *ggmlTypeByName(name);
}

bool fits(u64 cols, std::string_view t)
{
    return cols % type(t).block_size == 0;
}

// tensor_type_fallback: a compatible type when the row width is not a multiple of the block.
std::string fallback(u64 cols, const std::string& t, bool& used)
{
    if (fits(cols, t)) {
        return t;
    }
    used = true;
    std::string r = "F16"; // llama.cpp throws for types without a fallback; we use F16
    if (t == "IQ1_S" || t == "IQ1_M" || t == "IQ2_XXS" || t == "IQ2_XS" || t == "IQ2_S" ||
        t == "IQ3_XXS" || t == "IQ3_S" || t == "IQ4_XS") {
        r = "IQ4_NL";
    } else if (t == "Q2_K" || t == "Q3_K" || t == "TQ1_0" || t == "TQ2_0") {
        r = "Q4_0";
    } else if (t == "Q4_K") {
        r = "Q5_0";
    } else if (t == "Q5_K") {
        r = "Q5_1";
    } else if (t == "Q6_K") {
        r = "Q8_0";
    }
    return fits(cols, r) ? r : "F16";
}

struct Rules {
    std::string ftype; // "q4_k_m", or "" for a pure block type
    std::string base;
    bool tied = false;
    u64 layers = 0;
    u64 gqa = 1;
    u64 experts = 0;
    bool is70b = false;
    bool imatrix = false;
};

// llama_tensor_get_type_impl for the Q-type file types (non-Falcon). i is the layer index: for
// attn_v-like tensors llama.cpp counts them in file order, one per layer; for ffn_down it uses
// the counter (dense) or the layer parsed from the name (MoE) with n = n_layer.
std::string chooseType(const Rules& r, const Tensor& t)
{
    const std::string& f = r.ftype;
    std::string nt = r.base;
    if (f.empty()) {
        return nt; // --pure
    }
    const auto i = t.layer;
    const auto n = static_cast<std::int64_t>(r.layers);
    if (f == "mxfp4_moe") {
        // MoE tensors (ne[2] > 1) in MXFP4, every other quantizable tensor, the output
        // included, in Q8_0 (llama_tensor_get_type, LLAMA_FTYPE_MOSTLY_MXFP4_MOE).
        return t.expert ? "MXFP4" : "Q8_0";
    }
    if (t.cat == Cat::Output || (r.tied && t.cat == Cat::TokenEmbd)) {
        if (!fits(t.cols, nt)) {
            return "Q8_0";
        }
        return nt == "Q8_0" ? nt : "Q6_K";
    }
    if (t.cat == Cat::AttnV || t.cat == Cat::AttnQkv || t.cat == Cat::AttnKvB) {
        if (f == "q2_k") {
            nt = r.gqa >= 4 ? "Q4_K" : "Q3_K";
        } else if (f == "q3_k_m") {
            nt = i < 2 ? "Q5_K" : "Q4_K";
        } else if (f == "q3_k_l") { // NOLINT(bugprone-branch-clone): llama.cpp order
            nt = "Q5_K";
        } else if ((f == "q4_k_m" || f == "q5_k_m") && useMoreBits(i, n)) {
            nt = "Q6_K";
        } else if (f == "q4_k_s" && i < 4) {
            nt = "Q5_K";
        }
        if (r.is70b && (nt == "Q3_K" || nt == "Q4_K")) {
            nt = "Q5_K";
        }
        if (r.experts == 8) {
            nt = "Q8_0";
        }
        return nt;
    }
    if (t.cat == Cat::AttnK) {
        return r.experts == 8 ? "Q8_0" : nt;
    }
    if (t.cat == Cat::FfnDown) {
        if (f == "q2_k") {
            nt = "Q3_K";
        } else if (f == "q3_k_m") {
            nt = i < n / 16 ? "Q5_K" : "Q4_K";
        } else if (f == "q3_k_l") { // NOLINT(bugprone-branch-clone): llama.cpp order
            nt = "Q5_K";
        } else if ((f == "q4_k_m" || f == "q5_k_m") && useMoreBits(i, n)) {
            nt = "Q6_K";
        } else if (f == "q4_k_s" && i < n / 8) {
            nt = "Q5_K";
        } else if ((f == "q4_0" || f == "q5_0") && r.imatrix && i < n / 8) {
            nt = f == "q4_0" ? "Q4_1" : "Q5_1";
        }
        return nt;
    }
    if (t.cat == Cat::AttnOut) {
        if (r.experts == 8) {
            if (f == "q2_k" || f == "q3_k_s" || f == "q3_k_m" || f == "q4_k_s" || f == "q4_k_m") {
                nt = "Q5_K";
            }
        } else if (f == "q2_k") {
            nt = "Q3_K";
        } else if (f == "q3_k_m") {
            nt = "Q4_K";
        } else if (f == "q3_k_l") {
            nt = "Q5_K";
        }
        return nt;
    }
    // (The ATTENTION_QKV branch after this in llama.cpp is unreachable: attn_qkv is attn_v-like.)
    return nt;
}

std::string displayName(const Tensor& t)
{
    return t.layer < 0 ? t.name : "blk.*." + t.name;
}

} // namespace

bool useMoreBits(std::int64_t i, std::int64_t n)
{
    return i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2;
}

const std::vector<std::string>& ggufFileTypeIds()
{
    static const std::vector<std::string> ids = [] {
        std::vector<std::string> v;
        for (const Ftype& f : kFtypes) {
            v.emplace_back(f.id);
        }
        return v;
    }();
    return ids;
}

bool isGgufFileType(std::string_view id)
{
    const std::string key = lower(id);
    return std::any_of(std::begin(kFtypes), std::end(kFtypes),
                       [&key](const Ftype& f) { return key == f.id; });
}

namespace {
QuantMix computeMix(const ModelConfig& config, std::string_view ftypeId,
                    const QuantMixParams& params);
} // namespace

// The mix depends on the configuration, the file type and the parameters only, and the views
// ask for the same few again and again (every context a fit search tries, each bar's verdict):
// the last few results are kept per thread.
QuantMix ggufMix(const ModelConfig& config, std::string_view ftypeId, const QuantMixParams& params)
{
    struct Entry {
        ModelConfig config;
        std::string ftype;
        QuantMixParams params;
        QuantMix mix;
    };
    constexpr std::size_t kKeep = 16;
    thread_local std::vector<Entry> recent;
    for (const Entry& e : recent) {
        if (e.ftype == ftypeId && e.params == params && e.config == config) {
            return e.mix;
        }
    }
    QuantMix mix = computeMix(config, ftypeId, params);
    if (recent.size() == kKeep) {
        recent.erase(recent.begin());
    }
    recent.push_back({config, std::string(ftypeId), params, mix});
    return mix;
}

namespace {

QuantMix computeMix(const ModelConfig& config, std::string_view ftypeId,
                    const QuantMixParams& params)
{
    requireValid(config);
    Rules r;
    const std::string key = lower(ftypeId);
    for (const Ftype& f : kFtypes) {
        if (key == f.id) {
            r.ftype = f.id;
            r.base = f.base;
        }
    }
    if (r.base.empty()) {
        const auto t = ggmlTypeByName(key);
        if (!t || t->block_size <= 1) {
            throw InputError("", "precision",
                             "'" + std::string(ftypeId) + "' is not a GGUF file or block type");
        }
        r.base = std::string(t->name); // pure: every quantizable tensor in this type
    }
    if (!ggmlTypeByName(params.unquantized_type)) {
        throw InputError("", "unquantized_type",
                         "unknown ggml type '" + params.unquantized_type + "'");
    }
    r.tied = config.tied_head;
    r.layers = config.n_layers;
    r.gqa = config.n_kv_heads > 0 ? config.n_heads / config.n_kv_heads : 1;
    r.experts = config.moe.n_routed_experts;
    r.is70b = params.llama_70b_layers != 0 && config.n_layers == params.llama_70b_layers;
    r.imatrix = params.has_imatrix;

    QuantMix mix;
    mix.layer_bytes.assign(config.n_layers, 0);
    mix.layer_expert_bytes.assign(config.n_layers, 0);
    mix.ftype = r.ftype.empty() ? r.base : std::string(ftypeId);
    std::transform(mix.ftype.begin(), mix.ftype.end(), mix.ftype.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
    for (const Tensor& t : quant::tensorsOf(config, params.fused_qkv)) {
        bool fell = false;
        std::string tn = params.unquantized_type;
        if (t.cat != Cat::Unquantized) {
            tn = params.keep_experts_mxfp4 && t.expert ? std::string("MXFP4")
                                                       : fallback(t.cols, chooseType(r, t), fell);
        }
        const GgmlType g = type(tn);
        const u64 params_ = mul(mul(t.cols, t.rows), t.count);
        const u64 bytes =
            mul(mul(t.rows, t.count), rowBytes(t.cols, {u64{g.type_size} * 8, g.block_size}));
        const std::string name = displayName(t);
        auto it =
            std::find_if(mix.tensors.begin(), mix.tensors.end(), [&](const TensorAssignment& a) {
                return a.name == name && a.type == tn && a.fallback == fell;
            });
        if (it == mix.tensors.end()) {
            mix.tensors.push_back({name, tn, 0, 0, 0, t.expert, fell});
            it = std::prev(mix.tensors.end());
        }
        it->tensors += 1;
        it->params = checkedAdd(it->params, params_, "tensor size");
        it->bytes = checkedAdd(it->bytes, bytes, "tensor bytes");
        mix.params = checkedAdd(mix.params, params_, "tensor size");
        mix.bytes = checkedAdd(mix.bytes, bytes, "tensor bytes");
        if (t.expert) {
            mix.expert_params = checkedAdd(mix.expert_params, params_, "tensor size");
            mix.expert_bytes = checkedAdd(mix.expert_bytes, bytes, "tensor bytes");
        }
        if (t.layer >= 0 && static_cast<u64>(t.layer) < config.n_layers) {
            const auto i = static_cast<std::size_t>(t.layer);
            mix.layer_bytes[i] = checkedAdd(mix.layer_bytes[i], bytes, "tensor bytes");
            if (t.expert) {
                mix.layer_expert_bytes[i] =
                    checkedAdd(mix.layer_expert_bytes[i], bytes, "tensor bytes");
            }
        } else if (t.name.rfind("output", 0) == 0) {
            mix.output_bytes = checkedAdd(mix.output_bytes, bytes, "tensor bytes");
        }
    }
    return mix;
}

} // namespace

} // namespace llmsizer
