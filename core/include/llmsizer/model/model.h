#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace llmsizer {

// Feed-forward block shape. Plain: up + down (GELU/ReLU, GPT-2). Gated: gate + up + down
// (SwiGLU/GeGLU, Llama, Gemma).
enum class MlpKind { Plain, Gated };

// LayerNorm has weight and bias (2·d parameters); RMSNorm has a weight only (d parameters).
enum class NormKind { LayerNorm, RMSNorm };

// Learned absolute position table (GPT-2, OPT) or none (RoPE, ALiBi: no parameters).
enum class PositionKind { None, Learned };

// Standard multi-head attention (MHA/GQA/MQA through n_kv_heads) or DeepSeek's multi-head latent
// attention (MLA).
enum class AttentionKind { Standard, Latent };

// Q/K normalisation inside attention. PerHead: one norm of head_dim shared by all heads (Qwen3).
// Full: one norm over the whole projection, n_heads·head_dim for q and n_kv·head_dim for k
// (OLMo-2).
enum class QkNormKind { None, PerHead, Full };

// A named piece of a parameter count, summed over all layers ("q", "routed_experts",
// "patch_embed").
struct Part {
    std::string key;
    std::uint64_t params = 0;
    bool operator==(const Part&) const = default;
};

// Which projection families carry a bias vector.
struct Biases {
    bool qkv = false;    // q, k, v projections (GPT-2, Qwen2)
    bool out = false;    // attention output projection
    bool mlp_up = false; // up (and gate) projections
    bool mlp_down = false;
    bool lm_head = false; // GPT-J, Phi-2
    bool operator==(const Biases&) const = default;
};

// The Llama rule for deriving d_ff when it is not given (Meta's llama/model.py, FeedForward):
// hidden = int(2·(4·d)/3); if ffn_dim_multiplier: hidden = int(multiplier·hidden);
// hidden = multiple_of · ceil(hidden / multiple_of).
struct FfnRule {
    std::uint64_t multiple_of = 256;
    double ffn_dim_multiplier = 0.0; // 0 = not used
    bool operator==(const FfnRule&) const = default;
};

// Mixture of experts. n_routed_experts == 0 means a dense model.
struct MoeConfig {
    std::uint64_t n_routed_experts = 0;
    std::uint64_t experts_per_token = 0;
    std::uint64_t expert_d_ff = 0;      // intermediate size of one routed expert
    std::uint64_t n_shared_experts = 0; // always-active experts
    std::uint64_t shared_d_ff = 0;      // intermediate size of one shared expert (0 = expert_d_ff)
    std::uint64_t first_dense_layers = 0; // DeepSeek first_k_dense_replace
    // Interleaving: from first_dense_layers on, layer i (0-based) is MoE iff (i + 1) % every == 0
    // and the others are dense (Llama 4 Maverick interleave_moe_layer_step 2: odd layers MoE).
    // 1 = every layer from first_dense_layers on.
    std::uint64_t every = 1;
    bool router_bias = false;        // per-expert score-correction bias (DeepSeek-V3)
    bool shared_expert_gate = false; // sigmoid gate on the shared expert (Qwen2-MoE)
    bool operator==(const MoeConfig&) const = default;
};

// Multi-head latent attention (DeepSeek-V2/V3). q_lora_rank == 0 means q is projected directly
// (DeepSeek-V2-Lite).
struct MlaConfig {
    std::uint64_t q_lora_rank = 0;
    std::uint64_t kv_lora_rank = 0;
    std::uint64_t qk_nope_head_dim = 0;
    std::uint64_t qk_rope_head_dim = 0;
    std::uint64_t v_head_dim = 0;
    bool operator==(const MlaConfig&) const = default;
};

// Token mixers other than attention: state-space layers, linear attention and short
// convolutions. A mixer is a kind and its dimensions; its parameters and its recurrent state per
// sequence follow from them and d_model (mixer.h, docs/counting.md), so a reshaped model stays
// exact. Each kind follows one module of transformers:
enum class MixerKind {
    None,
    ShortConv,     // LFM2, modeling_lfm2.py Lfm2ShortConv
    GatedDeltaNet, // Qwen3-Next, modeling_qwen3_next.py Qwen3NextGatedDeltaNet
    Mamba,         // Mamba-1, modeling_mamba.py MambaMixer (Jamba's JambaMambaMixer: inner_norms)
    Mamba2, // Mamba-2, modeling_mamba2.py Mamba2Mixer (Bamba/Granite 4.0-H, Falcon-H1, Zamba2)
};

