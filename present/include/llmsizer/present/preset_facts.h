#pragma once

#include "llmsizer/catalog/preset.h"
#include "llmsizer/present/table.h"
#include "llmsizer/text/figures.h"

#include <cstdint>
#include <string>

// What a preset's makers published beside what the app counts, as the summary and the Compare
// table show it: the headline figure ("117M") against the exact count, and the training tokens
// against Chinchilla's 20 tokens per parameter (Hoffmann et al. 2022; the teaching guide, Part 7).
namespace llmsizer {

struct PublishedFacts {
    bool has_headline = false;  // a headline other than the exact count ("117M", "7B")
    bool exact = true;          // the published total is an exact count (published.exact)
    std::uint64_t headline = 0; // the headline's value, or the nominal total when !exact; else 0
    std::uint64_t counted = 0;  // the app's count of the preset
    double gap = 0;             // (counted − headline) / headline; 0 without a headline
    // "117M published (GPT-2 paper, Table 2) — exact count 124,439,808 (+6.4%)";
    // "8,030,261,248 published — the exact count";
    // "175B published — counted 174,604,259,328 from the published shapes (−0.2%)".
    std::string text;
    std::string short_text; // the Compare cell: "117M headline (+6.4%)", "exact, as published"
    std::string detail;     // the tooltip: the note and where the figures come from
    // The glossary's term for the published figure: "nominal" when the published total is the
    // paper's figure with no checkpoint to count, else "headline".
    std::string term = "headline";
};

// `counted` is countParameters(preset.config).total.
PublishedFacts publishedFacts(const PublishedCount& published, std::uint64_t counted);

struct TrainingFacts {
    bool known = false;          // the makers published a token count
    std::uint64_t tokens = 0;    // as published (15,000,000,000,000 for Llama 3's "15T+")
    double tokens_per_param = 0; // tokens / counted
    double vs_chinchilla = 0;    // tokens_per_param / the rule's tokens per parameter
    std::string verdict;         // "overtrained", "about compute-optimal", "undertrained"
    std::string per_param_text;  // "1,868"
    std::string vs_text;         // "93×"
    // "15T tokens = 1,868 tokens per parameter, 93× Chinchilla — overtrained", or
    // "No token count was published".
    std::string text;
    std::string short_text; // the Compare cell: "1,868 (93× Chinchilla)", "not published"
    std::string detail;     // the note and the source
};

TrainingFacts trainingFacts(const TrainingTokens& training, std::uint64_t counted,
                            double tokens_per_param = 20.0);

// The comparison table's cells for a model (table.h): the published figure, the published
// training tokens, tokens per parameter. A model without `published` (edited, imported) reads
// "– (not a preset)"; `total` is its count, `k` Chinchilla's tokens per parameter.
TableCell publishedCell(const NamedConfig& model, std::uint64_t total);
TableCell trainingTokensCell(const NamedConfig& model, std::uint64_t total, double k);
TableCell tokensPerParamCell(const NamedConfig& model, std::uint64_t total, double k);

// A token count as people write it: "15T", "2T", "300B", "472B".
std::string tokensText(std::uint64_t tokens);

} // namespace llmsizer
