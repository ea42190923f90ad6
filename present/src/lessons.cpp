// The lessons' models and texts. Depth against width uses the explorer's doubling
// (scalingRatios: ×2 layers, or ×2 d_model with head_dim kept and d_ff by the family's rule);
// GQA's saving sets Llama 2 70B's 8 KV heads against 64 (Ainslie et al. 2023; Touvron et al. 2023
// §2.2 and Table 1); the rule against the exact count is 12·L·d² (Kaplan et al. 2020 §2.1).
#include "llmsizer/present/lessons.h"

#include "lessons_parts.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/present/view_support.h"
#include "llmsizer/shape/explore.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <stdexcept>
#include <utility>

namespace llmsizer {

const Preset& lessonPreset(const std::vector<Preset>& presets, const std::string& id)
{
    for (const Preset& p : presets) {
        if (p.id == id) {
            return p;
        }
    }
    throw std::invalid_argument("lesson: no preset '" + id + "'");
}

std::string gb(std::uint64_t bytes)
{
    return formatBytes(bytes, ByteUnits::Decimal, 2);
}

Lesson newLesson(std::string id, std::string preset)
{
    Lesson l;
    l.title = lessonTitle(id);
    l.id = std::move(id);
    l.preset = std::move(preset);
    return l;
}

namespace {

Lesson depthVsWidth(const std::vector<Preset>& presets)
{
    const Preset& p = lessonPreset(presets, "gpt-2-small");
    const ScalingRatios r = scalingRatios(p.config);
    Lesson l = newLesson("depth-vs-width", p.id);
    l.view = "overview";
    l.compare = {
        {p.name, p.config, p.id},
        {p.name + ", " + std::to_string(r.deeper.config.n_layers) + " layers", r.deeper.config, {}},
        {p.name + ", d_model " + withThousands(r.wider.config.d_model), r.wider.config, {}}};
    l.text = p.name + "'s blocks hold " + withThousands(r.base_blocks.total()) +
             " parameters. Double the layers (" + std::to_string(r.deeper.config.n_layers) +
             "): " + withThousands(r.deeper.blocks.total()) + ", " +
             ratioText(r.deeper.block_ratio.value()) + ". Double d_model (" +
             withThousands(r.wider.config.d_model) + "): " + withThousands(r.wider.blocks.total()) +
             ", " + ratioText(r.wider.block_ratio.value()) +
             ". Every block matrix is d_model wide on both sides, so depth adds parameters "
             "linearly and width by its square (12·L·d²). The Compare window has the three side "
             "by side.";
    return l;
}

Lesson gqaSaving(const std::vector<Preset>& presets)
{
    const Preset& p = lessonPreset(presets, "llama-2-70b");
    ModelConfig mha = p.config;
    mha.n_kv_heads = mha.n_heads;
    const std::uint64_t context = p.config.context_length;
    const Precision fp16 = kvPrecisionById("fp16");
    const KvCache gqa = kvCache(p.config, context, 1, fp16);
    const KvCache full = kvCache(mha, context, 1, fp16);
    const std::uint64_t gqaTotal = countParameters(p.config).total;
    const std::uint64_t mhaTotal = countParameters(mha).total;
    Lesson l = newLesson("gqa-saving", p.id);
    l.view = "overview";
    l.highlight = "kv_context";
    l.compare = {
        {p.name + " (GQA, " + std::to_string(p.config.n_kv_heads) + " KV heads)", p.config, p.id},
        {p.name + " with " + std::to_string(mha.n_kv_heads) + " KV heads (MHA)", mha, {}}};
    l.baseline = l.compare[1];
    l.text = p.name + "'s " + std::to_string(p.config.n_heads) + " query heads share " +
             std::to_string(p.config.n_kv_heads) + " KV heads. Its FP16 KV cache at " +
             withThousands(context) + " tokens: " + formatBytes(gqa.bytes, ByteUnits::Decimal, 2) +
             " (" + withThousands(gqa.bytes_per_token) + " bytes per token). With " +
             std::to_string(mha.n_kv_heads) + " KV heads (MHA) it would be " +
             formatBytes(full.bytes, ByteUnits::Decimal, 2) + " (" +
             withThousands(full.bytes_per_token) + " per token), " +
             ratioText(static_cast<double>(full.bytes) / static_cast<double>(gqa.bytes)) +
             ", and the k and v projections would add " + withThousands(mhaTotal - gqaTotal) +
             " parameters.";
    return l;
}

// A difference as the lesson writes it: "33,554,432", "−1,024".
std::string signedCount(std::uint64_t a, std::uint64_t b)
{
    return a >= b ? withThousands(a - b) : "−" + withThousands(b - a);
}

Lesson ruleVsExact(const std::vector<Preset>& presets)
{
    const Preset& p = lessonPreset(presets, "llama-2-7b");
    const ModelConfig& c = p.config;
    const ParamCount count = countParameters(c);
    const std::uint64_t approx = approx12Ld2(c);
    // The rule's parts: 4·d² of attention (q, k, v, o) and 8·d² of MLP per layer.
    const std::uint64_t ld2 = c.n_layers * c.d_model * c.d_model;
    const std::uint64_t outside = count.params(Component::Embedding) +
                                  count.params(Component::PositionEmbedding) +
                                  count.params(Component::LmHead);
    Lesson l = newLesson("rule-vs-exact", p.id);
    l.view = "math";
    l.highlight = "approx_12ld2"; // Show the math brings the rule's item to the top
    l.text = "12·L·d² for " + p.name + ": 12 × " + std::to_string(c.n_layers) + " × " +
             withThousands(c.d_model) + "² = " + withThousands(approx) + "; the exact count is " +
             withThousands(count.total) + " (" + signedPercent(relativeError(approx, count.total)) +
             "). The gap of " + signedCount(count.total, approx) +
             ": the embedding and the LM head, which the rule leaves out, " +
             withThousands(outside) + "; the MLP against 8·d² per layer " +
             signedCount(count.params(Component::Mlp), 8 * ld2) + "; the attention against 4·d² " +
             signedCount(count.params(Component::Attention), 4 * ld2) + "; the norms " +
             withThousands(count.params(Component::Norms)) +
             ". Show the math goes through every term.";
    return l;
}

// The paper's headline against the released checkpoint (Radford et al. 2019, Table 2).
Lesson gpt2Published(const std::vector<Preset>& presets)
{
    const Preset& p = lessonPreset(presets, "gpt-2-small");
    const ModelConfig& c = p.config;
    const ParamCount count = countParameters(c);
    const std::uint64_t blocks = count.total - count.params(Component::Embedding) -
                                 count.params(Component::PositionEmbedding) -
                                 count.params(Component::LmHead) - 2 * c.d_model;
    Lesson l = newLesson("gpt2-published", p.id);
    l.view = "overview";
    l.highlight = "published";
    const std::string& headline = p.published.headline;
    l.text =
        "The GPT-2 paper lists its smallest model as " + headline +
        " parameters; the released checkpoint holds " + withThousands(count.total) +
        ": the token embedding " + withThousands(c.vocab_size) + " × " + withThousands(c.d_model) +
        " = " + withThousands(count.params(Component::Embedding)) + ", the positions " +
        withThousands(c.context_length) + " × " + withThousands(c.d_model) + " = " +
        withThousands(count.params(Component::PositionEmbedding)) + ", " +
        std::to_string(c.n_layers) + " blocks of " + withThousands(blocks / c.n_layers) + " = " +
        withThousands(blocks) + " and the final LayerNorm " + withThousands(2 * c.d_model) +
        "; the head is the embedding again (tied) and is counted once. No sum of the "
        "checkpoint's parts gives the paper's figure: quote the exact count.";
    return l;
}

// Exercise 1 of the teaching guide: d_model 2,048, 24 layers, vocabulary 32,000, as a GPT-2-style
// model (16 heads of 128, d_ff 4·d, learned positions, tied head).
Lesson exerciseShape(const std::vector<Preset>& presets)
{
    const Preset& p = lessonPreset(presets, "gpt-2-small");
    ModelConfig c = p.config;
    c.d_model = 2048;
    c.n_layers = 24;
    c.n_heads = 16;
    c.n_kv_heads = 16;
    c.head_dim = 0; // d_model / n_heads = 128
    c.d_ff = 4 * c.d_model;
    c.vocab_size = 32000;
    const ParamCount count = countParameters(c);
    const std::uint64_t rule = approx12Ld2(c);
    const std::uint64_t embedding = c.vocab_size * c.d_model;
    const std::uint64_t perLayerExtra = 13 * c.d_model; // biases 9·d, two LayerNorms 4·d
    Lesson l = newLesson("exercise-shape", p.id);
    l.model = LessonModel{"d_model 2,048 · 24 layers · vocab 32,000", c, {}};
    l.view = "overview";
    l.highlight = "total";
    l.text = "Estimate: 12·L·d² = 12 × 24 × 2,048² = " + withThousands(rule) +
             ", plus the embedding V·d = 32,000 × 2,048 = " + withThousands(embedding) + ": " +
             withThousands(rule + embedding) + ", about " + shortCount(rule + embedding) +
             ". Built as GPT-2 is (16 heads of 128, d_ff 8,192, learned positions for " +
             withThousands(c.context_length) + " tokens, tied head) it holds " +
             withThousands(count.total) +
             ": biases and LayerNorms add 13·d = " + withThousands(perLayerExtra) + " per layer (" +
             withThousands(perLayerExtra * c.n_layers) + "), the positions " +
             withThousands(count.params(Component::PositionEmbedding)) + " and the final norm " +
             withThousands(2 * c.d_model) + ". Drag the sliders to try other shapes.";
    return l;
}

// The teaching guide's table for Llama 2 70B (70B × 4, 2, 1, 0.5 bytes = 280, 140, 70, 35 GB)
// with the exact count, then the KV cache on top.
Lesson precisions(const std::vector<Preset>& presets)
{
    const Preset& p = lessonPreset(presets, "llama-2-70b");
    const std::uint64_t n = countParameters(p.config).total;
    const KvCache kv = kvCache(p.config, p.config.context_length, 1, kvPrecisionById("fp16"));
    Lesson l = newLesson("precisions", p.id);
    l.view = "overview";
    l.highlight = "weights";
    l.text = p.name + "'s weights alone: " + withThousands(n) +
             " parameters × 4 bytes = " + gb(nominalWeightBytes(n, precisionById("fp32"))) +
             " at FP32, × 2 = " + gb(nominalWeightBytes(n, precisionById("fp16"))) +
             " at FP16, × 1 = " + gb(nominalWeightBytes(n, precisionById("int8"))) +
             " at INT8, × 0.5 = " + gb(nominalWeightBytes(n, precisionById("int4"))) +
             " at INT4 (the guide's 280 / 140 / 70 / 35 GB round the count to 70B). The KV "
             "cache comes on top: " +
             withThousands(kv.bytes_per_token) + " bytes per token at FP16, " + gb(kv.bytes) +
             " at " + withThousands(p.config.context_length) +
             " tokens; the bars stack both, with activations and the runtime's overhead.";
    return l;
}

// A dense model beside a mixture of experts (Jiang et al. 2024: 47B parameters, 13B active).
Lesson denseVsMoe(const std::vector<Preset>& presets)
{
    const Preset& dense = lessonPreset(presets, "llama-3-70b");
    const Preset& moe = lessonPreset(presets, "mixtral-8x7b");
    const ParamCount d = countParameters(dense.config);
    const ParamCount m = countParameters(moe.config);
    const Precision fp16 = precisionById("fp16");
    Lesson l = newLesson("dense-vs-moe", dense.id);
    l.view = "overview";
    l.highlight = "active";
    l.compare = {{dense.name, dense.config, dense.id}, {moe.name, moe.config, moe.id}};
    l.baseline = l.compare[1];
    l.text = dense.name + " holds " + withThousands(d.total) +
             " parameters and uses every one for every token. " + moe.name + " holds " +
             withThousands(m.total) + ", but each token visits " +
             std::to_string(moe.config.moe.experts_per_token) + " of its " +
             std::to_string(moe.config.moe.n_routed_experts) +
             " experts: " + withThousands(m.active) + " active. Memory follows the total (" +
             gb(nominalWeightBytes(d.total, fp16)) + " against " +
             gb(nominalWeightBytes(m.total, fp16)) +
             " at FP16), compute per token the active count (" +
             ratioText(static_cast<double>(d.active) / static_cast<double>(m.active)) +
             " fewer for " + moe.name + "). The Compare window has both.";
    return l;
}

} // namespace

std::vector<std::string> lessonIds()
{
    return {"depth-vs-width", "gqa-saving",        "rule-vs-exact", "gpt2-published",
            "exercise-shape", "precisions",        "dense-vs-moe",  "fits-h100",
            "largest-24gb",   "chinchilla-tokens", "budget-1e24"};
}

std::string lessonTitle(std::string_view id)
{
    if (id == "depth-vs-width") {
        return "Depth vs width";
    }
    if (id == "gqa-saving") {
        return "GQA's saving";
    }
    if (id == "rule-vs-exact") {
        return "12·L·d² vs exact";
    }
    if (id == "gpt2-published") {
        return "GPT-2: 117M or 124M?";
    }
    if (id == "exercise-shape") {
        return "Exercise: d_model 2,048, 24 layers, vocab 32,000";
    }
    if (id == "precisions") {
        return "Llama 2 70B at 32, 16, 8 and 4 bits";
    }
    if (id == "dense-vs-moe") {
        return "Dense vs mixture of experts";
    }
    if (id == "fits-h100") {
        return "What fits on an H100?";
    }
    if (id == "largest-24gb") {
        return "The largest model on a 24 GB GPU";
    }
    if (id == "chinchilla-tokens") {
        return "Chinchilla's 20 tokens per parameter";
    }
    if (id == "budget-1e24") {
        return "A budget of 10²⁴ FLOPs";
    }
    return {};
}

Lesson buildLesson(std::string_view id, const std::vector<Preset>& presets,
                   const LessonInputs& inputs)
{
    if (id == "depth-vs-width") {
        return depthVsWidth(presets);
    }
    if (id == "gqa-saving") {
        return gqaSaving(presets);
    }
    if (id == "rule-vs-exact") {
        return ruleVsExact(presets);
    }
    if (id == "gpt2-published") {
        return gpt2Published(presets);
    }
    if (id == "exercise-shape") {
        return exerciseShape(presets);
    }
    if (id == "precisions") {
        return precisions(presets);
    }
    if (id == "dense-vs-moe") {
        return denseVsMoe(presets);
    }
    if (id == "fits-h100") {
        return fitsOnH100(presets, inputs);
    }
    if (id == "largest-24gb") {
        return largestOn24GB(presets, inputs);
    }
    if (id == "chinchilla-tokens") {
        return chinchillaTokensLesson(presets);
    }
    if (id == "budget-1e24") {
        return budget1e24(presets);
    }
    throw std::invalid_argument("unknown lesson '" + std::string(id) + "'");
}

} // namespace llmsizer
