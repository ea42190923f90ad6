// The decoder layer of the parameter diagram (diagram.h): one group per set of layers that hold
// the same weights. Each box is a part of the count divided by the layers the group spans, so the
// boxes times their layers sum to the count's components exactly.
#include "diagram_parts.h"
#include "llmsizer/model/mixer.h"
#include "llmsizer/text/format.h"

#include <algorithm>

namespace llmsizer::diagramparts {

namespace {

using u64 = std::uint64_t;

// The label and shape of one part; an unknown part keeps its key as its label.
struct PartName {
    std::string label;
    std::string shape;
};

class GroupBuilder {
public:
    GroupBuilder(const BoxMaker& make, std::string key, std::string title, u64 layers)
        : m_make(make)
    {
        m_group.key = std::move(key);
        m_group.title = std::move(title);
        m_group.layers = layers;
        m_group.multiplier = "× " + withThousands(layers);
    }
    // A box of `perLayer` parameters, keyed "<group>.<key>".
    void add(const std::string& key, const std::string& component, const std::string& mathKey,
             PartName name, u64 perLayer)
    {
        if (perLayer == 0) {
            return;
        }
        m_group.boxes.push_back(m_make.layer({m_group.key + "." + key, component, mathKey,
                                              std::move(name.label), std::move(name.shape)},
                                             perLayer, m_group.layers));
    }
    // A part of the count (summed over the group's layers), one layer's share; the box is keyed
    // by the part's key unless `boxKey` names it.
    void part(const ComponentCount& cc, const std::string& key, const std::string& component,
              PartName name, const std::string& boxKey = {})
    {
        add(boxKey.empty() ? key : boxKey, component, std::string(componentKey(cc.component)),
            std::move(name), cc.part(key) / m_group.layers);
    }
    DiagramBox& last() { return m_group.boxes.back(); }
    void setMultiplier(std::string text) { m_group.multiplier = std::move(text); }
    void setCaption(std::string unit) { m_unit = std::move(unit); }
    void takeInto(std::vector<DiagramGroup>& out)
    {
        if (m_group.boxes.empty() || m_group.layers == 0) {
            return;
        }
        for (const DiagramBox& b : m_group.boxes) {
            m_group.params += b.params;
        }
        m_group.caption = withThousands(m_group.params) + m_unit;
        out.push_back(std::move(m_group));
    }

private:
    const BoxMaker& m_make;
    DiagramGroup m_group;
    std::string m_unit = " per layer";
};

// q, k, v, o and their extras for attention reading `in` values (2·d in a shared block).
PartName attentionPart(const ModelConfig& c, const std::string& key, u64 in)
{
    const u64 hd = c.effectiveHeadDim();
    const u64 q = c.n_heads * hd;
    const u64 kv = c.n_kv_heads * hd;
    if (key == "q") {
        return c.attention_output_gate ? PartName{"q + output gate", shape(in, 2 * q)}
                                       : PartName{"q", shape(in, q)};
    }
    if (key == "k" || key == "v") {
        return {key, shape(in, kv)};
    }
    if (key == "o") {
        return {"o", shape(q, c.d_model)};
    }
    if (key == "qkv_bias") {
        return {"q, k, v biases", digits(q + 2 * kv)};
    }
    if (key == "o_bias") {
        return {"o bias", digits(c.d_model)};
    }
    if (key == "sinks") {
        return {"sinks", digits(c.n_heads)};
    }
    if (key == "qk_norm") {
        return {"q, k norms", ""};
    }
    return {key, ""};
}

PartName latentPart(const ModelConfig& c, const std::string& key)
{
    const MlaConfig& m = c.mla;
    const u64 d = c.d_model;
    const u64 qk = c.n_heads * (m.qk_nope_head_dim + m.qk_rope_head_dim);
    if (key == "q_a") {
        return {"q_a", shape(d, m.q_lora_rank)};
    }
    if (key == "q_b") {
        return {"q_b", shape(m.q_lora_rank, qk)};
    }
    if (key == "q") {
        return {"q", shape(d, qk)};
    }
    if (key == "kv_a") {
        return {"kv_a", shape(d, m.kv_lora_rank + m.qk_rope_head_dim)};
    }
    if (key == "kv_b") {
        return {"kv_b", shape(m.kv_lora_rank, c.n_heads * (m.qk_nope_head_dim + m.v_head_dim))};
    }
    if (key == "o") {
        return {"o", shape(c.n_heads * m.v_head_dim, d)};
    }
    if (key == "latent_norms") {
        return {"latent norms", ""};
    }
    if (key == "o_bias") {
        return {"o bias", digits(d)};
    }
    return {key, ""};
}

PartName mixerPart(const ModelConfig& c, const std::string& key)
{
    const MixerLayers& m = c.mixer;
    const u64 d = c.d_model;
    const u64 inner = mixerInnerWidth(m, d);
    const u64 conv = mixerConvChannels(m, d);
    if (key == "in_proj") {
        u64 out = 3 * d; // ShortConv: B, C and x
        if (m.kind == MixerKind::Mamba) {
            out = 2 * inner;
        } else if (m.kind == MixerKind::Mamba2) {
            out = inner + conv + m.heads;
        }
        return {"in_proj", shape(d, out)};
    }
    if (key == "in_proj_qkvz") {
        return {"in_proj_qkvz", shape(d, 2 * m.key_heads * m.key_head_dim + 2 * inner)};
    }
    if (key == "in_proj_ba") {
        return {"in_proj_ba", shape(d, 2 * m.heads)};
    }
    if (key == "conv1d") {
        return {"conv1d", digits(conv) + " × " + digits(m.d_conv)};
    }
    if (key == "x_proj") {
        return {"x_proj", shape(inner, mixerDtRank(m, d) + 2 * m.d_state)};
    }
    if (key == "dt_proj") {
        return {"dt_proj", shape(mixerDtRank(m, d), inner)};
    }
    if (key == "A_log") {
        return {"A_log", m.kind == MixerKind::Mamba ? shape(inner, m.d_state) : digits(m.heads)};
    }
    if (key == "out_proj") {
        return {"out_proj", shape(inner, d)};
    }
    if (key == "inner_norms") {
        return {"Δ, B, C norms", ""};
    }
    if (key == "dt_bias") {
        return {"dt bias", digits(m.heads)};
    }
    if (key == "D") {
        return {"D", digits(m.kind == MixerKind::Mamba ? inner : m.heads)};
    }
    if (key == "norm") {
        return {"gated norm", digits(m.kind == MixerKind::GatedDeltaNet ? m.head_dim : inner)};
    }
    return {key, ""};
}

PartName mlpPart(const ModelConfig& c, const std::string& key)
{
    const u64 ff = c.effectiveDff();
    if (key == "gate" || key == "up") {
        return {key, shape(c.d_model, ff)};
    }
    if (key == "down") {
        return {"down", shape(ff, c.d_model)};
    }
    if (key == "bias") {
        return {"MLP biases", ""};
    }
    // Gemma 3n (docs/counting.md): per-layer input gate and projection, AltUp's per-layer
    // coefficients and router, LAuReL's low-rank pair.
    if (key == "per_layer_input") {
        return {"Per-layer input", "2 × " + shape(c.d_model, c.augments.per_layer_dim)};
    }
    if (key == "altup") {
        return {"AltUp coefficients", ""};
    }
    if (key == "laurel") {
        return {"LAuReL", "2 × " + shape(c.d_model, c.augments.laurel_rank)};
    }
    return {key, ""};
}

std::string normsLabel(const ModelConfig& c, u64 n)
{
    const std::string kind = c.norm == NormKind::LayerNorm ? "LayerNorm" : "RMSNorm";
    return n == 1 ? kind : withThousands(n) + " " + kind + "s";
}

std::string normsShape(const ModelConfig& c, u64 n)
{
    const std::string one = c.norm == NormKind::LayerNorm
                                ? "(" + digits(c.d_model) + " + " + digits(c.d_model) + ")"
                                : digits(c.d_model);
    return n == 1 ? one : digits(n) + " × " + one;
}

void addAttention(const ModelConfig& c, const ParamCount& count, const BoxMaker& make,
                  std::vector<DiagramGroup>& out)
{
    const u64 layers = c.attentionLayers() - c.shared.layers;
    if (layers == 0) {
        return;
    }
    const bool latent = c.attention == AttentionKind::Latent;
    GroupBuilder g(make, "attention", latent ? "Latent attention (MLA)" : "Attention", layers);
    const ComponentCount& cc = count.get(Component::Attention);
    for (const Part& p : cc.parts) {
        g.part(cc, p.key, "attention",
               latent ? latentPart(c, p.key) : attentionPart(c, p.key, c.d_model));
    }
    g.takeInto(out);
}

void addMixer(const ModelConfig& c, const ParamCount& count, const BoxMaker& make,
              std::vector<DiagramGroup>& out)
{
    const u64 layers = c.mixer.layers;
    if (layers == 0) {
        return;
    }
    GroupBuilder g(make, "mixer", mixerTitle(c.mixer.kind), layers);
    const ComponentCount& cc = count.get(Component::Mixer);
    for (const Part& p : cc.parts) {
        g.part(cc, p.key, "mixer", mixerPart(c, p.key));
    }
    // A mixer-only layer holds one norm of its own: the rest of the count's block norms.
    const u64 only = c.mixerOnlyLayers();
    if (only > 0 && !c.single.any()) {
        const u64 block = count.get(Component::Norms).part("block");
        const u64 others = count.norms_per_layer * (c.n_layers - only);
        g.add("layer_norm", "norms", "norms", {normsLabel(c, 1), normsShape(c, 1)},
              (block - others) / only);
    }
    g.takeInto(out);
}

// Zamba2: the shared transformer blocks (weights held once per block used) and the adapters
// every hybrid layer holds to call them.
void addShared(const ModelConfig& c, const ParamCount& count, const BoxMaker& make,
               std::vector<DiagramGroup>& out)
{
    const u64 used = std::min(c.shared.blocks, c.shared.layers);
    if (used == 0) {
        return;
    }
    const ComponentCount& attn = count.get(Component::Attention);
    const ComponentCount& mlp = count.get(Component::Mlp);
    GroupBuilder g(make, "shared_block", used == 1 ? "Shared block" : "Shared blocks", used);
    g.setMultiplier("× " + withThousands(used) + (used == 1 ? " block" : " blocks") +
                    ", called by " + withThousands(c.shared.layers) + " layers");
    g.setCaption(" per block");
    for (const Part& p : attn.parts) {
        if (p.key != "adapters" && p.key != "layer_linear") {
            g.part(attn, p.key, "attention", attentionPart(c, p.key, 2 * c.d_model));
        }
    }
    for (const Part& p : mlp.parts) {
        if (p.key != "adapters") {
            g.part(mlp, p.key, "mlp", mlpPart(c, p.key));
        }
    }
    const ComponentCount& norms = count.get(Component::Norms);
    g.part(norms, "shared_blocks", "norms", {"norms", ""});
    g.takeInto(out);

    GroupBuilder a(make, "adapters", "Per-layer adapters", c.shared.layers);
    a.part(attn, "adapters", "attention", {"q, k, v adapters", ""});
    a.part(attn, "layer_linear", "attention", {"linear", shape(c.d_model, c.d_model)});
    a.part(mlp, "adapters", "mlp", {"gate_up adapter", ""}, "mlp_adapter");
    a.takeInto(out);
}

void addMlp(const ModelConfig& c, const ParamCount& count, const BoxMaker& make,
            std::vector<DiagramGroup>& out)
{
    const u64 moe = c.moeLayers();
    const u64 dense = c.mlpLayers() - moe;
    if (dense > 0 && c.shared.blocks == 0) {
        GroupBuilder g(make, "mlp", moe > 0 ? "Dense MLP" : "MLP", dense);
        const ComponentCount& cc = count.get(Component::Mlp);
        for (const Part& p : cc.parts) {
            // AltUp's projections are the model's, outside the layers (diagram.cpp).
            if (p.key != "routed_experts" && p.key != "shared_experts" &&
                p.key != "altup_projections" && p.key != "altup_unembed") {
                g.part(cc, p.key, "mlp", mlpPart(c, p.key));
            }
        }
        g.takeInto(out);
    }
    if (moe == 0) {
        return;
    }
    const MoeConfig& m = c.moe;
    const std::string matrices = c.mlp == MlpKind::Gated ? "3" : "2";
    const auto expertShape = [&](u64 n, u64 ff) {
        return digits(n) + " × (" + matrices + " × " + digits(c.d_model) + " × " + digits(ff) + ")";
    };
    GroupBuilder g(make, "moe", "Mixture of experts", moe);
    const ComponentCount& router = count.get(Component::Router);
    g.part(router, "gate", "router", {"Router", shape(c.d_model, m.n_routed_experts)});
    for (const Part& p : router.parts) {
        if (p.key != "gate") {
            g.part(router, p.key, "router",
                   {p.key == "bias" ? "Router bias" : "Shared-expert gate", ""});
        }
    }
    const ComponentCount& mlp = count.get(Component::Mlp);
    g.part(mlp, "routed_experts", "experts",
           {"Routed experts", expertShape(m.n_routed_experts, m.expert_d_ff)}, "experts");
    g.last().cells = m.n_routed_experts;
    g.last().lit = m.experts_per_token;
    g.last().label = "Routed experts (" + withThousands(m.experts_per_token) + " of " +
                     withThousands(m.n_routed_experts) + " per token)";
    g.last().detail += "; a token visits " + withThousands(m.experts_per_token) + " of the " +
                       withThousands(m.n_routed_experts) + " experts, " +
                       withThousands(count.expert_params) + " parameters each";
    if (m.n_shared_experts > 0) {
        const u64 ff = m.shared_d_ff != 0 ? m.shared_d_ff : m.expert_d_ff;
        g.part(mlp, "shared_experts", "shared_experts",
               {m.n_shared_experts == 1 ? "Shared expert" : "Shared experts",
                expertShape(m.n_shared_experts, ff)});
        g.last().cells = m.n_shared_experts;
        g.last().lit = m.n_shared_experts;
        g.last().detail += "; every token uses it";
    }
    g.takeInto(out);
}

void addNorms(const ModelConfig& c, const ParamCount& count, const BoxMaker& make,
              std::vector<DiagramGroup>& out)
{
    if (c.single.any()) {
        // Nemotron-H: every layer, whatever its block, holds one norm.
        GroupBuilder g(make, "norms", "Norms", c.n_layers);
        g.add("block", "norms", "norms", {normsLabel(c, 1), normsShape(c, 1)},
              count.get(Component::Norms).part("block") / c.n_layers);
        g.takeInto(out);
        return;
    }
    const u64 layers = c.n_layers - c.mixerOnlyLayers();
    if (layers == 0) {
        return;
    }
    GroupBuilder g(make, "norms", "Norms", layers);
    g.add("block", "norms", "norms",
          {normsLabel(c, c.norms_per_block), normsShape(c, c.norms_per_block)},
          count.norms_per_layer);
    // Gemma 3n's one norm per layer each for the per-layer input, AltUp's router and LAuReL.
    const ComponentCount& norms = count.get(Component::Norms);
    g.part(norms, "per_layer_inputs", "norms", {"Per-layer input norm", normsShape(c, 1)});
    g.part(norms, "altup", "norms", {"AltUp router norm", normsShape(c, 1)}, "altup_norm");
    g.part(norms, "laurel", "norms", {"LAuReL norm", normsShape(c, 1)}, "laurel_norm");
    g.takeInto(out);
}

} // namespace

void addBlockGroups(const ModelConfig& c, const ParamCount& count, const BoxMaker& make,
                    std::vector<DiagramGroup>& out)
{
    addAttention(c, count, make, out);
    addMixer(c, count, make, out);
    addShared(c, count, make, out);
    addMlp(c, count, make, out);
    addNorms(c, count, make, out);
}

} // namespace llmsizer::diagramparts
