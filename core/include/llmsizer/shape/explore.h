#pragma once

#include "llmsizer/compute/hardware.h"
#include "llmsizer/model/count.h"
#include "llmsizer/model/model.h"
#include "llmsizer/precision/precision.h"

#include <cstdint>
#include <string>
#include <vector>

// Depth against width at equal parameters, the teaching material's scaling insight as measured
// ratios, and the reverse question "what is the largest model that fits in this memory?". Every
// total is an exact countParameters() result; docs/teaching.md shows how a class uses them.
namespace llmsizer {

// ---- The family shape rule -------------------------------------------------------------------
//
// A family is a base configuration plus a rule for what scales with d_model. Fixed: head_dim,
// vocabulary, context, norms, biases, position kind, tied head, MLA ranks, expert count and
// routing. Scaled: n_heads grows in proportion to d_model (so head_dim stays fixed), the KV heads
// follow `kv`, and d_ff (and the experts' widths) follow `dff`. d_model moves in steps of
// widthStep(base, rules) so that n_heads stays a whole number.

enum class DffScaling {
    Auto,      // ModelRule when the base derives d_ff (d_ff = 0), else Ratio
    ModelRule, // d_ff = 0: the model's own rule (the Llama rule for gated MLPs, 4·d for plain)
    Ratio,     // d_ff = d_model · base d_ff / base d_model, rounded to dff_multiple
};

enum class KvScaling {
    // The rule every view uses unless told otherwise: MatchHeads for MHA (n_kv_heads ==
    // n_heads), KeepCountExact for MQA (one KV head stays one), KeepRatio for GQA.
    Auto,
    KeepCount,  // the base's KV head count, or the largest divisor of n_heads below it (GQA/MQA)
    MatchHeads, // n_kv_heads = n_heads (MHA)
    // Exactly the base's KV head count, as real GQA families do (Llama 3: 8 KV heads at 32, 64
    // and 128 heads). d_model then moves in coarser steps that keep n_heads a multiple of it
    // (Llama 3 8B: 8 heads of 128 = 1024).
    KeepCountExact,
    // n_kv_heads = n_heads / (base n_heads / base n_kv_heads): the base's queries per KV head, as
    // a designer widens a GQA model (Llama 3 8B: 4 per KV head, so 48 heads have 12 KV heads).
    // d_model moves in steps that keep n_heads a multiple of that group. MHA: equals MatchHeads.
    KeepRatio,
};

struct ShapeRules {
    DffScaling dff = DffScaling::Auto;
    // Ratio rounding: d_ff is rounded to the nearest multiple of this (ties round up). 1 keeps
    // the exact ratio wherever d_model · ratio is whole (Llama 3's 3.5 at any multiple of 2).
    std::uint64_t dff_multiple = 1;
    KvScaling kv = KvScaling::Auto;
    bool operator==(const ShapeRules&) const = default;
};

// Auto resolved for this base (resolvedKvScaling(base, kv) == kv for every other value).
KvScaling resolvedKvScaling(const ModelConfig& base, KvScaling kv);

// The rule as every view states it on screen, e.g. for Llama 3 70B "Widening: d_model in steps
// of 1,024, head dim 128 kept, 8 query heads per KV head; d_ff ×3.50 d_model."
std::string widthRuleText(const ModelConfig& base, const ShapeRules& rules = {});

// d_model granularity: base d_model / gcd(base d_model, base n_heads); equals head_dim whenever
// head_dim = d_model / n_heads (Llama 2 7B: 128, GPT-2 small: 64). With KeepCountExact, the
// multiple of that which keeps n_heads a multiple of the base's KV heads.
std::uint64_t widthStep(const ModelConfig& base, const ShapeRules& rules = {});
// The largest k for which k · widthStep keeps d_model ≤ Limits::maxDModel and n_heads ≤
// Limits::maxHeads.
std::uint64_t maxWidthMultiple(const ModelConfig& base, const ShapeRules& rules = {});

// The family member with this d_model and n_layers: n_heads = d_model / widthStep · (base n_heads
// / gcd). reshape(base, base.d_model, base.n_layers) has the base's exact total. Throws
// std::invalid_argument when d_model is not a positive multiple of widthStep(base, rules) or
// n_layers is 0; the result may still fail validate() (e.g. beyond Limits), which countParameters
// reports.
ModelConfig reshape(const ModelConfig& base, std::uint64_t d_model, std::uint64_t n_layers,
                    const ShapeRules& rules = {});

// ---- Iso-parameter solver --------------------------------------------------------------------

// A snapped family member and its exact distance from the locked target total.
struct IsoSolution {
    ModelConfig config;
    std::uint64_t total = 0; // countParameters(config).total
    std::uint64_t target = 0;
    std::uint64_t abs_error = 0;  // |total − target|
    bool above = false;           // total > target
    double signedError() const;   // total − target
    double relativeError() const; // (total − target) / target
};

// The d_model (a multiple of widthStep, up to Limits::maxDModel) whose exact total at n_layers is
// closest to target; ties go to the smaller total. Exact: the search brackets the answer between
// the family's totals with one KV head and with n_kv = n_heads, both non-decreasing in d_model.
IsoSolution solveWidth(const ModelConfig& base, std::uint64_t target, std::uint64_t n_layers,
                       const ShapeRules& rules = {});
// The n_layers (1..Limits::maxLayers; above first_dense_layers for MoE) whose exact total at
// d_model is closest to target; ties go to the smaller total. Exact (the total is affine in L).
IsoSolution solveDepth(const ModelConfig& base, std::uint64_t target, std::uint64_t d_model,
                       const ShapeRules& rules = {});

// What changes between shapes of (nearly) the same size.
struct ShapeMetrics {
    std::uint64_t total = 0;
    std::uint64_t active = 0;
    std::uint64_t context = 0;
    // decodeFlopsPerToken(config, context).total() (compute.h): ≈ 2·N_active + 4·L·ctx·a·d_head.
    double flops_per_token = 0;
    std::uint64_t kv_bytes_per_token = 0; // kvCache(config, 1, 1, fp16) (memory.h): 2·L·kv·dh·2
    // Korthikanti et al. 2022 eq. 1 with the paper's constants, s = context, b = 1:
    // L · s·b·h·(34 + 5·a·s/h) = L · (34·s·h + 5·a·s²) bytes (formulas.md §3.2).
    std::uint64_t activation_bytes = 0;
    double aspect_ratio = 0;            // d_model / n_layers
    std::uint64_t embedding_params = 0; // token + position embeddings + untied LM head
    double embedding_share = 0;         // embedding_params / total
};
// context == 0 uses config.context_length.
ShapeMetrics shapeMetrics(const ModelConfig& config, std::uint64_t context = 0);
// The same with the configuration's count already made (count = countParameters(config)).
ShapeMetrics shapeMetrics(const ModelConfig& config, const ParamCount& count,
                          std::uint64_t context = 0);
// Korthikanti eq. 1 summed over the layers, in bytes (16-bit activations, b micro-batch).
std::uint64_t korthikantiActivationBytes(const ModelConfig& config, std::uint64_t seq,
                                         std::uint64_t microBatch = 1);

struct IsoPoint {
    IsoSolution solution;
    ShapeMetrics metrics;
};
// One point per n_layers in layersFrom, layersFrom + step, … ≤ layersTo: the solved width and its
// metrics at `context` (0: the base's context). Throws std::invalid_argument for an empty range.
std::vector<IsoPoint> isoCurve(const ModelConfig& base, std::uint64_t target,
                               std::uint64_t layersFrom, std::uint64_t layersTo,
                               std::uint64_t step = 1, const ShapeRules& rules = {},
                               std::uint64_t context = 0);

// ---- The key insight, measured -----------------------------------------------------------------

// An exact ratio num/den of two counts.
struct CountRatio {
    std::uint64_t num = 0;
    std::uint64_t den = 1;
    double value() const;
};

// Parameters in the transformer blocks, summed over the layers: attention + MLP (experts
// included) + router + the per-block norms. Embeddings, LM head and the final norm are outside.
struct BlockParams {
    std::uint64_t attention = 0;
    std::uint64_t mlp = 0;
    std::uint64_t router = 0;
    std::uint64_t norms = 0;
    std::uint64_t total() const;
};
BlockParams blockParams(const ParamCount& count);

struct ScalingStep {
    ModelConfig config;
    BlockParams blocks;
    std::uint64_t total = 0;
    CountRatio block_ratio; // blocks / base blocks
    CountRatio total_ratio; // total / base total (embeddings included)
    CountRatio attention_ratio;
    CountRatio mlp_ratio;
    CountRatio norms_ratio;
};

struct ScalingRatios {
    BlockParams base_blocks;
    std::uint64_t base_total = 0;
    ScalingStep deeper; // ×2 n_layers
    ScalingStep wider;  // ×2 d_model, n_heads ×2 (head_dim kept), d_ff by the rules
    // "×2 layers → ×2.00 blocks, ×1.69 total; ×2 width → ×4.00 blocks, ×3.37 total with
    // embeddings"
    std::string summary;
};
ScalingRatios scalingRatios(const ModelConfig& base, const ShapeRules& rules = {});

// ---- Reverse solver: the largest model that fits ---------------------------------------------

// The teaching guide exercise 2 ("You have a 24GB GPU. What's the largest model you can run at
// INT8?").
struct FitBudget {
    std::uint64_t budget_bytes = 24'000'000'000ull;
    BitsPerWeight weight_bpw{8, 1};    // exact: INT8 {8, 1}, INT4 {4, 1}, Q4_0 {144, 32}
    std::string kv_precision = "fp16"; // kvPrecisionById
    std::uint64_t context = 4096;      // tokens per sequence held in the KV cache
    std::uint64_t batch = 1;           // sequences
    std::uint64_t overhead_bytes = 0;  // runtime, workspace, … (fixed)
    // The runtime's overhead as the Overview's bars add it (memory.h overheadBytes): fixed
    // bytes, a share of the weights and the usable fraction of the device. overheadProfiles() id.
    std::string overhead_profile = "none";

