// The labelled estimate for a model type the table does not know: new types appear every month,
// and most are standard decoders under a new name. When the size fields are there the config is
// counted as one (q/k/v/o attention, a gated MLP or experts of the same shape, two RMSNorms per
// layer, rotary positions) and every view says so on the number; the fields such a count cannot
// use are named. Only missing size fields are refused, all of them named at once.
#include "formats/hf_import_estimate.h"

#include "formats/hf_import_internal.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <algorithm>

namespace llmsizer::hf {

using nlohmann::json;

namespace {

// The first of `names` that holds a non-negative integer.
std::optional<u64> sizeField(const json& obj, std::initializer_list<const char*> names)
{
    for (const char* n : names) {
        if (auto it = obj.find(n); it != obj.end() && it->is_number_integer() &&
                                   !(it->is_number_integer() && it->get<std::int64_t>() < 0)) {
            return it->get<u64>();
        }
    }
    return std::nullopt;
}

// Fields that describe parts a standard decoder does not have: named as not counted.
struct Foreign {
    const char* field;
    const char* what;
    const char* notCounted = nullptr; // the part left out of the count, or nullptr
};
constexpr Foreign kForeign[] = {
    {"kv_lora_rank", "latent attention (kv_lora_rank): counted as standard attention"},
    {"q_lora_rank", "a low-rank query projection (q_lora_rank): counted as a full one"},
    {"hybrid_override_pattern", "the layer pattern (hybrid_override_pattern): every layer "
                                "counted as attention and MLP"},
    {"layers_block_type", "the layer kinds (layers_block_type): every layer counted as "
                          "attention and MLP"},
    {"mamba_d_state", "state-space layers (mamba_*): counted as attention"},
    {"ssm_state_size", "state-space layers (ssm_state_size): counted as attention"},
    {"linear_num_value_heads", "linear-attention layers (linear_*): counted as attention"},
    {"first_k_dense_replace",
     "dense layers before the experts (first_k_dense_replace): every layer counted with experts"},
    {"n_shared_experts", "shared experts (n_shared_experts): counted as routed-expert-sized"},
    {"num_nextn_predict_layers", "MTP layers (num_nextn_predict_layers): not counted",
     "the MTP layers"},
    {"vision_config", "the vision tower (vision_config): not counted",
     "the vision tower and projector"},
    {"audio_config", "the audio encoder (audio_config): not counted", "the audio encoder"},
};

} // namespace

HfImport estimateUnknownType(const json& top, const json& obj, const std::string& type,
                             const std::string& file, const std::string& prefix)
{
    const auto field = [&](const std::string& name) { return joinPath(prefix, name); };
    const auto d = sizeField(obj, {"hidden_size", "n_embd", "d_model", "dim"});
    const auto layers = sizeField(obj, {"num_hidden_layers", "n_layer", "num_layers", "n_layers"});
    const auto heads = sizeField(obj, {"num_attention_heads", "n_head", "n_heads"});
    const auto vocab = sizeField(obj, {"vocab_size", "padded_vocab_size"});
    const auto ff = sizeField(obj, {"intermediate_size", "ffn_hidden_size", "n_inner"});
    const auto experts = sizeField(obj, {"num_local_experts", "num_experts", "n_routed_experts"});
    const auto expertFf = sizeField(obj, {"moe_intermediate_size", "expert_intermediate_size"});
    const bool moe = experts.value_or(0) > 0;

    std::vector<std::string> missing;
    const auto need = [&](const std::optional<u64>& v, const char* name) {
        if (!v || *v == 0) {
            missing.push_back(field(name));
        }
    };
    need(d, "hidden_size");
    need(layers, "num_hidden_layers");
    need(heads, "num_attention_heads");
    need(vocab, "vocab_size");
    if (!(moe ? (expertFf || ff) : ff.has_value())) {
        missing.emplace_back(field(moe ? "moe_intermediate_size" : "intermediate_size"));
    }
    if (!missing.empty()) {
        std::string list;
        for (const std::string& m : missing) {
            list += (list.empty() ? "" : ", ") + m;
        }
        throw InputError(file, field("model_type"),
                         "model type '" + type +
                             "' is not known, and counting it as a standard decoder needs its "
                             "size fields; missing: " +
                             list);
    }

    HfImport out;
    out.model_type = type;
    out.name = type;
    if (auto it = top.find("_name_or_path"); it != top.end() && it->is_string()) {
        out.name = it->get<std::string>();
    }
    std::vector<std::string>& a = out.assumptions;
    ModelConfig& c = out.config;
    c = ModelConfig{};
    c.d_model = *d;
    c.n_layers = *layers;
    c.n_heads = *heads;
    c.vocab_size = *vocab;
    c.mlp = MlpKind::Gated;
    c.norm = NormKind::RMSNorm;
    c.norms_per_block = 2;
    c.final_norm = true;
    c.position = PositionKind::None;
    a.emplace_back("every layer: attention (q, k, v, o without biases) and a gated MLP (gate, "
                   "up, down), two RMSNorms; a final RMSNorm; rotary positions (no parameters)");
    if (auto kv = sizeField(obj, {"num_key_value_heads", "num_kv_heads"})) {
        c.n_kv_heads = *kv;
    } else {
        c.n_kv_heads = c.n_heads;
        a.push_back(field("num_key_value_heads") + " missing: multi-head attention (" +
                    std::to_string(c.n_heads) + " KV heads)");
    }
    c.head_dim = sizeField(obj, {"head_dim"}).value_or(0);
    c.d_ff = ff.value_or(0);
    c.context_length =
        sizeField(obj, {"max_position_embeddings", "n_positions", "seq_length"}).value_or(4096);
    if (!sizeField(obj, {"max_position_embeddings", "n_positions", "seq_length"})) {
        a.push_back(field("max_position_embeddings") + " missing: a context of 4,096 tokens");
    }
    bool tie = false;
    if (auto it = obj.find("tie_word_embeddings"); it != obj.end() && it->is_boolean()) {
        tie = it->get<bool>();
    } else if (auto t = top.find("tie_word_embeddings"); t != top.end() && t->is_boolean()) {
        tie = t->get<bool>();
    } else {
        a.push_back(field("tie_word_embeddings") + " missing: an untied head");
    }
    c.tied_head = tie;
    if (moe) {
        c.moe.n_routed_experts = *experts;
        c.moe.expert_d_ff = expertFf.value_or(c.d_ff);
        c.moe.experts_per_token = std::min(
            *experts, sizeField(obj, {"num_experts_per_tok", "moe_topk", "top_k"}).value_or(1));
        a.emplace_back("experts in every layer (" + std::to_string(*experts) + " of width " +
                       std::to_string(c.moe.expert_d_ff) + ", " +
                       std::to_string(c.moe.experts_per_token) +
                       " per token), a bias-free router, no shared expert");
        if (c.d_ff == 0) {
            c.d_ff = c.moe.expert_d_ff;
        }
    }
    std::vector<std::string> notCounted;
    for (const Foreign& f : kForeign) {
        const json& where = std::string(f.field).find("_config") != std::string::npos ? top : obj;
        if (auto it = where.find(f.field); it != where.end() && !it->is_null()) {
            a.emplace_back(std::string("not described by the estimate: ") + f.what);
            if (f.notCounted != nullptr) {
                notCounted.emplace_back(f.notCounted);
            }
        }
    }
    if (!notCounted.empty()) {
        std::string list;
        for (const std::string& n : notCounted) {
            list += (list.empty() ? "" : ", ") + n;
        }
        c.not_counted = list + " (model type '" + type + "' is not known)";
    }
    c.estimate = "model type '" + type +
                 "' is not known; counted as a standard decoder from its size fields";
    if (auto issues = validate(c); !issues.empty()) {
        throw InputError(file, field("model_type"),
                         "model type '" + type + "' is not known, and its size fields do not " +
                             "form a standard decoder: " + issues.front().field + " " +
                             issues.front().message);
    }
    return out;
}

} // namespace llmsizer::hf
