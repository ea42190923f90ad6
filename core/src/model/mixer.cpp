// The token mixers of hybrid and state-space layers, counted from their dimensions. Each formula
// mirrors the __init__ of one transformers module (nn.Linear(i, o, bias) = i·o (+ o); a
// depthwise nn.Conv1d(c, c, k, groups=c, bias) = c·k (+ c); nn.Parameter(torch.ones(n)) = n;
// RMSNorm(w) = w) and each state the cache class that holds it. docs/counting.md and
// docs/memory.md derive them.
#include "llmsizer/model/mixer.h"

#include "llmsizer/text/checked.h"
#include "llmsizer/text/format.h"

#include <array>
#include <utility>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

u64 mul(u64 a, u64 b)
{
    return checkedMul(a, b, "mixer parameter count");
}
u64 add(u64 a, u64 b)
{
    return checkedAdd(a, b, "mixer parameter count");
}

// Linear(in, out, bias).
u64 linear(u64 in, u64 out, bool bias)
{
    return add(mul(in, out), bias ? out : 0);
}

// Depthwise Conv1d(c, c, k, groups=c, bias).
u64 depthwise(u64 channels, u64 taps, bool bias)
{
    return add(mul(channels, taps), bias ? channels : 0);
}

constexpr std::array<std::pair<MixerKind, std::string_view>, 5> kKinds{{
    {MixerKind::None, ""},
    {MixerKind::ShortConv, "short_conv"},
    {MixerKind::GatedDeltaNet, "gated_deltanet"},
    {MixerKind::Mamba, "mamba"},
    {MixerKind::Mamba2, "mamba2"},
}};

constexpr std::array<std::pair<MixerLayout, std::string_view>, 3> kLayouts{{
    {MixerLayout::Replace, "replace"},
    {MixerLayout::Parallel, "parallel"},
    {MixerLayout::Only, "only"},
}};

} // namespace

std::string_view mixerKindName(MixerKind kind)
{
    for (const auto& [k, name] : kKinds) {
        if (k == kind) {
            return name;
        }
    }
    return "";
}

std::optional<MixerKind> mixerKindByName(std::string_view name)
{
    for (const auto& [k, n] : kKinds) {
        if (n == name && k != MixerKind::None) {
            return k;
        }
    }
    return std::nullopt;
}

std::string_view mixerLayoutName(MixerLayout layout)
{
    for (const auto& [l, name] : kLayouts) {
        if (l == layout) {
            return name;
        }
    }
    return "replace";
}

std::optional<MixerLayout> mixerLayoutByName(std::string_view name)
{
    for (const auto& [l, n] : kLayouts) {
        if (n == name) {
            return l;
        }
    }
    return std::nullopt;
}

std::uint64_t mixerDtRank(const MixerLayers& m, std::uint64_t d_model)
{
    // MambaConfig / JambaConfig: time_step_rank "auto" -> math.ceil(hidden_size / 16).
    return m.dt_rank != 0 ? m.dt_rank : (d_model + 15) / 16;
}

std::uint64_t mixerInnerWidth(const MixerLayers& m, std::uint64_t d_model)
{
    switch (m.kind) {
    case MixerKind::ShortConv:
        return d_model;
    case MixerKind::Mamba:
        return m.d_inner;
    case MixerKind::GatedDeltaNet:
    case MixerKind::Mamba2:
        return mul(m.heads, m.head_dim);
    case MixerKind::None:
        break;
    }
    return 0;
}

std::uint64_t mixerConvChannels(const MixerLayers& m, std::uint64_t d_model)
{
    switch (m.kind) {
    case MixerKind::ShortConv:
    case MixerKind::Mamba:
        return mixerInnerWidth(m, d_model);
    case MixerKind::GatedDeltaNet:
        // conv_dim = key_dim·2 + value_dim (q, k and v are convolved).
        return add(mul(2, mul(m.key_heads, m.key_head_dim)), mixerInnerWidth(m, d_model));
    case MixerKind::Mamba2:
        // conv_dim = intermediate_size + 2·n_groups·ssm_state_size (x, B and C).
        return add(mixerInnerWidth(m, d_model), mul(2, mul(m.groups, m.d_state)));
    case MixerKind::None:
        break;
    }
    return 0;
}

