// Model types whose layers need more than a DecoderSpec: HunYuan's remote code (experts only when
// num_experts > 1, a shared MLP only when use_mixed_mlp_moe, sizes given per layer) and Gemma 3n's
// text model (per-layer inputs, AltUp, LAuReL, KV sharing; per-layer MLP widths) with the
// embedders of its vision and audio towers. docs/hf-import.md has the mapping as tables.
#include "formats/hf_import_internal.h"
#include "formats/hf_vision_parts.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"

namespace llmsizer::hf {

void importHunyuan(const ModelTypeRow& row, Reader& r, ModelConfig& c)
{
    // Cross-layer attention: only every cla_share_factor-th layer has k and v projections and a
    // KV cache (HunYuanModel, kv_proj=(not use_cla) or i % cla_share_factor == 0).
    if (r.flag({"use_cla"}, false)) {
        r.fail("use_cla", "cross-layer attention (k and v projections shared by cla_share_factor "
                          "layers) is not counted");
    }
    importDecoder(row, r, c);
    // The remote HunYuanConfig names the head width attention_head_dim.
    if (!r.has("head_dim")) {
        if (auto hd = r.optUInt({"attention_head_dim"})) {
            c.head_dim = *hd;
            r.source("head_dim", "attention_head_dim");
        }
    }
    // HunYuanDecoderLayer: a dense HunYuanMLP of intermediate_size when num_experts == 1, else
    // HunYuanMoE: experts of moe_intermediate_size (intermediate_size when missing), the router
    // gate.wg Linear(d, num_experts, bias=False) and, when use_mixed_mlp_moe, shared_mlp of
    // intermediate_size·num_shared_expert. Sizes may be lists of one value per layer.
    const u64 experts = r.perLayerOrDefault("num_experts", c.n_layers, 1);
    if (experts <= 1) {
        return;
    }
    c.moe.n_routed_experts = experts;
    r.source("moe.n_routed_experts", "num_experts");
    c.moe.experts_per_token = r.perLayerOrDefault("moe_topk", c.n_layers, 1);
    r.source("moe.experts_per_token", "moe_topk");
    c.moe.expert_d_ff = r.has("moe_intermediate_size")
                            ? r.perLayerOrDefault("moe_intermediate_size", c.n_layers, c.d_ff)
                            : c.d_ff;
    r.source("moe.expert_d_ff", "moe_intermediate_size");
    if (r.flag({"use_mixed_mlp_moe"}, false)) {
        const u64 shared = r.perLayerOrDefault("num_shared_expert", c.n_layers, 1);
        if (shared > 0) {
            c.moe.n_shared_experts = 1;
            c.moe.shared_d_ff = vision::mul(c.d_ff, shared);
            r.source("moe.shared_d_ff", "num_shared_expert");
        }
    }
}

void importGemma3nText(const ModelTypeRow& row, Reader& r, ModelConfig& c)
{
    // Gemma3nTextConfig defaults are Gemma 3n E4B's.
    importDecoder(row, r, c);
    c.d_ff = r.perLayerOrDefault("intermediate_size", c.n_layers, 16384);
    r.source("d_ff", "intermediate_size");
    LayerAugments& a = c.augments;
    a.per_layer_dim = r.orDefault({"hidden_size_per_layer_input"}, 256);
    r.source("augments.per_layer_dim", "hidden_size_per_layer_input");
    a.per_layer_vocab =
        a.per_layer_dim == 0 ? 0 : r.orDefault({"vocab_size_per_layer_input"}, 262144);
    r.source("augments.per_layer_vocab", "vocab_size_per_layer_input");
    a.altup_inputs = r.orDefault({"altup_num_inputs"}, 4);
    r.source("augments.altup_inputs", "altup_num_inputs");
    a.laurel_rank = r.orDefault({"laurel_rank"}, 64);
    r.source("augments.laurel_rank", "laurel_rank");
    c.kv_shared_layers = r.orDefault({"num_kv_shared_layers"}, 15);
    r.source("kv_shared_layers", "num_kv_shared_layers");
}

void gemma3nEmbedders(const nlohmann::json& top, const std::string& file, ModelConfig& c,
                      std::vector<std::string>& guesses)
{
    // Gemma3nMultimodalEmbedder (embed_vision, embed_audio): embedding Embedding(vocab_size
    // [128], D), hard_embedding_norm and soft_embedding_norm RMSNorm(D), embedding_projection
    // Linear(D, d, bias=False); embedding_post_projection_norm has no scale.
    const std::pair<const char*, const char*> towers[] = {{"vision_config", "embed_vision"},
                                                          {"audio_config", "embed_audio"}};
    for (const auto& [key, part] : towers) {
        auto it = top.find(key);
        if (it == top.end() || it->is_null()) {
            continue;
        }
        requireObject(*it, file, key);
        Reader r(*it, file, key,
                 std::string(key) == "vision_config" ? "Gemma3nVisionConfig" : "Gemma3nAudioConfig",
                 guesses);
        const u64 D =
            vision::positive(r, {"hidden_size"}, std::string(key) == "vision_config" ? 2048 : 1536);
        const u64 vocab = r.orDefault({"vocab_size"}, 128);
        vision::put(c.projector, part,
                    vision::add(vision::mul(vocab, D),
                                vision::add(vision::mul(2, D), vision::mul(D, c.d_model))));
    }
    // The vision tower is a timm MobileNet-V5 named by vision_config.architecture, whose layers
    // the config does not list; the audio encoder (Gemma3nAudioEncoder, a conformer) is not
    // described here either.
    c.not_counted = "the vision tower and audio encoder (Gemma 3n's MobileNet-V5 and conformer "
                    "are not described by the config)";
}

} // namespace llmsizer::hf
