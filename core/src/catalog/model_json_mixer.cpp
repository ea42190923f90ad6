// The architecture's "mixer" and "shared" objects (presets/README.md): a mixer as its kind, its
// layout, its layer count and its dimensions, and Zamba2's shared blocks. The form written before
// mixers had dimensions (fixed parts summed over the layers) is still read, by recovering the
// dimensions from the parts.
#include "catalog/model_json_internal.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/model/mixer.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

#include <algorithm>
#include <optional>
#include <string_view>
#include <vector>

namespace llmsizer::modeljson {

using nlohmann::json;

namespace {

using u64 = std::uint64_t;

struct UField {
    std::string_view key;
    u64 MixerLayers::*member;
};
struct BField {
    std::string_view key;
    bool MixerLayers::*member;
};
struct KindFields {
    std::vector<UField> counts;
    std::vector<BField> flags;
};

// The dimensions each kind is described by (model.h, MixerLayers), in the order they are written.
KindFields fieldsOf(MixerKind kind)
{
    const BField conv{"conv_bias", &MixerLayers::conv_bias};
    const BField in{"in_proj_bias", &MixerLayers::in_proj_bias};
    const BField out{"out_proj_bias", &MixerLayers::out_proj_bias};
    const UField taps{"d_conv", &MixerLayers::d_conv};
    const UField state{"d_state", &MixerLayers::d_state};
    const UField heads{"heads", &MixerLayers::heads};
    const UField headDim{"head_dim", &MixerLayers::head_dim};
    switch (kind) {
    case MixerKind::ShortConv:
        return {{taps}, {conv, in, out}};
    case MixerKind::GatedDeltaNet:
        return {{{"key_heads", &MixerLayers::key_heads},
                 {"key_head_dim", &MixerLayers::key_head_dim},
                 heads,
                 headDim,
                 taps},
                {}};
    case MixerKind::Mamba:
        return {
            {{"d_inner", &MixerLayers::d_inner}, state, {"dt_rank", &MixerLayers::dt_rank}, taps},
            {conv, in, out, {"inner_norms", &MixerLayers::inner_norms}}};
    case MixerKind::Mamba2:
        return {{heads, headDim, {"groups", &MixerLayers::groups}, state, taps},
                {conv, in, out, {"gated_norm", &MixerLayers::gated_norm}}};
    case MixerKind::None:
        break;
    }
    return {};
}

[[noreturn]] void fail(const std::string& file, const std::string& path, const std::string& msg)
{
    throw InputError(file, path, msg);
}

MixerKind kindOf(const json& obj, const std::string& file, const std::string& path)
{
    const std::optional<std::string> name = getOptString(obj, "kind", file, path);
    if (!name) {
        fail(file, joinPath(path, "kind"), "is required");
    }
    if (auto k = mixerKindByName(*name)) {
        return *k;
    }
    fail(file, joinPath(path, "kind"),
         "must be one of \"short_conv\", \"gated_deltanet\", \"mamba\", \"mamba2\" (got \"" +
             *name + "\")");
}

// ---- The form without dimensions ----------------------------------------------------------

// Parts summed over the layers, per layer; nullopt if a part does not divide evenly.
std::optional<std::vector<Part>> perLayer(const json& parts, u64 layers, const std::string& file,
                                          const std::string& path)
{
    if (!parts.is_array() || layers == 0) {
        return std::nullopt;
    }
    std::vector<Part> out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const json& e = parts[i];
        if (!e.is_array() || e.size() != 2 || !e[0].is_string() || !e[1].is_number_unsigned()) {
            fail(file, path + "[" + std::to_string(i) + "]",
                 "must be a [name, parameters] pair with a non-negative integer");
        }
        const u64 n = e[1].get<u64>();
        if (n % layers != 0) {
            return std::nullopt;
        }
        out.push_back({e[0].get<std::string>(), n / layers});
    }
    return out;
}

u64 partOf(const std::vector<Part>& parts, std::string_view key)
{
    for (const Part& p : parts) {
        if (p.key == key) {
            return p.params;
        }
    }
    return 0;
}

// The dimensions behind an LFM2 ShortConv layer's parts: in_proj d·3d (+ 3d with conv_bias),
// conv1d d·L_cache (+ d).
std::optional<MixerLayers> shortConvFrom(const std::vector<Part>& p, u64 d)
{
    MixerLayers m;
    m.kind = MixerKind::ShortConv;
    const bool bias = partOf(p, "in_proj") != 3 * d * d;
    m.conv_bias = m.in_proj_bias = m.out_proj_bias = bias;
    const u64 conv = partOf(p, "conv1d") - (bias ? d : 0);
    if (d == 0 || conv % d != 0) {
        return std::nullopt;
    }
    m.d_conv = conv / d;
    return m;
}

// The dimensions behind a Qwen3-Next Gated DeltaNet layer's parts and state: in_proj_ba d·2·n_v,
// norm d_v, in_proj_qkvz d·(2K + 2V), conv1d (2K + V)·k, state (2K + V)·k + n_v·d_k·d_v.
std::optional<MixerLayers> deltaNetFrom(const std::vector<Part>& p, u64 state, u64 d)
{
    MixerLayers m;
    m.kind = MixerKind::GatedDeltaNet;
    const u64 ba = partOf(p, "in_proj_ba");
    const u64 qkvz = partOf(p, "in_proj_qkvz");
    m.head_dim = partOf(p, "norm");
    if (d == 0 || ba % (2 * d) != 0 || qkvz % d != 0 || m.head_dim == 0) {
        return std::nullopt;
    }
    m.heads = ba / (2 * d);
    if (m.heads > Limits::maxHeads || m.head_dim > Limits::maxHeadDim) {
        return std::nullopt;
    }
    const u64 value = m.heads * m.head_dim;
    const u64 twoKey = qkvz / d;
    if (twoKey < 2 * value || (twoKey - 2 * value) % 2 != 0) {
        return std::nullopt;
    }
    const u64 key = (twoKey - 2 * value) / 2;
    if (key > (u64{1} << 40)) {
        return std::nullopt;
    }
    const u64 channels = 2 * key + value;
    const u64 conv = partOf(p, "conv1d");
    if (channels == 0 || conv % channels != 0 || state < conv || m.heads == 0) {
        return std::nullopt;
    }
    m.d_conv = conv / channels;
    const u64 rest = state - conv;
    if (rest % value != 0 || rest / value == 0 || key % (rest / value) != 0) {
        return std::nullopt;
    }
    m.key_head_dim = rest / value;
    m.key_heads = key / m.key_head_dim;
    return m;
}

MixerLayers legacyFromJson(const json& obj, MixerKind kind, u64 d, const std::string& file,
                           const std::string& path)
{
    requireKnownKeys(obj, {"kind", "layers", "state_per_layer", "parts"}, file, path);
    const u64 layers = getOptUInt(obj, "layers", file, path).value_or(0);
    const u64 state = getOptUInt(obj, "state_per_layer", file, path).value_or(0);
    const json parts = obj.value("parts", json::array());
    if (!parts.is_array()) {
        fail(file, joinPath(path, "parts"), "must be a list of [name, parameters] pairs");
    }
    const std::optional<std::vector<Part>> p =
        perLayer(parts, layers, file, joinPath(path, "parts"));
    std::optional<MixerLayers> m;
    if (p && d >= 1 && d <= Limits::maxDModel && kind == MixerKind::ShortConv) {
        m = shortConvFrom(*p, d);
    } else if (p && d >= 1 && d <= Limits::maxDModel && kind == MixerKind::GatedDeltaNet) {
        m = deltaNetFrom(*p, state, d);
    }
    if (m) {
        m->layers = layers;
        // Every stored part (per layer) and the state must be what the recovered dimensions give.
        try {
            if (mixerLayerParts(*m, d) == *p && mixerStatePerLayer(*m, d) == state) {
                return *m;
            }
        } catch (const OverflowError&) {
            // Dimensions no real model has: reported below.
        }
    }
    fail(file, joinPath(path, "parts"),
         "do not match a " + std::string(mixerKindName(kind)) + " mixer of d_model " +
             std::to_string(d) +
             " (this form without dimensions is read for LFM2's short_conv "
             "and Qwen3-Next's gated_deltanet only)");
}

} // namespace

