// Tensor name -> component. Hugging Face names follow the module paths of transformers'
// modeling_<type>.py; GGUF names follow llama.cpp's gguf-py/gguf/constants.py (TENSOR_NAMES).
// docs/checkpoints.md lists every pattern.
#include "llmsizer/formats/tensor_map.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <span>
#include <string>
#include <vector>

namespace llmsizer {

namespace {

std::vector<std::string_view> split(std::string_view s)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = s.find('.', start);
        if (dot == std::string_view::npos) {
            out.push_back(s.substr(start));
            return out;
        }
        out.push_back(s.substr(start, dot - start));
        start = dot + 1;
    }
}

bool isIndex(std::string_view s)
{
    if (s.empty() || s.size() > 9) {
        return false;
    }
    for (char c : s) {
        if (c < '0' || c > '9') {
            return false;
        }
    }
    return true;
}

// Wrapper modules in front of the transformer proper (LlamaForCausalLM.model,
// GPT2LMHeadModel.transformer, GPTNeoXForCausalLM.gpt_neox, OPT's model.decoder, Gemma 3's
// language_model).
constexpr std::array<std::string_view, 5> kWrappers{"model", "transformer", "gpt_neox",
                                                    "language_model", "decoder"};
constexpr std::array<std::string_view, 4> kLayerLists{"layers", "h", "blk", "blocks"};

struct Rule {
    std::string_view module;
    Component component;
    std::string_view part;
    std::string_view biasPart; // part for ".bias"; empty = same as part
};

using C = Component;

// Modules outside the blocks.
constexpr Rule kGlobal[] = {
    {"embed_tokens", C::Embedding, "token", ""},
    {"wte", C::Embedding, "token", ""},
    {"embed_in", C::Embedding, "token", ""},
    {"word_embeddings", C::Embedding, "token", ""},
    {"tok_embeddings", C::Embedding, "token", ""},
    {"token_embd", C::Embedding, "token", ""},
    {"wpe", C::PositionEmbedding, "learned", ""},
    {"embed_positions", C::PositionEmbedding, "learned", ""},
    {"position_embd", C::PositionEmbedding, "learned", ""},
    {"norm", C::Norms, "final", ""},
    {"ln_f", C::Norms, "final", ""},
    {"final_layer_norm", C::Norms, "final", ""},
    {"final_layernorm", C::Norms, "final", ""},
    {"output_norm", C::Norms, "final", ""},
    {"word_embeddings_layernorm", C::Norms, "embedding_norm", ""},
    {"token_embd_norm", C::Norms, "embedding_norm", ""},
    {"lm_head", C::LmHead, "weight", "bias"},
    {"embed_out", C::LmHead, "weight", "bias"},
    {"output", C::LmHead, "weight", "bias"},
};

