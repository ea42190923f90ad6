// FP8 checkpoints that keep some modules in BF16 (runtime.h): the modules a checkpoint's
// ignore list names, and the bytes of its weights.
#include "llmsizer/model/count.h"
#include "llmsizer/shape/runtime.h"
#include "llmsizer/text/checked.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// The layer index of "model.layers.12.mlp…" (or "layers.12."), if any.
std::optional<u64> layerOf(const std::string& name)
{
    const std::string key = "layers.";
    const auto at = name.find(key);
    if (at == std::string::npos) {
        return std::nullopt;
    }
    std::size_t i = at + key.size();
    u64 n = 0;
    bool any = false;
    while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i])) != 0) {
        n = n * 10 + static_cast<u64>(name[i] - '0');
        any = true;
        ++i;
        if (n > (u64{1} << 32)) {
            return std::nullopt;
        }
    }
    return any ? std::optional<u64>(n) : std::nullopt;
}

} // namespace

Fp8Checkpoint fp8CheckpointFromIgnoreList(const std::vector<std::string>& modules,
                                          std::uint64_t layers, std::string source)
{
    Fp8Checkpoint f;
    f.lm_head_bf16 = false;
    f.source = std::move(source);
    for (const std::string& raw : modules) {
        const std::string m = lower(raw);
        if (m.find("lm_head") != std::string::npos) {
            f.lm_head_bf16 = true;
        }
        if (m.find("self_attn") != std::string::npos || m.find(".attn") != std::string::npos ||
            m.find("attention") != std::string::npos) {
            // Meta's list names every layer's q/k/v/o projections; a pattern does it at once.
            f.attention_bf16 = true;
        }
        if (m.find("mlp") != std::string::npos || m.find("feed_forward") != std::string::npos) {
            if (const auto i = layerOf(m); i && *i < layers) {
                if (std::find(f.bf16_mlp_layers.begin(), f.bf16_mlp_layers.end(), *i) ==
                    f.bf16_mlp_layers.end()) {
                    f.bf16_mlp_layers.push_back(*i);
                }
            }
        }
    }
    std::sort(f.bf16_mlp_layers.begin(), f.bf16_mlp_layers.end());
    return f;
}

std::uint64_t fp8CheckpointBytes(const ModelConfig& config, const ParamCount& count,
                                 const Fp8Checkpoint& fp8)
{
    const u64 attention = count.params(Component::Attention);
    const u64 mlp = count.params(Component::Mlp);
    const u64 mixer = count.params(Component::Mixer);
    const u64 head = count.params(Component::LmHead);
    // The MLP of one layer: dense, or its experts and shared experts.
    auto mlpOfLayer = [&](u64 i) {
        if (!config.isMoeLayer(i)) {
            return count.dense_mlp_per_layer;
        }
        const u64 moeLayers = std::max<u64>(config.moeLayers(), 1);
        const u64 shared = count.get(Component::Mlp).part("shared_experts") / moeLayers;
        return checkedAdd(checkedMul(count.expert_params, config.moe.n_routed_experts, "params"),
                          shared, "params");
    };
    u64 keptMlp = 0;
    for (const u64 i : fp8.bf16_mlp_layers) {
        keptMlp = checkedAdd(keptMlp, mlpOfLayer(i), "params");
    }
    keptMlp = std::min(keptMlp, mlp);
    u64 fp8Params = checkedAdd(mlp - keptMlp, mixer, "params");
    if (!fp8.attention_bf16) {
        fp8Params = checkedAdd(fp8Params, attention, "params");
    }
    if (!fp8.lm_head_bf16) {
        fp8Params = checkedAdd(fp8Params, head, "params");
    }
    const u64 bf16Params = count.total - fp8Params;
    return checkedAdd(fp8Params, checkedMul(bf16Params, 2, "weight bytes"), "weight bytes");
}

} // namespace llmsizer
