// A model placed in memory as each runtime places it (runs.h placeModel; docs/memory.md,
// "Runtimes"): llama.cpp's layer split with the token embedding in host RAM, its MoE expert and
// layer offload; vLLM's, SGLang's and TensorRT-LLM's preallocated KV pools; MLX's wired limit;
// transformers through the fit check.
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

u64 add(u64 a, u64 b)
{
    return checkedAdd(a, b, "placement bytes");
}

u64 mul(u64 a, u64 b)
{
    return checkedMul(a, b, "placement bytes");
}

bool unified(const GpuSpec& g)
{
    return g.unified_memory || g.memoryClass() == MemoryClass::Unified ||
           g.memoryClass() == MemoryClass::Lpddr5x || g.cpuOnly();
}

// The pool of a unified-memory device: its own memory, or for a CPU-only machine the RAM given.
u64 poolBytes(const Hardware& hw)
{
    if (hw.gpu.cpuOnly() && hw.ram_bytes > 0) {
        return hw.ram_bytes;
    }
    return hw.gpu.memory_bytes;
}

// ---- llama.cpp -----------------------------------------------------------------------------

struct LlamaInputs {
    ModelConfig config;
    InferenceParams params;
    LayerSplit split;
    u64 sequences = 1;
};

// Per-layer KV as llama.cpp allocates it: one unified cache of n_ctx = context × sequences cells
// for full layers; sliding layers min(n_ctx, window × sequences + n_ubatch) cells
// (src/llama-kv-cache-iswa.cpp).
void llamaKv(LlamaInputs& in)
{
    const ModelConfig& c = in.config;
    const KvCache kv = kvCache(c, 1, 1, in.params.kv, 1);
    const u64 cells = mul(in.params.context, in.sequences);
    const u64 swaCells =
        c.sliding_window == 0
            ? cells
            : std::min(cells, add(mul(c.sliding_window, in.sequences), in.params.workspace.ubatch));
    u64 attnIndex = 0;
    const u64 state =
        kv.recurrent_layers == 0 ? 0 : mul(kv.recurrent_bytes / kv.recurrent_layers, in.sequences);
    for (LayerMemory& layer : in.split.layers) {
        layer.kv_bytes = 0;
        if (layer.attention) {
            bool global = true;
            if (c.sliding_window != 0) {
                global = c.global_every != 0 && (attnIndex + 1) % c.global_every == 0;
            }
            layer.kv_bytes = mul(kv.bytes_per_token_layer_global, global ? cells : swaCells);
            ++attnIndex;
        }
        if (layer.mixer) {
            layer.kv_bytes = add(layer.kv_bytes, state);
        }
    }
}

LlamaInputs llamaInputs(const RunModel& m, const Precision& p, const RunQuery& q, u64 context)
{
    LlamaInputs in;
    in.config = runtimeConfig(m.config, q.runtime);
    in.sequences =
        q.batch * (q.runtime.kind == Runtime::Ollama ? q.runtime.ollama.num_parallel : 1);
    in.params.weights = p;
    in.params.weight_params.gguf.keep_experts_mxfp4 = keepsExpertsMxfp4(m, p);
    in.params.kv = q.kv;
    in.params.context = context;
    in.params.batch = in.sequences;
    in.params.workspace.ubatch = q.runtime.llama_cpp.n_ubatch;
    in.params.workspace.flash_attention = q.runtime.llama_cpp.flash_attention;
    in.split = layerSplit(in.config, m.count, in.params);
    llamaKv(in);
    return in;
}

