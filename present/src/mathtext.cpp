// Show-the-math items. Each formula mirrors a term of countParameters (count.cpp) or of the memory
// model (weight_memory.cpp, kv_cache.cpp); the results are taken from those functions, so the
// working shown can never disagree with the numbers elsewhere in the app.
#include "llmsizer/present/mathtext.h"

#include "llmsizer/compute/compute.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/model/mixer.h"
#include "llmsizer/present/view_support.h"
#include "llmsizer/text/figures.h"
#include "llmsizer/text/text.h"
#include "mathtext_parts.h"

#include <array>
#include <cmath>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;
using namespace mathparts;

constexpr const char* kHfSource =
    "Hugging Face transformers modeling_<type>.py; nn.Linear(in, out) has in·out + out "
    "parameters (https://pytorch.org/docs/stable/generated/torch.nn.Linear.html); "
    "docs/counting.md";
constexpr const char* kGuide = "Understanding Model Parameters & Size (teaching guide), Part 3";

MathItem item(std::string key, std::string title, const Expr& e, u64 result, std::string legend,
              std::string source)
{
    MathItem m;
    m.key = std::move(key);
    m.title = std::move(title);
    m.formula = e.sym;
    m.substituted = e.num;
    m.result = result;
    m.result_text = withThousands(result);
    m.unit = "parameters";
    m.legend = std::move(legend);
    m.source = std::move(source);
    return m;
}

std::string approxNote(const ModelConfig& c, const ParamCount& count, u64 approx)
{
    const u64 d = c.d_model;
    const u64 L = c.n_layers;
    const u64 d2 = d * d;
    std::string note = "12·L·d² assumes 4·d² of attention (q, k, v, o all d×d) and 8·d² of MLP "
                       "(two d×4d matrices) per layer, and leaves out embeddings and norms. Here: ";
    const u64 attn = count.attention_per_layer;
    note += "attention is " + withThousands(attn) +
            " per layer against 4·d² = " + withThousands(4 * d2);
    if (c.attention == AttentionKind::Latent) {
        note += " (latent attention projects through low-rank q and kv)";
    } else if (c.n_kv_heads < c.n_heads) {
        note +=
            " (GQA: k and v are n_kv·dh = " + withThousands(c.n_kv_heads * c.effectiveHeadDim()) +
            " wide, not d = " + withThousands(d) + ")";
    } else if (c.n_heads * c.effectiveHeadDim() != d) {
        note += " (h·dh = " + withThousands(c.n_heads * c.effectiveHeadDim()) + " is not d)";
    }
    note += "; the MLP is " + withThousands(count.params(Component::Mlp) / L) +
            " per layer against 8·d² = " + withThousands(8 * d2);
    if (c.isMoe()) {
        note += " (every expert counts in the total)";
    } else if (c.mlp == MlpKind::Gated) {
        note +=
            " (gated: 3 matrices of d×d_ff with d_ff = " + withThousands(c.effectiveDff()) + ")";
    } else if (c.effectiveDff() != 4 * d) {
        note += " (d_ff = " + withThousands(c.effectiveDff()) + ", not 4·d)";
    }
    const u64 emb = count.params(Component::Embedding) +
                    count.params(Component::PositionEmbedding) + count.params(Component::LmHead);
    note += "; embeddings" + std::string(c.tied_head ? "" : " and the untied LM head") + " add " +
            withThousands(emb) + ". Exact total " + withThousands(count.total) +
            ", so 12·L·d² is off by " + signedPercent(relativeError(approx, count.total)) + ".";
    if (c.isMoe()) {
        note += " The rule is for dense models (one MLP per layer); it does not hold for an MoE "
                "model, whose experts it leaves out.";
    }
    return note;
}

std::string bytesText(u64 bytes, ByteUnits units)
{
    return withThousands(bytes) + " bytes (" + formatBytes(bytes, units) + ")";
}

} // namespace

std::vector<MathItem> showTheMath(const ModelConfig& c, const MathOptions& o)
{
    return showTheMath(c, countParameters(c), o);
}

