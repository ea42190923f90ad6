// The model-type table: the one place that maps a Hugging Face model_type to how it is read.
// A Llama-shaped type is one DecoderSpec (its configuration class's defaults and the modules its
// modeling_<type>.py builds: biases, q/k norms, norms per block, experts, sliding window); a type
// with layer kinds of its own names its importer. Each row names a real config of its type in
// tests/data with its published count (tst_model_types checks every row). docs/counting.md,
// "Adding a model type", lists the steps.
#include "formats/hf_import_internal.h"
#include "llmsizer/formats/hf_import.h"

namespace llmsizer::hf {

namespace {

using std::nullopt;

// CommonDefaults: {num_attention_heads, num_key_value_heads (nullopt: None -> heads), head_dim
// (nullopt: hidden / heads), vocab_size, intermediate_size, max_position_embeddings,
// tie_word_embeddings}, from each configuration class's __init__.

constexpr FieldFlag kAttentionBias{"attention_bias", false};
constexpr FieldFlag kMlpBias{"mlp_bias", false};

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
const DecoderSpec kMixtral{
    .defaults = {32, 8, nullopt, 32000, 14336, 131072, false},
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

void decoder(const ModelTypeRow& row, Reader& r, ModelConfig& c)
{
    importDecoder(row, r, c);
}

template <void (*F)(Reader&, ModelConfig&)>
void plain(const ModelTypeRow& /*row*/, Reader& r, ModelConfig& c)
{
    F(r, c);
}

void deepseek(const ModelTypeRow& row, Reader& r, ModelConfig& c)
{
    importDeepseek(row.type, r, c);
}

// GLM-4.7-Flash (glm4_moe_lite): DeepSeek-V3's layout under GLM's name (latent attention,
// first_k_dense_replace dense layers, routed and shared experts, router bias); its MTP layer is
// stored with copies of the embedding and head, as DeepSeek-V3's.
void deepseekV3Layout(const ModelTypeRow& /*row*/, Reader& r, ModelConfig& c)
{
    importDeepseek("deepseek_v3", r, c);
}

void deepseekV32(const ModelTypeRow& row, Reader& r, ModelConfig& c)
{
    importDeepseekV32(row.type, r, c);
}

} // namespace

const std::vector<ModelTypeRow>& modelTypeTable()
{
    // {model_type, configuration class, importer, decoder spec, counted as, default text type of
    // a vision-language wrapper, reference config under tests/data}
    static const std::vector<ModelTypeRow> rows = {
        // GPT-style types with their own field names (hf_import_types.cpp).
        {"gpt2", "GPT2Config", plain<importGpt2>, nullptr, nullptr, nullptr,
         "reference/hf-configs/gpt-2-small"},
        {"gptj", "GPTJConfig", plain<importGptj>, nullptr, nullptr, nullptr,
         "reference/hf-configs/gpt-j-6b"},
        {"gpt_neox", "GPTNeoXConfig", plain<importGptNeox>, nullptr, nullptr, nullptr,
         "reference/hf-configs/gpt-neox-20b"},
        {"opt", "OPTConfig", plain<importOpt>, nullptr, nullptr, nullptr,
         "reference/hf-configs/opt-125m"},
        {"bloom", "BloomConfig", plain<importBloom>, nullptr, nullptr, nullptr, "hf/bloom-560m"},
        {"falcon", "FalconConfig", plain<importFalcon>, nullptr, nullptr, nullptr,
         "hf/falcon-rw-1b"},
        {"phi", "PhiConfig", plain<importPhi>, nullptr, nullptr, nullptr, "hf/phi-2"},
        {"starcoder2", "Starcoder2Config", plain<importStarcoder2>, nullptr, nullptr, nullptr,
         "hf/starcoder2-3b"},
        // Llama-shaped types: one DecoderSpec each.
        {"llama", "LlamaConfig", decoder, &kLlama, nullptr, nullptr,
         "reference/hf-configs/llama-3.1-8b"},
        {"granite", "GraniteConfig", decoder, &kGranite, nullptr, nullptr,
         "reference/hf-configs-2026/granite-3.2-8b-instruct"},
        {"smollm3", "SmolLM3Config", decoder, &kSmolLm3, nullptr, nullptr,
         "reference/hf-configs-2026/smollm3-3b"},
        {"cohere", "CohereConfig", decoder, &kCohere, nullptr, nullptr,
         "reference/hf-configs-2026/aya-23-8b"},
        {"internlm2", "InternLM2Config", decoder, &kInternLm2, nullptr, nullptr,
         "reference/hf-configs-2026/internlm2.5-7b-chat"},
        {"mistral", "MistralConfig", decoder, &kMistral, nullptr, nullptr,
         "reference/hf-configs/mistral-7b-v0.1"},
        {"ministral3", "Ministral3Config", decoder, &kMinistral3, nullptr, nullptr,
         "reference/hf-configs-2026/ministral-3-3b-2512"},
        {"mixtral", "MixtralConfig", decoder, &kMixtral, nullptr, nullptr,
         "reference/hf-configs/mixtral-8x7b-v0.1"},
        {"qwen2", "Qwen2Config", decoder, &kQwen2, nullptr, nullptr,
         "reference/hf-configs/qwen2.5-7b"},
        {"qwen2_moe", "Qwen2MoeConfig", decoder, &kQwen2Moe, nullptr, nullptr,
         "hf/qwen1.5-moe-a2.7b"},
        {"qwen3", "Qwen3Config", decoder, &kQwen3, nullptr, nullptr,
         "reference/hf-configs/qwen3-8b"},
        {"qwen3_moe", "Qwen3MoeConfig", decoder, &kQwen3Moe, nullptr, nullptr,
         "hf/qwen3-30b-a3b"},
        {"gemma", "GemmaConfig", decoder, &kGemma, nullptr, nullptr,
         "reference/hf-configs/gemma-7b"},
        {"gemma2", "Gemma2Config", decoder, &kGemma2, nullptr, nullptr,
         "reference/hf-configs/gemma-2-9b"},
        {"gemma3_text", "Gemma3TextConfig", decoder, &kGemma3, nullptr, nullptr,
         "reference/hf-configs-2026/gemma-3-1b-it"},
        {"phi3", "Phi3Config", decoder, &kPhi3, nullptr, nullptr,
         "reference/hf-configs/phi-3-mini-4k-instruct"},
        {"olmo2", "Olmo2Config", decoder, &kOlmo2, nullptr, nullptr,
         "reference/hf-configs-2026/olmo-2-1124-13b"},
        {"cohere2", "Cohere2Config", decoder, &kCohere2, nullptr, nullptr,
         "reference/hf-configs-2026/command-r7b-12-2024"},
        {"olmo3", "Olmo3Config", decoder, &kOlmo3, nullptr, nullptr,
         "reference/hf-configs-2026/olmo-3-1025-7b"},
        {"exaone", "ExaoneConfig", decoder, &kExaone, nullptr, nullptr,
         "reference/hf-configs-2026/exaone-3.5-2.4b-instruct"},
        {"exaone4", "Exaone4Config", decoder, &kExaone4, nullptr, nullptr,
         "reference/hf-configs-2026/exaone-4.0-32b"},
        {"ernie4_5_moe", "Ernie4_5_MoeConfig", decoder, &kErnie45Moe, nullptr, nullptr,
         "reference/hf-configs-2026/ernie-4.5-21b-a3b"},
        {"glm4", "Glm4Config", decoder, &kGlm4, nullptr, nullptr,
         "reference/hf-configs-2026/glm-4-9b-0414"},
        {"seed_oss", "SeedOssConfig", decoder, &kSeedOss, nullptr, nullptr,
         "reference/hf-configs-2026/seed-oss-36b-instruct"},
        {"apertus", "ApertusConfig", decoder, &kApertus, nullptr, nullptr,
         "reference/hf-configs-2026/apertus-8b-2509"},
        {"arcee", "ArceeConfig", decoder, &kArcee, nullptr, nullptr,
         "reference/hf-configs-2026/afm-4.5b-base"},
        {"mimo", "MiMoConfig", decoder, &kMimo, nullptr, nullptr,
         "reference/hf-configs-2026/mimo-7b-base"},
        {"dots1", "Dots1Config", decoder, &kDots1, nullptr, nullptr,
         "reference/hf-configs-2026/dots.llm1.inst"},
        {"phimoe", "PhimoeConfig", decoder, &kPhimoe, nullptr, nullptr,
         "reference/hf-configs-2026/phi-3.5-moe-instruct"},
        {"minimax_m2", "MiniMaxM2Config", decoder, &kMinimaxM2, nullptr, nullptr,
         "reference/hf-configs-2026/minimax-m2.7"},
        // Mixtures of experts and latent attention with importers of their own.
        {"deepseek_v2", "DeepseekV2Config", deepseek, nullptr, nullptr, nullptr,
         "hf/deepseek-v2-lite"},
        {"deepseek_v3", "DeepseekV3Config", deepseek, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/deepseek-r1"},
        // Kimi K2 ships DeepSeek-V3's code (auto_map DeepseekV3ForCausalLM) under its own name.
        {"kimi_k2", "DeepseekV3Config", deepseek, nullptr, "deepseek_v3", nullptr,
         "reference/hf-configs-2026/kimi-k2-instruct"},
        {"glm4_moe_lite", "Glm4MoeLiteConfig", deepseekV3Layout, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/glm-4.7-flash"},
        {"deepseek_v32", "DeepseekV32Config", deepseekV32, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/deepseek-v3.2"},
        {"glm_moe_dsa", "GlmMoeDsaConfig", plain<importGlmMoeDsa>, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/glm-5"},
        {"gpt_oss", "GptOssConfig", plain<importGptOss>, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/gpt-oss-20b"},
        {"glm4_moe", "Glm4MoeConfig", plain<importGlm4Moe>, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/glm-4.7"},
        {"olmoe", "OlmoeConfig", plain<importOlmoe>, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/olmoe-1b-7b-0924"},
        {"llama4_text", "Llama4TextConfig", plain<importLlama4>, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/llama-4-scout-17b-16e-instruct"},
        // Hybrids and state-space models.
        {"lfm2", "Lfm2Config", plain<importLfm2>, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/lfm2-700m"},
        {"qwen3_next", "Qwen3NextConfig", plain<importQwen3Next>, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/qwen3-next-80b-a3b-instruct"},
        {"qwen3_5_text", "Qwen3_5TextConfig", importQwen35, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/qwen3.5-27b"},
        {"qwen3_5_moe_text", "Qwen3_5MoeTextConfig", importQwen35, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/qwen3.5-35b-a3b"},
        {"mamba", "MambaConfig", plain<importMamba>, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/mamba-130m-hf"},
        // FalconMambaMixer: Mamba's modules; its RMS normalisation of B, C and Δ has no weights.
        {"falcon_mamba", "FalconMambaConfig", plain<importMamba>, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/falcon-mamba-7b-instruct"},
        {"mamba2", "Mamba2Config", plain<importMamba2>, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/mamba-codestral-7b-v0.1"},
        {"jamba", "JambaConfig", plain<importJamba>, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/ai21-jamba-1.5-mini"},
        {"granitemoehybrid", "GraniteMoeHybridConfig", plain<importGraniteMoeHybrid>, nullptr,
         nullptr, nullptr, "reference/hf-configs-2026/granite-4.0-h-small"},
        {"bamba", "BambaConfig", plain<importBamba>, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/bamba-9b-v1"},
        {"nemotron_h", "NemotronHConfig", plain<importNemotronH>, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/nemotron-3-nano-30b-a3b"},
        {"falcon_h1", "FalconH1Config", plain<importFalconH1>, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/falcon-h1-0.5b"},
        {"zamba2", "Zamba2Config", plain<importZamba2>, nullptr, nullptr, nullptr,
         "reference/hf-configs-2026/zamba2-1.2b"},
        // Text models of vision-language types that count as another type.
        {"qwen2_vl_text", "Qwen2VLTextConfig", decoder, &kQwen2, "qwen2", nullptr,
         "reference/hf-configs-2026/qwen2-vl-2b-instruct"},
        {"qwen2_5_vl_text", "Qwen2_5_VLTextConfig", decoder, &kQwen2, "qwen2", nullptr,
         "reference/hf-configs-2026/qwen2.5-vl-7b-instruct"},
        {"qwen3_vl_text", "Qwen3VLTextConfig", decoder, &kQwen3, "qwen3", nullptr,
         "reference/hf-configs-2026/qwen3-vl-8b-instruct"},
        {"qwen3_vl_moe_text", "Qwen3VLMoeTextConfig", decoder, &kQwen3Moe, "qwen3_moe", nullptr,
         "reference/hf-configs-2026/qwen3-vl-30b-a3b-instruct"},
        // Vision-language wrappers: the vision tower and projector (hf_import_vision.cpp) and
        // the language model under text_config (or at the top level for Qwen2-VL).
        {"gemma3", "Gemma3Config", nullptr, nullptr, nullptr, "gemma3_text",
         "reference/hf-configs-2026/gemma-3-27b-it"},
        {"llama4", "Llama4Config", nullptr, nullptr, nullptr, "llama4_text",
         "reference/hf-configs-2026/llama-4-maverick-17b-128e-instruct"},
        {"llava", "LlavaConfig", nullptr, nullptr, nullptr, "llama",
         "reference/hf-configs-2026/llava-1.5-7b-hf"},
        {"llava_next", "LlavaNextConfig", nullptr, nullptr, nullptr, "llama",
         "reference/hf-configs-2026/llava-v1.6-mistral-7b-hf"},
        {"mistral3", "Mistral3Config", nullptr, nullptr, nullptr, "mistral",
         "reference/hf-configs-2026/mistral-small-3.1-24b-instruct-2503"},
        {"qwen2_vl", "Qwen2VLConfig", nullptr, nullptr, nullptr, "qwen2",
         "reference/hf-configs-2026/qwen2-vl-2b-instruct"},
        {"qwen2_5_vl", "Qwen2_5_VLConfig", nullptr, nullptr, nullptr, "qwen2",
         "reference/hf-configs-2026/qwen2.5-vl-7b-instruct"},
        {"qwen3_vl", "Qwen3VLConfig", nullptr, nullptr, nullptr, "qwen3_vl_text",
         "reference/hf-configs-2026/qwen3-vl-8b-instruct"},
        {"qwen3_vl_moe", "Qwen3VLMoeConfig", nullptr, nullptr, nullptr, "qwen3_vl_moe_text",
         "reference/hf-configs-2026/qwen3-vl-30b-a3b-instruct"},
        // InternVL: the remote-code internvl_chat keeps its language model under llm_config
        // (InternVLChatConfig: LlamaConfig when it names none); transformers' internvl under
        // text_config (Qwen2Config by default).
        {"internvl_chat", "InternVLChatConfig", nullptr, nullptr, nullptr, "llama",
         "reference/hf-configs-2026/internvl3-1b"},
        {"internvl", "InternVLConfig", nullptr, nullptr, nullptr, "qwen2",
         "reference/hf-configs-2026/internvl3-1b-hf"},
        // Idefics3 (SmolVLM) and SmolVLM2: a Llama under text_config.
        {"idefics3", "Idefics3Config", nullptr, nullptr, nullptr, "llama",
         "reference/hf-configs-2026/smolvlm-256m-instruct"},
        {"smolvlm", "SmolVLMConfig", nullptr, nullptr, nullptr, "llama",
         "reference/hf-configs-2026/smolvlm2-256m-video-instruct"},
        {"qwen3_5", "Qwen3_5Config", nullptr, nullptr, nullptr, "qwen3_5_text",
         "reference/hf-configs-2026/qwen3.5-27b"},
        {"qwen3_5_moe", "Qwen3_5MoeConfig", nullptr, nullptr, nullptr, "qwen3_5_moe_text",
         "reference/hf-configs-2026/qwen3.5-35b-a3b"},
    };
    return rows;
}

const ModelTypeRow* findModelType(const std::string& type)
{
    for (const ModelTypeRow& row : modelTypeTable()) {
        if (type == row.type) {
            return &row;
        }
    }
    return nullptr;
}

} // namespace llmsizer::hf

namespace llmsizer {

std::vector<HfTypeReference> hfModelTypeReferences()
{
    std::vector<HfTypeReference> out;
    for (const hf::ModelTypeRow& row : hf::modelTypeTable()) {
        out.push_back({row.type, row.reference != nullptr ? row.reference : ""});
    }
    return out;
}

} // namespace llmsizer

namespace llmsizer::hf {

std::string configClassName(const std::string& type)
{
    const ModelTypeRow* row = findModelType(type);
    return row == nullptr ? type : row->configClass;
}

} // namespace llmsizer::hf
