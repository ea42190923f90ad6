#pragma once

#include "llmsizer/model/model.h"
#include "llmsizer/text/figures.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llmsizer {

// The numbers behind the desktop app's controls: which values each slider may reach (only valid
// configurations), how a knob change propagates to dependent fields, and the figures the summary
// shows. Kept here so the widgets compute nothing.

// The model fields a slider can drive.
enum class Knob {
    DModel,
    Layers,
    Heads,
    KvHeads,
    Vocab,
    Dff,
    Experts,
    ExpertsPerToken,
    ExpertDff,
    SharedExperts
};

// All divisors of n in ascending order (empty for 0).
std::vector<std::uint64_t> divisors(std::uint64_t n);

// The value a knob currently has (d_ff as used, i.e. effectiveDff()).
std::uint64_t knobValue(Knob knob, const ModelConfig& config);

// The ascending values a knob's slider offers for this configuration. Every value, applied with
// withKnob(), gives a configuration that passes validate(); the current value and `anchor` (the
// loaded preset's value, so that dragging away from an odd size and back finds it) are always
// included. Moving along the table does not change the table.
//   d_model: multiples of lcm(64, n_heads) when head_dim is derived (so n_heads keeps dividing it),
//            of 64 otherwise;
//   n_layers: 1 (MoE: first dense layers + 1) to 160;
//   n_heads: divisors of d_model (derived head_dim) that leave head_dim between kMinHeadDim and
//            kMaxHeadDim; for GQA only multiples of n_kv_heads above it; MHA models stay MHA (kv
//            heads follow);
//   n_kv_heads: divisors of n_heads;
//   vocab: powers of two, their 1.5x, and common tokenizer sizes (log-scaled);
//   d_ff, expert d_ff: multiples of 64 up to 8·d_model.
std::vector<std::uint64_t> knobSteps(Knob knob, const ModelConfig& config,
                                     std::uint64_t anchor = 0);
// The head dimensions the heads slider offers (published models use 64 to 256).
constexpr std::uint64_t kMinHeadDim = 32;
constexpr std::uint64_t kMaxHeadDim = 512;

// The configuration with one knob set. Changing n_heads of an MHA model (n_kv_heads == n_heads)
// keeps it MHA; changing the expert count clamps experts per token.
ModelConfig withKnob(const ModelConfig& config, Knob knob, std::uint64_t value);

// Slider tables for the workload: context 128..1M tokens in powers of two and common sizes;
// batch 1..1024. The current value (and the anchor, if not 0) are always included.
std::vector<std::uint64_t> contextSteps(std::uint64_t current, std::uint64_t anchor = 0);
std::vector<std::uint64_t> batchSteps(std::uint64_t current);

// Limits of the workload sliders' typed values: context 1..Limits::maxContext tokens, batch
// 1..65,536. Problems come back as validate() does ({"context", "must be between …"}).
std::vector<ValidationIssue> validateWorkload(std::uint64_t context, std::uint64_t batch);

// Index of the step closest to value (ties to the lower one); 0 for an empty table.
int nearestStepIndex(const std::vector<std::uint64_t>& steps, std::uint64_t value);

// d_ff as a multiple of d_model, e.g. 3.5 for Llama 3 70B.
double dffRatio(const ModelConfig& config);

// part / whole as a fraction (0 when whole is 0), for shares shown next to counts.
double fraction(std::uint64_t part, std::uint64_t whole);

// A relative error as every view prints it is signedPercent (text/figures.h): "+2.1%", "−13.4%".

// "13.6%", "0.18%", "0.00013%": a share of a whole; small shares keep two significant digits so
// they never read 0.0%.
std::string formatShare(double fraction);

// "141.2 GFLOP", "1.41 TFLOP": a FLOP count with an SI prefix.
std::string formatFlops(double flops);

} // namespace llmsizer
