// The parameter diagram (diagram.h): the boxes before and after the decoder layer, and the
// assembly. The decoder layer's groups are in diagram_block.cpp.
#include "llmsizer/present/diagram.h"

#include "diagram_parts.h"
#include "llmsizer/present/view_support.h"
#include "llmsizer/text/format.h"

#include <array>
#include <charconv>
#include <utility>

namespace llmsizer {

namespace diagramparts {

using u64 = std::uint64_t;

std::string digits(u64 n)
{
    std::array<char, 24> buffer{};
    const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), n);
    return ec == std::errc() ? std::string(buffer.data(), end) : std::string();
}

std::string shape(u64 in, u64 out)
{
    return digits(in) + " × " + digits(out);
}

DiagramBox BoxMaker::make(BoxName name, u64 params) const
{
    return box(std::move(name), params, 1, false);
}

DiagramBox BoxMaker::layer(BoxName name, u64 params, u64 layers) const
{
    return box(std::move(name), params, layers, true);
}

DiagramBox BoxMaker::box(BoxName name, u64 params, u64 layers, bool inBlock) const
{
    DiagramBox b;
    b.key = std::move(name.key);
    b.component = std::move(name.component);
    b.math_key = std::move(name.math_key);
    b.label = std::move(name.label);
    b.name = b.label;
    b.shape = std::move(name.shape);
    b.params = params;
    b.layers = layers;
    b.model_params = params * layers; // a part of the count: cannot overflow
    b.count_text = withThousands(params);
    b.area = fraction(params, m_total);
    // A vector's shape is its count: "Final norm  4,096", not "4096 = 4,096".
    const std::string shaped = b.shape.empty() || b.shape == digits(params) ? "" : b.shape + " = ";
    const std::string what = b.label + ": " + shaped + b.count_text;
    b.line = b.label + "  " + shaped + b.count_text;
    b.short_line = b.label + "  " + b.count_text;
    const std::string share = formatShare(fraction(b.model_params, m_total)) + " of the model";
    if (inBlock) {
        b.detail = what + " per layer; × " + withThousands(layers) +
                   (layers == 1 ? " layer = " : " layers = ") + withThousands(b.model_params) +
                   " (" + share + ")";
    } else {
        b.detail = what + " (" + share + ")";
    }
    return b;
}

std::string mixerTitle(MixerKind kind)
{
    switch (kind) {
    case MixerKind::ShortConv:
        return "ShortConv";
    case MixerKind::GatedDeltaNet:
        return "Gated DeltaNet";
    case MixerKind::Mamba:
        return "Mamba";
    case MixerKind::Mamba2:
        return "Mamba-2";
    case MixerKind::None:
        break;
    }
    return "Mixer";
}

std::string blockKinds(const ModelConfig& c)
{
    std::vector<std::string> kinds;
    if (c.single.any()) {
        // Nemotron-H: every layer one block behind one norm.
        std::string text = withThousands(c.mixer.layers) + " " + mixerTitle(c.mixer.kind) + " + " +
                           withThousands(c.single.attention_only) + " attention + " +
                           withThousands(c.single.mlp_only) + (c.isMoe() ? " MoE" : " MLP");
        return text + ", one block per layer";
    }
    if (c.mixer.layers > 0) {
        const std::string mixer = mixerTitle(c.mixer.kind);
        if (c.mixer.layout == MixerLayout::Parallel) {
            kinds.push_back("attention beside " + mixer + " in " +
                            (c.mixer.layers == c.n_layers ? std::string("every layer")
                                                          : withThousands(c.mixer.layers)));
        } else if (c.shared.layers > 0) {
            kinds.push_back(withThousands(c.mixer.layers) + " " + mixer + ", " +
                            withThousands(c.shared.layers) + " of them calling a shared block");
        } else if (c.mixer.layers < c.n_layers) {
            kinds.push_back(withThousands(c.n_layers - c.mixer.layers) + " attention + " +
                            withThousands(c.mixer.layers) + " " + mixer);
        }
    }
    const u64 moe = c.moeLayers();
    const u64 dense = c.mlpLayers() - moe;
    if (moe > 0 && dense > 0) {
        kinds.push_back(withThousands(dense) + " dense MLP + " + withThousands(moe) + " MoE");
    }
    std::string text;
    for (const std::string& k : kinds) {
        text += (text.empty() ? "" : "; ") + k;
    }
    return text;
}

} // namespace diagramparts

