// The project's JSON form of a ModelConfig: the "architecture" object of a preset file. Every key
// mirrors a ModelConfig field name; presets/README.md documents each one.
#include "catalog/model_json_internal.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <string_view>
#include <utility>

namespace llmsizer {

using nlohmann::json;

namespace {

// Names of an enum's values as written in JSON.
template <typename E> using EnumName = std::pair<E, std::string_view>;

constexpr std::array<EnumName<MlpKind>, 2> kMlpNames{
    {{MlpKind::Plain, "plain"}, {MlpKind::Gated, "gated"}}};
constexpr std::array<EnumName<NormKind>, 2> kNormNames{
    {{NormKind::LayerNorm, "layernorm"}, {NormKind::RMSNorm, "rmsnorm"}}};
constexpr std::array<EnumName<QkNormKind>, 3> kQkNormNames{
    {{QkNormKind::None, "none"}, {QkNormKind::PerHead, "per_head"}, {QkNormKind::Full, "full"}}};
constexpr std::array<EnumName<PositionKind>, 2> kPositionNames{
    {{PositionKind::None, "none"}, {PositionKind::Learned, "learned"}}};
constexpr std::array<EnumName<AttentionKind>, 2> kAttentionNames{
    {{AttentionKind::Standard, "standard"}, {AttentionKind::Latent, "latent"}}};

template <typename E, std::size_t N>
std::string enumName(E value, const std::array<EnumName<E>, N>& names)
{
    for (const auto& [v, name] : names) {
        if (v == value) {
            return std::string(name);
        }
    }
    return "unknown";
}

// Reads an optional enum key; an unknown name lists the accepted ones.
template <typename E, std::size_t N>
void readEnum(const json& obj, const char* key, const std::array<EnumName<E>, N>& names, E& out,
              const std::string& file, const std::string& prefix)
{
    const auto text = getOptString(obj, key, file, prefix);
    if (!text) {
        return;
    }
    std::string accepted;
    for (const auto& [v, name] : names) {
        if (name == *text) {
            out = v;
            return;
        }
        accepted += (accepted.empty() ? "\"" : ", \"") + std::string(name) + "\"";
    }
    throw InputError(file, joinPath(prefix, key),
                     "must be one of " + accepted + " (got \"" + *text + "\")");
}

void readUInt(const json& obj, const char* key, std::uint64_t& out, const std::string& file,
              const std::string& prefix)
{
    if (auto v = getOptUInt(obj, key, file, prefix)) {
        out = *v;
    }
}

void readBool(const json& obj, const char* key, bool& out, const std::string& file,
              const std::string& prefix)
{
    if (auto v = getOptBool(obj, key, file, prefix)) {
        out = *v;
    }
}

// Returns the sub-object `key` (nullptr when absent) after checking its type and keys.
const json* subObject(const json& obj, const char* key,
                      std::initializer_list<std::string_view> allowed, const std::string& file,
                      const std::string& prefix)
{
    auto it = obj.find(key);
    if (it == obj.end()) {
        return nullptr;
    }
    const std::string path = joinPath(prefix, key);
    requireObject(*it, file, path);
    requireKnownKeys(*it, allowed, file, path);
    return &*it;
}

// Counted parts as a list of [name, parameters] pairs, in display order:
// [["patch_embed", 678528], ["position_embed", 4718592], …].
json partsToJson(const std::vector<Part>& parts)
{
    json out = json::array();
    for (const Part& p : parts) {
        out.push_back(json::array({p.key, p.params}));
    }
    return out;
}

std::vector<Part> partsFromJson(const json& obj, const char* key, const std::string& file,
                                const std::string& prefix)
{
    std::vector<Part> out;
    auto it = obj.find(key);
    if (it == obj.end()) {
        return out;
    }
    const std::string path = joinPath(prefix, key);
    if (!it->is_array()) {
        throw InputError(file, path, "must be a list of [name, parameters] pairs");
    }
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json& e = (*it)[i];
        if (!e.is_array() || e.size() != 2 || !e[0].is_string() || !e[1].is_number_unsigned()) {
            throw InputError(file, path + "[" + std::to_string(i) + "]",
                             "must be a [name, parameters] pair with a non-negative integer");
        }
        out.push_back({e[0].get<std::string>(), e[1].get<std::uint64_t>()});
    }
    return out;
}

} // namespace

