// Gemma 3n's additions to its decoder (transformers modeling_gemma3n.py, model.h LayerAugments):
// the per-layer embedding and its projection belong to the token embedding; per layer, the
// per-layer input gate and projection, AltUp's coefficients, router and output scale, and
// LAuReL's low-rank pair sit beside the MLP; their norms are norms. Gemma 3n E4B (d 2048, 35
// layers, p 256 from a 262,144-row table, 4 streams, rank 64): 2,348,810,240 per-layer
// embedding, 18,350,080 projection, 1,327,184 per layer and 25,165,824 of AltUp projections
// (docs/counting.md).
#include "llmsizer/text/checked.h"
#include "model/count_internal.h"

namespace llmsizer::countdetail {

namespace {

using u64 = std::uint64_t;

u64 mul(u64 a, u64 b)
{
    return checkedMul(a, b, "parameter count");
}
u64 add(u64 a, u64 b)
{
    return checkedAdd(a, b, "parameter count");
}

} // namespace

std::vector<ComponentPart> augmentParts(const ModelConfig& c)
{
    std::vector<ComponentPart> out;
    const LayerAugments& a = c.augments;
    if (!a.any()) {
        return out;
    }
    const u64 d = c.d_model;
    const u64 L = c.n_layers;
    if (a.per_layer_dim != 0) {
        const u64 p = a.per_layer_dim;
        const u64 wide = mul(L, p);
        // embed_tokens_per_layer, per_layer_model_projection, per_layer_projection_norm.
        out.push_back({Component::Embedding, "per_layer_token", mul(a.per_layer_vocab, wide)});
        out.push_back({Component::Embedding, "per_layer_projection", mul(d, wide)});
        out.push_back({Component::Norms, "per_layer_projection_norm", p});
        // Per layer: per_layer_input_gate, per_layer_projection, post_per_layer_input_norm.
        out.push_back({Component::Mlp, "per_layer_input", mul(L, mul(2, mul(d, p)))});
        out.push_back({Component::Norms, "per_layer_inputs", mul(L, d)});
    }
    if (a.altup_inputs != 0) {
        const u64 n = a.altup_inputs;
        // altup_projections (after the embedding) and altup_unembed_projections (before the
        // final norm): n-1 Linear(d, d) each.
        out.push_back({Component::Mlp, "altup_projections", mul(n - 1, mul(d, d))});
        out.push_back({Component::Mlp, "altup_unembed", mul(n - 1, mul(d, d))});
        // Per layer: correct_output_scale, correction_coefs, prediction_coefs, modality_router.
        out.push_back({Component::Mlp, "altup",
                       mul(L, add(add(d, mul(n, n)), add(mul(n, mul(n, n)), mul(d, n))))});
        out.push_back({Component::Norms, "altup", mul(L, d)}); // router_norm
    }
    if (a.laurel_rank != 0) {
        out.push_back({Component::Mlp, "laurel", mul(L, mul(2, mul(d, a.laurel_rank)))});
        out.push_back({Component::Norms, "laurel", mul(L, d)}); // post_laurel_norm
    }
    return out;
}

} // namespace llmsizer::countdetail
