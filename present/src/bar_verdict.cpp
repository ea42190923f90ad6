// The memory bars' fit verdicts, from fitInference/fitTraining. See bar_verdict.h.
#include "llmsizer/present/bar_verdict.h"

#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

FitCheck fitBar(CountCache& counts, const ModelConfig& config, const std::string& id,
                const MemoryViewOptions& o, const GpuSpec& gpu, u64 gpus, const FitOptions& fit)
{
    if (o.training) {
        return fitTraining(counts, config, barTrainingParams(id, o), gpu, gpus, fit);
    }
    return fitInference(counts, config, barInferenceParams(id, o), gpu, gpus, fit);
}

std::string times(u64 gpus, const std::string& gpu)
{
    return std::to_string(gpus) + "\u00d7 " + gpu;
}

// "fits on 2× H100 (88 % used)": whole percent, rounded down, so a full GPU never reads as
// spare room. When the GPUs hold more than a tenth beyond an even share of the bar (what does not
// split: activations, the runtime's buffers, on the fullest GPU), the percent is the fullest's.
void setFits(BarVerdict& v, u64 required, u64 capacity, u64 whole = 0)
{
    v.kind = BarVerdict::Kind::Fits;
    v.required_bytes = required;
    v.capacity_bytes = capacity;
    v.tight =
        static_cast<double>(capacity - required) < kTightHeadroom * static_cast<double>(capacity);
    const double used =
        std::floor(100.0 * static_cast<double>(required) / static_cast<double>(capacity));
    const bool uneven = v.gpus > 1 && whole > 0 &&
                        static_cast<double>(required) * static_cast<double>(v.gpus) >
                            1.1 * static_cast<double>(whole);
    v.text = "fits on " + times(v.gpus, v.gpu) + " (" + std::to_string(static_cast<int>(used)) +
             (uneven ? " % used on the fullest)" : " % used)");
}

// A selected line's device and count ("h100-sxm-80gb:8"); nullptr for a key not in the catalog.
const GpuSpec* lineDevice(const ReferenceLine& line, const GpuCatalog& catalog, u64& count)
{
    const auto colon = line.key.find(':');
    count =
        colon == std::string::npos ? 1 : std::strtoull(line.key.c_str() + colon + 1, nullptr, 10);
    return catalog.find(line.key.substr(0, colon));
}

} // namespace

BarVerdict barVerdict(const ModelConfig& config, const std::string& precisionId,
                      const MemoryViewOptions& options, const GpuCatalog& catalog,
                      const std::vector<std::string>& lineKeys, const FitOptions& fit)
{
    CountCache counts;
    return barVerdict(counts, config, precisionId, options, catalog, lineKeys, fit);
}

