// The memory chart's data: one stacked bar per precision from the inference and training memory
// models, GPU capacity lines from the catalog, and the axis range. See memory_view.h.
#include "llmsizer/present/memory_view.h"

#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/memory/training.h"
#include "llmsizer/model/count.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/precision/quant_mix.h"
#include "llmsizer/text/checked.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <utility>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

bool isTrainable(const std::string& id)
{
    return id == "fp32" || id == "fp16" || id == "bf16" || id == "fp8" || id == "int4";
}

MemoryBar inferenceBar(const ModelConfig& config, const ParamCount& count, const std::string& id,
                       const MemoryViewOptions& o)
{
    const InferenceParams p = barInferenceParams(id, o);
    const InferenceMemory m = inferenceMemory(config, count, p);
    MemoryBar bar;
    bar.precision_id = id;
    bar.label = precisionShortLabel(id, false);
    bar.narrow_label = precisionNarrowLabel(id, false);
    bar.segments = {{"weights", "Weights", m.weights_bytes},
                    {"kv_cache", "KV cache", m.kv_cache_bytes},
                    {"activations", "Activations", m.activation_bytes},
                    {"overhead", "Overhead", m.overhead_bytes}};
    if (m.recurrent_state_bytes > 0) {
        bar.segments.insert(bar.segments.begin() + 2,
                            {"recurrent_state", "Recurrent state", m.recurrent_state_bytes});
    }
    bar.total = m.total_bytes;
    return bar;
}

MemoryBar trainingBar(const ModelConfig& config, const ParamCount& count, const std::string& id,
                      const MemoryViewOptions& o)
{
    const TrainingParams p = barTrainingParams(id, o);
    const TrainingMemory m = trainingMemory(config, count, p);
    MemoryBar bar;
    bar.precision_id = id;
    bar.label = precisionShortLabel(id, true);
    bar.narrow_label = precisionNarrowLabel(id, true);
    bar.segments = {{"weights", "Weights", m.weights_bytes},
                    {"gradients", "Gradients", m.gradients_bytes},
                    {"optimizer", "Optimizer", m.optimizer_bytes},
                    {"activations", "Activations", m.activation_bytes}};
    bar.total = m.per_gpu_bytes;
    return bar;
}

// What the course computes by hand from a full bar: the weights (parameters × bytes per
// parameter), and in training the gradients and the optimizer states beside them; the KV cache,
// activations and runtime overhead left out.
MemoryBar textbookBar(MemoryBar bar, bool training)
{
    const auto byHand = [training](const MemorySegment& s) {
        return s.key == "weights" || (training && (s.key == "gradients" || s.key == "optimizer"));
    };
    std::erase_if(bar.segments, [&](const MemorySegment& s) { return !byHand(s); });
    bar.total = 0;
    for (const MemorySegment& s : bar.segments) {
        bar.total = checkedAdd(bar.total, s.bytes, "textbook memory");
    }
    return bar;
}

std::string shortGpuName(const GpuSpec& gpu)
{
    std::string name = gpu.name;
    const std::string prefix = gpu.vendor + " ";
    if (name.rfind(prefix, 0) == 0) {
        name = name.substr(prefix.size());
    }
    for (const char* p : {"GeForce ", "Instinct "}) {
        const std::string s = p;
        if (name.rfind(s, 0) == 0) {
            name = name.substr(s.size());
        }
    }
    return name;
}

// "H100 SXM5 80GB" -> "H100", "B200 (HGX, 1000W)" -> "B200", "RTX 4090" stays.
std::string shortGpuLabel(const std::string& name)
{
    std::string out;
    std::string word;
    int depth = 0;
    auto flush = [&out, &word] {
        const bool size = word.size() > 2 && word.compare(word.size() - 2, 2, "GB") == 0 &&
                          std::isdigit(static_cast<unsigned char>(word.front())) != 0;
        const bool form =
            word.rfind("SXM", 0) == 0 || word == "PCIe" || word == "NVL" || word == "HGX";
        if (!word.empty() && !size && !form) {
            out += (out.empty() ? "" : " ") + word;
        }
        word.clear();
    };
    for (char ch : name) {
        if (ch == '(') {
            flush();
            ++depth;
        } else if (ch == ')') {
            depth = std::max(0, depth - 1);
        } else if (depth == 0 && ch == ' ') {
            flush();
        } else if (depth == 0) {
            word.push_back(ch);
        }
    }
    flush();
    return out.empty() ? name : out;
}

} // namespace

