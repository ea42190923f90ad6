// Inference total: weights + KV cache + activations/workspace + runtime overhead, each kept
// apart. The workspace is an estimate of llama.cpp's compute buffer; the overhead is a named
// profile whose constants are documented below and in docs/memory.md.
#include "llmsizer/memory/memory.h"
#include "llmsizer/memory/offload.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/text.h"

#include <algorithm>
#include <limits>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;
// A using-alias cannot carry __extension__, which -Wpedantic needs for __int128.
__extension__ typedef unsigned __int128 u128; // NOLINT(modernize-use-using)

constexpr u64 kMiB = u64{1} << 20;

u64 mul(u64 a, u64 b)
{
    return checkedMul(a, b, "activation bytes");
}

std::vector<OverheadProfile> buildProfiles()
{
    std::vector<OverheadProfile> v;
    v.push_back(
        {"none", "None", 0, {0, 1}, {1, 1}, false, "Weights, KV cache and workspace only."});
    // The CUDA context (kernel images, cuBLAS handles) is allocated before any tensor. Its size
    // depends on the driver, the GPU and lazy module loading. 320 MiB is an estimate bounded by
    // a measurement (the llama.cpp runtime profile's device reserve, runtime.h): an RTX 4080
    // 16 GB ran Llama 3 8B F16 at 8,192 tokens without flash attention, which leaves at most
    // about 350 MiB beside the model [UNCERTAIN].
    v.push_back({"llama.cpp",
                 "llama.cpp (CUDA)",
                 320 * kMiB,
                 {0, 1},
                 {1, 1},
                 false,
                 "CUDA context reserve, 320 MiB: an estimate bounded by an RTX 4080 16 GB running "
                 "Llama 3 8B F16 at 8,192 tokens [uncertain]"});
    // vLLM preallocates gpu_memory_utilization (default 0.9) of the device for weights,
    // activations and KV blocks and leaves the rest alone, so the device must be need / 0.9.
    v.push_back({"vllm",
                 "vLLM (gpu_memory_utilization 0.9)",
                 0,
                 {0, 1},
                 {9, 10},
                 false,
                 "vLLM EngineArgs gpu_memory_utilization default 0.9"});
    // PyTorch's first CUDA call creates the context: 723 MiB was reported for a one-element
    // tensor (discuss.pytorch.org/t/73021). The caching allocator's slack is not included.
    v.push_back({"transformers",
                 "Hugging Face transformers (PyTorch)",
                 723 * kMiB,
                 {0, 1},
                 {1, 1},
                 false,
                 "PyTorch CUDA context, 723 MiB as reported on discuss.pytorch.org"});
    // Transformer Math 101: total ≈ 1.2 × weights. A rule of thumb meant to cover everything
    // besides the weights; added on top of the detailed terms it double counts the KV cache.
    v.push_back({"tm101",
                 "Rule of thumb: 1.2 × weights (TM101)",
                 0,
                 {1, 5},
                 {1, 1},
                 true,
                 "Transformer Math 101 (formulas.md §1) [2nd]; a rule of thumb"});
    return v;
}

// llama.cpp-style compute buffer. ggml's graph allocator reuses memory, so the buffer is the
// peak of the tensors alive at one time: the output phase, logits [n_vocab, n_tokens] f32 and
// the final hidden state [n_embd, n_tokens]; or the attention phase, the residual stream, Q, K,
// V and without FlashAttention the scores kq = [n_kv, n_tokens, n_head] f32 (llama.cpp
// build_attn_mha). llama.cpp logs (user logs in llama.cpp issues [2nd]): Llama 3 8B at
// n_ubatch 512, n_ctx 512 or 2048, no FA: 258.50 MiB = 512 · (128256 + 4096) · 4 exactly;
// LLaMA-2-7B at n_ctx 2048, no FA: 164.01 MiB against our 160 MiB (attention phase). Logs with
// LoRA adapters or other backends (CANN) show more [UNCERTAIN as an exact figure].
} // namespace

std::uint64_t workspaceBytes(const ModelConfig& c, const InferenceParams& p)
{
    return workspaceBytes(c, p, true);
}

std::uint64_t workspaceBytes(const ModelConfig& c, const InferenceParams& p, bool withLogits)
{
    const u64 cells = mul(p.batch, p.context); // one unified cache: n_kv spans all sequences
    const u64 tokens = std::min(p.workspace.ubatch, cells);
    if (tokens == 0) {
        return 0;
    }
    u64 q = 0;
    u64 kv = 0; // K and V together
    if (c.attention == AttentionKind::Latent) {
        q = mul(c.n_heads, c.mla.qk_nope_head_dim + c.mla.qk_rope_head_dim);
        kv = q + mul(c.n_heads, c.mla.v_head_dim);
    } else {
        q = mul(c.n_heads, c.effectiveHeadDim());
        kv = mul(2 * c.n_kv_heads, c.effectiveHeadDim());
    }
    const u64 output = withLogits ? c.vocab_size + c.d_model : 0;
    u64 attention = c.d_model + q + kv;
    if (!p.workspace.flash_attention) {
        attention = checkedAdd(attention, mul(mul(p.workspace.score_copies, c.n_heads), cells),
                               "activation bytes");
    }
    return mul(mul(tokens, std::max(output, attention)), p.workspace.bytes_per_value);
}

