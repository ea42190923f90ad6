// FLOPs, Chinchilla scaling and training time. Sources per formula in docs/compute.md and
// /work/tests/data/reference/formulas.md §4.
#include "llmsizer/compute/compute.h"

#include "llmsizer/model/count.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

double dbl(u64 v)
{
    return static_cast<double>(v);
}

// Weights that multiply an activation, per token, summed over layers. Matrix products cost
// 2 FLOPs per weight (one multiply, one add); biases and norms are additions and are left out.
struct ActiveWeights {
    double attention = 0;
    double mlp = 0;
    double router = 0;
    double lm_head = 0;
};

ActiveWeights activeWeights(const ModelConfig& c, const ParamCount& count)
{
    ActiveWeights w;
    // A shared block (Zamba2) is counted once but used by every hybrid layer calling it.
    const double sharedUses =
        c.shared.blocks == 0
            ? 1.0
            : dbl(c.shared.layers) / dbl(std::min(c.shared.blocks, c.shared.layers));
    for (const Part& p : count.get(Component::Attention).parts) {
        // q, k, v, o or MLA's q_a, q_b, kv_a, kv_b, o; not qkv_bias, o_bias, qk_norm,
        // latent_norms. A shared block's adapters and per-layer linears are per layer already.
        if (p.key.find("bias") == std::string::npos && p.key.find("norm") == std::string::npos) {
            const bool perLayer = p.key == "adapters" || p.key == "layer_linear";
            w.attention += dbl(p.params) * (perLayer ? 1.0 : sharedUses);
        }
    }
    // Hybrid layers (ModelConfig::mixer): their projections and convolution are matmul weights
    // used by every token too, counted with attention's projections; dt_bias, A_log, D and norms
    // are not.
    for (const Part& p : count.get(Component::Mixer).parts) {
        if (p.key.find("proj") != std::string::npos || p.key.find("conv") != std::string::npos) {
            w.attention += dbl(p.params);
        }
    }
    const double d = dbl(c.d_model);
    const double matrices = c.mlp == MlpKind::Gated ? 3.0 : 2.0;
    const double moeLayers = dbl(c.moeLayers());
    // Mixer-only layers (Mamba) have no MLP; a shared block's MLP runs in every hybrid layer.
    const double denseLayers = dbl(c.mlpLayers()) - moeLayers + dbl(c.shared.layers);
    w.mlp = denseLayers * matrices * d * dbl(c.effectiveDff()) +
            dbl(count.get(Component::Mlp).part("adapters"));
    if (c.isMoe()) {
        const MoeConfig& m = c.moe;
        const double sharedFf = dbl(m.shared_d_ff != 0 ? m.shared_d_ff : m.expert_d_ff);
        const double perLayer = dbl(m.experts_per_token) * matrices * d * dbl(m.expert_d_ff) +
                                dbl(m.n_shared_experts) * matrices * d * sharedFf;
        w.mlp += moeLayers * perLayer;
        w.router = moeLayers * d * (dbl(m.n_routed_experts) + (m.shared_expert_gate ? 1.0 : 0.0));
    }
    // OPT-350m: the head is embedding_dim wide, behind project_out (and project_in before the
    // layers).
    const double e = dbl(c.embedding_dim != 0 ? c.embedding_dim : c.d_model);
    w.lm_head = dbl(c.vocab_size) * e + dbl(count.get(Component::LmHead).part("project_out")) +
                dbl(count.get(Component::Embedding).part("project_in"));
    return w;
}

// FLOPs of Q·Kᵀ plus A·V for one token and one key, summed over heads: 2·a·d_qk + 2·a·d_v.
double scoreFlopsPerKeyPerLayer(const ModelConfig& c)
{
    const double a = dbl(c.n_heads);
    if (c.attention == AttentionKind::Latent) {
        const double qk = dbl(c.mla.qk_nope_head_dim + c.mla.qk_rope_head_dim);
        return 2.0 * a * qk + 2.0 * a * dbl(c.mla.v_head_dim);
    }
    return 4.0 * a * dbl(c.effectiveHeadDim());
}

// Number of layers with a sliding window (model.h: global_every == 0 means every layer slides;
// N means every N-th layer is global).
double slidingLayers(const ModelConfig& c)
{
    if (c.sliding_window == 0) {
        return 0.0;
    }
    const std::uint64_t L = c.attentionLayers();
    if (c.global_every == 0) {
        return dbl(L);
    }
    return dbl(L - L / c.global_every);
}

