#pragma once

// Shared between hf_import.cpp (reading, dispatch, validation) and hf_import_types.cpp (the
// per-model_type mappings). Not installed: the public API is llmsizer/formats/hf_import.h.
#include "llmsizer/model/model.h"

#include <cstdint>
#include <initializer_list>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace llmsizer::hf {

using u64 = std::uint64_t;

// Reads the fields of one Hugging Face config object. Each accessor takes the field's names, the
// model type's own name first and its aliases after it (GPT-2's n_embd, then hidden_size, as
// PretrainedConfig.attribute_map maps them). Errors name the file and "prefix.name"; values taken
// from a configuration class's defaults are recorded as labelled guesses; the HF field behind
// each ModelConfig field is remembered so validation errors can name it.
class Reader {
public:
    Reader(const nlohmann::json& obj, std::string file, std::string prefix, std::string className,
           std::vector<std::string>& guesses);

    // The first of `names` present with a non-null value, or nullopt.
    std::optional<u64> optUInt(std::initializer_list<const char*> names) const;
    std::optional<bool> optBool(std::initializer_list<const char*> names) const;
    std::optional<std::string> optString(std::initializer_list<const char*> names) const;
    std::optional<double> optNumber(std::initializer_list<const char*> names) const;

    // A field the type's defaults cannot settle (a model's width, its depth): error if missing.
    u64 required(std::initializer_list<const char*> names) const;
    // A field whose configuration class has a default: used, and listed as a guess, if missing.
    u64 orDefault(std::initializer_list<const char*> names, u64 classDefault);
    // A size a configuration class accepts as one number or as one number per layer (Gemma 3n's
    // intermediate_size): a list must hold `layers` equal values, as the count has one per model
    // (an error names the field otherwise). The class default, listed as a guess, when missing.
    u64 perLayerOrDefault(const char* name, u64 layers, u64 classDefault);
    // A size that may also be the string "auto" (MambaConfig time_step_rank, mamba_d_head):
    // nullopt when missing, null or "auto"; another string is an error.
    std::optional<u64> optUIntOrAuto(const char* name) const;
    // A flag whose default is the model type's own rule (no guess: the type settles it).
    bool flag(std::initializer_list<const char*> names, bool classDefault) const;

    // True if the key is present (null included): tells "null" from "missing".
    bool has(const char* name) const;
    bool isNull(const char* name) const;
    bool isString(const char* name) const;
    // The integers of a list field ("mlp_only_layers"); empty when missing or null.
    std::vector<u64> uintList(const char* name) const;
    // The strings of a list field ("layer_types"); empty when missing or null.
    std::vector<std::string> stringList(const char* name) const;

    // Records that ModelConfig field `modelField` came from HF field `hfField`.
    void source(const std::string& modelField, const std::string& hfField);
    // The HF field path ("text_config.num_key_value_heads") behind a ModelConfig field, or "".
    std::string sourceOf(const std::string& modelField) const;

    // "prefix.name" as error messages show it.
    std::string path(const std::string& name) const;
    [[noreturn]] void fail(const std::string& name, const std::string& message) const;
    void guess(const std::string& text);

    // Class defaults for hidden_size and num_hidden_layers, used only for the text_config of a
    // multimodal config whose class fills them (LlavaConfig's text_config is a LlamaConfig).
    void allowSizeDefaults(u64 hidden, u64 layers) { m_sizeDefaults = {hidden, layers}; }
    std::optional<std::pair<u64, u64>> sizeDefaults() const { return m_sizeDefaults; }

    const std::string& file() const { return m_file; }
    const std::string& className() const { return m_className; }

private:
    const nlohmann::json* find(const char* name) const;

    const nlohmann::json& m_obj;
    std::string m_file;
    std::string m_prefix;
    std::string m_className;
    std::vector<std::string>& m_guesses;
    std::map<std::string, std::string> m_sources;
    std::optional<std::pair<u64, u64>> m_sizeDefaults;
};