std::vector<MathItem> showTheMath(const ModelConfig& c, const ParamCount& count,
                                  const MathOptions& o)
{
    const Precision weights = precisionById(o.weight_precision, "weight_precision");
    const Precision kv = kvPrecisionById(o.kv_precision, "kv_precision");
    std::vector<MathItem> out;

    out.push_back(item("embedding", "Token embedding",
                       withAugments(c, Component::Embedding, embeddingExpr(c)),
                       count.params(Component::Embedding), embeddingLegend(c) + augmentsLegend(c),
                       std::string(kGuide) + " (vocab_size × d_model)"));
    if (c.position == PositionKind::Learned) {
        out.push_back(item("position_embedding", "Learned position embedding", positionExpr(c),
                           count.params(Component::PositionEmbedding),
                           "ctx = context_length, offset = extra rows (OPT keeps 2), d = d_model",
                           kHfSource));
    }
    out.push_back(item("attention", "Attention (all layers)", attentionExpr(c),
                       count.params(Component::Attention), attentionLegend(c),
                       c.attention == AttentionKind::Latent
                           ? "DeepSeek-V3 inference/model.py, class MLA"
                           : std::string(kHfSource) +
                                 "; Model Sizing (sizing chapter), estimate_model_size"));
    out.push_back(item("mlp", "MLP (all layers)", withAugments(c, Component::Mlp, mlpExpr(c)),
                       count.params(Component::Mlp), mlpLegend(c) + augmentsLegend(c),
                       c.mlp == MlpKind::Gated
                           ? "Meta llama/model.py FeedForward (w1, w2, w3)"
                           : std::string(kGuide) + " (up and down projections)"));
    if (c.isMoe()) {
        out.push_back(item("router", "Router (all MoE layers)", routerExpr(c),
                           count.params(Component::Router),
                           "L_moe = MoE layers, d = d_model, E = routed experts", kHfSource));
    }
    out.push_back(item("norms", "Norms", withAugments(c, Component::Norms, normsExpr(c)),
                       count.params(Component::Norms),
                       (c.norm == NormKind::LayerNorm
                            ? "LayerNorm: 2·d each (scale and shift); n = norms per block"
                            : "RMSNorm: d each (scale only); n = norms per block") +
                           augmentsLegend(c),
                       std::string(kGuide) + " (LayerNorm scale and shift); " + kHfSource));
    out.push_back(item("lm_head", "LM head", lmHeadExpr(c), count.params(Component::LmHead),
                       c.embedding_dim != 0 && c.embedding_dim != c.d_model
                           ? "V = vocab_size, d = d_model, e = embedding width; project_out d·e"
                           : "V = vocab_size, d = d_model",
                       std::string(kGuide) + " (d_model × vocab_size, often tied)"));

    // The mixer layers, from the mixer's dimensions (count.cpp, mixer.cpp).
    if (c.mixer.layers > 0) {
        out.push_back(item("mixer",
                           std::string(componentLabel(Component::Mixer)) + " (" +
                               std::string(mixerKindName(c.mixer.kind)) + ")",
                           mixerExpr(c), count.params(Component::Mixer), mixerLegend(c),
                           mixerSource(c)));
    }
    // Counted by the importer part by part (docs/counting.md): the vision tower and projector
    // from vision_config, an audio encoder from audio_config.
    for (Component comp : {Component::VisionTower, Component::AudioTower, Component::Projector}) {
        const ComponentCount& cc = count.get(comp);
        if (cc.params == 0) {
            continue;
        }
        std::vector<mathparts::Expr> terms;
        std::string legend;
        for (const Part& p : cc.parts) {
            terms.push_back({p.key, withThousands(p.params)});
            legend += (legend.empty() ? "" : ", ") + p.key + " = " + withThousands(p.params);
        }
        out.push_back(item(std::string(componentKey(comp)), std::string(componentLabel(comp)),
                           mathparts::sum(terms), cc.params, legend,
                           comp == Component::AudioTower
                               ? "transformers modeling of the audio encoder "
                                 "(Gemma3nAudioEncoder); docs/counting.md"
                               : "transformers modeling of the vision tower and projector "
                                 "(timm's mobilenetv5.py for MobileNet-V5); docs/counting.md"));
    }
    out.push_back(item("total", "Total parameters", totalExpr(count), count.total,
                       "the components above", "sum of the components"));
    if (c.isMoe()) {
        out.push_back(item("active", "Active parameters per token", activeExpr(c, count),
                           count.active,
                           "a token visits k of the E routed experts in each MoE layer",
                           "Mixtral / DeepSeek model cards: active = total − idle experts"));
    }

    // The linear-layer rule of the teaching guide, Part 1, on this model's MLP up projection.
    const u64 ff =
        c.isMoe() && c.moe.first_dense_layers == 0 ? c.moe.expert_d_ff : c.effectiveDff();
    out.push_back(
        item("linear_bias", "One linear layer d → d_ff, with bias",
             sum({prod({var("in", c.d_model), var("out", ff)}), var("out", ff)}),
             c.d_model * ff + ff, "in = d_model, out = d_ff",
             "Understanding Model Parameters & Size (teaching guide), Part 1 (Linear 768 → "
             "3072: 2,362,368); "
             "https://pytorch.org/docs/stable/generated/torch.nn.Linear.html"));
    out.back().note = c.biases.mlp_up
                          ? "This model's up projection has a bias."
                          : "This model's up projection has no bias: see the next line.";
    out.push_back(item("linear_no_bias", "One linear layer d → d_ff, without bias",
                       prod({var("in", c.d_model), var("out", ff)}), c.d_model * ff,
                       "in = d_model, out = d_ff",
                       "nn.Linear(in, out, bias=False): in·out "
                       "(https://pytorch.org/docs/stable/generated/torch.nn.Linear.html)"));

    const u64 approx = approx12Ld2(c);
    out.push_back(item("approx_12ld2", "The 12·L·d² approximation",
                       prod({lit(12), var("L", c.n_layers), squared("d", c.d_model)}), approx,
                       "L = layers, d = d_model",
                       "Interpret LLM Model Size (blog post), The Formula for Model Size; "
                       "Understanding Model Parameters & Size (teaching guide), Part 3"));
    out.back().note = approxNote(c, count, approx);

    MathItem w =
        item("weights", "Weights at " + weights.label, weightExpr(count.total, weights.bpw),
             nominalWeightBytes(count.total, weights),
             "N = total parameters, bits per weight " + bpwText(weights.bpw),
             "Understanding Model Parameters & Size (teaching guide), Part 5 (Memory = "
             "Parameters × Bytes per Parameter); "
             "formulas.md §1");
    w.unit = "bytes";
    w.result_text = bytesText(w.result, o.units);
    if (weights.kind == PrecisionKind::GgufFile) {
        w.note = "A GGUF file type mixes block types per tensor; this is the nominal figure at "
                 "the base type's bits per weight.";
    }
    out.push_back(std::move(w));

    const KvCache perToken = kvCache(c, 1, 1, kv);
    MathItem k = item("kv_per_token", "KV cache per token (" + kv.label + ")",
                      kvPerTokenExpr(c, kv.bpw), perToken.bytes_per_token, kvLegend(c),
                      "formulas.md §2 (cli99/llm-analysis get_memory_kv_cache_per_layer)");
    k.unit = "bytes";
    k.result_text = bytesText(k.result, o.units);
    if (c.attention == AttentionKind::Latent) {
        k.note = "MLA caches the compressed latent and the shared RoPE key (formulas.md §2, "
                 "marked uncertain there).";
    } else if (c.n_kv_heads < c.n_heads) {
        k.note = "GQA: " + withThousands(c.n_kv_heads) + " KV heads instead of " +
                 withThousands(c.n_heads) + " make the cache " +
                 withThousands(c.n_heads / c.n_kv_heads) + "× smaller (teaching guide, Part 6).";
    }
    out.push_back(std::move(k));

    const u64 ctx = o.context == 0 ? c.context_length : o.context;
    MathItem kc = item("kv_at_context", "KV cache at " + withThousands(ctx) + " tokens",
                       kvAtContextExpr(c, perToken, ctx), kvCache(c, ctx, 1, kv).bytes,
                       "ctx = tokens held, one sequence", "formulas.md §2");
    kc.unit = "bytes";
    kc.result_text = bytesText(kc.result, o.units);
    out.push_back(std::move(kc));

    // The Overview's FLOPs per token: two FLOPs per matrix weight a token runs through, and the
    // attention scores over the keys it attends to.
    const ForwardFlops f = decodeFlopsPerToken(c, count, ctx);
    const auto flop = [](double v) { return static_cast<u64>(std::llround(v)); };
    MathItem fl;
    fl.key = "flops_per_token";
    fl.title = "Forward FLOPs per token at " + withThousands(ctx) + " tokens";
    fl.formula = "2·(attention projections + MLP + router + LM head weights) + attention scores";
    fl.substituted =
        withThousands(flop(f.matmul())) + " + " + withThousands(flop(f.attention_scores));
    fl.result = flop(f.total());
    fl.result_text = withThousands(fl.result) + " FLOP (" + formatFlops(f.total()) + ")";
    fl.unit = "FLOP";
    fl.legend = "scores: Q·Kᵀ and A·V, 2·2·heads·head_dim FLOPs per key and layer (sliding "
                "layers attend to their window)";
    fl.source = "Kaplan et al. 2020, Table 1 (2·N per token plus 2·L·ctx·d for attention); "
                "docs/counting.md";
    out.push_back(std::move(fl));

    // The Overview's Memory: its bar's parts, whatever the runtime's overhead and the workload.
    if (o.memory) {
        const MemoryBar& bar = *o.memory;
        MathItem m;
        m.key = "memory_total";
        m.title = "Memory at " + bar.label + ", " + o.memory_mode;
        std::string names;
        std::string values;
        for (const MemorySegment& s : bar.segments) {
            names += (names.empty() ? "" : " + ") + s.label;
            values += (values.empty() ? "" : " + ") + withThousands(s.bytes);
        }
        m.formula = names;
        m.substituted = values;
        m.result = bar.total;
        m.result_text = bytesText(bar.total, o.units);
        m.unit = "bytes";
        m.legend = "the memory chart's bar at the selected precision";
        m.source = "formulas.md §1–§4; docs/memory.md";
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace llmsizer
