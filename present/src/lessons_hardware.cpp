// The lessons on memory and compute: what fits on one H100 (the memory bars' verdicts,
// bar_verdict.h), the largest model on a 24 GB card (largestThatFits, the teaching guide's
// exercise), Chinchilla's 20 tokens per parameter against the tokens models were trained on
// (Hoffmann et al. 2022; preset_facts.h) and the sizing chapter's 10^24-FLOP budget
// (budget_chart.h).
#include "lessons_parts.h"
#include "llmsizer/catalog/gpu_choices.h"
#include "llmsizer/compute/budget.h"
#include "llmsizer/model/count.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/present/bar_verdict.h"
#include "llmsizer/present/budget_chart.h"
#include "llmsizer/present/explore_tables.h"
#include "llmsizer/present/preset_facts.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <stdexcept>

namespace llmsizer {

namespace {

constexpr const char* kH100 = kDatacenterGpuId;
constexpr const char* k24GB = kDefaultGpuId;
constexpr std::uint64_t kFitContext = 4096;

const GpuSpec& lessonGpu(const LessonInputs& inputs, const char* id)
{
    const GpuSpec* gpu = inputs.catalog != nullptr ? inputs.catalog->find(id) : nullptr;
    if (gpu == nullptr) {
        throw std::invalid_argument(std::string("lesson: no GPU '") + id + "' in the catalogue");
    }
    return *gpu;
}

std::string overheadOf(const LessonInputs& inputs)
{
    return inputs.overhead.empty() ? MemoryViewOptions{}.overhead : inputs.overhead;
}

} // namespace

// Llama 3 70B on one H100: each bar's verdict, from the same model as the bars and `fit`.
Lesson fitsOnH100(const std::vector<Preset>& presets, const LessonInputs& inputs)
{
    const Preset& p = lessonPreset(presets, "llama-3-70b");
    const GpuSpec& gpu = lessonGpu(inputs, kH100);
    MemoryViewOptions options;
    options.context = p.config.context_length;
    options.batch = 1;
    options.kv_precision = "fp16";
    options.overhead = overheadOf(inputs);
    const std::string line = std::string(kH100) + ":1";
    Lesson l = newLesson("fits-h100", p.id);
    l.view = "overview";
    l.highlight = "weights";
    l.gpus = {line};
    l.text = p.name + " (" + withThousands(countParameters(p.config).total) +
             " parameters) on one " + gpu.name + " (" + gb(gpu.usableBytes()) +
             "), with its FP16 KV cache for " + withThousands(options.context) +
             " tokens and the runtime's overhead. ";
    std::string sep;
    for (const char* id : {"fp16", "int8", "int4"}) {
        const BarVerdict v = barVerdict(p.config, id, options, *inputs.catalog, {line});
        l.text += sep + precisionShortLabel(id, false) + ": " +
                  gb(memoryBar(p.config, id, options).total) + ", " + v.text;
        sep = "; ";
    }
    l.text += ". The bars show the same verdicts; the dashed line is the card's memory.";
    return l;
}

// The teaching guide's exercise: the largest model of Llama 2 7B's shape on a 24 GB card.
Lesson largestOn24GB(const std::vector<Preset>& presets, const LessonInputs& inputs)
{
    const Preset& p = lessonPreset(presets, "llama-2-7b");
    const GpuSpec& gpu = lessonGpu(inputs, k24GB);
    Lesson l = newLesson("largest-24gb", p.id);
    l.view = "fit";
    l.fit_gpu = k24GB;
    l.fit_precision = "int8";
    l.fit_context = kFitContext;
    const std::uint64_t bytes = gpu.usableBytes();
    l.text = "The " + gpu.name + " has " + gb(bytes) + ". Weights alone, that is " +
             shortCount(bytes) + " parameters at INT8 (1 byte each) and " + shortCount(2 * bytes) +
             " at INT4 (half a byte). With the FP16 KV cache for " + withThousands(kFitContext) +
             " tokens, activations and the runtime's overhead, the "
             "largest model of " +
             p.name + "'s shape that fits is ";
    std::string sep;
    for (const char* id : {"int8", "int4"}) {
        const FitBudget budget =
            fitBudgetFor(gpu, 1, id, "fp16", kFitContext, 1, overheadOf(inputs));
        const FitResult r = largestThatFits(p.config, budget);
        l.text += sep + (r.found ? withThousands(r.best.params) + " (" + shortCount(r.best.params) +
                                       ") at " + precisionShortLabel(id, false)
                                 : "none at " + precisionShortLabel(id, false));
        sep = " and ";
    }
    l.text += ". The table below the answer has FP16 as well.";
    return l;
}

// Chinchilla's rule against what Llama 3 8B, Llama 2 7B and GPT-3 were trained on.
Lesson chinchillaTokensLesson(const std::vector<Preset>& presets)
{
    Lesson l = newLesson("chinchilla-tokens", "llama-3-8b");
    l.view = "overview";
    l.highlight = "training";
    l.text = "Chinchilla (Hoffmann et al. 2022): for a compute budget, the best model trains on "
             "about 20 tokens per parameter. ";
    for (const char* id : {"llama-3-8b", "llama-2-7b", "gpt-3-175b"}) {
        const Preset& p = lessonPreset(presets, id);
        const std::uint64_t n = countParameters(p.config).total;
        const TrainingFacts t = trainingFacts(p.training, n);
        l.compare.push_back({p.name, p.config, p.id});
        l.text += p.name + ": " + tokensText(t.tokens) + " tokens = " + t.per_param_text +
                  " per parameter, " + t.vs_text + " the rule (" + t.verdict + "). ";
    }
    l.text += "Training past the rule costs compute once and makes a smaller model that is "
              "cheaper to serve. The Compare window has the three.";
    return l;
}

// The sizing chapter's exercise: every configuration under 10^24 FLOPs, and where the optimum
// lies.
Lesson budget1e24(const std::vector<Preset>& presets)
{
    const Preset& p = lessonPreset(presets, "llama-2-7b");
    BudgetSearchOptions options;
    options.budget_flops = 1e24;
    const BudgetSearchResult r = searchBudget(options);
    const BudgetChartData chart = budgetChart(r, options);
    const ComputeOptimal rule = computeOptimalByRule(options.budget_flops);
    const ComputeOptimal fit = computeOptimalByFit(options.budget_flops);
    Lesson l = newLesson("budget-1e24", p.id);
    l.view = "budget";
    l.budget = "1e24";
    std::uint64_t largest = 0;
    double used = 0;
    for (const BudgetCandidate& k : r.candidates) {
        if (k.params > largest) {
            largest = k.params;
            used = k.utilization;
        }
    }
    l.text = "With C = 6·N·D and 20 tokens per parameter, 10²⁴ FLOPs buy N = √(10²⁴ / 120) = " +
             shortCount(static_cast<std::uint64_t>(rule.params)) + " parameters on " +
             tokensText(static_cast<std::uint64_t>(rule.tokens)) +
             " tokens. Chinchilla's loss fit is lowest at " +
             shortCount(static_cast<std::uint64_t>(fit.params)) + " on " +
             tokensText(static_cast<std::uint64_t>(fit.tokens)) +
             " tokens: the line is flat there, so both are near the best loss. The chapter's grid "
             "(" +
             std::to_string(chart.fits.size()) +
             " configurations, every one within the budget) stops far below: its largest, " +
             withThousands(largest) + ", uses " + text::fixed(100.0 * used, 1) +
             "% of the budget at 20 tokens per parameter.";
    return l;
}

} // namespace llmsizer
