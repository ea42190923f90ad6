// Step tables and knob rules for the desktop app's sliders. Every table is built so that each of
// its values keeps the configuration valid under validate(): the slider cannot reach a broken
// model, while the spin box beside it still accepts any number (and shows validate()'s message).
#include "llmsizer/present/view_support.h"

#include "llmsizer/shape/explore.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;
using Steps = std::vector<u64>;

// Adds `current` and returns the table sorted without duplicates. Tables built in order only get
// a binary-search insert (this runs for every slider on every step).
Steps finish(Steps steps, u64 current)
{
    if (!std::is_sorted(steps.begin(), steps.end())) {
        std::sort(steps.begin(), steps.end());
        steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
    }
    if (current > 0) {
        const auto it = std::lower_bound(steps.begin(), steps.end(), current);
        if (it == steps.end() || *it != current) {
            steps.insert(it, current);
        }
    }
    return steps;
}

// Multiples of step from step to hi; the step grows (by multiples of itself) so that a slider has
// at most maxPositions positions.
Steps multiples(u64 step, u64 hi, u64 maxPositions = 2048)
{
    step = std::max<u64>(step, 1);
    if (hi / step > maxPositions) {
        step *= (hi / step + maxPositions - 1) / maxPositions;
    }
    Steps out;
    for (u64 v = step; v <= hi; v += step) {
        out.push_back(v);
    }
    return out;
}

Steps range(u64 lo, u64 hi)
{
    Steps out;
    for (u64 v = lo; v <= hi; ++v) {
        out.push_back(v);
    }
    return out;
}

bool headsMustDivideDModel(const ModelConfig& c)
{
    return c.head_dim == 0 && c.attention == AttentionKind::Standard;
}

// widthStep() under the default rule; 0 when the configuration is not valid (then no rule).
u64 familyWidthStep(const ModelConfig& c)
{
    if (!validate(c).empty()) {
        return 0;
    }
    try {
        return widthStep(c);
    } catch (const std::exception&) {
        return 0;
    }
}

bool isMha(const ModelConfig& c)
{
    return c.n_kv_heads == c.n_heads;
}

Steps dffSteps(const ModelConfig& c, u64 current)
{
    const u64 hi = std::clamp<u64>(8 * c.d_model, 1024, Limits::maxDff);
    return finish(multiples(64, std::max(hi, current)), current);
}

} // namespace

std::vector<std::uint64_t> divisors(std::uint64_t n)
{
    Steps low;
    Steps high;
    for (u64 i = 1; i * i <= n; ++i) {
        if (n % i == 0) {
            low.push_back(i);
            if (i != n / i) {
                high.push_back(n / i);
            }
        }
    }
    low.insert(low.end(), high.rbegin(), high.rend());
    return low;
}

std::uint64_t knobValue(Knob knob, const ModelConfig& c)
{
    switch (knob) {
    case Knob::DModel:
        return c.d_model;
    case Knob::Layers:
        return c.n_layers;
    case Knob::Heads:
        return c.n_heads;
    case Knob::KvHeads:
        return c.n_kv_heads;
    case Knob::Vocab:
        return c.vocab_size;
    case Knob::Dff:
        return c.effectiveDff();
    case Knob::Experts:
        return c.moe.n_routed_experts;
    case Knob::ExpertsPerToken:
        return c.moe.experts_per_token;
    case Knob::ExpertDff:
        return c.moe.expert_d_ff;
    case Knob::SharedExperts:
        return c.moe.n_shared_experts;
    }
    return 0;
}

namespace {
Steps knobTable(Knob knob, const ModelConfig& c);
} // namespace

std::vector<std::uint64_t> knobSteps(Knob knob, const ModelConfig& c, std::uint64_t anchor)
{
    Steps steps = knobTable(knob, c);
    if (anchor > 0) {
        steps = finish(std::move(steps), anchor);
    }
    return steps;
}

