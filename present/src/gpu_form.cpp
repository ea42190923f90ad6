// The Custom GPUs dialog's form and list as text: a GPU to the form's fields and back (checked by
// the catalog's parser), an id from a name, and the list's rows and details.
#include "llmsizer/present/gpu_form.h"

#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>

namespace llmsizer {

using nlohmann::json;

namespace {

std::string trimmed(std::string_view s)
{
    const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && blank(s.front())) {
        s.remove_prefix(1);
    }
    while (!s.empty() && blank(s.back())) {
        s.remove_suffix(1);
    }
    return std::string(s);
}

// A number field: left out when empty; text that is not a number goes in as text, so that the
// parser names the field ("must be a number (got \"fast\")").
void putNumber(json& j, const char* key, const std::string& text)
{
    const std::string t = trimmed(text);
    if (t.empty()) {
        return;
    }
    if (const std::optional<double> v = text::parseDouble(t)) {
        j[key] = *v;
    } else {
        j[key] = t;
    }
}

std::string optionalText(const std::optional<double>& v)
{
    return v ? text::plainDecimal(*v) : std::string();
}

const char* memoryKey(const GpuSpec& g)
{
    return g.memory_unit == MemoryUnit::GiB ? "memory_gib" : "memory_gb";
}

const char* unitName(MemoryUnit unit)
{
    return unit == MemoryUnit::GiB ? " GiB" : " GB";
}

std::string marked(const GpuSpec& g, const std::string& text, const char* field)
{
    return g.isUncertain(field) ? text + "*" : text;
}

std::string optionalMarked(const GpuSpec& g, const std::optional<double>& v, const char* field)
{
    return v ? marked(g, text::plainDecimal(*v), field) : std::string("-");
}

constexpr std::array<std::pair<const char*, const char*>, 14> kLabels{{
    {"id", "Id"},
    {"name", "Name"},
    {"vendor", "Vendor"},
    {"category", "Category"},
    {"memory_gib", "Memory"},
    {"memory_gb", "Memory"},
    {"memory_note", "Memory note"},
    {"usable_fraction", "Usable fraction"},
    {"bandwidth_gb_s", "Bandwidth"},
    {"bf16_dense_tflops", "BF16 dense TFLOPS"},
    {"fp8_dense_tflops", "FP8 dense TFLOPS"},
    {"int8_dense_tops", "INT8 dense TOPS"},
    {"sources", "Sources"},
    {"notes", "Notes"},
}};

} // namespace

GpuForm gpuForm(const GpuSpec& g)
{
    GpuForm f;
    f.id = g.id;
    f.name = g.name;
    f.vendor = g.vendor;
    f.category = g.category.empty() ? std::string("other") : g.category;
    f.memory = text::plainDecimal(g.memory_value);
    f.memory_unit = g.memory_unit;
    f.usable_fraction = text::plainDecimal(g.usable_fraction);
    f.bandwidth = text::plainDecimal(g.bandwidth_gb_s);
    f.bf16_tflops = optionalText(g.bf16_tflops);
    f.fp8_tflops = optionalText(g.fp8_tflops);
    f.int8_tops = optionalText(g.int8_tops);
    for (const std::string& s : g.sources) {
        f.sources += (f.sources.empty() ? "" : "\n") + s;
    }
    f.notes = g.notes;
    return f;
}

GpuSpec gpuFromForm(const GpuForm& f, const GpuSpec& base)
{
    json j = json::object();
    j["id"] = trimmed(f.id);
    j["name"] = trimmed(f.name);
    j["vendor"] = trimmed(f.vendor);
    const std::string category = trimmed(f.category);
    j["category"] = category.empty() ? std::string("other") : category;
    const char* memKey = f.memory_unit == MemoryUnit::GiB ? "memory_gib" : "memory_gb";
    if (trimmed(f.memory).empty()) {
        throw InputError("", memKey, "is required");
    }
    putNumber(j, memKey, f.memory);
    if (!base.memory_note.empty()) {
        j["memory_note"] = base.memory_note;
    }
    putNumber(j, "usable_fraction", f.usable_fraction);
    putNumber(j, "bandwidth_gb_s", f.bandwidth);
    putNumber(j, "bf16_dense_tflops", f.bf16_tflops);
    putNumber(j, "fp8_dense_tflops", f.fp8_tflops);
    putNumber(j, "int8_dense_tops", f.int8_tops);
    // What the form does not show stays the edited device's: its memory (a CPU-only machine's
    // DDR, one pool), its cores, its FP16-accumulate peak and its CUDA compute capability.
    if (!base.memory_type.empty()) {
        j["memory_type"] = base.memory_type;
    }
    if (base.unified_memory) {
        j["unified_memory"] = true;
    }
    if (base.cpu_cores) {
        j["cpu_cores"] = *base.cpu_cores;
    }
    if (base.fp16_acc16_tflops) {
        j["fp16_acc16_dense_tflops"] = *base.fp16_acc16_tflops;
    }
    if (base.compute_capability) {
        j["compute_capability"] = *base.compute_capability;
    }
    json sources = json::array();
    std::string_view rest = f.sources;
    while (!rest.empty()) {
        const std::size_t end = rest.find('\n');
        const std::string line = trimmed(rest.substr(0, end));
        if (!line.empty()) {
            sources.push_back(line);
        }
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    }
    j["sources"] = std::move(sources);
    if (!base.uncertain_fields.empty()) {
        j["uncertain_fields"] = base.uncertain_fields;
    }
    if (const std::string notes = trimmed(f.notes); !notes.empty()) {
        j["notes"] = notes;
    }
    return gpuFromJson(j, "", "", true);
}

