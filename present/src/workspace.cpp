#include "llmsizer/present/workspace.h"

#include "llmsizer/compute/compute.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/figures.h"
#include "llmsizer/text/format.h"

#include <algorithm>
#include <stdexcept>

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

namespace {

// Training against inference at the selected precision (training mode falls back to BF16 mixed
// for a precision it cannot train in, as memoryBar does), same workload, same numbers.
void modeRatio(const Workspace& w, Snapshot& s, const MemoryViewOptions& options)
{
    MemoryViewOptions other = options;
    other.training = !options.training;
    const std::string& id = s.selected.precision_id;
    MemoryBar otherBar;
    try {
        otherBar = memoryBar(w.config, s.count, id, other);
    } catch (const OverflowError&) {
        // Training activations of 2^26 tokens × 65,536 sequences: no ratio, and said so.
        s.mode_ratio_text = options.training ? "no ratio: the inference bytes exceed 64 bits"
                                             : "no ratio: the training bytes exceed 64 bits";
        return;
    }
    const MemoryBar& training = options.training ? s.selected : otherBar;
    const MemoryBar& inference = options.training ? otherBar : s.selected;
    s.other_mode_bytes = otherBar.total;
    if (inference.total == 0) {
        return;
    }
    s.training_ratio = static_cast<double>(training.total) / static_cast<double>(inference.total);
    const std::string bytes = formatBytes(otherBar.total, w.display.units, 1);
    s.mode_ratio_text =
        options.training
            ? ratioText(s.training_ratio) + " inference (" + bytes + " at " + inference.label + ")"
            : "training at " + training.label + " " + bytes + ", " + ratioText(s.training_ratio);
}

} // namespace

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
    options.textbook = w.display.textbook;
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
            w.display.textbook
                ? textbookVerdict(bar.total, catalog, w.display.gpus)
                : barVerdict(counts, w.config, bar.precision_id, options, catalog, w.display.gpus));
    }
    s.axis = memoryAxis(s.bars, s.lines, w.display.units);
    s.kv = kvCache(w.config, w.context, w.batch, kvPrecisionById(options.kv_precision));
    s.flops_per_token = decodeFlopsPerToken(w.config, s.count, w.context).total();
    s.approx_12ld2 = approx12Ld2(w.config);
    s.approx_text = approxRuleFigure(w.config, s.count, s.approx_12ld2);
    try {
        s.rule_steps = ruleSteps(w.config, s.count);
    } catch (const std::logic_error&) {
        // Steps that would not add up to the count are not drawn; the chart says so instead of
        // the model being refused.
        s.rule_steps = {};
        s.rule_steps.summary = "The 12\u00b7L\u00b7d\u00b2 rule cannot be taken to this count "
                               "step by step: its parts do not add up";
    }
    modeRatio(w, s, options);
    return s;
}

} // namespace llmsizer
