// Training memory per GPU: model states (ZeRO, Rajbhandari et al. 2020, §3.1 and §5 Table 1;
// formulas.md §3.1), split over tensor- and pipeline-parallel ranks the way Megatron shards
// them (theoretical_memory_usage.py: the most-loaded shard holds (N_block/p + V·h)/t), plus
// activations (activations.cpp) and LoRA/QLoRA (lora.cpp; formulas.md §3.3).
#include "llmsizer/memory/training.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

#include <algorithm>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

u64 mul(u64 a, u64 b)
{
    return checkedMul(a, b, "training bytes");
}
u64 add(u64 a, u64 b)
{
    return checkedAdd(a, b, "training bytes");
}
std::vector<OptimizerSpec> buildOptimizers()
{
    return {
        {"adamw", "AdamW (fp32 master + 2 fp32 moments)", 12,
         "ZeRO §3.1: K = 12 (fp32 parameters 4, momentum 4, variance 4)"},
        {"adam8bit", "8-bit Adam (bitsandbytes)", 6,
         "fp32 master 4 + two 8-bit moments 1 + 1 (Transformer Math 101 [2nd], formulas.md §3.1)"},
        {"sgd", "SGD with momentum", 8,
         "fp32 master 4 + momentum 4 (Transformer Math 101 [2nd], formulas.md §3.1)"},
    };
}

// One pipeline stage: its parameters, the part replicated across TP ranks (norms) and the part
// outside the transformer blocks (embeddings, head).
struct Stage {
    u64 layerBegin = 0;
    u64 layerEnd = 0;
    u64 params = 0;
    u64 norms = 0;
    u64 outside = 0; // embeddings, position table, LM head (kept unquantized under QLoRA)
};

// Layer i's share of `total` spread evenly over the L layers: the shares sum to total exactly.
u64 evenShare(u64 total, u64 i, u64 L)
{
    __extension__ using u128 = unsigned __int128;
    return static_cast<u64>(static_cast<u128>(total) * (i + 1) / L -
                            static_cast<u128>(total) * i / L);
}

// Hybrid models (a mixer or shared blocks): the count says how many layers of each kind there
// are, not where they sit, so each layer takes an even share of the blocks' parameters (exact in
// total; a stage's share is then the average).
bool hybrid(const ModelConfig& c)
{
    return c.mixer.layers > 0 || c.shared.blocks > 0;
}

u64 hybridBlockParams(const ParamCount& n)
{
    const ComponentCount& norms = n.get(Component::Norms);
    return n.language_model - n.params(Component::Embedding) -
           n.params(Component::PositionEmbedding) - n.params(Component::LmHead) -
           norms.part("final") - norms.part("embedding_norm");
}

u64 layerNorms(const ModelConfig& c, const ParamCount& n, u64 i)
{
    if (!hybrid(c)) {
        return n.norms_per_layer;
    }
    const ComponentCount& norms = n.get(Component::Norms);
    return evenShare(add(norms.part("block"), norms.part("shared_blocks")), i, c.n_layers);
}

u64 layerParams(const ModelConfig& c, const ParamCount& n, u64 i)
{
    if (hybrid(c)) {
        return evenShare(hybridBlockParams(n), i, c.n_layers);
    }
    u64 p = add(n.attention_per_layer, n.norms_per_layer);
    const u64 moeLayers = c.moeLayers();
    if (i < c.n_layers - moeLayers) {
        return add(p, n.dense_mlp_per_layer);
    }
    const ComponentCount& mlp = n.get(Component::Mlp);
    const u64 moe = add(add(mlp.part("routed_experts"), mlp.part("shared_experts")),
                        n.params(Component::Router));
    return add(p, moe / moeLayers);
}

