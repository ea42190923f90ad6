// Mamba-2 hybrids whose attention is not simply in place of the mixer: Falcon-H1 (attention and
// Mamba-2 side by side in every layer) and Zamba2 (Mamba-2 layers calling a shared transformer
// block). Each follows transformers' configuration_<type>.py and modeling_<type>.py (or
// modular_<type>.py); docs/hf-import.md has the mapping, docs/counting.md the formulas.
#include "formats/hf_import_internal.h"
#include "llmsizer/text/format.h"

#include <string>
#include <vector>

namespace llmsizer::hf {

// configuration_falcon_h1.py FalconH1Config: vocab_size 128000, tie_word_embeddings False,
// hidden_size 4096, intermediate_size 14336, num_hidden_layers 32, num_attention_heads 32,
// num_key_value_heads 8, max_position_embeddings 8192, mamba_d_ssm 1024 (None: mamba_expand ·
// hidden_size), mamba_n_heads 128, mamba_d_head "auto" (d_ssm / n_heads), mamba_n_groups 1,
// mamba_d_state 256, mamba_d_conv 4, mamba_expand 2, mamba_conv_bias True, mamba_proj_bias
// False, mamba_rms_norm False, projectors_bias False, attention_bias False, mlp_bias False;
// head_dim only from the file (else hidden / heads). modeling_falcon_h1.py FalconH1DecoderLayer:
// input_layernorm, FalconH1Attention and FalconH1Mixer on the same input, pre_ff_layernorm,
// FalconH1MLP (gate, up, down, bias=mlp_bias); the mixer's in_proj bias is mamba_proj_bias, its
// out_proj bias projectors_bias, its gated norm exists only with mamba_rms_norm; mup_vector and
// the rotary inv_freq are buffers, not parameters.
void importFalconH1(Reader& r, ModelConfig& c)
{
    hybridShape(c);
    readCommon(r, c, {32, 8, std::nullopt, 128000, 14336, 8192, false});
    const bool attnBias = r.flag({"attention_bias"}, false);
    c.biases.qkv = c.biases.out = attnBias;
    const bool mlpBias = r.flag({"mlp_bias"}, false);
    c.biases.mlp_up = c.biases.mlp_down = mlpBias;

    MixerLayers& m = c.mixer;
    m.layout = MixerLayout::Parallel;
    m.layers = c.n_layers;
    u64 inner = 0;
    if (r.isNull("mamba_d_ssm")) {
        inner = expandedWidth(r, "mamba_expand", c.d_model, 2.0);
    } else {
        inner = positiveOrDefault(r, {"mamba_d_ssm"}, 1024);
    }
    readMamba2(r, m, inner,
               {"mamba_n_heads", 128, "mamba_d_head", std::nullopt, "mamba_n_groups", 1,
                "mamba_d_state", 256, "mamba_d_conv", 4});
    m.gated_norm = r.flag({"mamba_rms_norm"}, false);
    m.conv_bias = r.flag({"mamba_conv_bias"}, true);
    m.in_proj_bias = r.flag({"mamba_proj_bias"}, false);
    m.out_proj_bias = r.flag({"projectors_bias"}, false);
}

namespace {

// Zamba2Config's layers_block_type when the file gives none (54 layers, 9 hybrid).
std::vector<std::string> zamba2DefaultTypes()
{
    std::vector<std::string> t{"mamba"};
    for (int i = 0; i < 7; ++i) {
        t.insert(t.end(), 5, "mamba");
        t.emplace_back("hybrid");
    }
    t.insert(t.end(), 4, "mamba");
    t.emplace_back("hybrid");
    t.insert(t.end(), 3, "mamba");
    t.emplace_back("hybrid");
    t.insert(t.end(), 2, "mamba");
    return t;
}

} // namespace

// configuration_zamba2.py Zamba2Config: vocab_size 32000, max_position_embeddings 4096,
// hidden_size 2560, num_hidden_layers 54, layers_block_type (default: 9 "hybrid" among 54),
// mamba_d_state 64, mamba_d_conv 4, mamba_expand 2, mamba_ngroups 1, n_mamba_heads 8,
// use_conv_bias True, add_bias_linear False, intermediate_size None (4·hidden),
// num_attention_heads 32, num_key_value_heads None, num_mem_blocks 1,
// use_shared_attention_adapter False, adapter_rank 128; tie_word_embeddings is
// PretrainedConfig's True. __init__ derives (and so overrides any file value of)
// attention_hidden_size = 2·hidden, attention_head_dim = 2·hidden // heads, mamba_headdim =
// int(mamba_expand·hidden) // n_mamba_heads. modular_zamba2.py: every layer a
// Zamba2MambaDecoderLayer (input_layernorm + Zamba2MambaMixer, whose conv1d always has a bias and
// whose in_proj/out_proj biases are add_bias_linear); each "hybrid" layer adds Linear(d, d) and
// calls one of num_mem_blocks Zamba2AttentionDecoderLayer blocks, reused cyclically, with its
// own adapters: Zamba2MLP builds gate_up_proj_adapter for every hybrid layer (whatever
// use_shared_mlp_adapter says), Zamba2Attention q/k/v adapters with
// use_shared_attention_adapter.
void importZamba2(Reader& r, ModelConfig& c)
{
    hybridShape(c);
    c.d_model = r.required({"hidden_size"});
    r.source("d_model", "hidden_size");
    c.n_layers = r.required({"num_hidden_layers"});
    r.source("n_layers", "num_hidden_layers");
    if (c.n_layers > Limits::maxLayers) {
        r.fail("num_hidden_layers", "must be at most " + withThousands(Limits::maxLayers));
    }
    c.n_heads = positiveOrDefault(r, {"num_attention_heads"}, 32);
    r.source("n_heads", "num_attention_heads");
    c.n_kv_heads = r.optUInt({"num_key_value_heads"}).value_or(c.n_heads);
    r.source("n_kv_heads", "num_key_value_heads");
    c.head_dim = 2 * c.d_model / c.n_heads;
    if (c.head_dim == 0) {
        r.fail("num_attention_heads", "leaves no width per head (2·hidden_size // heads is 0)");
    }
    r.source("head_dim", "num_attention_heads");
    c.vocab_size = r.orDefault({"vocab_size"}, 32000);
    r.source("vocab_size", "vocab_size");
    c.context_length = r.orDefault({"max_position_embeddings"}, 4096);
    r.source("context_length", "max_position_embeddings");
    c.tied_head = r.flag({"tie_word_embeddings"}, true);
    c.d_ff = r.optUInt({"intermediate_size"}).value_or(4 * c.d_model);
    r.source("d_ff", "intermediate_size");
    const bool bias = r.flag({"add_bias_linear"}, false);
    c.biases.mlp_up = c.biases.mlp_down = bias;
    c.norms_per_block = 1;

    std::vector<std::string> types = r.stringList("layers_block_type");
    if (types.empty()) {
        types = zamba2DefaultTypes();
        if (c.n_layers > types.size()) {
            r.fail("layers_block_type", "is needed for more than 54 layers (Zamba2Config's "
                                        "default lists 54)");
        }
        types.resize(c.n_layers);
    }
    if (types.size() != c.n_layers) {
        r.fail("layers_block_type", "must name one type per layer (" + std::to_string(c.n_layers) +
                                        ", got " + std::to_string(types.size()) + ")");
    }
    u64 hybridLayers = 0;
    for (u64 i = 0; i < types.size(); ++i) {
        if (types[i] != "mamba" && types[i] != "hybrid") {
            r.fail("layers_block_type", "layer " + std::to_string(i) + " is \"" + types[i] +
                                            "\"; the types are \"mamba\" and \"hybrid\"");
        }
        hybridLayers += types[i] == "hybrid" ? 1U : 0U;
    }

    MixerLayers& m = c.mixer;
    m.layout = MixerLayout::Only;
    m.layers = c.n_layers;
    readMamba2(r, m, expandedWidth(r, "mamba_expand", c.d_model, 2.0),
               {"n_mamba_heads", 8, nullptr, std::nullopt, "mamba_ngroups", 1, "mamba_d_state", 64,
                "mamba_d_conv", 4});
    m.gated_norm = true;
    m.conv_bias = true;
    m.in_proj_bias = m.out_proj_bias = bias;

    if (hybridLayers == 0) {
        return;
    }
    SharedBlocks& s = c.shared;
    s.blocks = positiveOrDefault(r, {"num_mem_blocks"}, 1);
    r.source("shared.blocks", "num_mem_blocks");
    s.layers = hybridLayers;
    s.adapter_rank = positiveOrDefault(r, {"adapter_rank"}, 128);
    r.source("shared.adapter_rank", "adapter_rank");
    s.attention_adapters = r.flag({"use_shared_attention_adapter"}, false);
    s.mlp_adapters = true;
}

} // namespace llmsizer::hf
