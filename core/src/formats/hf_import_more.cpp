// A model type whose layers need more than a DecoderSpec: Gemma 3n's text model (per-layer inputs,
// AltUp, LAuReL, KV sharing; per-layer MLP widths) with the embedders of its vision and audio
// towers. docs/hf-import.md has the mapping as tables.
#include "formats/hf_import_internal.h"
#include "formats/hf_vision_parts.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"

namespace llmsizer::hf {

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