std::vector<std::string> barPrecisionIds(const std::vector<std::string>& extras, bool training)
{
    std::vector<std::string> ids{"fp32", "fp16", "fp8", "int4"};
    if (training) {
        return ids;
    }
    for (const std::string& e : extras) {
        if (std::find(ids.begin(), ids.end(), e) == ids.end() && findPrecision(e).has_value()) {
            ids.push_back(e);
        }
    }
    return ids;
}

std::string precisionShortLabel(const std::string& id, bool training)
{
    if (id == "fp16" || id == "bf16") {
        return training ? "BF16 mixed" : "FP16/BF16";
    }
    if (id == "fp8" || id == "int8") {
        return training ? "FP8 mixed" : "FP8/INT8";
    }
    if (id == "int4" && training) {
        return "QLoRA NF4";
    }
    if (id == "fp32") {
        return "FP32";
    }
    if (const auto p = findPrecision(id)) {
        std::string label = p->label;
        if (label.rfind("GGUF ", 0) == 0) {
            label = label.substr(5);
        }
        return label;
    }
    return id;
}

std::string precisionNarrowLabel(const std::string& id, bool training)
{
    if (id == "fp32") {
        return training ? "FP32" : "32-bit";
    }
    if (id == "fp16" || id == "bf16") {
        return training ? "BF16" : "16-bit";
    }
    if (id == "fp8" || id == "int8") {
        return training ? "FP8" : "8-bit";
    }
    if (id == "int4") {
        return training ? "QLoRA" : "4-bit";
    }
    return precisionShortLabel(id, training);
}

InferenceParams barInferenceParams(const std::string& id, const MemoryViewOptions& o)
{
    InferenceParams p;
    p.weights = precisionById(id);
    p.kv = kvPrecisionById(o.kv_precision);
    p.context = o.context;
    p.batch = o.batch;
    p.overhead = overheadProfileById(o.overhead);
    return p;
}

TrainingParams barTrainingParams(const std::string& requested, const MemoryViewOptions& o)
{
    const std::string id = isTrainable(requested) ? requested : "fp16";
    TrainingParams p;
    p.activations.seq = o.context;
    p.activations.micro_batch = o.batch;
    p.activations.flash_attention = true;
    p.activations.dropout = false;
    if (id == "fp32") {
        p.weight_bytes = 4;
        p.grad_bytes = 4;
    } else if (id == "fp8") {
        p.weight_bytes = 1;
        p.grad_bytes = 2;
    } else if (id == "int4") {
        p.lora.rank = 16;
        p.lora.targets = parseLoraTargets("all");
        p.lora.base_precision = "nf4_dq";
    }
    return p;
}

MemoryBar memoryBar(const ModelConfig& config, const std::string& id,
                    const MemoryViewOptions& options)
{
    return memoryBar(config, countParameters(config), id, options);
}

MemoryBar memoryBar(const ModelConfig& config, const ParamCount& count, const std::string& id,
                    const MemoryViewOptions& options)
{
    MemoryBar bar = options.training
                        ? trainingBar(config, count, isTrainable(id) ? id : "fp16", options)
                        : inferenceBar(config, count, id, options);
    if (options.textbook) {
        bar = textbookBar(std::move(bar), options.training);
    }
    return bar;
}

std::vector<MemoryBar> memoryBars(const ModelConfig& config, const std::vector<std::string>& ids,
                                  const MemoryViewOptions& options)
{
    return memoryBars(config, countParameters(config), ids, options);
}

std::vector<MemoryBar> memoryBars(const ModelConfig& config, const ParamCount& count,
                                  const std::vector<std::string>& ids,
                                  const MemoryViewOptions& options)
{
    std::vector<MemoryBar> bars;
    bars.reserve(ids.size());
    for (const std::string& id : ids) {
        bars.push_back(memoryBar(config, count, id, options));
    }
    return bars;
}

