// Show-the-math terms of Gemma 3n's per-layer inputs, AltUp and LAuReL (count_augments.cpp,
// docs/counting.md), added to the token embedding, MLP and norms formulas they belong to.
#include "mathtext_parts.h"

namespace llmsizer::mathparts {

Expr withAugments(const ModelConfig& c, Component component, const Expr& base)
{
    const LayerAugments& a = c.augments;
    if (!a.any()) {
        return base;
    }
    const Expr L = var("L", c.n_layers);
    const Expr d = var("d", c.d_model);
    const Expr p = var("p", a.per_layer_dim);
    std::vector<Expr> t{base};
    switch (component) {
    case Component::Embedding:
        if (a.per_layer_dim != 0) {
            // embed_tokens_per_layer, per_layer_model_projection.
            t.push_back(prod({var("V_p", a.per_layer_vocab), L, p}));
            t.push_back(prod({d, L, p}));
        }
        break;
    case Component::Mlp:
        if (a.per_layer_dim != 0) {
            t.push_back(prod({L, lit(2), d, p})); // per_layer_input_gate, per_layer_projection
        }
        if (a.altup_inputs != 0) {
            const std::uint64_t n = a.altup_inputs;
            // altup_projections and altup_unembed_projections; per layer the output scale, the
            // correction and prediction coefficients and the modality router.
            t.push_back(prod({lit(2), var("(n − 1)", n - 1), squared("d", c.d_model)}));
            t.push_back(prod({L, sum({d, squared("n", n), prod({squared("n", n), var("n", n)}),
                                      prod({d, var("n", n)})})}));
        }
        if (a.laurel_rank != 0) {
            t.push_back(prod({L, lit(2), d, var("r", a.laurel_rank)})); // linear_left, _right
        }
        break;
    case Component::Norms:
        if (a.per_layer_dim != 0) {
            t.push_back(p);            // per_layer_projection_norm
            t.push_back(prod({L, d})); // post_per_layer_input_norm
        }
        if (a.altup_inputs != 0) {
            t.push_back(prod({L, d})); // router_norm
        }
        if (a.laurel_rank != 0) {
            t.push_back(prod({L, d})); // post_laurel_norm
        }
        break;
    default:
        break;
    }
    return sum(t);
}

std::string augmentsLegend(const ModelConfig& c)
{
    if (!c.augments.any()) {
        return {};
    }
    return "; Gemma 3n: V_p = per-layer vocabulary, p = per-layer input width, n = AltUp inputs, "
           "r = LAuReL rank (docs/counting.md)";
}

} // namespace llmsizer::mathparts
