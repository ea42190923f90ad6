// Fit check: the per-GPU memory of a layout (from inferenceMemory / trainingMemory), compared
// with one device's usable capacity, and the fewest devices that would hold the workload.
#include "llmsizer/shape/fit.h"

#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/format.h"
#include "shape/fit_internal.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <optional>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

// The most-loaded pipeline stage as a model of its own: ceil(L/p) layers (MoE layers first, as
// they are the heavier) plus one vocabulary matrix, the embedding on the first stage or the
// LM head on the last (Megatron places them so).
ModelConfig stageConfig(const ModelConfig& c, u64 p)
{
    if (p <= 1) {
        return c;
    }
    ModelConfig s = c;
    s.n_layers = ceilDiv(c.n_layers, p);
    s.tied_head = true;
    if (c.single.any()) {
        // Nemotron-H: the stage keeps the shares of attention-only and mixer layers.
        const auto share = [&](u64 part) { return part * s.n_layers / c.n_layers; };
        s.single.attention_only = share(c.single.attention_only);
        s.mixer.layers = share(c.mixer.layers);
        s.single.mlp_only = s.n_layers - s.single.attention_only - s.mixer.layers;
        if (s.mixer.layers == 0) {
            s.mixer = MixerLayers{};
        }
    } else if (c.mixer.layout == MixerLayout::Parallel || c.mixer.layers == c.n_layers) {
        // A mixer in every layer (Mamba, Falcon-H1's parallel layers) stays in every layer.
        s.mixer.layers = c.mixer.layers == 0 ? 0 : s.n_layers;
    } else if (c.mixer.layers > 0) {
        // The heaviest stage: as many attention layers (KV cache) as it can hold, the rest mixer
        // layers.
        const u64 attn = std::min(c.attentionLayers(), s.n_layers - 1);
        s.mixer.layers = s.n_layers - attn;
    }
    if (c.shared.blocks > 0) {
        s.shared.layers = std::min(c.shared.layers, s.n_layers);
    }
    // The heaviest stage holds layers with a KV cache of their own (Gemma 3n's shared ones last).
    s.kv_shared_layers = s.n_layers > c.n_layers - c.kv_shared_layers
                             ? s.n_layers - (c.n_layers - c.kv_shared_layers)
                             : 0;
    if (c.isMoe() && !c.single.any()) {
        const u64 moe = c.moeLayers();
        s.moe.first_dense_layers = s.n_layers > moe ? s.n_layers - moe : 0;
        s.moe.every = 1; // the stage holds as many MoE layers as it can (the heaviest stage)
    }
    return s;
}

std::string gib(u64 bytes)
{
    return formatBytes(bytes, ByteUnits::Binary, 1);
}

std::string describeSplit(const ParallelSplit& s)
{
    std::string out = std::to_string(s.gpus) + (s.gpus == 1 ? " GPU" : " GPUs");
    std::vector<std::string> parts;
    if (s.tensor_parallel > 1) {
        parts.push_back("tensor parallel " + std::to_string(s.tensor_parallel));
    }
    if (s.pipeline_parallel > 1) {
        parts.push_back("pipeline parallel " + std::to_string(s.pipeline_parallel));
    }
    if (s.data_parallel > 1) {
        parts.push_back("data parallel " + std::to_string(s.data_parallel));
    }
    for (std::size_t i = 0; i < parts.size(); ++i) {
        out += (i == 0 ? " (" : ", ") + parts[i];
    }
    if (!parts.empty()) {
        out += s.nodes > 1 ? ", " + std::to_string(s.nodes) + " nodes)" : ")";
    }
    return out;
}

std::int64_t signedDifference(u64 capacity, u64 required)
{
    constexpr u64 kMax = static_cast<u64>(std::numeric_limits<std::int64_t>::max());
    if (capacity >= required) {
        return static_cast<std::int64_t>(std::min(capacity - required, kMax));
    }
    return -static_cast<std::int64_t>(std::min(required - capacity, kMax));
}

using Requirement = std::function<u64(const ParallelSplit&)>;
using Chooser = std::function<ParallelSplit(u64)>;    // the layout's sizes
using Annotate = std::function<void(ParallelSplit&)>; // its notes, for the layouts reported

