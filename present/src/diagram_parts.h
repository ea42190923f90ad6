#pragma once

// Private to diagram.cpp and diagram_block.cpp: how a box is made from a count and the decoder
// layer's groups.
#include "llmsizer/model/count.h"
#include "llmsizer/model/model.h"
#include "llmsizer/present/diagram.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llmsizer::diagramparts {

// Plain digits (a shape: "8192"); locale-independent.
std::string digits(std::uint64_t n);
// "a × b" in plain digits.
std::string shape(std::uint64_t in, std::uint64_t out);

// Names of a box: its key, its pie slice and Show the math item, its label and shape.
struct BoxName {
    std::string key;
    std::string component;
    std::string math_key;
    std::string label;
    std::string shape;
};

// Makes boxes of one model: counts, shares and the tooltip text.
class BoxMaker {
public:
    explicit BoxMaker(std::uint64_t total) : m_total(total) {}
    // A box outside the decoder layer: the model holds it once.
    DiagramBox make(BoxName name, std::uint64_t params) const;
    // A box inside the decoder layer: `params` in each of `layers` layers.
    DiagramBox layer(BoxName name, std::uint64_t params, std::uint64_t layers) const;
    std::uint64_t total() const { return m_total; }

private:
    DiagramBox box(BoxName name, std::uint64_t params, std::uint64_t layers, bool inBlock) const;
    std::uint64_t m_total;
};

// Appends the groups of the decoder layer (attention or latent attention, the mixer, shared
// blocks and their adapters, the dense MLP, the mixture of experts, the norms); each box's
// params are a part of the count divided by the layers the group spans.
void addBlockGroups(const ModelConfig& c, const ParamCount& count, const BoxMaker& make,
                    std::vector<DiagramGroup>& out);
// Which layers hold what, when they differ: "6 attention + 10 ShortConv", "3 dense MLP + 58
// MoE"; "" when every layer is alike.
std::string blockKinds(const ModelConfig& c);
// "ShortConv", "Gated DeltaNet", "Mamba", "Mamba-2".
std::string mixerTitle(MixerKind kind);

} // namespace llmsizer::diagramparts
