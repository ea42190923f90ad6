// Gemma 3n's two towers outside the language model, counted as transformers instantiates them
// (Gemma3nForConditionalGeneration; docs/counting.md "Gemma 3n's towers"):
// - the vision tower, timm's MobileNet-V5 encoder named by vision_config.architecture
//   (TimmWrapperModel → timm.create_model(architecture, num_classes=0)); its block list is fixed
//   in timm's code (timm/models/mobilenetv5.py, _gen_mobilenet_v5), not in the config, so the
//   table below carries it;
// - the audio encoder, Gemma3nAudioEncoder (modeling_gemma3n.py): the SSCP convolutional
//   subsampler and the conformer blocks, sized by audio_config.
#include "formats/hf_import_internal.h"
#include "formats/hf_vision_parts.h"
#include "llmsizer/json/jsonio.h"

#include <array>

namespace llmsizer::hf {

namespace {

using vision::add;
using vision::mul;
using vision::positive;
using vision::put;

// timm's make_divisible(v, 8): v rounded to the nearest multiple of 8, at least 8, and raised by
// 8 when rounding lost more than 10 % (timm/layers/helpers.py).
u64 makeDivisible(u64 v)
{
    u64 out = std::max<u64>(8, (v + 4) / 8 * 8);
    if (out * 10 < v * 9) {
        out += 8;
    }
    return out;
}

// A block of timm's MobileNet-V5 block strings (timm/models/_efficientnet_blocks.py). Every
// convolution is bias-free and followed by an RmsNorm2d (a weight per channel).
enum class Kind {
    EdgeResidual, // er_k{k}_e{e}: conv_exp k×k (in→mid), conv_pwl 1×1 (mid→out); no layer scale
    Inverted,  // uir_a{a}_k{k}_e{e}: depthwise a×a (if a), pw_exp, depthwise k×k on mid (if k),
               // pw_proj, layer scale (out)
    Attention, // mqa_k{k}_h{h}_v{v}_d{d}: norm, query h·d, key d, value d, output, layer scale;
               // with a key/value stride v > 1, a depthwise k×k down-conv and norm for each
};

struct Block {
    Kind kind;
    u64 repeat;  // consecutive copies (the first of a stage changes the width, the rest keep it)
    u64 out;     // output channels
    u64 a, k, e; // start kernel, middle kernel, expansion (er/uir); kernel, heads (mqa)
    u64 d = 0;   // mqa: key/value dimension
    u64 v = 1;   // mqa: key/value stride
};

// mobilenetv5_300m_enc: _gen_mobilenet_v5's arch_def (timm @aa4b5850, mobilenetv5.py), four
// stages after a 3×3 stem of 64 channels with bias. Stage 2 ends in 14 (mqa, uir) pairs, stage 3
// in 19: the two rows of a pair are one repeat count each, and pairs of equal widths count alike
// in either order.
constexpr std::array<Block, 13> kMobileNetV5_300m{{
    {Kind::EdgeResidual, 1, 128, 0, 3, 4},
    {Kind::EdgeResidual, 2, 128, 0, 3, 4},
    {Kind::Inverted, 1, 256, 3, 5, 6},
    {Kind::Inverted, 2, 256, 5, 0, 4},
    {Kind::Inverted, 2, 256, 3, 0, 4},
    {Kind::Inverted, 1, 640, 5, 5, 6},
    {Kind::Inverted, 7, 640, 5, 0, 4},
    {Kind::Inverted, 1, 640, 0, 0, 1},
    {Kind::Attention, 14, 640, 0, 3, 12, 64, 2},
    {Kind::Inverted, 14, 640, 0, 0, 2},
    {Kind::Inverted, 1, 1280, 5, 5, 6},
    {Kind::Attention, 19, 1280, 0, 3, 16, 96, 1},
    {Kind::Inverted, 19, 1280, 0, 0, 2},
}};
constexpr u64 kStemChannels = 64;
constexpr u64 kMsfaOut = 2048; // MobileNetV5MultiScaleFusionAdapter's output width

// One block's parameters from `in` channels.
u64 blockParams(const Block& b, u64 in)
{
    switch (b.kind) {
    case Kind::EdgeResidual: {
        const u64 mid = makeDivisible(mul(in, b.e));
        return add(add(mul(mul(in, mid), mul(b.k, b.k)), mid), add(mul(mid, b.out), b.out));
    }
    case Kind::Inverted: {
        const u64 mid = makeDivisible(mul(in, b.e));
        u64 n = b.a > 0 ? add(mul(in, mul(b.a, b.a)), in) : 0;
        n = add(n, add(mul(in, mid), mid));
        n = b.k > 0 ? add(n, add(mul(mid, mul(b.k, b.k)), mid)) : n;
        n = add(n, add(mul(mid, b.out), b.out));
        return add(n, b.out); // layer_scale.gamma
    }
    case Kind::Attention: {
        const u64 c = in;
        const u64 hd = mul(b.e, b.d);
        u64 n = add(add(c, c), mul(2, mul(hd, c))); // norm, layer scale; query, output
        n = add(n, mul(2, mul(b.d, c)));            // key, value
        if (b.v > 1) {
            n = add(n, mul(2, add(mul(c, mul(b.k, b.k)), c))); // down_conv and norm for k and v
        }
        return n;
    }
    }
    return 0;
}

// The encoder's parts: stem, stages 0–3, and the fusion adapter over the last two stages.
void mobileNetV5(std::vector<Part>& t)
{
    put(t, "stem", add(mul(mul(3, kStemChannels), 9), mul(2, kStemChannels)));
    u64 in = kStemChannels;
    u64 stage = 0;
    std::array<u64, 4> outs{}; // each stage's width
    for (std::size_t i = 0; i < kMobileNetV5_300m.size(); ++i) {
        const Block& b = kMobileNetV5_300m[i];
        if (b.out != in && i > 0) {
            ++stage;
        }
        u64 n = 0;
        for (u64 r = 0; r < b.repeat; ++r) {
            n = add(n, blockParams(b, in));
            in = b.out;
        }
        outs[stage] = b.out;
        put(t, "stage" + std::to_string(stage), n);
    }
    // MSFA: a UIR without kernels or layer scale from the concatenated widths of stages 2 and 3
    // (expansion 2), then an RMSNorm of the output width.
    const u64 cat = add(outs[2], outs[3]);
    const u64 mid = makeDivisible(mul(cat, 2));
    put(t, "msfa", add(add(add(mul(cat, mid), mid), add(mul(mid, kMsfaOut), kMsfaOut)), kMsfaOut));
}

// [[h, w], [h, w]] of the two SSCP convolutions (sscp_conv_kernel_size, sscp_conv_stride_size).
std::array<std::array<u64, 2>, 2> pairs(const nlohmann::json& audio, Reader& r, const char* name,
                                        u64 classDefault)
{
    std::array<std::array<u64, 2>, 2> out{
        {{classDefault, classDefault}, {classDefault, classDefault}}};
    const auto it = audio.find(name);
    if (it == audio.end() || it->is_null()) {
        const std::string d = std::to_string(classDefault);
        r.guess(r.path(name) + ": missing; using " + r.className() + "'s default [[" + d + ", " +
                d + "], [" + d + ", " + d + "]]");
        return out;
    }
    const nlohmann::json* j = &*it;
    if (!j->is_array() || j->size() != 2) {
        r.fail(name, "must be two [h, w] pairs");
    }
    for (std::size_t i = 0; i < 2; ++i) {
        const nlohmann::json& p = (*j)[i];
        if (!p.is_array() || p.size() != 2 || !p[0].is_number_unsigned() ||
            !p[1].is_number_unsigned() || p[0].get<u64>() == 0 || p[1].get<u64>() == 0 ||
            p[0].get<u64>() > 64 || p[1].get<u64>() > 64) {
            r.fail(name, "must be two [h, w] pairs of positive sizes up to 64");
        }
        out[i] = {p[0].get<u64>(), p[1].get<u64>()};
    }
    return out;
}

// Gemma3nAudioEncoder: subsample_conv_projection (two bias-free Conv2d with a scale-only
// cumulative group norm each, padded by one on either side of the frequency axis, then
// input_proj_linear from C1 × frequencies to D) and conf_num_hidden_layers conformer blocks:
// two macaron feed-forwards (pre and post RMSNorm, D → 4D → D), attention (pre norm, q, k, v,
// the relative position projection pos_proj, per_dim_scale of the head dimension, post
// projection, post norm), the light convolution (pre norm, linear_start D → 2D, depthwise
// conv of conf_conv_kernel_size, conv norm, linear_end) and a final norm. No biases.
void audioEncoder(const nlohmann::json& audio, Reader& r, std::vector<Part>& t)
{
    const u64 D = positive(r, {"hidden_size"}, 1536);
    const u64 L = r.orDefault({"conf_num_hidden_layers"}, 12);
    const u64 H = positive(r, {"conf_num_attention_heads"}, 8);
    const u64 K = positive(r, {"conf_conv_kernel_size"}, 5);
    u64 f = positive(r, {"input_feat_size"}, 128);
    if (D % H != 0) {
        r.fail("conf_num_attention_heads", "must divide hidden_size (" + std::to_string(D) + ")");
    }
    std::vector<u64> channels = r.uintList("sscp_conv_channel_size");
    if (channels.empty()) {
        r.guess(r.path("sscp_conv_channel_size") + ": missing; using " + r.className() +
                "'s default [128, 32]");
        channels = {128, 32};
    }
    if (channels.size() != 2 || channels[0] == 0 || channels[1] == 0) {
        r.fail("sscp_conv_channel_size", "must be two positive channel counts");
    }
    const auto kernels = pairs(audio, r, "sscp_conv_kernel_size", 3);
    const auto strides = pairs(audio, r, "sscp_conv_stride_size", 2);
    u64 sscp = 0;
    u64 in = 1;
    for (std::size_t i = 0; i < 2; ++i) {
        const u64 c = channels[i];
        sscp = add(sscp, add(mul(mul(c, in), mul(kernels[i][0], kernels[i][1])), c));
        if (f + 2 < kernels[i][1]) {
            r.fail("input_feat_size", "is smaller than the subsampling kernels");
        }
        f = (f + 2 - kernels[i][1]) / strides[i][1] + 1;
        in = c;
    }
    put(t, "subsample", add(sscp, mul(mul(in, f), D)));
    const u64 ffw = add(mul(8, mul(D, D)), mul(2, D));
    const u64 attention = add(add(mul(5, mul(D, D)), mul(2, D)), D / H);
    const u64 conv = add(mul(3, mul(D, D)), add(mul(K, D), mul(2, D)));
    put(t, "feed_forward", mul(L, mul(2, ffw)));
    put(t, "attention", mul(L, attention));
    put(t, "light_conv", mul(L, conv));
    put(t, "norms", mul(L, D));
}

} // namespace

std::string gemma3nTowers(const nlohmann::json& top, const std::string& file, ModelConfig& c,
                          std::vector<std::string>& guesses)
{
    std::string missing;
    if (auto it = top.find("vision_config"); it != top.end() && !it->is_null()) {
        Reader r(*it, file, "vision_config", "Gemma3nVisionConfig", guesses);
        const std::string arch = r.optString({"architecture"}).value_or("mobilenetv5_300m_enc");
        if (arch == "mobilenetv5_300m_enc") {
            mobileNetV5(c.vision_tower);
        } else {
            missing = "the vision tower (vision_config.architecture '" + arch +
                      "': only timm's mobilenetv5_300m_enc is described)";
        }
    }
    if (auto it = top.find("audio_config"); it != top.end() && !it->is_null()) {
        Reader r(*it, file, "audio_config", "Gemma3nAudioConfig", guesses);
        audioEncoder(*it, r, c.audio_tower);
    }
    return missing;
}

} // namespace llmsizer::hf