// llama.cpp's compute buffer on one GPU: the attention phase on every GPU, the output phase
// (logits) where the output layer is (memory.h WorkspaceParams).
u64 computeBuffer(const LlamaInputs& in, bool output)
{
    const ModelConfig& c = in.config;
    const u64 cells = mul(in.params.context, in.sequences);
    const u64 tokens = std::min(in.params.workspace.ubatch, cells);
    u64 q = 0;
    u64 kv = 0;
    if (c.attention == AttentionKind::Latent) {
        q = mul(c.n_heads, c.mla.qk_nope_head_dim + c.mla.qk_rope_head_dim);
        kv = q + mul(c.n_heads, c.mla.v_head_dim);
    } else {
        q = mul(c.n_heads, c.effectiveHeadDim());
        kv = mul(2 * c.n_kv_heads, c.effectiveHeadDim());
    }
    u64 perToken = c.d_model + q + kv;
    if (!in.params.workspace.flash_attention) {
        perToken = add(perToken, mul(c.n_heads, cells));
    }
    if (output) {
        perToken = std::max(perToken, c.vocab_size + c.d_model);
    }
    return mul(mul(tokens, perToken), 4);
}

struct LlamaPlan {
    bool fits = false;
    std::vector<u64> gpuBytes;
    GpuLoad worst;
    u64 host = 0;
    u64 hostKv = 0; // of host, the KV cache of the layers in RAM
    u64 gpuRead = 0;
    u64 hostRead = 0;
    u64 gpuExpertRead = 0;         // of gpuRead, the visited routed experts
    u64 hostExpertRead = 0;        // of hostRead, the same
    std::vector<u64> layersPerGpu; // a tensor split (-ts) by bytes; empty: even by layers
};

// Which GPU each of the layers [ramLayers, L) goes to, by bytes: contiguous runs of layers that
// give each GPU an equal share of what the GPUs hold, the output layer with the last. With the
// experts of the first layers in RAM, an even split by layers (llama.cpp's default) would leave
// the first GPU nearly empty and the last full; `-ts` gives llama.cpp the split.
std::vector<u64> splitByBytes(const LayerSplit& s, u64 ramLayers, u64 cpuMoe, u64 gpus, u64 output)
{
    const u64 L = s.layers.size();
    std::vector<u64> bytes;
    u64 total = output;
    for (u64 i = ramLayers; i < L; ++i) {
        const LayerMemory& layer = s.layers[i];
        bytes.push_back(
            add(layer.weight_bytes - (i < cpuMoe ? layer.expert_bytes : 0), layer.kv_bytes));
        total = add(total, bytes.back());
    }
    std::vector<u64> gpuOf;
    const double share = static_cast<double>(total) / static_cast<double>(gpus);
    double before = 0;
    for (const u64 b : bytes) {
        const double mid = before + static_cast<double>(b) / 2;
        gpuOf.push_back(std::min<u64>(gpus - 1, static_cast<u64>(mid / share)));
        before += static_cast<double>(b);
    }
    return gpuOf;
}

