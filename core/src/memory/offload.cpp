// Inference memory layer by layer, and llama.cpp's split of a model between a GPU and system RAM
// by layers (offload.h; docs/memory.md, "Offload").
#include "llmsizer/memory/offload.h"

#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"

#include <stdexcept>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

u64 add(u64 a, u64 b)
{
    return checkedAdd(a, b, "offload bytes");
}

u64 mul(u64 a, u64 b)
{
    return checkedMul(a, b, "offload bytes");
}

// Bytes of a stream of parameters stored at one rate, handed out layer by layer so that the
// layers' bytes add up to the whole stream's (each layer gets bytesFor(sum so far) minus what
// the earlier layers got: the rounding to whole bytes happens once, as weightMemory does it).
class ByteStream {
public:
    explicit ByteStream(BitsPerWeight bpw) : m_bpw(bpw) {}
    u64 take(u64 params)
    {
        m_params = add(m_params, params);
        const u64 total = bytesFor(m_params, m_bpw);
        const u64 bytes = total - m_bytes;
        m_bytes = total;
        return bytes;
    }

private:
    BitsPerWeight m_bpw;
    u64 m_params = 0;
    u64 m_bytes = 0;
};

// Parameters of one layer, and of those the routed experts' matrices and the ones a token reads.
struct LayerParams {
    u64 params = 0;
    u64 expert_matrices = 0; // routed experts' weight matrices (ExpertBlocks stores them apart)
    u64 active = 0;
    u64 active_expert_matrices = 0;
};

// Sets the layer kinds and returns each layer's parameters from the count's per-layer figures.
std::vector<LayerParams> layerParams(const ModelConfig& c, const ParamCount& count,
                                     std::vector<LayerMemory>& layers)
{
    const u64 L = c.n_layers;
    const u64 attnLayers = c.attentionLayers();
    const u64 mixerLayers = c.mixer.layers;
    const u64 mixerPerLayer = mixerLayers == 0 ? 0 : count.params(Component::Mixer) / mixerLayers;
    const u64 moeLayers = c.moeLayers();
    const u64 routerPerLayer = moeLayers == 0 ? 0 : count.params(Component::Router) / moeLayers;
    const u64 sharedPerLayer =
        moeLayers == 0 ? 0 : count.get(Component::Mlp).part("shared_experts") / moeLayers;
    const u64 matrixPerExpert =
        mul(mul(c.mlp == MlpKind::Gated ? 3 : 2, c.d_model), c.moe.expert_d_ff);
    std::vector<LayerParams> out(L);
    // Nemotron-H: every layer one norm and one block, the kinds interleaved
    // (ModelConfig::singleBlock).
    const u64 oneNorm = L == 0 ? 0 : count.get(Component::Norms).part("block") / L;
    for (u64 i = 0; c.single.any() && i < L; ++i) {
        LayerMemory& lm = layers[i];
        LayerParams& lp = out[i];
        const ModelConfig::SingleBlock kind = c.singleBlock(i);
        lm.attention = kind == ModelConfig::SingleBlock::Attention;
        lm.mixer = kind == ModelConfig::SingleBlock::Mixer;
        lm.moe = kind == ModelConfig::SingleBlock::Mlp && c.isMoe();
        lp.params = add(oneNorm, lm.attention ? count.attention_per_layer
                                 : lm.mixer   ? mixerPerLayer
                                              : 0);
        lp.active = lp.params;
        if (lm.moe) {
            const u64 shared = add(routerPerLayer, sharedPerLayer);
            lp.params =
                add(add(lp.params, shared), mul(count.expert_params, c.moe.n_routed_experts));
            lp.active =
                add(add(lp.active, shared), mul(count.expert_params, c.moe.experts_per_token));
            lp.expert_matrices = mul(matrixPerExpert, c.moe.n_routed_experts);
            lp.active_expert_matrices = mul(matrixPerExpert, c.moe.experts_per_token);
        } else if (!lm.attention && !lm.mixer) {
            lp.params = add(lp.params, count.dense_mlp_per_layer);
            lp.active = add(lp.active, count.dense_mlp_per_layer);
        }
    }
    for (u64 i = 0; !c.single.any() && i < L; ++i) {
        LayerMemory& lm = layers[i];
        LayerParams& lp = out[i];
        lm.attention = attnLayers == L || (attnLayers > 0 && spreadLayer(i, attnLayers, L));
        // A mixer takes the place of attention (or, when every layer attends, sits beside it).
        lm.mixer = mixerLayers == L || (mixerLayers > 0 && !lm.attention);
        lm.moe = c.isMoeLayer(i);
        lp.params = count.norms_per_layer;
        if (lm.attention) {
            lp.params = add(lp.params, count.attention_per_layer);
        }
        if (lm.mixer) {
            lp.params = add(lp.params, mixerPerLayer);
        }
        lp.active = lp.params;
        if (lm.moe) {
            const u64 shared = add(routerPerLayer, sharedPerLayer);
            lp.params =
                add(add(lp.params, shared), mul(count.expert_params, c.moe.n_routed_experts));
            lp.active =
                add(add(lp.active, shared), mul(count.expert_params, c.moe.experts_per_token));
            lp.expert_matrices = mul(matrixPerExpert, c.moe.n_routed_experts);
            lp.active_expert_matrices = mul(matrixPerExpert, c.moe.experts_per_token);
        } else {
            lp.params = add(lp.params, count.dense_mlp_per_layer);
            lp.active = add(lp.active, count.dense_mlp_per_layer);
        }
    }
    return out;
}