// Modules inside a block (after "layers.N." / "h.N." / "blk.N.").
constexpr Rule kLayer[] = {
    // Attention projections: Llama/Mistral/Qwen/Gemma (self_attn.*), GPT-J (attn.*), Meta
    // (attention.w*), GGUF (attn_*).
    {"self_attn.q_proj", C::Attention, "q", "qkv_bias"},
    {"self_attn.k_proj", C::Attention, "k", "qkv_bias"},
    {"self_attn.v_proj", C::Attention, "v", "qkv_bias"},
    {"self_attn.o_proj", C::Attention, "o", "o_bias"},
    {"self_attn.out_proj", C::Attention, "o", "o_bias"},
    {"self_attn.dense", C::Attention, "o", "o_bias"},
    {"attn.q_proj", C::Attention, "q", "qkv_bias"},
    {"attn.k_proj", C::Attention, "k", "qkv_bias"},
    {"attn.v_proj", C::Attention, "v", "qkv_bias"},
    {"attn.out_proj", C::Attention, "o", "o_bias"},
    {"attention.wq", C::Attention, "q", "qkv_bias"},
    {"attention.wk", C::Attention, "k", "qkv_bias"},
    {"attention.wv", C::Attention, "v", "qkv_bias"},
    {"attention.wo", C::Attention, "o", "o_bias"},
    {"attn_q", C::Attention, "q", "qkv_bias"},
    {"attn_k", C::Attention, "k", "qkv_bias"},
    {"attn_v", C::Attention, "v", "qkv_bias"},
    {"attn_output", C::Attention, "o", "o_bias"},
    // Fused q/k/v: Phi-3 qkv_proj, GPT-2 c_attn, GPT-NeoX/Falcon/BLOOM query_key_value.
    {"self_attn.qkv_proj", C::Attention, "qkv", "qkv_bias"},
    {"attn.c_attn", C::Attention, "qkv", "qkv_bias"},
    {"attn.c_proj", C::Attention, "o", "o_bias"},
    {"attention.query_key_value", C::Attention, "qkv", "qkv_bias"},
    {"attention.dense", C::Attention, "o", "o_bias"},
    {"self_attention.query_key_value", C::Attention, "qkv", "qkv_bias"},
    {"self_attention.dense", C::Attention, "o", "o_bias"},
    {"attn_qkv", C::Attention, "qkv", "qkv_bias"},
    // Q/K norms (Qwen3, OLMo-2, Gemma 3).
    {"self_attn.q_norm", C::Attention, "qk_norm", ""},
    {"self_attn.k_norm", C::Attention, "qk_norm", ""},
    {"attn_q_norm", C::Attention, "qk_norm", ""},
    {"attn_k_norm", C::Attention, "qk_norm", ""},
    // Multi-head latent attention (DeepSeek-V2/V3).
    {"self_attn.q_a_proj", C::Attention, "q_a", ""},
    {"self_attn.q_a_layernorm", C::Attention, "latent_norms", ""},
    {"self_attn.q_b_proj", C::Attention, "q_b", ""},
    {"self_attn.kv_a_proj_with_mqa", C::Attention, "kv_a", ""},
    {"self_attn.kv_a_layernorm", C::Attention, "latent_norms", ""},
    {"self_attn.kv_b_proj", C::Attention, "kv_b", ""},
    {"attn_q_a", C::Attention, "q_a", ""},
    {"attn_q_a_norm", C::Attention, "latent_norms", ""},
    {"attn_q_b", C::Attention, "q_b", ""},
    {"attn_kv_a_mqa", C::Attention, "kv_a", ""},
    {"attn_kv_a_norm", C::Attention, "latent_norms", ""},
    {"attn_kv_b", C::Attention, "kv_b", ""},
    {"attn_k_b", C::Attention, "kv_b", ""},
    {"attn_v_b", C::Attention, "kv_b", ""},
    // Dense MLP.
    {"mlp.gate_proj", C::Mlp, "gate", "bias"},
    {"mlp.up_proj", C::Mlp, "up", "bias"},
    {"mlp.down_proj", C::Mlp, "down", "bias"},
    {"mlp.gate_up_proj", C::Mlp, "gate_up", "bias"},
    {"mlp.c_fc", C::Mlp, "up", "bias"},
    {"mlp.c_proj", C::Mlp, "down", "bias"},
    {"mlp.fc_in", C::Mlp, "up", "bias"},
    {"mlp.fc_out", C::Mlp, "down", "bias"},
    {"mlp.fc1", C::Mlp, "up", "bias"},
    {"mlp.fc2", C::Mlp, "down", "bias"},
    {"mlp.dense_h_to_4h", C::Mlp, "up", "bias"},
    {"mlp.dense_4h_to_h", C::Mlp, "down", "bias"},
    {"fc1", C::Mlp, "up", "bias"},
    {"fc2", C::Mlp, "down", "bias"},
    {"feed_forward.w1", C::Mlp, "gate", "bias"},
    {"feed_forward.w3", C::Mlp, "up", "bias"},
    {"feed_forward.w2", C::Mlp, "down", "bias"},
    {"ffn_gate", C::Mlp, "gate", "bias"},
    {"ffn_up", C::Mlp, "up", "bias"},
    {"ffn_down", C::Mlp, "down", "bias"},
    // Experts fused into 3-D tensors (GGUF).
    {"ffn_gate_exps", C::Mlp, "routed_experts", ""},
    {"ffn_up_exps", C::Mlp, "routed_experts", ""},
    {"ffn_down_exps", C::Mlp, "routed_experts", ""},
    {"ffn_gate_up_exps", C::Mlp, "routed_experts", ""},
    {"ffn_gate_shexp", C::Mlp, "shared_experts", ""},
    {"ffn_up_shexp", C::Mlp, "shared_experts", ""},
    {"ffn_down_shexp", C::Mlp, "shared_experts", ""},
    // Routers: Mixtral block_sparse_moe.gate, Qwen-MoE/DeepSeek mlp.gate, GPT-OSS mlp.router.
    {"block_sparse_moe.gate", C::Router, "gate", "bias"},
    {"mlp.gate", C::Router, "gate", "bias"},
    {"mlp.router", C::Router, "gate", "bias"},
    {"feed_forward.router", C::Router, "gate", "bias"},
    {"ffn_gate_inp", C::Router, "gate", "bias"},
    {"mlp.shared_expert_gate", C::Router, "shared_expert_gate", ""},
    {"ffn_gate_inp_shexp", C::Router, "shared_expert_gate", ""},
    {"exp_probs_b", C::Router, "bias", "bias"},
    // Block norms.
    {"input_layernorm", C::Norms, "block", ""},
    {"post_attention_layernorm", C::Norms, "block", ""},
    {"pre_feedforward_layernorm", C::Norms, "block", ""},
    {"post_feedforward_layernorm", C::Norms, "block", ""},
    {"ln_1", C::Norms, "block", ""},
    {"ln_2", C::Norms, "block", ""},
    {"ln_attn", C::Norms, "block", ""},
    {"ln_mlp", C::Norms, "block", ""},
    {"self_attn_layer_norm", C::Norms, "block", ""},
    {"final_layer_norm", C::Norms, "block", ""},
    {"attention_norm", C::Norms, "block", ""},
    {"ffn_norm", C::Norms, "block", ""},
    {"attn_norm", C::Norms, "block", ""},
    {"attn_norm_2", C::Norms, "block", ""},
    {"post_attention_norm", C::Norms, "block", ""},
    {"post_ffw_norm", C::Norms, "block", ""},
    {"ffn_post_norm", C::Norms, "block", ""},
    {"attn_post_norm", C::Norms, "block", ""},
};