namespace {

Steps knobTable(Knob knob, const ModelConfig& c)
{
    const u64 current = knobValue(knob, c);
    switch (knob) {
    case Knob::DModel: {
        // The family shape rule (explore.h): heads grow with d_model, head_dim and the queries
        // per KV head stay, so every step is a shape a designer would build.
        const u64 step = familyWidthStep(c);
        if (step == 0) {
            return finish({}, current);
        }
        const u64 widest = std::min<u64>(maxWidthMultiple(c), Limits::maxDModel / step) * step;
        const u64 hi = std::min<u64>(std::max<u64>(32768, current), widest);
        Steps out = multiples(step, std::max(hi, 2 * step));
        // GQA stays GQA: the narrowest family member would have a single KV head (MQA), whose
        // rule (and so this table) differs.
        if (c.n_kv_heads > 1 && c.n_kv_heads < c.n_heads && out.size() > 1) {
            out.erase(out.begin());
        }
        return finish(std::move(out), current);
    }
    case Knob::Layers:
        // DeepSeek's first dense layers must stay fewer than all layers (and leave one MoE layer
        // when they interleave).
        return finish(range(c.isMoe() ? c.moe.first_dense_layers + c.moe.every : 1,
                            std::min<u64>(std::max<u64>(160, current), Limits::maxLayers)),
                      current);
    case Knob::Heads: {
        Steps candidates;
        if (headsMustDivideDModel(c)) {
            candidates = divisors(c.d_model);
        } else {
            candidates = range(1, std::max<u64>(256, current));
        }
        Steps out;
        const u64 kv = std::max<u64>(c.n_kv_heads, 1);
        for (u64 h : candidates) {
            // Shapes a real model has: head_dim from kMinHeadDim to kMaxHeadDim (GPT-2 and
            // Llama use 64 and 128, Gemma 256), not 8,192 heads of one dimension.
            const bool realistic = !headsMustDivideDModel(c) ||
                                   (c.d_model / h >= kMinHeadDim && c.d_model / h <= kMaxHeadDim);
            // GQA stays GQA: multiples of the KV heads above them (equal would make it MHA, whose
            // table differs: there the KV heads follow).
            if (h <= Limits::maxHeads && realistic && (isMha(c) || (h % kv == 0 && h > kv))) {
                out.push_back(h);
            }
        }
        return finish(std::move(out), current);
    }
    case Knob::KvHeads:
        return finish(divisors(c.n_heads), current);
    case Knob::Vocab: {
        Steps out;
        for (u64 p = 256; p <= Limits::maxVocab; p *= 2) {
            out.push_back(p);
            if (p + p / 2 <= Limits::maxVocab) {
                out.push_back(p + p / 2);
            }
        }
        // GPT-2 50257, Llama 1/2 32000, Phi-3 32064, Llama 3 128256, Qwen2 151936/152064,
        // Gemma 256000/262144, DeepSeek-V3 129280, GPT-NeoX 50432.
        for (u64 v : {32000u, 32064u, 50257u, 50304u, 50432u, 100352u, 128256u, 129280u, 151936u,
                      152064u, 256000u}) {
            out.push_back(v);
        }
        return finish(std::move(out), current);
    }
    case Knob::Dff:
        return dffSteps(c, current);
    case Knob::Experts:
        return finish(range(std::max<u64>(c.moe.experts_per_token, 1), std::max<u64>(256, current)),
                      current);
    case Knob::ExpertsPerToken:
        return finish(range(1, std::min<u64>(std::max<u64>(c.moe.n_routed_experts, 1), 256)),
                      current);
    case Knob::ExpertDff:
        return dffSteps(c, current);
    case Knob::SharedExperts:
        return finish(range(c.moe.shared_expert_gate ? 1 : 0, std::max<u64>(8, current)), current);
    }
    return {};
}

} // namespace

