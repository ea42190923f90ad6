// LoRA trainable parameters: an adapted W (d_in × d_out) gains A (r × d_in) and B (d_out × r),
// r·(d_in + d_out) parameters [Hu et al. 2021, LoRA §4; formulas.md §3.3]. Shapes are the
// model's own: with GQA, k and v map d_model to n_kv·d_head; every routed and shared expert of
// a MoE layer carries its own gate/up/down adapters (PEFT wraps each expert's nn.Linear).
// Latent attention (MLA) maps the targets onto DeepSeek's projections: q -> wq (or wq_a and
// wq_b), k -> wkv_a, v -> wkv_b, o -> wo [our convention].
#include "llmsizer/memory/training.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

#include <algorithm>
#include <cctype>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

constexpr std::pair<const char*, LoraTarget> kTargets[] = {
    {"q", LoraTarget::Q},       {"k", LoraTarget::K},       {"v", LoraTarget::V},
    {"o", LoraTarget::O},       {"gate", LoraTarget::Gate}, {"up", LoraTarget::Up},
    {"down", LoraTarget::Down},
};

bool has(unsigned set, LoraTarget t)
{
    return (set & static_cast<unsigned>(t)) != 0;
}

u64 mul(u64 a, u64 b)
{
    return checkedMul(a, b, "LoRA parameters");
}
u64 add(u64 a, u64 b)
{
    return checkedAdd(a, b, "LoRA parameters");
}

// r·(d_in + d_out)
u64 adapter(u64 r, u64 in, u64 out)
{
    return mul(r, add(in, out));
}

u64 mlpAdapters(const ModelConfig& c, const LoraParams& l, u64 ff)
{
    u64 n = 0;
    if (c.mlp == MlpKind::Gated && has(l.targets, LoraTarget::Gate)) {
        n = add(n, adapter(l.rank, c.d_model, ff));
    }
    if (has(l.targets, LoraTarget::Up)) {
        n = add(n, adapter(l.rank, c.d_model, ff));
    }
    if (has(l.targets, LoraTarget::Down)) {
        n = add(n, adapter(l.rank, ff, c.d_model));
    }
    return n;
}

u64 attentionAdapters(const ModelConfig& c, const LoraParams& l)
{
    const u64 d = c.d_model;
    const u64 r = l.rank;
    u64 n = 0;
    if (c.attention == AttentionKind::Latent) {
        const MlaConfig& m = c.mla;
        const u64 qOut = mul(c.n_heads, m.qk_nope_head_dim + m.qk_rope_head_dim);
        if (has(l.targets, LoraTarget::Q)) {
            n = add(n, m.q_lora_rank > 0
                           ? add(adapter(r, d, m.q_lora_rank), adapter(r, m.q_lora_rank, qOut))
                           : adapter(r, d, qOut));
        }
        if (has(l.targets, LoraTarget::K)) {
            n = add(n, adapter(r, d, m.kv_lora_rank + m.qk_rope_head_dim));
        }
        if (has(l.targets, LoraTarget::V)) {
            n = add(n,
                    adapter(r, m.kv_lora_rank, mul(c.n_heads, m.qk_nope_head_dim + m.v_head_dim)));
        }
        if (has(l.targets, LoraTarget::O)) {
            n = add(n, adapter(r, mul(c.n_heads, m.v_head_dim), d));
        }
        return n;
    }
    const u64 hd = c.effectiveHeadDim();
    const u64 q = mul(c.n_heads, hd);
    const u64 kv = mul(c.n_kv_heads, hd);
    if (has(l.targets, LoraTarget::Q)) {
        n = add(n, adapter(r, d, q));
    }
    if (has(l.targets, LoraTarget::K)) {
        n = add(n, adapter(r, d, kv));
    }
    if (has(l.targets, LoraTarget::V)) {
        n = add(n, adapter(r, d, kv));
    }
    if (has(l.targets, LoraTarget::O)) {
        n = add(n, adapter(r, q, d));
    }
    return n;
}

} // namespace

unsigned parseLoraTargets(std::string_view list, const std::string& field)
{
    unsigned set = 0;
    std::size_t pos = 0;
    while (pos <= list.size()) {
        const std::size_t end = std::min(list.find(',', pos), list.size());
        std::string item(list.substr(pos, end - pos));
        item.erase(std::remove_if(item.begin(), item.end(),
                                  [](unsigned char ch) { return std::isspace(ch) != 0; }),
                   item.end());
        std::transform(item.begin(), item.end(), item.begin(),
                       [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
        // PEFT module names are accepted too: q_proj, gate_proj, …
        if (item.size() > 5 && item.compare(item.size() - 5, 5, "_proj") == 0) {
            item.resize(item.size() - 5);
        }
        if (item == "all") {
            for (const auto& [name, t] : kTargets) {
                set |= static_cast<unsigned>(t);
            }
        } else {
            const auto* it = std::find_if(std::begin(kTargets), std::end(kTargets),
                                          [&item](const auto& e) { return item == e.first; });
            if (it == std::end(kTargets)) {
                throw InputError("", field,
                                 "unknown LoRA target '" + item +
                                     "' (known: q, k, v, o, gate, up, down, all)");
            }
            set |= static_cast<unsigned>(it->second);
        }
        pos = end + 1;
    }
    return set;
}

std::string loraTargetsToString(unsigned targets)
{
    std::string out;
    for (const auto& [name, t] : kTargets) {
        if (has(targets, t)) {
            out += (out.empty() ? "" : ",") + std::string(name);
        }
    }
    return out;
}

std::uint64_t loraLayerParams(const ModelConfig& c, const LoraParams& l, std::uint64_t layer)
{
    u64 n = attentionAdapters(c, l);
    if (!c.isMoeLayer(layer)) {
        return add(n, mlpAdapters(c, l, c.effectiveDff()));
    }
    if (!l.include_experts) {
        return n;
    }
    const MoeConfig& m = c.moe;
    n = add(n, mul(m.n_routed_experts, mlpAdapters(c, l, m.expert_d_ff)));
    const u64 sff = m.shared_d_ff != 0 ? m.shared_d_ff : m.expert_d_ff;
    return add(n, mul(m.n_shared_experts, mlpAdapters(c, l, sff)));
}

std::uint64_t loraTrainableParams(const ModelConfig& c, const LoraParams& l)
{
    requireValid(c);
    u64 n = 0;
    for (u64 i = 0; i < c.n_layers; ++i) {
        n = add(n, loraLayerParams(c, l, i));
    }
    return n;
}

} // namespace llmsizer
