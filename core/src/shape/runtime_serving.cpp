// Serving engines (vLLM, SGLang, TensorRT-LLM) and MLX placing a model (runs.h placeModel;
// docs/memory.md, "Runtimes"): a preallocated share of each GPU holds the weights, the profiled
// activation peak and a KV pool of whole blocks, whose size is the longest context they serve;
// MLX wires the model and its cache within Metal's working-set limit.
#include "llmsizer/model/count.h"
#include "llmsizer/shape/runs.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"
#include "runs_internal.h"

#include <algorithm>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;
constexpr u64 kGiB = u64{1} << 30;

u64 add(u64 a, u64 b)
{
    return checkedAdd(a, b, "placement bytes");
}

u64 mul(u64 a, u64 b)
{
    return checkedMul(a, b, "placement bytes");
}

u64 roundUp(u64 v, u64 to)
{
    return ceilDiv(v, to) * to;
}

// What vLLM adds to MXFP4 routed experts on an NVIDIA GPU: its MoE kernels want padded
// matrices (vllm/model_executor/layers/quantization/mxfp4.py, Mxfp4MoEMethod.create_weights,
// v0.11.0). Its Marlin kernel, on every NVIDIA GPU but a datacenter Blackwell, rounds the
// intermediate size up to 128 and the hidden size to 256; FlashInfer on a datacenter Blackwell
// (B200, GB200) both to 256. Where vLLM picks its Triton kernel instead (triton_kernels
// installed) the padding is its layout's: not modelled, Marlin's taken. gpt-oss-120b (2,880 both
// ways) loaded 65.97 GiB on one H100 where its file holds 60.77 (vLLM issue 23278, Marlin); on
// another version 64.38 (vLLM issue 33155).
u64 vllmMxfp4Padding(const ModelConfig& c, const GpuSpec& g)
{
    if (g.vendor != "NVIDIA" || !c.isMoe() || c.d_model == 0 || c.moe.expert_d_ff == 0) {
        return 0;
    }
    const bool blackwellDc = g.id.rfind("b200", 0) == 0 || g.id.rfind("b300", 0) == 0 ||
                             g.id.rfind("gb200", 0) == 0 || g.id.rfind("gb300", 0) == 0;
    const u64 h = c.d_model;
    const u64 i = c.moe.expert_d_ff;
    const u64 ph = roundUp(h, 256);
    const u64 pi = roundUp(i, blackwellDc ? 256 : 128);
    const u64 gates = c.mlp == MlpKind::Gated ? 3 : 2;
    // Each matrix of h × i weights stores 17 bytes per 32 (4-bit values, one E8M0 scale).
    const u64 matrices = mul(mul(c.moeLayers(), c.moe.n_routed_experts), gates);
    const u64 grown = mul(ph, pi) - mul(h, i);
    return mul(matrices, grown) / 32 * 17;
}

// The weights as the engine loads them: an FP8 checkpoint keeps its ignore list in BF16; vLLM
// pads MXFP4 experts for its kernels.
u64 servingWeights(const RunModel& m, const Precision& p, const RunQuery& q)
{
    if (p.id == "fp8") {
        return fp8CheckpointBytes(m.config, m.count, m.fp8.value_or(Fp8Checkpoint{}));
    }
    // INT8 (W8A8) and grouped INT4 (AWQ, GPTQ) checkpoints quantize the decoder's linears and
    // keep the rest in 16 bits, the token embedding, the head and a vision tower with it: their
    // quantizers skip them (AutoAWQ, GPTQModel, llm-compressor's ignore=["lm_head",
    // "re:vision_tower.*"]; vLLM's quantized linear methods serve only the decoder's linears).
    WeightParams keep;
    keep.keep_embeddings_unquantized =
        p.kind == PrecisionKind::Integer || p.kind == PrecisionKind::GroupQuant;
    keep.decoder_linears_only = keep.keep_embeddings_unquantized;
    const u64 bytes = weightMemory(m.config, m.count, p, keep).bytes;
    if (p.id == "mxfp4_experts" && q.runtime.kind == Runtime::Vllm) {
        return add(bytes, vllmMxfp4Padding(m.config, q.hardware.gpu));
    }
    return bytes;
}