ModelConfig withKnob(const ModelConfig& config, Knob knob, std::uint64_t value)
{
    ModelConfig c = config;
    switch (knob) {
    case Knob::DModel: {
        // On the family's steps the shape rule applies (heads, KV heads, d_ff and the experts'
        // widths follow); a typed value off the steps changes d_model alone and validate() says
        // what no longer divides.
        const u64 step = familyWidthStep(config);
        if (step != 0 && value != 0 && value % step == 0) {
            return reshape(config, value, config.n_layers);
        }
        c.d_model = value;
        break;
    }
    case Knob::Layers: {
        // A hybrid or state-space model keeps its layout (a mixer in every layer stays in every
        // layer, otherwise its share of mixer layers; the same for shared blocks) through the
        // shape rule at its own width.
        const bool hybrid = config.mixer.layers > 0 || config.shared.blocks > 0;
        const u64 step = hybrid ? familyWidthStep(config) : 0;
        if (step != 0 && value != 0 && config.d_model % step == 0) {
            return reshape(config, config.d_model, value);
        }
        c.n_layers = value;
        break;
    }
    case Knob::Heads:
        if (isMha(c)) {
            c.n_kv_heads = value;
        }
        c.n_heads = value;
        break;
    case Knob::KvHeads:
        c.n_kv_heads = value;
        break;
    case Knob::Vocab:
        c.vocab_size = value;
        break;
    case Knob::Dff:
        c.d_ff = value;
        break;
    case Knob::Experts:
        c.moe.n_routed_experts = value;
        c.moe.experts_per_token = std::min(c.moe.experts_per_token, value);
        break;
    case Knob::ExpertsPerToken:
        c.moe.experts_per_token = value;
        break;
    case Knob::ExpertDff:
        c.moe.expert_d_ff = value;
        break;
    case Knob::SharedExperts:
        c.moe.n_shared_experts = value;
        break;
    }
    return c;
}

std::vector<std::uint64_t> contextSteps(std::uint64_t current, std::uint64_t anchor)
{
    Steps out;
    for (u64 p = 128; p <= (1u << 20); p *= 2) {
        out.push_back(p);
    }
    // DeepSeek-V3 163,840 (160K); 100K, 200K and 1M marketing sizes.
    for (u64 v : {100000u, 163840u, 200000u, 1000000u}) {
        out.push_back(v);
    }
    if (anchor > 0) {
        out.push_back(std::min<u64>(anchor, Limits::maxContext));
    }
    return finish(std::move(out), std::min<u64>(current, Limits::maxContext));
}

std::vector<std::uint64_t> batchSteps(std::uint64_t current)
{
    Steps out = range(1, 8);
    for (u64 p = 8; p <= 1024; p *= 2) {
        out.push_back(p);
        if (p + p / 2 <= 1024) {
            out.push_back(p + p / 2);
        }
    }
    return finish(std::move(out), current);
}

std::vector<ValidationIssue> validateWorkload(std::uint64_t context, std::uint64_t batch)
{
    std::vector<ValidationIssue> out;
    auto check = [&out](const char* field, u64 v, u64 hi) {
        if (v < 1 || v > hi) {
            out.push_back({field, "must be between 1 and " + withThousands(hi) + " (got " +
                                      withThousands(v) + ")"});
        }
    };
    check("context", context, Limits::maxContext);
    check("batch", batch, Limits::maxBatch);
    return out;
}

int nearestStepIndex(const std::vector<std::uint64_t>& steps, std::uint64_t value)
{
    if (steps.empty()) {
        return 0;
    }
    auto it = std::lower_bound(steps.begin(), steps.end(), value);
    if (it == steps.end()) {
        return static_cast<int>(steps.size()) - 1;
    }
    if (*it != value && it != steps.begin()) {
        const auto prev = std::prev(it);
        if (value - *prev <= *it - value) {
            it = prev;
        }
    }
    return static_cast<int>(it - steps.begin());
}

double dffRatio(const ModelConfig& c)
{
    return c.d_model == 0 ? 0.0
                          : static_cast<double>(c.effectiveDff()) / static_cast<double>(c.d_model);
}

double fraction(std::uint64_t part, std::uint64_t whole)
{
    return whole == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
}

std::string formatShare(double fraction)
{
    const double pct = fraction * 100.0;
    if (pct == 0.0 || pct >= 1.0) {
        return text::fixed(pct, 1) + '%';
    }
    if (pct >= 0.1) {
        return text::fixed(pct, 2) + '%';
    }
    // Two significant digits, written out: a norm's 0.00013% never reads as 0.000%, nor Kimi
    // K2's norms as 8.6e-05%.
    const int decimals = std::min(12, 1 - static_cast<int>(std::floor(std::log10(pct))));
    return text::fixed(pct, decimals) + '%';
}

std::string formatFlops(double flops)
{
    struct Prefix {
        double value;
        const char* name;
    };
    static constexpr std::array<Prefix, 6> prefixes{
        {{1e18, "E"}, {1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "K"}}};
    for (const Prefix& p : prefixes) {
        if (flops >= p.value) {
            return text::fixed(flops / p.value, 1) + ' ' + p.name + "FLOP";
        }
    }
    return text::fixed(flops, 0) + " FLOP";
}

} // namespace llmsizer