std::string gpuIdFromName(std::string_view name)
{
    std::string id;
    bool gap = false;
    for (const char c : name) {
        const char lower = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        if ((lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9')) {
            if (gap && !id.empty()) {
                id += '-';
            }
            id += lower;
            gap = false;
        } else {
            gap = true;
        }
        if (id.size() >= 64) {
            break;
        }
    }
    id.resize(std::min<std::size_t>(id.size(), 64));
    while (!id.empty() && id.back() == '-') {
        id.pop_back();
    }
    return id;
}

GpuListRow gpuListRow(const GpuSpec& g)
{
    GpuListRow r;
    r.id = g.id;
    r.name = g.name;
    r.user = g.user;
    const ByteUnits units =
        g.memory_unit == MemoryUnit::GiB ? ByteUnits::Binary : ByteUnits::Decimal;
    r.memory = text::plainDecimal(g.memory_value) + unitName(g.memory_unit);
    if (g.usable_fraction < 1.0) {
        const double usable = static_cast<double>(g.usableBytes()) /
                              (units == ByteUnits::Binary ? 1073741824.0 : 1e9);
        r.memory +=
            " (" + (usable >= 100 ? text::fixed(usable, 0) : text::general(usable, 3)) + " usable)";
    }
    r.memory = marked(g, r.memory, memoryKey(g));
    r.bandwidth = g.bandwidth_gb_s > 0
                      ? marked(g, text::plainDecimal(g.bandwidth_gb_s), "bandwidth_gb_s")
                      : std::string("unknown");
    r.bf16 = optionalMarked(g, g.bf16_tflops, "bf16_dense_tflops");
    r.fp8 = optionalMarked(g, g.fp8_tflops, "fp8_dense_tflops");
    r.int8 = optionalMarked(g, g.int8_tops, "int8_dense_tops");
    if (g.sources.empty()) {
        r.source = "-";
    } else {
        r.source = g.sources.front();
        if (g.sources.size() > 1) {
            r.source += " (+" + std::to_string(g.sources.size() - 1) + " more)";
        }
    }
    r.memory_tip = withThousands(g.memory_bytes) + " bytes";
    if (!g.memory_note.empty()) {
        r.memory_tip += "\n" + g.memory_note;
    }
    return r;
}

GpuDetails gpuDetails(const GpuSpec& g)
{
    GpuDetails d;
    d.title = g.name + " (" + g.id + "), " +
              (g.user       ? "yours"
               : g.detected ? "detected on this machine (for this run; add it to Custom GPUs to "
                              "keep it)"
                            : "built in");
    d.capacity = text::plainDecimal(g.memory_value) + unitName(g.memory_unit) + " = " +
                 withThousands(g.memory_bytes) + " bytes";
    if (g.usable_fraction < 1.0) {
        const ByteUnits units =
            g.memory_unit == MemoryUnit::GiB ? ByteUnits::Binary : ByteUnits::Decimal;
        d.capacity += "; a model may use " + text::plainDecimal(g.usable_fraction * 100.0) + "% (" +
                      formatBytes(g.usableBytes(), units, 1) + ")";
    }
    d.memory_note = g.memory_note;
    d.sources = g.sources;
    for (const std::string& f : g.uncertain_fields) {
        d.uncertain.push_back(gpuFieldLabel(f));
    }
    d.notes = g.notes;
    return d;
}

std::string gpuFieldLabel(std::string_view field)
{
    for (const auto& [key, label] : kLabels) {
        if (field == key) {
            return label;
        }
    }
    return std::string(field);
}

} // namespace llmsizer