std::vector<ReferenceLine> referenceLines(const GpuCatalog& catalog,
                                          const std::vector<std::string>& keys)
{
    std::vector<ReferenceLine> lines;
    for (const std::string& key : keys) {
        const auto colon = key.find(':');
        const std::string id = key.substr(0, colon);
        u64 count = 1;
        if (colon != std::string::npos) {
            count = std::strtoull(key.c_str() + colon + 1, nullptr, 10);
        }
        const GpuSpec* gpu = catalog.find(id);
        if (gpu == nullptr || count == 0 || count > 1024) {
            continue;
        }
        ReferenceLine line;
        line.key = key;
        const std::string times = count > 1 ? std::to_string(count) + "× " : std::string();
        line.label = times + shortGpuName(*gpu);
        line.short_label = times + shortGpuLabel(shortGpuName(*gpu));
        line.bytes = gpu->usableBytes() * count;
        lines.push_back(line);
    }
    std::stable_sort(
        lines.begin(), lines.end(),
        [](const ReferenceLine& a, const ReferenceLine& b) { return a.bytes < b.bytes; });
    return lines;
}

int smallestFit(std::uint64_t bytes, const std::vector<ReferenceLine>& lines)
{
    int best = -1;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (bytes <= lines[i].bytes &&
            (best < 0 || lines[i].bytes < lines[static_cast<std::size_t>(best)].bytes)) {
            best = static_cast<int>(i);
        }
    }
    return best;
}

double bytesInUnit(std::uint64_t bytes, ByteUnits units)
{
    return static_cast<double>(bytes) / (units == ByteUnits::Binary ? 1073741824.0 : 1e9);
}

std::uint64_t segmentBytes(const MemoryBar& bar, std::string_view key)
{
    for (const MemorySegment& s : bar.segments) {
        if (s.key == key) {
            return s.bytes;
        }
    }
    return 0;
}

double niceCeil(double x)
{
    if (!(x > 0) || !std::isfinite(x)) {
        return 1;
    }
    const double p = std::pow(10.0, std::floor(std::log10(x)));
    for (double m : {1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0}) {
        if (m * p >= x * (1 - 1e-12)) {
            return m * p;
        }
    }
    return 10 * p;
}

double niceTick(double max)
{
    if (!(max > 0) || !std::isfinite(max)) {
        return 1;
    }
    const double raw = max / 5;
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    double best = p;
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        best = m * p;
        if (max / best <= 8 + 1e-9) {
            break;
        }
    }
    return best;
}

MemoryAxis memoryAxis(const std::vector<MemoryBar>& bars, const std::vector<ReferenceLine>& lines,
                      ByteUnits units)
{
    MemoryAxis axis;
    u64 tallest = 0;
    u64 shortest = 0;
    for (const MemoryBar& b : bars) {
        tallest = std::max(tallest, b.total);
        shortest = shortest == 0 ? b.total : std::min(shortest, b.total);
    }
    // Show the first GPU line above the tallest bar (what it would take) when it is near enough
    // that the bars keep two thirds of the chart (within 1.5×); lines further up are named at
    // the chart's top edge instead, and the totals' labels name the fit either way.
    u64 top = tallest;
    for (const ReferenceLine& l : lines) {
        if (l.bytes >= tallest) {
            if (l.bytes - tallest <= tallest / 2) {
                top = std::max(top, l.bytes);
            }
            break;
        }
    }
    const double topValue = bytesInUnit(top, units);
    axis.max = niceCeil(std::max(topValue * 1.08, bytesInUnit(tallest, units) * 1.15));
    axis.tick = niceTick(axis.max);
    const double low = bytesInUnit(std::max<u64>(shortest, 1), units);
    axis.log_min = std::pow(10.0, std::floor(std::log10(std::max(low, 1e-6))));
    axis.log_max = std::pow(10.0, std::ceil(std::log10(std::max(axis.max, axis.log_min * 10))));
    axis.suggest_log = shortest > 0 && tallest / shortest > 50;
    return axis;
}

} // namespace llmsizer
