// What the views show beside the exact count: the pie's slices (the MLP split into dense MLP,
// routed and shared experts) and the teaching approximations (count.h).
#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"

namespace llmsizer {

using u64 = std::uint64_t;

std::vector<Slice> pieSlices(const ParamCount& count)
{
    std::vector<Slice> out;
    auto push = [&out](std::string key, std::string label, u64 params, std::vector<Part> parts) {
        if (params > 0) {
            out.push_back({std::move(key), std::move(label), params, std::move(parts)});
        }
    };
    for (Component c : kAllComponents) {
        const ComponentCount& cc = count.get(c);
        if (c != Component::Mlp) {
            push(std::string(componentKey(c)), std::string(componentLabel(c)), cc.params, cc.parts);
            continue;
        }
        std::vector<Part> dense;
        for (const Part& p : cc.parts) {
            if (p.key == "routed_experts" || p.key == "shared_experts") {
                continue;
            }
            dense.push_back(p);
        }
        u64 denseTotal = 0;
        for (const Part& p : dense) {
            denseTotal += p.params;
        }
        push("mlp", "MLP", denseTotal, dense);
        push("experts", "Routed experts", cc.part("routed_experts"), {});
        push("shared_experts", "Shared experts", cc.part("shared_experts"), {});
    }
    return out;
}

std::uint64_t approx12Ld2(const ModelConfig& c)
{
    return checkedMul(checkedMul(12, c.n_layers, "12·L·d²"), checkedMul(c.d_model, c.d_model, "d²"),
                      "12·L·d²");
}

std::uint64_t teachingGuideTotal(const ModelConfig& c)
{
    const auto mul = [](u64 a, u64 b) { return checkedMul(a, b, "textbook total"); };
    const auto add = [](u64 a, u64 b) { return checkedAdd(a, b, "textbook total"); };
    const u64 d = c.d_model;
    const u64 ff = c.effectiveDff();
    u64 block = mul(4, add(mul(d, d), d));   // Q, K, V and output, each d² + d
    block = add(block, add(mul(d, ff), ff)); // up: d·d_ff + d_ff
    block = add(block, add(mul(ff, d), d));  // down: d_ff·d + d
    block = add(block, mul(2, add(d, d)));   // two LayerNorms, scale and shift
    u64 total = add(mul(c.vocab_size, d), mul(c.n_layers, block));
    if (!c.tied_head) {
        total = add(total, mul(d, c.vocab_size));
    }
    return total;
}

double relativeError(std::uint64_t approx, std::uint64_t exact)
{
    if (exact == 0) {
        return 0.0;
    }
    return (static_cast<double>(approx) - static_cast<double>(exact)) / static_cast<double>(exact);
}

} // namespace llmsizer