// Where the mixer sits in its layers.
enum class MixerLayout {
    // Instead of attention; the layer keeps its norms and MLP (LFM2, Qwen3-Next, Jamba, Granite
    // 4.0-H). Only the other layers attend.
    Replace,
    // Beside attention, both reading the same normed input (Falcon-H1's FalconH1DecoderLayer):
    // every layer still attends and keeps its KV cache.
    Parallel,
    // The whole layer: one RMSNorm and the mixer, no attention, no MLP (MambaBlock, Mamba2Block,
    // Zamba2MambaDecoderLayer).
    Only,
};

// The mixer layers of a model and the mixer's dimensions. Which fields a kind uses (the others
// stay 0 / false; validate() checks it):
//   ShortConv:     d_conv, conv_bias, in_proj_bias, out_proj_bias
//   GatedDeltaNet: key_heads, key_head_dim, heads, head_dim (value heads), d_conv
//   Mamba:         d_inner, d_state, dt_rank, d_conv, conv_bias, in_proj_bias, out_proj_bias,
//                  inner_norms
//   Mamba2:        heads, head_dim (d_inner = heads·head_dim), groups, d_state, d_conv,
//                  conv_bias, in_proj_bias, out_proj_bias, gated_norm
struct MixerLayers {
    MixerKind kind = MixerKind::None;
    MixerLayout layout = MixerLayout::Replace;
    std::uint64_t layers = 0;       // layers holding the mixer
    std::uint64_t d_conv = 0;       // taps of the depthwise causal convolution
    bool conv_bias = false;         // the convolution has a bias
    bool in_proj_bias = false;      // in_proj has a bias
    bool out_proj_bias = false;     // out_proj has a bias
    std::uint64_t d_inner = 0;      // Mamba: inner width (expand·d_model)
    std::uint64_t d_state = 0;      // Mamba, Mamba-2: SSM state size N
    std::uint64_t dt_rank = 0;      // Mamba: rank of the Δ projection; 0 = ceil(d_model / 16)
    bool inner_norms = false;       // Jamba: RMSNorms over Δ (dt_rank) and over B and C (d_state)
    std::uint64_t heads = 0;        // Mamba-2 heads; Gated DeltaNet value heads
    std::uint64_t head_dim = 0;     // their width
    std::uint64_t key_heads = 0;    // Gated DeltaNet key heads
    std::uint64_t key_head_dim = 0; // their width
    std::uint64_t groups = 0;       // Mamba-2 groups sharing B and C
    bool gated_norm = false;        // Mamba-2 gated RMSNorm(d_inner) before out_proj
    bool operator==(const MixerLayers&) const = default;
};

// Transformer blocks whose weights several layers share (Zamba2, modular_zamba2.py): each of
// `layers` hybrid layers calls one of `blocks` shared blocks (cyclically), through its own
// Linear(d, d) and LoRA-style adapters. A block is Zamba2AttentionDecoderLayer: RMSNorm(2d),
// attention reading the layer's input concatenated with the embeddings (2d wide; n_heads,
// n_kv_heads, head_dim of the model), RMSNorm(d) and a gated MLP of d_ff. Only with a Mamba
// mixer in every layer (layout Only); each hybrid layer keeps its own KV cache.
struct SharedBlocks {
    std::uint64_t blocks = 0;        // num_mem_blocks (0: none)
    std::uint64_t layers = 0;        // hybrid layers calling them
    std::uint64_t adapter_rank = 0;  // rank of the per-layer adapters
    bool attention_adapters = false; // q, k, v adapters 2d -> rank -> 2d
    bool mlp_adapters = false;       // gate_up adapter d -> rank -> 2·d_ff
    bool operator==(const SharedBlocks&) const = default;
};

// The lightning indexer of DeepSeek Sparse Attention, one per attention layer (DeepSeek-V3.2
// inference/model.py class Indexer; GLM-5 modeling_glm_moe_dsa.py): wq_b Linear(q_lora_rank,
// heads·head_dim), wk Linear(d_model, head_dim), k_norm LayerNorm(head_dim) with weight and bias,
// weights_proj Linear(d_model, heads); no biases on the projections. heads == 0: no indexer.
struct IndexerConfig {
    std::uint64_t heads = 0;
    std::uint64_t head_dim = 0;
    bool operator==(const IndexerConfig&) const = default;
};