// The per-GPU need of each distinct layout, worked out once: past the layouts the heads and
// layers allow, more GPUs only add replicas with the same need (inference), so a search up to
// max_gpus evaluates a handful. Training keys on the data-parallel size too (ZeRO shards over it).
// The candidates' layouts are numbered by their table (candidateLayouts); the two counts asked
// about outside it (the count given and one GPU) are looked up by their sizes.
class NeedMemo {
public:
    NeedMemo(const Requirement& need, bool byDataParallel) : m_need(need), m_byDp(byDataParallel) {}
    u64 operator()(const ParallelSplit& s)
    {
        if (const Entry* e = find(s)) {
            return e->bytes;
        }
        const u64 bytes = m_need(s);
        m_entries.push_back({s.tensor_parallel, s.pipeline_parallel, dataParallel(s), bytes});
        return bytes;
    }
    u64 operator()(const CandidateLayout& c)
    {
        if (m_byLayout.size() <= c.layout) {
            m_byLayout.resize(c.layout + 1);
        }
        std::optional<u64>& bytes = m_byLayout[c.layout];
        if (!bytes) {
            const Entry* e = find(c.split);
            bytes = e != nullptr ? e->bytes : m_need(c.split);
        }
        return *bytes;
    }

private:
    struct Entry {
        u64 t, p, d, bytes;
    };
    u64 dataParallel(const ParallelSplit& s) const { return m_byDp ? s.data_parallel : 0; }
    const Entry* find(const ParallelSplit& s) const
    {
        const u64 dp = dataParallel(s);
        for (const Entry& e : m_entries) {
            if (e.t == s.tensor_parallel && e.p == s.pipeline_parallel && e.d == dp) {
                return &e;
            }
        }
        return nullptr;
    }
    const Requirement& m_need;
    bool m_byDp;
    std::vector<Entry> m_entries;
    std::vector<std::optional<u64>> m_byLayout;
};

// The counts the search for the fewest GPUs tries: none when it is not asked for.
LayoutTable* searched(const ModelConfig& c, bool training, int zero_stage, bool byDataParallel,
                      const FitOptions& o)
{
    return o.find_needed ? &candidateLayouts(c, training, zero_stage, byDataParallel, o) : nullptr;
}

FitCheck check(const Requirement& requirement, bool byDataParallel, const Chooser& choose,
               LayoutTable* table, const Annotate& annotate, const GpuSpec& gpu, u64 gpus,
               const FitOptions& o)
{
    NeedMemo need(requirement, byDataParallel);
    FitCheck r;
    r.gpus = std::max<u64>(gpus, 1);
    r.split = choose(r.gpus);
    r.required_bytes = need(r.split);
    r.capacity_bytes = gpu.usableBytes();
    r.headroom_bytes = signedDifference(r.capacity_bytes, r.required_bytes);
    r.fits = r.required_bytes <= r.capacity_bytes;
    r.single_gpu_bytes = r.gpus == 1 ? r.required_bytes : need(choose(1));
    std::size_t counts = table != nullptr ? table->counts().size() : 0;
    // When not even a split as divided as the most divided layout fits, no count does: the
    // search stops before it lays out and measures each of them (a shape that fits on nothing
    // measured every layout of up to max_gpus for every bar and GPU line).
    if (counts > 0 && !r.fits && need(table->mostDivided()) > r.capacity_bytes) {
        counts = 0;
    }
    for (std::size_t i = 0; i < counts; ++i) {
        // The most loaded of n GPUs holds at least the average, and n GPUs together hold at
        // least the one-GPU workload (every part is split or replicated, never shrunk): need(n)
        // ≥ single / n. A count below half that bound cannot fit and is not evaluated (nor laid
        // out), which keeps a search over thousands of GPUs to a few layouts.
        const u64 n = table->counts()[i];
        if (r.single_gpu_bytes / n / 2 > r.capacity_bytes) {
            continue;
        }
        const CandidateLayout& c = table->at(i);
        const u64 req = n == r.gpus ? r.required_bytes : need(c);
        if (req <= r.capacity_bytes) {
            r.gpus_needed = n;
            r.needed_split = c.split;
            r.needed_required_bytes = req;
            break;
        }
    }
    annotate(r.split);
    if (r.gpus_needed > 0) {
        annotate(r.needed_split);
    }
    const std::string on = std::to_string(r.gpus) + " × " + gpu.name;
    const std::string usable =
        gpu.usable_fraction < 1.0 ? " usable (of " + gib(gpu.memory_bytes) + ")" : "";
    const std::string perGpu = r.gpus > 1 ? " per GPU" : "";
    if (r.fits) {
        r.reason = "Fits on " + on + ": needs " + gib(r.required_bytes) + perGpu + " of " +
                   gib(r.capacity_bytes) + usable + ", " +
                   gib(r.capacity_bytes - r.required_bytes) + " to spare.";
        if (r.gpus > 1) {
            r.reason += " Layout: " + describeSplit(r.split) + ".";
        }
    } else {
        r.reason = "Does not fit on " + on + ": needs " + gib(r.required_bytes) + perGpu +
                   ", but one GPU has " + gib(r.capacity_bytes) + usable + " (" +
                   gib(r.required_bytes - r.capacity_bytes) + " short).";
    }
    if (!o.find_needed) {
        // the fewest that fit was not asked for
    } else if (r.gpus_needed == 0) {
        r.reason += " No layout of up to " + std::to_string(o.max_gpus) + " GPUs fits.";
    } else if (r.gpus_needed != r.gpus) {
        r.reason += (r.fits ? " The fewest that fit: " : " It fits on ") +
                    describeSplit(r.needed_split) + ", " + gib(r.needed_required_bytes) +
                    (r.gpus_needed > 1 ? " per GPU." : ".");
    }
    return r;
}

} // namespace