// The activation peak a profile run leaves: `tokens` tokens through one layer (hidden states,
// q/k/v, the MLP's or the routed experts' intermediates, 2 bytes each, per GPU under tensor
// parallel t), and `seqs` sequences' logits over the whole vocabulary, `perLogit` bytes each.
// vLLM V1 runs its sampler after the forward pass, whose intermediates are freed by then
// (gpu_model_runner.py profile_run, _dummy_sampler_run): the larger of the two. The others
// (vLLM V0, SGLang, TensorRT-LLM) hold FP32 logits beside the forward pass's peak.
u64 activationPeak(const ModelConfig& c, u64 tokens, u64 seqs, u64 t, u64 perLogit,
                   bool samplerAfter)
{
    const u64 tp = std::max<u64>(t, 1);
    u64 q = 0;
    u64 kv = 0;
    if (c.attention == AttentionKind::Latent) {
        q = mul(c.n_heads, c.mla.qk_nope_head_dim + c.mla.qk_rope_head_dim);
        kv = q + mul(c.n_heads, c.mla.v_head_dim);
    } else {
        q = mul(c.n_heads, c.effectiveHeadDim());
        kv = mul(2 * c.n_kv_heads, c.effectiveHeadDim());
    }
    const u64 gates = c.mlp == MlpKind::Gated ? 3 : 2;
    u64 mlp = mul(gates, c.d_ff) / tp;
    if (c.isMoe()) {
        const u64 routed =
            mul(c.moe.experts_per_token, add(mul(gates, c.moe.expert_d_ff) / tp, c.d_model));
        const u64 shared =
            mul(c.moe.n_shared_experts,
                mul(gates, c.moe.shared_d_ff > 0 ? c.moe.shared_d_ff : c.moe.expert_d_ff)) /
            tp;
        mlp = std::max(mlp, add(routed, shared));
    }
    const u64 perToken = add(add(mul(2, c.d_model), add(q, kv) / tp), mlp);
    const u64 forward = mul(mul(tokens, perToken), 2);
    const u64 logits = mul(mul(seqs, c.vocab_size), perLogit);
    return samplerAfter ? std::max(forward, logits) : add(forward, logits);
}

struct Engine {
    u64 budget = 0;     // what the engine takes of one GPU for weights, activations and KV
    u64 kvSpace = 0;    // of it, the KV pool
    u64 activation = 0; // profiled peak
    u64 reserve = 0;    // non-torch memory, CUDA graphs, the share it leaves alone
    u64 total = 0;      // what the GPU shows in use
    bool graphsFit = true;
};

} // namespace

SglangEngine sglangEngine(const RunQuery& q, const ModelConfig& c, const ParallelSplit& split,
                          u64 context)
{
    const GpuSpec& g = q.hardware.gpu;
    SglangEngine e;
    e.device_bytes = g.memory_bytes;
    e.tensor_parallel = std::max<u64>(split.tensor_parallel, 1);
    e.pipeline_parallel = std::max<u64>(split.pipeline_parallel, 1);
    e.mla = c.mla.kv_lora_rank > 0;
    e.hip = g.vendor == "AMD" && !g.cpuOnly();
    // SGLang leaves the vision tower of Gemma 3, Llama 4 and Step3-VL off unless asked
    // (configs/model_config.py mm_disabled_models): no encoder to make room for.
    e.vision = !c.vision_tower.empty() && c.model_type != "gemma3" && c.model_type != "llama4" &&
               c.model_type != "step3_vl";
    // aiter is ROCm's attention for every non-MLA model, and for an MLA model whose KV heads a
    // GPU holds are 16 or 128 (server_args.py _get_default_attn_backend).
    const u64 heads = c.n_kv_heads / e.tensor_parallel;
    e.aiter_long = e.hip && context > 8192 && (!e.mla || heads == 16 || heads == 128);
    return e;
}

std::string sglangShareText(const RunQuery& q)
{
    if (q.runtime.kind != Runtime::Sglang || q.hardware.gpu.cpuOnly()) {
        return {};
    }
    // At one GPU and at all of them, for a model without MLA; each row gives the share it
    // counts with (MLA models reserve a little more, ROCm's long contexts less).
    const ModelConfig plain;
    ParallelSplit split;
    const SglangMemory one =
        sglangMemory(q.runtime.sglang, sglangEngine(q, plain, split, q.context));
    split.tensor_parallel = std::max<u64>(q.hardware.gpus, 1);
    const SglangMemory all =
        sglangMemory(q.runtime.sglang, sglangEngine(q, plain, split, q.context));
    const auto share = [](const SglangMemory& m) {
        return text::fixed(m.mem_fraction_static.value(), 3);
    };
    std::string out = "mem_fraction_static " + share(one);
    if (q.hardware.gpus > 1 && all.mem_fraction_static != one.mem_fraction_static) {
        out += " on 1 GPU, " + share(all) + " on " + std::to_string(q.hardware.gpus);
    }
    return out + ", chunked prefill " + withThousands(one.chunked_prefill_size) +
           "; each row gives its own";
}

