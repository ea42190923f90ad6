// How long a context a placement holds (runs_internal.h): the binary search over the context,
// the model's own limit, and the longest context with the experts of at most N layers in RAM.
#include "runs_internal.h"

#include <algorithm>

namespace llmsizer {

using u64 = std::uint64_t;

u64 modelLimit(const ModelConfig& c)
{
    return std::clamp<u64>(c.context_length, 1, Limits::maxContext);
}

// The longest context at which the model still runs with the experts of at most `layers`
// layers in RAM (and the rest on the GPUs): longer, more layers' experts go to RAM, then whole
// layers.
u64 maxContextWithExperts(const RunModel& m, const Precision& p, const RunQuery& q, u64 gpus,
                          u64 layers)
{
    return largestContext(modelLimit(m.config), [&](u64 ctx) {
        const Placement pl = placeModel(m, p, q, ctx, gpus, true);
        return pl.fits && pl.kind == PlacementKind::ExpertsInRam && pl.cpu_moe_layers <= layers;
    });
}

u64 maxContextOn(const RunModel& m, const Precision& p, const RunQuery& q, u64 gpus, bool ram)
{
    // A serving engine's pool does not depend on the context, unless vLLM profiles a whole
    // max_model_len prompt (no chunked prefill).
    const bool fixedPool = q.runtime.kind != Runtime::Vllm || q.runtime.vllm.chunked_prefill;
    if (q.runtime.servingEngine() && !ram && fixedPool) {
        return placeModel(m, p, q, 1, gpus, false).max_context;
    }
    return largestContext(modelLimit(m.config),
                          [&](u64 ctx) { return placeModel(m, p, q, ctx, gpus, ram).fits; });
}

} // namespace llmsizer
