// Formula builders for the show-the-math items. Each mirrors one term of count.cpp or
// kv_cache.cpp; mathtext.cpp attaches the results and the sources.
#include "mathtext_parts.h"

#include "llmsizer/text/format.h"

#include <algorithm>

namespace llmsizer::mathparts {

namespace {

using u64 = std::uint64_t;

bool isSum(const std::string& s)
{
    // A top-level " + " or " − " (inside parentheses or ⌈⌉ it is already grouped).
    int depth = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char ch = s[i];
        if (ch == '(') {
            ++depth;
        } else if (ch == ')') {
            --depth;
        } else if (depth == 0 && ch == ' ' && i + 1 < s.size() &&
                   (s[i + 1] == '+' || s.compare(i + 1, 3, "−") == 0)) {
            return true;
        }
    }
    return false;
}

std::string grouped(const std::string& s)
{
    return isSum(s) ? "(" + s + ")" : s;
}

// A norm over `width` values: RMSNorm has a weight (width), LayerNorm a weight and a bias.
Expr normOf(const ModelConfig& c, const Expr& width)
{
    return c.norm == NormKind::LayerNorm ? prod({lit(2), width}) : width;
}

// One feed-forward network of width ff (count.cpp mlpParams).
Expr ffnBody(const ModelConfig& c, const Expr& ff)
{
    const u64 matrices = c.mlp == MlpKind::Gated ? 3 : 2;
    std::vector<Expr> terms{prod({lit(matrices), var("d", c.d_model), ff})};
    if (c.biases.mlp_up) {
        terms.push_back(matrices == 3 ? prod({lit(2), ff}) : ff);
    }
    if (c.biases.mlp_down) {
        terms.push_back(var("d", c.d_model));
    }
    return sum(terms);
}

} // namespace

Expr lit(std::uint64_t v)
{
    return {withThousands(v), withThousands(v)};
}

Expr var(const char* sym, std::uint64_t v)
{
    return {sym, withThousands(v)};
}

Expr squared(const char* sym, std::uint64_t v)
{
    return {std::string(sym) + "²", withThousands(v) + "²"};
}

Expr prod(const std::vector<Expr>& factors)
{
    Expr e;
    for (const Expr& f : factors) {
        e.sym += (e.sym.empty() ? "" : "·") + grouped(f.sym);
        e.num += (e.num.empty() ? "" : "·") + grouped(f.num);
    }
    return e;
}

Expr sum(const std::vector<Expr>& terms)
{
    Expr e;
    for (const Expr& t : terms) {
        e.sym += (e.sym.empty() ? "" : " + ") + t.sym;
        e.num += (e.num.empty() ? "" : " + ") + t.num;
    }
    return e.sym.empty() ? lit(0) : e;
}

Expr times(const Expr& layers, const Expr& body)
{
    return {layers.sym + " × " + grouped(body.sym), layers.num + " × " + grouped(body.num)};
}

Expr embeddingExpr(const ModelConfig& c)
{
    // OPT-350m: a narrower embedding, projected to d_model by project_in.
    if (c.embedding_dim != 0 && c.embedding_dim != c.d_model) {
        const Expr e = var("e", c.embedding_dim);
        return sum({prod({var("V", c.vocab_size), e}), prod({e, var("d", c.d_model)})});
    }
    return prod({var("V", c.vocab_size), var("d", c.d_model)});
}

std::string embeddingLegend(const ModelConfig& c)
{
    if (c.embedding_dim != 0 && c.embedding_dim != c.d_model) {
        return "V = vocab_size, e = embedding width (word_embed_proj_dim), d = d_model; "
               "project_in e·d";
    }
    return "V = vocab_size, d = d_model";
}

Expr positionExpr(const ModelConfig& c)
{
    Expr rows = var("ctx", c.context_length);
    if (c.position_offset != 0) {
        rows = sum({rows, var("offset", c.position_offset)});
    }
    return prod({rows, var("d", c.d_model)});
}

