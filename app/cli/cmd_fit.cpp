// llm-sizer-cli fit (--preset ID | --config FILE) --gpu ID [--gpus N] [--mode inference|training]
// [--precision P] [--context N] [--batch N] [--kv-precision P] [--overhead PROFILE]
// [--optimizer O] [--grad-bytes 2|4] [--zero 0..3] [--recompute none|selective|full]
// [--flash-attention] [--lora-rank R] [--gpus-per-node N] [--user-gpus FILE] [--json]
// Does the workload fit on N GPUs of one kind, by how much, and how many would it need.
// Training: --context is the sequence length and --batch the micro-batch.
#include "cli.h"
#include "gpu_options.h"
#include "llmsizer/compute/speed.h"
#include "llmsizer/shape/fit.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <cstdint>
#include <limits>

namespace llmsizer::cli {

namespace {

template <typename F> auto asUsage(const char* option, F&& f)
{
    try {
        return f();
    } catch (const InputError& e) {
        throw UsageError(std::string("--") + option + ": " + e.message());
    }
}

std::string value(const QCommandLineParser& parser, const char* name, const char* fallback)
{
    const QString key = QString::fromLatin1(name);
    return parser.isSet(key) ? parser.value(key).toStdString() : std::string(fallback);
}

InferenceParams inferenceParams(const QCommandLineParser& parser)
{
    InferenceParams p;
    const std::string prec = value(parser, "precision", "fp16");
    p.weights = asUsage("precision", [&] { return precisionById(prec); });
    const std::string kv = value(parser, "kv-precision", "fp16");
    p.kv = asUsage("kv-precision", [&] { return kvPrecisionById(kv); });
    const std::string oh = value(parser, "overhead", "none");
    p.overhead = asUsage("overhead", [&] { return overheadProfileById(oh); });
    p.context = uintOption(parser, QStringLiteral("context"), p.context, 1, Limits::maxContext);
    p.batch = uintOption(parser, QStringLiteral("batch"), 1, 1, Limits::maxBatch);
    p.workspace.flash_attention =
        parser.isSet(QStringLiteral("flash-attention")) || p.workspace.flash_attention;
    return p;
}

TrainingParams trainingParams(const QCommandLineParser& parser)
{
    TrainingParams t;
    const std::string opt = value(parser, "optimizer", "adamw");
    t.optimizer = asUsage("optimizer", [&] { return optimizerById(opt); });
    t.grad_bytes = uintOption(parser, QStringLiteral("grad-bytes"), 2, 2, 4);
    if (t.grad_bytes == 3) {
        throw UsageError("--grad-bytes must be 2 (fp16/bf16) or 4 (fp32)");
    }
    t.zero_stage = static_cast<int>(uintOption(parser, QStringLiteral("zero"), 0, 0, 3));
    ActivationParams& a = t.activations;
    a.seq = uintOption(parser, QStringLiteral("context"), a.seq, 1, Limits::maxContext);
    a.micro_batch = uintOption(parser, QStringLiteral("batch"), 1, 1, Limits::maxBatch);
    const std::string rc = value(parser, "recompute", "none");
    if (rc == "selective") {
        a.recompute = Recompute::Selective;
    } else if (rc == "full") {
        a.recompute = Recompute::Full;
    } else if (rc != "none") {
        throw UsageError("--recompute must be none, selective or full (got '" + rc + "')");
    }
    a.flash_attention = parser.isSet(QStringLiteral("flash-attention"));
    t.lora.rank = uintOption(parser, QStringLiteral("lora-rank"), 0, 1, 1u << 16);
    return t;
}

nlohmann::json splitJson(const ParallelSplit& s)
{
    return {{"gpus", s.gpus},
            {"tensor_parallel", s.tensor_parallel},
            {"pipeline_parallel", s.pipeline_parallel},
            {"data_parallel", s.data_parallel},
            {"nodes", s.nodes},
            {"notes", s.notes}};
}

} // namespace

int runFit(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Does a model fit on a GPU (or N of them), and on how many would it?"));
    addModelOptions(parser);
    const QList<QCommandLineOption> options{
        {QStringLiteral("gpu"), QStringLiteral("GPU id (see 'llm-sizer-cli gpus')."),
         QStringLiteral("ID")},
        {QStringLiteral("gpus"), QStringLiteral("Number of GPUs (default 1)."),
         QStringLiteral("N")},
        {QStringLiteral("mode"), QStringLiteral("inference (default) or training."),
         QStringLiteral("MODE")},
        {QStringLiteral("precision"), QStringLiteral("Weight precision (default fp16)."),
         QStringLiteral("P")},
        {QStringLiteral("context"),
         QStringLiteral("Tokens per sequence (training: sequence length)."), QStringLiteral("N")},
        {QStringLiteral("batch"), QStringLiteral("Sequences (training: micro-batch)."),
         QStringLiteral("N")},
        {QStringLiteral("kv-precision"), QStringLiteral("KV cache precision (default fp16)."),
         QStringLiteral("P")},
        {QStringLiteral("overhead"), QStringLiteral("Runtime overhead profile (default none)."),
         QStringLiteral("PROFILE")},
        {QStringLiteral("optimizer"), QStringLiteral("Training: adamw, adam8bit or sgd."),
         QStringLiteral("O")},
        {QStringLiteral("grad-bytes"), QStringLiteral("Training: gradient bytes, 2 or 4."),
         QStringLiteral("N")},
        {QStringLiteral("zero"), QStringLiteral("Training: ZeRO stage 0-3."), QStringLiteral("N")},
        {QStringLiteral("recompute"), QStringLiteral("Training: none, selective or full."),
         QStringLiteral("MODE")},
        {QStringLiteral("flash-attention"), QStringLiteral("FlashAttention (no score matrix).")},
        {QStringLiteral("lora-rank"), QStringLiteral("Training: LoRA rank (0 = full)."),
         QStringLiteral("R")},
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
    const std::string mode = value(parser, "mode", "inference");
    if (mode != "inference" && mode != "training") {
        throw UsageError("--mode must be inference or training (got '" + mode + "')");
    }
    // An option of the other mode would be ignored without a word: refused, naming both.
    const bool inference = mode == "inference";
    const std::initializer_list<const char*> trainingOnly{"optimizer", "grad-bytes", "zero",
                                                          "recompute", "lora-rank"};
    const std::initializer_list<const char*> inferenceOnly{"precision", "kv-precision", "overhead"};
    for (const char* name : inference ? trainingOnly : inferenceOnly) {
        if (parser.isSet(QString::fromLatin1(name))) {
            throw UsageError(std::string("--") + name + " applies to --mode " +
                             (inference ? "training" : "inference") + " only (the mode is " + mode +
                             ")");
        }
    }
    const GpuCatalog catalog = loadGpuCatalog(parser);
    const GpuSpec& gpu = gpuById(catalog, parser.value(QStringLiteral("gpu")).toStdString());
    const std::uint64_t gpus = uintOption(parser, QStringLiteral("gpus"), 1, 1, Limits::maxGpus);
    FitOptions fo;
    fo.gpus_per_node = uintOption(parser, QStringLiteral("gpus-per-node"), 8, 1, 1024);
    fo.max_gpus = std::max<std::uint64_t>(fo.max_gpus, gpus);
    const LoadedModel model = loadModel(parser);

    nlohmann::json j;
    FitCheck f;
    if (mode == "inference") {
        const InferenceParams p = inferenceParams(parser);
        f = fitInference(model.config, p, gpu, gpus, fo);
        j["precision"] = p.weights.id;
        j["kv_precision"] = p.kv.id;
        j["overhead"] = p.overhead.id;
        j["context"] = p.context;
        j["batch"] = p.batch;
        const DecodeEstimate d = decodeEstimate(model.config, p, gpu, gpus);
        j["decode_tokens_per_second"] = d.tokens_per_second;
        j["decode_tokens_per_second_upper_bound"] = d.upper_bound_tokens_per_second;
        j["bandwidth_efficiency"] = RooflineAssumptions{}.bandwidth_efficiency;
    } else {
        const TrainingParams t = trainingParams(parser);
        f = fitTraining(model.config, t, gpu, gpus, fo);
        j["optimizer"] = t.optimizer.id;
        j["zero_stage"] = t.zero_stage;
        j["seq"] = t.activations.seq;
        j["micro_batch"] = t.activations.micro_batch;
        j["recompute"] = std::string(recomputeId(t.activations.recompute));
    }
    j["model"] = model.name;
    j["mode"] = mode;
    j["gpu"] = gpu.id;
    j["gpu_name"] = gpu.name;
    j["gpus"] = f.gpus;
    j["fits"] = f.fits;
    j["required_bytes"] = f.required_bytes;
    j["capacity_bytes"] = f.capacity_bytes;
    // capacity − required, exactly: a deficit beyond −2^63 fits no 64-bit signed number, so it
    // is then null, and deficit_bytes (required − capacity, unsigned) always gives it exactly.
    const std::uint64_t deficit = f.fits ? 0 : f.required_bytes - f.capacity_bytes;
    constexpr std::uint64_t kMaxDeficit = std::uint64_t(1) << 63; // -2^63 is an int64
    if (f.fits) {
        j["headroom_bytes"] = f.capacity_bytes - f.required_bytes;
    } else if (deficit < kMaxDeficit) {
        j["headroom_bytes"] = -static_cast<std::int64_t>(deficit);
    } else if (deficit == kMaxDeficit) {
        j["headroom_bytes"] = std::numeric_limits<std::int64_t>::min();
    } else {
        j["headroom_bytes"] = nullptr;
    }
    j["deficit_bytes"] = deficit;
    j["single_gpu_bytes"] = f.single_gpu_bytes;
    j["split"] = splitJson(f.split);
    j["gpus_needed"] = f.gpus_needed == 0 ? nlohmann::json(nullptr) : nlohmann::json(f.gpus_needed);
    if (f.gpus_needed != 0) {
        j["needed_split"] = splitJson(f.needed_split);
        j["needed_required_bytes"] = f.needed_required_bytes;
    }
    j["reason"] = f.reason;
    if (wantsJson(parser)) {
        printJson(j);
        return kOk;
    }
    printLine(model.name + " (" + mode + ") on " + std::to_string(f.gpus) + " × " + gpu.name);
    printLine("  " + f.reason);
    for (const std::string& note : f.split.notes) {
        printLine("  Note: " + note + ".");
    }
    if (j.contains("decode_tokens_per_second")) {
        printLine("  Decode roofline: about " +
                  std::to_string(static_cast<long>(j["decode_tokens_per_second"].get<double>())) +
                  " tokens/s at " +
                  std::to_string(static_cast<int>(100 * j["bandwidth_efficiency"].get<double>())) +
                  "% of peak bandwidth (at most " +
                  std::to_string(
                      static_cast<long>(j["decode_tokens_per_second_upper_bound"].get<double>())) +
                  ").");
    }
    return kOk; // not fitting is an answer, not an error
}

} // namespace llmsizer::cli
