#pragma once

#include "llmsizer/model/model.h"
#include "llmsizer/present/memory_view.h"
#include "llmsizer/text/format.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// "Show the math": every parameter component and memory figure of a configuration as a formula,
// the same formula with the configuration's numbers substituted, and the exact result, each with
// its source. The GUI renders the items; tests evaluate `substituted` and compare it with
// `result` and with countParameters.
namespace llmsizer {

struct ParamCount; // count.h

// One line of working.
//
// `substituted` uses a small fixed grammar so that it can be checked mechanically: decimal
// integers with a comma between groups of three digits, as every number in the app ("8,192"); "·"
// and "×" (both multiplication, same precedence), "/" (exact division), "+", "−"; parentheses; "²"
// (square of the preceding number); "⌈ … ⌉" (round up). It evaluates to `result` exactly.
struct MathItem {
    std::string key;         // "embedding", "attention", …, "weights", "kv_per_token"
    std::string title;       // "Attention (all layers)"
    std::string formula;     // "L × (d·h·dh + 2·d·kv·dh + h·dh·d)"
    std::string substituted; // "80 × (8,192·64·128 + 2·8,192·8·128 + 64·128·8,192)"
    std::uint64_t result = 0;
    std::string result_text; // "12,079,595,520" or "141,107,412,992 bytes (141.11 GB)"
    std::string unit;        // "parameters" or "bytes"
    std::string legend;      // the symbols: "L = layers, d = d_model, h = heads, …"
    std::string note;        // why a figure differs from the simple rule, caveats
    std::string source;      // URL or paper section
};

struct MathOptions {
    std::string weight_precision = "bf16"; // precision.h id
    std::string kv_precision = "fp16";     // KV precision id
    std::uint64_t context = 0;             // KV cache tokens; 0 = config.context_length
    ByteUnits units = ByteUnits::Decimal;
    // The Overview's memory bar at the selected precision (memory_view.h), whose total the
    // summary's Memory is: given, its sum closes the math ("memory_total").
    std::optional<MemoryBar> memory;
    std::string memory_mode = "inference"; // "inference" or "training", as the summary says it
};

// Items, in order: embedding, position_embedding (learned positions only), attention, mlp,
// router (MoE only), norms, lm_head, total, active (MoE only), linear_bias, linear_no_bias,
// approx_12ld2, weights, kv_per_token, kv_at_context, flops_per_token, and memory_total when the
// memory bar is given. Component results equal countParameters; memory results equal
// nominalWeightBytes and kvCache (memory.h); flops_per_token equals decodeFlopsPerToken at the
// context (compute.h), the Overview's FLOPs per token.
// Throws InvalidConfigError for an invalid configuration and InputError for an unknown precision.
std::vector<MathItem> showTheMath(const ModelConfig& config, const MathOptions& options = {});
// The same with the configuration's count already made (count = countParameters(config)).
std::vector<MathItem> showTheMath(const ModelConfig& config, const ParamCount& count,
                                  const MathOptions& options = {});

} // namespace llmsizer
