// From the 12·L·d² rule to the exact count, term by term. See rule_steps.h.
#include "llmsizer/present/rule_steps.h"

#include "llmsizer/text/checked.h"
#include "llmsizer/text/figures.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <algorithm>
#include <stdexcept>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

// A multiple of d² as the steps write it: "2.25", "10.5", "4" (up to three significant digits).
std::string timesD2(u64 params, u64 d2)
{
    return text::general(static_cast<double>(params) / static_cast<double>(d2), 3) +
           "\u00b7d\u00b2";
}

class Steps {
public:
    explicit Steps(RuleSteps& out) : m_out(out) {}

    // A term `have` where the rule assumed `assumed` (both unsigned; the step is their difference).
    void difference(const char* key, const char* color, std::string label, std::string why,
                    u64 have, u64 assumed)
    {
        if (have >= assumed) {
            push(key, color, std::move(label), std::move(why), have - assumed, false);
        } else {
            push(key, color, std::move(label), std::move(why), assumed - have, true);
        }
    }
    void add(const char* key, const char* color, std::string label, std::string why, u64 params)
    {
        push(key, color, std::move(label), std::move(why), params, false);
    }

private:
    void push(const char* key, const char* color, std::string label, std::string why, u64 params,
              bool negative)
    {
        if (params == 0 && !m_out.steps.empty()) {
            return;
        }
        RuleStep s;
        s.key = key;
        s.color = color;
        s.label = std::move(label);
        s.why = std::move(why);
        s.params = params;
        s.negative = negative;
        s.from = m_at;
        if (negative) {
            // The steps are ordered so that the running total never falls below zero
            // (rule_steps.h): a negative step takes back part of what the rule put in.
            if (params > m_at) {
                throw std::logic_error("rule steps: a correction larger than the running total");
            }
            m_at -= params;
        } else {
            m_at = checkedAdd(m_at, params, "the rule's running total");
        }
        s.to = m_at;
        s.value_text = m_out.steps.empty() ? withThousands(params)
                                           : signedThousands(negative, params, "\u2212");
        m_out.peak = std::max(m_out.peak, m_at);
        m_out.steps.push_back(std::move(s));
    }

    RuleSteps& m_out;
    u64 m_at = 0;
};

} // namespace

