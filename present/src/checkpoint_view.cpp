// The desktop app's view of an inspected checkpoint: pie slices and the comparison table.
#include "llmsizer/present/checkpoint_view.h"

#include "llmsizer/text/text.h"

#include <filesystem>
#include <string_view>

namespace llmsizer {

namespace {

using u64 = std::uint64_t;

std::string bpwText(double bpw)
{
    return text::fixed(bpw, 3);
}

std::string joined(const std::vector<std::string>& items, std::size_t limit)
{
    std::string out;
    for (std::size_t i = 0; i < items.size() && i < limit; ++i) {
        out += (i == 0 ? "" : ", ") + items[i];
    }
    if (items.size() > limit) {
        out += ", … (" + std::to_string(items.size()) + " in all)";
    }
    return out;
}

// "FILE", or for several files in one directory "3 files in DIR: a, b, c".
std::string filesText(const std::vector<std::string>& files)
{
    if (files.size() < 2) {
        return joined(files, 1);
    }
    const std::filesystem::path dir = std::filesystem::path(files.front()).parent_path();
    std::vector<std::string> names;
    for (const std::string& f : files) {
        const std::filesystem::path p(f);
        if (p.parent_path() != dir) {
            return joined(files, 4);
        }
        names.push_back(p.filename().string());
    }
    return std::to_string(files.size()) + " files in " + dir.string() + ": " + joined(names, 4);
}

} // namespace

std::vector<Slice> checkpointSlices(const Checkpoint& checkpoint)
{
    std::vector<Slice> out;
    // A checkpoint that holds no tensor (nothing read yet) has no components to slice.
    if (checkpoint.components.size() == std::size(kAllComponents)) {
        ParamCount count;
        count.components = checkpoint.components;
        out = pieSlices(count);
    }
    if (checkpoint.unmapped_params > 0) {
        out.push_back({"unmapped", "Unmapped tensors", checkpoint.unmapped_params, {}});
    }
    return out;
}

std::vector<CheckpointRow> checkpointRows(const Checkpoint& c)
{
    std::vector<CheckpointRow> rows;
    const bool estimated = c.estimate.has_value();
    // Without tensors (an index whose shards are all absent) the estimate stands alone: there is
    // nothing to differ from (Checkpoint::compared()); the differences are the core's.
    for (std::size_t i = 0; i < std::size(kAllComponents); ++i) {
        const Component comp = kAllComponents[i];
        const u64 got = c.component(comp).params;
        const u64 est = estimated ? c.estimate->params(comp) : 0;
        if (got == 0 && est == 0) {
            continue;
        }
        CheckpointRow row{std::string(componentLabel(comp)), withThousands(got), "—", "—", false};
        if (estimated) {
            row.estimate = withThousands(est);
        }
        if (c.compared()) {
            row.difference = signedThousands(c.diff[i].difference, "−");
            row.differs = c.diff[i].difference != 0;
        }
        rows.push_back(std::move(row));
    }
    if (c.unmapped_params > 0) {
        rows.push_back(
            {"Unmapped tensors", withThousands(c.unmapped_params), "—",
             estimated ? signedThousands(static_cast<std::int64_t>(c.unmapped_params), "−") : "—",
             true});
    }
    CheckpointRow total{"Total", withThousands(c.total_params), "—", "—", false};
    if (estimated) {
        total.estimate = withThousands(c.estimate->total);
    }
    if (c.compared()) {
        total.difference = signedThousands(c.total_difference, "−");
        total.differs = c.total_difference != 0;
    }
    rows.push_back(std::move(total));
    return rows;
}

std::vector<CheckpointFact> checkpointFacts(const Checkpoint& c, ByteUnits units)
{
    std::vector<CheckpointFact> facts;
    if (!c.headline.empty()) {
        facts.push_back({"Nothing counted", c.headline, true});
    }
    facts.push_back(
        {"Format",
         std::string(checkpointFormatName(c.format)) +
             (c.gguf_version > 0 ? " v" + std::to_string(c.gguf_version) : std::string()),
         false});
    facts.push_back({"Files", filesText(c.files), false});
    facts.push_back({"Parameters", countWithShort(c.total_params), false});
    if (c.index_total_parameters) {
        facts.push_back(
            {"  index total_parameters", withThousands(*c.index_total_parameters), false});
    }
    facts.push_back({"Stored bytes", formatBytes(c.total_bytes, units), false});
    if (c.index_total_size) {
        facts.push_back({"  index total_size",
                         formatBytes(*c.index_total_size, units) + " (" +
                             withThousands(*c.index_total_size) + " bytes)",
                         false});
    }
    for (const DtypeTotal& d : c.dtypes) {
        facts.push_back({"  " + d.dtype,
                         formatBytes(d.bytes, units) + " · " + shortCount(d.params) +
                             " parameters in " + std::to_string(d.tensors) + " tensors",
                         false});
    }
    if (c.lora) {
        std::vector<std::string> ranks;
        for (std::uint64_t r : c.lora->ranks) {
            ranks.push_back(std::to_string(r));
        }
        facts.push_back(
            {"LoRA adapter",
             withThousands(c.lora->params) + " parameters, rank " + joined(ranks, 4) + " on " +
                 joined(c.lora->targets, 8) +
                 (c.lora->base_model.empty() ? "" : " (base " + c.lora->base_model + ")"),
             false});
    }
    for (const std::string& q : c.quantization) {
        facts.push_back({"Quantized", q, false});
    }
    if (c.quant_metadata_tensors > 0) {
        facts.push_back({"Quantization metadata",
                         formatBytes(c.quant_metadata_bytes, units) + " in " +
                             withThousands(c.quant_metadata_tensors) +
                             " tensors (scales, zeros, absmax: bytes, not parameters)",
                         false});
    }
    if (c.effective_bpw) {
        facts.push_back({"Effective bits per weight", bpwText(*c.effective_bpw), false});
    }
    if (!c.buffers.empty()) {
        facts.push_back({"Buffers (not parameters)",
                         withThousands(c.buffer_params) + " values: " + joined(c.buffers, 3),
                         false});
    }
    if (!c.unmapped.empty()) {
        facts.push_back({"Unmapped tensors", joined(c.unmapped, 5), true});
    }
    if (c.partial) {
        facts.push_back({"Missing shards",
                         joined(c.missing_shards, 4) + " (" + std::to_string(c.missing_tensors) +
                             " tensors not counted)",
                         true});
    }
    facts.push_back(
        {"Configuration", c.inferred ? c.config_source : std::string("none found"), !c.inferred});
    if (!c.estimate_note.empty()) {
        facts.push_back({"Estimate", c.estimate_note, true});
    }
    if (!c.guesses.empty()) {
        facts.push_back({"Assumed", joined(c.guesses, 6), false});
    }
    for (const std::string& n : c.notes) {
        facts.push_back({"Note", n, true});
    }
    return facts;
}

} // namespace llmsizer
