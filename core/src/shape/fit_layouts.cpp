// How a model is laid out over a number of devices, and the layouts of every count the fewest-GPU
// search tries (fit_internal.h).
#include "llmsizer/text/checked.h"
#include "shape/fit_internal.h"

#include <algorithm>
#include <array>
#include <tuple>
#include <utility>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

// Largest k ≤ cap dividing n (and `also`, when nonzero); at least 1.
u64 largestDivisor(u64 n, u64 cap, u64 also = 0)
{
    for (u64 k = std::min(n, cap); k > 1; --k) {
        if (n % k == 0 && (also == 0 || also % k == 0)) {
            return k;
        }
    }
    return 1;
}

// What a table depends on.
struct TableKey {
    u64 heads = 0;
    u64 layers = 0;
    bool training = false;
    int zero_stage = 0;
    bool byDataParallel = false;
    u64 gpus_per_node = 0;
    u64 max_gpus = 0;
    bool operator==(const TableKey&) const = default;
};

} // namespace

ParallelSplit layoutFor(const ModelConfig& c, u64 gpus, bool training, int zero_stage,
                        const FitOptions& o)
{
    ParallelSplit s;
    s.gpus = std::max<u64>(gpus, 1);
    const u64 node = std::max<u64>(o.gpus_per_node, 1);
    // Megatron splits attention heads over the tensor-parallel ranks: t must divide n_heads.
    s.tensor_parallel = largestDivisor(s.gpus, node, c.n_heads);
    const u64 rest = s.gpus / s.tensor_parallel;
    if (training && zero_stage >= 1) {
        s.data_parallel = rest;
    } else {
        s.pipeline_parallel = largestDivisor(rest, c.n_layers);
        s.data_parallel = rest / s.pipeline_parallel;
    }
    s.nodes = ceilDiv(s.gpus, node);
    return s;
}

LayoutTable::LayoutTable(ModelConfig config, bool training, int zero_stage, bool byDataParallel,
                         const FitOptions& options)
    : m_config(std::move(config)), m_training(training), m_zeroStage(zero_stage),
      m_byDataParallel(byDataParallel), m_options(options), m_counts(candidateGpuCounts(options))
{
}

const CandidateLayout& LayoutTable::at(std::size_t i)
{
    while (m_done.size() <= i) {
        CandidateLayout entry;
        entry.gpus = m_counts[m_done.size()];
        entry.split = layoutFor(m_config, entry.gpus, m_training, m_zeroStage, m_options);
        const ParallelSplit& s = entry.split;
        const u64 d = m_byDataParallel ? s.data_parallel : 0;
        const auto it = std::find_if(m_seen.begin(), m_seen.end(), [&](const Seen& e) {
            return e.t == s.tensor_parallel && e.p == s.pipeline_parallel && e.d == d;
        });
        entry.layout = static_cast<std::size_t>(it - m_seen.begin());
        if (it == m_seen.end()) {
            m_seen.push_back({s.tensor_parallel, s.pipeline_parallel, d});
        }
        m_done.push_back(std::move(entry));
    }
    return m_done[i];
}

const ParallelSplit& LayoutTable::mostDivided()
{
    if (!m_mostDivided) {
        ParallelSplit s;
        for (std::size_t i = 0; i < m_counts.size(); ++i) {
            const ParallelSplit& at = this->at(i).split;
            s.tensor_parallel = std::max(s.tensor_parallel, at.tensor_parallel);
            s.pipeline_parallel = std::max(s.pipeline_parallel, at.pipeline_parallel);
            s.data_parallel = std::max(s.data_parallel, at.data_parallel);
        }
        s.gpus = checkedMul3(s.tensor_parallel, s.pipeline_parallel, s.data_parallel, "GPU count");
        m_mostDivided = s;
    }
    return *m_mostDivided;
}

LayoutTable& candidateLayouts(const ModelConfig& c, bool training, int zero_stage,
                              bool byDataParallel, const FitOptions& o)
{
    const TableKey key{c.n_heads,      c.n_layers,      training,  zero_stage,
                       byDataParallel, o.gpus_per_node, o.max_gpus};
    struct Slot {
        bool used = false;
        TableKey key;
        LayoutTable table;
    };
    // A few shapes: the model edited, its baseline, the Compare window's models.
    thread_local std::array<Slot, 6> slots;
    thread_local std::size_t next = 0;
    for (Slot& slot : slots) {
        if (slot.used && slot.key == key) {
            return slot.table;
        }
    }
    Slot& slot = slots[next];
    next = (next + 1) % slots.size();
    slot.used = true;
    slot.key = key;
    slot.table = LayoutTable(c, training, zero_stage, byDataParallel, o);
    return slot.table;
}

} // namespace llmsizer