namespace {

using diagramparts::BoxMaker;
using diagramparts::shape;
using u64 = std::uint64_t;

// A component the importer counted part by part (vision tower, projector): one box, its parts
// in the tooltip.
void addCounted(const ParamCount& count, Component comp, const BoxMaker& make,
                std::vector<DiagramBox>& out)
{
    const ComponentCount& cc = count.get(comp);
    if (cc.params == 0) {
        return;
    }
    const std::string key(componentKey(comp));
    DiagramBox b = make.make({key, key, key, std::string(componentLabel(comp)), ""}, cc.params);
    std::string parts;
    for (const Part& p : cc.parts) {
        parts += (parts.empty() ? "" : " + ") + p.key + " " + withThousands(p.params);
    }
    if (cc.parts.size() > 1) {
        b.detail += "; " + parts;
    }
    out.push_back(std::move(b));
}

std::string normShape(const ModelConfig& c, u64 width)
{
    return c.norm == NormKind::LayerNorm ? "2 × " + diagramparts::digits(width)
                                         : diagramparts::digits(width);
}

void addInputs(const ModelConfig& c, const ParamCount& count, const BoxMaker& make,
               std::vector<DiagramBox>& out)
{
    addCounted(count, Component::VisionTower, make, out);
    addCounted(count, Component::AudioTower, make, out);
    addCounted(count, Component::Projector, make, out);
    const u64 d = c.d_model;
    const u64 e = c.embedding_dim != 0 ? c.embedding_dim : d;
    const ComponentCount& emb = count.get(Component::Embedding);
    out.push_back(make.make(
        {"embedding", "embedding", "embedding", "Token embedding", shape(c.vocab_size, e)},
        emb.part("token")));
    // Gemma 3n: the per-layer embeddings (a p-wide slice for each layer), their projection from
    // d, its norm, and AltUp's projections into n - 1 further streams (docs/counting.md).
    const LayerAugments& a = c.augments;
    const u64 wide = c.n_layers * a.per_layer_dim;
    if (const u64 n = emb.part("per_layer_token"); n > 0) {
        out.push_back(make.make({"per_layer_token", "embedding", "embedding",
                                 "Per-layer embeddings", shape(a.per_layer_vocab, wide)},
                                n));
        out.push_back(make.make({"per_layer_projection", "embedding", "embedding",
                                 "Per-layer projection", shape(d, wide)},
                                emb.part("per_layer_projection")));
        out.push_back(
            make.make({"per_layer_projection_norm", "norms", "norms", "Per-layer projection norm",
                       diagramparts::digits(a.per_layer_dim)},
                      count.get(Component::Norms).part("per_layer_projection_norm")));
    }
    if (const u64 n = count.get(Component::Mlp).part("altup_projections"); n > 0) {
        out.push_back(make.make({"altup_projections", "mlp", "mlp", "AltUp projections",
                                 diagramparts::digits(a.altup_inputs - 1) + " × " + shape(d, d)},
                                n));
    }
    if (const u64 in = emb.part("project_in"); in > 0) {
        out.push_back(
            make.make({"project_in", "embedding", "embedding", "project_in", shape(e, d)}, in));
    }
    if (const u64 pos = count.params(Component::PositionEmbedding); pos > 0) {
        out.push_back(
            make.make({"position_embedding", "position_embedding", "position_embedding",
                       "Position embedding", shape(c.context_length + c.position_offset, d)},
                      pos));
    }
    if (const u64 norm = count.get(Component::Norms).part("embedding_norm"); norm > 0) {
        out.push_back(make.make(
            {"embedding_norm", "norms", "norms", "Embedding norm", normShape(c, d)}, norm));
    }
}

void addOutputs(const ModelConfig& c, const ParamCount& count, const BoxMaker& make,
                std::vector<DiagramBox>& out)
{
    const u64 d = c.d_model;
    const u64 e = c.embedding_dim != 0 ? c.embedding_dim : d;
    if (const u64 n = count.get(Component::Mlp).part("altup_unembed"); n > 0) {
        out.push_back(
            make.make({"altup_unembed", "mlp", "mlp", "AltUp unembed projections",
                       diagramparts::digits(c.augments.altup_inputs - 1) + " × " + shape(d, d)},
                      n));
    }
    if (const u64 norm = count.get(Component::Norms).part("final"); norm > 0) {
        out.push_back(
            make.make({"final_norm", "norms", "norms", "Final norm", normShape(c, d)}, norm));
    }
    const ComponentCount& head = count.get(Component::LmHead);
    if (const u64 po = head.part("project_out"); po > 0) {
        out.push_back(
            make.make({"project_out", "lm_head", "lm_head", "project_out", shape(d, e)}, po));
    }
    DiagramBox h = make.make({"lm_head", "lm_head", "lm_head", "LM head", shape(e, c.vocab_size)},
                             head.part("weight"));
    if (c.tied_head) {
        h.tied = true;
        h.line = "LM head: tied to the token embedding (no parameters of its own)";
        h.short_line = "LM head: tied";
        h.detail = "LM head: tied to the token embedding (the same " + shape(c.vocab_size, e) +
                   " matrix, read the other way): no parameters of its own";
    }
    out.push_back(std::move(h));
    if (const u64 bias = head.part("bias"); bias > 0) {
        out.push_back(make.make({"lm_head_bias", "lm_head", "lm_head", "LM head bias",
                                 diagramparts::digits(c.vocab_size)},
                                bias));
    }
}

} // namespace