Placement servingPlacement(const RunModel& m, const Precision& p, const RunQuery& q, u64 context,
                           u64 gpus)
{
    const RuntimeProfile& rt = q.runtime;
    const ModelConfig c = runtimeConfig(m.config, rt); // the cache as this runtime keeps it
    FitOptions fo;
    fo.gpus_per_node = q.hardware.gpus_per_node;
    fo.find_needed = false;
    const ParallelSplit split = chooseSplit(c, gpus, false, 0, fo);
    const u64 tp = split.tensor_parallel;
    const u64 pp = split.pipeline_parallel;
    const u64 visible = runtimeCapacity(rt, q.hardware.gpu);
    const u64 loadedBytes = servingWeights(m, p, q);
    const u64 weights = ceilDiv(loadedBytes, mul(tp, pp));

    const GpuSpec& g = q.hardware.gpu;
    const bool big = visible >= 70 * kGiB && g.id.find("a100") == std::string::npos;
    u64 tokens =
        rt.vllm.max_num_batched_tokens != 0 ? rt.vllm.max_num_batched_tokens : (big ? 8192 : 2048);
    u64 seqs = rt.vllm.max_num_seqs != 0 ? rt.vllm.max_num_seqs : (big ? 1024 : 256);
    const SglangMemory sglang = sglangMemory(rt.sglang, sglangEngine(q, c, split, context));
    if (rt.kind == Runtime::Sglang) {
        tokens = sglang.chunked_prefill_size;
        seqs = 1; // SGLang samples the running batch only
    } else if (rt.kind == Runtime::TensorRtLlm) {
        tokens = rt.tensorrt_llm.max_num_tokens;
        seqs = 1;
    } else if (!rt.vllm.chunked_prefill) {
        tokens = std::max<u64>(context, 2048); // V0 without chunked prefill: a whole prompt
        seqs = std::min<u64>(seqs, 256);
    }
    seqs = std::min(seqs, tokens);

    Engine e;
    // vLLM V1 profiles its sampler (sort and all); V0's peak logged no sort (an RTX 3090's
    // 2.07 GiB for Llama 3.1 8B, the forward pass alone: docs/memory.md), and SGLang and
    // TensorRT-LLM sample the running batch only: FP32 logits, 4 bytes each.
    const bool v1 = rt.kind == Runtime::Vllm && rt.vllm.chunked_prefill;
    const u64 perLogit = !v1 ? 4
                         : vllmUsesFlashInferSampler(rt.vllm, q.hardware.gpu)
                             ? rt.vllm.flashinfer_bytes_per_logit
                             : rt.vllm.sampler_bytes_per_logit;
    e.activation = activationPeak(c, tokens, seqs, tp, perLogit, v1);
    const u64 nonTorch = tp > 1 ? rt.vllm.non_torch_tp_bytes : rt.vllm.non_torch_bytes;
    u64 sglangSlack = 0; // what SGLang's share leaves beside the activations and graphs
    // SGLang's pool and slack for a server launched at `ctx` tokens: the share is of what is
    // free before the weights load (the setup's buffers, NCCL's among them, already in use),
    // pool = share × that − weights; on ROCm the share depends on the context (aiter's × 0.85
    // above 8,192), so a longer context is held against its own.
    struct SglangPool {
        u64 budget = 0, kvSpace = 0, slack = 0;
        bool graphsFit = true;
    };
    const auto sglangPool = [&](u64 ctx) {
        const SglangMemory mem = sglangMemory(rt.sglang, sglangEngine(q, c, split, ctx));
        const u64 preLoad = visible - std::min(visible, mem.setup_bytes);
        SglangPool pool;
        pool.budget = mulCeil(preLoad, mem.mem_fraction_static);
        pool.kvSpace = pool.budget > weights ? pool.budget - weights : 0;
        const u64 rest = preLoad - std::min(preLoad, pool.budget);
        const u64 engine = add(e.activation, rt.vllm.cuda_graph_bytes);
        pool.graphsFit = rest >= engine;
        pool.slack = rest - std::min(rest, engine);
        return pool;
    };
    if (rt.kind == Runtime::Sglang) {
        const SglangPool pool = sglangPool(context);
        e.budget = pool.budget;
        e.kvSpace = pool.kvSpace;
        e.graphsFit = pool.graphsFit;
        sglangSlack = pool.slack;
        e.reserve = add(sglang.setup_bytes, rt.vllm.cuda_graph_bytes);
        e.total = std::min(visible, add(add(e.budget, e.activation), e.reserve));
    } else if (rt.kind == Runtime::TensorRtLlm) {
        const u64 used = add(add(weights, e.activation), nonTorch);
        const u64 freeMem = visible > used ? visible - used : 0;
        e.kvSpace = mulCeil(freeMem, rt.tensorrt_llm.free_gpu_memory_fraction);
        e.reserve = nonTorch;
        e.total = add(used, e.kvSpace);
        e.budget = e.total;
    } else {
        e.budget = mulCeil(visible, rt.vllm.gpu_memory_utilization);
        const u64 used = add(add(weights, e.activation), nonTorch);
        e.kvSpace = e.budget > used ? e.budget - used : 0;
        const u64 rest = visible - std::min(visible, e.budget);
        e.graphsFit = rest >= rt.vllm.cuda_graph_bytes;
        e.reserve = add(nonTorch, rt.vllm.cuda_graph_bytes);
        e.total = std::min(visible, add(e.budget, rt.vllm.cuda_graph_bytes));
    }

    // KV of one sequence of `tokens` on one GPU, in whole blocks (sliding layers hold at most
    // the window; a pipeline stage holds its share of the layers).
    // SGLang pages its pool a token at a time (page_size 1, server_args.py).
    const u64 block = rt.kind == Runtime::Sglang ? 1 : std::max<u64>(rt.vllm.block_size, 1);
    auto kvNeed = [&](u64 t) {
        const u64 rounded = mul(ceilDiv(t, block), block);
        const KvCache kv = kvCache(c, rounded, 1, q.kv, tp);
        return ceilDiv(add(kv.bytes, kv.recurrent_bytes), pp);
    };
    const u64 batch = std::max<u64>(q.batch, 1);
    Placement out;
    out.kind = PlacementKind::Gpus;
    out.gpus = gpus;
    out.split = split;
    out.layers = c.n_layers;
    // On a CPU-only machine (SGLang's and vLLM's CPU backends) no layer is on a GPU.
    out.gpu_layers = q.hardware.gpu.cpuOnly() ? 0 : c.n_layers;
    out.capacity_bytes = visible;
    const u64 perToken = std::max<u64>(kvCache(c, block, 1, q.kv, tp).bytes / block / pp, 1);
    out.kv_tokens = e.kvSpace / perToken;
    // SGLang's request-to-token table, on every GPU beside its share: (max_num_reqs + 1) ×
    // (context_len + 4) int32, max_num_reqs = min(max(min(pool tokens / context_len × 512,
    // 4096), 2048), pool tokens / 2) (mem_cache/kv_cache_configurator.py resolve_max_num_reqs,
    // memory_pool.py ReqToTokenPool). At a context of millions it is gigabytes: its
    // Llama 4 guide keeps Scout to 1M tokens on 8 × H100 for it.
    const auto requestTable = [&](u64 ctx) -> u64 {
        if (rt.kind != Runtime::Sglang) {
            return 0;
        }
        const double estimate =
            static_cast<double>(out.kv_tokens) / static_cast<double>(std::max<u64>(ctx, 1)) * 512.0;
        // min(max(min(estimate, 4096), 2048), pool tokens // 2) (resolve_max_num_reqs)
        const u64 reqs = std::min<u64>(
            estimate >= 4096.0 ? 4096 : std::max<u64>(static_cast<u64>(estimate), 2048),
            out.kv_tokens / 2);
        return mul(mul(reqs + 1, add(ctx, 4)), 4);
    };
    const auto holds = [&](u64 t) {
        if (rt.kind == Runtime::Sglang && (t > 8192) != (context > 8192)) {
            const SglangPool pool = sglangPool(t);
            return pool.graphsFit && mul(kvNeed(t), batch) <= pool.kvSpace &&
                   requestTable(t) <= pool.slack;
        }
        return mul(kvNeed(t), batch) <= e.kvSpace && requestTable(t) <= sglangSlack;
    };
    // The longest sequence the pool holds for `batch` sequences at once.
    const u64 limit = std::max<u64>(c.context_length, 1);
    if (e.kvSpace > 0) {
        out.max_context = largestContext(limit, holds);
    }
    if (!e.graphsFit) {
        out.max_context = 0; // the engine fails to start at any context: no room for its graphs
    }
    out.fits = out.max_context >= context && context <= limit && e.graphsFit;
    const u64 need = mul(kvNeed(context), batch);
    // What this workload needs of each GPU: the weights, the activation peak, the reserve and
    // the KV blocks of its sequences (the engine preallocates the rest of its share as more KV
    // blocks: kv_tokens). Its capacity is the engine's share of the device.
    out.load.weight_bytes = weights;
    out.load.kv_bytes = need;
    out.load.buffer_bytes = e.activation;
    out.load.reserve_bytes = add(e.reserve, requestTable(context));
    out.load.total_bytes = add(add(weights, need), add(e.activation, out.load.reserve_bytes));
    // SGLang's: its share and, beside it, the activations, the setup, the graphs and the
    // request table (what the share leaves beyond them holds no KV cache).
    out.capacity_bytes =
        rt.kind == Runtime::TensorRtLlm ? visible
        : rt.kind == Runtime::Sglang
            ? std::min(visible, add(add(e.budget, e.activation), out.load.reserve_bytes))
            : add(e.budget, rt.vllm.cuda_graph_bytes);
    out.tight = out.fits && (e.kvSpace - std::min(e.kvSpace, need)) * 20 < visible;
    // Decode reads every GPU's share of the weights and the batch's KV once per step.
    const WeightMemory wm = weightMemory(c, m.count, p);
    // The checkpoint's bytes as loaded over the precision's nominal ones (an FP8 checkpoint's
    // BF16 layers, a quantized one's 16-bit embedding and head, vLLM's padded MXFP4 experts); a
    // share, not a product of two byte counts, which could exceed 64 bits.
    const double loaded =
        wm.bytes > 0 ? static_cast<double>(loadedBytes) / static_cast<double>(wm.bytes) : 1.0;
    const auto scaled = [loaded](u64 bytes) {
        return static_cast<u64>(static_cast<double>(bytes) * loaded);
    };
    const u64 activeTotal = scaled(wm.active_bytes);
    const u64 embedding = scaled(wm.lookupBytes(c.tied_head));
    out.gpu_read_bytes = add(activeTotal - std::min(activeTotal, embedding),
                             mul(mul(need, tp), pp)); // need is per GPU
    // The server's own options: the split and the context it is started with.
    out.flags = rt.parallelFlags(tp, pp) + " " + rt.contextFlag() +
                std::to_string(std::min(context, std::max<u64>(out.max_context, 1)));
    return out;
}