std::uint64_t mulCeil(std::uint64_t x, Ratio r)
{
    if (r.den == 0) {
        throw OverflowError("ratio with zero denominator");
    }
    const u128 v = (static_cast<u128>(x) * r.num + r.den - 1) / r.den;
    if (v > static_cast<u128>(std::numeric_limits<u64>::max())) {
        throw OverflowError("bytes");
    }
    return static_cast<u64>(v);
}

std::string overheadProfileSummary(const OverheadProfile& p)
{
    std::vector<std::string> parts;
    if (p.fixed_bytes > 0) {
        parts.push_back(p.fixed_bytes % kMiB == 0
                            ? "+" + std::to_string(p.fixed_bytes / kMiB) + " MiB"
                            : "+" + std::to_string(p.fixed_bytes) + " bytes");
    }
    auto percent = [](Ratio r) { return text::general(100.0 * r.value(), 6) + '%'; };
    if (p.weights_fraction.num > 0) {
        parts.push_back("+" + percent(p.weights_fraction) + " of the weights");
    }
    if (p.usable_fraction.num != p.usable_fraction.den) {
        parts.push_back(percent(p.usable_fraction) + " of the device usable");
    }
    std::string out;
    for (const std::string& part : parts) {
        out += (out.empty() ? "" : ", ") + part;
    }
    return out.empty() ? "nothing added" : out;
}

const std::vector<OverheadProfile>& overheadProfiles()
{
    static const std::vector<OverheadProfile> list = buildProfiles();
    return list;
}

OverheadProfile overheadProfileById(std::string_view id, const std::string& field)
{
    std::string known;
    for (const OverheadProfile& p : overheadProfiles()) {
        if (p.id == id) {
            return p;
        }
        known += (known.empty() ? "" : ", ") + p.id;
    }
    throw InputError("", field,
                     "unknown overhead profile '" + std::string(id) + "' (known: " + known + ")");
}

InferenceMemory inferenceMemory(const ModelConfig& config, const InferenceParams& p)
{
    return inferenceMemory(config, countParameters(config), p);
}

InferenceMemory inferenceMemory(const ModelConfig& config, const ParamCount& count,
                                const InferenceParams& p)
{
    const u64 t = std::max<u64>(p.tensor_parallel, 1);
    InferenceMemory m;
    m.weights = weightMemory(config, count, p.weights, p.weight_params);
    m.kv = kvCache(config, p.context, p.batch, p.kv, t);
    m.weights_bytes = (m.weights.bytes + t - 1) / t;
    m.kv_cache_bytes = m.kv.bytes;
    m.recurrent_state_bytes = m.kv.recurrent_bytes;
    m.kv_bytes_per_token = m.kv.bytes_per_token;
    m.activation_bytes = workspaceBytes(config, p);

    u64 need = checkedAdd(checkedAdd(m.weights_bytes, m.kv_cache_bytes, "total bytes"),
                          m.activation_bytes, "total bytes");
    need = checkedAdd(need, m.recurrent_state_bytes, "total bytes");
    m.overhead_bytes = overheadBytes(p.overhead, m.weights_bytes, need);
    m.total_bytes = checkedAdd(need, m.overhead_bytes, "total bytes");
    return m;
}

std::uint64_t overheadBytes(const OverheadProfile& o, std::uint64_t weights, std::uint64_t need)
{
    u64 withFixed = checkedAdd(need, o.fixed_bytes, "total bytes");
    withFixed = checkedAdd(withFixed, mulCeil(weights, o.weights_fraction), "total bytes");
    // The device must hold withFixed within usable_fraction of itself.
    const u64 device = o.usable_fraction.num == 0
                           ? withFixed
                           : mulCeil(withFixed, {o.usable_fraction.den, o.usable_fraction.num});
    return device - need;
}

std::uint64_t maxContextThatFits(const ModelConfig& config, InferenceParams params,
                                 std::uint64_t budgetBytes)
{
    auto fits = [&](u64 ctx) {
        params.context = ctx;
        try {
            return inferenceMemory(config, params).total_bytes <= budgetBytes;
        } catch (const OverflowError&) {
            return false;
        }
    };
    // Largest ctx in [1, maxContext] with fits(ctx); the total never falls as ctx grows.
    u64 lo = 0;
    u64 hi = Limits::maxContext;
    while (lo < hi) {
        const u64 mid = lo + (hi - lo + 1) / 2;
        if (fits(mid)) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return lo;
}

std::uint64_t maxBatchThatFits(const ModelConfig& config, InferenceParams params,
                               std::uint64_t budgetBytes, std::uint64_t maxBatch)
{
    auto fits = [&](u64 batch) {
        params.batch = batch;
        try {
            return inferenceMemory(config, params).total_bytes <= budgetBytes;
        } catch (const OverflowError&) {
            return false;
        }
    };
    u64 lo = 0;
    u64 hi = maxBatch;
    while (lo < hi) {
        const u64 mid = lo + (hi - lo + 1) / 2;
        if (fits(mid)) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return lo;
}

} // namespace llmsizer