std::vector<std::uint64_t> candidateGpuCounts(const FitOptions& o)
{
    std::vector<u64> out;
    const u64 node = std::max<u64>(o.gpus_per_node, 1);
    const u64 limit = std::max<u64>(o.max_gpus, 1);
    for (u64 n = 1; n < node && n <= limit; n *= 2) {
        out.push_back(n);
    }
    for (u64 n = node; n <= limit; n += node) {
        out.push_back(n);
    }
    return out;
}

namespace {

// What an engineer should know about a layout: head divisibility, replicated KV heads.
void addNotes(ParallelSplit& s, const ModelConfig& c, bool training, const FitOptions& o)
{
    s.notes.clear();
    const u64 node = std::max<u64>(o.gpus_per_node, 1);
    const u64 t = s.tensor_parallel;
    const u64 wanted = std::min(s.gpus, node);
    if (t < wanted && s.gpus % wanted == 0) {
        s.notes.push_back("tensor parallel is " + std::to_string(t) + ", not " +
                          std::to_string(wanted) + ": it must divide n_heads (" +
                          std::to_string(c.n_heads) + ")");
    }
    if (t > 1 && c.attention == AttentionKind::Latent) {
        s.notes.emplace_back("the MLA latent KV cache is replicated on every tensor-parallel rank");
    } else if (t > 1 && c.n_kv_heads < t) {
        s.notes.push_back(std::to_string(c.n_kv_heads) + " KV heads for " + std::to_string(t) +
                          " tensor-parallel ranks: each rank keeps a copy of one KV head");
    } else if (t > 1 && c.n_kv_heads % t != 0) {
        s.notes.push_back("n_kv_heads (" + std::to_string(c.n_kv_heads) +
                          ") is not divisible by tensor parallel " + std::to_string(t) +
                          ": ranks hold up to " + std::to_string(ceilDiv(c.n_kv_heads, t)) +
                          " KV heads");
    }
    if (!training && s.data_parallel > 1) {
        s.notes.push_back(std::to_string(s.data_parallel) +
                          " replicas: more GPUs than the layers can be split over");
    }
}

} // namespace

ParallelSplit chooseSplit(const ModelConfig& c, std::uint64_t gpus, bool training, int zero_stage,
                          const FitOptions& o)
{
    ParallelSplit s = layoutFor(c, gpus, training, zero_stage, o);
    addNotes(s, c, training, o);
    return s;
}

FitCheck fitInference(const ModelConfig& config, const InferenceParams& params, const GpuSpec& gpu,
                      std::uint64_t gpus, const FitOptions& options)
{
    CountCache counts;
    return fitInference(counts, config, params, gpu, gpus, options);
}

FitCheck fitTraining(const ModelConfig& config, const TrainingParams& params, const GpuSpec& gpu,
                     std::uint64_t gpus, const FitOptions& options)
{
    CountCache counts;
    return fitTraining(counts, config, params, gpu, gpus, options);
}

FitCheck fitInference(CountCache& counts, const ModelConfig& config, const InferenceParams& params,
                      const GpuSpec& gpu, std::uint64_t gpus, const FitOptions& options)
{
    const Requirement need = [&](const ParallelSplit& s) {
        InferenceParams p = params;
        p.tensor_parallel = s.tensor_parallel;
        if (s.pipeline_parallel <= 1) {
            return inferenceMemory(config, counts.count(config), p).total_bytes;
        }
        const ModelConfig stage = stageConfig(config, s.pipeline_parallel);
        return inferenceMemory(stage, counts.count(stage), p).total_bytes;
    };
    const Chooser choose = [&](u64 n) { return layoutFor(config, n, false, 0, options); };
    const Annotate annotate = [&](ParallelSplit& s) { addNotes(s, config, false, options); };
    LayoutTable* table = searched(config, false, 0, false, options);
    return check(need, false, choose, table, annotate, gpu, gpus, options);
}

FitCheck fitTraining(CountCache& counts, const ModelConfig& config, const TrainingParams& params,
                     const GpuSpec& gpu, std::uint64_t gpus, const FitOptions& options)
{
    const ParamCount& count = counts.count(config);
    const Requirement need = [&](const ParallelSplit& s) {
        TrainingParams p = params;
        p.activations.tensor_parallel = s.tensor_parallel;
        p.activations.pipeline_parallel = s.pipeline_parallel;
        p.data_parallel = s.data_parallel;
        return trainingMemory(config, count, p).per_gpu_bytes;
    };
    const Chooser choose = [&](u64 n) {
        return layoutFor(config, n, true, params.zero_stage, options);
    };
    const Annotate annotate = [&](ParallelSplit& s) { addNotes(s, config, true, options); };
    LayoutTable* table = searched(config, true, params.zero_stage, true, options);
    return check(need, true, choose, table, annotate, gpu, gpus, options);
}

} // namespace llmsizer
