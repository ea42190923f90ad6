// Exact parameter counting. Each term mirrors a module of the reference implementation:
// Hugging Face transformers' modeling_<type>.py (nn.Linear(in, out, bias) has in·out + out
// parameters; nn.LayerNorm(d) has 2·d; RMSNorm(d) has d; nn.Embedding(n, d) has n·d) and, for
// DeepSeek's latent attention, DeepSeek-V3 inference/model.py. docs/counting.md derives each.
#include "llmsizer/model/count.h"

#include "llmsizer/model/mixer.h"
#include "llmsizer/text/checked.h"
#include "model/count_internal.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>

namespace llmsizer {

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

// Accumulates the parts of one component; parts that come out as zero are not listed.
class Builder {
public:
    // Room for a component's parts (attention: q, k, v, o, their biases and norms), made at its
    // first part, so that its parts are allocated once (an empty component allocates nothing):
    // the width solvers count thousands of shapes a second.
    static constexpr std::size_t kPartsReserved = 8;
    explicit Builder(Component c) { m_count.component = c; }
    void add(const char* key, u64 params)
    {
        if (params == 0) {
            return;
        }
        m_count.params = llmsizer::add(m_count.params, params);
        const std::string_view k(key); // measured once: each part compares its length first
        for (Part& p : m_count.parts) {
            if (p.key == k) {
                p.params = llmsizer::add(p.params, params);
                return;
            }
        }
        if (m_count.parts.empty()) {
            m_count.parts.reserve(kPartsReserved);
        }
        m_count.parts.push_back({std::string(k), params});
    }
    ComponentCount take() { return std::move(m_count); }

private:
    ComponentCount m_count;
};

// One feed-forward network of width ff (a dense MLP or one expert).
u64 mlpParams(const ModelConfig& c, u64 ff)
{
    const u64 matrices = c.mlp == MlpKind::Gated ? 3 : 2;
    u64 n = mul(matrices, mul(c.d_model, ff));
    if (c.biases.mlp_up) {
        n = add(n, mul(matrices - 1, ff));
    }
    if (c.biases.mlp_down) {
        n = add(n, c.d_model);
    }
    return n;
}

void addMlpParts(const ModelConfig& c, u64 ff, u64 layers, Builder& b)
{
    const u64 w = mul(mul(c.d_model, ff), layers);
    if (c.mlp == MlpKind::Gated) {
        b.add("gate", w);
    }
    b.add("up", w);
    b.add("down", w);
    if (c.biases.mlp_up) {
        b.add("bias", mul(mul(c.mlp == MlpKind::Gated ? 2 : 1, ff), layers));
    }
    if (c.biases.mlp_down) {
        b.add("bias", mul(c.d_model, layers));
    }
}

// q, k, v, o (and their biases, sinks, q/k norms) of `L` attention layers reading `in` values.
void addAttention(const ModelConfig& c, u64 in, u64 L, Builder& b)
{
    const u64 hd = c.effectiveHeadDim();
    const u64 q = mul(c.n_heads, hd);
    const u64 kv = mul(c.n_kv_heads, hd);
    // Qwen3-Next: q_proj also produces the output gate, hidden -> 2·heads·head_dim.
    b.add("q", mul(mul(in, c.attention_output_gate ? mul(2, q) : q), L));
    b.add("k", mul(mul(in, kv), L));
    b.add("v", mul(mul(in, kv), L));
    b.add("o", mul(mul(q, c.d_model), L));
    if (c.biases.qkv) {
        b.add("qkv_bias", mul(add(q, mul(2, kv)), L));
    }
    if (c.biases.out) {
        b.add("o_bias", mul(c.d_model, L));
    }
    if (c.attention_sinks) {
        b.add("sinks", mul(c.n_heads, L));
    }
    if (c.qk_norm == QkNormKind::PerHead) {
        b.add("qk_norm", mul(mul(2, normParams(c, hd)), L));
    } else if (c.qk_norm == QkNormKind::Full) {
        b.add("qk_norm", mul(normParams(c, add(q, kv)), L));
    }
}

// The shared blocks a model builds: blocks are assigned to the hybrid layers cyclically, so
// only as many as there are hybrid layers are ever used (Zamba2Model: blocks = cycle(blocks)).
u64 sharedBlocksUsed(const ModelConfig& c)
{
    return std::min(c.shared.blocks, c.shared.layers);
}

ComponentCount standardAttention(const ModelConfig& c)
{
    Builder b(Component::Attention);
    addAttention(c, c.d_model, c.attentionLayers() - c.shared.layers, b);
    if (c.shared.blocks > 0) {
        // modular_zamba2.py Zamba2Attention: q/k/v_proj read attention_hidden_size = 2·hidden
        // (the layer's input concatenated with the embeddings), o_proj writes hidden; each
        // hybrid layer adds linear_{q,k,v}_adapter (Linear(2d, r), Linear(r, 2d), no bias) when
        // use_shared_attention_adapter, and Zamba2HybridLayer.linear Linear(d, d, bias=False).
        const u64 d = c.d_model;
        const SharedBlocks& s = c.shared;
        addAttention(c, mul(2, d), sharedBlocksUsed(c), b);
        if (s.attention_adapters) {
            b.add("adapters", mul(mul(s.layers, 3), mul(2, mul(mul(2, d), s.adapter_rank))));
        }
        b.add("layer_linear", mul(s.layers, mul(d, d)));
    }
    return b.take();
}

// DeepSeek-V3 inference/model.py, class MLA: wq_a, q_norm, wq_b (or wq), wkv_a, kv_norm, wkv_b,
// wo; all without bias.
ComponentCount latentAttention(const ModelConfig& c)
{
    Builder b(Component::Attention);
    const MlaConfig& m = c.mla;
    const u64 L = c.attentionLayers();
    const u64 qk_head = add(m.qk_nope_head_dim, m.qk_rope_head_dim);
    const u64 q_out = mul(c.n_heads, qk_head);
    if (m.q_lora_rank > 0) {
        b.add("q_a", mul(mul(c.d_model, m.q_lora_rank), L));
        b.add("latent_norms", mul(normParams(c, m.q_lora_rank), L));
        b.add("q_b", mul(mul(m.q_lora_rank, q_out), L));
    } else {
        b.add("q", mul(mul(c.d_model, q_out), L));
    }
    b.add("kv_a", mul(mul(c.d_model, add(m.kv_lora_rank, m.qk_rope_head_dim)), L));
    b.add("latent_norms", mul(normParams(c, m.kv_lora_rank), L));
    b.add("kv_b",
          mul(mul(m.kv_lora_rank, mul(c.n_heads, add(m.qk_nope_head_dim, m.v_head_dim))), L));
    b.add("o", mul(mul(mul(c.n_heads, m.v_head_dim), c.d_model), L));
    if (c.biases.out) {
        b.add("o_bias", mul(c.d_model, L));
    }
    if (c.indexer.heads > 0) {
        // DeepSeek-V3.2 inference/model.py Indexer: wq_b, wk, k_norm (LayerNorm: weight and
        // bias), weights_proj.
        const IndexerConfig& ix = c.indexer;
        const u64 perLayer =
            add(add(mul(m.q_lora_rank, mul(ix.heads, ix.head_dim)), mul(c.d_model, ix.head_dim)),
                add(mul(2, ix.head_dim), mul(c.d_model, ix.heads)));
        b.add("indexer", mul(perLayer, L));
    }
    return b.take();
}

} // namespace

