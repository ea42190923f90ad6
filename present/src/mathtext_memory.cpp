// Show-the-math formulas of the memory items: weights at a precision and the KV cache (mirrors of
// weight_memory.cpp and kv_cache.cpp); mathtext.cpp attaches the results and the sources.
#include "llmsizer/text/format.h"
#include "mathtext_parts.h"

#include <algorithm>

namespace llmsizer::mathparts {

namespace {

using u64 = std::uint64_t;

Expr bytesOf(const Expr& values, const BitsPerWeight& bpw, u64 count)
{
    // rowBytes (precision.cpp): ceil(ceil(n / w) · bits / 8).
    const bool blocks = bpw.weights != 1;
    Expr units = values;
    u64 unitCount = count;
    if (blocks) {
        units = {"⌈" + values.sym + "/w⌉",
                 "⌈" + values.num + "/" + withThousands(bpw.weights) + "⌉"};
        unitCount = (count + bpw.weights - 1) / bpw.weights;
    }
    Expr e = prod({units, var("bits", bpw.bits)});
    e.sym += "/8";
    e.num += "/8";
    if ((unitCount * bpw.bits) % 8 != 0) {
        e = {"⌈" + e.sym + "⌉", "⌈" + e.num + "⌉"};
    }
    return e;
}

} // namespace

std::string bpwText(const BitsPerWeight& bpw)
{
    if (bpw.weights == 1) {
        return std::to_string(bpw.bits);
    }
    return withThousands(bpw.bits) + " bits per " + withThousands(bpw.weights) + " weights";
}

Expr weightExpr(std::uint64_t params, const BitsPerWeight& bpw)
{
    // bytesFor (precision.cpp): ceil(N · bits / (w · 8)).
    Expr e = prod({var("N", params), var("bits", bpw.bits)});
    if (bpw.weights == 1) {
        e.sym += "/8";
        e.num += "/8";
    } else {
        e.sym += "/(w·8)";
        e.num += "/(" + withThousands(bpw.weights) + "·8)";
    }
    const u64 m = bpw.weights * 8; // (N · bits) mod m, without forming N · bits
    const bool whole = (params % m) * bpw.bits % m == 0;
    if (!whole) {
        e = {"⌈" + e.sym + "⌉", "⌈" + e.num + "⌉"};
    }
    return e;
}

Expr kvPerTokenExpr(const ModelConfig& c, const BitsPerWeight& bpw)
{
    // Only attention layers cache K and V; hybrid models' other layers keep a recurrent state.
    Expr L = c.mixer.layers > 0 ? var("L_attn", c.attentionLayers()) : var("L", c.n_layers);
    if (c.kv_shared_layers > 0) {
        // Gemma 3n: the last kv_shared_layers reuse an earlier layer's cache (kv_cache.cpp).
        const u64 all = c.mixer.layers > 0 ? c.attentionLayers() : c.n_layers;
        L = var("L_kv", all - std::min(all, c.kv_shared_layers));
    }
    if (c.attention == AttentionKind::Latent) {
        const u64 n = c.mla.kv_lora_rank + c.mla.qk_rope_head_dim + c.indexer.head_dim;
        std::vector<Expr> terms{var("r_kv", c.mla.kv_lora_rank),
                                var("d_rope", c.mla.qk_rope_head_dim)};
        if (c.indexer.head_dim > 0) {
            terms.push_back(var("d_i", c.indexer.head_dim)); // the indexer's key (kv_cache.cpp)
        }
        return prod({L, bytesOf(sum(terms), bpw, n)});
    }
    const u64 n = c.n_kv_heads * c.effectiveHeadDim();
    const Expr row = prod({var("kv", c.n_kv_heads), var("dh", c.effectiveHeadDim())});
    return prod({lit(2), L, bytesOf(row, bpw, n)});
}

std::string kvLegend(const ModelConfig& c)
{
    const std::string layers =
        c.kv_shared_layers > 0
            ? "L_kv = layers with a cache of their own (the last " +
                  withThousands(c.kv_shared_layers) + " reuse an earlier layer's)"
        : c.mixer.layers > 0 ? "L_attn = attention layers (the others keep a recurrent state)"
                             : "L = layers";
    if (c.attention == AttentionKind::Latent) {
        return layers + ", r_kv = kv LoRA rank, d_rope = RoPE key dim, bits per element";
    }
    return "2 = K and V, " + layers +
           ", kv = KV heads, dh = head_dim, bits per element / 8 = bytes";
}

Expr kvAtContextExpr(const ModelConfig& c, const KvCache& perToken, std::uint64_t context)
{
    if (c.sliding_window == 0) {
        return prod({var("KV_token", perToken.bytes_per_token), var("ctx", context)});
    }
    const u64 window = std::min(context, c.sliding_window);
    return prod(
        {var("KV_layer", perToken.bytes_per_token_layer_global),
         sum({prod({var("G", perToken.global_layers), var("ctx", context)}),
              prod({var("S", perToken.sliding_layers), var("min(ctx, window)", window)})})});
}

} // namespace llmsizer::mathparts