Diagram parameterDiagram(const ModelConfig& c, const ParamCount& count)
{
    const BoxMaker make(count.total);
    Diagram d;
    d.total = count.total;
    d.total_text = withThousands(count.total) + " parameters (" + shortCount(count.total) + ")";
    addInputs(c, count, make, d.inputs);
    d.block_title = "Decoder layer";
    d.block_layers = c.n_layers;
    d.block_multiplier = "× " + withThousands(c.n_layers);
    d.block_kinds = diagramparts::blockKinds(c);
    diagramparts::addBlockGroups(c, count, make, d.groups);
    addOutputs(c, count, make, d.outputs);
    return d;
}

DiagramKey diagramKey(double params)
{
    DiagramKey key;
    if (!(params >= 1)) {
        key.params = 1;
    } else {
        u64 step = 1;
        while (step <= static_cast<u64>(params) / 10) {
            step *= 10;
        }
        for (const u64 m : {u64{5}, u64{2}, u64{1}}) {
            if (static_cast<double>(m * step) <= params) {
                key.params = m * step;
                break;
            }
        }
    }
    // A round count reads without decimals: "50M", "2B", "100K".
    std::string count = diagramparts::digits(key.params);
    for (const auto& [unit, suffix] : {std::pair<u64, const char*>{1'000'000'000'000, "T"},
                                       {1'000'000'000, "B"},
                                       {1'000'000, "M"},
                                       {1'000, "K"}}) {
        if (key.params >= unit) {
            count = diagramparts::digits(key.params / unit) + suffix;
            break;
        }
    }
    key.text = "= " + count + (key.params == 1 ? " parameter" : " parameters");
    return key;
}

std::vector<const DiagramBox*> Diagram::boxes() const
{
    std::size_t n = inputs.size() + outputs.size();
    for (const DiagramGroup& g : groups) {
        n += g.boxes.size();
    }
    std::vector<const DiagramBox*> out;
    out.reserve(n);
    for (const DiagramBox& b : inputs) {
        out.push_back(&b);
    }
    for (const DiagramGroup& g : groups) {
        for (const DiagramBox& b : g.boxes) {
            out.push_back(&b);
        }
    }
    for (const DiagramBox& b : outputs) {
        out.push_back(&b);
    }
    return out;
}

const DiagramBox* Diagram::find(std::string_view key) const
{
    for (const DiagramBox* b : boxes()) {
        if (b->key == key) {
            return b;
        }
    }
    return nullptr;
}

} // namespace llmsizer
