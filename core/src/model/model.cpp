#include "llmsizer/model/model.h"

#include "llmsizer/model/mixer.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/format.h"

#include <algorithm>
#include <cmath>

namespace llmsizer {

std::uint64_t llamaHiddenDim(std::uint64_t d_model, std::uint64_t multiple_of, double multiplier)
{
    // Meta llama/model.py FeedForward.__init__, called with hidden_dim = 4 * dim:
    //   hidden_dim = int(2 * hidden_dim / 3)
    //   if ffn_dim_multiplier is not None: hidden_dim = int(ffn_dim_multiplier * hidden_dim)
    //   hidden_dim = multiple_of * ((hidden_dim + multiple_of - 1) // multiple_of)
    std::uint64_t hidden = 2 * (4 * d_model) / 3;
    if (multiplier > 0.0) {
        hidden = static_cast<std::uint64_t>(multiplier * static_cast<double>(hidden));
    }
    if (multiple_of == 0) {
        return hidden;
    }
    return multiple_of * ((hidden + multiple_of - 1) / multiple_of);
}

std::uint64_t ModelConfig::effectiveHeadDim() const
{
    if (head_dim != 0) {
        return head_dim;
    }
    return n_heads == 0 ? 0 : d_model / n_heads;
}

std::uint64_t ModelConfig::effectiveDff() const
{
    if (d_ff != 0) {
        return d_ff;
    }
    if (mlp == MlpKind::Gated) {
        return llamaHiddenDim(d_model, ffn_rule.multiple_of, ffn_rule.ffn_dim_multiplier);
    }
    return 4 * d_model;
}

std::uint64_t ModelConfig::moeLayers() const
{
    if (single.any()) {
        return isMoe() ? single.mlp_only : 0;
    }
    if (!isMoe() || moe.first_dense_layers >= n_layers || moe.every == 0) {
        return 0;
    }
    // Layers i in [first_dense_layers, n_layers) with (i + 1) % every == 0.
    return n_layers / moe.every - moe.first_dense_layers / moe.every;
}

std::uint64_t ModelConfig::attentionLayers() const
{
    if (single.any()) {
        return single.attention_only + shared.layers;
    }
    const std::uint64_t replaced = mixer.layout == MixerLayout::Parallel ? 0 : mixer.layers;
    return (n_layers > replaced ? n_layers - replaced : 0) + shared.layers;
}

std::uint64_t ModelConfig::mixerOnlyLayers() const
{
    return mixer.layout == MixerLayout::Only ? mixer.layers : 0;
}

std::uint64_t ModelConfig::mlpLayers() const
{
    if (single.any()) {
        return single.mlp_only;
    }
    return n_layers > mixerOnlyLayers() ? n_layers - mixerOnlyLayers() : 0;
}

bool spreadLayer(std::uint64_t i, std::uint64_t k, std::uint64_t n)
{
    if (n == 0 || k == 0) {
        return false;
    }
    return checkedMul(i + 1, k, "layer index") / n > checkedMul(i, k, "layer index") / n;
}

ModelConfig::SingleBlock ModelConfig::singleBlock(std::uint64_t i) const
{
    const std::uint64_t L = n_layers;
    if (spreadLayer(i, single.attention_only, L)) {
        return SingleBlock::Attention;
    }
    // Place i among the other layers: before it, i·a / L of the a attention layers.
    const std::uint64_t others = L - std::min(L, single.attention_only);
    const std::uint64_t j =
        i - (L == 0 ? 0 : checkedMul(i, single.attention_only, "layer index") / L);
    return spreadLayer(j, mixer.layers, others) ? SingleBlock::Mixer : SingleBlock::Mlp;
}

bool ModelConfig::isMoeLayer(std::uint64_t i) const
{
    if (single.any()) {
        return isMoe() && i < n_layers && singleBlock(i) == SingleBlock::Mlp;
    }
    return isMoe() && moe.every != 0 && i >= moe.first_dense_layers && i < n_layers &&
           (i + 1) % moe.every == 0;
}

namespace {

class Checker {
public:
    void range(const char* field, std::uint64_t value, std::uint64_t lo, std::uint64_t hi)
    {
        if (value < lo || value > hi) {
            add(field, "must be between " + withThousands(lo) + " and " + withThousands(hi) +
                           " (got " + withThousands(value) + ")");
        }
    }
    void optionalRange(const char* field, std::uint64_t value, std::uint64_t hi)
    {
        if (value != 0) {
            range(field, value, 1, hi);
        }
    }
    void add(std::string field, std::string message)
    {
        m_issues.push_back({std::move(field), std::move(message)});
    }
    std::vector<ValidationIssue> take() { return std::move(m_issues); }

private:
    std::vector<ValidationIssue> m_issues;
};

void validateMoe(const ModelConfig& c, Checker& ck)
{
    const MoeConfig& m = c.moe;
    if (m.n_routed_experts == 0) {
        if (m.experts_per_token != 0 || m.n_shared_experts != 0 || m.expert_d_ff != 0 ||
            m.first_dense_layers != 0 || m.router_bias || m.shared_expert_gate || m.every != 1) {
            ck.add("moe.n_routed_experts", "must be positive when other expert fields are set");
        }
        return;
    }
    ck.range("moe.n_routed_experts", m.n_routed_experts, 1, Limits::maxExperts);
    if (m.experts_per_token < 1 || m.experts_per_token > m.n_routed_experts) {
        ck.add("moe.experts_per_token", "must be between 1 and moe.n_routed_experts (" +
                                            withThousands(m.n_routed_experts) + ") (got " +
                                            withThousands(m.experts_per_token) + ")");
    }
    ck.range("moe.expert_d_ff", m.expert_d_ff, 1, Limits::maxDff);
    ck.range("moe.n_shared_experts", m.n_shared_experts, 0, Limits::maxExperts);
    ck.optionalRange("moe.shared_d_ff", m.shared_d_ff, Limits::maxDff);
    if (m.first_dense_layers >= c.n_layers && c.n_layers > 0) {
        ck.add("moe.first_dense_layers", "must be less than n_layers (" +
                                             withThousands(c.n_layers) + ") (got " +
                                             withThousands(m.first_dense_layers) + ")");
    }
    ck.range("moe.every", m.every, 1, Limits::maxLayers);
    if (m.every >= 1 && m.first_dense_layers < c.n_layers && c.moeLayers() == 0) {
        ck.add("moe.every", "leaves no mixture-of-experts layer (" + withThousands(c.n_layers) +
                                " layers, every " + withThousands(m.every) + ")");
    }
    if (m.shared_expert_gate && m.n_shared_experts == 0) {
        ck.add("moe.shared_expert_gate", "needs at least one shared expert");
    }
}

void validateMla(const ModelConfig& c, Checker& ck)
{
    if (c.attention != AttentionKind::Latent) {
        if (!(c.mla == MlaConfig{})) {
            ck.add("mla", "is only used with attention \"latent\"");
        }
        return;
    }
    ck.optionalRange("mla.q_lora_rank", c.mla.q_lora_rank, Limits::maxDModel);
    ck.range("mla.kv_lora_rank", c.mla.kv_lora_rank, 1, Limits::maxDModel);
    ck.range("mla.qk_nope_head_dim", c.mla.qk_nope_head_dim, 0, Limits::maxHeadDim);
    ck.range("mla.qk_rope_head_dim", c.mla.qk_rope_head_dim, 1, Limits::maxHeadDim);
    ck.range("mla.v_head_dim", c.mla.v_head_dim, 1, Limits::maxHeadDim);
    if (c.biases.qkv) {
        ck.add("biases.qkv", "is not supported with latent attention");
    }
    if (c.qk_norm != QkNormKind::None) {
        ck.add("qk_norm", "is not supported with latent attention");
    }
}

// Nemotron-H's single-block layers and the sparse-attention indexer.
void validateLayout(const ModelConfig& c, Checker& ck)
{
    if (c.single.any()) {
        const std::uint64_t mixerLayers = c.mixer.layout == MixerLayout::Only ? c.mixer.layers : 0;
        if (c.mixer.layers != mixerLayers) {
            ck.add("single", "needs a mixer that forms the whole layer (layout \"only\")");
        } else if (c.single.attention_only > Limits::maxLayers ||
                   c.single.mlp_only > Limits::maxLayers ||
                   mixerLayers + c.single.attention_only + c.single.mlp_only != c.n_layers) {
            ck.add("single", "mixer, attention-only and MLP-only layers must add up to n_layers (" +
                                 withThousands(c.n_layers) + ")");
        }
        if (c.isMoe() && (c.moe.first_dense_layers != 0 || c.moe.every != 1)) {
            ck.add("moe.first_dense_layers",
                   "is not used with single-block layers (every MLP-only layer is MoE)");
        }
    }
    if (c.indexer.heads != 0 || c.indexer.head_dim != 0) {
        if (c.attention != AttentionKind::Latent || c.mla.q_lora_rank == 0) {
            ck.add("indexer", "needs latent attention with a query rank (mla.q_lora_rank)");
        }
        ck.range("indexer.heads", c.indexer.heads, 1, Limits::maxHeads);
        ck.range("indexer.head_dim", c.indexer.head_dim, 1, Limits::maxHeadDim);
    }
    // Gemma 3n: a per-layer embedding needs its vocabulary; AltUp needs two streams or more.
    const LayerAugments& a = c.augments;
    ck.range("augments.per_layer_dim", a.per_layer_dim, 0, Limits::maxDModel);
    if (a.per_layer_dim != 0) {
        ck.range("augments.per_layer_vocab", a.per_layer_vocab, 1, Limits::maxVocab);
    } else if (a.per_layer_vocab != 0) {
        ck.add("augments.per_layer_vocab", "is only used with augments.per_layer_dim");
    }
    if (a.altup_inputs != 0) {
        ck.range("augments.altup_inputs", a.altup_inputs, 2, 64);
    }
    ck.range("augments.laurel_rank", a.laurel_rank, 0, Limits::maxDModel);
    if (c.kv_shared_layers != 0 && c.kv_shared_layers >= c.attentionLayers()) {
        ck.add("kv_shared_layers", "must be less than the attention layers (" +
                                       withThousands(c.attentionLayers()) + ") (got " +
                                       withThousands(c.kv_shared_layers) + ")");
    }
}

} // namespace

std::vector<ValidationIssue> validate(const ModelConfig& c)
{
    Checker ck;
    ck.range("d_model", c.d_model, 1, Limits::maxDModel);
    ck.range("n_layers", c.n_layers, 1, Limits::maxLayers);
    ck.range("n_heads", c.n_heads, 1, Limits::maxHeads);
    if (c.n_kv_heads < 1 || c.n_kv_heads > c.n_heads) {
        ck.add("n_kv_heads", "must be between 1 and n_heads (" + withThousands(c.n_heads) +
                                 ") (got " + withThousands(c.n_kv_heads) + ")");
    } else if (c.n_heads % c.n_kv_heads != 0) {
        ck.add("n_kv_heads", "must divide n_heads (" + withThousands(c.n_heads) +
                                 " is not a multiple of " + withThousands(c.n_kv_heads) + ")");
    }
    ck.optionalRange("head_dim", c.head_dim, Limits::maxHeadDim);
    if (c.head_dim == 0 && c.attention == AttentionKind::Standard && c.n_heads > 0 &&
        c.d_model > 0 && c.d_model % c.n_heads != 0) {
        ck.add("n_heads", "must divide d_model when head_dim is not given (" +
                              withThousands(c.d_model) + " is not a multiple of " +
                              withThousands(c.n_heads) + ")");
    }
    ck.range("vocab_size", c.vocab_size, 1, Limits::maxVocab);
    ck.range("context_length", c.context_length, 1, Limits::maxContext);
    ck.optionalRange("d_ff", c.d_ff, Limits::maxDff);
    if (c.d_ff == 0 && c.mlp == MlpKind::Gated) {
        ck.range("ffn_rule.multiple_of", c.ffn_rule.multiple_of, 1, Limits::maxDff);
        const double m = c.ffn_rule.ffn_dim_multiplier;
        if (!std::isfinite(m) || m < 0.0 || m > 16.0) {
            ck.add("ffn_rule.ffn_dim_multiplier", "must be 0 (unused) or a number up to 16");
        }
    }
    ck.range("norms_per_block", c.norms_per_block, 0, Limits::maxNormsPerBlock);
    ck.range("mlp_activation_params", c.mlp_activation_params, 0, 16);
    ck.range("fp8_block_rows", c.fp8_block_rows, 0, Limits::maxDff);
    ck.range("fp8_block_cols", c.fp8_block_cols, 0, Limits::maxDff);
    if ((c.fp8_block_rows == 0) != (c.fp8_block_cols == 0)) {
        ck.add("fp8_block_rows", "and fp8_block_cols are both 0 or both positive");
    }
    ck.range("position_offset", c.position_offset, 0, 1u << 20);
    if (c.position != PositionKind::Learned && c.position_offset != 0) {
        ck.add("position_offset", "is only used with learned position embeddings");
    }
    ck.range("sliding_window", c.sliding_window, 0, Limits::maxContext);
    ck.range("global_every", c.global_every, 0, Limits::maxLayers);
    validateMla(c, ck);
    validateMoe(c, ck);
    validateLayout(c, ck);
    ck.range("embedding_dim", c.embedding_dim, 0, Limits::maxDModel);
    std::vector<ValidationIssue> issues = ck.take();
    validateMixer(c, issues);
    return issues;
}

} // namespace llmsizer
