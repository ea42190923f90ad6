// Model types whose layers need more than a DecoderSpec: HunYuan (fields transformers does not
// read, refused when they would change the checkpoint's shapes) and Gemma 3n's text model
// (per-layer inputs, AltUp, LAuReL, KV sharing; per-layer MLP widths) with the embedders of its
// vision and audio towers. docs/hf-import.md has the mapping as tables.
#include "formats/hf_import_internal.h"
#include "formats/hf_vision_parts.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

namespace llmsizer::hf {

void importHunyuan(const ModelTypeRow& row, Reader& r, ModelConfig& c)
{
    // Tencent's own code shares k_proj/v_proj between cla_share_factor layers when use_cla is
    // set; transformers' HunYuanDenseV1/HunYuanMoEV1 build them in every layer, so such a
    // checkpoint has fewer tensors than the model.
    if (r.flag({"use_cla"}, false)) {
        r.fail("use_cla", "is true: cross-layer attention (k and v projections shared by "
                          "cla_share_factor layers) is not built by this model type, so its "
                          "checkpoint cannot be counted");
    }
    importDecoder(row, r, c);
    if (c.moe.n_routed_experts == 0) {
        return;
    }
    // HunYuanMoEV1Moe builds its experts and its one shared_mlp of intermediate_size; the
    // released configs also carry the remote code's moe_intermediate_size, num_shared_expert and
    // use_mixed_mlp_moe, which must agree with that.
    if (r.has("moe_intermediate_size") &&
        r.perLayerOrDefault("moe_intermediate_size", c.n_layers, c.d_ff) != c.d_ff) {
        r.fail("moe_intermediate_size",
               "differs from intermediate_size (" + withThousands(c.d_ff) +
                   "): this model type builds its experts of intermediate_size");
    }
    if (r.has("num_shared_expert") &&
        r.perLayerOrDefault("num_shared_expert", c.n_layers, 1) != 1) {
        r.fail("num_shared_expert", "is not 1: this model type builds one shared MLP per layer");
    }
    if (!r.flag({"use_mixed_mlp_moe"}, true)) {
        r.fail("use_mixed_mlp_moe", "is false: this model type builds the shared MLP always");
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
    // The towers themselves (hf_import_gemma3n.cpp); what they cannot describe is named.
    c.not_counted = gemma3nTowers(top, file, c, guesses);
}

} // namespace llmsizer::hf
