// The show-the-math formula of the mixer layers (ModelConfig::mixer): one term per module of the
// mixer, in the order mixer.cpp counts them, from the mixer's dimensions and d_model.
#include "llmsizer/model/mixer.h"
#include "llmsizer/text/format.h"
#include "mathtext_parts.h"

namespace llmsizer::mathparts {

namespace {

using u64 = std::uint64_t;

// Linear(in, out) with an optional bias of `out`.
void linear(std::vector<Expr>& t, const Expr& in, const Expr& out, bool bias)
{
    t.push_back(prod({in, out}));
    if (bias) {
        t.push_back(out);
    }
}

// Depthwise Conv1d over `channels` with k taps and an optional bias.
void conv(std::vector<Expr>& t, const Expr& channels, const Expr& k, bool bias)
{
    t.push_back(prod({channels, k}));
    if (bias) {
        t.push_back(channels);
    }
}

} // namespace

Expr mixerExpr(const ModelConfig& c)
{
    const MixerLayers& m = c.mixer;
    const Expr d = var("d", c.d_model);
    const Expr k = var("k", m.d_conv);
    std::vector<Expr> t;
    switch (m.kind) {
    case MixerKind::ShortConv:
        linear(t, d, prod({lit(3), d}), m.in_proj_bias);
        conv(t, d, k, m.conv_bias);
        linear(t, d, d, m.out_proj_bias);
        break;
    case MixerKind::GatedDeltaNet: {
        const Expr key = prod({var("h_k", m.key_heads), var("d_k", m.key_head_dim)});
        const Expr value = prod({var("h_v", m.heads), var("d_v", m.head_dim)});
        t.push_back(prod({d, sum({prod({lit(2), key}), prod({lit(2), value})})})); // in_proj_qkvz
        t.push_back(prod({d, lit(2), var("h_v", m.heads)}));                       // in_proj_ba
        t.push_back(prod({sum({prod({lit(2), key}), value}), k}));                 // conv1d
        t.push_back(prod({lit(2), var("h_v", m.heads)}));                          // dt_bias, A_log
        t.push_back(var("d_v", m.head_dim));                                       // norm
        t.push_back(prod({value, d}));                                             // out_proj
        break;
    }
    case MixerKind::Mamba: {
        const Expr in = var("d_in", m.d_inner);
        const Expr N = var("N", m.d_state);
        const Expr R = var("R", mixerDtRank(m, c.d_model));
        linear(t, d, prod({lit(2), in}), m.in_proj_bias);
        conv(t, in, k, m.conv_bias);
        t.push_back(prod({in, sum({R, prod({lit(2), N})})})); // x_proj
        linear(t, R, in, true);                               // dt_proj
        t.push_back(prod({in, N}));                           // A_log
        t.push_back(in);                                      // D
        if (m.inner_norms) {
            t.push_back(sum({R, prod({lit(2), N})}));
        }
        linear(t, in, d, m.out_proj_bias);
        break;
    }
    case MixerKind::Mamba2: {
        const Expr in = var("d_in", mixerInnerWidth(m, c.d_model));
        const Expr heads = var("h", m.heads);
        const Expr channels = sum({in, prod({lit(2), var("g", m.groups), var("N", m.d_state)})});
        linear(t, d, sum({in, channels, heads}), m.in_proj_bias);
        conv(t, channels, k, m.conv_bias);
        t.push_back(prod({lit(3), heads})); // dt_bias, A_log, D
        if (m.gated_norm) {
            t.push_back(in);
        }
        linear(t, in, d, m.out_proj_bias);
        break;
    }
    case MixerKind::None:
        return lit(0);
    }
    return times(var("L_m", m.layers), sum(t));
}

std::string mixerLegend(const ModelConfig& c)
{
    const MixerLayers& m = c.mixer;
    std::string s = "L_m = mixer layers, d = d_model, k = convolution taps";
    switch (m.kind) {
    case MixerKind::ShortConv:
        s += "; in_proj d·3d, depthwise conv d·k, out_proj d·d";
        break;
    case MixerKind::GatedDeltaNet:
        s += ", h_k / d_k = key heads / width, h_v / d_v = value heads / width; in_proj_qkvz, "
             "in_proj_ba, conv1d over q, k and v, dt_bias and A_log per value head, gated norm, "
             "out_proj";
        break;
    case MixerKind::Mamba:
        s += ", d_in = inner width, N = state size, R = Δ rank; in_proj, conv1d, x_proj, dt_proj "
             "(with bias), A_log, D";
        s += m.inner_norms ? ", Jamba's Δ, B and C norms, out_proj" : ", out_proj";
        break;
    case MixerKind::Mamba2:
        s += ", h = heads of " + withThousands(m.head_dim) +
             ", d_in = h·head_dim, g = groups, N = state size; in_proj (gate, x, B, C, dt), "
             "conv1d over x, B and C, dt_bias, A_log and D per head";
        s += m.gated_norm ? ", gated norm, out_proj" : ", out_proj";
        break;
    case MixerKind::None:
        break;
    }
    return s;
}

std::string mixerSource(const ModelConfig& c)
{
    switch (c.mixer.kind) {
    case MixerKind::ShortConv:
        return "transformers modeling_lfm2.py Lfm2ShortConv; docs/counting.md";
    case MixerKind::GatedDeltaNet:
        return "transformers modeling_qwen3_next.py Qwen3NextGatedDeltaNet; docs/counting.md";
    case MixerKind::Mamba:
        return "transformers modeling_mamba.py MambaMixer (modeling_jamba.py JambaMambaMixer); "
               "docs/counting.md";
    case MixerKind::Mamba2:
        return "transformers modeling_mamba2.py Mamba2Mixer (Bamba, Falcon-H1, Zamba2 mixers); "
               "docs/counting.md";
    case MixerKind::None:
        break;
    }
    return "docs/counting.md";
}

} // namespace llmsizer::mathparts