std::vector<Part> mixerLayerParts(const MixerLayers& m, std::uint64_t d)
{
    std::vector<Part> p;
    const u64 inner = mixerInnerWidth(m, d);
    const u64 conv = mixerConvChannels(m, d);
    switch (m.kind) {
    case MixerKind::ShortConv:
        // modeling_lfm2.py Lfm2ShortConv: in_proj Linear(d, 3d), conv Conv1d(d, d, L_cache,
        // groups=d), out_proj Linear(d, d), each with bias=conv_bias.
        p = {{"in_proj", linear(d, mul(3, d), m.in_proj_bias)},
             {"conv1d", depthwise(d, m.d_conv, m.conv_bias)},
             {"out_proj", linear(d, d, m.out_proj_bias)}};
        break;
    case MixerKind::GatedDeltaNet: {
        // modeling_qwen3_next.py Qwen3NextGatedDeltaNet: in_proj_qkvz Linear(d, 2·key_dim +
        // 2·value_dim), in_proj_ba Linear(d, 2·v_heads), conv1d over conv_dim (no bias),
        // dt_bias and A_log (v_heads each), norm RMSNormGated(head_v_dim), out_proj
        // Linear(value_dim, d); no biases.
        const u64 key = mul(m.key_heads, m.key_head_dim);
        p = {{"in_proj_qkvz", mul(d, add(mul(2, key), mul(2, inner)))},
             {"in_proj_ba", mul(d, mul(2, m.heads))},
             {"conv1d", depthwise(conv, m.d_conv, false)},
             {"dt_bias", m.heads},
             {"A_log", m.heads},
             {"norm", m.head_dim},
             {"out_proj", mul(inner, d)}};
        break;
    }
    case MixerKind::Mamba: {
        // modeling_mamba.py MambaMixer: in_proj Linear(d, 2·d_inner, bias=use_bias), conv1d
        // (d_inner, k, bias=use_conv_bias), x_proj Linear(d_inner, R + 2N, bias=False), dt_proj
        // Linear(R, d_inner) with bias, A_log (d_inner, N), D (d_inner), out_proj Linear(d_inner,
        // d, bias=use_bias). modeling_jamba.py JambaMambaMixer adds dt_layernorm RMSNorm(R),
        // b_layernorm and c_layernorm RMSNorm(N).
        const u64 R = mixerDtRank(m, d);
        const u64 N = m.d_state;
        p = {{"in_proj", linear(d, mul(2, inner), m.in_proj_bias)},
             {"conv1d", depthwise(inner, m.d_conv, m.conv_bias)},
             {"x_proj", mul(inner, add(R, mul(2, N)))},
             {"dt_proj", linear(R, inner, true)},
             {"A_log", mul(inner, N)},
             {"D", inner}};
        if (m.inner_norms) {
            p.push_back({"inner_norms", add(R, mul(2, N))});
        }
        p.push_back({"out_proj", linear(inner, d, m.out_proj_bias)});
        break;
    }
    case MixerKind::Mamba2:
        // modeling_mamba2.py Mamba2Mixer: in_proj Linear(d, d_inner + conv_dim + heads) (gate z,
        // x B C, dt), conv1d over conv_dim, dt_bias, A_log and D (heads each), norm
        // MambaRMSNormGated(d_inner), out_proj Linear(d_inner, d). Falcon-H1's FalconH1Mixer
        // builds the norm only with mamba_rms_norm and biases out_proj with projectors_bias.
        p = {{"in_proj", linear(d, add(add(inner, conv), m.heads), m.in_proj_bias)},
             {"conv1d", depthwise(conv, m.d_conv, m.conv_bias)},
             {"dt_bias", m.heads},
             {"A_log", m.heads},
             {"D", m.heads}};
        if (m.gated_norm) {
            p.push_back({"norm", inner});
        }
        p.push_back({"out_proj", linear(inner, d, m.out_proj_bias)});
        break;
    case MixerKind::None:
        break;
    }
    std::erase_if(p, [](const Part& part) { return part.params == 0; });
    return p;
}

