// GGUF metadata -> ModelConfig. Sizes come from the "<arch>.*" keys llama.cpp writes
// (gguf-py/gguf/constants.py, class Keys.LLM and Keys.Attention); structural flags (biases, norm
// kind, gating, q/k norms, a tied head) from the tensors present, as llama.cpp's loader decides
// them. docs/checkpoints.md lists the keys.
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/formats/gguf.h"
#include "llmsizer/formats/tensor_map.h"
#include "llmsizer/shape/runtime_support.h"

#include <algorithm>
#include <map>
#include <set>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

// A per-layer key may be a scalar or an array of equal values; anything else is unsupported.
std::optional<u64> uniform(const GgufValue& v, bool* varies)
{
    if (v.type != GgufType::Array) {
        return v.asUInt();
    }
    if (v.array_ints.empty() || v.array_ints.size() != v.array_count) {
        return std::nullopt;
    }
    for (std::int64_t x : v.array_ints) {
        if (x != v.array_ints.front()) {
            *varies = true;
            return std::nullopt;
        }
    }
    if (v.array_ints.front() < 0) {
        return std::nullopt;
    }
    return static_cast<u64>(v.array_ints.front());
}

class Reader {
public:
    Reader(const GgufFile& g, std::string arch) : m_g(g), m_prefix(std::move(arch) + ".")
    {
        for (const GgufTensor& t : g.tensors) {
            m_names.insert(t.name);
        }
    }
    // "<arch>.<key>" as a non-negative integer; empty if missing. Sets error() when malformed.
    std::optional<u64> get(const std::string& key)
    {
        const GgufValue* v = m_g.find(m_prefix + key);
        if (v == nullptr) {
            return std::nullopt;
        }
        bool varies = false;
        auto r = uniform(*v, &varies);
        if (!r && m_error.empty()) {
            m_error = m_prefix + key +
                      (varies ? " differs between layers (not supported)"
                              : " is not a non-negative integer");
        }
        return r;
    }
    u64 required(const std::string& key)
    {
        auto v = get(key);
        if (!v && m_error.empty()) {
            m_error = m_prefix + key + " is missing";
        }
        return v.value_or(0);
    }
    bool has(const std::string& tensor) const { return m_names.contains(tensor); }
    // A tensor "blk.N.<leaf>" in any layer present (splits may be missing, so no layer is
    // assumed to be there).
    const GgufTensor* inAnyLayer(const std::string& leaf) const
    {
        const std::string suffix = "." + leaf;
        for (const GgufTensor& t : m_g.tensors) {
            if (t.name.starts_with("blk.") && t.name.ends_with(suffix) &&
                tensorLayer(t.name) >= 0 && t.name.size() == t.name.find('.', 4) + suffix.size()) {
                return &t;
            }
        }
        return nullptr;
    }
    bool anyLayerHas(const std::string& leaf) const { return inAnyLayer(leaf) != nullptr; }
    const GgufTensor* tensor(const std::string& name) const
    {
        for (const GgufTensor& t : m_g.tensors) {
            if (t.name == name) {
                return &t;
            }
        }
        return nullptr;
    }
    bool hasKey(const std::string& key) const { return m_g.find(m_prefix + key) != nullptr; }
    const std::string& error() const { return m_error; }

private:
    const GgufFile& m_g;
    std::string m_prefix;
    std::set<std::string> m_names;
    std::string m_error;
};

// Block norms per layer, counted from the tensors (Gemma 2 has four, Llama two, GPT-J one): the
// most any layer present has, so a set with splits missing still finds them in every layer it
// holds.
u64 blockNorms(const GgufFile& g)
{
    std::map<long long, u64> perLayer;
    for (const GgufTensor& t : g.tensors) {
        if (t.name.ends_with(".weight")) {
            const TensorRole role = classifyTensor(t.name);
            if (role.kind == TensorKind::Parameter && role.component == Component::Norms) {
                if (const long long layer = tensorLayer(t.name); layer >= 0) {
                    ++perLayer[layer];
                }
            }
        }
    }
    u64 n = 0;
    for (const auto& [layer, count] : perLayer) {
        n = std::max(n, count);
    }
    return n;
}

