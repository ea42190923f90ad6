// Weight memory: weight_bytes = N · bpw / 8 (formulas.md §1), computed exactly in bits and
// rounded up to a whole byte once per tensor group. GGUF file types go tensor by tensor
// (quant_mix.cpp).
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

// The bpw of a precision under the user's parameters (group size, NF4 blocks).
BitsPerWeight effectiveBpw(const Precision& p, const WeightParams& wp)
{
    switch (p.kind) {
    case PrecisionKind::GroupQuant:
        return groupQuantBpw(wp.group);
    case PrecisionKind::Nf4:
        return p.id == "nf4_dq" ? nf4Bpw(wp.nf4) : p.bpw;
    default:
        return p.bpw;
    }
}

BitsPerWeight ratioOf(u64 bytes, u64 params)
{
    return {checkedMul(bytes, 8, "weight bits"), params == 0 ? 1 : params};
}

} // namespace

WeightMemory weightMemory(const ModelConfig& config, const Precision& precision,
                          const WeightParams& wp)
{
    return weightMemory(config, countParameters(config), precision, wp);
}

WeightMemory weightMemory(const ModelConfig& config, const ParamCount& count,
                          const Precision& precision, const WeightParams& wp)
{
    WeightMemory w;
    w.precision_id = precision.id;
    w.params = count.total;
    w.active_params = count.active;

    if (precision.kind == PrecisionKind::GgufFile || precision.kind == PrecisionKind::GgmlBlock) {
        const QuantMix mix = ggufMix(config, precision.id, wp.gguf);
        w.bytes = mix.bytes;
        w.tensors = mix.tensors;
        // A token reads experts_per_token of the n_routed_experts slices of each expert tensor;
        // every slice has the same rows, so the bytes divide exactly.
        u64 idle = 0;
        if (config.isMoe() && mix.expert_bytes > 0) {
            const u64 perExpert = mix.expert_bytes / config.moe.n_routed_experts;
            idle = checkedMul(perExpert, config.moe.n_routed_experts - config.moe.experts_per_token,
                              "weight bytes");
        }
        w.active_bytes = w.bytes - idle;
        for (const TensorAssignment& t : mix.tensors) {
            if (t.name == "token_embd.weight") {
                w.embedding_bytes = checkedAdd(w.embedding_bytes, t.bytes, "weight bytes");
            } else if (t.name == "per_layer_token_embd.weight") {
                w.gathered_bytes = checkedAdd(w.gathered_bytes, t.bytes, "weight bytes");
            }
        }
        w.effective = ratioOf(w.bytes, mix.params);
        return w;
    }

    if (precision.kind == PrecisionKind::ExpertBlocks) {
        // The routed experts' matrices (gate/up and down: 3·d·d_ff each, 2·d·d_ff for a plain
        // MLP) in blocks, every other parameter (their biases too) in BF16.
        const u64 perExpert = checkedMul(
            checkedMul(config.mlp == MlpKind::Gated ? 3 : 2, config.d_model, "weight bytes"),
            config.moe.expert_d_ff, "weight bytes");
        const u64 experts =
            checkedMul(checkedMul(perExpert, config.moe.n_routed_experts, "weight bytes"),
                       config.moeLayers(), "weight bytes");
        const u64 visited =
            checkedMul(checkedMul(perExpert, config.moe.experts_per_token, "weight bytes"),
                       config.moeLayers(), "weight bytes");
        const BitsPerWeight bf16{16, 1};
        w.bytes = checkedAdd(bytesFor(experts, precision.bpw), bytesFor(w.params - experts, bf16),
                             "weight bytes");
        w.active_bytes = checkedAdd(bytesFor(visited, precision.bpw),
                                    bytesFor(w.active_params - visited, bf16), "weight bytes");
        w.embedding_bytes = bytesFor(count.tokenEmbedding(), bf16);
        w.gathered_bytes = bytesFor(count.perLayerTable(), bf16);
        w.effective = ratioOf(w.bytes, w.params);
        return w;
    }

    const BitsPerWeight bpw = effectiveBpw(precision, wp);
    u64 kept = 0; // parameters held at the unquantized precision
    if (wp.decoder_linears_only) {
        const u64 linears =
            checkedAdd(checkedAdd(count.params(Component::Attention),
                                  count.params(Component::Mixer), "parameter count"),
                       count.params(Component::Mlp), "parameter count");
        kept = w.params - std::min(w.params, linears);
    } else if (wp.keep_embeddings_unquantized) {
        kept = checkedAdd(count.params(Component::Embedding), count.params(Component::LmHead),
                          "parameter count");
    }
    const BitsPerWeight keptBpw = kept > 0 ? precisionById(wp.unquantized_embedding).bpw : bpw;
    w.bytes = checkedAdd(bytesFor(w.params - kept, bpw), bytesFor(kept, keptBpw), "weight bytes");
    w.active_bytes =
        checkedAdd(bytesFor(w.active_params - kept, bpw), bytesFor(kept, keptBpw), "weight bytes");
    w.embedding_bytes = bytesFor(count.tokenEmbedding(), kept > 0 ? keptBpw : bpw);
    w.gathered_bytes = bytesFor(count.perLayerTable(), kept > 0 ? keptBpw : bpw);
    w.effective = ratioOf(w.bytes, w.params);
    return w;
}

std::uint64_t nominalWeightBytes(std::uint64_t params, const Precision& precision)
{
    return bytesFor(params, precision.bpw);
}

} // namespace llmsizer
