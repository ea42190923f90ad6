#pragma once

#include "llmsizer/memory/training.h"
#include "llmsizer/model/model.h"

#include <cstdint>
#include <span>
#include <string>

namespace llmsizer {

struct ParamCount; // count.h

// Training and inference FLOPs, Chinchilla scaling and training time. docs/compute.md derives
// each formula and names its source.
//
// Units: a FLOP is one floating-point operation (a multiply-add counts 2); FLOP/s per second;
// 1 TFLOPS = 1e12 FLOP/s.
//
// Representation: every FLOP figure is a double. Whole-run totals do not fit in 64 bits
// (6·N·D for Llama 3 405B on 15.6T tokens is 3.8e25; 2^64 ≈ 1.8e19), and the inputs they are
// multiplied with (token counts, MFU) are themselves estimates. A double keeps 53 bits: every
// per-token figure below 2^53 ≈ 9.0e15 is an exact integer, and run totals carry a relative
// rounding error below 1.2e-16.

// Assumptions a user may dispute, each with its documented default (docs/compute.md).
struct ComputeAssumptions {
    // Chinchilla compute-optimal tokens per parameter (Hoffmann et al. 2022, Table 3 gives
    // 20.0–21.6 across 400M–10T parameters; "≈20 tokens per parameter" is the usual reading).
    double tokens_per_param = 20.0;
    // Model FLOPs utilization for training time. Transformer Math 101 expects ≈120 TFLOP/s per
    // A100 (≈38% of 312); Korthikanti et al. 2022 Table 5 reports 41.5–56.3% on A100s.
    double mfu = 0.40;
};

// Forward-pass FLOPs of one token, by where they are spent. Matrix products cost 2 FLOPs per
// weight per token; biases and norms are left out (they are additions, not multiply-adds).
struct ForwardFlops {
    double attention_proj = 0;   // q, k, v, o (or the MLA projections)
    double attention_scores = 0; // Q·Kᵀ and A·V over the keys the token attends to
    double mlp = 0;              // dense MLP, shared experts, and the routed experts visited
    double router = 0;           // MoE gate
    double lm_head = 0;          // logits, 2·V·d (also when the head is tied to the embedding)

