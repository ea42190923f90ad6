// llm-sizer-cli memory (--preset ID | --config FILE) [--precision P] [--context N] [--batch N]
// [--kv-precision P] [--overhead PROFILE] [--tp N | --gpu-layers N] [--json]: inference memory,
// split into weights, KV cache, activations/workspace and runtime overhead, in exact bytes.
// Without --precision, one row per common precision. --gpu-layers splits the model between one
// GPU and system RAM by layers, as llama.cpp's -ngl does (offload.h).
#include "cli.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/memory/offload.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <algorithm>
#include <string>

namespace llmsizer::cli {

namespace {

std::string gb(std::uint64_t bytes)
{
    return text::fixed(static_cast<double>(bytes) / 1e9, 2);
}

std::string gib(std::uint64_t bytes)
{
    return text::fixed(static_cast<double>(bytes) / 1073741824.0, 2);
}

// Core lookups of user-given names throw InputError; on the command line they are usage errors.
template <typename F> auto asUsage(const char* option, F&& f)
{
    try {
        return f();
    } catch (const InputError& e) {
        throw UsageError(std::string("--") + option + ": " + e.message());
    }
}

nlohmann::json resultJson(const InferenceMemory& m, const InferenceParams& p)
{
    nlohmann::json j;
    j["precision"] = p.weights.id;
    j["precision_label"] = p.weights.label;
    j["bits_per_weight"] = m.weights.effective.value();
    j["bits_per_weight_exact"] = {{"bits", m.weights.effective.bits},
                                  {"weights", m.weights.effective.weights}};
    j["nominal_bits_per_weight"] = p.weights.bpw.value();
    if (p.weights.measured_bpw > 0) {
        j["measured_bits_per_weight_llama31_8b"] = p.weights.measured_bpw;
    }
    j["weights_bytes"] = m.weights_bytes;
    j["active_weights_bytes"] = m.weights.active_bytes;
    j["kv_cache_bytes"] = m.kv_cache_bytes;
    j["kv_bytes_per_token"] = m.kv_bytes_per_token;
    if (m.recurrent_state_bytes > 0) {
        j["recurrent_state_bytes"] = m.recurrent_state_bytes;
    }
    j["activation_bytes"] = m.activation_bytes;
    j["overhead_bytes"] = m.overhead_bytes;
    j["total_bytes"] = m.total_bytes;
    if (!m.weights.tensors.empty()) {
        nlohmann::json tensors = nlohmann::json::array();
        for (const TensorAssignment& t : m.weights.tensors) {
            tensors.push_back({{"name", t.name},
                               {"type", t.type},
                               {"tensors", t.tensors},
                               {"params", t.params},
                               {"bytes", t.bytes},
                               {"fallback", t.fallback}});
        }
        j["tensors"] = std::move(tensors);
    }
    return j;
}

nlohmann::json settingsJson(const LoadedModel& model, const InferenceParams& p, const KvCache& kv)
{
    return {{"model", model.name},
            {"params", countParameters(model.config).total},
            {"context", p.context},
            {"batch", p.batch},
            {"tensor_parallel", p.tensor_parallel},
            {"kv_precision", p.kv.id},
            {"kv_global_layers", kv.global_layers},
            {"kv_sliding_layers", kv.sliding_layers},
            {"kv_latent", kv.latent},
            {"overhead", p.overhead.id},
            {"overhead_label", p.overhead.label},
            {"overhead_rule_of_thumb", p.overhead.rule_of_thumb},
            {"workspace_ubatch", p.workspace.ubatch},
            {"flash_attention", p.workspace.flash_attention}};
}

void printHeader(const LoadedModel& model, const InferenceParams& p)
{
    printLine(model.name + ": inference memory at context " + withThousands(p.context) +
              ", batch " + std::to_string(p.batch) + ", KV cache " + p.kv.label + ", overhead " +
              p.overhead.label +
              (p.tensor_parallel > 1 ? ", per GPU of " + std::to_string(p.tensor_parallel)
                                     : std::string()));
}

// "Parameters: 70,553,706,496 (70.6B); weights at FP16: 141.11 GB (131.42 GiB)": the headline
// figures, at the one precision asked for or else at FP16.
void printHeadline(const LoadedModel& model,
                   const std::vector<std::pair<InferenceParams, InferenceMemory>>& rows)
{
    const auto fp16 = std::find_if(rows.begin(), rows.end(),
                                   [](const auto& row) { return row.first.weights.id == "fp16"; });
    const auto& [q, m] = rows.size() == 1 || fp16 == rows.end() ? rows.front() : *fp16;
    printLine("Parameters: " + countWithShort(countParameters(model.config).total) +
              "; weights at " + q.weights.label + ": " + gb(m.weights_bytes) + " GB (" +
              gib(m.weights_bytes) + " GiB)");
}

void printOne(const InferenceMemory& m, const InferenceParams& p)
{
    printLine("Precision " + p.weights.label + ": " + text::fixed(m.weights.effective.value(), 4) +
              " bits per weight (effective)");
    printLine("  " + padRight("Part", 24) + padLeft("Bytes", 24) + padLeft("GB (1e9)", 12) +
              padLeft("GiB (2^30)", 12));
    auto row = [](const std::string& label, std::uint64_t bytes) {
        printLine("  " + padRight(label, 24) + padLeft(withThousands(bytes), 24) +
                  padLeft(gb(bytes), 12) + padLeft(gib(bytes), 12));
    };
    row("Weights", m.weights_bytes);
    row("KV cache", m.kv_cache_bytes);
    if (m.recurrent_state_bytes > 0) {
        row("Recurrent state", m.recurrent_state_bytes);
    }
    row("Activations/workspace", m.activation_bytes);
    row("Runtime overhead", m.overhead_bytes);
    row("Total", m.total_bytes);
    printLine("  KV cache per token: " + withThousands(m.kv_bytes_per_token) + " bytes");
    if (p.overhead.rule_of_thumb) {
        printLine("  Note: '" + p.overhead.id + "' is a rule of thumb, not a measurement.");
    }
}

void printAll(const std::vector<std::pair<InferenceParams, InferenceMemory>>& rows)
{
    printLine("  " + padRight("Precision", 26) + padLeft("bpw", 8) + padLeft("Weights GB", 12) +
              padLeft("Weights GiB", 13) + padLeft("Total GB", 11) + padLeft("Total GiB", 11));
    for (const auto& [p, m] : rows) {
        printLine("  " + padRight(p.weights.label, 26) +
                  padLeft(text::fixed(m.weights.effective.value(), 4), 8) +
                  padLeft(gb(m.weights_bytes), 12) + padLeft(gib(m.weights_bytes), 13) +
                  padLeft(gb(m.total_bytes), 11) + padLeft(gib(m.total_bytes), 11));
    }
    if (!rows.empty()) {
        const InferenceMemory& m = rows.front().second;
        printLine("  KV cache " + gb(m.kv_cache_bytes) + " GB (" +
                  withThousands(m.kv_bytes_per_token) + " bytes per token), workspace " +
                  gb(m.activation_bytes) + " GB, overhead as listed in the totals.");
    }
    printLine("  GB = 1e9 bytes, GiB = 2^30 bytes.");
}

nlohmann::json offloadJson(const OffloadMemory& o)
{
    return {{"layers", o.layers},
            {"gpu_layers", o.gpu_layers},
            {"output_on_gpu", o.output_on_gpu},
            {"gpu_weight_bytes", o.gpu_weight_bytes},
            {"gpu_kv_bytes", o.gpu_kv_bytes},
            {"workspace_bytes", o.workspace_bytes},
            {"overhead_bytes", o.overhead_bytes},
            {"gpu_total_bytes", o.gpu_total_bytes},
            {"ram_weight_bytes", o.ram_weight_bytes},
            {"ram_kv_bytes", o.ram_kv_bytes},
            {"ram_total_bytes", o.ram_total_bytes}};
}

void printOffload(const OffloadMemory& o)
{
    printLine("  Split by layers: the last " + std::to_string(o.gpu_layers) + " of " +
              std::to_string(o.layers) + " layers on the GPU" +
              (o.output_on_gpu ? " with the output layer" : "") +
              ", the rest and the token embedding in system RAM");
    auto row = [](const std::string& label, std::uint64_t bytes) {
        printLine("  " + padRight(label, 24) + padLeft(withThousands(bytes), 24) +
                  padLeft(gb(bytes), 12) + padLeft(gib(bytes), 12));
    };
    row("GPU: weights", o.gpu_weight_bytes);
    row("GPU: KV cache", o.gpu_kv_bytes);
    row("GPU: workspace", o.workspace_bytes);
    row("GPU: runtime overhead", o.overhead_bytes);
    row("GPU total", o.gpu_total_bytes);
    row("RAM: weights", o.ram_weight_bytes);
    row("RAM: KV cache", o.ram_kv_bytes);
    row("RAM total", o.ram_total_bytes);
}

} // namespace

int runMemory(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Inference memory per precision: weights, KV cache, activations and "
                       "runtime overhead (GB = 1e9 bytes, GiB = 2^30)."));
    addModelOptions(parser);
    parser.addOption({QStringLiteral("precision"),
                      QStringLiteral("Weight precision id (fp16, int4_g128, nf4_dq, q4_k_m, …). "
                                     "Default: a table of common precisions."),
                      QStringLiteral("P")});
    parser.addOption({QStringLiteral("context"),
                      QStringLiteral("Tokens per sequence (default 4096)."), QStringLiteral("N")});
    parser.addOption({QStringLiteral("batch"), QStringLiteral("Concurrent sequences (default 1)."),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("kv-precision"),
                      QStringLiteral("KV cache precision: fp32, fp16, bf16, fp8, q8_0, q4_0, … "
                                     "(default fp16)."),
                      QStringLiteral("P")});
    parser.addOption({QStringLiteral("overhead"),
                      QStringLiteral("Runtime overhead profile: none, llama.cpp, vllm, "
                                     "transformers, tm101 (default none)."),
                      QStringLiteral("PROFILE")});
    parser.addOption({QStringLiteral("tp"),
                      QStringLiteral("Tensor-parallel GPUs; figures are per GPU (default 1)."),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("gpu-layers"),
                      QStringLiteral("Split by layers between one GPU and system RAM: the last N "
                                     "layers on the GPU (llama.cpp -ngl; needs --precision)."),
                      QStringLiteral("N")});
    addJsonOption(parser);
    parseOrThrow(parser, args);

    const bool offload = parser.isSet(QStringLiteral("gpu-layers"));
    if (offload && !parser.isSet(QStringLiteral("precision"))) {
        throw UsageError("--gpu-layers needs --precision (one precision at a time)");
    }
    if (offload && parser.isSet(QStringLiteral("tp"))) {
        throw UsageError("--gpu-layers and --tp cannot be combined (a layer split uses one GPU)");
    }
    InferenceParams p;
    p.context = uintOption(parser, QStringLiteral("context"), 4096, 1, Limits::maxContext);
    p.batch = uintOption(parser, QStringLiteral("batch"), 1, 1, Limits::maxBatch);
    p.tensor_parallel = uintOption(parser, QStringLiteral("tp"), 1, 1, 1024);
    if (parser.isSet(QStringLiteral("kv-precision"))) {
        const std::string id = parser.value(QStringLiteral("kv-precision")).toStdString();
        p.kv = asUsage("kv-precision", [&] { return kvPrecisionById(id); });
    }
    if (parser.isSet(QStringLiteral("overhead"))) {
        const std::string id = parser.value(QStringLiteral("overhead")).toStdString();
        p.overhead = asUsage("overhead", [&] { return overheadProfileById(id); });
    }
    std::vector<std::string> ids = defaultPrecisionIds();
    const bool single = parser.isSet(QStringLiteral("precision"));
    if (single) {
        const std::string id = parser.value(QStringLiteral("precision")).toStdString();
        ids = {asUsage("precision", [&] { return precisionById(id); }).id};
    }
    const LoadedModel model = loadModel(parser);
    const std::uint64_t gpuLayers =
        offload ? uintOption(parser, QStringLiteral("gpu-layers"), 0, 0, model.config.n_layers) : 0;

    std::vector<std::pair<InferenceParams, InferenceMemory>> rows;
    for (const std::string& id : ids) {
        InferenceParams q = p;
        q.weights = precisionById(id);
        rows.emplace_back(q, inferenceMemory(model.config, q));
    }

    if (wantsJson(parser)) {
        nlohmann::json j = settingsJson(model, p, rows.front().second.kv);
        if (single) {
            j.update(resultJson(rows.front().second, rows.front().first));
            if (offload) {
                j["offload"] = offloadJson(offloadMemory(
                    model.config, countParameters(model.config), rows.front().first, gpuLayers));
            }
        } else {
            nlohmann::json list = nlohmann::json::array();
            for (const auto& [q, m] : rows) {
                list.push_back(resultJson(m, q));
            }
            j["precisions"] = std::move(list);
        }
        printJson(j);
        return kOk;
    }
    printHeader(model, p);
    printHeadline(model, rows);
    if (single) {
        printOne(rows.front().second, rows.front().first);
        if (offload) {
            printOffload(offloadMemory(model.config, countParameters(model.config),
                                       rows.front().first, gpuLayers));
        }
    } else {
        printAll(rows);
    }
    return kOk;
}

} // namespace llmsizer::cli
