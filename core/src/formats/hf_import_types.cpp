// The non-Llama model types: GPT-2, GPT-J, GPT-NeoX, OPT, BLOOM, Falcon, Phi(-2), StarCoder2.
// Each function follows transformers' configuration_<type>.py (field names, attribute_map aliases,
// __init__ defaults) and modeling_<type>.py (which modules exist, which Linear layers have a bias,
// how many norms a block holds). docs/hf-import.md has the same mapping as tables.
#include "formats/hf_import_internal.h"

#include <map>

namespace llmsizer::hf {

namespace {

void allBiases(ModelConfig& c, bool on)
{
    c.biases.qkv = on;
    c.biases.out = on;
    c.biases.mlp_up = on;
    c.biases.mlp_down = on;
}

// The LayerNorm + plain-MLP shape shared by the GPT-style types.
void gptShape(ModelConfig& c)
{
    c.mlp = MlpKind::Plain;
    c.norm = NormKind::LayerNorm;
    c.final_norm = true;
    c.position = PositionKind::None;
    c.position_offset = 0;
    c.head_dim = 0;
}

} // namespace

// configuration_gpt2.py GPT2Config: n_embd, n_layer, n_head, n_positions, n_inner (None -> 4·n_embd
// in GPT2MLP), attribute_map hidden_size/num_hidden_layers/num_attention_heads/
// max_position_embeddings. modeling_gpt2.py: wte, wpe (n_positions rows), per block ln_1, c_attn
// (Conv1D d -> 3d with bias), c_proj (bias), ln_2, c_fc and c_proj (bias); ln_f; lm_head tied.
void importGpt2(Reader& r, ModelConfig& c)
{
    gptShape(c);
    c.d_model = r.required({"n_embd", "hidden_size"});
    r.source("d_model", "n_embd");
    c.n_layers = r.required({"n_layer", "num_hidden_layers"});
    r.source("n_layers", "n_layer");
    c.n_heads = r.orDefault({"n_head", "num_attention_heads"}, 12);
    c.n_kv_heads = c.n_heads;
    r.source("n_heads", "n_head");
    c.vocab_size = r.orDefault({"vocab_size"}, 50257);
    r.source("vocab_size", "vocab_size");
    c.context_length = r.orDefault({"n_positions", "max_position_embeddings"}, 1024);
    r.source("context_length", "n_positions");
    c.d_ff = r.optUInt({"n_inner"}).value_or(0); // 0: 4·d_model
    r.source("d_ff", "n_inner");
    if (r.flag({"add_cross_attention"}, false)) {
        r.fail("add_cross_attention", "cross-attention blocks (encoder-decoder use) are not "
                                      "described; only decoder-only GPT-2 is supported");
    }
    c.position = PositionKind::Learned;
    allBiases(c, true);
    c.norms_per_block = 2;
    c.tied_head = r.flag({"tie_word_embeddings"}, true);
}

// configuration_gptj.py GPTJConfig: n_embd 4096, n_layer 28, n_head 16, n_positions 2048,
// n_inner None (-> 4·n_embd), tie_word_embeddings False. modeling_gptj.py: wte; per block one
// ln_1 (attention and MLP read the same normed input), q/k/v/out_proj without bias, fc_in and
// fc_out with bias; ln_f; lm_head Linear(n_embd, vocab) with bias. Rotary: no parameters.
void importGptj(Reader& r, ModelConfig& c)
{
    gptShape(c);
    c.d_model = r.required({"n_embd", "hidden_size"});
    r.source("d_model", "n_embd");
    c.n_layers = r.required({"n_layer", "num_hidden_layers"});
    r.source("n_layers", "n_layer");
    c.n_heads = r.orDefault({"n_head", "num_attention_heads"}, 16);
    c.n_kv_heads = c.n_heads;
    r.source("n_heads", "n_head");
    c.vocab_size = r.orDefault({"vocab_size"}, 50400);
    r.source("vocab_size", "vocab_size");
    c.context_length = r.orDefault({"n_positions", "max_position_embeddings"}, 2048);
    r.source("context_length", "n_positions");
    c.d_ff = r.optUInt({"n_inner"}).value_or(0);
    r.source("d_ff", "n_inner");
    c.biases = {false, false, true, true, true};
    c.norms_per_block = 1;
    c.parallel_block = true;
    c.tied_head = r.flag({"tie_word_embeddings"}, false);
}

// configuration_gpt_neox.py GPTNeoXConfig: hidden_size 6144, num_hidden_layers 44,
// num_attention_heads 64, intermediate_size 24576, max_position_embeddings 2048,
// tie_word_embeddings False, use_parallel_residual True, attention_bias True. modeling_gpt_neox.py:
// embed_in; per layer input_layernorm and post_attention_layernorm (two LayerNorms even with the
// parallel residual), query_key_value and dense with bias=attention_bias, dense_h_to_4h and
// dense_4h_to_h with bias; final_layer_norm; embed_out without bias.
void importGptNeox(Reader& r, ModelConfig& c)
{
    gptShape(c);
    readCommon(r, c, {64, std::nullopt, std::nullopt, 50432, 24576, 2048, false});
    const bool attnBias = r.flag({"attention_bias"}, true);
    c.biases = {attnBias, attnBias, true, true, false};
    c.norms_per_block = 2;
    c.parallel_block = r.flag({"use_parallel_residual"}, true);
}

// configuration_opt.py OPTConfig: hidden_size 768, num_hidden_layers 12, ffn_dim 3072,
// num_attention_heads 12, max_position_embeddings 2048, do_layer_norm_before True,
// _remove_final_layer_norm False, word_embed_proj_dim None (-> hidden_size), enable_bias True,
// layer_norm_elementwise_affine True; tie_word_embeddings is PretrainedConfig's True.
// modeling_opt.py: embed_tokens (vocab × word_embed_proj_dim); OPTLearnedPositionalEmbedding with
// max_position_embeddings + 2 rows of hidden_size (offset 2); per layer q/k/v/out_proj and
// fc1/fc2 (bias=enable_bias), self_attn_layer_norm and final_layer_norm; a decoder-level
// final_layer_norm only if do_layer_norm_before and not _remove_final_layer_norm;
// project_in Linear(word_embed_proj_dim, hidden) and project_out Linear(hidden,
// word_embed_proj_dim), bias-free, when the two differ; lm_head Linear(word_embed_proj_dim,
// vocab), tied.
void importOpt(Reader& r, ModelConfig& c)
{
    gptShape(c);
    readCommon(r, c, {12, std::nullopt, std::nullopt, 50272, std::nullopt, 2048, true});
    c.head_dim = 0;
    c.n_kv_heads = c.n_heads;
    c.d_ff = r.orDefault({"ffn_dim"}, 3072);
    r.source("d_ff", "ffn_dim");
    // word_embed_proj_dim (None: hidden_size): OPT-350m's 512-wide embedding, projected to
    // and from hidden_size by project_in / project_out.
    if (auto proj = r.optUInt({"word_embed_proj_dim"}); proj && *proj != c.d_model) {
        c.embedding_dim = *proj;
        r.source("embedding_dim", "word_embed_proj_dim");
    }
    c.position = PositionKind::Learned;
    c.position_offset = 2;
    allBiases(c, r.flag({"enable_bias"}, true));
    const bool affine = r.flag({"layer_norm_elementwise_affine"}, true);
    c.norms_per_block = affine ? 2 : 0;
    c.final_norm = affine && r.flag({"do_layer_norm_before"}, true) &&
                   !r.flag({"_remove_final_layer_norm"}, false);
}

// configuration_bloom.py BloomConfig: hidden_size (alias n_embed), n_layer, n_head (attribute_map
// num_hidden_layers, num_attention_heads), vocab_size 250880; no max_position_embeddings (ALiBi).
// modeling_bloom.py: word_embeddings + word_embeddings_layernorm; per block input_layernorm,
// query_key_value (d -> 3d, bias) and dense (bias), post_attention_layernorm, dense_h_to_4h
// (d -> 4d, bias) and dense_4h_to_h (bias); ln_f; lm_head tied (PretrainedConfig default).
void importBloom(Reader& r, ModelConfig& c)
{
    gptShape(c);
    c.d_model = r.required({"hidden_size", "n_embed"});
    r.source("d_model", "hidden_size");
    c.n_layers = r.required({"n_layer", "num_hidden_layers"});
    r.source("n_layers", "n_layer");
    c.n_heads = r.orDefault({"n_head", "num_attention_heads"}, 8);
    c.n_kv_heads = c.n_heads;
    r.source("n_heads", "n_head");
    c.vocab_size = r.orDefault({"vocab_size"}, 250880);
    r.source("vocab_size", "vocab_size");
    c.d_ff = 0; // BloomMLP is always 4·hidden_size
    if (auto seq = r.optUInt({"seq_length", "max_position_embeddings"})) {
        c.context_length = *seq;
        r.source("context_length", "seq_length");
    } else {
        c.context_length = 2048;
        r.guess(r.path("seq_length") +
                ": missing (ALiBi has no position limit); using BLOOM's training length 2048");
    }
    allBiases(c, true);
    c.norms_per_block = 2;
    c.embedding_norm = true;
    c.tied_head = r.flag({"tie_word_embeddings"}, true);
}

// configuration_falcon.py FalconConfig: hidden_size 4544 (alias n_embed), num_hidden_layers 32,
// num_attention_heads 71, num_kv_heads None (-> num_attention_heads), new_decoder_architecture
// False, multi_query True, parallel_attn True, bias False, ffn_hidden_size None (-> 4·hidden),
// num_ln_in_parallel_attn None, max_position_embeddings 2048; tie_word_embeddings True.
// modeling_falcon.py FalconAttention: query_key_value has (2·num_kv_heads + heads)·head_dim outputs
// with the new architecture, hidden + 2·head_dim with multi_query (one KV head), else 3·hidden;
// FalconDecoderLayer: ln_attn + ln_mlp when new_decoder_architecture and num_ln_in_parallel_attn
// is 2 (its default then), else input_layernorm plus post_attention_layernorm unless parallel_attn.
void importFalcon(Reader& r, ModelConfig& c)
{
    gptShape(c);
    c.d_model = r.required({"hidden_size", "n_embed"});
    r.source("d_model", "hidden_size");
    c.n_layers = r.required({"num_hidden_layers", "n_layer"});
    r.source("n_layers", "num_hidden_layers");
    c.n_heads = r.orDefault({"num_attention_heads", "n_head"}, 71);
    r.source("n_heads", "num_attention_heads");
    c.vocab_size = r.orDefault({"vocab_size"}, 65024);
    r.source("vocab_size", "vocab_size");
    c.context_length = r.orDefault({"max_position_embeddings"}, 2048);
    r.source("context_length", "max_position_embeddings");
    c.d_ff = r.optUInt({"ffn_hidden_size"}).value_or(0);
    r.source("d_ff", "ffn_hidden_size");

    const bool newArch = r.flag({"new_decoder_architecture"}, false);
    const bool multiQuery = r.flag({"multi_query"}, true);
    const bool parallel = r.flag({"parallel_attn"}, true);
    if (newArch) {
        c.n_kv_heads = r.optUInt({"num_kv_heads", "n_head_kv"}).value_or(c.n_heads);
        r.source("n_kv_heads", "num_kv_heads");
    } else if (multiQuery) {
        c.n_kv_heads = 1;
        r.source("n_kv_heads", "multi_query");
    } else {
        c.n_kv_heads = c.n_heads;
        r.source("n_kv_heads", "num_attention_heads");
    }
    const u64 lnParallel = r.optUInt({"num_ln_in_parallel_attn"}).value_or(newArch ? 2 : 1);
    if (newArch && lnParallel == 2) {
        c.norms_per_block = 2;
    } else {
        c.norms_per_block = parallel ? 1 : 2;
    }
    c.parallel_block = newArch || parallel;
    allBiases(c, r.flag({"bias"}, false));
    c.tied_head = r.flag({"tie_word_embeddings"}, true);
}

// configuration_phi.py PhiConfig: vocab_size 51200, hidden_size 2048, intermediate_size 8192,
// num_hidden_layers 24, num_attention_heads 32, num_key_value_heads None, max_position_embeddings
// 2048, tie_word_embeddings False, qk_layernorm False. modeling_phi.py: one input_layernorm
// (LayerNorm) per block feeding attention and MLP in parallel; q/k/v_proj and dense with bias;
// fc1/fc2 with bias; optional q_layernorm/k_layernorm (LayerNorm of head_dim); final_layernorm;
// lm_head with bias. partial_rotary_factor changes no parameter.
void importPhi(Reader& r, ModelConfig& c)
{
    gptShape(c);
    readCommon(r, c, {32, std::nullopt, std::nullopt, 51200, 8192, 2048, false});
    c.head_dim = 0;
    c.biases = {true, true, true, true, true};
    c.norms_per_block = 1;
    c.parallel_block = true;
    c.qk_norm = r.flag({"qk_layernorm"}, false) ? QkNormKind::PerHead : QkNormKind::None;
}

// configuration_starcoder2.py Starcoder2Config: vocab_size 49152, hidden_size 3072,
// intermediate_size 12288, num_hidden_layers 30, num_attention_heads 24, num_key_value_heads 2,
// max_position_embeddings 4096, sliding_window None, use_bias True, tie_word_embeddings True.
// modeling_starcoder2.py: q/k/v/o_proj and c_fc/c_proj (plain GELU MLP) with bias=use_bias;
// input_layernorm and post_attention_layernorm are LayerNorms, as is the final norm.
void importStarcoder2(Reader& r, ModelConfig& c)
{
    gptShape(c);
    readCommon(r, c, {24, 2, std::nullopt, 49152, 12288, 4096, true});
    c.head_dim = 0;
    allBiases(c, r.flag({"use_bias"}, true));
    c.norms_per_block = 2;
    c.sliding_window = r.optUInt({"sliding_window"}).value_or(0);
    r.source("sliding_window", "sliding_window");
}

} // namespace llmsizer::hf
