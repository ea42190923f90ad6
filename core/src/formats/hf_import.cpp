// Hugging Face config.json -> ModelConfig: reading fields, dispatching on model_type, and turning
// validation problems into errors that name the HF field. The per-type mappings live in
// hf_import_types.cpp and hf_import_llama.cpp; docs/hf-import.md documents them.
#include "llmsizer/formats/hf_import.h"

#include "formats/hf_import_internal.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <algorithm>

namespace llmsizer {

using nlohmann::json;

namespace hf {

Reader::Reader(const json& obj, std::string file, std::string prefix, std::string className,
               std::vector<std::string>& guesses)
    : m_obj(obj), m_file(std::move(file)), m_prefix(std::move(prefix)),
      m_className(std::move(className)), m_guesses(guesses)
{
}

const json* Reader::find(const char* name) const
{
    auto it = m_obj.find(name);
    if (it == m_obj.end() || it->is_null()) {
        return nullptr;
    }
    return &*it;
}

bool Reader::has(const char* name) const
{
    return m_obj.contains(name);
}

bool Reader::isString(const char* name) const
{
    auto it = m_obj.find(name);
    return it != m_obj.end() && it->is_string();
}

bool Reader::isNull(const char* name) const
{
    auto it = m_obj.find(name);
    return it != m_obj.end() && it->is_null();
}

std::optional<u64> Reader::optUInt(std::initializer_list<const char*> names) const
{
    for (const char* n : names) {
        if (auto v = getOptUInt(m_obj, n, m_file, m_prefix)) {
            return v;
        }
    }
    return std::nullopt;
}

std::optional<bool> Reader::optBool(std::initializer_list<const char*> names) const
{
    for (const char* n : names) {
        if (auto v = getOptBool(m_obj, n, m_file, m_prefix)) {
            return v;
        }
    }
    return std::nullopt;
}

std::optional<std::string> Reader::optString(std::initializer_list<const char*> names) const
{
    for (const char* n : names) {
        if (auto v = getOptString(m_obj, n, m_file, m_prefix)) {
            return v;
        }
    }
    return std::nullopt;
}

std::optional<double> Reader::optNumber(std::initializer_list<const char*> names) const
{
    for (const char* n : names) {
        if (auto v = getOptNumber(m_obj, n, m_file, m_prefix)) {
            return v;
        }
    }
    return std::nullopt;
}

u64 Reader::required(std::initializer_list<const char*> names) const
{
    if (auto v = optUInt(names)) {
        return *v;
    }
    fail(*names.begin(), "is required");
}

u64 Reader::orDefault(std::initializer_list<const char*> names, u64 classDefault)
{
    if (auto v = optUInt(names)) {
        return *v;
    }
    guess(path(*names.begin()) + ": missing; using " + m_className + "'s default " +
          std::to_string(classDefault));
    return classDefault;
}

u64 Reader::perLayerOrDefault(const char* name, u64 layers, u64 classDefault)
{
    const json* v = find(name);
    if (v == nullptr || !v->is_array()) {
        return orDefault({name}, classDefault);
    }
    const std::vector<u64> values = uintList(name);
    if (values.size() != layers) {
        fail(name, "has " + withThousands(values.size()) + " entries for " + withThousands(layers) +
                       " layers");
    }
    for (u64 x : values) {
        if (x != values.front()) {
            fail(name, "differs between layers (" + withThousands(values.front()) + " and " +
                           withThousands(x) +
                           "); a count with one value for every layer cannot describe it");
        }
    }
    return values.front();
}

std::optional<u64> Reader::optUIntOrAuto(const char* name) const
{
    if (const json* v = find(name); v != nullptr && v->is_string()) {
        if (v->get<std::string>() != "auto") {
            fail(name, "must be a non-negative integer or \"auto\" (got " + v->dump() + ")");
        }
        return std::nullopt;
    }
    return optUInt({name});
}

bool Reader::flag(std::initializer_list<const char*> names, bool classDefault) const
{
    return optBool(names).value_or(classDefault);
}

std::vector<u64> Reader::uintList(const char* name) const
{
    std::vector<u64> out;
    const json* v = find(name);
    if (v == nullptr) {
        return out;
    }
    if (!v->is_array()) {
        fail(name, "must be a list of layer indices");
    }
    for (const json& e : *v) {
        // Parsed text gives unsigned numbers; JSON built in code may hold signed ones.
        if (e.is_number_unsigned()) {
            out.push_back(e.get<u64>());
        } else if (e.is_number_integer() && e.get<std::int64_t>() >= 0) {
            out.push_back(static_cast<u64>(e.get<std::int64_t>()));
        } else {
            fail(name, "must be a list of non-negative integers (got " + e.dump() + ")");
        }
    }
    return out;
}

std::vector<std::string> Reader::stringList(const char* name) const
{
    std::vector<std::string> out;
    const json* v = find(name);
    if (v == nullptr) {
        return out;
    }
    if (!v->is_array()) {
        fail(name, "must be a list of strings");
    }
    for (const json& e : *v) {
        if (!e.is_string()) {
            fail(name, "must be a list of strings (got " + e.dump() + ")");
        }
        out.push_back(e.get<std::string>());
    }
    return out;
}

void Reader::source(const std::string& modelField, const std::string& hfField)
{
    m_sources[modelField] = path(hfField);
}

std::string Reader::sourceOf(const std::string& modelField) const
{
    auto it = m_sources.find(modelField);
    return it == m_sources.end() ? std::string() : it->second;
}

std::string Reader::path(const std::string& name) const
{
    return joinPath(m_prefix, name);
}

void Reader::fail(const std::string& name, const std::string& message) const
{
    throw InputError(m_file, path(name), message);
}

void Reader::guess(const std::string& text)
{
    // Two readers of one object (Gemma 3n's embedders and towers) may guess the same field.
    if (std::find(m_guesses.begin(), m_guesses.end(), text) == m_guesses.end()) {
        m_guesses.push_back(text);
    }
}

void readCommon(Reader& r, ModelConfig& c, const CommonDefaults& d)
{
    const auto sizes = r.sizeDefaults();
    c.d_model = sizes ? r.orDefault({"hidden_size"}, sizes->first) : r.required({"hidden_size"});
    r.source("d_model", "hidden_size");
    // EXAONE 3.x names its layer count num_layers (ExaoneConfig attribute_map).
    c.n_layers = sizes ? r.orDefault({"num_hidden_layers"}, sizes->second)
                       : r.required({"num_hidden_layers", "num_layers"});
    r.source("n_layers", "num_hidden_layers");
    // Checked here, not only in validate(): the MoE layer rules walk every layer.
    if (c.n_layers > Limits::maxLayers) {
        r.fail("num_hidden_layers", "must be between 1 and " + withThousands(Limits::maxLayers) +
                                        " (got " + withThousands(c.n_layers) + ")");
    }
    c.n_heads = r.orDefault({"num_attention_heads"}, d.heads);
    r.source("n_heads", "num_attention_heads");
    // Every configuration class maps num_key_value_heads=None to num_attention_heads (plain
    // multi-head attention); a missing key takes the class default, which is None for most.
    if (auto kv = r.optUInt({"num_key_value_heads"})) {
        c.n_kv_heads = *kv;
        r.source("n_kv_heads", "num_key_value_heads");
    } else if (r.isNull("num_key_value_heads") || !d.kv) {
        c.n_kv_heads = c.n_heads;
        r.source("n_kv_heads", "num_attention_heads");
    } else {
        c.n_kv_heads = r.orDefault({"num_key_value_heads"}, *d.kv);
        r.source("n_kv_heads", "num_key_value_heads");
    }
    // head_dim: explicit, else the class default, else hidden_size // num_attention_heads.
    if (auto hd = r.optUInt({"head_dim"})) {
        c.head_dim = *hd;
    } else if (d.hd && !r.isNull("head_dim")) {
        c.head_dim = r.orDefault({"head_dim"}, *d.hd);
    } else {
        c.head_dim = 0;
    }
    r.source("head_dim", "head_dim");
    c.vocab_size = r.orDefault({"vocab_size"}, d.vocab);
    r.source("vocab_size", "vocab_size");
    if (d.ff) {
        c.d_ff = r.orDefault({"intermediate_size"}, *d.ff);
        r.source("d_ff", "intermediate_size");
        if (c.d_ff == 0) {
            r.fail("intermediate_size", "must be positive");
        }
    }
    c.context_length = r.orDefault({"max_position_embeddings"}, d.context);
    r.source("context_length", "max_position_embeddings");
    c.tied_head = r.flag({"tie_word_embeddings"}, d.tie);
}

u64 firstDenseLayers(const Reader& r, u64 layers, const std::vector<bool>& isMoe,
                     const std::string& fields)
{
    // isMoe has one entry per layer; accept "k dense layers, then MoE to the end".
    u64 k = 0;
    while (k < layers && !isMoe[k]) {
        ++k;
    }
    for (u64 i = k; i < layers; ++i) {
        if (!isMoe[i]) {
            r.fail(fields, "layer " + std::to_string(i) +
                               " is dense between mixture-of-experts layers; only a block of "
                               "dense layers before all MoE layers can be described");
        }
    }
    return k;
}

} // namespace hf

} // namespace llmsizer