InvalidConfigError::InvalidConfigError(std::vector<ValidationIssue> issues)
    : std::invalid_argument(issues.empty() ? std::string("invalid configuration")
                                           : issues.front().field + ": " + issues.front().message),
      m_issues(std::move(issues))
{
}

void requireValid(const ModelConfig& c)
{
    if (auto issues = validate(c); !issues.empty()) {
        throw InvalidConfigError(std::move(issues));
    }
}

namespace {
std::atomic<CountObserver> g_observer{nullptr};
} // namespace

void setCountObserver(CountObserver observer)
{
    g_observer.store(observer);
}

namespace {

// Gemma 3n's per-layer inputs, AltUp and LAuReL that belong to `b`'s component
// (count_augments.cpp).
void addAugments(const ModelConfig& c, Component component, Builder& b)
{
    for (const countdetail::ComponentPart& p : countdetail::augmentParts(c)) {
        if (p.component == component) {
            b.add(p.key, p.params);
        }
    }
}

// The token embedding, and OPT-350m's projection into d_model (modeling_opt.py OPTDecoder:
// embed_tokens is word_embed_proj_dim wide, project_in Linear(e, d) and project_out
// Linear(d, e), both bias-free, when e != d).
ComponentCount embedding(const ModelConfig& c, u64 e)
{
    Builder emb(Component::Embedding);
    emb.add("token", mul(c.vocab_size, e));
    if (e != c.d_model) {
        emb.add("project_in", mul(e, c.d_model));
    }
    addAugments(c, Component::Embedding, emb);
    return emb.take();
}

ComponentCount positionEmbedding(const ModelConfig& c)
{
    Builder pos(Component::PositionEmbedding);
    if (c.position == PositionKind::Learned) {
        pos.add("learned", mul(add(c.context_length, c.position_offset), c.d_model));
    }
    return pos.take();
}

// The mixer layers, from the mixer's dimensions (mixer.cpp).
ComponentCount mixerLayers(const ModelConfig& c)
{
    Builder mixer(Component::Mixer);
    if (c.mixer.layers > 0) {
        for (const Part& p : mixerLayerParts(c.mixer, c.d_model)) {
            mixer.add(p.key.c_str(), mul(p.params, c.mixer.layers));
        }
    }
    return mixer.take();
}

// The MLPs and the router: dense layers (all of them, or DeepSeek's first_k_dense_replace before
// the MoE layers; mixer-only layers such as Mamba's have no MLP), Zamba2's shared blocks, and
// the routed and shared experts. Sets r's per-layer dense MLP and per-expert counts.
std::pair<ComponentCount, ComponentCount> feedForward(const ModelConfig& c, ParamCount& r)
{
    const u64 d = c.d_model;
    Builder mlp(Component::Mlp);
    Builder router(Component::Router);
    const u64 moeLayers = c.moeLayers();
    const u64 denseLayers = c.mlpLayers() - moeLayers;
    if (denseLayers > 0) {
        r.dense_mlp_per_layer = add(mlpParams(c, c.effectiveDff()), c.mlp_activation_params);
        addMlpParts(c, c.effectiveDff(), denseLayers, mlp);
        mlp.add("activation", mul(c.mlp_activation_params, denseLayers));
    }
    if (c.shared.blocks > 0) {
        // modular_zamba2.py Zamba2MLP: gate_up_proj Linear(d, 2·ff) and down_proj Linear(ff, d)
        // once per shared block, and per hybrid layer gate_up_proj_adapter Linear(d, r) +
        // Linear(r, 2·ff), no bias (built for every hybrid layer).
        const u64 ff = c.effectiveDff();
        addMlpParts(c, ff, sharedBlocksUsed(c), mlp);
        if (c.shared.mlp_adapters) {
            const u64 r2 = c.shared.adapter_rank;
            mlp.add("adapters", mul(c.shared.layers, add(mul(d, r2), mul(r2, mul(2, ff)))));
        }
    }
    if (moeLayers > 0) {
        const MoeConfig& m = c.moe;
        r.expert_params = mlpParams(c, m.expert_d_ff);
        mlp.add("routed_experts", mul(mul(r.expert_params, m.n_routed_experts), moeLayers));
        if (m.n_shared_experts > 0) {
            const u64 sharedFf = m.shared_d_ff != 0 ? m.shared_d_ff : m.expert_d_ff;
            const u64 shared = mul(mlpParams(c, sharedFf), m.n_shared_experts);
            mlp.add("shared_experts", mul(shared, moeLayers));
        }
        // The router is a bias-free Linear(d, n_experts); Qwen2-MoE adds Linear(d, 1) gating
        // the shared expert; DeepSeek-V3 adds a per-expert score-correction bias.
        router.add("gate", mul(mul(d, m.n_routed_experts), moeLayers));
        if (m.shared_expert_gate) {
            router.add("shared_expert_gate", mul(d, moeLayers));
        }
        if (m.router_bias) {
            router.add("bias", mul(m.n_routed_experts, moeLayers));
        }
    }
    addAugments(c, Component::Mlp, mlp);
    return {mlp.take(), router.take()};
}

// The norms; sets r's per-layer norms.
ComponentCount norms(const ModelConfig& c, ParamCount& r)
{
    const u64 d = c.d_model;
    Builder norms(Component::Norms);
    r.norms_per_layer = mul(c.norms_per_block, normParams(c, d));
    // A mixer-only layer holds one norm (MambaBlock.norm, Zamba2MambaDecoderLayer's
    // input_layernorm); a shared block input_layernorm over 2d and pre_ff_layernorm over d.
    // Nemotron-H's single-block layers hold one norm each too.
    const u64 only = c.mixerOnlyLayers() + c.single.attention_only + c.single.mlp_only;
    norms.add("block", add(mul(r.norms_per_layer, c.n_layers - only), mul(normParams(c, d), only)));
    norms.add("shared_blocks",
              mul(sharedBlocksUsed(c), add(normParams(c, mul(2, d)), normParams(c, d))));
    if (c.final_norm) {
        norms.add("final", normParams(c, d));
    }
    if (c.embedding_norm) {
        norms.add("embedding_norm", normParams(c, d));
    }
    addAugments(c, Component::Norms, norms);
    return norms.take();
}

ComponentCount lmHead(const ModelConfig& c, u64 e)
{
    Builder head(Component::LmHead);
    if (e != c.d_model) {
        head.add("project_out", mul(c.d_model, e));
    }
    if (!c.tied_head) {
        head.add("weight", mul(c.vocab_size, e));
    }
    if (c.biases.lm_head) {
        head.add("bias", c.vocab_size);
    }
    return head.take();
}

// A part counted by the importer (the vision tower and projector, hf_import_vision.cpp).
ComponentCount imported(Component component, const std::vector<Part>& parts)
{
    Builder b(component);
    for (const Part& p : parts) {
        b.add(p.key.c_str(), p.params);
    }
    return b.take();
}

} // namespace