// Stage k of p: L/p layers, the first L % p stages one more. The first stage holds the
// embeddings; the last the final norm and the head. With p > 1 and tied embeddings Megatron
// keeps a copy of the word embedding on the last stage for the output layer.
Stage stageOf(const ModelConfig& c, const ParamCount& n, u64 k, u64 p)
{
    Stage s;
    const u64 L = c.n_layers;
    for (u64 j = 0; j < k; ++j) {
        s.layerBegin += L / p + (j < L % p ? 1 : 0);
    }
    s.layerEnd = s.layerBegin + L / p + (k < L % p ? 1 : 0);
    for (u64 i = s.layerBegin; i < s.layerEnd; ++i) {
        s.params = add(s.params, layerParams(c, n, i));
        s.norms = add(s.norms, layerNorms(c, n, i));
    }
    const ComponentCount& norms = n.get(Component::Norms);
    u64 extraNorms = 0;
    if (k == 0) {
        const u64 emb = add(n.params(Component::Embedding), n.params(Component::PositionEmbedding));
        s.outside = add(s.outside, emb);
        extraNorms = add(extraNorms, norms.part("embedding_norm"));
    }
    if (k == p - 1) {
        u64 head = n.params(Component::LmHead);
        if (c.tied_head && p > 1) {
            head = add(head, mul(c.vocab_size, c.d_model));
        }
        s.outside = add(s.outside, head);
        extraNorms = add(extraNorms, norms.part("final"));
    }
    s.norms = add(s.norms, extraNorms);
    s.params = add(add(s.params, s.outside), extraNorms);
    return s;
}

// Parameters one TP rank of the stage holds: everything split t ways except the norms.
u64 perRank(u64 params, u64 norms, u64 t)
{
    return add(ceilDiv(params - norms, t), norms);
}

void check(bool ok, const char* field, const std::string& message)
{
    if (!ok) {
        throw InputError("", field, message);
    }
}

struct States {
    u64 weights = 0;
    u64 gradients = 0;
    u64 optimizer = 0;
    u64 params = 0;
    u64 trainable = 0;
    u64 frozen = 0;
    u64 total() const { return add(add(weights, gradients), optimizer); }
};

States stageStates(const ModelConfig& c, const TrainingParams& tp, const Stage& s)
{
    const u64 t = std::max<u64>(tp.activations.tensor_parallel, 1);
    const u64 K = tp.optimizer.bytes_per_param;
    States st;
    st.params = perRank(s.params, s.norms, t);
    if (tp.lora.rank == 0) {
        const ModelStates m = zeroModelStates(st.params, tp.data_parallel, tp.zero_stage,
                                              tp.weight_bytes, tp.grad_bytes, K);
        st.weights = m.weights;
        st.gradients = m.gradients;
        st.optimizer = m.optimizer;
        st.trainable = st.params;
        return st;
    }
    u64 adapters = 0;
    for (u64 i = s.layerBegin; i < s.layerEnd; ++i) {
        adapters = add(adapters, loraLayerParams(c, tp.lora, i));
    }
    st.trainable = ceilDiv(adapters, t);
    st.frozen = st.params;
    const ModelStates m = zeroModelStates(st.trainable, tp.data_parallel, tp.zero_stage,
                                          tp.weight_bytes, tp.grad_bytes, K);
    // Frozen base: block matrices at the base precision; embeddings, head and norms unquantized.
    const BitsPerWeight base = precisionById(tp.lora.base_precision, "lora_base").bpw;
    const BitsPerWeight plain = precisionById(tp.lora.unquantized, "lora_unquantized").bpw;
    const u64 outside = ceilDiv(s.outside, t);
    const u64 blocks = st.params - outside - s.norms;
    u64 frozen = add(bytesFor(blocks, base), bytesFor(add(outside, s.norms), plain));
    if (tp.zero_stage == 3) {
        frozen = ceilDiv(frozen, tp.data_parallel); // stage 3 partitions all parameters
    }
    st.weights = add(frozen, m.weights);
    st.gradients = m.gradients;
    st.optimizer = m.optimizer;
    return st;
}

} // namespace