    // Per-GPU mode, the model the Overview's bars and `fit` use (fit.h fitInference): gpus > 0
    // means a shape fits when its need on the most loaded of `gpus` such devices (weights split by
    // the chosen tensor / pipeline layout, the KV cache, activations and the runtime overhead on
    // every device; inferenceMemory) is at most budget_bytes, one device's usable bytes.
    // gpus == 0: the teaching arithmetic above, weights + KV cache + overhead against
    // budget_bytes.
    std::uint64_t gpus = 0;
    GpuSpec gpu;
    std::string weight_precision; // precisionById id, for inferenceMemory
};

// The scaling path: d_model = k · widthStep(base, rules) for k = 1, 2, …, and n_layers following
// the aspect rule n_layers = round(d_model · aspect_layers / aspect_d_model) (at least 1; above
// first_dense_layers for MoE). Either aspect field 0: the base's own d_model / n_layers (Llama 2
// 7B: 4096 / 32, so n_layers = d_model / 128).
struct FitPath {
    std::uint64_t aspect_d_model = 0;
    std::uint64_t aspect_layers = 0;
    bool keep_layers = false; // true: n_layers stays the base's, only the width grows
};

struct FitPoint {
    ModelConfig config;
    std::uint64_t params = 0;
    std::uint64_t weight_bytes = 0; // bytesFor(params, weight_bpw) = ceil(N·bits/8)
    std::uint64_t kv_bytes = 0;     // kvCache(config, context, batch, kv precision).bytes
    std::uint64_t overhead_bytes = 0;
    std::uint64_t activation_bytes = 0; // per-GPU mode: inferenceMemory's, whole model
    // Teaching arithmetic: weights + KV + overhead. Per-GPU mode: the most loaded GPU's need.
    std::uint64_t total_bytes = 0;
    std::uint64_t tensor_parallel = 1; // per-GPU mode: the layout (fit.h chooseSplit)
    std::uint64_t pipeline_parallel = 1;
};

struct FitResult {
    bool found = false;
    FitPoint best;         // the largest path point (by exact total) within the budget
    bool has_next = false; // the next larger path point, which does not fit
    FitPoint next;
    std::uint64_t headroom_bytes = 0; // budget − best.total_bytes
};

// Exact: every path point is counted until a lower bound of the memory (one KV head, which is
// non-decreasing along the path) exceeds the budget.
FitResult largestThatFits(const ModelConfig& base, const FitBudget& budget,
                          const FitPath& path = {}, const ShapeRules& rules = {});
// The same, counting through `counts`: searches of one base under several budgets that share a
// cache count each shape (and each pipeline stage of it) once.
FitResult largestThatFits(CountCache& counts, const ModelConfig& base, const FitBudget& budget,
                          const FitPath& path = {}, const ShapeRules& rules = {});
// The memory of one configuration under the budget's assumptions.
FitPoint fitPoint(const ModelConfig& config, const FitBudget& budget);
FitPoint fitPoint(CountCache& counts, const ModelConfig& config, const FitBudget& budget);

} // namespace llmsizer
