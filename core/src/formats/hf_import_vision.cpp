// The vision side of a vision-language config: the vision tower (from vision_config) and the
// projector into the language model's width, counted exactly as transformers instantiates them.
// Each function follows the tower's configuration_<type>.py defaults and modeling_<type>.py
// modules; docs/counting.md derives every term. nn.Linear(i, o, bias) = i·o (+ o);
// nn.Conv2d(c, d, k, bias) = c·k²·d (+ d); nn.LayerNorm(d) = 2·d; RMSNorm(d) = d.
#include "formats/hf_import_internal.h"
#include "formats/hf_vision_parts.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

namespace llmsizer::hf {

namespace vision {

u64 mul(u64 a, u64 b)
{
    return checkedMul(a, b, "vision parameter count");
}
u64 add(u64 a, u64 b)
{
    return checkedAdd(a, b, "vision parameter count");
}
u64 linear(u64 in, u64 out, bool bias)
{
    return add(mul(in, out), bias ? out : 0);
}

void put(std::vector<Part>& parts, const std::string& key, u64 n)
{
    if (n == 0) {
        return;
    }
    for (Part& p : parts) {
        if (p.key == key) {
            p.params = add(p.params, n);
            return;
        }
    }
    parts.push_back({key, n});
}

u64 positive(Reader& r, std::initializer_list<const char*> names, u64 classDefault)
{
    const u64 v = r.orDefault(names, classDefault);
    if (v == 0 || v > Limits::maxDModel) {
        r.fail(*names.begin(), "must be between 1 and " + std::to_string(Limits::maxDModel));
    }
    return v;
}

// The pre-norm ViT block of CLIP and SigLIP (CLIPEncoderLayer / SiglipEncoderLayer): layer_norm1,
// self_attn q/k/v/out_proj Linear(D, D, bias=True), layer_norm2, mlp fc1 Linear(D, F) and fc2
// Linear(F, D) with biases.
void vitLayers(std::vector<Part>& t, u64 layers, u64 D, u64 F)
{
    put(t, "attention", mul(layers, mul(4, linear(D, D, true))));
    put(t, "mlp", mul(layers, add(linear(D, F, true), linear(F, D, true))));
    put(t, "norms", mul(layers, mul(2, mul(2, D))));
}

// SiglipVisionConfig defaults: hidden_size 768, intermediate_size 3072, num_hidden_layers 12,
// num_attention_heads 12, num_channels 3, image_size 224, patch_size 16. SiglipVisionEmbeddings:
// patch_embedding Conv2d(C, D, p, bias=True), position_embedding Embedding((image/p)², D);
// SiglipVisionTransformer: post_layernorm; head (vision_use_head, default True):
// SiglipMultiheadAttentionPoolingHead = probe (D), nn.MultiheadAttention (in_proj 3·D² + 3·D,
// out_proj D² + D), layernorm, mlp.
u64 siglip(Reader& r, std::vector<Part>& t, bool headDefault)
{
    const u64 D = positive(r, {"hidden_size"}, 768);
    const u64 F = positive(r, {"intermediate_size"}, 3072);
    const u64 L = r.orDefault({"num_hidden_layers"}, 12);
    const u64 C = r.orDefault({"num_channels"}, 3);
    const u64 image = r.orDefault({"image_size"}, 224);
    const u64 p = positive(r, {"patch_size"}, 16);
    const u64 side = image / p;
    put(t, "patch_embed", add(mul(mul(C, mul(p, p)), D), D));
    put(t, "position_embed", mul(mul(side, side), D));
    vitLayers(t, L, D, F);
    put(t, "norms", mul(2, D));
    if (r.flag({"vision_use_head"}, headDefault)) {
        const u64 head = add(add(D, add(linear(D, mul(3, D), true), linear(D, D, true))),
                             add(mul(2, D), add(linear(D, F, true), linear(F, D, true))));
        put(t, "pooling_head", head);
    }
    return D;
}

} // namespace vision

namespace {

using vision::add;
using vision::linear;
using vision::mul;
using vision::positive;
using vision::put;
using vision::siglip;
using vision::vitLayers;

// CLIPVisionConfig defaults: hidden_size 768, intermediate_size 3072, num_hidden_layers 12,
// num_channels 3, image_size 224, patch_size 32. CLIPVisionEmbeddings: class_embedding (D),
// patch_embedding Conv2d(C, D, p, bias=False), position_embedding Embedding((image/p)² + 1, D);
// CLIPVisionTransformer: pre_layrnorm, encoder, post_layernorm (CLIPVisionModel, as LLaVA builds
// it: no visual_projection).
u64 clip(Reader& r, std::vector<Part>& t)
{
    const u64 D = positive(r, {"hidden_size"}, 768);
    const u64 F = positive(r, {"intermediate_size"}, 3072);
    const u64 L = r.orDefault({"num_hidden_layers"}, 12);
    const u64 C = r.orDefault({"num_channels"}, 3);
    const u64 image = r.orDefault({"image_size"}, 224);
    const u64 p = positive(r, {"patch_size"}, 32);
    const u64 side = image / p;
    put(t, "class_embed", D);
    put(t, "patch_embed", mul(mul(C, mul(p, p)), D));
    put(t, "position_embed", mul(add(mul(side, side), 1), D));
    vitLayers(t, L, D, F);
    put(t, "norms", mul(2, mul(2, D)));
    return D;
}

// Llama4VisionConfig defaults: hidden_size 768, intermediate_size 5632, num_hidden_layers 34,
// num_channels 3, image_size 448, patch_size 14, projector_input_dim 4096, projector_output_dim
// 4096. modeling_llama4.py Llama4VisionModel: patch_embedding Llama4UnfoldConvolution (linear
// Linear(C·p², D, bias=False)), class_embedding (D), positional_embedding_vlm
// ((image/p)² + 1, D), layernorm_pre and layernorm_post LayerNorm(D), Llama4VisionEncoderLayer
// (q/k/v/o_proj and fc1/fc2 with biases, two LayerNorms), and vision_adapter
// Llama4VisionPixelShuffleMLP: mlp fc1 Linear(intermediate_size, projector_input_dim) and fc2
// Linear(projector_output_dim, projector_output_dim), both bias=False.
void llama4Vision(Reader& r, std::vector<Part>& t)
{
    const u64 D = positive(r, {"hidden_size"}, 768);
    const u64 F = positive(r, {"intermediate_size"}, 5632);
    const u64 L = r.orDefault({"num_hidden_layers"}, 34);
    const u64 C = r.orDefault({"num_channels"}, 3);
    const u64 image = r.orDefault({"image_size"}, 448);
    const u64 p = positive(r, {"patch_size"}, 14);
    const u64 side = image / p;
    put(t, "class_embed", D);
    put(t, "patch_embed", mul(mul(C, mul(p, p)), D));
    put(t, "position_embed", mul(add(mul(side, side), 1), D));
    vitLayers(t, L, D, F);
    put(t, "norms", mul(2, mul(2, D)));
    const u64 in = r.orDefault({"projector_input_dim"}, 4096);
    const u64 out = r.orDefault({"projector_output_dim"}, 4096);
    put(t, "adapter", add(mul(F, in), mul(out, out)));
}

// PixtralVisionConfig defaults: hidden_size 1024, intermediate_size 4096, num_hidden_layers 24,
// num_attention_heads 16, num_channels 3, patch_size 16, head_dim hidden/heads.
// PixtralVisionModel: patch_conv Conv2d(C, D, p, bias=False), ln_pre RMSNorm(D); per layer
// attention_norm and ffn_norm RMSNorm(D), q/k/v/o_proj without bias (heads·head_dim wide),
// feed_forward gate/up/down without bias. Rotary: no parameters; no final norm.
u64 pixtral(Reader& r, std::vector<Part>& t)
{
    const u64 D = positive(r, {"hidden_size"}, 1024);
    const u64 F = positive(r, {"intermediate_size"}, 4096);
    const u64 L = r.orDefault({"num_hidden_layers"}, 24);
    const u64 heads = positive(r, {"num_attention_heads"}, 16);
    const u64 hd = r.optUInt({"head_dim"}).value_or(D / heads);
    const u64 C = r.orDefault({"num_channels"}, 3);
    const u64 p = positive(r, {"patch_size"}, 16);
    const u64 q = mul(heads, hd);
    put(t, "patch_embed", mul(mul(C, mul(p, p)), D));
    put(t, "attention", mul(L, add(mul(3, mul(D, q)), mul(q, D))));
    put(t, "mlp", mul(L, mul(3, mul(D, F))));
    put(t, "norms", add(D, mul(L, mul(2, D))));
    return D;
}

// Qwen2VLVisionConfig defaults: depth 32, embed_dim 1280, hidden_size 3584 (the merger's output),
// mlp_ratio 4, in_channels 3, patch_size 14, spatial_merge_size 2, temporal_patch_size 2.
// Qwen2VisionTransformerPretrainedModel: patch_embed Conv3d(C, E, (T, p, p), bias=False); per
// block norm1/norm2 LayerNorm(E), attn qkv Linear(E, 3E) and proj Linear(E, E) with bias, mlp
// fc1 Linear(E, 4E) and fc2 Linear(4E, E) with bias. PatchMerger (the projector): ln_q
// LayerNorm(E), Linear(E·m², E·m²) and Linear(E·m², hidden_size), both with bias.
//
// Qwen2_5_VLVisionConfig defaults: depth 32, hidden_size 3584 (the tower's width here),
// intermediate_size 3420, out_hidden_size 3584, in_channels 3, patch_size 14,
// spatial_merge_size 2, temporal_patch_size 2. Qwen2_5_VisionTransformerPretrainedModel: the same
// patch embedding and attention; norm1/norm2 Qwen2RMSNorm(E); mlp gate/up/down with bias;
// merger ln_q RMSNorm(E) and the same two Linear layers into out_hidden_size.
void qwenVision(Reader& r, bool v25, std::vector<Part>& t, std::vector<Part>& proj)
{
    const u64 E = v25 ? positive(r, {"hidden_size"}, 3584) : positive(r, {"embed_dim"}, 1280);
    const u64 out =
        v25 ? positive(r, {"out_hidden_size"}, 3584) : positive(r, {"hidden_size"}, 3584);
    const u64 L = r.orDefault({"depth"}, 32);
    const u64 C = r.orDefault({"in_channels", "in_chans"}, 3);
    const u64 p = positive(r, {"patch_size", "spatial_patch_size"}, 14);
    const u64 T = r.orDefault({"temporal_patch_size"}, 2);
    const u64 m = r.orDefault({"spatial_merge_size"}, 2);
    const u64 norm = v25 ? E : mul(2, E);
    put(t, "patch_embed", mul(mul(mul(C, T), mul(p, p)), E));
    put(t, "attention", mul(L, add(linear(E, mul(3, E), true), linear(E, E, true))));
    if (v25) {
        const u64 F = positive(r, {"intermediate_size"}, 3420);
        put(t, "mlp", mul(L, add(mul(2, linear(E, F, true)), linear(F, E, true))));
    } else {
        const u64 F = mul(E, r.orDefault({"mlp_ratio"}, 4));
        put(t, "mlp", mul(L, add(linear(E, F, true), linear(F, E, true))));
    }
    put(t, "norms", mul(L, mul(2, norm)));
    const u64 merged = mul(E, mul(m, m));
    put(proj, "norm", norm);
    put(proj, "linear_1", linear(merged, merged, true));
    put(proj, "linear_2", linear(merged, out, true));
}

// Number of vision feature layers the projector concatenates (LLaVA, Mistral 3: an int selects
// one layer, a list several).
// Qwen3-VL / Qwen3.5 (modeling_qwen3_vl.py Qwen3VLVisionModel): patch_embed Conv3d(C, D,
// (T, p, p)) with bias, pos_embed Embedding(num_position_embeddings, D), depth blocks of
// LayerNorm norm1/norm2, qkv Linear(D, 3D) and proj with biases, MLP linear_fc1/linear_fc2 with
// biases (not gated); merger Qwen3VLVisionPatchMerger: LayerNorm(D), linear_fc1 Linear(D·m²,
// D·m²), linear_fc2 Linear(D·m², out_hidden_size), biases; one more merger per
// deepstack_visual_indexes entry, its LayerNorm over D·m² (use_postshuffle_norm).
void qwen3Vision(Reader& r, std::vector<Part>& t, std::vector<Part>& proj)
{
    const u64 D = positive(r, {"hidden_size"}, 1152);
    const u64 F = positive(r, {"intermediate_size"}, 4304);
    const u64 out = positive(r, {"out_hidden_size"}, 3584);
    const u64 L = r.orDefault({"depth"}, 27);
    const u64 C = r.orDefault({"in_channels"}, 3);
    const u64 p = positive(r, {"patch_size"}, 16);
    const u64 T = r.orDefault({"temporal_patch_size"}, 2);
    const u64 m = r.orDefault({"spatial_merge_size"}, 2);
    put(t, "patch_embed", add(mul(mul(mul(C, T), mul(p, p)), D), D));
    put(t, "position_embed", mul(r.orDefault({"num_position_embeddings"}, 2304), D));
    put(t, "attention", mul(L, add(linear(D, mul(3, D), true), linear(D, D, true))));
    put(t, "mlp", mul(L, add(linear(D, F, true), linear(F, D, true))));
    put(t, "norms", mul(L, mul(2, mul(2, D))));
    const u64 merged = mul(D, mul(m, m));
    const u64 mergerLinears = add(linear(merged, merged, true), linear(merged, out, true));
    put(proj, "norm", mul(2, D));
    put(proj, "linear_1", linear(merged, merged, true));
    put(proj, "linear_2", linear(merged, out, true));
    const u64 deep = r.uintList("deepstack_visual_indexes").size();
    put(proj, "deepstack_mergers", mul(deep, add(mul(2, merged), mergerLinears)));
}

u64 featureLayers(const nlohmann::json& top)
{
    auto it = top.find("vision_feature_layer");
    if (it != top.end() && it->is_array()) {
        return it->size();
    }
    return 1;
}

bool topBool(const nlohmann::json& top, const char* key, bool classDefault)
{
    auto it = top.find(key);
    return it != top.end() && it->is_boolean() ? it->get<bool>() : classDefault;
}

} // namespace

void importVision(const nlohmann::json& top, const std::string& topType, const std::string& file,
                  ModelConfig& c, std::vector<std::string>& guesses)
{
    c.vision_tower.clear();
    c.projector.clear();
    const u64 d = c.d_model;
    const bool qwen3 = topType == "qwen3_vl" || topType == "qwen3_vl_moe" || topType == "qwen3_5" ||
                       topType == "qwen3_5_moe";
    const bool qwen = topType == "qwen2_vl" || topType == "qwen2_5_vl" || qwen3;
    auto it = top.find("vision_config");
    if (it == top.end() || it->is_null()) {
        if (qwen || topType == "gemma3" || topType == "llava" || topType == "llava_next" ||
            topType == "mistral3" || topType == "llama4" || topType == "internvl_chat" ||
            topType == "internvl" || topType == "idefics3" || topType == "smolvlm") {
            // The class would build its default tower; without vision_config it is not known
            // which checkpoint this is, so say so rather than count a default tower.
            c.not_counted = "the vision tower and projector (the config has no vision_config)";
        }
        return;
    }
    if (!it->is_object()) {
        throw InputError(file, "vision_config", "must be an object");
    }
    const std::string vtype = getOptString(*it, "model_type", file, "vision_config")
                                  .value_or(qwen ? topType : std::string());
    std::vector<Part>& t = c.vision_tower;
    std::vector<Part>& proj = c.projector;
    if (qwen3) {
        Reader r(*it, file, "vision_config", "Qwen3VLVisionConfig", guesses);
        qwen3Vision(r, t, proj);
    } else if (qwen) {
        Reader r(*it, file, "vision_config",
                 topType == "qwen2_vl" ? "Qwen2VLVisionConfig" : "Qwen2_5_VLVisionConfig", guesses);
        qwenVision(r, topType == "qwen2_5_vl", t, proj);
    } else if (topType == "llama4" && vtype == "llama4_vision_model") {
        // Llama4MultiModalProjector: linear_1 Linear(vision_output_dim [7680], d, bias=False).
        Reader r(*it, file, "vision_config", "Llama4VisionConfig", guesses);
        llama4Vision(r, t);
        put(proj, "linear_1", mul(r.orDefault({"vision_output_dim"}, 7680), d));
    } else if (topType == "gemma3" && vtype == "siglip_vision_model") {
        // Gemma3MultiModalProjector: mm_input_projection_weight (D_v, d) and mm_soft_emb_norm
        // Gemma3RMSNorm(D_v).
        Reader r(*it, file, "vision_config", "SiglipVisionConfig", guesses);
        const u64 D = siglip(r, t, true);
        put(proj, "input_projection", mul(D, d));
        put(proj, "norm", D);
    } else if ((topType == "llava" || topType == "llava_next" || topType == "mistral3") &&
               (vtype == "clip_vision_model" || vtype == "siglip_vision_model" ||
                vtype == "pixtral")) {
        Reader r(*it, file, "vision_config",
                 vtype == "pixtral"             ? "PixtralVisionConfig"
                 : vtype == "clip_vision_model" ? "CLIPVisionConfig"
                                                : "SiglipVisionConfig",
                 guesses);
        const u64 D = vtype == "pixtral"             ? pixtral(r, t)
                      : vtype == "clip_vision_model" ? clip(r, t)
                                                     : siglip(r, t, true);
        const u64 in = mul(D, featureLayers(top));
        // LlavaMultiModalProjector / Mistral3MultiModalProjector: linear_1 Linear(D·n, d) and
        // linear_2 Linear(d, d), bias=multimodal_projector_bias (LLaVA default True, Mistral 3
        // default False). Mistral 3 adds norm RMSNorm(D·n) and patch_merger merging_layer
        // Linear(D·m², D, bias=False). LLaVA-NeXT adds image_newline (d).
        const bool mistral = topType == "mistral3";
        const bool bias = topBool(top, "multimodal_projector_bias", !mistral);
        if (mistral) {
            u64 m = 2;
            if (auto v = getOptUInt(top, "spatial_merge_size", file, "")) {
                m = *v;
            }
            put(proj, "norm", in);
            put(proj, "patch_merger", mul(mul(D, mul(m, m)), D));
        }
        put(proj, "linear_1", linear(in, d, bias));
        put(proj, "linear_2", linear(d, d, bias));
        if (topType == "llava_next") {
            put(proj, "image_newline", d);
        }
    } else if (!importMoreVision(top, *it, topType, vtype, file, c, guesses)) {
        c.not_counted = "the vision tower and projector (vision_config.model_type '" + vtype +
                        "' under '" + topType + "' is not described)";
    }
}

} // namespace llmsizer::hf