ParamCount countParameters(const ModelConfig& c)
{
    if (const CountObserver observe = g_observer.load(std::memory_order_relaxed)) {
        observe(c);
    }
    requireValid(c);
    ParamCount r;
    r.components.reserve(11); // the push_backs below
    const u64 e = c.embedding_dim != 0 ? c.embedding_dim : c.d_model;
    ComponentCount attn =
        c.attention == AttentionKind::Latent ? latentAttention(c) : standardAttention(c);
    r.attention_per_layer = c.attentionLayers() == 0 ? 0 : attn.params / c.attentionLayers();
    auto [mlp, router] = feedForward(c, r);
    r.components.push_back(embedding(c, e));
    r.components.push_back(positionEmbedding(c));
    r.components.push_back(std::move(attn));
    r.components.push_back(mixerLayers(c));
    r.components.push_back(std::move(mlp));
    r.components.push_back(std::move(router));
    r.components.push_back(norms(c, r));
    r.components.push_back(lmHead(c, e));
    r.components.push_back(imported(Component::VisionTower, c.vision_tower));
    r.components.push_back(imported(Component::AudioTower, c.audio_tower));
    r.components.push_back(imported(Component::Projector, c.projector));
    for (const ComponentCount& cc : r.components) {
        r.total = add(r.total, cc.params);
        if (isLanguageModel(cc.component)) {
            r.language_model = add(r.language_model, cc.params);
        }
    }
    r.mtp = countdetail::multiTokenPrediction(c, r);
    if (c.mtp_layers > 0) {
        r.checkpoint_extras.push_back(countdetail::mtpExtra(c, r.mtp));
    }
    if (c.fp8_block_rows > 0 && c.fp8_block_cols > 0) {
        r.checkpoint_extras.push_back(
            {"fp8_scales",
             "FP8 block scales: one per " + std::to_string(c.fp8_block_rows) + "x" +
                 std::to_string(c.fp8_block_cols) + " block of each FP8 weight (weight_scale_inv)" +
                 (c.mtp_layers > 0 ? ", the MTP layers' included" : ""),
             fp8BlockScales(c), true});
    }
    if (CheckpointExtra rotary = countdetail::rotaryExtra(c); !rotary.key.empty()) {
        r.checkpoint_extras.push_back(std::move(rotary));
    }
    // A token visits experts_per_token of the routed experts in each MoE layer.
    const u64 moeLayers = c.moeLayers();
    const u64 idle =
        moeLayers > 0
            ? mul(mul(r.expert_params, c.moe.n_routed_experts - c.moe.experts_per_token), moeLayers)
            : 0;
    r.active = r.total - idle;
    return r;
}

ParamCount languageModelOnly(const ParamCount& count)
{
    ParamCount lm = count;
    if (count.language_model >= count.total) {
        return lm;
    }
    const std::uint64_t towers = count.total - count.language_model;
    for (ComponentCount& c : lm.components) {
        if (c.component == Component::VisionTower || c.component == Component::AudioTower ||
            c.component == Component::Projector) {
            c.params = 0;
            c.parts.clear();
        }
    }
    lm.total = count.language_model;
    lm.active = count.active > towers ? count.active - towers : 0;
    return lm;
}

} // namespace llmsizer