// Layers [0, ramLayers) in RAM, the others split evenly over `gpus` GPUs in order (llama.cpp
// -sm layer with equal free memory: layer i of the n on GPU floor(i·gpus/n)), the experts of
// the first `cpuMoe` layers in RAM; the output layer with the last layer when every layer is on
// a GPU.
LlamaPlan llamaPlan(const LlamaInputs& in, const RunQuery& q, u64 gpus, u64 ramLayers, u64 cpuMoe,
                    u64 capacity)
{
    const LayerSplit& s = in.split;
    const u64 L = s.layers.size();
    const u64 onGpu = L - ramLayers;
    const LlamaCppSettings& ls = q.runtime.llama_cpp;
    const bool cpu = q.hardware.gpu.cpuOnly();
    LlamaPlan plan;
    std::vector<GpuLoad> loads(std::max<u64>(gpus, 1));
    const bool outputOnGpu = ramLayers == 0 && !cpu;
    const u64 tied = in.config.tied_head ? s.embedding_bytes : 0;
    const bool byBytes = cpuMoe > 0 && gpus > 1 && !cpu;
    const std::vector<u64> gpuOf =
        byBytes
            ? splitByBytes(s, ramLayers, cpuMoe, gpus, outputOnGpu ? add(s.output_bytes, tied) : 0)
            : std::vector<u64>{};
    if (byBytes) {
        plan.layersPerGpu.assign(gpus, 0);
        for (const u64 g : gpuOf) {
            ++plan.layersPerGpu[g];
        }
    }
    for (u64 i = 0; i < L; ++i) {
        const LayerMemory& layer = s.layers[i];
        const bool expertsInRam = i < cpuMoe;
        const u64 experts = expertsInRam ? layer.expert_bytes : 0;
        const u64 activeExperts = expertsInRam ? layer.active_expert_bytes : 0;
        if (i < ramLayers || cpu) {
            plan.host = add(plan.host, add(layer.weight_bytes, layer.kv_bytes));
            plan.hostKv = add(plan.hostKv, layer.kv_bytes);
            plan.hostRead = add(plan.hostRead, add(layer.active_bytes, layer.kv_bytes));
            plan.hostExpertRead = add(plan.hostExpertRead, layer.active_expert_bytes);
            continue;
        }
        const u64 g = byBytes      ? gpuOf[i - ramLayers]
                      : onGpu == 0 ? 0
                                   : (i - ramLayers) * gpus / onGpu;
        loads[g].weight_bytes = add(loads[g].weight_bytes, layer.weight_bytes - experts);
        loads[g].kv_bytes = add(loads[g].kv_bytes, layer.kv_bytes);
        plan.host = add(plan.host, experts);
        plan.hostRead = add(plan.hostRead, activeExperts);
        plan.hostExpertRead = add(plan.hostExpertRead, activeExperts);
        plan.gpuRead = add(plan.gpuRead, add(layer.active_bytes - activeExperts, layer.kv_bytes));
        plan.gpuExpertRead = add(plan.gpuExpertRead, layer.active_expert_bytes - activeExperts);
    }
    // The input layer stays in host memory (a tied head's matrix is copied to the output's
    // device); without the host rule it sits with the first layer.
    u64 input = s.input_bytes;
    if (!ls.embedding_in_host && !cpu && ramLayers == 0) {
        loads.front().weight_bytes = add(loads.front().weight_bytes, input);
        input = 0;
    }
    plan.host = add(plan.host, input);
    const u64 last = loads.size() - 1;
    if (outputOnGpu) {
        loads[last].weight_bytes = add(loads[last].weight_bytes, add(s.output_bytes, tied));
        plan.gpuRead = add(plan.gpuRead, add(s.output_active_bytes, tied));
    } else {
        plan.host = add(plan.host, s.output_bytes);
        plan.hostRead = add(plan.hostRead, add(s.output_active_bytes, tied));
    }
    plan.fits = true;
    const u64 used = cpu ? 1 : loads.size();
    for (u64 g = 0; g < used; ++g) {
        GpuLoad& l = loads[g];
        // The logits are computed where the output layer is: on the last GPU, or in RAM.
        l.buffer_bytes = computeBuffer(in, outputOnGpu && g == last);
        // Under Ollama also its per-GPU overhead and the margin llama.cpp's fit keeps free.
        const OllamaSettings& o = q.runtime.ollama;
        l.reserve_bytes =
            cpu ? 0
                : add(ls.device_reserve_bytes, q.runtime.kind == Runtime::Ollama
                                                   ? add(o.gpu_overhead_bytes, o.fit_margin_bytes)
                                                   : 0);
        if (cpu) {
            // A CPU-only machine holds it all in RAM: its weights, and its KV cache apart.
            l.weight_bytes = plan.host - plan.hostKv;
            l.kv_bytes = plan.hostKv;
            l.buffer_bytes = computeBuffer(in, true);
        }
        l.total_bytes = add(add(l.weight_bytes, l.kv_bytes), add(l.buffer_bytes, l.reserve_bytes));
        plan.gpuBytes.push_back(l.total_bytes);
        if (l.total_bytes >= plan.worst.total_bytes) {
            plan.worst = l;
        }
        plan.fits = plan.fits && l.total_bytes <= capacity;
    }
    if (cpu) {
        plan.gpuRead = plan.hostRead;
        plan.gpuExpertRead = plan.hostExpertRead;
        plan.hostRead = 0;
        plan.hostExpertRead = 0;
        plan.host = 0;
    }
    return plan;
}

