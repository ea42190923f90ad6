// State-space models and their hybrids with attention: Mamba, Mamba-2, Jamba and Granite 4.0-H
// (granitemoehybrid). Each follows transformers' configuration_<type>.py (field names,
// __init__ defaults) and modeling_<type>.py (which modules are built); the importer records the
// mixer's kind and dimensions (ModelConfig::mixer), from which mixer.cpp counts its parameters
// and recurrent state. docs/hf-import.md has the mapping, docs/counting.md the formulas.
#include "formats/hf_import_internal.h"
#include "llmsizer/text/format.h"

namespace llmsizer::hf {

namespace {

// A pure state-space model: no layer attends and none has an MLP (MambaBlock, Mamba2Block: one
// RMSNorm and the mixer). The attention fields are placeholders that keep the configuration
// valid (one head of d_model, kept when the model is reshaped); no parameter and no cache
// depends on them.
void ssmShape(Reader& r, ModelConfig& c, u64 vocabDefault, bool tieDefault)
{
    hybridShape(c);
    c.d_model = r.required({"hidden_size"});
    r.source("d_model", "hidden_size");
    c.n_layers = r.required({"num_hidden_layers"});
    r.source("n_layers", "num_hidden_layers");
    c.n_heads = 1;
    c.n_kv_heads = 1;
    c.head_dim = c.d_model;
    c.d_ff = 0;
    c.norms_per_block = 1;
    c.vocab_size = r.orDefault({"vocab_size"}, vocabDefault);
    r.source("vocab_size", "vocab_size");
    c.tied_head = r.flag({"tie_word_embeddings"}, tieDefault);
    if (auto ctx = r.optUInt({"max_position_embeddings"})) {
        c.context_length = *ctx;
    } else {
        // The configuration classes have no such field: the recurrence has no position limit.
        c.context_length = 2048;
        r.guess(r.path("max_position_embeddings") + ": missing (" + r.className() +
                " has no position limit); using a context of 2048");
    }
    r.source("context_length", "max_position_embeddings");
    c.mixer.layout = MixerLayout::Only;
    c.mixer.layers = c.n_layers;
}

} // namespace

void readMamba2(Reader& r, MixerLayers& m, u64 inner, const Mamba2Fields& f)
{
    m.kind = MixerKind::Mamba2;
    m.heads = positiveOrDefault(r, {f.heads}, f.headsDefault);
    r.source("mixer.heads", f.heads);
    std::optional<u64> headDim;
    if (f.headDim != nullptr) {
        headDim = r.optUIntOrAuto(f.headDim);
        if (!headDim && f.headDimDefault && !r.has(f.headDim)) {
            headDim = r.orDefault({f.headDim}, *f.headDimDefault);
        }
        r.source("mixer.head_dim", f.headDim);
    }
    m.head_dim = headDim.value_or(inner / m.heads);
    if (inner % m.heads != 0 || inner / m.heads != m.head_dim) {
        r.fail(f.headDim != nullptr ? f.headDim : f.heads,
               "the Mamba-2 heads (" + withThousands(m.heads) + " of " + withThousands(m.head_dim) +
                   ") must span the mixer's inner width " + withThousands(inner));
    }
    m.groups = positiveOrDefault(r, {f.groups}, f.groupsDefault);
    r.source("mixer.groups", f.groups);
    m.d_state = positiveOrDefault(r, {f.state}, f.stateDefault);
    r.source("mixer.d_state", f.state);
    m.d_conv = positiveOrDefault(r, {f.conv}, f.convDefault);
    r.source("mixer.d_conv", f.conv);
}

// configuration_mamba.py MambaConfig: vocab_size 50280, hidden_size 768, state_size 16,
// num_hidden_layers 32, conv_kernel 4, expand 2, use_bias True, use_conv_bias True,
// time_step_rank "auto" (math.ceil(hidden_size / 16)), intermediate_size int(expand·hidden_size)
// (a file's intermediate_size arrives through **kwargs and wins); tie_word_embeddings is
// PretrainedConfig's True. The legacy keys d_model, n_layer, d_inner are not read by
// transformers. modeling_mamba.py: MambaModel embeddings, MambaBlock (norm, MambaMixer) per
// layer, norm_f; MambaForCausalLM lm_head tied to the embeddings.
void importMamba(Reader& r, ModelConfig& c)
{
    ssmShape(r, c, 50280, true);
    MixerLayers& m = c.mixer;
    m.kind = MixerKind::Mamba;
    if (auto inner = r.optUInt({"intermediate_size"})) {
        m.d_inner = *inner;
    } else {
        m.d_inner = expandedWidth(r, "expand", c.d_model, 2.0);
    }
    r.source("mixer.d_inner", "intermediate_size");
    m.d_state = positiveOrDefault(r, {"state_size"}, 16);
    r.source("mixer.d_state", "state_size");
    m.dt_rank = r.optUIntOrAuto("time_step_rank").value_or(0);
    r.source("mixer.dt_rank", "time_step_rank");
    m.d_conv = positiveOrDefault(r, {"conv_kernel"}, 4);
    r.source("mixer.d_conv", "conv_kernel");
    m.conv_bias = r.flag({"use_conv_bias"}, true);
    m.in_proj_bias = m.out_proj_bias = r.flag({"use_bias"}, true);
}

// configuration_mamba2.py Mamba2Config: num_heads 128, head_dim 64, vocab_size 32768,
// hidden_size 4096, state_size 128, num_hidden_layers 64, expand 2, conv_kernel 4, n_groups 8,
// use_bias False, use_conv_bias True, tie_word_embeddings False. modeling_mamba2.py
// Mamba2Mixer: intermediate_size = int(expand·hidden_size) (the config's intermediate_size is
// not used), which num_heads·head_dim must equal; the gated norm is always built; Mamba2Block
// (norm, mixer) per layer; norm_f; lm_head.
void importMamba2(Reader& r, ModelConfig& c)
{
    ssmShape(r, c, 32768, false);
    const u64 inner = expandedWidth(r, "expand", c.d_model, 2.0);
    readMamba2(
        r, c.mixer, inner,
        {"num_heads", 128, "head_dim", 64, "n_groups", 8, "state_size", 128, "conv_kernel", 4});
    c.mixer.gated_norm = true;
    c.mixer.conv_bias = r.flag({"use_conv_bias"}, true);
    c.mixer.in_proj_bias = c.mixer.out_proj_bias = r.flag({"use_bias"}, false);
}

// configuration_jamba.py JambaConfig: vocab_size 65536, tie_word_embeddings False, hidden_size
// 4096, intermediate_size 14336, num_hidden_layers 32, num_attention_heads 32,
// num_key_value_heads 8, max_position_embeddings 262144, num_experts_per_tok 2, num_experts 16,
// expert_layer_period 2, expert_layer_offset 1, attn_layer_period 8, attn_layer_offset 4,
// mamba_d_state 16, mamba_d_conv 4, mamba_expand 2, mamba_dt_rank "auto" (ceil(hidden / 16)),
// mamba_conv_bias True, mamba_proj_bias False. Layer i attends iff i % attn_layer_period ==
// attn_layer_offset and holds experts iff i % expert_layer_period == expert_layer_offset.
// modeling_jamba.py: every layer input_layernorm and pre_ff_layernorm; JambaAttention q/k/v/o
// without bias and without rotary; JambaMambaMixer with dt_layernorm, b_layernorm and
// c_layernorm; JambaMLP (gate, up, down) or JambaSparseMoeBlock (router Linear(d, E), E MLPs).
void importJamba(Reader& r, ModelConfig& c)
{
    hybridShape(c);
    readCommon(r, c, {32, 8, std::nullopt, 65536, 14336, 262144, false});
    const u64 L = c.n_layers;
    const u64 attnPeriod = positiveOrDefault(r, {"attn_layer_period"}, 8);
    const u64 attnOffset = r.orDefault({"attn_layer_offset"}, 4);
    const u64 expertPeriod = positiveOrDefault(r, {"expert_layer_period"}, 2);
    const u64 expertOffset = r.orDefault({"expert_layer_offset"}, 1);
    if (attnOffset >= attnPeriod) {
        r.fail("attn_layer_offset", "must be below attn_layer_period (JambaConfig checks it)");
    }
    if (expertOffset >= expertPeriod) {
        r.fail("expert_layer_offset", "must be below expert_layer_period (JambaConfig checks it)");
    }
    u64 attending = 0;
    for (u64 i = 0; i < L; ++i) {
        attending += i % attnPeriod == attnOffset ? 1U : 0U;
    }
    const u64 experts = r.orDefault({"num_experts"}, 16);
    if (experts > 1) {
        // MoeConfig's rule: layer i is MoE iff (i + 1) % every == 0, i.e. offset = period - 1.
        if (expertOffset + 1 != expertPeriod) {
            r.fail("expert_layer_offset",
                   "experts at layers i % " + std::to_string(expertPeriod) +
                       " == " + std::to_string(expertOffset) +
                       " cannot be described; only the last layer of each period");
        }
        c.moe.n_routed_experts = experts;
        r.source("moe.n_routed_experts", "num_experts");
        c.moe.experts_per_token = r.orDefault({"num_experts_per_tok"}, 2);
        r.source("moe.experts_per_token", "num_experts_per_tok");
        c.moe.expert_d_ff = c.d_ff;
        r.source("moe.expert_d_ff", "intermediate_size");
        c.moe.every = expertPeriod;
        r.source("moe.every", "expert_layer_period");
    }
    if (attending == L) {
        return;
    }
    MixerLayers& m = c.mixer;
    m.kind = MixerKind::Mamba;
    m.layers = L - attending;
    m.d_inner = expandedWidth(r, "mamba_expand", c.d_model, 2.0);
    m.d_state = positiveOrDefault(r, {"mamba_d_state"}, 16);
    r.source("mixer.d_state", "mamba_d_state");
    m.dt_rank = r.optUIntOrAuto("mamba_dt_rank").value_or(0);
    r.source("mixer.dt_rank", "mamba_dt_rank");
    m.d_conv = positiveOrDefault(r, {"mamba_d_conv"}, 4);
    r.source("mixer.d_conv", "mamba_d_conv");
    m.conv_bias = r.flag({"mamba_conv_bias"}, true);
    m.in_proj_bias = m.out_proj_bias = r.flag({"mamba_proj_bias"}, false);
    m.inner_norms = true;
}

// configuration_granitemoehybrid.py GraniteMoeHybridConfig: vocab_size 32000, hidden_size 4096,
// intermediate_size 11008 (one expert's width), num_hidden_layers 32, num_attention_heads 32,
// num_key_value_heads None, max_position_embeddings 2048, tie_word_embeddings False,
// attention_bias False, num_local_experts 8, num_experts_per_tok 2, shared_intermediate_size
// 1024, layer_types None (every layer "mamba"), mamba_n_heads 128, mamba_n_groups 1,
// mamba_d_state 256, mamba_d_head "auto" (mamba_expand·hidden / mamba_n_heads), mamba_d_conv 4,
// mamba_expand 2, mamba_conv_bias True, mamba_proj_bias False. modular_granitemoehybrid.py:
// every layer input_layernorm, post_attention_layernorm, a Bamba Mamba-2 mixer (gated norm
// always) or attention, the experts (GraniteMoeMoE: input_linear (E, 2·I, d), output_linear
// (E, d, I), router Linear(d, E), no biases) when num_local_experts > 0, and shared_mlp
// (input_linear Linear(d, 2·S), output_linear Linear(S, d)) when S > 0. Positions: rotary or
// none, no parameters.
void importGraniteMoeHybrid(Reader& r, ModelConfig& c)
{
    hybridShape(c);
    readCommon(r, c, {32, std::nullopt, std::nullopt, 32000, 11008, 2048, false});
    const bool bias = r.flag({"attention_bias"}, false);
    c.biases.qkv = c.biases.out = bias;
    const u64 experts = r.orDefault({"num_local_experts"}, 8);
    const u64 shared = r.orDefault({"shared_intermediate_size"}, 1024);
    if (experts > 0) {
        c.moe.n_routed_experts = experts;
        r.source("moe.n_routed_experts", "num_local_experts");
        c.moe.experts_per_token = r.orDefault({"num_experts_per_tok"}, 2);
        r.source("moe.experts_per_token", "num_experts_per_tok");
        c.moe.expert_d_ff = c.d_ff;
        r.source("moe.expert_d_ff", "intermediate_size");
        if (shared > 0) {
            c.moe.n_shared_experts = 1;
            c.moe.shared_d_ff = shared;
            r.source("moe.shared_d_ff", "shared_intermediate_size");
        }
    } else if (shared > 0) {
        c.d_ff = shared; // no experts: the shared MLP is the layer's only MLP
        r.source("d_ff", "shared_intermediate_size");
    } else {
        r.fail("shared_intermediate_size", "is 0 and there are no experts: a layer without an MLP "
                                           "is not described");
    }
    const std::vector<bool> attends =
        attendingLayers(r, "layer_types", "attention", {"mamba", "attention"},
                        std::vector<bool>(c.n_layers, false));
    const u64 mambaLayers = c.n_layers - countTrue(attends);
    if (mambaLayers == 0) {
        return;
    }
    MixerLayers& m = c.mixer;
    m.layers = mambaLayers;
    readMamba2(r, m, expandedWidth(r, "mamba_expand", c.d_model, 2.0),
               {"mamba_n_heads", 128, "mamba_d_head", std::nullopt, "mamba_n_groups", 1,
                "mamba_d_state", 256, "mamba_d_conv", 4});
    m.gated_norm = true;
    m.conv_bias = r.flag({"mamba_conv_bias"}, true);
    m.in_proj_bias = m.out_proj_bias = r.flag({"mamba_proj_bias"}, false);
}

} // namespace llmsizer::hf
