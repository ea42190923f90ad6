// llm-sizer-cli runs [--gpu ID | --detect [--sysroot DIR]] [--gpus N] [--ram SIZE]
// [--ram-bandwidth GB/S] [--runtime R] [--backend auto|rocm|vulkan] [--context N] [--batch N]
// [--kv-precision P] [--prompt N] [--preset ID | --config FILE | --local [--home DIR]
// [--folder DIR]...] [--family F] [--year Y] [--fits-only] [--user-gpus FILE] [--json]
// What runs on this machine: every preset (or one model, or the models on disk) × every
// precision the runtime offers, with the verdict (fits, fits on N GPUs, runs with layers
// offloaded to RAM, does not), memory per GPU, the largest context and the estimated decode and
// prefill speeds. Without --gpu the machine is detected (llm-sizer-cli system).
#include "cli.h"
#include "gpu_options.h"
#include "llmsizer/catalog/preset_runs.h"
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"
#include "local_options.h"
#include "runs_json.h"
#include "runs_table.h"
#include "runtime_options.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

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

// A Hugging Face config.json's quantization_config ignore list (FP8 checkpoints that keep some
// modules in BF16: "modules_to_not_convert" of fbgemm_fp8, "ignore" of compressed-tensors,
// "ignored_layers" of fp8); none for other files.
std::optional<Fp8Checkpoint> fp8CheckpointOfConfig(const QCommandLineParser& parser,
                                                   const ModelConfig& config)
{
    if (!parser.isSet(QStringLiteral("config"))) {
        return std::nullopt;
    }
    const std::string file = fileOption(parser, QStringLiteral("config"));
    nlohmann::json j;
    try {
        j = readJsonFile(file);
    } catch (const std::exception&) {
        return std::nullopt; // not JSON: a checkpoint file, read elsewhere
    }
    const auto qc = j.find("quantization_config");
    if (!j.is_object() || qc == j.end() || !qc->is_object()) {
        return std::nullopt;
    }
    for (const char* key : {"modules_to_not_convert", "ignore", "ignored_layers"}) {
        const auto list = qc->find(key);
        if (list == qc->end() || !list->is_array()) {
            continue;
        }
        std::vector<std::string> modules;
        for (const nlohmann::json& m : *list) {
            if (m.is_string()) {
                modules.push_back(m.get<std::string>());
            }
        }
        return fp8CheckpointFromIgnoreList(modules, config.n_layers,
                                           file + ": quantization_config." + key);
    }
    return std::nullopt;
}

} // namespace