// The MLP width from the tensors when feed_forward_length is absent: ffn_gate (or a plain
// ffn_up) is ne = [d_model, d_ff] in any layer present.
std::optional<u64> ffnWidthFromTensors(const GgufFile& g, u64 dModel)
{
    for (const char* leaf : {".ffn_gate.weight", ".ffn_up.weight"}) {
        for (const GgufTensor& t : g.tensors) {
            if (t.name.starts_with("blk.") && t.name.ends_with(leaf) && t.dims.size() == 2 &&
                t.dims[0] == dModel) {
                return t.dims[1];
            }
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<ModelConfig> ggufModelConfig(const GgufFile& g, std::string* why,
                                           std::vector<std::string>* guesses)
{
    auto no = [why](std::string reason) -> std::optional<ModelConfig> {
        if (why != nullptr) {
            *why = std::move(reason);
        }
        return std::nullopt;
    };
    const auto arch = g.stringValue("general.architecture");
    if (!arch) {
        return no("general.architecture is missing");
    }
    Reader r(g, *arch);
    ModelConfig c;
    c.model_type = modelTypeOfGgufArch(*arch);
    c.d_model = r.required("embedding_length");
    c.n_layers = r.required("block_count");
    c.n_heads = r.required("attention.head_count");
    c.n_kv_heads = r.get("attention.head_count_kv").value_or(c.n_heads);
    c.d_ff = r.get("feed_forward_length").value_or(0);
    c.context_length = r.get("context_length").value_or(2048);
    if (!r.error().empty()) {
        return no(r.error());
    }
    if (!r.hasKey("feed_forward_length")) {
        if (auto ff = ffnWidthFromTensors(g, c.d_model)) {
            c.d_ff = *ff;
        } else if (guesses != nullptr) {
            guesses->push_back("d_ff: no " + *arch +
                               ".feed_forward_length and no ffn_gate or ffn_up tensor; 4 x "
                               "d_model assumed");
        }
    }
    u64 qWidth = 0;
    if (auto kl = r.get("attention.key_length");
        kl && (__builtin_mul_overflow(*kl, c.n_heads, &qWidth) || qWidth != c.d_model)) {
        c.head_dim = *kl;
    }
    if (const GgufValue* tokens = g.find("tokenizer.ggml.tokens");
        tokens != nullptr && tokens->type == GgufType::Array && tokens->array_count > 0) {
        c.vocab_size = tokens->array_count;
    } else if (auto v = r.get("vocab_size")) {
        c.vocab_size = *v;
    } else if (const GgufTensor* emb = r.tensor("token_embd.weight");
               emb && emb->dims.size() == 2) {
        c.vocab_size = emb->dims[1];
    } else {
        return no("the vocabulary size is unknown (no tokenizer.ggml.tokens or token_embd)");
    }

    // Structure from the tensors: llama.cpp creates bias and norm tensors only where the
    // architecture has them.
    c.tied_head = !r.has("output.weight");
    c.biases.lm_head = r.has("output.bias");
    c.biases.qkv = r.anyLayerHas("attn_q.bias") || r.anyLayerHas("attn_qkv.bias");
    c.biases.out = r.anyLayerHas("attn_output.bias");
    c.biases.mlp_up = r.anyLayerHas("ffn_up.bias");
    c.biases.mlp_down = r.anyLayerHas("ffn_down.bias");
    const bool layerNorm = r.hasKey("attention.layer_norm_epsilon") ||
                           r.anyLayerHas("attn_norm.bias") || r.has("output_norm.bias");
    c.norm = layerNorm ? NormKind::LayerNorm : NormKind::RMSNorm;
    c.norms_per_block = blockNorms(g);
    c.final_norm = r.has("output_norm.weight");
    c.embedding_norm = r.has("token_embd_norm.weight");
    c.position = r.has("position_embd.weight") ? PositionKind::Learned : PositionKind::None;
    if (const GgufTensor* qn = r.inAnyLayer("attn_q_norm.weight")) {
        c.qk_norm = qn->params == c.effectiveHeadDim() ? QkNormKind::PerHead : QkNormKind::Full;
    }
    const bool gate = r.anyLayerHas("ffn_gate.weight") || r.anyLayerHas("ffn_gate_exps.weight") ||
                      r.anyLayerHas("ffn_gate.0.weight");
    // Phi-3 stores gate and up fused as one ffn_up of 2·d_ff rows.
    const GgufTensor* up = r.inAnyLayer("ffn_up.weight");
    const bool fusedGateUp = up != nullptr && up->dims.size() == 2 && c.d_ff > 0 &&
                             up->dims[1] / 2 == c.d_ff && up->dims[1] % 2 == 0;
    c.mlp = gate || fusedGateUp ? MlpKind::Gated : MlpKind::Plain;
    static const std::set<std::string> parallel{"gptneox", "gptj", "falcon", "phi2"};
    c.parallel_block = parallel.contains(*arch);

    if (auto experts = r.get("expert_count"); experts && *experts > 0) {
        MoeConfig& m = c.moe;
        m.n_routed_experts = *experts;
        m.experts_per_token = r.get("expert_used_count").value_or(0);
        m.expert_d_ff = r.get("expert_feed_forward_length").value_or(c.d_ff);
        m.n_shared_experts = r.get("expert_shared_count").value_or(0);
        if (m.n_shared_experts == 0 && r.anyLayerHas("ffn_up_shexp.weight")) {
            m.n_shared_experts = 1;
        }
        m.shared_d_ff = r.get("expert_shared_feed_forward_length").value_or(0);
        if (const GgufTensor* sh = r.inAnyLayer("ffn_up_shexp.weight");
            sh != nullptr && m.shared_d_ff == 0 && sh->dims.size() == 2 && m.n_shared_experts > 0) {
            m.shared_d_ff = sh->dims[1] / m.n_shared_experts;
        }
        m.first_dense_layers = r.get("leading_dense_block_count").value_or(0);
        m.router_bias = r.anyLayerHas("exp_probs_b.bias");
        m.shared_expert_gate = r.anyLayerHas("ffn_gate_inp_shexp.weight");
    }

    if (r.anyLayerHas("attn_kv_a_mqa.weight")) {
        c.attention = AttentionKind::Latent;
        MlaConfig& m = c.mla;
        m.q_lora_rank = r.get("attention.q_lora_rank").value_or(0);
        m.kv_lora_rank = r.get("attention.kv_lora_rank").value_or(0);
        m.qk_rope_head_dim = r.get("rope.dimension_count").value_or(0);
        const u64 key =
            r.get("attention.key_length_mla").value_or(r.get("attention.key_length").value_or(0));
        m.v_head_dim = r.get("attention.value_length_mla")
                           .value_or(r.get("attention.value_length").value_or(0));
        m.qk_nope_head_dim = key > m.qk_rope_head_dim ? key - m.qk_rope_head_dim : 0;
        c.head_dim = 0;
    }

    if (auto sw = r.get("attention.sliding_window"); sw && *sw > 0) {
        c.sliding_window = *sw;
        c.global_every = *arch == "gemma2" ? 2 : *arch == "gemma3" ? 6 : 0;
    }
    if (!r.error().empty()) {
        return no(r.error());
    }
    if (auto issues = validate(c); !issues.empty()) {
        return no("the metadata describe no valid model (" + issues.front().field + " " +
                  issues.front().message + ")");
    }
    return c;
}

} // namespace llmsizer