void requireKnownKeys(const json& obj, std::initializer_list<std::string_view> allowed,
                      const std::string& file, const std::string& prefix)
{
    for (const auto& [key, value] : obj.items()) {
        if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
            throw InputError(file, joinPath(prefix, key), "unknown key");
        }
        if (value.is_null()) {
            throw InputError(file, joinPath(prefix, key),
                             "must not be null (leave the key out to use the default)");
        }
    }
}

json modelConfigToJson(const ModelConfig& c)
{
    json j;
    j["d_model"] = c.d_model;
    j["n_layers"] = c.n_layers;
    j["n_heads"] = c.n_heads;
    j["n_kv_heads"] = c.n_kv_heads;
    j["head_dim"] = c.head_dim;
    j["vocab_size"] = c.vocab_size;
    j["context_length"] = c.context_length;
    j["mlp"] = enumName(c.mlp, kMlpNames);
    j["d_ff"] = c.d_ff;
    j["ffn_rule"] = {{"multiple_of", c.ffn_rule.multiple_of},
                     {"ffn_dim_multiplier", c.ffn_rule.ffn_dim_multiplier}};
    j["biases"] = {{"qkv", c.biases.qkv},
                   {"out", c.biases.out},
                   {"mlp_up", c.biases.mlp_up},
                   {"mlp_down", c.biases.mlp_down},
                   {"lm_head", c.biases.lm_head}};
    j["norm"] = enumName(c.norm, kNormNames);
    j["norms_per_block"] = c.norms_per_block;
    j["final_norm"] = c.final_norm;
    j["embedding_norm"] = c.embedding_norm;
    j["qk_norm"] = enumName(c.qk_norm, kQkNormNames);
    j["position"] = enumName(c.position, kPositionNames);
    j["position_offset"] = c.position_offset;
    j["tied_head"] = c.tied_head;
    j["parallel_block"] = c.parallel_block;
    j["attention"] = enumName(c.attention, kAttentionNames);
    j["mla"] = {{"q_lora_rank", c.mla.q_lora_rank},
                {"kv_lora_rank", c.mla.kv_lora_rank},
                {"qk_nope_head_dim", c.mla.qk_nope_head_dim},
                {"qk_rope_head_dim", c.mla.qk_rope_head_dim},
                {"v_head_dim", c.mla.v_head_dim}};
    j["moe"] = {{"n_routed_experts", c.moe.n_routed_experts},
                {"experts_per_token", c.moe.experts_per_token},
                {"expert_d_ff", c.moe.expert_d_ff},
                {"n_shared_experts", c.moe.n_shared_experts},
                {"shared_d_ff", c.moe.shared_d_ff},
                {"first_dense_layers", c.moe.first_dense_layers},
                {"router_bias", c.moe.router_bias},
                {"shared_expert_gate", c.moe.shared_expert_gate}};
    if (c.moe.every != 1) {
        j["moe"]["every"] = c.moe.every; // written only when the layers interleave
    }
    j["sliding_window"] = c.sliding_window;
    j["global_every"] = c.global_every;
    if (c.chunked_attention) {
        j["chunked_attention"] = true;
    }
    j["attention_sinks"] = c.attention_sinks;
    j["mtp_layers"] = c.mtp_layers;
    if (c.mtp_shared_embeddings) {
        j["mtp_shared_embeddings"] = true;
    }
    if (c.fp8_block_rows != 0) {
        j["fp8_block_rows"] = c.fp8_block_rows;
        j["fp8_block_cols"] = c.fp8_block_cols;
    }
    if (c.mlp_activation_params != 0) {
        j["mlp_activation_params"] = c.mlp_activation_params;
    }
    if (c.mtp_copies_unknown) {
        j["mtp_copies_unknown"] = true;
    }
    if (c.single.any()) {
        j["single"] = {{"attention_only", c.single.attention_only},
                       {"mlp_only", c.single.mlp_only}};
    }
    if (c.indexer.heads != 0) {
        j["indexer"] = {{"heads", c.indexer.heads}, {"head_dim", c.indexer.head_dim}};
    }
    if (c.attention_output_gate) {
        j["attention_output_gate"] = true;
    }
    if (c.mixer.kind != MixerKind::None) {
        j["mixer"] = modeljson::mixerToJson(c.mixer);
    }
    if (c.shared.blocks != 0) {
        j["shared"] = modeljson::sharedToJson(c.shared);
    }
    if (c.embedding_dim != 0) {
        j["embedding_dim"] = c.embedding_dim; // written only when the embedding is narrower
    }
    modeljson::augmentsToJson(c, j);
    if (!c.vision_tower.empty()) {
        j["vision_tower"] = partsToJson(c.vision_tower);
    }
    if (!c.audio_tower.empty()) {
        j["audio_tower"] = partsToJson(c.audio_tower);
    }
    if (!c.projector.empty()) {
        j["projector"] = partsToJson(c.projector);
    }
    if (!c.not_counted.empty()) {
        j["not_counted"] = c.not_counted;
    }
    if (!c.estimate.empty()) {
        j["estimate"] = c.estimate;
    }
    if (!c.model_type.empty()) {
        j["model_type"] = c.model_type;
    }
    return j;
}

