// Checkpoint sums: each tensor into its component, part and dtype, and the per-component
// difference from countParameters on the inferred architecture.
#include "formats/checkpoint_internal.h"
#include "llmsizer/text/checked.h"

#include <algorithm>
#include <map>

namespace llmsizer {

using u64 = std::uint64_t;

namespace {

std::int64_t signedDifference(u64 checkpoint, u64 estimate)
{
    std::int64_t d = 0;
    if (__builtin_sub_overflow(checkpoint, estimate, &d)) {
        throw OverflowError("the difference between checkpoint and estimate");
    }
    return d;
}

} // namespace

namespace detail {

void classifyTensors(Checkpoint& c)
{
    for (CheckpointTensor& t : c.tensors) {
        t.role = classifyTensor(t.name);
    }
}

void summariseCheckpoint(Checkpoint& c)
{
    for (Component comp : kAllComponents) {
        c.components.push_back({comp, 0, {}});
    }
    std::map<std::string, DtypeTotal> dtypes;
    for (CheckpointTensor& t : c.tensors) {
        if (t.role.kind == TensorKind::QuantMetadata) {
            // Bytes of the quantized weight they belong to, in its dtype row; not parameters.
            c.quant_metadata_tensors += 1;
            c.quant_metadata_bytes =
                checkedAdd(c.quant_metadata_bytes, t.bytes, "quantization metadata bytes");
            c.total_bytes = checkedAdd(c.total_bytes, t.bytes, "checkpoint bytes");
            DtypeTotal& d = dtypes[t.quant.empty() ? "scales" : t.quant];
            d.dtype = t.quant.empty() ? "scales" : t.quant;
            d.bytes = checkedAdd(d.bytes, t.bytes, "checkpoint bytes");
            continue;
        }
        if (t.role.kind == TensorKind::Buffer) {
            c.buffers.push_back(t.name);
            c.buffer_params = checkedAdd(c.buffer_params, t.params, "buffer elements");
            c.buffer_bytes = checkedAdd(c.buffer_bytes, t.bytes, "buffer bytes");
            continue;
        }
        c.total_params = checkedAdd(c.total_params, t.params, "checkpoint parameters");
        c.total_bytes = checkedAdd(c.total_bytes, t.bytes, "checkpoint bytes");
        if (!t.quant.empty()) {
            c.quantized_params = checkedAdd(c.quantized_params, t.params, "quantized parameters");
        }
        const std::string& key = t.quant.empty() ? t.dtype : t.quant;
        DtypeTotal& d = dtypes[key];
        d.dtype = key;
        d.tensors += 1;
        d.params = checkedAdd(d.params, t.params, "checkpoint parameters");
        d.bytes = checkedAdd(d.bytes, t.bytes, "checkpoint bytes");
        if (t.role.kind == TensorKind::Unmapped) {
            c.unmapped.push_back(t.name);
            c.unmapped_params = checkedAdd(c.unmapped_params, t.params, "unmapped parameters");
            continue;
        }
        ComponentCount& cc = c.components[static_cast<std::size_t>(t.role.component)];
        cc.params = checkedAdd(cc.params, t.params, "checkpoint parameters");
        auto part = std::find_if(cc.parts.begin(), cc.parts.end(),
                                 [&t](const Part& p) { return p.key == t.role.part; });
        if (part == cc.parts.end()) {
            cc.parts.push_back({t.role.part, t.params});
        } else {
            part->params = checkedAdd(part->params, t.params, "checkpoint parameters");
        }
    }
    for (auto& [name, d] : dtypes) {
        c.dtypes.push_back(d);
    }
    if ((c.format == CheckpointFormat::Gguf || !c.quantization.empty()) && c.total_params > 0) {
        c.effective_bpw =
            8.0 * static_cast<double>(c.total_bytes) / static_cast<double>(c.total_params);
    }
}

void compareWithEstimate(Checkpoint& c)
{
    if (!c.inferred) {
        return;
    }
    // A GGUF's structure (gated MLP, norms, biases, a separate LM head) is read from its tensors
    // (gguf_config.cpp), so a file without tensors gives no estimate worth comparing.
    if (c.tensors.empty() && c.format == CheckpointFormat::Gguf) {
        c.estimate_note = "no estimate: a GGUF's structure (gated MLP, norms, biases, a separate "
                          "LM head) is read from its tensors, and this file has none";
        return;
    }
    try {
        c.estimate = countParameters(*c.inferred);
    } catch (const InvalidConfigError& e) {
        c.estimate_note = std::string("no estimate: ") + e.what();
        return;
    } catch (const OverflowError& e) {
        c.estimate_note = std::string("no estimate: ") + e.what();
        return;
    }
    if (!c.compared()) {
        return; // the estimate stands alone: no tensors to differ from it
    }
    c.total_difference = signedDifference(c.total_params, c.estimate->total);
    for (Component comp : kAllComponents) {
        const u64 est = c.estimate->params(comp);
        const u64 got = c.component(comp).params;
        c.diff.push_back({std::string(componentKey(comp)), est, got, signedDifference(got, est)});
    }
    if (c.unmapped_params > 0) {
        c.diff.push_back(
            {"unmapped", 0, c.unmapped_params, signedDifference(c.unmapped_params, 0)});
    }
}

void explainEmpty(Checkpoint& c, u64 indexShards)
{
    if (!c.tensors.empty()) {
        return;
    }
    if (indexShards > 0 && c.missing_shards.size() == indexShards) {
        c.headline = indexShards == 1
                         ? "The shard the index names is not present: nothing is counted."
                         : "None of the " + std::to_string(indexShards) +
                               " shards the index names is present: nothing is counted.";
    } else if (c.format == CheckpointFormat::Gguf && c.partial) {
        c.headline = "None of the splits present holds tensors: nothing is counted.";
    } else if (c.format == CheckpointFormat::Gguf) {
        c.headline = "The file holds no tensors (a vocabulary-only GGUF: tokenizer and metadata "
                     "only): nothing is counted.";
    } else {
        c.headline = "The checkpoint holds no tensors: nothing is counted.";
    }
}

} // namespace detail

std::string_view checkpointFormatName(CheckpointFormat f)
{
    return f == CheckpointFormat::Gguf ? "gguf" : "safetensors";
}

const ComponentCount& Checkpoint::component(Component comp) const
{
    return components.at(static_cast<std::size_t>(comp));
}

} // namespace llmsizer
