#include "llmsizer/present/workspace.h"

#include "llmsizer/compute/compute.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/text/figures.h"
#include "llmsizer/text/format.h"

#include <algorithm>

namespace llmsizer {

std::uint64_t defaultContext(const ModelConfig& config)
{
    return config.context_length == 0 ? kDefaultContext
                                      : std::min(config.context_length, kDefaultContext);
}

RuleFigure approxRuleFigure(const ModelConfig& c, const ParamCount& count, std::uint64_t approx)
{
    RuleFigure f;
    const std::string error = signedPercent(relativeError(approx, count.total));
    f.text = countWithShort(approx) + " (error " + error;
    if (!c.isMoe()) {
        f.text += ")";
        f.short_text = f.text;
        return f;
    }
    // Kaplan et al. 2020 §2.1 derive 12·L·d² for a dense transformer: 4·d² of attention and one
    // 8·d² MLP per layer. An MoE layer holds n_routed_experts MLPs (and its shared experts).
    f.text += "; a rule for dense models)";
    f.short_text = shortCount(approx) + " (error " + error + "; dense-model rule)";
    f.note = "12·L·d² is a rule for dense models: it counts one MLP of 8·d² per layer. Each MoE "
             "layer here holds " +
             countOf(c.moe.n_routed_experts, "routed expert", "routed experts") +
             (c.moe.n_shared_experts > 0
                  ? " and " + countOf(c.moe.n_shared_experts, "shared expert", "shared experts")
                  : std::string()) +
             ", every one in the total, so the rule misses by " + error + ".";
    return f;
}

Snapshot evaluate(const Workspace& w, const GpuCatalog& catalog)
{
    Snapshot s;
    // Counted once here; the bars, the verdicts' fit searches and the FLOPs reuse it.
    CountCache counts;
    s.count = counts.count(w.config);
    s.slices = pieSlices(s.count);
    MemoryViewOptions options;
    options.context = w.context;
    options.batch = w.batch;
    options.training = w.display.training;
    options.kv_precision = w.display.kv_precision;
    options.overhead = w.display.overhead;
    const std::vector<std::string> ids =
        barPrecisionIds(w.display.extra_precisions, w.display.training);
    s.bars = memoryBars(w.config, s.count, ids, options);
    const std::string& selected = w.display.weight_precision;
    const auto it = std::find_if(s.bars.begin(), s.bars.end(),
                                 [&](const MemoryBar& b) { return b.precision_id == selected; });
    s.selected = it != s.bars.end() ? *it : memoryBar(w.config, s.count, selected, options);
    s.lines = referenceLines(catalog, w.display.gpus);
    for (const MemoryBar& bar : s.bars) {
        s.verdicts.push_back(
            barVerdict(counts, w.config, bar.precision_id, options, catalog, w.display.gpus));
    }
    s.axis = memoryAxis(s.bars, s.lines, w.display.units);
    s.kv = kvCache(w.config, w.context, w.batch, kvPrecisionById(options.kv_precision));
    s.flops_per_token = decodeFlopsPerToken(w.config, s.count, w.context).total();
    s.approx_12ld2 = approx12Ld2(w.config);
    s.approx_text = approxRuleFigure(w.config, s.count, s.approx_12ld2);
    return s;
}

} // namespace llmsizer