    double attention() const { return attention_proj + attention_scores; }
    double matmul() const { return attention_proj + mlp + router + lm_head; }
    double total() const { return matmul() + attention_scores; }
};

// One token attending to `context` keys (a decode step at that context length). Sliding-window
// layers attend to at most sliding_window keys.
ForwardFlops decodeFlopsPerToken(const ModelConfig& config, std::uint64_t context);
// The same with the configuration's count already made (count = countParameters(config)).
ForwardFlops decodeFlopsPerToken(const ModelConfig& config, const ParamCount& count,
                                 std::uint64_t context);

// Average per token over a causal sequence of `seq` tokens (training, prefill): the attention
// score term uses the average of seq/2 keys per token, as Kaplan et al. 2020 eq. 2.2 and
// Megatron's num_floating_point_operations do.
ForwardFlops sequenceFlopsPerToken(const ModelConfig& config, std::uint64_t seq);
ForwardFlops sequenceFlopsPerToken(const ModelConfig& config, const ParamCount& count,
                                   std::uint64_t seq);

// Recompute (training.h): Selective recomputes the attention scores (Korthikanti et al. 2022
// App. A eq. 8); Full recomputes the whole forward pass (C ≤ 8·N·D).

struct TrainingFlops {
    double params = 0;      // N: active parameters per token (all of them for dense models)
    double tokens = 0;      // D
    double six_nd = 0;      // 6·N·D (Kaplan et al. 2020 §2.1; Hoffmann et al. 2022)
    double eight_nd = 0;    // 8·N·D: 6·N·D plus one recomputed forward (Narayanan et al. 2021)
    double model_flops = 0; // 3 × forward(seq) × D: matmuls, attention scores and logits
    double hardware_flops = 0;  // model_flops plus the recomputation chosen
    double attention_share = 0; // (attention projections + scores) / forward total
    ForwardFlops per_token;     // forward, averaged over a sequence of seq_len tokens
};

// seq_len == 0 uses config.context_length.
TrainingFlops trainingFlops(const ModelConfig& config, double tokens, std::uint64_t seq_len = 0,
                            Recompute recompute = Recompute::None);
// The same with the configuration's count already made (count = countParameters(config)).
TrainingFlops trainingFlops(const ModelConfig& config, const ParamCount& count, double tokens,
                            std::uint64_t seq_len = 0, Recompute recompute = Recompute::None);

// Closed forms, kept separate so that they can be checked against the papers' own numbers.
// Korthikanti et al. 2022 App. A eq. 7, model FLOPs of one iteration (batch B sequences of s
// tokens, L layers, hidden h, vocabulary V; MHA, 4h GELU MLP):
// 72·B·L·s·h²·(1 + s/(6h) + V/(12hL)).
double korthikantiModelFlops(double B, double L, double s, double h, double V);
// Eq. 8, hardware FLOPs with selective recomputation: 72·B·L·s·h²·(1 + s/(3h) + V/(12hL)).
double korthikantiHardwareFlops(double B, double L, double s, double h, double V);
// Kaplan et al. 2020 Table 1 / eq. 2.2: N = 2·d_model·n_layer·(2·d_attn + d_ff) (no embeddings)
// and C_forward ≈ 2N + 2·n_layer·n_ctx·d_attn per token.
double kaplanParams(double d_model, double n_layer, double d_attn, double d_ff);
double kaplanForwardFlopsPerToken(double N, double n_layer, double n_ctx, double d_attn);

// T = C / (G · peak · MFU): seconds to run `flops` on `gpus` devices of `peak_flops` FLOP/s
// each at model FLOPs utilization `mfu` (formulas.md §4). Throws std::invalid_argument unless
// gpus ≥ 1, peak_flops > 0 and 0 < mfu ≤ 1.
double trainingSeconds(double flops, std::uint64_t gpus, double peak_flops, double mfu);

// ---- Chinchilla (Hoffmann et al. 2022, arXiv:2203.15556) ------------------------------------

// C = 6·N·D: the training compute Table 3 lists for N parameters and D tokens (Kaplan §2.1).
double sixND(double params, double tokens);

// D = tokens_per_param · N, rounded to the nearest token.
double chinchillaTokens(double params, double tokens_per_param = 20.0);

// Table 3 ("Estimated optimal training FLOPs and training tokens for various model sizes",
// Approach 1), as printed.
struct ChinchillaRow {
    const char* label; // "400 Million"
    double params;
    double flops;
    double tokens;
};
std::span<const ChinchillaRow> chinchillaTable3();

// Parametric loss fit, eq. 10: L(N, D) = E + A/N^α + B/D^β.
struct LossFit {
    double E = 1.69;
    double A = 406.4;
    double B = 410.7;
    double alpha = 0.34;
    double beta = 0.28;
};
// Besiroglu et al. 2024's refit of the same data (formulas.md §4, secondary source).
LossFit besiroglu2024Fit();
double chinchillaLoss(double params, double tokens, const LossFit& fit = {});

struct ComputeOptimal {
    double params = 0;
    double tokens = 0;
};
// The k-tokens-per-parameter rule: C = 6·N·(k·N), so N = sqrt(C / 6k), D = k·N.
ComputeOptimal computeOptimalByRule(double flops, double tokens_per_param = 20.0);
// The size that minimises the parametric fit at a fixed budget (Hoffmann et al. 2022, eq. 4):
// with D = C / 6N, N_opt = G·(C/6)^a and D_opt = (C/6)^b / G, where G = (αA / βB)^(1/(α+β)),
// a = β/(α+β), b = α/(α+β). For eq. 10's fit it lies well below the 20-tokens rule's size.
ComputeOptimal computeOptimalByFit(double flops, const LossFit& fit = {});

// ---- Attention vs MLP split -----------------------------------------------------------------

// The sizing chapter's allocate_compute_budget, reproduced as written: attention 4·d²·L against FFN
// 6·d·d_ff·L (d_ff == 0 means 4·d), a fixed ratio applied to the whole budget.
struct ChapterComputeSplit {
    double attention_flops = 0;
    double ffn_flops = 0;
    double ratio = 0;              // attention / FFN
    double attention_fraction = 0; // attention / (attention + FFN)
};
ChapterComputeSplit chapterAllocateCompute(double total_flops, std::uint64_t n_layers,
                                           std::uint64_t d_model, std::uint64_t d_ff = 0);

// The split from the model's own per-token forward FLOPs (decodeFlopsPerToken at a context, or
// sequenceFlopsPerToken for a training sequence).
struct FlopSplit {
    ForwardFlops per_token;
    double attention_share = 0; // attention / total (logits included in the total)
    double mlp_share = 0;       // (mlp + router) / total
    double lm_head_share = 0;   // lm_head / total
    double attention_vs_mlp =
        0; // attention / (attention + mlp + router): the sizing chapter's fraction
    double attention_proj_share = 0;   // projections / total
    double attention_scores_share = 0; // scores / total
};
FlopSplit flopSplit(const ForwardFlops& per_token);

} // namespace llmsizer