// Layers that hold one block behind one norm instead of attention and an MLP (Nemotron-H's
// hybrid_override_pattern: "*" attention alone, "-" an MLP alone, "E" a mixture of experts
// alone; "M" a Mamba-2 mixer alone is MixerLayout::Only). When either count is non-zero every
// layer is such a block: n_layers = mixer.layers + attention_only + mlp_only, and the MLP-only
// layers are all mixtures of experts when the model has experts.
struct SingleBlockLayers {
    std::uint64_t attention_only = 0;
    std::uint64_t mlp_only = 0;
    bool any() const { return attention_only != 0 || mlp_only != 0; }
    bool operator==(const SingleBlockLayers&) const = default;
};

// Gemma 3n's additions to a decoder (transformers modeling_gemma3n.py, Gemma3nTextModel and
// Gemma3nTextDecoderLayer), all without biases and counted from these sizes with d_model and
// n_layers (count_augments.cpp, docs/counting.md):
//   per-layer inputs (per_layer_dim p > 0): embed_tokens_per_layer Embedding(per_layer_vocab,
//     n_layers·p), per_layer_model_projection Linear(d, n_layers·p), per_layer_projection_norm
//     RMSNorm(p); per layer per_layer_input_gate Linear(d, p), per_layer_projection Linear(p, d)
//     and post_per_layer_input_norm RMSNorm(d);
//   AltUp (altup_inputs n >= 2 copies of the residual stream): altup_projections and
//     altup_unembed_projections, n-1 Linear(d, d) each; per layer correct_output_scale (d),
//     correction_coefs Linear(n, n), prediction_coefs Linear(n, n²), modality_router Linear(d, n)
//     and router_norm RMSNorm(d);
//   LAuReL (laurel_rank r > 0): per layer linear_left Linear(d, r), linear_right Linear(r, d)
//     and post_laurel_norm RMSNorm(d).
struct LayerAugments {
    std::uint64_t per_layer_dim = 0;
    std::uint64_t per_layer_vocab = 0;
    std::uint64_t altup_inputs = 0;
    std::uint64_t laurel_rank = 0;
    bool any() const { return per_layer_dim != 0 || altup_inputs != 0 || laurel_rank != 0; }
    bool operator==(const LayerAugments&) const = default;
};

// Rotary-embedding buffers a checkpoint stores beside the weights. transformers once saved
// rotary_emb.inv_freq (head_dim/2 values per attention layer) with the weights; it stopped, so
// the same family's checkpoints differ by the version that converted them (Llama 2's store them,
// Llama 3's do not; docs/counting.md, "Rotary buffers").
enum class RotaryBuffers {
    None,    // the checkpoint stores none (or the model has no rotary embedding)
    InvFreq, // rotary_emb.inv_freq in every attention layer
    Unknown, // the family's checkpoints differ or it is not known: said on the checkpoint line
};

// How a checkpoint stores the embedding and the head next to its MTP layers.
enum class MtpCopies {
    Stored,  // embed_tokens and shared_head.head stored again per MTP layer (DeepSeek-V3, GLM-4.5)
    Shared,  // the MTP layers reuse the model's (Qwen3-Next, Qwen3.5, GLM-5, MiMo)
    Unknown, // the family's convention is not known: counted without copies, and said so
};

// A decoder-only transformer: every field that changes the parameter count or the memory.
// Zero in head_dim / d_ff means "derive it" (d_model / n_heads; the Llama rule or 4·d_model).
struct ModelConfig {
    std::uint64_t d_model = 4096;
    std::uint64_t n_layers = 32;
    std::uint64_t n_heads = 32;
    std::uint64_t n_kv_heads = 32;
    std::uint64_t head_dim = 0;
    std::uint64_t vocab_size = 32000;
    std::uint64_t context_length = 4096;

    MlpKind mlp = MlpKind::Gated;
    std::uint64_t d_ff = 0;
    // Learned parameters of the MLP's activation in each dense MLP (Apertus' xIELU: alpha_p and
    // alpha_n, one each).
    std::uint64_t mlp_activation_params = 0;
    FfnRule ffn_rule;

