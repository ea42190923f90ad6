// Hugging Face config.json -> ModelConfig: which model_type is read (the model-type table,
// hf_model_types.cpp), where its language model sits (top level, text_config or llm_config), the
// vision side of a vision-language config, the labelled estimate for a type the table does not
// know (hf_import_estimate.cpp), and validation errors that name the HF field.
// docs/hf-import.md documents the mapping per type.
#include "formats/hf_import_estimate.h"
#include "formats/hf_import_internal.h"
#include "llmsizer/formats/hf_import.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <algorithm>

namespace llmsizer {

using nlohmann::json;

namespace {

// A vision-language wrapper of the table (it names a default text type).
const hf::ModelTypeRow* multimodal(const std::string& type)
{
    const hf::ModelTypeRow* row = hf::findModelType(type);
    return row != nullptr && row->textDefault != nullptr ? row : nullptr;
}

// The type whose reading a type shares (Kimi K2: deepseek_v3), else the type itself.
std::string countedAs(const std::string& type)
{
    const hf::ModelTypeRow* row = hf::findModelType(type);
    return row != nullptr && row->countedAs != nullptr ? row->countedAs : type;
}

// A language-model type of the table (one with an importer).
const hf::ModelTypeRow* languageRow(const std::string& type)
{
    const hf::ModelTypeRow* row = hf::findModelType(type);
    return row != nullptr && row->import != nullptr ? row : nullptr;
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

// quantization_config {"quant_method": "fp8", "weight_block_size": [rows, cols]}: the checkpoint
// stores a scale per block of every FP8 weight (DeepSeek-V3, MiniMax-M2).
void readFp8Blocks(const json& j, const std::string& file, ModelConfig& c)
{
    auto q = j.find("quantization_config");
    if (q == j.end() || !q->is_object()) {
        return;
    }
    if (getOptString(*q, "quant_method", file, "quantization_config").value_or("") != "fp8") {
        return;
    }
    auto b = q->find("weight_block_size");
    if (b == q->end() || b->is_null()) {
        return;
    }
    if (!b->is_array() || b->size() != 2 || !(*b)[0].is_number_unsigned() ||
        !(*b)[1].is_number_unsigned() || (*b)[0].get<std::uint64_t>() == 0 ||
        (*b)[1].get<std::uint64_t>() == 0) {
        throw InputError(file, "quantization_config.weight_block_size",
                         "must be two positive integers (got " + b->dump() + ")");
    }
    c.fp8_block_rows = (*b)[0].get<std::uint64_t>();
    c.fp8_block_cols = (*b)[1].get<std::uint64_t>();
}

} // namespace

const std::vector<std::string>& supportedHfModelTypes()
{
    static const std::vector<std::string> types = [] {
        std::vector<std::string> v;
        for (const hf::ModelTypeRow& row : hf::modelTypeTable()) {
            v.emplace_back(row.type);
        }
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
    const hf::ModelTypeRow* mm = multimodal(visionType);

    // A vision-language config nests its language model under "text_config" (Qwen2-VL keeps it
    // at the top level; InternVL's remote code names it "llm_config").
    const json* obj = &j;
    std::string prefix;
    for (const char* key : {"text_config", "llm_config"}) {
        if (auto it = j.find(key); prefix.empty() && it != j.end() && !it->is_null()) {
            requireObject(*it, file, key);
            obj = &*it;
            prefix = key;
        }
    }
    std::optional<std::string> type = getOptString(*obj, "model_type", file, prefix);
    std::string typeField = joinPath(prefix, "model_type");
    if (mm && (prefix.empty() || !type)) {
        type = std::string(mm->textDefault);
        typeField = "model_type";
    } else if (!type && !prefix.empty() && topType) {
        type = *topType;
        typeField = "model_type";
    }
    if (!type) {
        throw InputError(file, "model_type", "is required");
    }
    const std::string lmType = countedAs(*type);
    const hf::ModelTypeRow* row = languageRow(lmType);
    if (row == nullptr) {
        // Not in the table: a standard decoder from its size fields, labelled as an estimate.
        HfImport estimated = hf::estimateUnknownType(j, *obj, *type, file, prefix);
        estimated.config.model_type = topType.value_or(*type);
        return estimated;
    }

    HfImport out;
    out.model_type = *type;
    out.name = displayName(j, *type);
    hf::Reader reader(*obj, file, prefix, row->configClass, out.guesses);
    if (mm && !prefix.empty() && (lmType == "llama" || lmType == "mistral")) {
        // LlamaConfig / MistralConfig defaults: hidden_size 4096, num_hidden_layers 32.
        reader.allowSizeDefaults(4096, 32);
    }
    ModelConfig& c = out.config;
    c = ModelConfig{};
    row->import(*row, reader, c);
    c.rotary_buffers = row->rotary;
    c.model_type = topType.value_or(*type);

    // A multimodal model ties lm_head through the top-level config.
    if (!prefix.empty() && !obj->contains("tie_word_embeddings")) {
        if (auto tie = getOptBool(j, "tie_word_embeddings", file, "")) {
            c.tied_head = *tie;
        }
    }
    readFp8Blocks(j, file, c);
    if (mm && std::string(mm->type) == "gemma3n") {
        hf::gemma3nEmbedders(j, file, c, out.guesses);
    } else if (mm) {
        hf::importVision(j, mm->type, file, c, out.guesses);
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