// What the CPU side may hold. On a unified pool it is the same memory as the GPU's share: what
// that share leaves, less what the system keeps.
u64 hostCapacity(const Hardware& hw, u64 gpuUsed)
{
    if (unified(hw.gpu)) {
        const u64 pool = poolBytes(hw);
        const u64 left = pool > gpuUsed ? pool - gpuUsed : 0;
        return hw.gpu.cpuOnly() ? left : left - std::min(left, hw.unified_os_reserve_bytes);
    }
    return hw.ram_bytes;
}

Placement llamaPlacement(const RunModel& m, const Precision& p, const RunQuery& q, u64 context,
                         u64 gpus, bool allowRam)
{
    const LlamaInputs in = llamaInputs(m, p, q, context);
    const u64 L = in.split.layers.size();
    const u64 capacity = deviceCapacity(q);
    Placement out;
    out.layers = L;
    out.capacity_bytes = capacity;
    auto finish = [&](const LlamaPlan& plan, PlacementKind kind, u64 ram, u64 moe) {
        out.kind = kind;
        out.gpus = q.hardware.gpu.cpuOnly() ? 1 : gpus;
        out.split.gpus = out.gpus;
        out.split.pipeline_parallel = q.runtime.llama_cpp.row_split ? 1 : out.gpus;
        out.split.tensor_parallel = q.runtime.llama_cpp.row_split ? out.gpus : 1;
        out.gpu_layers = q.hardware.gpu.cpuOnly() ? 0 : L - ram;
        out.cpu_moe_layers = moe;
        out.load = plan.worst;
        out.host_bytes = plan.host;
        u64 gpuUsed = 0;
        for (const u64 b : plan.gpuBytes) {
            gpuUsed = add(gpuUsed, b);
        }
        out.host_capacity = hostCapacity(q.hardware, unified(q.hardware.gpu) ? gpuUsed : 0);
        const bool hostOk = plan.host == 0 || (unified(q.hardware.gpu) || q.hardware.ram_bytes > 0
                                                   ? plan.host <= out.host_capacity
                                                   : kind == PlacementKind::Gpus);
        out.fits = plan.fits && hostOk;
        out.gpu_read_bytes = plan.gpuRead;
        out.host_read_bytes = plan.hostRead;
        out.gpu_expert_read_bytes = plan.gpuExpertRead;
        // Under 5 % to spare: of the GPUs, or, for a plan with weights in RAM (which fills the
        // GPUs by design), of the RAM it may use.
        out.tight = out.fits && kind == PlacementKind::Gpus && capacity > 0 &&
                    (capacity - plan.worst.total_bytes) * 20 < capacity;
        if (out.fits && kind != PlacementKind::Gpus && plan.host > 0 && out.host_capacity > 0) {
            out.tight = (out.host_capacity - std::min(out.host_capacity, plan.host)) * 20 <
                        out.host_capacity;
        }
        return out;
    };
    const LlamaPlan whole = llamaPlan(in, q, gpus, 0, 0, capacity);
    const bool ollama = q.runtime.kind == Runtime::Ollama;
    if (whole.fits || !allowRam || q.hardware.gpu.cpuOnly()) {
        Placement pl = finish(whole, PlacementKind::Gpus, 0, 0);
        if (!q.hardware.gpu.cpuOnly() && !ollama) {
            pl.flags = "-ngl 999" +
                       std::string(
                           gpus > 1 ? " (layer split over " + std::to_string(gpus) + " GPUs)" : "");
        }
        return pl;
    }
    // The GPUs hold less the more is moved to RAM, and RAM holds more: the fewest N whose GPU
    // side fits is the answer, and RAM then either holds its rest or no N works. (Asking first
    // whether everything in RAM fits turned a model larger than the RAM but smaller than RAM and
    // GPUs together into a "no".)
    auto fewestForGpus = [&](bool experts) {
        u64 lo = 1;
        u64 hi = L;
        while (lo < hi) {
            const u64 mid = lo + (hi - lo) / 2;
            if (llamaPlan(in, q, gpus, experts ? 0 : mid, experts ? mid : 0, capacity).fits) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    };
    // MoE: experts of the first N layers in RAM (--n-cpu-moe N), the fewest N that fits. Under
    // Ollama llama.cpp's fit does the same by itself (llama_params_fit_impl: "dense-only layers"
    // before whole layers), with no option to give.
    if (m.config.isMoe() && q.runtime.llamaCppFamily() &&
        llamaPlan(in, q, gpus, 0, L, capacity).fits) {
        const u64 n = fewestForGpus(true);
        const LlamaPlan plan = llamaPlan(in, q, gpus, 0, n, capacity);
        Placement pl = finish(plan, PlacementKind::ExpertsInRam, 0, n);
        if (ollama) {
            // Fit measures the GPUs only: it moves experts whether or not RAM holds them, and
            // never falls back to whole layers for a MoE that the RAM cannot hold this way.
            pl.flags = "chosen by llama.cpp's fit";
            return pl;
        }
        if (pl.fits) {
            pl.flags =
                n >= L ? "-ngl 999 -ot exps=CPU" : "-ngl 999 --n-cpu-moe " + std::to_string(n);
            std::string split;
            for (const u64 k : plan.layersPerGpu) {
                split += (split.empty() ? " -ts " : ",") + std::to_string(k);
            }
            pl.flags += split;
            return pl;
        }
    }
    // Layers in RAM: the fewest first layers (llama.cpp offloads the last n_gpu_layers).
    const LlamaPlan allInRam = llamaPlan(in, q, gpus, L, 0, capacity);
    if (!allInRam.fits) {
        return finish(allInRam, PlacementKind::LayersInRam, L, 0);
    }
    const u64 n = fewestForGpus(false);
    Placement pl = finish(llamaPlan(in, q, gpus, n, 0, capacity), PlacementKind::LayersInRam, n, 0);
    // Under Ollama llama.cpp's fit chooses the layers; num_gpu sets them by hand.
    pl.flags = ollama ? "chosen by llama.cpp's fit, num_gpu " + std::to_string(L - n)
                      : "-ngl " + std::to_string(L - n);
    return pl;
}

} // namespace