ForwardFlops fromWeights(const ModelConfig& c, const ParamCount& count, double globalKeys,
                         double slidingKeys)
{
    const ActiveWeights w = activeWeights(c, count);
    ForwardFlops f;
    f.attention_proj = 2.0 * w.attention;
    f.mlp = 2.0 * w.mlp;
    f.router = 2.0 * w.router;
    f.lm_head = 2.0 * w.lm_head;
    const double sliding = slidingLayers(c);
    // Only attention layers score keys; hybrid layers carry a fixed-size state instead.
    const double global = dbl(c.attentionLayers()) - sliding;
    f.attention_scores =
        scoreFlopsPerKeyPerLayer(c) * (global * globalKeys + sliding * slidingKeys);
    return f;
}

} // namespace

ForwardFlops decodeFlopsPerToken(const ModelConfig& config, std::uint64_t context)
{
    return decodeFlopsPerToken(config, countParameters(config), context);
}

ForwardFlops decodeFlopsPerToken(const ModelConfig& config, const ParamCount& count,
                                 std::uint64_t context)
{
    const double ctx = dbl(context);
    const double window = dbl(config.sliding_window);
    const double slidingKeys = config.sliding_window == 0 ? ctx : std::min(ctx, window);
    return fromWeights(config, count, ctx, slidingKeys);
}

ForwardFlops sequenceFlopsPerToken(const ModelConfig& config, std::uint64_t seq)
{
    return sequenceFlopsPerToken(config, countParameters(config), seq);
}

ForwardFlops sequenceFlopsPerToken(const ModelConfig& config, const ParamCount& count,
                                   std::uint64_t seq)
{
    // Causal: token i sees about i keys, s/2 on average (Kaplan eq. 2.2 writes the context term
    // as 2·n_layer·n_ctx·d_attn, Megatron halves its s² term for the causal mask). Under a window
    // w < s the keys total w·s − w²/2 over the sequence.
    const double s = dbl(seq);
    const double w = dbl(config.sliding_window);
    const double globalKeys = s / 2.0;
    double slidingKeys = globalKeys;
    if (config.sliding_window != 0 && w < s) {
        slidingKeys = w - w * w / (2.0 * s);
    }
    return fromWeights(config, count, globalKeys, slidingKeys);
}

TrainingFlops trainingFlops(const ModelConfig& config, double tokens, std::uint64_t seq_len,
                            Recompute recompute)
{
    return trainingFlops(config, countParameters(config), tokens, seq_len, recompute);
}

TrainingFlops trainingFlops(const ModelConfig& config, const ParamCount& count, double tokens,
                            std::uint64_t seq_len, Recompute recompute)
{
    const std::uint64_t seq = seq_len != 0 ? seq_len : config.context_length;
    TrainingFlops t;
    t.params = dbl(count.active);
    t.tokens = tokens;
    // Forward 2·N·D plus backward 4·N·D (Kaplan §2.1); a recomputed forward adds 2·N·D.
    t.six_nd = sixND(t.params, tokens);
    t.eight_nd = 8.0 * t.params * tokens;
    t.per_token = sequenceFlopsPerToken(config, count, seq);
    const double forward = t.per_token.total() * tokens;
    // The backward pass costs twice the forward (gradients for inputs and for weights).
    t.model_flops = 3.0 * forward;
    switch (recompute) {
    case Recompute::None:
        t.hardware_flops = t.model_flops;
        break;
    case Recompute::Selective:
        // Korthikanti App. A: the attention scores (QKᵀ and A·V) are computed again.
        t.hardware_flops = t.model_flops + t.per_token.attention_scores * tokens;
        break;
    case Recompute::Full:
        t.hardware_flops = t.model_flops + forward;
        break;
    }
    const double total = t.per_token.total();
    t.attention_share = total > 0 ? t.per_token.attention() / total : 0.0;
    return t;
}

double korthikantiModelFlops(double B, double L, double s, double h, double V)
{
    return 72.0 * B * L * s * h * h * (1.0 + s / (6.0 * h) + V / (12.0 * h * L));
}

double korthikantiHardwareFlops(double B, double L, double s, double h, double V)
{
    return 72.0 * B * L * s * h * h * (1.0 + s / (3.0 * h) + V / (12.0 * h * L));
}

double kaplanParams(double d_model, double n_layer, double d_attn, double d_ff)
{
    return 2.0 * d_model * n_layer * (2.0 * d_attn + d_ff);
}