std::uint64_t ModelStates::total() const
{
    return add(add(weights, gradients), optimizer);
}

const std::vector<OptimizerSpec>& optimizers()
{
    static const std::vector<OptimizerSpec> list = buildOptimizers();
    return list;
}

OptimizerSpec optimizerById(std::string_view id, const std::string& field)
{
    for (const OptimizerSpec& o : optimizers()) {
        if (o.id == id) {
            return o;
        }
    }
    throw InputError("", field,
                     "unknown optimizer '" + std::string(id) + "' (known: adamw, adam8bit, sgd)");
}

ModelStates zeroModelStates(std::uint64_t psi, std::uint64_t nd, int stage,
                            std::uint64_t weightBytes, std::uint64_t gradBytes,
                            std::uint64_t optimizerBytes)
{
    check(stage >= 0 && stage <= 3, "zero_stage", "must be 0, 1, 2 or 3");
    check(nd >= 1, "data_parallel", "must be at least 1");
    ModelStates m;
    m.weights = mul(weightBytes, psi);
    m.gradients = mul(gradBytes, psi);
    m.optimizer = mul(optimizerBytes, psi);
    if (stage >= 1) {
        m.optimizer = ceilDiv(m.optimizer, nd); // P_os
    }
    if (stage >= 2) {
        m.gradients = ceilDiv(m.gradients, nd); // P_os+g
    }
    if (stage >= 3) {
        m.weights = ceilDiv(m.weights, nd); // P_os+g+p
    }
    return m;
}

TrainingMemory trainingMemory(const ModelConfig& c, const TrainingParams& tp)
{
    return trainingMemory(c, countParameters(c), tp);
}

TrainingMemory trainingMemory(const ModelConfig& c, const ParamCount& n, const TrainingParams& tp)
{
    const ActivationParams& a = tp.activations;
    check(tp.zero_stage >= 0 && tp.zero_stage <= 3, "zero_stage", "must be 0, 1, 2 or 3");
    check(tp.data_parallel >= 1, "data_parallel", "must be at least 1");
    check(a.tensor_parallel >= 1, "tensor_parallel", "must be at least 1");
    check(a.pipeline_parallel >= 1, "pipeline_parallel", "must be at least 1");
    check(a.seq >= 1, "seq", "must be at least 1");
    check(a.micro_batch >= 1, "micro_batch", "must be at least 1");
    check(c.n_heads % a.tensor_parallel == 0, "tensor_parallel",
          "must divide n_heads (" + std::to_string(c.n_heads) +
              " heads, t = " + std::to_string(a.tensor_parallel) + ")");
    check(a.pipeline_parallel <= c.n_layers, "pipeline_parallel",
          "must not exceed n_layers (" + std::to_string(c.n_layers) + ")");
    check(tp.lora.rank == 0 || tp.lora.targets != 0, "lora_targets",
          "must name at least one module when a LoRA rank is given");

    const u64 p = a.pipeline_parallel;
    // Model states on the first and the last stage (the only ones with more than blocks); the
    // larger is reported, with the first stage's activations (1F1B: it holds the most).
    const States first = stageStates(c, tp, stageOf(c, n, 0, p));
    const States last = p > 1 ? stageStates(c, tp, stageOf(c, n, p - 1, p)) : first;
    const States& st = last.total() > first.total() ? last : first;

    TrainingMemory r;
    r.params = n.total;
    r.params_per_gpu = st.params;
    r.trainable_params = tp.lora.rank == 0 ? n.total : loraTrainableParams(c, tp.lora);
    r.trainable_per_gpu = st.trainable;
    r.frozen_per_gpu = st.frozen;
    r.weights_bytes = st.weights;
    r.gradients_bytes = st.gradients;
    r.optimizer_bytes = st.optimizer;
    r.activations = trainingActivations(c, a);
    r.activation_bytes = r.activations.total;
    r.per_gpu_bytes = add(st.total(), r.activation_bytes);
    return r;
}

} // namespace llmsizer
