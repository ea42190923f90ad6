#include "llmsizer/present/baseline.h"

#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <cmath>

namespace llmsizer {

namespace {

const MemoryBar* barAt(const std::vector<MemoryBar>& bars, const std::string& precision)
{
    for (const MemoryBar& b : bars) {
        if (b.precision_id == precision) {
            return &b;
        }
    }
    return nullptr;
}

std::string find(const std::vector<std::pair<std::string, std::string>>& list, std::string_view key)
{
    for (const auto& [k, v] : list) {
        if (k == key) {
            return v;
        }
    }
    return {};
}

} // namespace

std::string ratioText(double now, double base)
{
    if (now == base) {
        return now == 0 ? std::string() : std::string("×1");
    }
    if (base == 0) {
        return "new";
    }
    if (now == 0) {
        return "gone";
    }
    return llmsizer::ratioText(now / base);
}

std::string ratioText(std::uint64_t now, std::uint64_t base)
{
    if (now == base) {
        return now == 0 ? std::string() : std::string("×1");
    }
    return ratioText(static_cast<double>(now), static_cast<double>(base));
}

std::string BaselineRatios::figure(std::string_view key) const
{
    return find(figures, key);
}

std::string BaselineRatios::slice(std::string_view key) const
{
    return find(slices, key);
}

BaselineRatios baselineRatios(const Snapshot& now, const Snapshot& base, ByteUnits units)
{
    BaselineRatios r;
    r.figures = {
        {"total", ratioText(now.count.total, base.count.total)},
        {"active", ratioText(now.count.active, base.count.active)},
        {"approx", ratioText(now.approx_12ld2, base.approx_12ld2)},
        {"flops", ratioText(now.flops_per_token, base.flops_per_token)},
        {"memory", ratioText(now.selected.total, base.selected.total)},
        {"weights",
         ratioText(segmentBytes(now.selected, "weights"), segmentBytes(base.selected, "weights"))},
        {"kv_token", ratioText(now.kv.bytes_per_token, base.kv.bytes_per_token)},
        {"kv_context", ratioText(now.kv.bytes, base.kv.bytes)},
    };
    r.slices.reserve(now.slices.size());
    for (const Slice& s : now.slices) {
        std::uint64_t before = 0;
        for (const Slice& b : base.slices) {
            if (b.key == s.key) {
                before = b.params;
            }
        }
        r.slices.emplace_back(s.key, ratioText(s.params, before));
    }
    std::vector<MemoryBar> all = now.bars;
    r.bars.reserve(now.bars.size());
    r.ghosts.reserve(now.bars.size());
    for (const MemoryBar& b : now.bars) {
        const MemoryBar* ghost = barAt(base.bars, b.precision_id);
        r.bars.push_back(ghost != nullptr ? ratioText(b.total, ghost->total) : std::string());
        r.ghosts.push_back(ghost != nullptr ? ghost->total : 0);
        if (ghost != nullptr) {
            all.push_back(*ghost);
        }
    }
    r.axis = memoryAxis(all, now.lines, units);
    return r;
}

void setAgainstBaseline(Diagram& now, const Diagram& base)
{
    const auto appendRatio = [](std::string& text, std::uint64_t a, std::uint64_t b) {
        const std::string r = ratioText(a, b);
        if (!r.empty()) {
            text += " " + r;
        }
    };
    const auto follow = [&base, &appendRatio](DiagramBox& box) {
        const DiagramBox* before = base.find(box.key);
        appendRatio(box.count_text, box.model_params, before != nullptr ? before->model_params : 0);
    };
    for (DiagramBox& box : now.inputs) {
        follow(box);
    }
    for (DiagramGroup& group : now.groups) {
        for (DiagramBox& box : group.boxes) {
            follow(box);
        }
    }
    for (DiagramBox& box : now.outputs) {
        follow(box);
    }
    appendRatio(now.total_text, now.total, base.total);
}

} // namespace llmsizer