double kaplanForwardFlopsPerToken(double N, double n_layer, double n_ctx, double d_attn)
{
    return 2.0 * N + 2.0 * n_layer * n_ctx * d_attn;
}

double trainingSeconds(double flops, std::uint64_t gpus, double peak_flops, double mfu)
{
    if (gpus == 0) {
        throw std::invalid_argument("the number of GPUs must be at least 1");
    }
    if (!(peak_flops > 0.0) || !std::isfinite(peak_flops)) {
        throw std::invalid_argument("the peak FLOP/s must be positive");
    }
    if (!(mfu > 0.0 && mfu <= 1.0)) {
        throw std::invalid_argument("MFU must be greater than 0 and at most 1");
    }
    return flops / (dbl(gpus) * peak_flops * mfu);
}

double sixND(double params, double tokens)
{
    return 6.0 * params * tokens;
}

double chinchillaTokens(double params, double tokens_per_param)
{
    return std::round(params * tokens_per_param);
}

std::span<const ChinchillaRow> chinchillaTable3()
{
    // Hoffmann et al. 2022, Table 3 (Approach 1), as printed.
    static constexpr std::array<ChinchillaRow, 9> rows{{
        {"400 Million", 400e6, 1.92e19, 8.0e9},
        {"1 Billion", 1e9, 1.21e20, 20.2e9},
        {"10 Billion", 10e9, 1.23e22, 205.1e9},
        {"67 Billion", 67e9, 5.76e23, 1.5e12},
        {"175 Billion", 175e9, 3.85e24, 3.7e12},
        {"280 Billion", 280e9, 9.90e24, 5.9e12},
        {"520 Billion", 520e9, 3.43e25, 11.0e12},
        {"1 Trillion", 1e12, 1.27e26, 21.2e12},
        {"10 Trillion", 10e12, 1.30e28, 216.2e12},
    }};
    return rows;
}

LossFit besiroglu2024Fit()
{
    return {1.8172, 482.01, 2085.43, 0.3478, 0.3658};
}

double chinchillaLoss(double params, double tokens, const LossFit& fit)
{
    return fit.E + fit.A / std::pow(params, fit.alpha) + fit.B / std::pow(tokens, fit.beta);
}

ComputeOptimal computeOptimalByRule(double flops, double tokens_per_param)
{
    ComputeOptimal r;
    r.params = std::sqrt(flops / (6.0 * tokens_per_param));
    r.tokens = tokens_per_param * r.params;
    return r;
}

ComputeOptimal computeOptimalByFit(double flops, const LossFit& fit)
{
    const double sum = fit.alpha + fit.beta;
    const double g = std::pow((fit.alpha * fit.A) / (fit.beta * fit.B), 1.0 / sum);
    ComputeOptimal r;
    r.params = g * std::pow(flops / 6.0, fit.beta / sum);
    r.tokens = std::pow(flops / 6.0, fit.alpha / sum) / g;
    return r;
}

ChapterComputeSplit chapterAllocateCompute(double total_flops, std::uint64_t n_layers,
                                           std::uint64_t d_model, std::uint64_t d_ff)
{
    const double d = dbl(d_model);
    const double L = dbl(n_layers);
    const double ff = d_ff != 0 ? dbl(d_ff) : 4.0 * d;
    // The sizing chapter: attn_flops_per_layer = 4·d_model·d_model·n_layers,
    // ffn_flops_per_layer = 6·d_model·d_ff·n_layers.
    const double attn = 4.0 * d * d * L;
    const double ffn = 6.0 * d * ff * L;
    ChapterComputeSplit s;
    s.attention_fraction = attn / (attn + ffn);
    s.attention_flops = total_flops * s.attention_fraction;
    s.ffn_flops = total_flops * (1.0 - s.attention_fraction);
    s.ratio = s.attention_fraction / (1.0 - s.attention_fraction);
    return s;
}

FlopSplit flopSplit(const ForwardFlops& f)
{
    FlopSplit s;
    s.per_token = f;
    const double total = f.total();
    if (total <= 0.0) {
        return s;
    }
    s.attention_share = f.attention() / total;
    s.mlp_share = (f.mlp + f.router) / total;
    s.lm_head_share = f.lm_head / total;
    s.attention_vs_mlp = f.attention() / (f.attention() + f.mlp + f.router);
    s.attention_proj_share = f.attention_proj / total;
    s.attention_scores_share = f.attention_scores / total;
    return s;
}

} // namespace llmsizer