// Per-expert modules (Mixtral block_sparse_moe.experts.E.w1, Qwen-MoE mlp.experts.E.up_proj, fused
// 3-D mlp.experts.gate_up_proj) and shared experts; anything below these prefixes is an expert.
constexpr std::array<std::string_view, 3> kExpertPrefixes{"block_sparse_moe.experts.",
                                                          "mlp.experts.", "feed_forward.experts."};
constexpr std::array<std::string_view, 3> kSharedPrefixes{
    "mlp.shared_expert.", "mlp.shared_experts.", "feed_forward.shared_expert."};

TensorRole parameter(Component c, std::string_view part)
{
    return {TensorKind::Parameter, c, std::string(part)};
}

std::string join(const std::vector<std::string_view>& parts, std::size_t from, std::size_t to)
{
    std::string out;
    for (std::size_t i = from; i < to; ++i) {
        if (!out.empty()) {
            out += '.';
        }
        out.append(parts[i]);
    }
    return out;
}

const Rule* findRule(std::span<const Rule> rules, std::string_view module)
{
    for (const Rule& r : rules) {
        if (r.module == module) {
            return &r;
        }
    }
    return nullptr;
}

TensorRole fromRule(const Rule& r, std::string_view leaf)
{
    if (leaf == "bias" && !r.biasPart.empty()) {
        return parameter(r.component, r.biasPart);
    }
    return parameter(r.component, r.part);
}