// The fields every decoder-only type shares, read with the type's own names and class defaults.
struct CommonDefaults {
    u64 heads = 0;         // num_attention_heads default
    std::optional<u64> kv; // num_key_value_heads default; nullopt: None -> multi-head
    std::optional<u64> hd; // head_dim default; nullopt: hidden_size / num_attention_heads
    u64 vocab = 0;         // vocab_size default
    std::optional<u64> ff; // intermediate_size default; nullopt: the type has no such field
    u64 context = 0;       // max_position_embeddings default
    bool tie = false;      // tie_word_embeddings default
};
void readCommon(Reader& r, ModelConfig& c, const CommonDefaults& d);

// Which layers hold a mixture of experts, as a predicate over the layer index. ModelConfig can
// describe only "the first k layers dense, the rest MoE"; anything else is an InputError naming
// `fields`.
u64 firstDenseLayers(const Reader& r, u64 layers, const std::vector<bool>& isMoe,
                     const std::string& fields);

// Sliding-window attention, for the KV cache only. `pattern`: every pattern-th layer is global
// (0: every layer slides). layer_types, where a config lists them, overrides the pattern.
void readSliding(Reader& r, ModelConfig& c, std::optional<u64> classDefault, u64 pattern);

// A flag of the configuration: its field and the class default; field nullptr: always `value`.
struct FieldFlag {
    const char* field = nullptr;
    bool value = false;
};

// Which layers of a decoder hold a mixture of experts (DecoderSpec::moe).
enum class MoeLayers {
    None,
    All,        // every layer (Mixtral, MiniMax-M2, GraniteMoe, PhiMoE)
    Qwen,       // all but mlp_only_layers, every decoder_sparse_step-th (Qwen2-MoE, Qwen3-MoE)
    FirstDense, // dense below first_k_dense_replace, MoE after (DeepSeek-V3 style: dots.llm1)
    Ernie,      // moe_layer_start_index..moe_layer_end_index, every moe_layer_interval-th
};

// The experts of a decoder: field names and class defaults. Shared experts count like
// `shared` experts of `sharedFf` each (one MLP of n·width has the same parameters).
struct MoeSpec {
    MoeLayers layers = MoeLayers::None;
    const char* experts = "num_experts";
    u64 expertsDefault = 0;
    const char* topk = "num_experts_per_tok";
    u64 topkDefault = 0;
    const char* expertFf = "moe_intermediate_size"; // nullptr: intermediate_size
    u64 expertFfDefault = 0;
    const char* shared = nullptr; // number of shared experts; nullptr: sharedDefault
    u64 sharedDefault = 0;
    const char* sharedFf = nullptr; // width of one shared expert; nullptr: the expert's
    u64 sharedFfDefault = 0;
    bool sharedGate = false; // Linear(d, 1) gating the shared expert (Qwen2-MoE)
    FieldFlag routerBias{};  // e_score_correction_bias per expert and layer
    u64 firstDenseDefault = 0;
    bool perLayer = false; // experts, top-k, shared may be one value per layer (HunYuan)
};

// How the sliding window is laid over the layers (the KV cache only).
enum class Sliding {
    None,
    EveryLayer, // every layer slides (Mistral)
    Pattern,    // every pattern-th layer global; layer_types decides when given
    Qwen,       // use_sliding_window with max_window_layers: not modelled, said so
};

// A Llama-shaped model type: one row of the model-type table (hf_model_types.cpp) read by
// importDecoder (hf_import_decoder.cpp). Each field names what the type's modeling_<type>.py
// builds and the configuration fields (with their class defaults) that size it.
struct DecoderSpec {
    CommonDefaults defaults{};
    MlpKind mlp = MlpKind::Gated;
    NormKind norm = NormKind::RMSNorm;
    u64 normsPerBlock = 2;
    bool parallel = false; // attention and MLP read one norm's output (Cohere)
    FieldFlag qkvBias{};
    FieldFlag outBias{};        // field nullptr and value false: none
    bool outFollowsQkv = false; // o_proj takes the same flag as q/k/v
    FieldFlag mlpBias{};
    FieldFlag lmHeadBias{};
    QkNormKind qkNorm = QkNormKind::None;
    FieldFlag qkNormOn{nullptr, true};
    u64 activationParams = 0; // learned parameters of the MLP's activation (Apertus xIELU: 2)
    Sliding sliding = Sliding::None;
    std::optional<u64> slidingDefault{};
    const char* patternField = nullptr; // "sliding_window_pattern"; nullptr: fixed pattern
    u64 pattern = 0;
    MoeSpec moe{};
    const char* mtpField = nullptr; // number of MTP layers the checkpoint stores
    MtpCopies mtpCopies = MtpCopies::Unknown;
};

