// The lines "in the checkpoint, not in the model" that depend on a family's convention: the MTP
// layers (with or without copies of the embedding and head) and the rotary buffers.
// docs/counting.md, "What the checkpoint stores beyond the model", lists each family's.
#include "llmsizer/text/checked.h"
#include "model/count_internal.h"

namespace llmsizer::countdetail {

namespace {

using u64 = std::uint64_t;

std::string plural(u64 n, const char* one, const char* many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

} // namespace

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
    const u64 layers = c.attentionLayers();
    const u64 perLayer = c.effectiveHeadDim() / 2;
    const u64 params = checkedMul(layers, perLayer, "parameter count");
    const std::string what = "rotary_emb.inv_freq buffers, " + std::to_string(perLayer) +
                             " per attention layer";
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
