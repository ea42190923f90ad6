// The smallest change that makes a "no" row of runs.h run, tried from the least to the most
// disruptive: a shorter context, a smaller KV cache type, MoE experts in RAM, a lower
// precision the runtime offers, more system RAM, more GPUs of the same kind, a raised wired limit.
#include "llmsizer/shape/runs.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"
#include "runs_internal.h"

#include <algorithm>
#include <cmath>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

// The largest unified-memory device sold: Apple's Mac Studio with M3 Ultra, 512 GB (Apple,
// March 2025; the catalog's m3-ultra-512gb). A "no" never names a larger one.
constexpr u64 kLargestUnifiedGiB = 512;

std::string gbText(u64 bytes)
{
    return formatBytes(bytes, ByteUnits::Decimal, 1);
}

bool runsAnyWay(const RunModel& m, const Precision& p, const RunQuery& q, u64 context, u64 gpus)
{
    return placeModel(m, p, q, context, gpus, false).fits ||
           (mayUseRam(q) && placeModel(m, p, q, context, gpus, true).fits);
}

// The fewest GPUs of this kind that hold it whole, beyond the machine's; 0 when none up to 64
// (or eight times the machine) does, or the device has no second of its kind.
u64 fewestGpus(const RunModel& m, const Precision& p, const RunQuery& q, u64 context, u64 machine)
{
    const Hardware& hw = q.hardware;
    if (hw.gpu.cpuOnly() || hw.gpu.unified_memory) {
        return 0;
    }
    const u64 node = std::max<u64>(hw.gpus_per_node, 1);
    for (u64 n = machine + 1; n <= std::max<u64>(machine * 8, 64); ++n) {
        if (q.runtime.tensorParallel() && n <= node && (n & (n - 1)) != 0) {
            continue;
        }
        if (q.runtime.tensorParallel() && n > node && n % node != 0) {
            continue;
        }
        if (placeModel(m, p, q, context, n, false).fits) {
            return n;
        }
    }
    return 0;
}

// "8 more GPUs (16 in all)", beyond one node "55 more GPUs (56 in all: 7 nodes of 8)"; empty for
// none.
std::string moreGpusText(u64 n, u64 machine, const RunQuery& q)
{
    if (n == 0) {
        return {};
    }
    const u64 node = std::max<u64>(q.hardware.gpus_per_node, 1);
    const std::string nodes = n > node && n % node == 0 ? ": " + std::to_string(n / node) +
                                                              " nodes of " + std::to_string(node)
                                                        : std::string();
    return std::to_string(n - machine) + " more GPU" + (n - machine > 1 ? "s" : "") + " (" +
           std::to_string(n) + " in all" + nodes + ")";
}

std::string moreGpus(const RunModel& m, const Precision& p, const RunQuery& q, u64 context,
                     u64 machine)
{
    return moreGpusText(fewestGpus(m, p, q, context, machine), machine, q);
}

// MLX above the wired limit: "a raised wired limit (sudo sysctl iogpu.wired_limit_mb=N)", the
// model's MiB and 1 GiB more, when that keeps a tenth of the machine to macOS (mlx-lm's
// README: "larger than the size of the model in megabytes but smaller than the memory size of
// the machine"); empty otherwise.
std::string raisedWiredLimit(const RunModel& m, const Precision& p, const RunQuery& q, u64 context)
{
    if (q.runtime.kind != Runtime::Mlx) {
        return {};
    }
    // The sysctl takes MiB: the model's, rounded up, and 1 GiB more, within nine tenths of the
    // machine.
    const Placement pl = placeModel(m, p, q, context, 1, false);
    const u64 mib = u64{1} << 20;
    const u64 limit = (pl.load.total_bytes + mib - 1) / mib + 1024;
    if (limit > q.hardware.gpu.memory_bytes / mib / 10 * 9) {
        return {};
    }
    return "a raised wired limit (sudo sysctl iogpu.wired_limit_mb=" + std::to_string(limit) + ")";
}

// The precisions the runtime offers below `p`, the highest first.
std::vector<Precision> lowerPrecisions(const RunModel& m, const Precision& p, const RunQuery& q)
{
    const auto bits = [](const Precision& x) {
        return static_cast<double>(x.bpw.bits) /
               static_cast<double>(std::max<u64>(x.bpw.weights, 1));
    };
    std::vector<Precision> lower;
    for (const Precision& x : runPrecisions(q.runtime, m.shipped_precision)) {
        if (bits(x) < bits(p) && precisionRunsOn(q.runtime, q.hardware.gpu, x)) {
            lower.push_back(x);
        }
    }
    std::sort(lower.begin(), lower.end(),
              [&](const Precision& a, const Precision& b) { return bits(a) > bits(b); });
    return lower;
}