std::uint64_t mixerLayerParams(const MixerLayers& m, std::uint64_t d_model)
{
    u64 n = 0;
    for (const Part& p : mixerLayerParts(m, d_model)) {
        n = add(n, p.params);
    }
    return n;
}

std::uint64_t mixerStatePerLayer(const MixerLayers& m, std::uint64_t d)
{
    auto smul = [](u64 a, u64 b) { return checkedMul(a, b, "recurrent state"); };
    auto sadd = [](u64 a, u64 b) { return checkedAdd(a, b, "recurrent state"); };
    const u64 window = smul(mixerConvChannels(m, d), m.d_conv);
    switch (m.kind) {
    case MixerKind::ShortConv:
        // Lfm2HybridConvCache.conv_cache: (batch, hidden_size, conv_L_cache).
        return window;
    case MixerKind::GatedDeltaNet:
        // Qwen3NextDynamicCache: conv_states (batch, conv_dim, K) and recurrent_states (batch,
        // v_heads, head_k_dim, head_v_dim).
        return sadd(window, smul(m.heads, smul(m.key_head_dim, m.head_dim)));
    case MixerKind::Mamba:
        // MambaCache: conv_states (batch, intermediate_size, conv_kernel) and ssm_states (batch,
        // intermediate_size, state_size); Jamba's HybridMambaAttentionDynamicCache likewise.
        return sadd(window, smul(m.d_inner, m.d_state));
    case MixerKind::Mamba2:
        // Mamba2 / Bamba / Falcon-H1 / Zamba2 caches: conv_states (batch, d_inner + 2·groups·N,
        // conv_kernel) and ssm_states (batch, heads, head_dim, N).
        return sadd(window, smul(m.heads, smul(m.head_dim, m.d_state)));
    case MixerKind::None:
        break;
    }
    return 0;
}