RuleSteps ruleSteps(const ModelConfig& c, const ParamCount& count)
{
    RuleSteps out;
    Steps steps(out);
    const u64 d = c.d_model;
    const u64 L = c.n_layers;
    const u64 d2 = checkedMul(d, d, "d\u00b2");
    const u64 Ld2 = checkedMul(L, d2, "L\u00b7d\u00b2");
    out.rule = checkedMul(12, Ld2, "12\u00b7L\u00b7d\u00b2");
    out.exact = count.total;
    const std::string layers = withThousands(L);
    steps.add("rule", "rule", "12\u00b7L\u00b7d\u00b2 rule",
              "4\u00b7d\u00b2 of attention and 8\u00b7d\u00b2 of MLP in each of the " + layers +
                  " layers; no embeddings, norms or biases.",
              out.rule);

    // Attention: everything of the component but its biases.
    const ComponentCount& attention = count.get(Component::Attention);
    const u64 attentionBiases = attention.part("qkv_bias") + attention.part("o_bias");
    const u64 attentionWeights = attention.params - attentionBiases;
    const u64 attending = c.attentionLayers();
    std::string attentionLabel;
    std::string attentionWhy;
    if (attending == 0) {
        attentionLabel = "No attention layers, not 4\u00b7d\u00b2 in each";
        attentionWhy = "Every layer is a mixer (state-space or linear attention).";
    } else {
        const std::string each = timesD2(attentionWeights / attending, d2);
        attentionLabel = attending == L ? "Attention: " + each + " a layer, not 4\u00b7d\u00b2"
                                        : "Attention in " + withThousands(attending) + " of " +
                                              layers + " layers, " + each + " each";
        if (c.attention == AttentionKind::Latent) {
            attentionWhy = "Multi-head latent attention projects through low-rank latents "
                           "instead of four d \u00d7 d matrices.";
        } else if (c.n_kv_heads < c.n_heads) {
            attentionWhy = "K and V are d \u00d7 " +
                           withThousands(c.n_kv_heads * c.effectiveHeadDim()) + " (" +
                           countOf(c.n_kv_heads, "KV head", "KV heads") + " of " +
                           withThousands(c.effectiveHeadDim()) + "), not d \u00d7 d.";
        } else if (c.n_heads * c.effectiveHeadDim() != d) {
            attentionWhy = "The heads are " + withThousands(c.n_heads * c.effectiveHeadDim()) +
                           " wide, not d = " + withThousands(d) + ".";
        } else {
            attentionWhy = "q, k, v and o are d \u00d7 d each, as the rule assumes.";
        }
    }
    steps.difference("attention", "attention", std::move(attentionLabel), std::move(attentionWhy),
                     attentionWeights, checkedMul(4, Ld2, "4\u00b7L\u00b7d\u00b2"));

    const ComponentCount& mlp = count.get(Component::Mlp);
    steps.add("biases", "biases", "Biases", "The attention and MLP biases; the rule has none.",
              checkedAdd(attentionBiases, mlp.part("bias"), "biases"));

    // The dense MLPs' two matrices against the rule's 8·d² in every layer.
    const u64 upDown = mlp.part("up") + mlp.part("down");
    const u64 denseLayers = c.mlpLayers() - c.moeLayers();
    const u64 ff = c.effectiveDff();
    std::string widthLabel;
    std::string widthWhy;
    if (denseLayers == L && c.shared.blocks == 0) {
        widthLabel = "MLP width: d_ff = " +
                     text::general(static_cast<double>(ff) / static_cast<double>(d), 3) +
                     "\u00b7d, not 4\u00b7d";
        widthWhy = "Up and down are d \u00d7 " + withThousands(ff) + ", not d \u00d7 4d.";
    } else if (denseLayers == 0 && c.shared.blocks == 0) {
        widthLabel = c.isMoe() ? "No dense MLP: every layer is MoE"
                               : "No MLP in any layer, not 8\u00b7d\u00b2 in each";
        widthWhy = c.isMoe() ? "The MoE layers hold experts instead of one dense MLP."
                             : "Mixer-only layers have no MLP.";
    } else {
        widthLabel = "Dense MLPs in " + withThousands(denseLayers) + " of " + layers +
                     " layers, not 8\u00b7d\u00b2 in each";
        widthWhy = c.isMoe() ? "The MoE layers hold experts instead of one dense MLP."
                             : "Mixer-only layers have no MLP.";
    }
    steps.difference("mlp_width", "mlp", std::move(widthLabel), std::move(widthWhy), upDown,
                     checkedMul(8, Ld2, "8\u00b7L\u00b7d\u00b2"));
    steps.add("gate", "mlp", "Gated MLP's third matrix (gate)",
              "SwiGLU and GeGLU multiply up by a gate: a third d \u00d7 d_ff matrix.",
              mlp.part("gate"));
    steps.add("experts", "experts", "Routed experts",
              countOf(c.moe.n_routed_experts, "routed expert", "routed experts") +
                  " in each MoE layer, every one in the total.",
              mlp.part("routed_experts"));
    steps.add("shared_experts", "shared_experts", "Shared experts",
              "Experts every token visits, in each MoE layer.", mlp.part("shared_experts"));
    const u64 mlpListed = upDown + mlp.part("gate") + mlp.part("bias") +
                          mlp.part("routed_experts") + mlp.part("shared_experts");
    steps.add("mlp_other", "mlp", "Other MLP parts",
              "Learned activations, adapters and per-layer inputs.", mlp.params - mlpListed);
    steps.add("router", "router", "Router",
              "The MoE router's Linear(d, experts) in each MoE layer.",
              count.params(Component::Router));
    steps.add("mixer", "mixer", "Mixer layers",
              "State-space, linear-attention or convolution layers.",
              count.params(Component::Mixer));
    steps.add("embedding", "embedding", "Token embedding",
              "V \u00b7 d = " + withThousands(c.vocab_size) + " \u00d7 " + withThousands(d) + ".",
              count.params(Component::Embedding));
    steps.add("position_embedding", "position_embedding", "Position embedding",
              "One learned row of d per position.", count.params(Component::PositionEmbedding));
    steps.add("lm_head", "lm_head", "LM head (untied)",
              "The output projection, d \u00d7 V, stored apart from the embedding.",
              count.params(Component::LmHead));
    steps.add("norms", "norms", "Norms", "The layers' norms and the final norm.",
              count.params(Component::Norms));
    steps.add("vision", "vision_tower", "Towers and projector",
              "The image (and audio) encoders and their projection into the language model.",
              checkedAdd(checkedAdd(count.params(Component::VisionTower),
                                    count.params(Component::AudioTower), "towers"),
                         count.params(Component::Projector), "vision"));
    if (out.steps.back().to != out.exact) {
        throw std::logic_error("rule steps do not add up to the exact count");
    }
    out.exact_row = {"exact",
                     "",
                     "Exact count",
                     "The model's parameters, counted layer by layer: where the steps above end.",
                     out.exact,
                     false,
                     0,
                     out.exact,
                     withThousands(out.exact)};
    out.summary = "From the 12\u00b7L\u00b7d\u00b2 rule to the exact count: the rule is " +
                  signedPercent(relativeError(out.rule, out.exact)) + " off";
    return out;
}

} // namespace llmsizer
