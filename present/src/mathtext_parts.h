#pragma once

// Private to mathtext.cpp: the formula builders, one per component, each producing the symbolic
// formula and the same expression with the configuration's numbers.
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/model/model.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llmsizer::mathparts {

// A formula and its substituted twin, built in step so they always have the same shape.
struct Expr {
    std::string sym;
    std::string num;
};

Expr lit(std::uint64_t v);                        // "12" / "12"
Expr var(const char* sym, std::uint64_t v);       // "d" / "8192"
Expr squared(const char* sym, std::uint64_t v);   // "d²" / "8192²"
Expr prod(const std::vector<Expr>& factors);      // "a·b"; factors that are sums get parentheses
Expr sum(const std::vector<Expr>& terms);         // "a + b"
Expr times(const Expr& layers, const Expr& body); // "L × (a + b)"

Expr embeddingExpr(const ModelConfig& c);
std::string embeddingLegend(const ModelConfig& c);
Expr positionExpr(const ModelConfig& c);
Expr attentionExpr(const ModelConfig& c);
std::string attentionLegend(const ModelConfig& c);
Expr mlpExpr(const ModelConfig& c);
std::string mlpLegend(const ModelConfig& c);
Expr routerExpr(const ModelConfig& c);
Expr normsExpr(const ModelConfig& c);
// mathtext_augments.cpp: `base` plus Gemma 3n's per-layer inputs, AltUp and LAuReL terms of
// `component` (unchanged without them), and their symbols for a legend ("" without them).
Expr withAugments(const ModelConfig& c, Component component, const Expr& base);
std::string augmentsLegend(const ModelConfig& c);
Expr lmHeadExpr(const ModelConfig& c);
// mathtext_mixer.cpp: the mixer layers (ModelConfig::mixer) from their dimensions.
Expr mixerExpr(const ModelConfig& c);
std::string mixerLegend(const ModelConfig& c);
std::string mixerSource(const ModelConfig& c);
Expr totalExpr(const ParamCount& count);
Expr activeExpr(const ModelConfig& c, const ParamCount& count);

std::string bpwText(const BitsPerWeight& bpw); // "16", "4.5 (144 bits per 32 weights)"
Expr weightExpr(std::uint64_t params, const BitsPerWeight& bpw);
Expr kvPerTokenExpr(const ModelConfig& c, const BitsPerWeight& bpw);
std::string kvLegend(const ModelConfig& c);
Expr kvAtContextExpr(const ModelConfig& c, const KvCache& perToken, std::uint64_t context);

} // namespace llmsizer::mathparts