bool keepsExpertsMxfp4(const RunModel& m, const Precision& p)
{
    return m.shipped_precision == "mxfp4_experts" &&
           (p.kind == PrecisionKind::GgufFile || p.kind == PrecisionKind::GgmlBlock);
}

ModelConfig runtimeConfig(const ModelConfig& config, const RuntimeProfile& runtime)
{
    ModelConfig c = config;
    const bool dropsAllSliding =
        (runtime.llamaCppFamily() && runtime.llama_cpp.swa_only_interleaved) ||
        runtime.kind == Runtime::Mlx;
    if (dropsAllSliding && c.sliding_window != 0 && c.global_every == 0) {
        c.sliding_window = 0; // a full cache: the runtime does not implement this window
    }
    // vLLM keeps Llama 4's chunked layers out of its hybrid KV cache manager by default
    // (VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE=0, PR 21761: "causes a latency
    // regression"), so every layer holds the whole context. So does SGLang unless its hybrid KV
    // cache is turned on (docs basic_usage/llama4: Scout "up to 1M on 8*H100", 5M "when hybrid kv
    // cache is enabled"), and TensorRT-LLM, whose KvCacheConfig.max_attention_window is None
    // (every layer the whole sequence) unless set.
    if (runtime.servingEngine() && c.chunked_attention) {
        c.sliding_window = 0;
        c.global_every = 0;
    }
    return c;
}

std::uint64_t ollamaVramBytes(const RuntimeProfile& runtime, const Hardware& hw)
{
    // What the driver shows (an L40S with ECC on 46,068 MiB, 44.99 GiB, so 32,768 tokens, not
    // 262,144; an Apple GPU its working-set limit), less OLLAMA_GPU_OVERHEAD; none on a CPU-only
    // machine, which gets the smallest default.
    const OllamaSettings& o = runtime.ollama;
    const u64 vram = mul(hw.gpu.cpuOnly() ? 0 : hw.gpu.usableBytes(), std::max<u64>(hw.gpus, 1));
    const u64 overhead = mul(o.gpu_overhead_bytes, hw.gpus);
    return vram > overhead ? vram - overhead : 0;
}

