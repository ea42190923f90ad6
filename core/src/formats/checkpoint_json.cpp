// The JSON form of an inspected checkpoint (llm-sizer-cli inspect --json).
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/text/text.h"

#include "json/byte_reader.h"
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace llmsizer {

using nlohmann::json;

namespace {

// File names and messages that quote them may hold any bytes; JSON needs UTF-8.
std::string utf8Text(const std::string& s)
{
    return detail::isValidUtf8(s) ? s : detail::printableName(s);
}

std::vector<std::string> utf8Texts(const std::vector<std::string>& v)
{
    std::vector<std::string> out;
    out.reserve(v.size());
    for (const std::string& s : v) {
        out.push_back(utf8Text(s));
    }
    return out;
}

std::string roleKey(const TensorRole& r)
{
    switch (r.kind) {
    case TensorKind::Buffer:
        return "buffer";
    case TensorKind::Unmapped:
        return "unmapped";
    case TensorKind::QuantMetadata:
        return "quantization";
    case TensorKind::Parameter:
        break;
    }
    return std::string(componentKey(r.component));
}

json componentsJson(const std::vector<ComponentCount>& components)
{
    json out = json::object();
    for (const ComponentCount& cc : components) {
        out[std::string(componentKey(cc.component))] = cc.params;
    }
    return out;
}

json partsJson(const std::vector<ComponentCount>& components)
{
    json out = json::object();
    for (const ComponentCount& cc : components) {
        json parts = json::object();
        for (const Part& p : cc.parts) {
            parts[p.key] = p.params;
        }
        out[std::string(componentKey(cc.component))] = std::move(parts);
    }
    return out;
}

json metadataValue(const MetadataItem& m)
{
    if (m.kind == "integer") {
        std::int64_t i = 0;
        std::uint64_t u = 0;
        const char* end = m.value.data() + m.value.size();
        if (m.value.starts_with('-')) {
            if (std::from_chars(m.value.data(), end, i).ptr == end) {
                return i;
            }
        } else if (std::from_chars(m.value.data(), end, u).ptr == end) {
            return u;
        }
    } else if (m.kind == "float") {
        if (const std::optional<double> d = llmsizer::text::parseDouble(m.value)) {
            return *d;
        }
    } else if (m.kind == "bool") {
        return m.value == "true";
    }
    return utf8Text(m.value);
}

} // namespace

json checkpointToJson(const Checkpoint& c)
{
    json j;
    j["path"] = utf8Text(c.path);
    j["format"] = std::string(checkpointFormatName(c.format));
    j["files"] = utf8Texts(c.files);
    j["total_params"] = c.total_params;
    j["total_bytes"] = c.total_bytes;
    j["components"] = componentsJson(c.components);
    j["component_parts"] = partsJson(c.components);
    json dtypes = json::array();
    for (const DtypeTotal& d : c.dtypes) {
        dtypes.push_back(
            {{"dtype", d.dtype}, {"tensors", d.tensors}, {"params", d.params}, {"bytes", d.bytes}});
    }
    j["dtypes"] = std::move(dtypes);
    json tensors = json::array();
    for (const CheckpointTensor& t : c.tensors) {
        json row = {{"name", utf8Text(t.name)}, {"dtype", t.dtype}, {"shape", t.shape},
                    {"params", t.params},       {"bytes", t.bytes}, {"component", roleKey(t.role)},
                    {"part", t.role.part}};
        if (c.files.size() > 1) {
            row["file"] = utf8Text(t.file);
        }
        if (!t.logical_shape.empty()) {
            row["logical_shape"] = t.logical_shape;
        }
        if (!t.quant.empty()) {
            row["quant"] = t.quant;
            if (t.role.kind != TensorKind::QuantMetadata && t.params > 0) {
                row["quant_bytes"] = t.quant_bytes;
                row["bits_per_weight"] = 8.0 * static_cast<double>(t.bytes + t.quant_bytes) /
                                         static_cast<double>(t.params);
            }
        }
        tensors.push_back(std::move(row));
    }
    j["tensors"] = std::move(tensors);
    j["unmapped"] = utf8Texts(c.unmapped);
    j["unmapped_params"] = c.unmapped_params;
    j["buffers"] = utf8Texts(c.buffers);
    j["buffer_params"] = c.buffer_params;
    j["buffer_bytes"] = c.buffer_bytes;
    if (!c.quantization.empty() || c.quant_metadata_tensors > 0) {
        j["quantization"] = {{"schemes", utf8Texts(c.quantization)},
                             {"quantized_params", c.quantized_params},
                             {"metadata_tensors", c.quant_metadata_tensors},
                             {"metadata_bytes", c.quant_metadata_bytes}};
    }
    if (c.lora) {
        const LoraSummary& l = *c.lora;
        j["lora"] = {{"ranks", l.ranks},
                     {"targets", utf8Texts(l.targets)},
                     {"params", l.params},
                     {"tensors", l.tensors},
                     {"adapter_config", utf8Text(l.config_source)},
                     {"base_model", utf8Text(l.base_model)}};
        if (l.config_rank) {
            j["lora"]["config_rank"] = *l.config_rank;
        }
    }
    if (c.effective_bpw) {
        j["effective_bpw"] = *c.effective_bpw;
    }
    if (c.format == CheckpointFormat::Gguf) {
        j["gguf_version"] = c.gguf_version;
    }
    json meta = json::object();
    for (const MetadataItem& m : c.metadata) {
        meta[utf8Text(m.key)] = metadataValue(m);
    }
    j["metadata"] = std::move(meta);
    j["partial"] = c.partial;
    j["data_present"] = c.data_present;
    if (c.partial) {
        j["missing_shards"] = utf8Texts(c.missing_shards);
        j["missing_tensors"] = c.missing_tensors;
    }
    j["model"] = {{"name", utf8Text(c.model_name)}, {"config_source", utf8Text(c.config_source)}};
    if (!c.guesses.empty()) {
        j["model"]["guesses"] = utf8Texts(c.guesses);
    }
    if (c.estimate) {
        j["estimate"] = {{"total_params", c.estimate->total},
                         {"active_params", c.estimate->active},
                         {"components", componentsJson(c.estimate->components)}};
        // Without tensors there is nothing to differ from the estimate: no "diff".
        if (c.compared()) {
            json diff = json::object();
            for (const ComponentDiff& d : c.diff) {
                diff[d.key] = {{"estimate", d.estimate},
                               {"checkpoint", d.checkpoint},
                               {"difference", d.difference}};
            }
            j["estimate"]["diff"] = std::move(diff);
            j["estimate"]["total_difference"] = c.total_difference;
        }
    } else {
        j["estimate"] = nullptr;
        j["estimate_note"] = utf8Text(c.estimate_note);
    }
    j["notes"] = utf8Texts(c.notes);
    if (!c.headline.empty()) {
        j["headline"] = c.headline;
    }
    if (c.index_total_size || c.index_total_parameters) {
        json idx = json::object();
        if (c.index_total_size) {
            idx["total_size"] = *c.index_total_size;
        }
        if (c.index_total_parameters) {
            idx["total_parameters"] = *c.index_total_parameters;
        }
        j["index_metadata"] = std::move(idx);
    }
    return j;
}

} // namespace llmsizer
