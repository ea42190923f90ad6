// The quantization a config.json declares. Sources of the fields:
// - MLX (ml-explore/mlx-lm, mlx_lm/utils.py save_config / quantize_model): "quantization":
//   {"group_size", "bits", optional "mode", and per-module objects or false}; recent mlx-lm
//   writes the same object as "quantization_config" too (without quant_method).
// - transformers quantizers (src/transformers/utils/quantization_config.py): GPTQConfig (bits,
//   group_size, -1 = one group per row), AwqConfig (bits, group_size, version gemm/gemv),
//   BitsAndBytesConfig (load_in_4bit/8bit, bnb_4bit_quant_type, bnb_4bit_use_double_quant),
//   FineGrainedFP8Config (weight_block_size), Mxfp4Config, CompressedTensorsConfig
//   (config_groups.*.weights.num_bits / group_size).
#include "formats/quant_layout.h"
#include "llmsizer/model/model.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

namespace llmsizer::detail {

using nlohmann::json;
using u64 = std::uint64_t;

namespace {

std::optional<u64> optUInt(const json& obj, const char* key, const std::string& file,
                           const std::string& path)
{
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) {
        return std::nullopt;
    }
    if (it->is_number_unsigned()) {
        return it->get<u64>();
    }
    if (it->is_number_integer() && it->get<std::int64_t>() == -1 &&
        std::string_view(key) == "group_size") {
        return 0; // GPTQ: one group spanning the whole row
    }
    throw InputError(file, path + "." + key, "must be a non-negative integer");
}

std::string optString(const json& obj, const char* key, const std::string& file,
                      const std::string& path)
{
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) {
        return {};
    }
    if (!it->is_string()) {
        throw InputError(file, path + "." + key, "must be a string");
    }
    return it->get<std::string>();
}

// Integer quantization stores 2 to 8 bits per value in every scheme read here (MLX: 2, 3, 4, 5,
// 6, 8; GPTQ: 2, 3, 4, 8; AWQ: 4; compressed-tensors: 4, 8); a wider value is no real file.
std::optional<u64> optBits(const json& obj, const char* key, const std::string& file,
                           const std::string& path)
{
    const std::optional<u64> bits = optUInt(obj, key, file, path);
    if (bits && (*bits < 2 || *bits > 8)) {
        throw InputError(file, path + "." + key,
                         "must be from 2 to 8 bits (got " + std::to_string(*bits) +
                             "; no quantized checkpoint stores other widths)");
    }
    return bits;
}

// Values per group: at least 1 (0 for GPTQ's -1, where allowed), and no longer than the widest
// row a model may have (Limits::maxDff).
std::optional<u64> optGroup(const json& obj, const char* key, const std::string& file,
                            const std::string& path, bool wholeRow)
{
    const std::optional<u64> group = optUInt(obj, key, file, path);
    if (group && ((*group == 0 && !wholeRow) || *group > Limits::maxDff)) {
        throw InputError(file, path + "." + key,
                         "must be from 1 to " + withThousands(Limits::maxDff) +
                             (wholeRow ? " (or -1: one group per row)" : "") + " (got " +
                             (*group == 0 ? obj.at(key).dump() : std::to_string(*group)) + ")");
    }
    return group;
}

void readMlx(QuantSettings& s, const json& q, const std::string& file, const std::string& path)
{
    s.method = "mlx";
    s.bits = optBits(q, "bits", file, path);
    s.group = optGroup(q, "group_size", file, path, false);
    s.mode = optString(q, "mode", file, path);
    s.mlx = q;
    s.source = "config.json " + path;
}

} // namespace

std::optional<QuantSettings> quantSettings(const json& config, const std::string& file)
{
    if (!config.is_object()) {
        return std::nullopt;
    }
    QuantSettings s;
    if (const auto mlx = config.find("quantization"); mlx != config.end() && mlx->is_object()) {
        readMlx(s, *mlx, file, "quantization");
        return s;
    }
    const auto it = config.find("quantization_config");
    if (it == config.end() || it->is_null()) {
        return std::nullopt;
    }
    const json& q = *it;
    const std::string path = "quantization_config";
    if (!q.is_object()) {
        throw InputError(file, path, "must be an object");
    }
    s.method = optString(q, "quant_method", file, path);
    if (s.method.empty()) {
        readMlx(s, q, file, path);
        return s;
    }
    s.source = "config.json quantization_config (quant_method " + s.method + ")";
    s.bits = optBits(q, "bits", file, path);
    s.group = optGroup(q, "group_size", file, path, true);
    if (s.method == "bitsandbytes") {
        const auto eight = q.find("load_in_8bit");
        s.bits = eight != q.end() && eight->is_boolean() && eight->get<bool>() ? 8 : 4;
    }
    if (const auto blk = q.find("weight_block_size"); blk != q.end() && !blk->is_null()) {
        if (!blk->is_array() || blk->size() != 2 || !(*blk)[0].is_number_unsigned() ||
            !(*blk)[1].is_number_unsigned()) {
            throw InputError(file, path + ".weight_block_size",
                             "must be a list of two positive integers");
        }
        s.blockRows = (*blk)[0].get<u64>();
        s.blockCols = (*blk)[1].get<u64>();
    }
    if (const auto groups = q.find("config_groups"); groups != q.end() && groups->is_object()) {
        for (const auto& [name, g] : groups->items()) {
            if (g.is_object() && g.contains("weights") && g["weights"].is_object()) {
                std::string gp = path + ".config_groups.";
                gp += name;
                gp += ".weights";
                s.bits = optBits(g["weights"], "num_bits", file, gp);
                s.group = optGroup(g["weights"], "group_size", file, gp, true);
                break; // the first group; mixed groups are read from the tensors
            }
        }
    }
    return s;
}

} // namespace llmsizer::detail
