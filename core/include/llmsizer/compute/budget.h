#pragma once

#include "llmsizer/compute/compute.h"
#include "llmsizer/model/model.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace llmsizer {

// The sizing chapter's compute-budget exercise ("Given a compute budget of 1e24 FLOPs, generate all
// model configurations that fit within this budget, rank by estimated quality"): a grid of layers ×
// d_model over one family shape, each member counted exactly.

// The sizing chapter's estimate_model_size, as written: embedding V·d (no LM head), attention
// (a + 2·kv + a)·d·head_dim·L with head_dim = d / n_heads, FFN 2·d·4d·L, norms 2·d·L + 2·d.
// n_kv_heads == 0 means n_heads (MHA).
std::uint64_t chapterEstimateParams(std::uint64_t d_model, std::uint64_t n_layers,
                                    std::uint64_t vocab_size, std::uint64_t n_kv_heads = 0,
                                    std::uint64_t n_heads = 32);

// The family the sizing chapter's grid describes: plain 4·d MLP, MHA, LayerNorm, tied head, no
// biases, V = 32000 (its estimate counts the embedding once).
ModelConfig chapterFamily();

// `base` with d_model and n_layers replaced: n_heads = d_model / head_dim, n_kv_heads keeping
// base's queries per KV head (MHA stays MHA), an explicit d_ff (and MoE expert widths) scaled
// with d_model, a derived d_ff re-derived. Throws InvalidConfigError if the member is invalid.
ModelConfig familyMember(const ModelConfig& base, std::uint64_t d_model, std::uint64_t n_layers,
                         std::uint64_t head_dim);

enum class BudgetRanking {
    ChapterEfficiency, // the sizing chapter's sort key: quality / (required / budget)
    ChapterQuality, // the sizing chapter's quality, (params / 1e9)^0.2: "rank by estimated quality"
    LossAtTokens,   // Chinchilla L(N, D) with D the candidate's training tokens
    LossAtFullBudget, // Chinchilla L(N, budget / 6N): spend the whole budget on this size
};
std::string_view budgetRankingId(BudgetRanking r); // "efficiency", "quality", "loss", "loss-budget"
BudgetRanking budgetRankingById(std::string_view id); // throws InputError

// The compute budgets searched, in FLOPs (the app's budget field and the CLI's --budget).
inline constexpr double kMinBudgetFlops = 1.0;
inline constexpr double kMaxBudgetFlops = 1e40;

struct BudgetSearchOptions {
    double budget_flops = 1e24;
    // Training tokens per candidate. 0: each candidate trains on tokens_per_param × its own
    // parameters (the Chinchilla rule).
    double tokens = 0;
    double tokens_per_param = 20.0;
    std::vector<std::uint64_t> layers{8, 12, 16, 24, 32, 40};          // the sizing chapter's grid
    std::vector<std::uint64_t> d_models{2048, 2560, 3072, 4096, 5120}; // the sizing chapter's grid
    std::uint64_t head_dim = 128;
    ModelConfig base = chapterFamily();
    BudgetRanking ranking = BudgetRanking::ChapterEfficiency;
    double quality_exponent = 0.2; // the sizing chapter: quality = (params / 1e9)^0.2
    LossFit fit;
};

struct BudgetCandidate {
    std::uint64_t n_layers = 0;
    std::uint64_t d_model = 0;
    std::uint64_t n_heads = 0;
    std::uint64_t n_kv_heads = 0;
    std::uint64_t params = 0;        // exact (countParameters().total)
    std::uint64_t active_params = 0; // per token (MoE)
    std::uint64_t chapter_params =
        0; // the sizing chapter's estimate for the same d_model and layers
    double tokens = 0;
    double required_flops = 0; // 6 · active params · tokens (the sizing chapter's 6·params·tokens)
    double utilization = 0;    // required / budget
    double quality = 0;        // (params / 1e9)^quality_exponent
    double efficiency = 0;     // quality / utilization
    double loss_at_tokens = 0;      // L(params, tokens)
    double affordable_tokens = 0;   // budget / (6 · active params)
    double loss_at_full_budget = 0; // L(params, affordable_tokens)
};

struct BudgetSearchResult {
    std::vector<BudgetCandidate> candidates; // those within the budget, best first
    std::uint64_t over_budget = 0;           // grid points that needed more than the budget
    std::vector<BudgetCandidate> over;       // those grid points, in grid order (utilization > 1)
    std::vector<std::string> skipped;        // grid points with no valid shape, and why
};

BudgetSearchResult searchBudget(const BudgetSearchOptions& options = {});

} // namespace llmsizer