// SGLang's share (its own error's advice: "Raise --mem-fraction-static"): the smallest share in
// hundredths above its default, up to 0.95, with which the model runs (what the share leaves
// must still hold the activations and CUDA graphs, placement's graphsFit). Empty when none does
// or the share is set.
std::string sglangShareRaised(const RunModel& m, const Precision& p, const RunQuery& q, u64 context,
                              u64 machine, double byDefault)
{
    if (q.runtime.sglang.mem_fraction_static.num != 0) {
        return {};
    }
    for (auto k = static_cast<u64>(std::floor(byDefault * 100)) + 1; k <= 95; ++k) {
        RunQuery r = q;
        r.runtime.sglang.mem_fraction_static = {k, 100};
        if (placeModel(m, p, r, context, machine, false).fits) {
            return "--mem-fraction-static " + text::fixed(static_cast<double>(k) / 100, 2) +
                   " (SGLang's default here is " + text::fixed(byDefault, 3) +
                   "; the rest still holds the activations and CUDA graphs as counted here)";
        }
    }
    return {};
}

} // namespace

std::string smallestChange(const RunModel& m, const Precision& p, const RunQuery& q,
                           std::uint64_t context, std::uint64_t machineContext)
{
    const Hardware& hw = q.hardware;
    const u64 machine = machineDevices(hw);
    const bool servingFlag = q.runtime.kind == Runtime::Vllm;
    // 0. vLLM's share set so high that its CUDA graphs do not fit beside it: the default share.
    const Ratio defaultShare = runtimeProfile(Runtime::Vllm).vllm.gpu_memory_utilization;
    if (servingFlag && q.runtime.vllm.gpu_memory_utilization.value() > defaultShare.value()) {
        RunQuery d = q;
        d.runtime.vllm.gpu_memory_utilization = defaultShare;
        if (!placeModel(m, p, q, 1, machine, false).fits && runsAnyWay(m, p, d, context, machine)) {
            return "--gpu-memory-utilization " + text::fixed(defaultShare.value(), 2) +
                   " (the share asked for leaves too little beside it for the CUDA graphs)";
        }
    }
    // 0b. SGLang: a share set so high that the activations and graphs do not fit beside it (its
    // pool holds the weights, yet nothing runs): the highest share in hundredths, at most 0.95
    // and down to the default, that runs; else the default and what else it takes. At its default,
    // the share raised.
    if (q.runtime.kind == Runtime::Sglang && !hw.gpu.cpuOnly()) {
        RunQuery d = q;
        d.runtime.sglang.mem_fraction_static = {0, 1};
        const Placement dflt = placeModel(m, p, d, context, machine, false);
        const double byDefault =
            sglangMemory(d.runtime.sglang,
                         sglangEngine(q, runtimeConfig(m.config, q.runtime), dflt.split, context))
                .mem_fraction_static.value();
        const double set = q.runtime.sglang.mem_fraction_static.value();
        // The placement at the share set, only when one is set above the default (at the
        // default it is dflt).
        const auto graphsCrowded = [&] {
            const Placement mine = placeModel(m, p, q, context, machine, false);
            return mine.kv_tokens > 0 && mine.max_context == 0;
        };
        if (q.runtime.sglang.mem_fraction_static.num != 0 && set > byDefault && graphsCrowded()) {
            const std::string why = " (the share asked for leaves too little beside it for the "
                                    "activations and CUDA graphs)";
            for (auto k = std::min<u64>(static_cast<u64>(std::ceil(set * 100)) - 1, 95);
                 static_cast<double>(k) / 100 > byDefault; --k) {
                RunQuery r = q;
                r.runtime.sglang.mem_fraction_static = {k, 100};
                if (placeModel(m, p, r, context, machine, false).fits) {
                    return "--mem-fraction-static " + text::fixed(static_cast<double>(k) / 100, 2) +
                           why;
                }
            }
            const std::string rest =
                dflt.fits ? std::string() : smallestChange(m, p, d, context, machineContext);
            return "--mem-fraction-static " + text::fixed(byDefault, 3) + ", SGLang's default" +
                   why + (rest.empty() ? std::string() : "; and " + rest);
        }
        if (std::string raised = sglangShareRaised(m, p, q, context, machine, byDefault);
            !raised.empty()) {
            return raised;
        }
    }
    // 1. vLLM: fewer sequences at once (no loss to a single user), so that the profile's sampler
    // (max_num_seqs rows of logits over the vocabulary) leaves the KV cache room; 256 is vLLM's own
    // default on GPUs under 70 GiB.
    if (servingFlag && q.runtime.vllm.max_num_seqs == 0) {
        RunQuery s = q;
        u64 shorter = 0; // the longest context with 256 sequences
        for (const u64 seqs : {u64{256}, u64{64}, u64{16}}) {
            s.runtime.vllm.max_num_seqs = seqs;
            const Placement pl = placeModel(m, p, s, context, machine, false);
            if (seqs >= q.batch && pl.fits) {
                return "--max-num-seqs " + std::to_string(seqs) +
                       " (fewer sequences' logits in vLLM's sampler profile)";
            }
            shorter = seqs == 256 ? pl.max_context : shorter;
        }
        // Nothing runs at vLLM's defaults, something does with 256 sequences and less context.
        if (machineContext == 0 && q.batch <= 256 && shorter >= std::min<u64>(1024, context)) {
            return "--max-num-seqs 256 and a context of " + withThousands(shorter) +
                   " tokens (--max-model-len " + std::to_string(shorter) + ")";
        }
    }
    // 1b. The context: it runs, shorter (a few hundred tokens is no answer to give first).
    const std::vector<Precision> lower = lowerPrecisions(m, p, q);
    if (machineContext >= std::min<u64>(1024, context) && machineContext < context) {
        const std::string flag = q.runtime.contextFlag();
        std::string shorter =
            "a context of " + withThousands(machineContext) + " tokens" +
            (flag.empty() ? std::string() : " (" + flag + std::to_string(machineContext) + ")");
        // Under half the context asked for: also the highest lower precision that keeps it.
        if (machineContext < context / 2) {
            for (const Precision& x : lower) {
                if (runsAnyWay(m, x, q, context, machine)) {
                    return shorter + "; or " + x.label + " weights";
                }
            }
        }
        return shorter;
    }
    // 2. A smaller KV cache: llama.cpp's q8_0 (with flash attention), vLLM's fp8.
    const std::string smallerKv = q.runtime.llamaCppFamily()  ? "q8_0"
                                  : q.runtime.servingEngine() ? "fp8"
                                                              : "";
    if (!smallerKv.empty() && q.kv.id != smallerKv && q.kv.bpw.bits * 2 > q.kv.bpw.weights * 9) {
        RunQuery k = q;
        k.kv = kvPrecisionById(smallerKv);
        if (runsAnyWay(m, p, k, context, machine)) {
            return q.runtime.llamaCppFamily() ? "a q8_0 KV cache (-ctk q8_0 -ctv q8_0)"
                                              : "an FP8 KV cache (--kv-cache-dtype fp8)";
        }
    }
    // 3. MoE experts in RAM (llama.cpp; Ollama's fit does it by itself), if RAM were given.
    if (q.runtime.llamaCppFamily() && m.config.isMoe() && hw.ram_bytes == 0 &&
        !hw.gpu.unified_memory && !hw.gpu.cpuOnly()) {
        RunQuery r = q;
        r.hardware.ram_bytes = u64{1} << 50; // as much as needed: how much is the answer
        const Placement pl = placeModel(m, p, r, context, machine, true);
        if (pl.fits && pl.kind == PlacementKind::ExpertsInRam) {
            return "experts in system RAM (" + pl.flags + "), with " + gbText(pl.host_bytes) +
                   " of RAM";
        }
    }
    // 4. A lower precision the runtime offers.
    for (const Precision& x : lower) {
        if (runsAnyWay(m, x, q, context, machine)) {
            // Or, keeping the precision: more GPUs, or under MLX a raised wired limit.
            std::string more = moreGpus(m, p, q, context, machine);
            if (more.empty()) {
                more = raisedWiredLimit(m, p, q, context);
            }
            return x.label + " weights" + (more.empty() ? std::string() : "; or " + more);
        }
    }
    // 5. System RAM for experts or layers (llama.cpp, transformers): none given, or too little.
    if (q.runtime.offloads() && !hw.gpu.unified_memory && !hw.gpu.cpuOnly()) {
        RunQuery r = q;
        r.hardware.ram_bytes = u64{1} << 50;
        const Placement pl = placeModel(m, p, r, context, machine, true);
        if (pl.fits && pl.host_bytes > hw.ram_bytes) {
            return gbText(pl.host_bytes) + " of system RAM for " +
                   (pl.kind == PlacementKind::ExpertsInRam ? "experts (" : "layers (") + pl.flags +
                   ")" + (hw.ram_bytes > 0 ? " instead of " + gbText(hw.ram_bytes) : std::string());
        }
    }
    // 6. More GPUs of this kind; and when a lower precision needs at most half as many, that
    // too (Llama 3 70B BF16 on 16 GB cards: 16 GPUs, or 4 in INT4).
    if (const u64 n = fewestGpus(m, p, q, context, machine); n > 0) {
        std::string alt;
        u64 fewest = n;
        for (const Precision& x : lower) {
            const u64 k = fewestGpus(m, x, q, context, machine);
            if (k > 0 && k * 2 <= n && k < fewest) {
                fewest = k;
                alt = "; or " + x.label + " weights and " + moreGpusText(k, machine, q);
            }
        }
        return moreGpusText(n, machine, q) + alt;
    }
    // 6b. Too large for 64 GPUs of this kind at its precision: a lower precision with more
    // GPUs (DeepSeek-V3 BF16 on 16 GB cards: "FP8 weights and 55 more GPUs (56 in all)"), and
    // a still lower one when it needs at least a quarter fewer GPUs ("; or INT4 (group 128)
    // weights and 31 more GPUs (32 in all)"): both trade precision, so the GPUs decide.
    for (auto x = lower.begin(); x != lower.end(); ++x) {
        const u64 n = fewestGpus(m, *x, q, context, machine);
        if (n == 0) {
            continue;
        }
        std::string alt;
        u64 fewest = n;
        for (auto y = std::next(x); y != lower.end(); ++y) {
            const u64 k = fewestGpus(m, *y, q, context, machine);
            if (k > 0 && k * 4 <= n * 3 && k < fewest) {
                fewest = k;
                alt = "; or " + y->label + " weights and " + moreGpusText(k, machine, q);
            }
        }
        return x->label + " weights and " + moreGpusText(n, machine, q) + alt;
    }
    // 7. A CPU-only machine with more RAM.
    if (hw.gpu.cpuOnly()) {
        const Placement pl = placeModel(m, p, q, context, 1, false);
        const u64 need =
            static_cast<u64>(static_cast<double>(pl.load.total_bytes) / hw.gpu.usable_fraction) + 1;
        const u64 gb = (need + 999'999'999) / 1'000'000'000;
        return std::to_string(gb) + " GB of RAM instead of " +
               gbText(hw.ram_bytes > 0 ? hw.ram_bytes : hw.gpu.memory_bytes);
    }
    // 8. MLX above the wired limit: raise it.
    if (std::string wired = raisedWiredLimit(m, p, q, context); !wired.empty()) {
        return wired;
    }
    // 9. One pool of unified memory (Apple silicon, DGX Spark, Strix Halo) that is too small
    // even at the lowest precision: the size of device it needs, in GiB as those devices are
    // sold. llama.cpp (and transformers) use all of it but the system's part; MLX the GPU's
    // default share (usable_fraction), or with a raised wired limit nine tenths of it. Beyond
    // the largest sold, a lower precision with it, else that none holds it.
    if (hw.gpu.unified_memory && hw.gpu.usable_fraction > 0) {
        const auto deviceFor = [&](const Precision& x) -> std::string {
            const double bytes =
                static_cast<double>(placeModel(m, x, q, context, 1, false).load.total_bytes);
            const auto gib = [](double b) { return static_cast<u64>(std::ceil(b / 1073741824.0)); };
            if (q.runtime.offloads()) {
                const u64 g = gib(bytes + static_cast<double>(hw.unified_os_reserve_bytes));
                return g > kLargestUnifiedGiB
                           ? std::string()
                           : "a device with at least " + std::to_string(g) +
                                 " GiB of unified memory (all but the system's " +
                                 text::general(static_cast<double>(hw.unified_os_reserve_bytes) /
                                                   1073741824.0,
                                               3) +
                                 " GiB for the model)";
            }
            const u64 g = gib(bytes / hw.gpu.usable_fraction);
            if (g <= kLargestUnifiedGiB) {
                return "a device with at least " + std::to_string(g) + " GiB of unified memory (" +
                       std::to_string(std::lround(hw.gpu.usable_fraction * 100)) +
                       "% of it for the GPU)";
            }
            const u64 raised = gib(bytes / 0.9);
            return q.runtime.kind != Runtime::Mlx || raised > kLargestUnifiedGiB
                       ? std::string()
                       : "a device with at least " + std::to_string(raised) +
                             " GiB of unified memory and a raised wired limit (90% of it)";
        };
        if (std::string d = deviceFor(p); !d.empty()) {
            return d;
        }
        for (const Precision& x : lower) {
            if (std::string d = deviceFor(x); !d.empty()) {
                return x.label + " weights and " + d;
            }
        }
        return "no device of unified memory holds it (the largest sold has " +
               std::to_string(kLargestUnifiedGiB) + " GiB): several machines or GPUs";
    }
    return {};
}

} // namespace llmsizer