// Gemma 3n's additions (count_augments.cpp): what each layer holds of the per-layer inputs, AltUp
// and LAuReL, and the whole-model tensors llama.cpp creates with layer 0 (the per-layer
// embedding's projection and norm, AltUp's projections; quant_tensors.cpp). The per-layer
// embedding table itself is an input tensor, in host RAM with the token embedding.
struct Augments {
    u64 per_layer = 0;
    u64 first_layer = 0;
    u64 gathered = 0;
};

Augments augments(const ParamCount& count, u64 L)
{
    const ComponentCount& mlp = count.get(Component::Mlp);
    const ComponentCount& norms = count.get(Component::Norms);
    const ComponentCount& emb = count.get(Component::Embedding);
    u64 inLayers = 0;
    for (const char* key : {"per_layer_input", "altup", "laurel"}) {
        inLayers = add(inLayers, mlp.part(key));
    }
    for (const char* key : {"per_layer_inputs", "altup", "laurel"}) {
        inLayers = add(inLayers, norms.part(key));
    }
    Augments a;
    a.per_layer = L == 0 ? 0 : inLayers / L;
    a.gathered = count.perLayerTable();
    a.first_layer =
        add(add(emb.part("per_layer_projection"), norms.part("per_layer_projection_norm")),
            add(mlp.part("altup_projections"), mlp.part("altup_unembed")));
    return a;
}

} // namespace

