#include "llmsizer/present/workspace.h"

#include "llmsizer/compute/compute.h"
#include "llmsizer/precision/precision.h"

#include <algorithm>

namespace llmsizer {

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
    return s;
}

} // namespace llmsizer