BarVerdict barVerdict(CountCache& counts, const ModelConfig& config, const std::string& precisionId,
                      const MemoryViewOptions& options, const GpuCatalog& catalog,
                      const std::vector<std::string>& lineKeys, const FitOptions& fit)
{
    BarVerdict v;
    const std::vector<ReferenceLine> lines = referenceLines(catalog, lineKeys); // by capacity
    if (lines.empty()) {
        return v;
    }
    const GpuSpec* largest = nullptr; // the device of the largest selected line and its count
    u64 largestCount = 0;
    // Each line is first asked whether it holds the bar; the search for the fewest GPUs that
    // would runs only where its answer is shown: on a line of several GPUs that holds it, or on
    // the largest line when none does.
    FitOptions ask = fit;
    ask.find_needed = false;
    for (const ReferenceLine& line : lines) {
        u64 count = 1;
        const GpuSpec* gpu = lineDevice(line, catalog, count);
        if (gpu == nullptr) { // referenceLines lists catalog devices only; never trust a key
            continue;
        }
        largest = gpu;
        largestCount = count;
        FitCheck c = fitBar(counts, config, precisionId, options, *gpu, count, ask);
        if (!c.fits) {
            continue;
        }
        if (count > 1 && fit.find_needed) {
            c = fitBar(counts, config, precisionId, options, *gpu, count, fit);
        }
        // The answer an engineer wants is how few of these devices hold it (fit's gpus_needed),
        // not how many were selected: QLoRA of an 8B model on a selected 8× H100 fits on 1.
        const bool fewer = c.gpus_needed > 0 && c.gpus_needed < count;
        v.gpu_id = gpu->id;
        v.gpu = referenceLines(catalog, {gpu->id}).front().short_label;
        v.gpus = fewer ? c.gpus_needed : count;
        v.split = fewer ? c.needed_split : c.split;
        // Training's data-parallel ranks each hold their activations by design: no fullest.
        setFits(v, fewer ? c.needed_required_bytes : c.required_bytes, c.capacity_bytes,
                options.training ? 0 : c.single_gpu_bytes);
        return v;
    }
    if (largest == nullptr) {
        return v;
    }
    const FitCheck c = fitBar(counts, config, precisionId, options, *largest, largestCount, fit);
    v.gpu_id = largest->id;
    v.gpu = referenceLines(catalog, {largest->id}).front().short_label;
    v.capacity_bytes = c.capacity_bytes;
    if (c.gpus_needed == 0) {
        v.kind = BarVerdict::Kind::DoesNotFit;
        v.gpus = largestCount;
        v.split = c.split;
        v.required_bytes = c.required_bytes;
        v.text = "does not fit on the selected GPUs";
        return v;
    }
    v.kind = BarVerdict::Kind::Needs;
    v.gpus = c.gpus_needed;
    v.split = c.needed_split;
    v.required_bytes = c.needed_required_bytes;
    v.text = "needs " + times(c.gpus_needed, v.gpu);
    // A bar under the line of the selected GPUs that still needs more of them: part of it does
    // not split (activations and buffers on the fullest GPU), which the bar's height cannot show.
    if (!options.training && largestCount > 1 &&
        c.single_gpu_bytes / largestCount <= c.capacity_bytes) {
        v.text += " (not all of it splits)";
    }
    return v;
}

BarVerdict textbookVerdict(std::uint64_t bytes, const GpuCatalog& catalog,
                           const std::vector<std::string>& lineKeys, const FitOptions& fit)
{
    BarVerdict v;
    const GpuSpec* largest = nullptr;
    u64 perGpuOfLargest = 0;
    for (const ReferenceLine& line : referenceLines(catalog, lineKeys)) { // by capacity
        u64 count = 1;
        const GpuSpec* gpu = lineDevice(line, catalog, count);
        if (gpu == nullptr || count == 0) {
            continue;
        }
        const u64 perGpu = line.bytes / count; // one device's usable bytes
        largest = gpu;
        perGpuOfLargest = perGpu;
        if (perGpu == 0) {
            continue;
        }
        // By hand: the bytes over one GPU's usable bytes, rounded up, and an even share each.
        const u64 needed = std::max<u64>(1, ceilDiv(bytes, perGpu));
        if (needed > count) {
            continue;
        }
        v.gpu_id = gpu->id;
        v.gpu = referenceLines(catalog, {gpu->id}).front().short_label;
        v.gpus = needed;
        setFits(v, ceilDiv(bytes, needed), perGpu);
        return v;
    }
    if (largest == nullptr) {
        return v;
    }
    v.gpu_id = largest->id;
    v.gpu = referenceLines(catalog, {largest->id}).front().short_label;
    v.capacity_bytes = perGpuOfLargest;
    const u64 needed = perGpuOfLargest == 0 ? 0 : ceilDiv(bytes, perGpuOfLargest);
    if (needed == 0 || needed > fit.max_gpus) {
        v.kind = BarVerdict::Kind::DoesNotFit;
        v.text = "does not fit on the selected GPUs";
        return v;
    }
    v.kind = BarVerdict::Kind::Needs;
    v.gpus = needed;
    v.required_bytes = ceilDiv(bytes, needed);
    v.text = "needs " + times(needed, v.gpu);
    return v;
}

} // namespace llmsizer