struct ModelTypeRow;
void importDecoder(const ModelTypeRow& row, Reader& r, ModelConfig& c);

// One row of the model-type table: the one place a model_type is mapped (hf_model_types.cpp).
// Llama-shaped types carry a DecoderSpec and are read by importDecoder; the others name their
// own importer. A vision-language wrapper names its default text type. `reference` is the folder
// under tests/data/reference/ of a real config of this type with its published count.
struct ModelTypeRow {
    const char* type;
    const char* configClass;
    void (*import)(const ModelTypeRow& row, Reader& r, ModelConfig& c);
    const DecoderSpec* decoder = nullptr;
    const char* countedAs = nullptr;   // read as this type (Kimi K2: deepseek_v3)
    const char* textDefault = nullptr; // a vision-language wrapper's default text type
    const char* reference = nullptr;
    // Whether the family's checkpoints store rotary buffers (docs/counting.md).
    RotaryBuffers rotary = RotaryBuffers::None;
};
const std::vector<ModelTypeRow>& modelTypeTable();
const ModelTypeRow* findModelType(const std::string& type);

// Per-type mappings (hf_import_types.cpp). Each fills every field of ModelConfig it governs.
void importGpt2(Reader& r, ModelConfig& c);
void importGptj(Reader& r, ModelConfig& c);
void importGptNeox(Reader& r, ModelConfig& c);
void importOpt(Reader& r, ModelConfig& c);
void importBloom(Reader& r, ModelConfig& c);
void importFalcon(Reader& r, ModelConfig& c);
void importPhi(Reader& r, ModelConfig& c);
void importStarcoder2(Reader& r, ModelConfig& c);
// hf_import_llama.cpp: DeepSeek (latent attention) and the sliding-window helpers.
void importDeepseek(const std::string& type, Reader& r, ModelConfig& c);
void readQwenSliding(Reader& r, ModelConfig& c);
// The MoE layers by one of the MoeLayers rules, with the spec's field names.
void readMoe(Reader& r, ModelConfig& c, const MoeSpec& m);
// hf_import_moe.cpp: gpt-oss and GLM-4.5.
void importGptOss(Reader& r, ModelConfig& c);
void importGlm4Moe(Reader& r, ModelConfig& c);
void importOlmoe(Reader& r, ModelConfig& c);
// hf_import_llama4.cpp: Llama 4's language model (llama4_text).
void importLlama4(Reader& r, ModelConfig& c);
// hf_import_ssm.cpp: hybrids of attention and another token mixer (ModelConfig::mixer).
void importLfm2(Reader& r, ModelConfig& c);
void importQwen3Next(Reader& r, ModelConfig& c);
// Qwen3-Next's layer layout (full_attention_interval, layer_types) and Gated DeltaNet sizes, with
// a type's class defaults: linear_num_key_heads, linear_num_value_heads, linear_key_head_dim,
// linear_value_head_dim, linear_conv_kernel_dim.
struct DeltaNetDefaults {
    u64 keyHeads;
    u64 valueHeads;
    u64 keyHeadDim;
    u64 valueHeadDim;
    u64 conv;
};
void readDeltaNetLayers(Reader& r, ModelConfig& c, const DeltaNetDefaults& d);
// hf_import_mamba.cpp: state-space models and Mamba hybrids.
void importMamba(Reader& r, ModelConfig& c);
void importMamba2(Reader& r, ModelConfig& c);
void importJamba(Reader& r, ModelConfig& c);
void importGraniteMoeHybrid(Reader& r, ModelConfig& c);
// hf_import_hybrid.cpp: Mamba-2 hybrids with parallel or shared attention.
void importFalconH1(Reader& r, ModelConfig& c);
void importZamba2(Reader& r, ModelConfig& c);