json mixerToJson(const MixerLayers& m)
{
    json j = {{"kind", std::string(mixerKindName(m.kind))},
              {"layout", std::string(mixerLayoutName(m.layout))},
              {"layers", m.layers}};
    const KindFields f = fieldsOf(m.kind);
    for (const UField& u : f.counts) {
        j[std::string(u.key)] = m.*u.member;
    }
    for (const BField& b : f.flags) {
        j[std::string(b.key)] = m.*b.member;
    }
    return j;
}

MixerLayers mixerFromJson(const json& obj, std::uint64_t d_model, const std::string& file,
                          const std::string& path)
{
    requireObject(obj, file, path);
    const MixerKind kind = kindOf(obj, file, path);
    if (obj.contains("parts") || obj.contains("state_per_layer")) {
        return legacyFromJson(obj, kind, d_model, file, path);
    }
    const KindFields f = fieldsOf(kind);
    std::vector<std::string_view> allowed = {"kind", "layout", "layers"};
    for (const UField& u : f.counts) {
        allowed.push_back(u.key);
    }
    for (const BField& b : f.flags) {
        allowed.push_back(b.key);
    }
    for (const auto& [key, value] : obj.items()) {
        if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
            fail(file, joinPath(path, key),
                 "unknown key (not a dimension of a " + std::string(mixerKindName(kind)) +
                     " mixer)");
        }
        if (value.is_null()) {
            fail(file, joinPath(path, key),
                 "must not be null (leave the key out to use the default)");
        }
    }
    MixerLayers m;
    m.kind = kind;
    if (auto layout = getOptString(obj, "layout", file, path)) {
        const auto l = mixerLayoutByName(*layout);
        if (!l) {
            fail(file, joinPath(path, "layout"),
                 "must be one of \"replace\", \"parallel\", \"only\" (got \"" + *layout + "\")");
        }
        m.layout = *l;
    }
    m.layers = getOptUInt(obj, "layers", file, path).value_or(0);
    for (const UField& u : f.counts) {
        m.*u.member = getOptUInt(obj, std::string(u.key), file, path).value_or(0);
    }
    for (const BField& b : f.flags) {
        m.*b.member = getOptBool(obj, std::string(b.key), file, path).value_or(false);
    }
    return m;
}