std::uint64_t ollamaDefaultContext(const RuntimeProfile& runtime, const Hardware& hw,
                                   std::uint64_t modelContext)
{
    const OllamaSettings& o = runtime.ollama;
    const u64 gib = u64{1} << 30;
    const u64 vram = ollamaVramBytes(runtime, hw);
    u64 ctx = o.context_small;
    if (vram >= mul(o.large_from_gib, gib)) {
        ctx = o.context_large;
    } else if (vram >= mul(o.medium_from_gib, gib)) {
        ctx = o.context_medium;
    }
    return modelContext > 0 ? std::min(ctx, modelContext) : ctx;
}

std::string queryContextText(const RunQuery& query)
{
    if (!query.ollamaDefault()) {
        return "context " + withThousands(query.context);
    }
    // The VRAM Ollama sees, which picks the figure (an L40S with ECC on: 44.99 GiB, not 48).
    const double vram = static_cast<double>(ollamaVramBytes(query.runtime, query.hardware)) /
                        static_cast<double>(u64{1} << 30);
    return "Ollama's default context (" +
           withThousands(ollamaDefaultContext(query.runtime, query.hardware, 0)) +
           (query.hardware.gpu.cpuOnly()
                ? std::string(" tokens with no GPU")
                : " tokens at the " + text::general(vram, 4) + " GiB of VRAM Ollama sees") +
           ", at most each model's own)";
}

std::uint64_t runtimeCapacity(const RuntimeProfile& runtime, const GpuSpec& gpu)
{
    if (runtime.servingEngine() && !unified(gpu)) {
        // The driver shows a process 0.99 of an HBM card; of a GDDR card with ECC on, only what
        // ECC leaves (the catalog's usable fraction: an L40S's 46,068 of 49,152 MiB).
        if (gpu.usable_fraction < runtime.vllm.visible_fraction.value()) {
            return gpu.usableBytes();
        }
        return mulCeil(gpu.memory_bytes, runtime.vllm.visible_fraction) - 1;
    }
    return gpu.usableBytes();
}

std::uint64_t deviceCapacity(const RunQuery& q)
{
    const GpuSpec& g = q.hardware.gpu;
    if (g.cpuOnly() && q.hardware.ram_bytes > 0) {
        return static_cast<u64>(static_cast<double>(q.hardware.ram_bytes) * g.usable_fraction);
    }
    // A unified pool whose GPU may take all of it (DGX Spark) still leaves the system its part;
    // an Apple GPU's wired share (3/4 or 2/3) leaves more than that already.
    const u64 capacity = runtimeCapacity(q.runtime, g);
    if (unified(g) && !g.cpuOnly()) {
        const u64 pool = poolBytes(q.hardware);
        return std::min(capacity, pool - std::min(pool, q.hardware.unified_os_reserve_bytes));
    }
    return capacity;
}

Placement placeModel(const RunModel& model, const Precision& precision, const RunQuery& query,
                     std::uint64_t context, std::uint64_t gpus, bool allowRam)
{
    if (query.runtime.llamaCppFamily()) {
        return llamaPlacement(model, precision, query, context, gpus, allowRam);
    }
    if (query.runtime.servingEngine()) {
        return servingPlacement(model, precision, query, context, gpus);
    }
    if (query.runtime.kind == Runtime::Mlx) {
        return mlxPlacement(model, precision, query, context);
    }
    // transformers with accelerate's device_map="auto": whole layers per GPU in turn, the
    // embedding with the first, layers that do not fit in CPU RAM; the CUDA context per GPU.
    RunQuery q = query;
    q.runtime.llama_cpp.embedding_in_host = false;
    q.runtime.llama_cpp.device_reserve_bytes = query.runtime.transformers.cuda_context_bytes;
    q.runtime.llama_cpp.row_split = false;
    Placement pl = llamaPlacement(model, precision, q, context, gpus, allowRam);
    pl.flags = pl.kind == PlacementKind::LayersInRam ? "device_map=\"auto\" (layers in CPU RAM)"
                                                     : "device_map=\"auto\"";
    return pl;
}

} // namespace llmsizer