    Biases biases;
    NormKind norm = NormKind::RMSNorm;
    std::uint64_t norms_per_block = 2; // pre-norm 2, Gemma-2 4, parallel attention + MLP 1
    bool final_norm = true;
    bool embedding_norm = false; // LayerNorm right after the token embedding (BLOOM)
    QkNormKind qk_norm = QkNormKind::None;

    PositionKind position = PositionKind::None;
    std::uint64_t position_offset = 0; // extra learned rows (OPT keeps 2)

    bool tied_head = false;
    bool parallel_block = false; // attention and MLP read the same input (GPT-J, Falcon, NeoX)

    AttentionKind attention = AttentionKind::Standard;
    MlaConfig mla;
    MoeConfig moe;

    // Sliding-window attention, for the KV cache only. sliding_window == 0: every layer is global.
    // global_every == 0: every layer slides (Mistral 7B v0.1); N: every N-th layer is global
    // (Gemma 2: 2, Gemma 3: 6).
    std::uint64_t sliding_window = 0;
    std::uint64_t global_every = 0;

    // Multi-token-prediction layers a checkpoint stores beside the model (DeepSeek-V3, GLM-4.5
    // num_nextn_predict_layers). transformers does not build them, so they are not in the total;
    // ParamCount::mtp counts them for an extra line (docs/counting.md, "MTP").
    std::uint64_t mtp_layers = 0;
    // The MTP layers reuse the model's embedding and head instead of storing copies (Qwen3-Next
    // mtp.*: fc, pre_fc_norm_embedding, pre_fc_norm_hidden, one decoder layer, norm).
    bool mtp_shared_embeddings = false;
    // The family's convention for those copies is not known (counted without them, and the
    // checkpoint line says so).
    bool mtp_copies_unknown = false;
    MtpCopies mtpCopies() const
    {
        return mtp_copies_unknown      ? MtpCopies::Unknown
               : mtp_shared_embeddings ? MtpCopies::Shared
                                       : MtpCopies::Stored;
    }

    // One learned logit per attention head and layer that takes a share of the softmax
    // (gpt-oss "sinks", modeling_gpt_oss.py GptOssAttention.sinks).
    bool attention_sinks = false;
    // The query projection also yields a per-channel output gate (Qwen3-Next Qwen3NextAttention:
    // q_proj is hidden -> 2·heads·head_dim).
    bool attention_output_gate = false;
    // The sliding window is Llama 4's attention chunk (a layer attends within its chunk of
    // sliding_window positions), which runtimes cache apart from sliding windows.
    bool chunked_attention = false;

    // Layers with another token mixer (kind None: every layer attends) and shared blocks.
    MixerLayers mixer;
    SharedBlocks shared;
    // FP8 checkpoints (quantization_config quant_method "fp8", weight_block_size [rows, cols]):
    // every FP8 weight matrix is stored with one scale per block (weight_scale_inv), tensors the
    // model's count does not hold; shown as a checkpoint line. 0: not an FP8 block checkpoint.
    std::uint64_t fp8_block_rows = 0;
    std::uint64_t fp8_block_cols = 0;
    // Single-block layers (Nemotron-H) and the sparse-attention indexer (DeepSeek-V3.2, GLM-5).
    SingleBlockLayers single;
    IndexerConfig indexer;

    // Gemma 3n's per-layer inputs, AltUp and LAuReL; the last kv_shared_layers layers reuse the
    // keys and values of an earlier layer of their kind (no KV cache of their own; their k and v
    // projections are still built).
    LayerAugments augments;
    std::uint64_t kv_shared_layers = 0;
    // Rotary buffers the checkpoint stores (a checkpoint line, not in the total).
    RotaryBuffers rotary_buffers = RotaryBuffers::None;

    // OPT-350m's word_embed_proj_dim: the token embedding (and a tied head) is this wide and
    // project_in / project_out (bias-free) map it to and from d_model. 0 = d_model.
    std::uint64_t embedding_dim = 0;

    // A vision-language model's parts outside the decoder, counted exactly by the importer from
    // the config's vision_config (hf_import_vision.cpp, docs/counting.md): the vision tower and
    // the projector into the language model's width. Empty for a text-only model.
    std::vector<Part> vision_tower;
    std::vector<Part> projector;
    // An audio encoder outside the decoder (Gemma 3n's conformer), counted the same way.
    std::vector<Part> audio_tower;
    // What the source describes but this count leaves out ("" = the whole model is counted),
    // e.g. "the vision tower and projector (vision_config.model_type 'x' is not described)".
    std::string not_counted;
    // "" when the model type is known and counted exactly; otherwise the label every view shows
    // on the number: "model type 'x' is not known; counted as a standard decoder from its size
    // fields" (hf_import.cpp, estimateUnknownType).
    std::string estimate;
    // The Hugging Face model_type the checkpoint declares (its top config's: "qwen3_5" for Qwen3.5
    // with its vision tower), by which runtimes tell its architecture (runtime_support.h); "" when
    // the model has no checkpoint (GPT-3, a shape of the user's) or it is not known.
    std::string model_type;