namespace {

class Issues {
public:
    explicit Issues(std::vector<ValidationIssue>& out) : m_out(out) {}
    void add(const std::string& field, const std::string& message)
    {
        m_out.push_back({"mixer." + field, message});
    }
    void shared(const std::string& field, const std::string& message)
    {
        m_out.push_back({"shared." + field, message});
    }
    void range(const char* field, u64 value, u64 lo, u64 hi)
    {
        if (value < lo || value > hi) {
            add(field, "must be between " + withThousands(lo) + " and " + withThousands(hi) +
                           " (got " + withThousands(value) + ")");
        }
    }
    void unused(const char* field, bool set, std::string_view kind)
    {
        if (set) {
            add(field, "is not used by a " + std::string(kind) + " mixer");
        }
    }

private:
    std::vector<ValidationIssue>& m_out;
};

void validateDims(const MixerLayers& m, Issues& is)
{
    const std::string_view k = mixerKindName(m.kind);
    const bool ssm = m.kind == MixerKind::Mamba || m.kind == MixerKind::Mamba2;
    const bool headed = m.kind == MixerKind::GatedDeltaNet || m.kind == MixerKind::Mamba2;
    is.range("d_conv", m.d_conv, 1, 4096);
    if (headed) {
        is.range("heads", m.heads, 1, Limits::maxHeads);
        is.range("head_dim", m.head_dim, 1, Limits::maxHeadDim);
    } else {
        is.unused("heads", m.heads != 0, k);
        is.unused("head_dim", m.head_dim != 0, k);
    }
    if (m.kind == MixerKind::GatedDeltaNet) {
        is.range("key_heads", m.key_heads, 1, Limits::maxHeads);
        is.range("key_head_dim", m.key_head_dim, 1, Limits::maxHeadDim);
        if (m.key_heads > 0 && m.heads % m.key_heads != 0) {
            // Qwen3NextGatedDeltaNet repeats each key head num_v_heads // num_k_heads times.
            is.add("heads",
                   "must be a multiple of mixer.key_heads (" + withThousands(m.key_heads) + ")");
        }
    } else {
        is.unused("key_heads", m.key_heads != 0, k);
        is.unused("key_head_dim", m.key_head_dim != 0, k);
    }
    if (ssm) {
        is.range("d_state", m.d_state, 1, Limits::maxHeadDim);
    } else {
        is.unused("d_state", m.d_state != 0, k);
    }
    if (m.kind == MixerKind::Mamba) {
        is.range("d_inner", m.d_inner, 1, Limits::maxDff);
        is.range("dt_rank", m.dt_rank, 0, Limits::maxDModel);
    } else {
        is.unused("d_inner", m.d_inner != 0, k);
        is.unused("dt_rank", m.dt_rank != 0, k);
        is.unused("inner_norms", m.inner_norms, k);
    }
    if (m.kind == MixerKind::Mamba2) {
        is.range("groups", m.groups, 1, Limits::maxHeads);
        if (m.groups > 0 && m.heads % m.groups != 0) {
            // Mamba2Mixer repeats B and C num_heads // n_groups times.
            is.add("heads", "must be a multiple of mixer.groups (" + withThousands(m.groups) + ")");
        }
    } else {
        is.unused("groups", m.groups != 0, k);
        is.unused("gated_norm", m.gated_norm, k);
    }
    if (m.kind == MixerKind::GatedDeltaNet) {
        is.unused("conv_bias", m.conv_bias, k);
        is.unused("in_proj_bias", m.in_proj_bias, k);
        is.unused("out_proj_bias", m.out_proj_bias, k);
    }
}

void validateShared(const ModelConfig& c, Issues& is)
{
    const SharedBlocks& s = c.shared;
    if (s.blocks == 0) {
        if (!(s == SharedBlocks{})) {
            is.shared("blocks", "must be positive when other shared-block fields are set");
        }
        return;
    }
    if (c.mixer.layout != MixerLayout::Only || c.mixer.layers != c.n_layers) {
        is.shared("blocks", "needs a mixer of layout \"only\" in every layer (Zamba2)");
    }
    if (s.layers < 1 || s.layers > c.n_layers) {
        is.shared("layers", "must be between 1 and n_layers (" + withThousands(c.n_layers) +
                                ") (got " + withThousands(s.layers) + ")");
    }
    if (s.blocks > Limits::maxLayers) {
        is.shared("blocks", "must be at most " + withThousands(Limits::maxLayers));
    }
    const bool adapters = s.attention_adapters || s.mlp_adapters;
    if (adapters != (s.adapter_rank > 0) || s.adapter_rank > Limits::maxDModel) {
        is.shared("adapter_rank", "must be between 1 and " + withThousands(Limits::maxDModel) +
                                      " with adapters, 0 without");
    }
    if (c.attention != AttentionKind::Standard) {
        is.shared("blocks", "need standard attention");
    }
}

} // namespace

void validateMixer(const ModelConfig& c, std::vector<ValidationIssue>& out)
{
    const MixerLayers& m = c.mixer;
    Issues is(out);
    if (m.kind == MixerKind::None) {
        if (!(m == MixerLayers{})) {
            is.add("kind", "must name the mixer (\"short_conv\", \"gated_deltanet\", \"mamba\", "
                           "\"mamba2\") when other mixer fields are set");
        }
    } else {
        if (m.layers < 1 || m.layers > c.n_layers) {
            is.add("layers", "must be between 1 and n_layers (" + withThousands(c.n_layers) +
                                 ") (got " + withThousands(m.layers) + ")");
        }
        validateDims(m, is);
        if (m.layout == MixerLayout::Only && c.isMoe() && !c.single.any()) {
            is.add("layout", "\"only\" (layers without an MLP) cannot be combined with experts");
        }
    }
    validateShared(c, is);
}

} // namespace llmsizer
