// The Llama-shaped model types, read from their row of the model-type table (DecoderSpec,
// hf_model_types.cpp): token embedding, attention (q/k/v/o with the type's biases and q/k
// norms), a dense MLP or experts, RMSNorm or LayerNorm per block, rotary positions.
// docs/hf-import.md has the same mapping as tables; docs/counting.md how to add a row.
#include "formats/hf_import_internal.h"

#include <set>

namespace llmsizer::hf {

namespace {

bool readFlag(Reader& r, const FieldFlag& f)
{
    return f.field == nullptr ? f.value : r.flag({f.field}, f.value);
}

// Every pattern-th layer attends globally: the row's field (Gemma 3 sliding_window_pattern), else
// its fixed pattern. EXAONE 4.0 writes the pattern as a string of L (local) and G (global)
// layers repeated over the model: "LLLG" is every 4th.
u64 readPattern(Reader& r, const DecoderSpec& s)
{
    if (s.patternField == nullptr) {
        return s.pattern;
    }
    if (r.isString(s.patternField)) {
        const std::string text = r.optString({s.patternField}).value_or("");
        const std::size_t g = text.find('G');
        if (g == std::string::npos || g + 1 != text.size() || text.find_first_not_of('L') != g) {
            r.fail(s.patternField,
                   "the pattern \"" + text +
                       "\" is not local layers (L) followed by one global layer (G)");
        }
        return text.size();
    }
    return r.optUInt({s.patternField}).value_or(s.pattern);
}

std::vector<bool> moeLayersByRule(Reader& r, const ModelConfig& c, const MoeSpec& m,
                                  std::string& fields)
{
    const u64 L = c.n_layers;
    std::vector<bool> isMoe(L, true);
    if (m.layers == MoeLayers::Qwen) {
        // Qwen2MoeDecoderLayer: sparse iff i not in mlp_only_layers and
        // (i + 1) % decoder_sparse_step == 0.
        const u64 step = r.optUInt({"decoder_sparse_step"}).value_or(1);
        if (step == 0) {
            r.fail("decoder_sparse_step", "must be at least 1");
        }
        const std::vector<u64> list = r.uintList("mlp_only_layers");
        const std::set<u64> only(list.begin(), list.end());
        for (u64 i = 0; i < L; ++i) {
            isMoe[i] = only.count(i) == 0 && (i + 1) % step == 0;
        }
        fields = step != 1 ? "decoder_sparse_step" : "mlp_only_layers";
    } else if (m.layers == MoeLayers::FirstDense) {
        const u64 k = r.optUInt({"first_k_dense_replace"}).value_or(m.firstDenseDefault);
        const u64 freq = r.optUInt({"moe_layer_freq"}).value_or(1);
        if (freq == 0) {
            r.fail("moe_layer_freq", "must be at least 1");
        }
        for (u64 i = 0; i < L; ++i) {
            isMoe[i] = i >= k && i % freq == 0;
        }
        fields = freq != 1 ? "moe_layer_freq" : "first_k_dense_replace";
    } else if (m.layers == MoeLayers::Ernie) {
        // Ernie4_5_MoeDecoderLayer: MoE iff (i + 1) % moe_layer_interval == 0 and
        // moe_layer_start_index <= i <= moe_layer_end_index (-1: the last layer).
        const u64 start = r.optUInt({"moe_layer_start_index"}).value_or(1);
        const u64 interval = r.optUInt({"moe_layer_interval"}).value_or(1);
        if (interval == 0) {
            r.fail("moe_layer_interval", "must be at least 1");
        }
        u64 end = L == 0 ? 0 : L - 1;
        if (auto e = r.optNumber({"moe_layer_end_index"}); e && *e >= 0) {
            end = static_cast<u64>(*e);
        }
        for (u64 i = 0; i < L; ++i) {
            isMoe[i] = (i + 1) % interval == 0 && i >= start && i <= end;
        }
        fields = "moe_layer_start_index";
    }
    return isMoe;
}

} // namespace

void readMoe(Reader& r, ModelConfig& c, const MoeSpec& m)
{
    if (m.layers == MoeLayers::None) {
        return;
    }
    // HunYuan writes its expert counts as one value per layer.
    const auto size = [&](const char* field, u64 classDefault) {
        return m.perLayer ? r.perLayerOrDefault(field, c.n_layers, classDefault)
                          : r.orDefault({field}, classDefault);
    };
    const u64 experts = size(m.experts, m.expertsDefault);
    if (experts == 0) {
        return; // a dense model under an MoE type
    }
    std::string fields = m.experts;
    const std::vector<bool> isMoe = moeLayersByRule(r, c, m, fields);
    c.moe.first_dense_layers = firstDenseLayers(r, c.n_layers, isMoe, fields);
    r.source("moe.first_dense_layers", fields);
    if (c.moe.first_dense_layers == c.n_layers) {
        c.moe.first_dense_layers = 0;
        return; // every layer dense
    }
    c.moe.n_routed_experts = experts;
    r.source("moe.n_routed_experts", m.experts);
    c.moe.experts_per_token = size(m.topk, m.topkDefault);
    r.source("moe.experts_per_token", m.topk);
    if (m.expertFf != nullptr) {
        c.moe.expert_d_ff = r.orDefault({m.expertFf}, m.expertFfDefault);
        r.source("moe.expert_d_ff", m.expertFf);
    } else {
        c.moe.expert_d_ff = c.d_ff;
        r.source("moe.expert_d_ff", "intermediate_size");
    }
    c.moe.n_shared_experts =
        m.shared != nullptr ? size(m.shared, m.sharedDefault) : m.sharedDefault;
    if (m.shared != nullptr) {
        r.source("moe.n_shared_experts", m.shared);
    }
    if (c.moe.n_shared_experts > 0 && m.sharedFf != nullptr) {
        c.moe.shared_d_ff = r.orDefault({m.sharedFf}, m.sharedFfDefault);
        r.source("moe.shared_d_ff", m.sharedFf);
        if (c.moe.shared_d_ff == 0) {
            c.moe.n_shared_experts = 0; // GraniteMoeShared: shared_intermediate_size 0 is none
        }
    }
    c.moe.shared_expert_gate = m.sharedGate && c.moe.n_shared_experts > 0;
    c.moe.router_bias = readFlag(r, m.routerBias);
}

void importDecoder(const ModelTypeRow& row, Reader& r, ModelConfig& c)
{
    const DecoderSpec& s = *row.decoder;
    c.mlp = s.mlp;
    c.norm = s.norm;
    c.norms_per_block = s.normsPerBlock;
    c.parallel_block = s.parallel;
    c.final_norm = true;
    c.position = PositionKind::None;
    readCommon(r, c, s.defaults);
    c.biases.qkv = readFlag(r, s.qkvBias);
    c.biases.out = s.outFollowsQkv ? c.biases.qkv : readFlag(r, s.outBias);
    c.biases.mlp_up = c.biases.mlp_down = readFlag(r, s.mlpBias);
    c.biases.lm_head = readFlag(r, s.lmHeadBias);
    if (s.qkNorm != QkNormKind::None && readFlag(r, s.qkNormOn)) {
        c.qk_norm = s.qkNorm;
    }
    c.mlp_activation_params = s.activationParams;
    switch (s.sliding) {
    case Sliding::None:
        break;
    case Sliding::EveryLayer:
        readSliding(r, c, s.slidingDefault, 0);
        break;
    case Sliding::Pattern:
        readSliding(r, c, s.slidingDefault, readPattern(r, s));
        break;
    case Sliding::Qwen:
        readQwenSliding(r, c);
        break;
    }
    readMoe(r, c, s.moe);
    if (s.mtpField != nullptr) {
        c.mtp_layers = r.optUInt({s.mtpField}).value_or(0);
        c.mtp_shared_embeddings = s.mtpCopies == MtpCopies::Shared;
        c.mtp_copies_unknown = s.mtpCopies == MtpCopies::Unknown;
    }
}

} // namespace llmsizer::hf