    bool operator==(const ModelConfig&) const = default;

    bool isMoe() const { return moe.n_routed_experts > 0; }
    // Layers that attend and keep a KV cache: all but the mixer layers that replace attention
    // (or form the whole layer), plus the layers calling a shared block.
    std::uint64_t attentionLayers() const;
    // Layers with their own MLP (all but the mixer-only ones).
    std::uint64_t mlpLayers() const;
    // Layers that are one RMSNorm and the mixer (layout Only); the others hold norms_per_block
    // norms.
    std::uint64_t mixerOnlyLayers() const;
    // head_dim as used: explicit, or d_model / n_heads.
    std::uint64_t effectiveHeadDim() const;
    // d_ff as used: explicit, or the Llama rule for gated MLPs, or 4·d_model for plain ones.
    std::uint64_t effectiveDff() const;
    // Number of layers whose MLP is a mixture of experts.
    std::uint64_t moeLayers() const;
    // Whether layer i (0-based) holds a mixture of experts (moe.first_dense_layers, moe.every).
    bool isMoeLayer(std::uint64_t i) const;
    // A single-block model's layer i (Nemotron-H): attention-only layers spread over the depth,
    // the mixer layers spread over the rest and MLP (or expert) layers between them, as the
    // hybrid patterns interleave them ("MEMEM*EMEMEM*…"). The counts are the configuration's;
    // the places are spread evenly, so a layer split and --n-cpu-moe see the kinds mixed.
    enum class SingleBlock { Attention, Mixer, Mlp };
    SingleBlock singleBlock(std::uint64_t i) const;
};

// Which layers are of a kind when only some are (hybrid models): k of n spread evenly, layer i
// chosen when floor((i + 1)·k / n) > floor(i·k / n). The configuration does not record the
// order, so this is an assumption; it changes only where an offload split falls and llama.cpp's
// per-layer type rules, never a total.
bool spreadLayer(std::uint64_t i, std::uint64_t k, std::uint64_t n);

// The Llama rule on its own (the LLaMA model-card Q&A): llamaHiddenDim(4096, 256, 0) == 11008.
std::uint64_t llamaHiddenDim(std::uint64_t d_model, std::uint64_t multiple_of, double multiplier);

// One broken rule: the field it concerns and what is wrong, e.g.
// {"n_heads", "must divide d_model (4096 is not a multiple of 24) when head_dim is not given"}.
struct ValidationIssue {
    std::string field;
    std::string message;
    bool operator==(const ValidationIssue&) const = default;
};

// Every problem at once, in field order; empty when the configuration is valid.
std::vector<ValidationIssue> validate(const ModelConfig& config);

// Bounds the validator enforces; sane upper limits keep every exact count within 64 bits.
struct Limits {
    static constexpr std::uint64_t maxDModel = 1u << 20; // 1,048,576
    static constexpr std::uint64_t maxLayers = 100000;
    static constexpr std::uint64_t maxHeads = 1u << 16;
    static constexpr std::uint64_t maxHeadDim = 1u << 16;
    static constexpr std::uint64_t maxVocab = 1u << 24;     // 16,777,216
    static constexpr std::uint64_t maxContext = 1ull << 26; // 67,108,864 tokens
    // Sequences of a workload (batch, micro-batch): the app, session files and the CLI share it
    // (1,048,576 made the app compute for minutes).
    static constexpr std::uint64_t maxBatch = 1u << 16; // 65,536
    static constexpr std::uint64_t maxDff = 1u << 24;
    static constexpr std::uint64_t maxExperts = 1u << 16;
    static constexpr std::uint64_t maxNormsPerBlock = 8;
    // GPUs of one machine: `fit --gpus`, `runs --gpus` and the My hardware view share it.
    static constexpr std::uint64_t maxGpus = 1u << 16; // 65,536
};

} // namespace llmsizer