Placement mlxPlacement(const RunModel& m, const Precision& p, const RunQuery& q, u64 context)
{
    const ModelConfig c = runtimeConfig(m.config, q.runtime);
    const GpuSpec& g = q.hardware.gpu;
    const u64 batch = std::max<u64>(q.batch, 1);
    const WeightMemory w = weightMemory(c, m.count, p);
    const KvCache kv = kvCache(c, context, batch, q.kv, 1);
    const u64 step = std::min(q.runtime.mlx.prefill_step_size, mul(context, batch));
    // A prefill step's hidden states and MLP intermediates, and its logits (mlx-lm computes the
    // head over every token of the step), 2 bytes each.
    const u64 gates = c.mlp == MlpKind::Gated ? 3 : 2;
    const u64 ff = c.isMoe() ? mul(c.moe.experts_per_token, c.moe.expert_d_ff) : c.d_ff;
    const u64 act = mul(mul(step, add(add(mul(2, c.d_model), mul(gates, ff)), c.vocab_size)), 2);
    Placement out;
    out.kind = PlacementKind::Gpus;
    out.gpus = 1;
    out.split.gpus = 1;
    out.layers = c.n_layers;
    out.gpu_layers = g.cpuOnly() ? 0 : c.n_layers;
    const u64 wired = g.usableBytes();
    out.capacity_bytes = wired;
    out.load.weight_bytes = w.bytes;
    out.load.kv_bytes = add(kv.bytes, kv.recurrent_bytes);
    out.load.buffer_bytes = act;
    out.load.total_bytes = add(add(w.bytes, out.load.kv_bytes), act);
    out.fits = out.load.total_bytes <= wired;
    // mlx-lm warns "Generating with a model that requires … close to the maximum recommended
    // size" above 90 % of the wired limit.
    out.tight = out.fits && (w.bytes > mulCeil(wired, q.runtime.mlx.warn_fraction) ||
                             (wired - out.load.total_bytes) * 20 < wired);
    out.gpu_read_bytes = add(w.active_bytes - w.lookupBytes(c.tied_head), kv.bytes);
    out.flags = "mlx_lm.generate --max-kv-size " + std::to_string(context);
    return out;
}

} // namespace llmsizer
