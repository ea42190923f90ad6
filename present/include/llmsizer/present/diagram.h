#pragma once

#include "llmsizer/model/count.h"
#include "llmsizer/model/model.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// The parameter diagram: the teaching guide's picture of where the parameters live (token
// embedding, one decoder layer drawn once with its "× N", the final norm and the LM head), each
// weight a box with its shape, its exact count and an area proportional to its parameters. Every
// count is read from the model's ParamCount (its parts and per-layer figures): the boxes, each
// times its layers, sum to the total exactly. Qt-free; the widget only lays the boxes out.
namespace llmsizer {

struct DiagramBox {
    std::string key;       // unique in the diagram: "embedding", "attention.q", "moe.experts"
    std::string component; // the pie slice key it belongs to ("attention", "experts", …): colour
    std::string math_key;  // the Show the math item with its formula ("attention", "mlp", …)
    std::string label;     // "q", "Token embedding", "Routed experts (8 of 256 per token)"
    std::string name;      // the label without its note, for a narrow room: "Routed experts"
    std::string shape;     // "8192 × 1024" (input × output); "" when it is not one matrix
    std::uint64_t params = 0;       // one copy: inside the block, one layer's
    std::uint64_t layers = 1;       // copies in the model: the group's layers (1 outside the block)
    std::uint64_t model_params = 0; // params × layers
    std::string count_text;         // params with thousands separators: "67,108,864"
    // The box in one line, for a label beside it: "k  8192 × 1024 = 8,388,608", and shorter:
    // "k  8,388,608".
    std::string line;
    std::string short_line;
    // Everything about the box in a sentence or two, for a tooltip: the shape and count, the
    // layers and the share of the whole model.
    std::string detail;
    // One copy's share of the model (params / total): the area the box is drawn with, relative
    // to the whole model's.
    double area = 0;
    // Experts: the box is `cells` equal cells, `lit` of them the ones one token visits (all of
    // them for shared experts); 0 for a plain box.
    std::uint64_t cells = 0;
    std::uint64_t lit = 0;
    // The LM head tied to the token embedding: no parameters of its own, drawn as a reference.
    bool tied = false;
    bool operator==(const DiagramBox&) const = default;
};

// Boxes inside the decoder layer that the same layers hold.
struct DiagramGroup {
    std::string key;          // "attention", "mixer", "shared_block", "adapters", "mlp", "moe",
                              // "norms"
    std::string title;        // "Attention", "Mamba-2", "Mixture of experts", "Norms"
    std::uint64_t layers = 0; // how many layers hold the group
    std::string multiplier;   // "× 80"
    std::uint64_t params = 0; // one layer's: the sum of the boxes
    std::string caption;      // "150,994,944 per layer"
    std::vector<DiagramBox> boxes;
    bool operator==(const DiagramGroup&) const = default;
};

struct Diagram {
    std::vector<DiagramBox> inputs;   // vision tower, projector, token embedding, positions, …
    std::string block_title;          // "Decoder layer"
    std::uint64_t block_layers = 0;   // n_layers
    std::string block_multiplier;     // "× 80"
    std::string block_kinds;          // which layers hold what: "6 attention + 10 ShortConv"
    std::vector<DiagramGroup> groups; // inside the block, each with its own layer count
    std::vector<DiagramBox> outputs;  // final norm, LM head (tied or not), its bias
    std::uint64_t total = 0;          // the model's total (ParamCount::total)
    std::string total_text;           // "70,553,706,496 parameters (70.6B)"

    // Every box, inputs first, then the groups' in order, then the outputs.
    std::vector<const DiagramBox*> boxes() const;
    const DiagramBox* find(std::string_view key) const; // nullptr when absent
    bool operator==(const Diagram&) const = default;
};

// The diagram of a configuration from its count (count = countParameters(config)).
Diagram parameterDiagram(const ModelConfig& config, const ParamCount& count);

// A key square for a drawing scale: a round count (1, 2 or 5 × 10^k) at most `params`, and its
// text, "= 50M parameters".
struct DiagramKey {
    std::uint64_t params = 0;
    std::string text;
};
DiagramKey diagramKey(double params);

} // namespace llmsizer
