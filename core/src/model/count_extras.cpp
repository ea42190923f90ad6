// The lines "in the checkpoint, not in the model" that depend on a family's convention: the MTP
// layers (with or without copies of the embedding and head) and the rotary buffers.
// docs/counting.md, "What the checkpoint stores beyond the model", lists each family's.
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

u64 normParams(const ModelConfig& c, u64 width)
{
    return mul(c.norm == NormKind::LayerNorm ? 2 : 1, width);
}

std::string plural(u64 n, const char* one, const char* many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

} // namespace

// DeepSeek-V3 / GLM-4.5 checkpoints, layer n_layers: the decoder layer (MoE when the model has
// experts), eh_proj (2d -> d, no bias), enorm, hnorm, shared_head.norm, and embed_tokens and
// shared_head.head stored again. Qwen3-Next mtp.*: the same shapes as fc, pre_fc_norm_embedding,
// pre_fc_norm_hidden and norm, without the copies.
u64 multiTokenPrediction(const ModelConfig& c, const ParamCount& r)
{
    if (c.mtp_layers == 0) {
        return 0;
    }
    const u64 d = c.d_model;
    const u64 moeLayers = c.moeLayers();
    u64 layer = add(r.attention_per_layer, r.norms_per_layer);
    if (moeLayers > 0) {
        layer = add(layer, mul(r.expert_params, c.moe.n_routed_experts));
        const u64 shared = r.get(Component::Mlp).part("shared_experts") / moeLayers;
        const u64 gate = r.params(Component::Router) / moeLayers;
        layer = add(layer, add(shared, gate));
    } else {
        layer = add(layer, r.dense_mlp_per_layer);
    }
    u64 extra = add(mul(mul(2, d), d), mul(3, normParams(c, d)));
    if (c.mtpCopies() == MtpCopies::Stored) {
        extra = add(extra, mul(2, mul(c.vocab_size, d)));
    }
    return mul(c.mtp_layers, add(layer, extra));
}

CheckpointExtra mtpExtra(const ModelConfig& c, u64 params)
{
    std::string what = plural(c.mtp_layers, "MTP layer", "MTP layers");
    switch (c.mtpCopies()) {
    case MtpCopies::Stored:
        what += ", with copies of the embedding and head";
        break;
    case MtpCopies::Shared:
        what += ", sharing the model's embedding and head";
        break;
    case MtpCopies::Unknown:
        what += "; whether the checkpoint also stores copies of the embedding and head "
                "(+2*V*d per layer) is not known for this family";
        break;
    }
    return {"mtp", what, params, true};
}

CheckpointExtra rotaryExtra(const ModelConfig& c)
{
    // rotary_emb.inv_freq: one value per pair of rotated channels, head_dim/2, in every layer
    // that attends (LlamaRotaryEmbedding before transformers made the buffer non-persistent).
    if (c.rotary_buffers == RotaryBuffers::None) { // most families: no text to build
        return {"", "", 0, true};
    }
    const u64 layers = c.attentionLayers();
    const u64 perLayer = c.effectiveHeadDim() / 2;
    const u64 params = mul(layers, perLayer);
    const std::string what =
        "rotary_emb.inv_freq buffers, " + std::to_string(perLayer) + " per attention layer";
    switch (c.rotary_buffers) {
    case RotaryBuffers::None:
        break;
    case RotaryBuffers::InvFreq:
        return {"rotary", what, params, true};
    case RotaryBuffers::Unknown:
        return {"rotary",
                what + ", if the checkpoint stores them: this family's checkpoints differ by the "
                       "transformers version that wrote them",
                params, false};
    }
    return {"", "", 0, true};
}

} // namespace llmsizer::countdetail