LayerSplit layerSplit(const ModelConfig& config, const ParamCount& count,
                      const InferenceParams& params)
{
    const Precision& prec = params.weights;
    LayerSplit s;
    s.layers.resize(config.n_layers);
    std::vector<LayerParams> lp = layerParams(config, count, s.layers);
    const Augments aug = augments(count, config.n_layers);
    u64 layerTotal = 0;
    for (LayerParams& p : lp) {
        p.params = add(p.params, aug.per_layer);
        p.active = add(p.active, aug.per_layer);
    }
    if (!lp.empty()) {
        lp.front().params = add(lp.front().params, aug.first_layer);
        lp.front().active = add(lp.front().active, aug.first_layer);
    }
    for (const LayerParams& p : lp) {
        layerTotal = add(layerTotal, p.params);
    }
    const u64 outputParams = add(count.params(Component::LmHead),
                                 config.final_norm ? count.get(Component::Norms).part("final") : 0);
    if (layerTotal > count.total || outputParams > count.total - layerTotal) {
        throw std::logic_error("the layers hold more parameters than the model");
    }
    const u64 inputParams = count.total - layerTotal - outputParams;

    if (prec.kind == PrecisionKind::GgufFile || prec.kind == PrecisionKind::GgmlBlock) {
        const QuantMix mix = ggufMix(config, prec.id, params.weight_params.gguf);
        u64 inLayers = 0;
        for (std::size_t i = 0; i < s.layers.size(); ++i) {
            const u64 bytes = mix.layer_bytes[i];
            const u64 experts = mix.layer_expert_bytes[i];
            s.layers[i].weight_bytes = bytes;
            // A token reads experts_per_token of the n_routed_experts equal slices.
            const u64 idle = config.isMoe() && experts > 0
                                 ? experts / config.moe.n_routed_experts *
                                       (config.moe.n_routed_experts - config.moe.experts_per_token)
                                 : 0;
            s.layers[i].active_bytes = bytes - idle;
            s.layers[i].expert_bytes = experts;
            s.layers[i].active_expert_bytes = experts - idle;
            inLayers = add(inLayers, bytes);
        }
        s.output_bytes = mix.output_bytes;
        s.output_active_bytes = mix.output_bytes;
        s.input_bytes = mix.bytes - inLayers - mix.output_bytes;
        for (const TensorAssignment& t : mix.tensors) {
            if (t.name == "token_embd.weight") {
                s.embedding_bytes = add(s.embedding_bytes, t.bytes);
            }
        }
    } else {
        // The same streams weightMemory rounds as wholes: the routed experts' matrices in blocks
        // for ExpertBlocks, everything else at one rate (weights kept unquantized are not used
        // here: offload plans take the precision as given).
        if (params.weight_params.keep_embeddings_unquantized) {
            throw std::invalid_argument("a layer split keeps every weight at one precision");
        }
        const bool blocks = prec.kind == PrecisionKind::ExpertBlocks;
        const BitsPerWeight rest = blocks ? BitsPerWeight{16, 1} : prec.bpw;
        ByteStream main(rest);
        ByteStream expertStream(prec.bpw);
        ByteStream activeMain(rest);
        ByteStream activeExperts(prec.bpw);
        // The token embedding alone (and OPT's project_in): a tied head's copy is this.
        const u64 embedding = count.tokenEmbedding();
        s.embedding_bytes = main.take(embedding);
        s.input_bytes = add(s.embedding_bytes, main.take(inputParams - embedding));
        (void)activeMain.take(inputParams);
        for (std::size_t i = 0; i < s.layers.size(); ++i) {
            const LayerParams& p = lp[i];
            const u64 ex = blocks ? p.expert_matrices : 0;
            const u64 activeEx = blocks ? p.active_expert_matrices : 0;
            const u64 exBytes = expertStream.take(ex);
            const u64 activeExBytes = activeExperts.take(activeEx);
            s.layers[i].weight_bytes = add(main.take(p.params - ex), exBytes);
            s.layers[i].active_bytes = add(activeMain.take(p.active - activeEx), activeExBytes);
            if (!blocks && lp[i].expert_matrices > 0) {
                // One rate for everything: the experts' share of the layer at that rate.
                s.layers[i].expert_bytes = bytesFor(lp[i].expert_matrices, rest);
                s.layers[i].active_expert_bytes = bytesFor(lp[i].active_expert_matrices, rest);
            } else {
                s.layers[i].expert_bytes = exBytes;
                s.layers[i].active_expert_bytes = activeExBytes;
            }
        }
        s.output_bytes = main.take(outputParams);
        s.output_active_bytes = s.output_bytes;
    }

    // KV cache: each attending layer's tokens (sliding layers hold at most the window), and each
    // mixer layer's recurrent state, on one device.
    const KvCache kv = kvCache(config, params.context, params.batch, params.kv, 1);
    const u64 perTokenLayer = kv.bytes_per_token_layer_global;
    const u64 state = kv.recurrent_layers == 0 ? 0 : kv.recurrent_bytes / kv.recurrent_layers;
    u64 attnIndex = 0;
    for (LayerMemory& layer : s.layers) {
        if (layer.attention) {
            bool global = true;
            if (config.sliding_window != 0) {
                global = config.global_every != 0 && (attnIndex + 1) % config.global_every == 0;
            }
            const u64 tokens = global ? kv.tokens_global : kv.tokens_sliding;
            layer.kv_bytes = mul(mul(perTokenLayer, tokens), params.batch);
            ++attnIndex;
        }
        if (layer.mixer) {
            layer.kv_bytes = add(layer.kv_bytes, state);
        }
    }
    return s;
}

