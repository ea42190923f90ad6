// llm-sizer-cli runs --gpu ID [--gpus N] [--ram SIZE] [--ram-bandwidth GB/S]
// [--runtime llama.cpp|vllm|transformers] [--context N] [--batch N] [--kv-precision P] [--prompt N]
// [--preset ID | --config FILE] [--family F] [--year Y] [--fits-only] [--user-gpus FILE] [--json]
// What runs on this machine: every preset (or one model) × every precision the runtime offers,
// with the verdict (fits, fits on N GPUs, runs with layers offloaded to RAM, does not), memory
// per GPU, the largest context and the estimated decode and prefill speeds.
#include "cli.h"
#include "gpu_options.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <cctype>
#include <cmath>

namespace llmsizer::cli {

namespace {

// "64GB", "64 GiB", "1.5TB": bytes, exactly for whole numbers of the unit. The unit is required
// (GB = 10^9 bytes, GiB = 2^30).
std::uint64_t sizeOption(const QCommandLineParser& parser, const char* name)
{
    const std::string raw = parser.value(QString::fromLatin1(name)).toStdString();
    std::size_t i = 0;
    while (i < raw.size() && (std::isdigit(static_cast<unsigned char>(raw[i])) || raw[i] == '.')) {
        ++i;
    }
    std::string unit = raw.substr(i);
    while (!unit.empty() && unit.front() == ' ') {
        unit.erase(unit.begin());
    }
    const std::optional<double> value = text::parseDouble(raw.substr(0, i));
    double scale = 0;
    if (unit == "GB") {
        scale = 1e9;
    } else if (unit == "GiB") {
        scale = 1073741824.0;
    } else if (unit == "TB") {
        scale = 1e12;
    } else if (unit == "TiB") {
        scale = 1099511627776.0;
    } else if (unit == "MB") {
        scale = 1e6;
    } else if (unit == "MiB") {
        scale = 1048576.0;
    }
    if (!value || scale == 0 || !(*value >= 0) || *value * scale > 1e18) {
        throw UsageError(std::string("--") + name +
                         " must be a size with its unit, e.g. 64GB or 64GiB (GB = 10^9 bytes, "
                         "GiB = 2^30; got '" +
                         raw + "')");
    }
    return static_cast<std::uint64_t>(std::llround(*value * scale));
}

std::string tokensPerSecond(const std::optional<double>& v)
{
    if (!v) {
        return "-";
    }
    return *v >= 100 ? std::to_string(std::lround(*v)) : text::fixed(*v, 1);
}

std::string gb(std::uint64_t bytes)
{
    return text::fixed(static_cast<double>(bytes) / 1e9, 1);
}

nlohmann::json rowJson(const ModelRuns& m, const RunRow& r)
{
    nlohmann::json j;
    j["preset"] = m.id.empty() ? nlohmann::json(nullptr) : nlohmann::json(m.id);
    j["model"] = m.name;
    j["precision"] = r.precision_id;
    j["verdict"] = std::string(runVerdictKey(r.verdict));
    j["gpus"] = r.gpus;
    j["gpu_layers"] = r.gpu_layers;
    j["layers"] = r.layers;
    // Beyond 64 bits the byte totals are unknown: null, with the note saying why.
    const auto bytes = [&r](auto v) {
        return r.beyond_64_bits ? nlohmann::json(nullptr) : nlohmann::json(v);
    };
    j["bytes_per_gpu"] = bytes(r.bytes_per_gpu);
    j["capacity_bytes"] = r.capacity_bytes;
    j["headroom_bytes"] = bytes(r.headroom_bytes);
    j["ram_bytes"] = bytes(r.ram_bytes);
    j["single_gpu_bytes"] = bytes(r.single_gpu_bytes);
    j["gpus_needed"] = r.gpus_needed == 0 ? nlohmann::json(nullptr) : nlohmann::json(r.gpus_needed);
    j["tensor_parallel"] = r.split.tensor_parallel;
    j["pipeline_parallel"] = r.split.pipeline_parallel;
    j["max_context"] = r.max_context;
    j["decode_tokens_per_s"] =
        r.decode_tokens_per_s ? nlohmann::json(*r.decode_tokens_per_s) : nlohmann::json(nullptr);
    j["prefill_tokens_per_s"] =
        r.prefill_tokens_per_s ? nlohmann::json(*r.prefill_tokens_per_s) : nlohmann::json(nullptr);
    j["note"] = r.note;
    return j;
}

} // namespace

int runRuns(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "What runs on this machine: every preset (or one model) at every precision the runtime "
        "offers, whether it fits, how much context and how fast (estimates)."));
    const QList<QCommandLineOption> options{
        {QStringLiteral("gpu"), QStringLiteral("GPU id (see 'llm-sizer-cli gpus')."),
         QStringLiteral("ID")},
        {QStringLiteral("gpus"), QStringLiteral("Number of GPUs (default 1)."),
         QStringLiteral("N")},
        {QStringLiteral("ram"),
         QStringLiteral("System RAM the model may use for offloaded layers, with its unit "
                        "(64GB, 64GiB; default none)."),
         QStringLiteral("SIZE")},
        {QStringLiteral("ram-bandwidth"),
         QStringLiteral("System RAM bandwidth in GB/s for offloaded layers (default 89.6, "
                        "dual-channel DDR5-5600)."),
         QStringLiteral("GB/S")},
        {QStringLiteral("runtime"), QStringLiteral("llama.cpp (default), vllm or transformers."),
         QStringLiteral("R")},
        {QStringLiteral("context"), QStringLiteral("Tokens per sequence (default 8192)."),
         QStringLiteral("N")},
        {QStringLiteral("batch"), QStringLiteral("Concurrent sequences (default 1)."),
         QStringLiteral("N")},
        {QStringLiteral("kv-precision"), QStringLiteral("KV cache precision (default fp16)."),
         QStringLiteral("P")},
        {QStringLiteral("prompt"),
         QStringLiteral("Prompt tokens for the prefill speed (default 512, llama-bench's pp512)."),
         QStringLiteral("N")},
        {QStringLiteral("preset"), QStringLiteral("Only this preset."), QStringLiteral("ID")},
        {QStringLiteral("config"),
         QStringLiteral("Only this model (a config.json or preset file)."), QStringLiteral("FILE")},
        {QStringLiteral("family"), QStringLiteral("Only presets of this family (e.g. Llama)."),
         QStringLiteral("F")},
        {QStringLiteral("year"), QStringLiteral("Only presets released in this year."),
         QStringLiteral("Y")},
        {QStringLiteral("fits-only"),
         QStringLiteral("Only rows that run entirely on the GPUs (fits, fits_tp).")},
        {QStringLiteral("gpus-per-node"),
         QStringLiteral("GPUs sharing a node; tensor parallel stays inside (default 8)."),
         QStringLiteral("N")},
    };
    parser.addOptions(options);
    addUserGpusOption(parser);
    addJsonOption(parser);
    parseOrThrow(parser, args);

    if (!parser.isSet(QStringLiteral("gpu"))) {
        throw UsageError("--gpu ID is required (run 'llm-sizer-cli gpus' to list the ids)");
    }
    const GpuCatalog catalog = loadGpuCatalog(parser);
    RunQuery q;
    q.hardware.gpu = gpuById(catalog, parser.value(QStringLiteral("gpu")).toStdString());
    q.hardware.gpus = uintOption(parser, QStringLiteral("gpus"), 1, 1, Limits::maxGpus);
    q.hardware.gpus_per_node = uintOption(parser, QStringLiteral("gpus-per-node"), 8, 1, 1024);
    if (parser.isSet(QStringLiteral("ram"))) {
        q.hardware.ram_bytes = sizeOption(parser, "ram");
    }
    q.hardware.ram_bandwidth_gb_s = doubleOption(parser, QStringLiteral("ram-bandwidth"),
                                                 q.hardware.ram_bandwidth_gb_s, 0.1, 100000);
    const std::string runtime = parser.isSet(QStringLiteral("runtime"))
                                    ? parser.value(QStringLiteral("runtime")).toStdString()
                                    : std::string("llama.cpp");
    try {
        q.runtime = runtimeById(runtime);
        if (parser.isSet(QStringLiteral("kv-precision"))) {
            q.kv = kvPrecisionById(parser.value(QStringLiteral("kv-precision")).toStdString());
        }
    } catch (const InputError& e) {
        throw UsageError(std::string(e.field() == "runtime" ? "--runtime: " : "--kv-precision: ") +
                         e.message());
    }
    q.context = uintOption(parser, QStringLiteral("context"), 8192, 1, Limits::maxContext);
    q.batch = uintOption(parser, QStringLiteral("batch"), 1, 1, Limits::maxBatch);
    q.prompt = uintOption(parser, QStringLiteral("prompt"), 512, 1, Limits::maxContext);
    const bool fitsOnly = parser.isSet(QStringLiteral("fits-only"));

    std::vector<ModelRuns> models;
    const bool one =
        parser.isSet(QStringLiteral("preset")) || parser.isSet(QStringLiteral("config"));
    for (const char* filter : {"family", "year"}) {
        if (one && parser.isSet(QString::fromLatin1(filter))) {
            throw UsageError(std::string("--") + filter +
                             " chooses among the presets; it does not apply with --preset or "
                             "--config (one model)");
        }
    }
    if (one) {
        const LoadedModel model = loadModel(parser);
        ModelRuns m = modelRuns(model.config, countParameters(model.config), "", q);
        m.name = model.name;
        if (parser.isSet(QStringLiteral("preset"))) {
            const Preset p =
                loadPresetFile(defaultPresetDir() /
                               (parser.value(QStringLiteral("preset")).toStdString() + ".json"));
            m = presetRuns(p, q);
        }
        models.push_back(std::move(m));
    } else {
        std::vector<Preset> presets = loadPresetDir(defaultPresetDir());
        const std::string family = parser.value(QStringLiteral("family")).toStdString();
        const std::uint64_t year = uintOption(parser, QStringLiteral("year"), 0, 1950, 2100);
        std::erase_if(presets, [&](const Preset& p) {
            return (!family.empty() && p.family != family) ||
                   (year != 0 && static_cast<std::uint64_t>(p.releasedYear()) != year);
        });
        models = presetRuns(presets, q);
    }

    nlohmann::json rows = nlohmann::json::array();
    std::vector<std::string> lines;
    std::vector<std::string> beyond; // rows whose bytes exceed 64 bits, with their reason
    for (const ModelRuns& m : models) {
        for (const RunRow& r : m.rows) {
            if (fitsOnly && r.verdict != RunVerdict::Fits && r.verdict != RunVerdict::FitsTp) {
                continue;
            }
            rows.push_back(rowJson(m, r));
            const std::string layers =
                r.verdict == RunVerdict::Offload
                    ? std::to_string(r.gpu_layers) + "/" + std::to_string(r.layers)
                    : "-";
            lines.push_back(
                padRight(terminalSafe(m.name, false), 28) + padRight(r.precision_id, 11) +
                padRight(std::string(runVerdictKey(r.verdict)), 9) +
                padLeft(r.gpus == 0 ? "-" : std::to_string(r.gpus), 5) + padLeft(layers, 8) +
                // A leading space keeps a wide figure apart from the column before it.
                padLeft(" " + (r.beyond_64_bits ? "> 2^64 B" : gb(r.bytes_per_gpu)), 10) +
                padLeft(" " + (r.beyond_64_bits ? "-" : gb(r.ram_bytes)), 9) +
                padLeft(r.max_context == 0 ? "-" : withThousands(r.max_context), 12) +
                padLeft(tokensPerSecond(r.decode_tokens_per_s), 9) +
                padLeft(tokensPerSecond(r.prefill_tokens_per_s), 10));
            if (r.beyond_64_bits) {
                beyond.push_back(terminalSafe(m.name, false) + ", " + r.precision_id + ": " +
                                 r.note);
            }
        }
    }
    if (wantsJson(parser)) {
        nlohmann::json j;
        j["gpu"] = q.hardware.gpu.id;
        j["gpu_name"] = q.hardware.gpu.name;
        j["gpus"] = q.hardware.gpus;
        j["ram_bytes"] = q.hardware.ram_bytes;
        j["ram_bandwidth_gb_s"] = q.hardware.ram_bandwidth_gb_s;
        j["runtime"] = q.runtime.id;
        j["context"] = q.context;
        j["batch"] = q.batch;
        j["prompt"] = q.prompt;
        j["kv_precision"] = q.kv.id;
        j["bandwidth_efficiency"] = q.runtime.efficiency.bandwidth_efficiency;
        j["compute_efficiency"] = q.runtime.efficiency.compute_efficiency;
        j["rows"] = rows;
        printJson(j);
        return kOk;
    }
    printLine(std::to_string(q.hardware.gpus) + " × " + terminalSafe(q.hardware.gpu.name, false) +
              (q.hardware.ram_bytes > 0 ? " + " + gb(q.hardware.ram_bytes) + " GB RAM" : "") +
              ", " + q.runtime.label + ", context " + withThousands(q.context) + ", batch " +
              std::to_string(q.batch));
    printLine(padRight("model", 28) + padRight("precision", 11) + padRight("verdict", 9) +
              padLeft("GPUs", 5) + padLeft("layers", 8) + padLeft("GB/GPU", 10) +
              padLeft("RAM GB", 9) + padLeft("max ctx", 12) + padLeft("tok/s", 9) +
              padLeft("prefill", 10));
    for (const std::string& l : lines) {
        printLine(l);
    }
    for (const std::string& l : beyond) {
        printLine(l);
    }
    const CalibrationSummary cal = calibrationSummary();
    printLine("Speeds are roofline estimates at " +
              std::to_string(std::lround(100 * q.runtime.efficiency.bandwidth_efficiency)) +
              "% of peak bandwidth (decode) and " +
              std::to_string(std::lround(100 * q.runtime.efficiency.compute_efficiency)) +
              "% of peak FLOP/s (prefill of " + std::to_string(q.prompt) + " tokens); against " +
              std::to_string(cal.decode_measurements) +
              " published measurements the decode estimate is off by " +
              std::to_string(cal.decode_median_error_percent) + "% (median), the prefill by " +
              std::to_string(cal.prefill_median_error_percent) +
              "% (docs/compute.md, \"Calibration\"). GB = 10^9 bytes.");
    return kOk;
}

} // namespace llmsizer::cli
