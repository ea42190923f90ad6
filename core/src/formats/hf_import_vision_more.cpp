// More vision towers: InternVL's InternViT (remote-code internvl_chat and transformers' internvl)
// and the SigLIP-style tower of Idefics3 / SmolVLM, each with its projector into the language
// model's width, counted as the reference code instantiates them (docs/hf-import.md).
#include "formats/hf_import_internal.h"
#include "formats/hf_vision_parts.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"

#include <cmath>

namespace llmsizer::hf {

namespace {

using vision::add;
using vision::linear;
using vision::mul;
using vision::positive;
using vision::put;

// image_size and patch_size: a number, or (transformers' InternVLVisionConfig) a [h, w] pair.
u64 side(const nlohmann::json& vision, Reader& r, const char* name, u64 classDefault)
{
    if (auto it = vision.find(name); it != vision.end() && it->is_array()) {
        if (it->size() != 2 || !(*it)[0].is_number_unsigned() || (*it)[0] != (*it)[1]) {
            r.fail(name, "must be a number or a square [h, w] pair");
        }
        return (*it)[0].get<u64>();
    }
    return positive(r, {name}, classDefault);
}

// InternViT (InternVL's modeling_intern_vit.py InternVisionModel; transformers'
// InternVLVisionModel has the same modules): class embedding (D), patch_embedding Conv2d(C, D,
// p) with bias, position_embedding ((image/p)² + 1, D); per layer qkv (bias per qkv_bias /
// attention_bias), proj with bias, q_norm and k_norm over D when qk_normalization /
// use_qk_norm, norm1 and norm2 (LayerNorm or RMSNorm per norm_type), layer scales ls1 and ls2
// (D each), mlp fc1/fc2 with biases. transformers' model adds a final LayerNorm unless
// use_mean_pooling [True].
u64 internVit(const nlohmann::json& vision, Reader& r, bool hf, std::vector<Part>& t)
{
    const u64 D = positive(r, {"hidden_size"}, hf ? 1024 : 3200);
    const u64 F = positive(r, {"intermediate_size"}, hf ? 4096 : 12800);
    const u64 L = r.orDefault({"num_hidden_layers"}, hf ? 24 : 48);
    const u64 C = r.orDefault({"num_channels"}, 3);
    const u64 image = side(vision, r, "image_size", hf ? 448 : 224);
    const u64 p = side(vision, r, "patch_size", 14);
    const bool bias = hf ? r.flag({"attention_bias"}, false) : r.flag({"qkv_bias"}, false);
    const bool qkNorm = hf ? r.flag({"use_qk_norm"}, false) : r.flag({"qk_normalization"}, false);
    const std::string norm = r.optString({"norm_type"}).value_or(hf ? "layer_norm" : "rms_norm");
    if (norm != "layer_norm" && norm != "rms_norm") {
        r.fail("norm_type", "must be \"layer_norm\" or \"rms_norm\" (got \"" + norm + "\")");
    }
    const u64 n = norm == "layer_norm" ? mul(2, D) : D;
    const u64 grid = image / p;
    put(t, "class_embed", D);
    put(t, "patch_embed", add(mul(mul(C, mul(p, p)), D), D));
    put(t, "position_embed", mul(add(mul(grid, grid), 1), D));
    put(t, "attention", mul(L, add(linear(D, mul(3, D), bias), linear(D, D, true))));
    if (qkNorm) {
        put(t, "qk_norm", mul(L, mul(2, D))); // RMSNorm(D) on q and on k
    }
    put(t, "mlp", mul(L, add(linear(D, F, true), linear(F, D, true))));
    put(t, "norms", mul(L, mul(2, n)));
    put(t, "layer_scale", mul(L, mul(2, D)));
    if (hf && !r.flag({"use_mean_pooling"}, true)) {
        put(t, "norms", mul(2, D));
    }
    return D;
}

// downsample_ratio [0.5]: pixel shuffle folds (1/r)² patches into one token.
u64 shuffled(const nlohmann::json& top, const std::string& file)
{
    const double r = getOptNumber(top, "downsample_ratio", file, "").value_or(0.5);
    const double f = 1.0 / r;
    if (!(r > 0.0) || std::abs(f - std::round(f)) > 1e-9) {
        throw InputError(file, "downsample_ratio", "must be 1/n for a whole number n");
    }
    const auto k = static_cast<u64>(std::llround(f));
    return k * k;
}

} // namespace

bool importMoreVision(const nlohmann::json& top, const nlohmann::json& vision,
                      const std::string& topType, const std::string& vtype, const std::string& file,
                      ModelConfig& c, std::vector<std::string>& guesses)
{
    std::vector<Part>& t = c.vision_tower;
    std::vector<Part>& proj = c.projector;
    const u64 d = c.d_model;
    if ((topType == "internvl_chat" && vtype == "intern_vit_6b") ||
        (topType == "internvl" && vtype == "internvl_vision")) {
        // internvl_chat mlp1 / InternVLMultiModalProjector: LayerNorm(D·s), Linear(D·s, d),
        // GELU, Linear(d, d), with biases.
        const bool hf = topType == "internvl";
        Reader r(vision, file, "vision_config", hf ? "InternVLVisionConfig" : "InternVisionConfig",
                 guesses);
        const u64 in = mul(internVit(vision, r, hf, t), shuffled(top, file));
        put(proj, "norm", mul(2, in));
        put(proj, "linear_1", linear(in, d, true));
        put(proj, "linear_2", linear(d, d, true));
        return true;
    }
    if ((topType == "idefics3" && vtype == "idefics3_vision") ||
        (topType == "smolvlm" && vtype == "smolvlm_vision")) {
        // Idefics3VisionTransformer: SigLIP's embeddings, encoder and post_layernorm, no pooling
        // head. Idefics3Connector: pixel shuffle by scale_factor [2], then modality_projection
        // Linear(D·scale², d, bias=False).
        Reader r(vision, file, "vision_config", "Idefics3VisionConfig", guesses);
        const u64 D = vision::siglip(r, t, false);
        u64 scale = 2;
        if (auto s = getOptUInt(top, "scale_factor", file, "")) {
            scale = *s;
        }
        put(proj, "modality_projection", mul(mul(D, mul(scale, scale)), d));
        return true;
    }
    return false;
}

} // namespace llmsizer::hf