Expr attentionExpr(const ModelConfig& c)
{
    // Hybrid models: only the attention layers (ModelConfig::mixer holds the others). A shared
    // block (Zamba2) is counted once per block, and reads 2·d (its input and the embeddings).
    if (c.attentionLayers() == 0) {
        return {"0 (no layer attends)", "0"};
    }
    const bool shared = c.shared.blocks > 0;
    const Expr L = shared               ? var("B", std::min(c.shared.blocks, c.shared.layers))
                   : c.mixer.layers > 0 ? var("L_attn", c.attentionLayers())
                                        : var("L", c.n_layers);
    const Expr d = var("d", c.d_model);
    const Expr in = shared ? prod({lit(2), d}) : d;
    const Expr h = var("h", c.n_heads);
    std::vector<Expr> t;
    if (c.attention == AttentionKind::Latent) {
        // DeepSeek-V3 MLA: wq_a, q_norm, wq_b (or wq), wkv_a, kv_norm, wkv_b, wo.
        const MlaConfig& m = c.mla;
        const Expr qk = sum({var("d_nope", m.qk_nope_head_dim), var("d_rope", m.qk_rope_head_dim)});
        if (m.q_lora_rank > 0) {
            const Expr rq = var("r_q", m.q_lora_rank);
            t.push_back(prod({d, rq}));
            t.push_back(normOf(c, rq));
            t.push_back(prod({rq, h, qk}));
        } else {
            t.push_back(prod({d, h, qk}));
        }
        const Expr rkv = var("r_kv", m.kv_lora_rank);
        t.push_back(prod({d, sum({rkv, var("d_rope", m.qk_rope_head_dim)})}));
        t.push_back(normOf(c, rkv));
        t.push_back(
            prod({rkv, h, sum({var("d_nope", m.qk_nope_head_dim), var("d_v", m.v_head_dim)})}));
        t.push_back(prod({h, var("d_v", m.v_head_dim), d}));
        if (c.indexer.heads > 0) {
            // DeepSeek-V3.2's indexer: wq_b r_q·h_i·d_i, wk d·d_i, k_norm 2·d_i, weights_proj
            // d·h_i.
            const Expr hi = var("h_i", c.indexer.heads);
            const Expr di = var("d_i", c.indexer.head_dim);
            t.push_back(prod({var("r_q", m.q_lora_rank), hi, di}));
            t.push_back(prod({d, di}));
            t.push_back(prod({lit(2), di}));
            t.push_back(prod({d, hi}));
        }
    } else {
        const Expr kv = var("kv", c.n_kv_heads);
        const Expr dh = var("dh", c.effectiveHeadDim());
        // Qwen3-Next: q_proj also yields the output gate (2·h·dh).
        t.push_back(c.attention_output_gate ? prod({lit(2), in, h, dh}) : prod({in, h, dh}));
        t.push_back(prod({lit(2), in, kv, dh}));
        t.push_back(prod({h, dh, d}));
        if (c.biases.qkv) {
            t.push_back(prod({h, dh}));
            t.push_back(prod({lit(2), kv, dh}));
        }
        if (c.qk_norm == QkNormKind::PerHead) {
            t.push_back(prod({lit(2), normOf(c, dh)}));
        } else if (c.qk_norm == QkNormKind::Full) {
            t.push_back(normOf(c, sum({prod({h, dh}), prod({kv, dh})})));
        }
    }
    if (c.biases.out) {
        t.push_back(d);
    }
    if (c.attention_sinks) {
        t.push_back(h); // one sink logit per head
    }
    Expr e = times(L, sum(t));
    if (shared) {
        // Per hybrid layer: q, k, v adapters 2d -> r -> 2d and the layer's Linear(d, d).
        const Expr Lh = var("L_h", c.shared.layers);
        const Expr r = var("r", c.shared.adapter_rank);
        std::vector<Expr> terms{e};
        if (c.shared.attention_adapters) {
            terms.push_back(prod({Lh, lit(3), lit(2), lit(2), d, r}));
        }
        terms.push_back(prod({Lh, d, d}));
        e = sum(terms);
    }
    return e;
}

std::string attentionLegend(const ModelConfig& c)
{
    if (c.attention == AttentionKind::Latent) {
        return std::string("L = layers, d = d_model, h = heads, r_q / r_kv = q / kv LoRA ranks, "
                           "d_nope / d_rope / d_v = head dims without RoPE, with RoPE, of v") +
               (c.indexer.heads > 0 ? "; indexer: h_i heads of width d_i" : "");
    }
    std::string s = "L = layers, d = d_model, h = heads, kv = KV heads, dh = head_dim; q: d·h·dh, "
                    "k and v: 2·d·kv·dh, o: h·dh·d";
    if (c.shared.blocks > 0) {
        s = "B = shared blocks, d = d_model, h = heads, kv = KV heads, dh = head_dim; q: 2d·h·dh, "
            "k and v: 2·2d·kv·dh (the block reads 2d), o: h·dh·d; per hybrid layer (L_h): ";
        s += c.shared.attention_adapters ? "q, k, v adapters 2d·r + r·2d (r = adapter rank), " : "";
        s += "linear d·d";
    }
    if (c.biases.qkv) {
        s += "; q, k, v biases: h·dh + 2·kv·dh";
    }
    if (c.biases.out) {
        s += "; o bias: d";
    }
    if (c.qk_norm != QkNormKind::None) {
        s += "; q/k norms";
    }
    return s;
}

