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
        w.effective = ratioOf(w.bytes, w.params);
        return w;
    }

    const BitsPerWeight bpw = effectiveBpw(precision, wp);
    u64 kept = 0; // parameters held at the unquantized precision
    if (wp.keep_embeddings_unquantized) {
        kept = checkedAdd(count.params(Component::Embedding), count.params(Component::LmHead),
                          "parameter count");
    }
    const BitsPerWeight keptBpw = kept > 0 ? precisionById(wp.unquantized_embedding).bpw : bpw;
    w.bytes = checkedAdd(bytesFor(w.params - kept, bpw), bytesFor(kept, keptBpw), "weight bytes");
    w.active_bytes =
        checkedAdd(bytesFor(w.active_params - kept, bpw), bytesFor(kept, keptBpw), "weight bytes");
    w.effective = ratioOf(w.bytes, w.params);
    return w;
}

std::uint64_t nominalWeightBytes(std::uint64_t params, const Precision& precision)
{
    return bytesFor(params, precision.bpw);
}

} // namespace llmsizer
