// The lessons' models and texts. Depth against width uses the explorer's doubling
// (scalingRatios: ×2 layers, or ×2 d_model with head_dim kept and d_ff by the family's rule);
// GQA's saving sets Llama 2 70B's 8 KV heads against 64 (Ainslie et al. 2023; Touvron et al. 2023
// §2.2 and Table 1); the rule against the exact count is 12·L·d² (Kaplan et al. 2020 §2.1).
#include "llmsizer/present/lessons.h"

#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/present/view_support.h"
#include "llmsizer/shape/explore.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <stdexcept>

namespace llmsizer {

namespace {

const Preset& presetById(const std::vector<Preset>& presets, const std::string& id)
{
    for (const Preset& p : presets) {
        if (p.id == id) {
            return p;
        }
    }
    throw std::invalid_argument("lesson: no preset '" + id + "'");
}

std::string times(double ratio)
{
    return "×" + text::fixed(ratio, 2);
}

Lesson depthVsWidth(const std::vector<Preset>& presets)
{
    const Preset& p = presetById(presets, "gpt-2-small");
    const ScalingRatios r = scalingRatios(p.config);
    Lesson l;
    l.id = "depth-vs-width";
    l.title = lessonTitle(l.id);
    l.preset = p.id;
    l.view = "overview";
    l.compare = {
        {p.name, p.config},
        {p.name + ", " + std::to_string(r.deeper.config.n_layers) + " layers", r.deeper.config},
        {p.name + ", d_model " + withThousands(r.wider.config.d_model), r.wider.config}};
    l.text = p.name + "'s blocks hold " + withThousands(r.base_blocks.total()) +
             " parameters. Double the layers (" + std::to_string(r.deeper.config.n_layers) +
             "): " + withThousands(r.deeper.blocks.total()) + ", " +
             times(r.deeper.block_ratio.value()) + ". Double d_model (" +
             withThousands(r.wider.config.d_model) + "): " + withThousands(r.wider.blocks.total()) +
             ", " + times(r.wider.block_ratio.value()) +
             ". Every block matrix is d_model wide on both sides, so depth adds parameters "
             "linearly and width by its square (12·L·d²). The Compare window has the three side "
             "by side.";
    return l;
}

Lesson gqaSaving(const std::vector<Preset>& presets)
{
    const Preset& p = presetById(presets, "llama-2-70b");
    ModelConfig mha = p.config;
    mha.n_kv_heads = mha.n_heads;
    const std::uint64_t context = p.config.context_length;
    const Precision fp16 = kvPrecisionById("fp16");
    const KvCache gqa = kvCache(p.config, context, 1, fp16);
    const KvCache full = kvCache(mha, context, 1, fp16);
    const std::uint64_t gqaTotal = countParameters(p.config).total;
    const std::uint64_t mhaTotal = countParameters(mha).total;
    Lesson l;
    l.id = "gqa-saving";
    l.title = lessonTitle(l.id);
    l.preset = p.id;
    l.view = "overview";
    l.highlight = "kv_context";
    l.compare = {
        {p.name + " (GQA, " + std::to_string(p.config.n_kv_heads) + " KV heads)", p.config},
        {p.name + " with " + std::to_string(mha.n_kv_heads) + " KV heads (MHA)", mha}};
    l.text = p.name + "'s " + std::to_string(p.config.n_heads) + " query heads share " +
             std::to_string(p.config.n_kv_heads) + " KV heads. Its FP16 KV cache at " +
             withThousands(context) + " tokens: " + formatBytes(gqa.bytes, ByteUnits::Decimal, 2) +
             " (" + withThousands(gqa.bytes_per_token) + " bytes per token). With " +
             std::to_string(mha.n_kv_heads) + " KV heads (MHA) it would be " +
             formatBytes(full.bytes, ByteUnits::Decimal, 2) + " (" +
             withThousands(full.bytes_per_token) + " per token), " +
             times(static_cast<double>(full.bytes) / static_cast<double>(gqa.bytes)) +
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
    const Preset& p = presetById(presets, "llama-2-7b");
    const ModelConfig& c = p.config;
    const ParamCount count = countParameters(c);
    const std::uint64_t approx = approx12Ld2(c);
    // The rule's parts: 4·d² of attention (q, k, v, o) and 8·d² of MLP per layer.
    const std::uint64_t ld2 = c.n_layers * c.d_model * c.d_model;
    const std::uint64_t outside = count.params(Component::Embedding) +
                                  count.params(Component::PositionEmbedding) +
                                  count.params(Component::LmHead);
    Lesson l;
    l.id = "rule-vs-exact";
    l.title = lessonTitle(l.id);
    l.preset = p.id;
    l.view = "math";
    l.text = "12·L·d² for " + p.name + ": 12 × " + std::to_string(c.n_layers) + " × " +
             withThousands(c.d_model) + "² = " + withThousands(approx) + "; the exact count is " +
             withThousands(count.total) + " (" + formatPercent(relativeError(approx, count.total)) +
             "). The gap of " + signedCount(count.total, approx) +
             ": the embedding and the LM head, which the rule leaves out, " +
             withThousands(outside) + "; the MLP against 8·d² per layer " +
             signedCount(count.params(Component::Mlp), 8 * ld2) + "; the attention against 4·d² " +
             signedCount(count.params(Component::Attention), 4 * ld2) + "; the norms " +
             withThousands(count.params(Component::Norms)) +
             ". Show the math goes through every term.";
    return l;
}

} // namespace

std::vector<std::string> lessonIds()
{
    return {"depth-vs-width", "gqa-saving", "rule-vs-exact"};
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
    return {};
}

Lesson buildLesson(std::string_view id, const std::vector<Preset>& presets)
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
    throw std::invalid_argument("unknown lesson '" + std::string(id) + "'");
}

} // namespace llmsizer