ModelConfig modelConfigFromJson(const json& j, const std::string& file, const std::string& prefix)
{
    requireObject(j, file, prefix);
    requireKnownKeys(j,
                     {"d_model",
                      "n_layers",
                      "n_heads",
                      "n_kv_heads",
                      "head_dim",
                      "vocab_size",
                      "context_length",
                      "mlp",
                      "d_ff",
                      "ffn_rule",
                      "biases",
                      "norm",
                      "norms_per_block",
                      "final_norm",
                      "embedding_norm",
                      "qk_norm",
                      "position",
                      "position_offset",
                      "tied_head",
                      "parallel_block",
                      "attention",
                      "mla",
                      "moe",
                      "sliding_window",
                      "global_every",
                      "chunked_attention",
                      "attention_sinks",
                      "mtp_layers",
                      "mtp_shared_embeddings",
                      "mtp_copies_unknown",
                      "mlp_activation_params",
                      "fp8_block_rows",
                      "fp8_block_cols",
                      "single",
                      "indexer",
                      "attention_output_gate",
                      "mixer",
                      "shared",
                      "embedding_dim",
                      "augments",
                      "kv_shared_layers",
                      "rotary_buffers",
                      "vision_tower",
                      "audio_tower",
                      "projector",
                      "not_counted",
                      "estimate",
                      "model_type"},
                     file, prefix);
    ModelConfig c;
    readUInt(j, "d_model", c.d_model, file, prefix);
    readUInt(j, "n_layers", c.n_layers, file, prefix);
    readUInt(j, "n_heads", c.n_heads, file, prefix);
    readUInt(j, "n_kv_heads", c.n_kv_heads, file, prefix);
    readUInt(j, "head_dim", c.head_dim, file, prefix);
    readUInt(j, "vocab_size", c.vocab_size, file, prefix);
    readUInt(j, "context_length", c.context_length, file, prefix);
    readEnum(j, "mlp", kMlpNames, c.mlp, file, prefix);
    readUInt(j, "d_ff", c.d_ff, file, prefix);
    if (const json* f =
            subObject(j, "ffn_rule", {"multiple_of", "ffn_dim_multiplier"}, file, prefix)) {
        const std::string p = joinPath(prefix, "ffn_rule");
        readUInt(*f, "multiple_of", c.ffn_rule.multiple_of, file, p);
        if (auto m = getOptNumber(*f, "ffn_dim_multiplier", file, p)) {
            c.ffn_rule.ffn_dim_multiplier = *m;
        }
    }
    if (const json* b =
            subObject(j, "biases", {"qkv", "out", "mlp_up", "mlp_down", "lm_head"}, file, prefix)) {
        const std::string p = joinPath(prefix, "biases");
        readBool(*b, "qkv", c.biases.qkv, file, p);
        readBool(*b, "out", c.biases.out, file, p);
        readBool(*b, "mlp_up", c.biases.mlp_up, file, p);
        readBool(*b, "mlp_down", c.biases.mlp_down, file, p);
        readBool(*b, "lm_head", c.biases.lm_head, file, p);
    }
    readEnum(j, "norm", kNormNames, c.norm, file, prefix);
    readUInt(j, "norms_per_block", c.norms_per_block, file, prefix);
    readBool(j, "final_norm", c.final_norm, file, prefix);
    readBool(j, "embedding_norm", c.embedding_norm, file, prefix);
    readEnum(j, "qk_norm", kQkNormNames, c.qk_norm, file, prefix);
    readEnum(j, "position", kPositionNames, c.position, file, prefix);
    readUInt(j, "position_offset", c.position_offset, file, prefix);
    readBool(j, "tied_head", c.tied_head, file, prefix);
    readBool(j, "parallel_block", c.parallel_block, file, prefix);
    readEnum(j, "attention", kAttentionNames, c.attention, file, prefix);
    if (const json* m = subObject(
            j, "mla",
            {"q_lora_rank", "kv_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim"},
            file, prefix)) {
        const std::string p = joinPath(prefix, "mla");
        readUInt(*m, "q_lora_rank", c.mla.q_lora_rank, file, p);
        readUInt(*m, "kv_lora_rank", c.mla.kv_lora_rank, file, p);
        readUInt(*m, "qk_nope_head_dim", c.mla.qk_nope_head_dim, file, p);
        readUInt(*m, "qk_rope_head_dim", c.mla.qk_rope_head_dim, file, p);
        readUInt(*m, "v_head_dim", c.mla.v_head_dim, file, p);
    }
    if (const json* m = subObject(j, "moe",
                                  {"n_routed_experts", "experts_per_token", "expert_d_ff",
                                   "n_shared_experts", "shared_d_ff", "first_dense_layers",
                                   "router_bias", "shared_expert_gate", "every"},
                                  file, prefix)) {
        const std::string p = joinPath(prefix, "moe");
        readUInt(*m, "n_routed_experts", c.moe.n_routed_experts, file, p);
        readUInt(*m, "experts_per_token", c.moe.experts_per_token, file, p);
        readUInt(*m, "expert_d_ff", c.moe.expert_d_ff, file, p);
        readUInt(*m, "n_shared_experts", c.moe.n_shared_experts, file, p);
        readUInt(*m, "shared_d_ff", c.moe.shared_d_ff, file, p);
        readUInt(*m, "first_dense_layers", c.moe.first_dense_layers, file, p);
        readBool(*m, "router_bias", c.moe.router_bias, file, p);
        readBool(*m, "shared_expert_gate", c.moe.shared_expert_gate, file, p);
        readUInt(*m, "every", c.moe.every, file, p);
    }
    readUInt(j, "sliding_window", c.sliding_window, file, prefix);
    readUInt(j, "global_every", c.global_every, file, prefix);
    readBool(j, "chunked_attention", c.chunked_attention, file, prefix);
    readBool(j, "attention_sinks", c.attention_sinks, file, prefix);
    readUInt(j, "mtp_layers", c.mtp_layers, file, prefix);
    readBool(j, "mtp_shared_embeddings", c.mtp_shared_embeddings, file, prefix);
    readBool(j, "mtp_copies_unknown", c.mtp_copies_unknown, file, prefix);
    readUInt(j, "mlp_activation_params", c.mlp_activation_params, file, prefix);
    readUInt(j, "fp8_block_rows", c.fp8_block_rows, file, prefix);
    readUInt(j, "fp8_block_cols", c.fp8_block_cols, file, prefix);
    if (const json* m = subObject(j, "single", {"attention_only", "mlp_only"}, file, prefix)) {
        const std::string p = joinPath(prefix, "single");
        readUInt(*m, "attention_only", c.single.attention_only, file, p);
        readUInt(*m, "mlp_only", c.single.mlp_only, file, p);
    }
    if (const json* m = subObject(j, "indexer", {"heads", "head_dim"}, file, prefix)) {
        const std::string p = joinPath(prefix, "indexer");
        readUInt(*m, "heads", c.indexer.heads, file, p);
        readUInt(*m, "head_dim", c.indexer.head_dim, file, p);
    }
    readBool(j, "attention_output_gate", c.attention_output_gate, file, prefix);
    if (auto it = j.find("mixer"); it != j.end()) {
        c.mixer = modeljson::mixerFromJson(*it, c.d_model, file, joinPath(prefix, "mixer"));
    }
    if (auto it = j.find("shared"); it != j.end()) {
        c.shared = modeljson::sharedFromJson(*it, file, joinPath(prefix, "shared"));
    }
    readUInt(j, "embedding_dim", c.embedding_dim, file, prefix);
    modeljson::augmentsFromJson(j, c, file, prefix);
    c.vision_tower = partsFromJson(j, "vision_tower", file, prefix);
    c.projector = partsFromJson(j, "projector", file, prefix);
    c.audio_tower = partsFromJson(j, "audio_tower", file, prefix);
    if (auto t = getOptString(j, "not_counted", file, prefix)) {
        c.not_counted = *t;
    }
    if (auto t = getOptString(j, "estimate", file, prefix)) {
        c.estimate = *t;
    }
    if (auto t = getOptString(j, "model_type", file, prefix)) {
        c.model_type = *t;
    }
    // Rules that span fields (heads dividing d_model, experts per token ≤ experts, …) come from
    // validate(); the first broken one names its field under this object.
    if (const auto issues = validate(c); !issues.empty()) {
        throw InputError(file, joinPath(prefix, issues.front().field), issues.front().message);
    }
    return c;
}

} // namespace llmsizer