Expr mlpExpr(const ModelConfig& c)
{
    const u64 moeLayers = c.moeLayers();
    // Mixer-only layers (Mamba) have no MLP.
    const u64 dense = c.mlpLayers() - moeLayers;
    std::vector<Expr> parts;
    if (dense > 0) {
        Expr body = ffnBody(c, var("d_ff", c.effectiveDff()));
        if (c.mlp_activation_params > 0) {
            // Apertus' xIELU: alpha_p and alpha_n per MLP.
            body = sum({body, var("a", c.mlp_activation_params)});
        }
        parts.push_back(
            times(var(moeLayers > 0 || dense != c.n_layers ? "L_dense" : "L", dense), body));
    }
    if (c.shared.blocks > 0) {
        // Zamba2: the shared blocks' MLPs, and per hybrid layer a gate_up adapter d -> r -> 2·d_ff.
        const Expr ff = var("d_ff", c.effectiveDff());
        parts.push_back(
            times(var("B", std::min(c.shared.blocks, c.shared.layers)), ffnBody(c, ff)));
        if (c.shared.mlp_adapters) {
            const Expr r = var("r", c.shared.adapter_rank);
            parts.push_back(prod({var("L_h", c.shared.layers),
                                  sum({prod({var("d", c.d_model), r}), prod({r, lit(2), ff})})}));
        }
    }
    if (moeLayers > 0) {
        const MoeConfig& m = c.moe;
        std::vector<Expr> body{
            prod({var("E", m.n_routed_experts), ffnBody(c, var("d_e", m.expert_d_ff))})};
        if (m.n_shared_experts > 0) {
            const u64 sff = m.shared_d_ff != 0 ? m.shared_d_ff : m.expert_d_ff;
            body.push_back(prod({var("S", m.n_shared_experts), ffnBody(c, var("d_s", sff))}));
        }
        parts.push_back(times(var("L_moe", moeLayers), sum(body)));
    }
    return sum(parts);
}

std::string mlpLegend(const ModelConfig& c)
{
    std::string s = c.mlp == MlpKind::Gated ? "gated (gate, up, down: 3 matrices of d×d_ff)"
                                            : "plain (up, down: 2 matrices of d×d_ff)";
    s += "; d = d_model, d_ff = " + withThousands(c.effectiveDff());
    if (c.d_ff == 0 && c.mlp == MlpKind::Gated) {
        s += " by the Llama rule (multiple_of " + withThousands(c.ffn_rule.multiple_of) + ")";
    }
    if (c.isMoe()) {
        s += "; L_dense / L_moe = dense / MoE layers, E = routed experts of width d_e, S = shared "
             "experts of width d_s";
    }
    return s;
}

Expr routerExpr(const ModelConfig& c)
{
    const MoeConfig& m = c.moe;
    std::vector<Expr> t{prod({var("d", c.d_model), var("E", m.n_routed_experts)})};
    if (m.shared_expert_gate) {
        t.push_back(var("d", c.d_model));
    }
    if (m.router_bias) {
        t.push_back(var("E", m.n_routed_experts));
    }
    return times(var("L_moe", c.moeLayers()), sum(t));
}

Expr normsExpr(const ModelConfig& c)
{
    const Expr d = var("d", c.d_model);
    std::vector<Expr> t;
    // Nemotron-H's single-block layers hold one norm each, as the mixer-only ones.
    const u64 only = c.mixerOnlyLayers() + c.single.attention_only + c.single.mlp_only;
    if (c.norms_per_block > 0 && only < c.n_layers) {
        t.push_back(prod({var(only > 0 ? "L_block" : "L", c.n_layers - only),
                          var("n", c.norms_per_block), normOf(c, d)}));
    }
    if (only > 0) {
        // A mixer-only layer (Mamba) has one norm.
        t.push_back(prod({var(c.single.any() ? "L" : "L_m", only), normOf(c, d)}));
    }
    if (c.shared.blocks > 0) {
        // A shared block: input_layernorm over 2d, pre_ff_layernorm over d.
        t.push_back(prod({var("B", std::min(c.shared.blocks, c.shared.layers)),
                          sum({normOf(c, prod({lit(2), d})), normOf(c, d)})}));
    }
    if (c.final_norm) {
        t.push_back(normOf(c, d));
    }
    if (c.embedding_norm) {
        t.push_back(normOf(c, d));
    }
    return sum(t);
}

Expr lmHeadExpr(const ModelConfig& c)
{
    const bool narrow = c.embedding_dim != 0 && c.embedding_dim != c.d_model;
    const Expr width = narrow ? var("e", c.embedding_dim) : var("d", c.d_model);
    std::vector<Expr> t;
    if (narrow) {
        t.push_back(prod({var("d", c.d_model), width})); // OPT-350m project_out
    }
    if (!c.tied_head) {
        t.push_back(prod({var("V", c.vocab_size), width}));
    }
    if (c.biases.lm_head) {
        t.push_back(var("V", c.vocab_size));
    }
    if (t.empty()) {
        return {"0 (tied to the token embedding, counted once)", "0"};
    }
    return sum(t);
}

Expr totalExpr(const ParamCount& count)
{
    std::vector<Expr> t;
    for (Component comp : kAllComponents) {
        if (count.params(comp) > 0) {
            t.push_back({std::string(componentKey(comp)), withThousands(count.params(comp))});
        }
    }
    return sum(t);
}

Expr activeExpr(const ModelConfig& c, const ParamCount& count)
{
    const Expr idle = prod({var("L_moe", c.moeLayers()),
                            {"E − k", withThousands(c.moe.n_routed_experts) + " − " +
                                          withThousands(c.moe.experts_per_token)},
                            var("P_expert", count.expert_params)});
    return {"total − " + idle.sym, withThousands(count.total) + " − " + idle.num};
}

} // namespace llmsizer::mathparts
