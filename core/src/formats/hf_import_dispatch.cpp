// Hugging Face config.json -> ModelConfig: which model_type is read, where its language model sits
// (top level or text_config), the vision side of a vision-language config, and validation errors
// that name the HF field. docs/hf-import.md documents the mapping per type.
#include "formats/hf_import_internal.h"
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <algorithm>

namespace llmsizer {

using nlohmann::json;

namespace {

// Vision-language types: the top-level model_type, and the language model's type when
// text_config does not name one (the class's default text config).
struct Multimodal {
    const char* top;
    const char* text;
};
constexpr Multimodal kMultimodal[] = {
    {"gemma3", "gemma3_text"}, // Gemma3Config: Gemma3TextConfig
    {"llama4", "llama4_text"}, // Llama4Config: Llama4TextConfig
    {"llava", "llama"},        // LlavaConfig: CONFIG_MAPPING["llama"]
    {"llava_next", "llama"},   // LlavaNextConfig: CONFIG_MAPPING["llama"]
    {"mistral3", "mistral"},   // Mistral3Config: CONFIG_MAPPING["mistral"]
    {"qwen2_vl", "qwen2"},     // Qwen2VLConfig: the language model's fields at the top level
    {"qwen2_5_vl", "qwen2"},   // Qwen2_5_VLConfig: likewise
};

const Multimodal* multimodal(const std::string& type)
{
    for (const Multimodal& m : kMultimodal) {
        if (type == m.top) {
            return &m;
        }
    }
    return nullptr;
}

// Text types that count exactly as another (their own names in transformers, same modules).
std::string countedAs(const std::string& type)
{
    if (type == "qwen2_vl_text" || type == "qwen2_5_vl_text") {
        return "qwen2";
    }
    // Kimi K2 ships DeepSeek-V3's code (auto_map DeepseekV3ForCausalLM) under its own name.
    if (type == "kimi_k2") {
        return "deepseek_v3";
    }
    return type;
}

// The language-model types importLlamaFamily and the others read.
const std::vector<std::string>& languageTypes()
{
    static const std::vector<std::string> types = {
        "bloom",       "cohere",     "deepseek_v2", "deepseek_v3",
        "falcon",      "falcon_h1",  "gemma",       "gemma2",
        "gemma3_text", "glm4_moe",   "gpt2",        "gpt_neox",
        "gpt_oss",     "gptj",       "granite",     "granitemoehybrid",
        "internlm2",   "jamba",      "lfm2",        "llama",
        "llama4_text", "mamba",      "mamba2",      "ministral3",
        "mistral",     "mixtral",    "olmo2",       "olmoe",
        "opt",         "phi",        "phi3",        "qwen2",
        "qwen2_moe",   "qwen3",      "qwen3_moe",   "qwen3_next",
        "smollm3",     "starcoder2", "zamba2"};
    return types;
}

bool isLanguageType(const std::string& t)
{
    const auto& v = languageTypes();
    return std::find(v.begin(), v.end(), t) != v.end();
}

void dispatch(const std::string& type, hf::Reader& r, ModelConfig& c)
{
    if (type == "gpt2") {
        hf::importGpt2(r, c);
    } else if (type == "gptj") {
        hf::importGptj(r, c);
    } else if (type == "gpt_neox") {
        hf::importGptNeox(r, c);
    } else if (type == "opt") {
        hf::importOpt(r, c);
    } else if (type == "bloom") {
        hf::importBloom(r, c);
    } else if (type == "falcon") {
        hf::importFalcon(r, c);
    } else if (type == "phi") {
        hf::importPhi(r, c);
    } else if (type == "starcoder2") {
        hf::importStarcoder2(r, c);
    } else if (type == "deepseek_v2" || type == "deepseek_v3") {
        hf::importDeepseek(type, r, c);
    } else if (type == "gpt_oss") {
        hf::importGptOss(r, c);
    } else if (type == "glm4_moe") {
        hf::importGlm4Moe(r, c);
    } else if (type == "llama4_text") {
        hf::importLlama4(r, c);
    } else if (type == "olmoe") {
        hf::importOlmoe(r, c);
    } else if (type == "lfm2") {
        hf::importLfm2(r, c);
    } else if (type == "qwen3_next") {
        hf::importQwen3Next(r, c);
    } else if (type == "mamba") {
        hf::importMamba(r, c);
    } else if (type == "mamba2") {
        hf::importMamba2(r, c);
    } else if (type == "jamba") {
        hf::importJamba(r, c);
    } else if (type == "granitemoehybrid") {
        hf::importGraniteMoeHybrid(r, c);
    } else if (type == "falcon_h1") {
        hf::importFalconH1(r, c);
    } else if (type == "zamba2") {
        hf::importZamba2(r, c);
    } else {
        hf::importLlamaFamily(type, r, c);
    }
}

std::string supportedList()
{
    std::string out;
    for (const std::string& t : supportedHfModelTypes()) {
        out += (out.empty() ? "" : ", ") + t;
    }
    return out;
}

std::string displayName(const json& j, const std::string& fallback)
{
    if (auto it = j.find("_name_or_path"); it != j.end() && it->is_string()) {
        if (auto s = it->get<std::string>(); !s.empty()) {
            return s;
        }
    }
    if (auto it = j.find("architectures");
        it != j.end() && it->is_array() && !it->empty() && it->front().is_string()) {
        return it->front().get<std::string>();
    }
    return fallback;
}

[[noreturn]] void unsupported(const std::string& file, const std::string& field,
                              const std::string& type)
{
    throw InputError(file, field,
                     "unsupported model type '" + type + "' (supported: " + supportedList() + ")");
}

} // namespace

const std::vector<std::string>& supportedHfModelTypes()
{
    static const std::vector<std::string> types = [] {
        std::vector<std::string> v = languageTypes();
        for (const Multimodal& m : kMultimodal) {
            v.emplace_back(m.top);
        }
        v.emplace_back("kimi_k2"); // read as deepseek_v3 (countedAs)
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
        return v;
    }();
    return types;
}

HfImport importHfConfig(const json& j, const std::string& file)
{
    requireObject(j, file, "");
    const std::optional<std::string> topType = getOptString(j, "model_type", file, "");
    // Mistral 3 checkpoints may name the whole model after their text model ("ministral3" with a
    // vision_config): the vision side is Mistral3ForConditionalGeneration's.
    std::string visionType = topType.value_or("");
    if (visionType == "ministral3" && j.contains("vision_config")) {
        visionType = "mistral3";
    }
    const Multimodal* mm = multimodal(visionType);
    if (topType && !mm && !isLanguageType(countedAs(*topType)) && !j.contains("text_config")) {
        unsupported(file, "model_type", *topType);
    }

    // A vision-language config nests its language model under "text_config" (Qwen2-VL keeps it
    // at the top level).
    const json* obj = &j;
    std::string prefix;
    if (auto it = j.find("text_config"); it != j.end() && !it->is_null()) {
        requireObject(*it, file, "text_config");
        obj = &*it;
        prefix = "text_config";
    }
    std::optional<std::string> type = getOptString(*obj, "model_type", file, prefix);
    std::string typeField = joinPath(prefix, "model_type");
    if (mm && (prefix.empty() || !type)) {
        type = std::string(mm->text);
        typeField = "model_type";
    } else if (!type && !prefix.empty() && topType) {
        type = *topType;
        typeField = "model_type";
    }
    if (!type) {
        throw InputError(file, "model_type", "is required");
    }
    const std::string lmType = countedAs(*type);
    if (!isLanguageType(lmType)) {
        unsupported(file, typeField, *type);
    }

    HfImport out;
    out.model_type = *type;
    out.name = displayName(j, *type);
    hf::Reader reader(*obj, file, prefix, hf::configClassName(lmType), out.guesses);
    if (mm && !prefix.empty() && (lmType == "llama" || lmType == "mistral")) {
        // LlamaConfig / MistralConfig defaults: hidden_size 4096, num_hidden_layers 32.
        reader.allowSizeDefaults(4096, 32);
    }
    ModelConfig& c = out.config;
    c = ModelConfig{};
    dispatch(lmType, reader, c);

    // A multimodal model ties lm_head through the top-level config.
    if (!prefix.empty() && !obj->contains("tie_word_embeddings")) {
        if (auto tie = getOptBool(j, "tie_word_embeddings", file, "")) {
            c.tied_head = *tie;
        }
    }
    if (mm) {
        hf::importVision(j, visionType, file, c, out.guesses);
    } else if (j.contains("vision_config") || j.contains("audio_config")) {
        c.not_counted = "the vision or audio encoder (model_type '" + topType.value_or("") +
                        "' is read as its language model only)";
    }

    if (auto issues = validate(c); !issues.empty()) {
        const ValidationIssue& first = issues.front();
        std::string field = reader.sourceOf(first.field);
        if (field.empty()) {
            // A derived value: name the model field it became.
            throw InputError(file, prefix, "the derived " + first.field + " " + first.message);
        }
        throw InputError(file, field, first.message);
    }
    return out;
}

bool looksLikeHfConfig(const json& j)
{
    return j.is_object() && !j.contains("architecture") &&
           (j.contains("model_type") || j.contains("text_config"));
}

} // namespace llmsizer
