// The DecoderSpec of each Llama-shaped model type: its configuration class's defaults and the
// modules its modeling_<type>.py builds (biases, q/k norms, norms per block, experts, sliding
// window, MTP layers). The model-type table (hf_model_types.cpp) names one per row;
// docs/counting.md, "Adding a model type", lists the steps.
#include "formats/hf_decoder_specs.h"

namespace llmsizer::hf::specs {

namespace {

using std::nullopt;

// CommonDefaults: {num_attention_heads, num_key_value_heads (nullopt: None -> heads), head_dim
// (nullopt: hidden / heads), vocab_size, intermediate_size, max_position_embeddings,
// tie_word_embeddings}, from each configuration class's __init__.

constexpr FieldFlag kAttentionBias{"attention_bias", false};
constexpr FieldFlag kMlpBias{"mlp_bias", false};

} // namespace

// LlamaAttention q/k/v/o bias=attention_bias, LlamaMLP bias=mlp_bias.
const DecoderSpec kLlama{.defaults = {32, nullopt, nullopt, 32000, 11008, 2048, false},
                         .qkvBias = kAttentionBias,
                         .outFollowsQkv = true,
                         .mlpBias = kMlpBias};
// GraniteConfig: the Llama modules; its multipliers scale activations, not parameters.
const DecoderSpec kGranite = kLlama;
// SmolLM3Config: the Llama modules; NoPE layers only skip the rotary embedding.
const DecoderSpec kSmolLm3{.defaults = {16, 4, nullopt, 128256, 11008, 32768, true},
                           .qkvBias = kAttentionBias,
                           .outFollowsQkv = true,
                           .mlpBias = kMlpBias};
// CohereDecoderLayer: one input_layernorm (weight only) feeding attention and MLP in parallel;
// use_qk_norm: q_norm/k_norm over (heads, head_dim) and (kv_heads, head_dim), weight only.
const DecoderSpec kCohere{.defaults = {64, nullopt, nullopt, 256000, 22528, 8192, true},
                          .normsPerBlock = 1,
                          .parallel = true,
                          .qkvBias = kAttentionBias,
                          .outFollowsQkv = true,
                          .qkNorm = QkNormKind::Full,
                          .qkNormOn = {"use_qk_norm", false}};
// InternLM2Attention: fused wqkv and wo with bias=config.bias [True].
const DecoderSpec kInternLm2{.defaults = {32, nullopt, nullopt, 103168, 11008, 2048, false},
                             .qkvBias = {"bias", true},
                             .outFollowsQkv = true};
// MistralAttention: no biases; every layer slides (sliding_window [4096]).
const DecoderSpec kMistral{.defaults = {32, 8, nullopt, 32000, 14336, 131072, false},
                           .sliding = Sliding::EveryLayer,
                           .slidingDefault = 4096};
// Ministral3Config follows MistralConfig's defaults; sliding_window [None].
const DecoderSpec kMinistral3{.defaults = {32, 8, nullopt, 32000, 14336, 131072, false},
                              .sliding = Sliding::EveryLayer};
// MixtralSparseMoeBlock: gate Linear(d, num_local_experts [8]) and experts w1/w2/w3 of
// intermediate_size in every layer.
const DecoderSpec kMixtral{.defaults = {32, 8, nullopt, 32000, 14336, 131072, false},
                           .sliding = Sliding::EveryLayer,
                           .moe = {.layers = MoeLayers::All,
                                   .experts = "num_local_experts",
                                   .expertsDefault = 8,
                                   .topkDefault = 2,
                                   .expertFf = nullptr}};
// Qwen2Attention: q/k/v with bias, o_proj without.
const DecoderSpec kQwen2{.defaults = {32, 32, nullopt, 151936, 22016, 32768, false},
                         .qkvBias = {nullptr, true},
                         .sliding = Sliding::Qwen};
// Qwen2MoeSparseMoeBlock: experts of moe_intermediate_size, one shared_expert of
// shared_expert_intermediate_size and shared_expert_gate Linear(d, 1); q/k/v bias qkv_bias.
const DecoderSpec kQwen2Moe{.defaults = {16, 16, nullopt, 151936, 5632, 32768, false},
                            .qkvBias = {"qkv_bias", true},
                            .sliding = Sliding::Qwen,
                            .moe = {.layers = MoeLayers::Qwen,
                                    .expertsDefault = 60,
                                    .topkDefault = 4,
                                    .expertFfDefault = 1408,
                                    .sharedDefault = 1,
                                    .sharedFf = "shared_expert_intermediate_size",
                                    .sharedFfDefault = 5632,
                                    .sharedGate = true}};
// Qwen3Attention: bias=attention_bias, q_norm/k_norm RMSNorm(head_dim).
const DecoderSpec kQwen3{.defaults = {32, 32, 128, 151936, 22016, 32768, false},
                         .qkvBias = kAttentionBias,
                         .outFollowsQkv = true,
                         .qkNorm = QkNormKind::PerHead,
                         .sliding = Sliding::Qwen};
const DecoderSpec kQwen3Moe{.defaults = {32, 4, nullopt, 151936, 6144, 32768, false},
                            .qkvBias = kAttentionBias,
                            .outFollowsQkv = true,
                            .qkNorm = QkNormKind::PerHead,
                            .sliding = Sliding::Qwen,
                            .moe = {.layers = MoeLayers::Qwen,
                                    .expertsDefault = 128,
                                    .topkDefault = 8,
                                    .expertFfDefault = 768}};
// GemmaAttention bias=attention_bias; GemmaRMSNorm (1 + w) has d weights.
const DecoderSpec kGemma{.defaults = {16, 16, 256, 256000, 24576, 8192, true},
                         .qkvBias = kAttentionBias,
                         .outFollowsQkv = true};
// Gemma2DecoderLayer: input, post_attention, pre_feedforward, post_feedforward norms; every 2nd
// layer global.
const DecoderSpec kGemma2{.defaults = {8, 4, 256, 256000, 9216, 8192, true},
                          .normsPerBlock = 4,
                          .qkvBias = kAttentionBias,
                          .outFollowsQkv = true,
                          .sliding = Sliding::Pattern,
                          .slidingDefault = 4096,
                          .pattern = 2};
// Gemma 3: Gemma 2's four norms, q_norm/k_norm of head_dim, every sliding_window_pattern-th [6]
// layer global.
const DecoderSpec kGemma3{.defaults = {8, 4, 256, 262208, 9216, 131072, true},
                          .normsPerBlock = 4,
                          .qkvBias = kAttentionBias,
                          .outFollowsQkv = true,
                          .qkNorm = QkNormKind::PerHead,
                          .sliding = Sliding::Pattern,
                          .slidingDefault = 4096,
                          .patternField = "sliding_window_pattern",
                          .pattern = 6};
// Phi3: fused qkv_proj and gate_up_proj, no biases (same count as separate projections).
const DecoderSpec kPhi3{.defaults = {32, nullopt, nullopt, 32064, 8192, 4096, false},
                        .sliding = Sliding::EveryLayer};
// Olmo2Attention: q_norm over heads·head_dim, k_norm over kv_heads·head_dim;
// post_attention_layernorm and post_feedforward_layernorm.
const DecoderSpec kOlmo2{.defaults = {32, nullopt, nullopt, 50304, 11008, 2048, false},
                         .qkvBias = kAttentionBias,
                         .outFollowsQkv = true,
                         .qkNorm = QkNormKind::Full};
// Cohere2 (Command R7B, Command A): Cohere's modules, no q/k norms; every
// sliding_window_pattern-th [4] layer global (layer_types decides when given).
const DecoderSpec kCohere2{.defaults = {64, nullopt, nullopt, 256000, 22528, 8192, true},
                           .normsPerBlock = 1,
                           .parallel = true,
                           .qkvBias = kAttentionBias,
                           .outFollowsQkv = true,
                           .sliding = Sliding::Pattern,
                           .slidingDefault = 4096,
                           .patternField = "sliding_window_pattern",
                           .pattern = 4};
// Olmo3: OLMo 2's modules; layer_types of sliding and full attention.
const DecoderSpec kOlmo3{.defaults = {32, nullopt, nullopt, 50304, 11008, 2048, false},
                         .qkvBias = kAttentionBias,
                         .outFollowsQkv = true,
                         .qkNorm = QkNormKind::Full,
                         .sliding = Sliding::Pattern,
                         .slidingDefault = 4096,
                         .pattern = 4};
// EXAONE 3.x (remote code modeling_exaone.py): ln_1, ln_2, q/k/v/out_proj and c_fc_0, c_fc_1,
// c_proj without bias; num_layers is its layer count.
const DecoderSpec kExaone{.defaults = {32, nullopt, nullopt, 102400, 8192, 2048, true}};
// Exaone4DecoderLayer: post_attention_layernorm and post_feedforward_layernorm, q_norm/k_norm
// RMSNorm(head_dim), no biases; sliding_window_pattern a number or "LLLG".
const DecoderSpec kExaone4{.defaults = {32, 32, nullopt, 102400, 16384, 2048, false},
                           .qkNorm = QkNormKind::PerHead,
                           .sliding = Sliding::Pattern,
                           .slidingDefault = 4096,
                           .patternField = "sliding_window_pattern",
                           .pattern = 4};
// Ernie4_5Attention and Ernie4_5MLP: bias=use_bias on every projection.
const DecoderSpec kErnie45{.defaults = {16, 2, 128, 103424, 3072, 131072, true},
                           .qkvBias = {"use_bias", false},
                           .outFollowsQkv = true,
                           .mlpBias = {"use_bias", false}};
// Ernie4_5_MoeSparseMoeBlock: gate Linear(d, moe_num_experts), moe_statics'
// e_score_correction_bias (a parameter, one per expert), experts of moe_intermediate_size,
// shared_experts one MLP of moe_intermediate_size·moe_num_shared_experts; every projection
// bias=use_bias.
const DecoderSpec kErnie45Moe{.defaults = {20, 4, nullopt, 103424, 12288, 131072, true},
                              .qkvBias = {"use_bias", false},
                              .outFollowsQkv = true,
                              .mlpBias = {"use_bias", false},
                              .moe = {.layers = MoeLayers::Ernie,
                                      .experts = "moe_num_experts",
                                      .expertsDefault = 64,
                                      .topk = "moe_k",
                                      .topkDefault = 6,
                                      .expertFfDefault = 1536,
                                      .shared = "moe_num_shared_experts",
                                      .sharedDefault = 2,
                                      .routerBias = {nullptr, true}}};
// Glm4DecoderLayer (GLM-4-0414): input_layernorm, post_self_attn_layernorm,
// post_attention_layernorm, post_mlp_layernorm; q/k/v bias=attention_bias [True], o without;
// fused gate_up_proj.
const DecoderSpec kGlm4{.defaults = {32, 2, 128, 151552, 13696, 131072, false},
                        .normsPerBlock = 4,
                        .qkvBias = {"attention_bias", true}};
// SeedOssAttention: q/k/v bias=attention_bias [True], o_proj bias=attention_out_bias [False];
// SeedOssMLP bias=mlp_bias.
const DecoderSpec kSeedOss{.defaults = {80, 8, 128, 155136, 27648, 524288, false},
                           .qkvBias = {"attention_bias", true},
                           .outBias = {"attention_out_bias", false},
                           .mlpBias = kMlpBias};
// ApertusMLP: up_proj and down_proj (no gate) with the xIELU activation's alpha_p and alpha_n
// parameters; q_norm/k_norm RMSNorm(head_dim); attention_layernorm and feedforward_layernorm.
const DecoderSpec kApertus{.defaults = {32, nullopt, nullopt, 131072, 14336, 65536, false},
                           .mlp = MlpKind::Plain,
                           .qkvBias = kAttentionBias,
                           .outFollowsQkv = true,
                           .mlpBias = kMlpBias,
                           .qkNorm = QkNormKind::PerHead,
                           .activationParams = 2};
// ArceeMLP: up_proj and down_proj with ReLU², no gate.
const DecoderSpec kArcee{.defaults = {32, nullopt, nullopt, 32000, 18432, 4096, false},
                         .mlp = MlpKind::Plain,
                         .qkvBias = kAttentionBias,
                         .outFollowsQkv = true,
                         .mlpBias = kMlpBias};
// MiMo (remote code): Qwen2's modules plus num_nextn_predict_layers MTP layers
// (model.mtp_layers: input_proj, token/hidden/final norms and a decoder layer) that reuse the
// model's embedding and head.
const DecoderSpec kMimo{.defaults = {32, 32, nullopt, 151936, 22016, 32768, false},
                        .qkvBias = {nullptr, true},
                        .sliding = Sliding::Qwen,
                        .mtpField = "num_nextn_predict_layers",
                        .mtpCopies = MtpCopies::Shared};
// Dots1: Qwen3's attention (q/k norms) and DeepSeek-V3's MoE (router with
// e_score_correction_bias, shared experts, first_k_dense_replace dense layers).
const DecoderSpec kDots1{.defaults = {32, 32, nullopt, 152064, 10944, 2048, false},
                         .qkvBias = kAttentionBias,
                         .outFollowsQkv = true,
                         .qkNorm = QkNormKind::PerHead,
                         .moe = {.layers = MoeLayers::FirstDense,
                                 .experts = "n_routed_experts",
                                 .expertsDefault = 128,
                                 .topkDefault = 6,
                                 .expertFfDefault = 1408,
                                 .shared = "n_shared_experts",
                                 .sharedDefault = 2,
                                 .routerBias = {nullptr, true}}};
// PhimoeDecoderLayer: LayerNorm (weight and bias) before attention and MoE, final LayerNorm;
// q/k/v/o bias=attention_bias; lm_head bias=lm_head_bias; experts in every layer.
const DecoderSpec kPhimoe{.defaults = {32, 8, nullopt, 32064, 6400, 131072, false},
                          .norm = NormKind::LayerNorm,
                          .qkvBias = kAttentionBias,
                          .outFollowsQkv = true,
                          .lmHeadBias = {"lm_head_bias", false},
                          .sliding = Sliding::EveryLayer,
                          .moe = {.layers = MoeLayers::All,
                                  .experts = "num_local_experts",
                                  .expertsDefault = 16,
                                  .topkDefault = 2,
                                  .expertFf = nullptr}};
// MiniMaxM2: q_norm/k_norm RMSNorm over heads·head_dim and kv_heads·head_dim (use_qk_norm),
// experts of intermediate_size in every layer, router e_score_correction_bias
// (use_routing_bias).
const DecoderSpec kMinimaxM2{.defaults = {48, 8, 128, 200064, 1536, 196608, false},
                             .qkNorm = QkNormKind::Full,
                             .qkNormOn = {"use_qk_norm", true},
                             .moe = {.layers = MoeLayers::All,
                                     .experts = "num_local_experts",
                                     .expertsDefault = 256,
                                     .topkDefault = 8,
                                     .expertFf = nullptr,
                                     .routerBias = {"use_routing_bias", true}}};

// GraniteMoeDecoderLayer: Llama-shaped attention (q/k/v/o bias=attention_bias), a
// GraniteMoeMoE in every layer: router Linear(d, num_local_experts [8], bias=False) and experts
// input_linear (2·intermediate_size × d) and output_linear (d × intermediate_size), the
// parameters of a gated MLP of intermediate_size [11008]; top num_experts_per_tok [2]. The
// embedding, attention, residual and logits multipliers scale activations, not parameters.
const DecoderSpec kGraniteMoe{.defaults = {32, nullopt, nullopt, 32000, 11008, 2048, false},
                              .qkvBias = kAttentionBias,
                              .outFollowsQkv = true,
                              .moe = {.layers = MoeLayers::All,
                                      .experts = "num_local_experts",
                                      .expertsDefault = 8,
                                      .topkDefault = 2,
                                      .expertFf = nullptr}};
// GraniteMoeShared: GraniteMoe's layers plus shared_mlp (GraniteMoeSharedMLP: input_linear
// Linear(d, 2·shared_intermediate_size), output_linear Linear(shared_intermediate_size, d), no
// bias) when shared_intermediate_size [0] is positive.
const DecoderSpec kGraniteMoeShared{.defaults = {32, nullopt, nullopt, 32000, 11008, 2048, false},
                                    .qkvBias = kAttentionBias,
                                    .outFollowsQkv = true,
                                    .moe = {.layers = MoeLayers::All,
                                            .experts = "num_local_experts",
                                            .expertsDefault = 8,
                                            .topkDefault = 2,
                                            .expertFf = nullptr,
                                            .sharedDefault = 1,
                                            .sharedFf = "shared_intermediate_size",
                                            .sharedFfDefault = 0}};
// HunYuanDenseV1 (modular_hunyuan_v1_dense.py): Llama's modules (q/k/v/o bias=attention_bias)
// with query_layernorm and key_layernorm RMSNorm(head_dim) in every attention, built whatever
// use_qk_norm says; HunYuanDenseV1MLP gate/up/down bias=False. Cross-layer attention (use_cla)
// is not built by transformers and is refused by importHunyuan (hf_import_more.cpp).
const DecoderSpec kHunyuanDense{.defaults = {32, nullopt, nullopt, 290943, 11008, 2048, false},
                                .qkvBias = kAttentionBias,
                                .outFollowsQkv = true,
                                .qkNorm = QkNormKind::PerHead};
// HunYuanMoEV1 (modular_hunyuan_v1_moe.py): the dense type's attention; in every layer
// HunYuanMoEV1Moe: the router gate.wg Linear(d, num_experts [1], bias=False), num_experts
// HunYuanMoEV1MLP experts and one shared_mlp, all of intermediate_size [11008], no biases; top
// moe_topk [1]. num_experts and moe_topk may be one value per layer.
const DecoderSpec kHunyuanMoe{.defaults = {32, nullopt, nullopt, 290943, 11008, 2048, false},
                              .qkvBias = kAttentionBias,
                              .outFollowsQkv = true,
                              .qkNorm = QkNormKind::PerHead,
                              .moe = {.layers = MoeLayers::All,
                                      .experts = "num_experts",
                                      .expertsDefault = 1,
                                      .topk = "moe_topk",
                                      .topkDefault = 1,
                                      .expertFf = nullptr,
                                      .sharedDefault = 1,
                                      .perLayer = true}};
// BailingMoe (Ling, remote code modeling_bailing_moe.py): query_key_value fused Linear(d,
// (heads + 2·kv_heads)·head_dim, bias=use_qkv_bias), dense Linear(bias=use_bias); dense layers
// below first_k_dense_replace, then experts of moe_intermediate_size with shared_experts, one MLP
// of moe_intermediate_size·num_shared_experts, and the router gate Linear(d, num_experts,
// bias=False); every MLP bias=use_bias; q/k norms when use_qk_norm. norm_head rescales the head,
// no parameters.
const DecoderSpec kBailingMoe{.defaults = {16, nullopt, nullopt, 30592, 0, 16384, false},
                              .qkvBias = {"use_qkv_bias", false},
                              .outBias = {"use_bias", true},
                              .mlpBias = {"use_bias", true},
                              .qkNorm = QkNormKind::PerHead,
                              .qkNormOn = {"use_qk_norm", false},
                              .moe = {.layers = MoeLayers::FirstDense,
                                      .experts = "num_experts",
                                      .expertsDefault = 16,
                                      .topkDefault = 2,
                                      .expertFfDefault = 0,
                                      .shared = "num_shared_experts",
                                      .sharedDefault = 0}};
// Gemma3nTextDecoderLayer's attention and norms (Gemma 3's four, q_norm/k_norm RMSNorm(head_dim);
// v_norm has no scale); every 5th layer global by layer_types. Its MLP widths, per-layer inputs,
// AltUp and LAuReL are read by importGemma3nText (hf_import_more.cpp).
const DecoderSpec kGemma3n{.defaults = {8, 2, 256, 262400, std::nullopt, 32768, true},
                           .normsPerBlock = 4,
                           .qkvBias = kAttentionBias,
                           .outFollowsQkv = true,
                           .qkNorm = QkNormKind::PerHead,
                           .sliding = Sliding::Pattern,
                           .slidingDefault = 512,
                           .pattern = 5};

} // namespace llmsizer::hf::specs