TensorRole classifyLayerModule(const std::string& module, std::string_view leaf)
{
    // Buffers: GPT-2/GPT-J causal masks (attn.bias, attn.masked_bias), GPT-NeoX's
    // attention.bias / attention.masked_bias.
    if ((module == "attn" || module == "attention") && (leaf == "bias" || leaf == "masked_bias")) {
        return {TensorKind::Buffer, Component::Attention, ""};
    }
    if (leaf == "e_score_correction_bias") {
        return parameter(Component::Router, "bias");
    }
    const std::string dotted = module + ".";
    for (std::string_view p : kSharedPrefixes) {
        if (dotted.starts_with(p)) {
            return parameter(Component::Mlp, "shared_experts");
        }
    }
    for (std::string_view p : kExpertPrefixes) {
        if (dotted.starts_with(p)) {
            return parameter(Component::Mlp, "routed_experts");
        }
    }
    // Old GGUF MoE files store one tensor per expert: blk.N.ffn_gate.E.weight.
    for (std::string_view p : {"ffn_gate.", "ffn_up.", "ffn_down."}) {
        if (module.starts_with(p) && isIndex(std::string_view(module).substr(p.size()))) {
            return parameter(Component::Mlp, "routed_experts");
        }
    }
    if (leaf != "weight" && leaf != "bias") {
        return {};
    }
    if (const Rule* r = findRule(kLayer, module)) {
        return fromRule(*r, leaf);
    }
    return {};
}

} // namespace

TensorRole classifyTensor(std::string_view name)
{
    std::vector<std::string_view> parts = split(name);
    std::size_t first = 0;
    while (first + 1 < parts.size() &&
           std::find(kWrappers.begin(), kWrappers.end(), parts[first]) != kWrappers.end()) {
        ++first;
    }
    const std::string_view leaf = parts.back();
    // Rotary inverse frequencies are buffers wherever they sit (…rotary_emb.inv_freq); GGUF
    // stores Llama 3's rope scaling factors as rope_freqs.weight.
    if (leaf == "inv_freq") {
        return {TensorKind::Buffer, Component::Attention, ""};
    }
    // Quantization scales of FP8/int checkpoints (weight_scale_inv, …) are not parameters of the
    // architecture: they are bytes of the quantized weight beside them (safetensors_quant.cpp).
    if (leaf == "weight_scale_inv" || leaf == "weight_scale" || leaf == "input_scale") {
        return {TensorKind::QuantMetadata, Component::Attention, ""};
    }
    if (first + 2 < parts.size() &&
        std::find(kLayerLists.begin(), kLayerLists.end(), parts[first]) != kLayerLists.end() &&
        isIndex(parts[first + 1])) {
        const std::size_t moduleEnd = parts.size() - 1;
        if (moduleEnd <= first + 2) {
            return {};
        }
        return classifyLayerModule(join(parts, first + 2, moduleEnd), leaf);
    }
    if (parts.size() - first < 2 || (leaf != "weight" && leaf != "bias")) {
        return {};
    }
    const std::string module = join(parts, first, parts.size() - 1);
    if (module == "rope_freqs") {
        return {TensorKind::Buffer, Component::Attention, ""};
    }
    if (const Rule* r = findRule(kGlobal, module)) {
        return fromRule(*r, leaf);
    }
    return {};
}

long long tensorLayer(std::string_view name)
{
    const std::vector<std::string_view> parts = split(name);
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        if (std::find(kLayerLists.begin(), kLayerLists.end(), parts[i]) != kLayerLists.end() &&
            isIndex(parts[i + 1])) {
            long long v = 0;
            std::from_chars(parts[i + 1].data(), parts[i + 1].data() + parts[i + 1].size(), v);
            return v;
        }
    }
    return -1;
}

} // namespace llmsizer
