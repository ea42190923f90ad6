#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

// The glossary: every term the app shows (d_model, KV heads, GQA, the KV cache, MoE, each
// precision, …) with a two-line definition. One home for the definitions: the widgets attach them
// as tooltips and What's This texts, and Help > Glossary lists them all.
namespace llmsizer {

struct GlossaryTerm {
    std::string_view key;     // "kv_cache", "gqa", "fp16_bf16"
    std::string_view term;    // "KV cache", "GQA (grouped-query attention)"
    std::string_view line1;   // what it is
    std::string_view line2;   // why it matters here, with a number where one helps
    std::string_view aliases; // other names searched too: "n_embd, hidden_size"
};

// Every term, in the order Help > Glossary lists them (the model's shape first, then memory,
// compute, and the precisions).
std::span<const GlossaryTerm> glossary();
// nullptr for an unknown key.
const GlossaryTerm* findGlossaryTerm(std::string_view key);

// "<b>KV cache</b><br>line 1<br>line 2", escaped: a tooltip or a What's This text. Empty for an
// unknown key. `extra`, when given, follows as a third line in italics (a control's own note).
std::string glossaryHtml(std::string_view key, std::string_view extra = {});

// The keys whose term, aliases or definition contain every word of `query` (case-insensitive),
// in glossary order; all of them for an empty query.
std::vector<std::string_view> searchGlossary(std::string_view query);

// The glossary entry of a weight precision id (precision.h): "fp32", "fp16_bf16", "fp8", "int8",
// "int4", "nf4", "mxfp4", "nvfp4", "gguf_kquants" (Q4_K_M, Q6_K, …) or "gguf" (Q8_0, Q4_0, IQ and
// TQ types); empty when none fits.
std::string_view glossaryKeyForPrecision(std::string_view precisionId);

} // namespace llmsizer
