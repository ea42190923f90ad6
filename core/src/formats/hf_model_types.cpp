// The model-type table: the one place that maps a Hugging Face model_type to how it is read.
// A Llama-shaped type is one DecoderSpec (its configuration class's defaults and the modules its
// modeling_<type>.py builds: biases, q/k norms, norms per block, experts, sliding window); a type
// with layer kinds of its own names its importer. Each row names a real config of its type in
// tests/data with its published count (tst_hf_next checks every row). docs/counting.md,
// "Adding a model type", lists the steps.
#include "formats/hf_decoder_specs.h"
#include "formats/hf_import_internal.h"
#include "llmsizer/formats/hf_import.h"

namespace llmsizer::hf {

namespace {

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
        // Llama 2's checkpoints store rotary_emb.inv_freq (their Hub totals exceed the model by
        // 64 per layer), Llama 3's do not: which a given checkpoint does is not known here.
        {"llama", "LlamaConfig", decoder, &specs::kLlama, nullptr, nullptr,
         "reference/hf-configs/llama-3.1-8b", RotaryBuffers::Unknown},
        {"granite", "GraniteConfig", decoder, &specs::kGranite, nullptr, nullptr,
         "reference/hf-configs-2026/granite-3.2-8b-instruct"},
        {"smollm3", "SmolLM3Config", decoder, &specs::kSmolLm3, nullptr, nullptr,
         "reference/hf-configs-2026/smollm3-3b"},
        {"cohere", "CohereConfig", decoder, &specs::kCohere, nullptr, nullptr,
         "reference/hf-configs-2026/aya-23-8b"},
        {"internlm2", "InternLM2Config", decoder, &specs::kInternLm2, nullptr, nullptr,
         "reference/hf-configs-2026/internlm2.5-7b-chat"},
        {"mistral", "MistralConfig", decoder, &specs::kMistral, nullptr, nullptr,
         "reference/hf-configs/mistral-7b-v0.1"},
        {"ministral3", "Ministral3Config", decoder, &specs::kMinistral3, nullptr, nullptr,
         "reference/hf-configs-2026/ministral-3-3b-2512"},
        {"mixtral", "MixtralConfig", decoder, &specs::kMixtral, nullptr, nullptr,
         "reference/hf-configs/mixtral-8x7b-v0.1"},
        {"qwen2", "Qwen2Config", decoder, &specs::kQwen2, nullptr, nullptr,
         "reference/hf-configs/qwen2.5-7b"},
        {"qwen2_moe", "Qwen2MoeConfig", decoder, &specs::kQwen2Moe, nullptr, nullptr,
         "hf/qwen1.5-moe-a2.7b"},
        {"qwen3", "Qwen3Config", decoder, &specs::kQwen3, nullptr, nullptr,
         "reference/hf-configs/qwen3-8b"},
        {"qwen3_moe", "Qwen3MoeConfig", decoder, &specs::kQwen3Moe, nullptr, nullptr,
         "hf/qwen3-30b-a3b"},
        {"gemma", "GemmaConfig", decoder, &specs::kGemma, nullptr, nullptr,
         "reference/hf-configs/gemma-7b"},
        {"gemma2", "Gemma2Config", decoder, &specs::kGemma2, nullptr, nullptr,
         "reference/hf-configs/gemma-2-9b"},
        {"gemma3_text", "Gemma3TextConfig", decoder, &specs::kGemma3, nullptr, nullptr,
         "reference/hf-configs-2026/gemma-3-1b-it"},
        {"phi3", "Phi3Config", decoder, &specs::kPhi3, nullptr, nullptr,
         "reference/hf-configs/phi-3-mini-4k-instruct"},
        {"olmo2", "Olmo2Config", decoder, &specs::kOlmo2, nullptr, nullptr,
         "reference/hf-configs-2026/olmo-2-1124-13b"},
        {"cohere2", "Cohere2Config", decoder, &specs::kCohere2, nullptr, nullptr,
         "reference/hf-configs-2026/command-r7b-12-2024"},
        {"olmo3", "Olmo3Config", decoder, &specs::kOlmo3, nullptr, nullptr,
         "reference/hf-configs-2026/olmo-3-1025-7b"},
        {"exaone", "ExaoneConfig", decoder, &specs::kExaone, nullptr, nullptr,
         "reference/hf-configs-2026/exaone-3.5-2.4b-instruct"},
        {"exaone4", "Exaone4Config", decoder, &specs::kExaone4, nullptr, nullptr,
         "reference/hf-configs-2026/exaone-4.0-32b"},
        {"ernie4_5", "Ernie4_5Config", decoder, &specs::kErnie45, nullptr, nullptr,
         "reference/hf-configs-2026/ernie-4.5-0.3b"},
        {"ernie4_5_moe", "Ernie4_5_MoeConfig", decoder, &specs::kErnie45Moe, nullptr, nullptr,
         "reference/hf-configs-2026/ernie-4.5-21b-a3b"},
        {"glm4", "Glm4Config", decoder, &specs::kGlm4, nullptr, nullptr,
         "reference/hf-configs-2026/glm-4-9b-0414"},
        {"seed_oss", "SeedOssConfig", decoder, &specs::kSeedOss, nullptr, nullptr,
         "reference/hf-configs-2026/seed-oss-36b-instruct"},
        {"apertus", "ApertusConfig", decoder, &specs::kApertus, nullptr, nullptr,
         "reference/hf-configs-2026/apertus-8b-2509"},
        {"arcee", "ArceeConfig", decoder, &specs::kArcee, nullptr, nullptr,
         "reference/hf-configs-2026/afm-4.5b-base"},
        {"mimo", "MiMoConfig", decoder, &specs::kMimo, nullptr, nullptr,
         "reference/hf-configs-2026/mimo-7b-base"},
        {"dots1", "Dots1Config", decoder, &specs::kDots1, nullptr, nullptr,
         "reference/hf-configs-2026/dots.llm1.inst"},
        {"phimoe", "PhimoeConfig", decoder, &specs::kPhimoe, nullptr, nullptr,
         "reference/hf-configs-2026/phi-3.5-moe-instruct"},
        {"minimax_m2", "MiniMaxM2Config", decoder, &specs::kMinimaxM2, nullptr, nullptr,
         "reference/hf-configs-2026/minimax-m2.7"},
        {"granitemoe", "GraniteMoeConfig", decoder, &specs::kGraniteMoe, nullptr, nullptr,
         "reference/hf-configs-2026/granite-3.1-1b-a400m-instruct"},
        {"granitemoeshared", "GraniteMoeSharedConfig", decoder, &specs::kGraniteMoeShared, nullptr,
         nullptr, "reference/hf-configs-2026/granite-moe-shared-hand"},
        {"hunyuan_v1_dense", "HunYuanDenseV1Config", importHunyuan, &specs::kHunyuanDense, nullptr,
         nullptr, "reference/hf-configs-2026/hunyuan-7b-instruct"},
        {"hunyuan_v1_moe", "HunYuanMoEV1Config", importHunyuan, &specs::kHunyuanMoe, nullptr,
         nullptr, "reference/hf-configs-2026/hunyuan-a13b-instruct"},
        {"bailing_moe", "BailingMoeConfig", decoder, &specs::kBailingMoe, nullptr, nullptr,
         "reference/hf-configs-2026/ling-lite"},
        {"gemma3n_text", "Gemma3nTextConfig", importGemma3nText, &specs::kGemma3n, nullptr, nullptr,
         "reference/hf-configs-2026/gemma-3n-e4b-it"},
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
        {"qwen2_vl_text", "Qwen2VLTextConfig", decoder, &specs::kQwen2, "qwen2", nullptr,
         "reference/hf-configs-2026/qwen2-vl-2b-instruct"},
        {"qwen2_5_vl_text", "Qwen2_5_VLTextConfig", decoder, &specs::kQwen2, "qwen2", nullptr,
         "reference/hf-configs-2026/qwen2.5-vl-7b-instruct"},
        {"qwen3_vl_text", "Qwen3VLTextConfig", decoder, &specs::kQwen3, "qwen3", nullptr,
         "reference/hf-configs-2026/qwen3-vl-8b-instruct"},
        {"qwen3_vl_moe_text", "Qwen3VLMoeTextConfig", decoder, &specs::kQwen3Moe, "qwen3_moe",
         nullptr, "reference/hf-configs-2026/qwen3-vl-30b-a3b-instruct"},
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
        // Gemma 3n: the language model under text_config; the towers' embedders are counted,
        // the MobileNet-V5 vision tower and the audio encoder are not (hf_import_more.cpp).
        {"gemma3n", "Gemma3nConfig", nullptr, nullptr, nullptr, "gemma3n_text",
         "reference/hf-configs-2026/gemma-3n-e4b-it"},
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