int runRuns(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "What runs on this machine: every preset (or one model) at every precision the runtime "
        "offers, whether it fits, how much context and how fast (estimates)."));
    const QList<QCommandLineOption> options{
        {QStringLiteral("gpu"),
         QStringLiteral("GPU id (see 'llm-sizer-cli gpus'); without it the machine is detected."),
         QStringLiteral("ID")},
        {QStringLiteral("gpus"),
         QStringLiteral("Number of GPUs (default 1, or as many as were detected)."),
         QStringLiteral("N")},
        {QStringLiteral("ram"),
         QStringLiteral("System RAM the model may use for offloaded layers, with its unit "
                        "(64GB, 64GiB; default none)."),
         QStringLiteral("SIZE")},
        {QStringLiteral("os-reserve"),
         QStringLiteral("Unified memory (Apple, DGX Spark, Strix Halo): what the system keeps of "
                        "it, with its unit (default 2GiB); layers beside the GPU's share take "
                        "the rest."),
         QStringLiteral("SIZE")},
        {QStringLiteral("ram-bandwidth"),
         QStringLiteral("System RAM bandwidth in GB/s for offloaded layers (default 89.6, "
                        "dual-channel DDR5-5600)."),
         QStringLiteral("GB/S")},
        {QStringLiteral("context"),
         QStringLiteral("Tokens per sequence (default 8192; Ollama: its own default by VRAM)."),
         QStringLiteral("N")},
        {QStringLiteral("batch"), QStringLiteral("Concurrent sequences (default 1)."),
         QStringLiteral("N")},
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
         QStringLiteral("Only rows that run entirely on the GPUs (fits, fits_tp, fits_split).")},
        {QStringLiteral("gpus-per-node"),
         QStringLiteral("GPUs sharing a node; tensor parallel stays inside (default 8)."),
         QStringLiteral("N")},
    };
    parser.addOptions(options);
    addRuntimeOptions(parser);
    parser.addOption({QStringLiteral("detect"),
                      QStringLiteral("Detect the machine (the default without --gpu): its GPUs, "
                                     "available RAM and memory bandwidth.")});
    parser.addOption({QStringLiteral("local"),
                      QStringLiteral("The models on this machine's disk (llm-sizer-cli local), "
                                     "each in its file's quantization with its store's runtime.")});
    addSysrootOption(parser);
    addStoreOptions(parser);
    addUserGpusOption(parser);
    addJsonOption(parser);
    parseOrThrow(parser, args);

    const bool local = parser.isSet(QStringLiteral("local"));
    for (const char* other : {"preset", "config", "family", "year"}) {
        if (local && parser.isSet(QString::fromLatin1(other))) {
            throw UsageError(std::string("--local lists the models on disk: it cannot be given "
                                         "with --") +
                             other);
        }
    }
    if (parser.isSet(QStringLiteral("gpu")) &&
        (parser.isSet(QStringLiteral("detect")) || parser.isSet(QStringLiteral("sysroot")))) {
        throw UsageError("--gpu names the machine; --detect and --sysroot read it: give one");
    }
    const GpuCatalog catalog = loadGpuCatalog(parser);
    RunQuery q;
    std::vector<std::string> machineNotes;
    if (parser.isSet(QStringLiteral("gpu"))) {
        q.hardware.gpu = gpuById(catalog, parser.value(QStringLiteral("gpu")).toStdString());
        q.hardware.gpus = 1;
    } else {
        // The machine as detected (llm-sizer-cli system): its GPUs, available RAM and bandwidth.
        const SystemInfo info = detectFromOptions(parser, catalog);
        const DetectedMachine m = machineFromSystem(info, catalog);
        if (!m.has_gpu && !m.cpu_only) {
            // Without a GPU the CPU would run models in the RAM, whose size could not be read.
            throw UsageError("no GPU was detected" +
                             (parser.isSet(QStringLiteral("sysroot"))
                                  ? " under " + fileOption(parser, QStringLiteral("sysroot"))
                                  : std::string(" on this machine")) +
                             (info.ram_total_bytes == 0
                                  ? std::string(", nor the size of its RAM (/proc/meminfo)")
                                  : std::string()) +
                             " (llm-sizer-cli system says what was found); give --gpu ID (run "
                             "'llm-sizer-cli gpus' to list the ids)");
        }
        q.hardware = m.hardware;
        machineNotes = m.notes;
    }
    q.hardware.gpus =
        uintOption(parser, QStringLiteral("gpus"), q.hardware.gpus, 1, Limits::maxGpus);
    q.hardware.gpus_per_node = uintOption(parser, QStringLiteral("gpus-per-node"), 8, 1, 1024);
    if (q.hardware.gpu.unified_memory && q.hardware.gpus > 1) {
        // Two Macs (or DGX Sparks) do not pool their memory for one model here.
        machineNotes.push_back("a unified-memory device runs a model alone: --gpus " +
                               std::to_string(q.hardware.gpus) + " counts as one");
        q.hardware.gpus = 1;
    }
    if (parser.isSet(QStringLiteral("ram"))) {
        q.hardware.ram_bytes = sizeOption(parser, "ram");
    }
    if (parser.isSet(QStringLiteral("os-reserve"))) {
        q.hardware.unified_os_reserve_bytes = sizeOption(parser, "os-reserve");
    }
    q.hardware.ram_bandwidth_gb_s = doubleOption(parser, QStringLiteral("ram-bandwidth"),
                                                 q.hardware.ram_bandwidth_gb_s, 0.1, 100000);
    applyRuntimeOptions(parser, q, local);
    q.context = uintOption(parser, QStringLiteral("context"), 8192, 1, Limits::maxContext);
    q.context_given = parser.isSet(QStringLiteral("context"));
    q.batch = uintOption(parser, QStringLiteral("batch"), 1, 1, Limits::maxBatch);
    q.prompt = uintOption(parser, QStringLiteral("prompt"), 512, 1, Limits::maxContext);
    const bool fitsOnly = parser.isSet(QStringLiteral("fits-only"));
    if (local) {
        return printLocalRuns(scanLocalModels(storesFromOptions(parser)), q, machineNotes, fitsOnly,
                              wantsJson(parser));
    }

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
        ModelRuns m = modelRuns(model.config, countParameters(model.config), "", q,
                                fp8CheckpointOfConfig(parser, model.config));
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
        // A family as the presets list spells it, in any case ("opt" finds OPT).
        const auto lower = [](std::string v) {
            std::transform(v.begin(), v.end(), v.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            return v;
        };
        const bool anyFamily =
            family.empty() || std::any_of(presets.begin(), presets.end(), [&](const Preset& p) {
                return lower(p.family) == lower(family);
            });
        if (!anyFamily) {
            throw UsageError("--family: no preset of the family '" + terminalSafe(family, false) +
                             "' (see 'llm-sizer-cli presets' for the families)");
        }
        std::erase_if(presets, [&](const Preset& p) {
            return (!family.empty() && lower(p.family) != lower(family)) ||
                   (year != 0 && static_cast<std::uint64_t>(p.releasedYear()) != year);
        });
        models = presetRuns(presets, q);
    }

    nlohmann::json rows = nlohmann::json::array();
    std::vector<std::string> lines;
    std::vector<std::string> beyond;    // rows whose bytes exceed 64 bits, with their reason
    std::vector<std::string> archNotes; // '*': the runtime's support of an architecture
    // A runtime that does not run on this device at all: one line for every row.
    const RuntimeArchSupport device = runtimeDeviceSupport(q.runtime, q.hardware.gpu);
    if (device.status == ArchSupport::Unsupported) {
        archNotes.push_back("* every row: " + device.note + "; it runs under " + device.others);
    } else if (!device.note.empty()) {
        archNotes.push_back("* every row: " + device.note);
    }
    bool mxfp4Gguf = false; // gpt-oss's two kinds of GGUF file among the rows
    // A CPU's prefill slowed by weight types without a tiled kernel: per precision, the least
    // and most over the models, and the types.
    KernelSlowdowns slowdowns;
    std::vector<std::string> slowTypes;
    for (const ModelRuns& m : models) {
        const bool merged = runsNowhere(m);
        for (const RunRow& r : m.rows) {
            if (fitsOnly && r.verdict != RunVerdict::Fits && r.verdict != RunVerdict::FitsTp) {
                continue;
            }
            mxfp4Gguf = mxfp4Gguf || (q.runtime.llamaCppFamily() && r.precision_id == "mxfp4_moe");
            // --json keeps a row per precision, with the memory each would take; the table has
            // one line for a model its runtime does not run at any precision.
            rows.push_back(runRowJson(m, r));
            if (merged && &r != &m.rows.front()) {
                continue;
            }
            lines.push_back(runsTableLine(m, r, merged));
            if (r.prefill_terms.kernel_slowdown >= 1.02 && r.prefill_tokens_per_s) {
                const double k = r.prefill_terms.kernel_slowdown;
                auto it = std::find_if(slowdowns.begin(), slowdowns.end(),
                                       [&r](const auto& s) { return s.first == r.precision_id; });
                if (it == slowdowns.end()) {
                    slowdowns.push_back({r.precision_id, {k, k}});
                } else {
                    it->second = {std::min(it->second.first, k), std::max(it->second.second, k)};
                }
                for (const std::string& t : r.prefill_terms.slow_kernel_types) {
                    if (std::find(slowTypes.begin(), slowTypes.end(), t) == slowTypes.end()) {
                        slowTypes.push_back(t);
                    }
                }
            }
            const std::string arch = "* " + terminalSafe(m.name, false) + ": " + r.arch_note;
            if (!r.arch_note.empty() && device.status != ArchSupport::Unsupported &&
                r.arch_note != device.note &&
                std::find(archNotes.begin(), archNotes.end(), arch) == archNotes.end()) {
                archNotes.push_back(arch);
            }
            if (!r.context_note.empty()) {
                // One line per model and note: "* Llama 3.3 70B (q5_k_m, q4_k_m): at 32,768 …".
                const std::string head = "* " + terminalSafe(m.name, false) + " (";
                const std::string tail = "): " + r.context_note;
                const auto same = std::find_if(archNotes.begin(), archNotes.end(), [&](auto& l) {
                    return l.starts_with(head) && l.ends_with(tail);
                });
                if (same == archNotes.end()) {
                    archNotes.push_back(head + r.precision_id + tail);
                } else {
                    same->insert(same->size() - tail.size(), ", " + r.precision_id);
                }
            }
            if (r.beyond_64_bits) {
                beyond.push_back(terminalSafe(m.name, false) + ", " + r.precision_id + ": " +
                                 r.note);
            }
        }
    }
    if (wantsJson(parser)) {
        nlohmann::json j = runQueryJson(q);
        j["detected"] = !parser.isSet(QStringLiteral("gpu"));
        j["machine_notes"] = machineNotes;
        j["rows"] = rows;
        printJson(j);
        return kOk;
    }
    for (const std::string& l : runsMachineLines(q)) {
        printLine(l);
    }
    printLine(runsTableHeader());
    for (const std::string& l : lines) {
        printLine(l);
    }
    if (lines.empty()) {
        printLine(fitsOnly ? "(no row runs entirely on the GPUs)"
                           : "(no preset matches --family and --year)");
    }
    for (const std::string& l : beyond) {
        printLine(l);
    }
    for (const std::string& l : archNotes) {
        printLine(l);
    }
    for (const std::string& n : machineNotes) {
        printLine("note: " + terminalSafe(n, false));
    }
    if (mxfp4Gguf) {
        printLine("mxfp4_moe: the GGUF gpt-oss is published in (experts MXFP4, every other weight "
                  "Q8_0); mxfp4_experts: a 16-bit GGUF (experts MXFP4, every other weight BF16), "
                  "larger and slower by the bytes of those weights.");
    }
    if (q.runtime.kind == Runtime::TensorRtLlm) {
        printLine(tensorRtSpeedNote());
    }
    if (!slowdowns.empty()) {
        printLine(runsKernelLine(slowdowns, slowTypes));
    }
    printLine(runsLegend(q));
    return kOk;
}

} // namespace llmsizer::cli
