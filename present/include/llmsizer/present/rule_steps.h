#pragma once

#include "llmsizer/model/count.h"
#include "llmsizer/model/model.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llmsizer {

// From the 12·L·d² rule to the exact count, one term at a time: what the course computes by
// hand, and what it leaves out. The rule (Kaplan et al. 2020, "Scaling Laws for Neural Language
// Models", §2.1) counts 4·d² of attention and 8·d² of MLP (two d × 4d matrices) in each of L
// layers and nothing else. Each step below corrects one assumption of it or adds one part it
// leaves out; the steps add up to ParamCount::total exactly, so a bar drawn from them ends on
// the exact count.
//
// The steps, in order (a step that is zero is left out, the rule never is):
//   rule                 12·L·d²
//   attention            the attention weights (q, k, v, o; MLA's projections; q/k norms, sinks)
//                        less the rule's 4·d² a layer: negative under GQA or MQA, where K and V
//                        are narrower than d
//   biases               the attention and MLP biases (the rule has none)
//   mlp_width            the dense MLPs' up and down matrices less the rule's 8·d² a layer:
//                        d_ff other than 4·d, and layers without a dense MLP (MoE or mixer-only)
//   gate                 the gated MLP's third matrix (SwiGLU's gate)
//   experts, shared_experts, router   an MoE layer's routed and shared experts and its router
//   mlp_other            the rest of the MLP component (learned activations, adapters, AltUp,
//                        LAuReL, per-layer inputs)
//   mixer                state-space, linear-attention and convolution layers
//   embedding, position_embedding, lm_head (when untied), norms
//   vision               the vision tower and the projector of a vision-language model
struct RuleStep {
    std::string key;          // as above
    std::string color;        // the palette key of the part it belongs to ("attention", "mlp", …)
    std::string label;        // "Attention: 2.25·d² a layer, not 4·d²"
    std::string why;          // one sentence: what the rule assumed and what this model has
    std::uint64_t params = 0; // magnitude
    bool negative = false;    // the rule counted too much
    std::uint64_t from = 0;   // the running total before this step (the rule: 0)
    std::uint64_t to = 0;     // and after it; the last step's `to` is the exact count
    std::string value_text;   // "64,424,509,440", "+18,790,481,920", "−9,395,240,960"
};

struct RuleSteps {
    std::vector<RuleStep> steps; // the rule first
    std::uint64_t rule = 0;      // 12·L·d²
    std::uint64_t exact = 0;     // ParamCount::total
    std::uint64_t peak = 0;      // the largest running total (the bar's scale)
    // The closing row, key "exact": the exact count from 0, where the steps end (no colour).
    RuleStep exact_row;
    // "From the 12·L·d² rule to the exact count: the rule is −6.6% off"
    std::string summary;
};

// The steps for `config` with its count (count = countParameters(config)). Throws
// OverflowError where the rule itself does not fit in 64 bits (approx12Ld2).
RuleSteps ruleSteps(const ModelConfig& config, const ParamCount& count);

} // namespace llmsizer