// Helpers of the hybrid importers (hf_import_ssm.cpp).
// A size field that must be positive, with its class default (a guess when missing).
u64 positiveOrDefault(Reader& r, std::initializer_list<const char*> names, u64 classDefault);
// Per layer, whether it attends: from the string list `field` when the config has one (an entry
// equal to `attention` attends; every entry must be one of `known`), else `byRule`.
std::vector<bool> attendingLayers(Reader& r, const char* field, const std::string& attention,
                                  const std::vector<std::string>& known,
                                  const std::vector<bool>& byRule);
u64 countTrue(const std::vector<bool>& v);
// int(expand · hidden_size) as Python computes it for an integer or float expand.
u64 expandedWidth(Reader& r, const char* field, u64 hidden, double classDefault);
// A Mamba-2 mixer's heads, head width, groups, state and convolution read from the type's own
// field names, for an inner width `inner` the type computes (expand·hidden_size or its own
// field); head_dim missing or "auto" is inner / heads (hf_import_mamba.cpp).
struct Mamba2Fields {
    const char* heads;
    u64 headsDefault;
    const char* headDim; // nullptr: the type derives it (inner / heads)
    std::optional<u64> headDimDefault;
    const char* groups;
    u64 groupsDefault;
    const char* state;
    u64 stateDefault;
    const char* conv;
    u64 convDefault;
};
void readMamba2(Reader& r, MixerLayers& m, u64 inner, const Mamba2Fields& f);
// The attention fields a hybrid without learned positions shares: RMSNorm, two norms per layer,
// a final norm, a gated MLP, no position table.
void hybridShape(ModelConfig& c);
// hf_import_vision.cpp: the vision tower and projector of a vision-language config, from the
// top-level object `top` of type `topType` (gemma3, llama4, llava, llava_next, mistral3, qwen2_vl,
// qwen2_5_vl). Fills c.vision_tower and c.projector, or c.not_counted when it cannot.
void importVision(const nlohmann::json& top, const std::string& topType, const std::string& file,
                  ModelConfig& c, std::vector<std::string>& guesses);

// hf_import_vision_more.cpp: InternVL's InternViT and Idefics3 / SmolVLM's tower with their
// projectors; false when `topType` is none of internvl_chat, internvl, idefics3, smolvlm.
bool importMoreVision(const nlohmann::json& top, const nlohmann::json& vision,
                      const std::string& topType, const std::string& vtype, const std::string& file,
                      ModelConfig& c, std::vector<std::string>& guesses);

// The configuration class that documents a model type's defaults ("LlamaConfig").
std::string configClassName(const std::string& type);

// hf_import_next.cpp: the 2025-26 types with their own layer kinds.
void importQwen35(const ModelTypeRow& row, Reader& r, ModelConfig& c);
void importNemotronH(Reader& r, ModelConfig& c);
void importDeepseekV32(const std::string& type, Reader& r, ModelConfig& c);
void importGlmMoeDsa(Reader& r, ModelConfig& c);
void importBamba(Reader& r, ModelConfig& c);
// hf_import_more.cpp: Gemma 3n's text model and its towers' embedders; the towers are counted in
// hf_import_gemma3n.cpp (gemma3nTowers returns what it could not count, "" when everything).
void importHunyuan(const ModelTypeRow& row, Reader& r, ModelConfig& c);
void importGemma3nText(const ModelTypeRow& row, Reader& r, ModelConfig& c);
void gemma3nEmbedders(const nlohmann::json& top, const std::string& file, ModelConfig& c,
                      std::vector<std::string>& guesses);
std::string gemma3nTowers(const nlohmann::json& top, const std::string& file, ModelConfig& c,
                          std::vector<std::string>& guesses);

} // namespace llmsizer::hf