json sharedToJson(const SharedBlocks& s)
{
    return {{"blocks", s.blocks},
            {"layers", s.layers},
            {"adapter_rank", s.adapter_rank},
            {"attention_adapters", s.attention_adapters},
            {"mlp_adapters", s.mlp_adapters}};
}

SharedBlocks sharedFromJson(const json& obj, const std::string& file, const std::string& path)
{
    requireObject(obj, file, path);
    requireKnownKeys(obj,
                     {"blocks", "layers", "adapter_rank", "attention_adapters", "mlp_adapters"},
                     file, path);
    SharedBlocks s;
    s.blocks = getOptUInt(obj, "blocks", file, path).value_or(0);
    s.layers = getOptUInt(obj, "layers", file, path).value_or(0);
    s.adapter_rank = getOptUInt(obj, "adapter_rank", file, path).value_or(0);
    s.attention_adapters = getOptBool(obj, "attention_adapters", file, path).value_or(false);
    s.mlp_adapters = getOptBool(obj, "mlp_adapters", file, path).value_or(false);
    return s;
}

void augmentsToJson(const ModelConfig& c, json& j)
{
    const LayerAugments& a = c.augments;
    if (a.any()) {
        j["augments"] = {{"per_layer_dim", a.per_layer_dim},
                         {"per_layer_vocab", a.per_layer_vocab},
                         {"altup_inputs", a.altup_inputs},
                         {"laurel_rank", a.laurel_rank}};
    }
    if (c.kv_shared_layers != 0) {
        j["kv_shared_layers"] = c.kv_shared_layers;
    }
    if (c.rotary_buffers != RotaryBuffers::None) {
        j["rotary_buffers"] = c.rotary_buffers == RotaryBuffers::InvFreq ? "inv_freq" : "unknown";
    }
}

void augmentsFromJson(const json& j, ModelConfig& c, const std::string& file,
                      const std::string& prefix)
{
    if (auto it = j.find("augments"); it != j.end()) {
        const std::string p = joinPath(prefix, "augments");
        requireObject(*it, file, p);
        requireKnownKeys(*it, {"per_layer_dim", "per_layer_vocab", "altup_inputs", "laurel_rank"},
                         file, p);
        LayerAugments& a = c.augments;
        a.per_layer_dim = getOptUInt(*it, "per_layer_dim", file, p).value_or(0);
        a.per_layer_vocab = getOptUInt(*it, "per_layer_vocab", file, p).value_or(0);
        a.altup_inputs = getOptUInt(*it, "altup_inputs", file, p).value_or(0);
        a.laurel_rank = getOptUInt(*it, "laurel_rank", file, p).value_or(0);
    }
    c.kv_shared_layers = getOptUInt(j, "kv_shared_layers", file, prefix).value_or(0);
    if (auto r = getOptString(j, "rotary_buffers", file, prefix)) {
        if (*r == "inv_freq") {
            c.rotary_buffers = RotaryBuffers::InvFreq;
        } else if (*r == "unknown") {
            c.rotary_buffers = RotaryBuffers::Unknown;
        } else {
            throw InputError(file, joinPath(prefix, "rotary_buffers"),
                             "must be \"inv_freq\" or \"unknown\" (got \"" + *r + "\")");
        }
    }
}

} // namespace llmsizer::modeljson
