// LoRA adapters stored as safetensors. Layouts:
// - PEFT (huggingface/peft, tuners/lora/layer.py): MODULE.lora_A.weight [r, in] and
//   MODULE.lora_B.weight [out, r], names under base_model.model.; adapter_config.json holds r,
//   target_modules and base_model_name_or_path.
// - MLX (ml-explore/mlx-lm, tuner/lora.py LoRALinear): MODULE.lora_a [in, r] and
//   MODULE.lora_b [r, out]; adapter_config.json holds lora_parameters.rank and model.
// An adapter's parameters are r·(in + out) per adapted matrix [Hu et al. 2021, LoRA §4].
#include "formats/checkpoint_internal.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

namespace llmsizer::detail {

namespace {

using u64 = std::uint64_t;

struct LoraName {
    std::string module; // without the base_model.model. wrapper
    bool isA = false;
    bool peft = false;
};

std::optional<LoraName> loraName(const std::string& name)
{
    static constexpr std::string_view kPeftPrefix = "base_model.model.";
    std::string n = name.starts_with(kPeftPrefix) ? name.substr(kPeftPrefix.size()) : name;
    for (const auto& [suffix, isA, peft] :
         {std::tuple{".lora_A.weight", true, true}, std::tuple{".lora_B.weight", false, true},
          std::tuple{".lora_a", true, false}, std::tuple{".lora_b", false, false}}) {
        const std::string_view s(suffix);
        if (n.size() > s.size() && n.compare(n.size() - s.size(), s.size(), s) == 0) {
            return LoraName{n.substr(0, n.size() - s.size()), isA, peft};
        }
    }
    return std::nullopt;
}

// Reads adapter_config.json into l; returns the field its rank came from ("r" or
// "lora_parameters.rank"), empty if none.
std::string readAdapterConfig(LoraSummary& l, const std::filesystem::path& file, Checkpoint& c)
{
    std::string rankField;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        return rankField;
    }
    try {
        const nlohmann::json j = readJsonFile(file);
        if (!j.is_object()) {
            return rankField;
        }
        l.config_source = file.string();
        if (auto r = getOptUInt(j, "r", file.string(), "")) {
            l.config_rank = r;
            rankField = "r";
        } else if (const auto p = j.find("lora_parameters"); p != j.end() && p->is_object()) {
            l.config_rank = getOptUInt(*p, "rank", file.string(), "lora_parameters");
            rankField = "lora_parameters.rank";
        }
        for (const char* key : {"base_model_name_or_path", "model"}) {
            if (const auto it = j.find(key); it != j.end() && it->is_string()) {
                l.base_model = boundedName(it->get<std::string>());
                break;
            }
        }
    } catch (const InputError& e) {
        c.notes.push_back(std::string("adapter_config.json not read: ") + e.what());
    }
    return rankField;
}

} // namespace

void recogniseLora(Checkpoint& c, const std::filesystem::path& dir)
{
    LoraSummary l;
    std::set<u64> ranks;
    std::set<std::string> targets;
    for (CheckpointTensor& t : c.tensors) {
        const auto name = loraName(t.name);
        if (!name || t.shape.size() != 2) {
            continue;
        }
        // PEFT A [r, in], B [out, r]; MLX a [in, r], b [r, out].
        ranks.insert(name->isA == name->peft ? t.shape[0] : t.shape[1]);
        const std::size_t dot = name->module.rfind('.');
        targets.insert(dot == std::string::npos ? name->module : name->module.substr(dot + 1));
        TensorRole role = classifyTensor(name->module + ".weight");
        if (role.kind == TensorKind::Parameter) {
            role.part = "lora";
            t.role = role;
        }
        l.params = checkedAdd(l.params, t.params, "LoRA parameters");
        l.tensors += 1;
    }
    if (l.tensors == 0) {
        return;
    }
    l.ranks.assign(ranks.begin(), ranks.end());
    l.targets.assign(targets.begin(), targets.end());
    const std::string rankField = readAdapterConfig(l, dir / "adapter_config.json", c);
    if (l.config_rank && (l.ranks.size() != 1 || l.ranks.front() != *l.config_rank)) {
        // Every rank found, "8", "8 and 16", "4, 8 and 16" (a few; the rest counted).
        std::string found;
        const std::size_t shown = std::min<std::size_t>(l.ranks.size(), 8);
        for (std::size_t i = 0; i < shown; ++i) {
            found += (i == 0                                      ? ""
                      : i + 1 == shown && shown == l.ranks.size() ? " and "
                                                                  : ", ") +
                     std::to_string(l.ranks[i]);
        }
        if (shown < l.ranks.size()) {
            found += " and " + std::to_string(l.ranks.size() - shown) + " more";
        }
        // "adapter_config.json: r: is 8, but the tensors have ranks 8 and 16": file, field, what.
        c.notes.push_back(l.config_source + ": " + rankField + ": is " +
                          std::to_string(*l.config_rank) + ", but the tensors have " +
                          (l.ranks.size() == 1 ? "rank " : "ranks ") + found);
    }
    if (l.tensors == c.tensors.size()) {
        c.inferred.reset();
        c.estimate_note = "no estimate: a LoRA adapter (" + withThousands(l.params) +
                          " parameters), not a whole model";
    }
    c.lora = std::move(l);
}

} // namespace llmsizer::detail