OffloadMemory offloadMemory(const LayerSplit& split, const ModelConfig& config,
                            const InferenceParams& params, std::uint64_t gpu_layers, bool cpu_only)
{
    const u64 L = split.layers.size();
    if (gpu_layers > L) {
        throw std::invalid_argument("more GPU layers than the model has");
    }
    OffloadMemory m;
    m.layers = L;
    m.gpu_layers = gpu_layers;
    m.output_on_gpu = gpu_layers == L;
    for (u64 i = 0; i < L; ++i) {
        const LayerMemory& layer = split.layers[i];
        const bool onGpu = i >= L - gpu_layers;
        u64& weights = onGpu ? m.gpu_weight_bytes : m.ram_weight_bytes;
        u64& kv = onGpu ? m.gpu_kv_bytes : m.ram_kv_bytes;
        u64& read = onGpu ? m.gpu_read_bytes : m.ram_read_bytes;
        weights = add(weights, layer.weight_bytes);
        kv = add(kv, layer.kv_bytes);
        read = add(read, add(layer.active_bytes, layer.kv_bytes));
    }
    // llama.cpp keeps the input layer on the CPU; the output layer goes to the GPU with the last
    // layer only when every layer is there (n_gpu_layers > n_layer).
    // A tied head multiplies by the token embedding: llama.cpp gives the output layer its own
    // copy on the output's device, and every decode step reads it.
    m.ram_weight_bytes = add(m.ram_weight_bytes, split.input_bytes);
    const u64 tiedCopy = config.tied_head ? split.embedding_bytes : 0;
    if (m.output_on_gpu) {
        m.gpu_weight_bytes = add(add(m.gpu_weight_bytes, split.output_bytes), tiedCopy);
        m.gpu_read_bytes = add(add(m.gpu_read_bytes, split.output_active_bytes), tiedCopy);
    } else {
        m.ram_weight_bytes = add(m.ram_weight_bytes, split.output_bytes);
        m.ram_read_bytes = add(add(m.ram_read_bytes, split.output_active_bytes), tiedCopy);
    }
    if (!(cpu_only && gpu_layers == 0)) {
        m.workspace_bytes = workspaceBytes(config, params, m.output_on_gpu);
        const u64 need = add(add(m.gpu_weight_bytes, m.gpu_kv_bytes), m.workspace_bytes);
        m.overhead_bytes = overheadBytes(params.overhead, m.gpu_weight_bytes, need);
        m.gpu_total_bytes = add(need, m.overhead_bytes);
    }
    m.ram_total_bytes = add(m.ram_weight_bytes, m.ram_kv_bytes);
    return m;
}

OffloadMemory offloadMemory(const ModelConfig& config, const ParamCount& count,
                            const InferenceParams& params, std::uint64_t gpu_layers)
{
    return offloadMemory(layerSplit(config, count, params), config, params, gpu_layers);
}

} // namespace llmsizer
