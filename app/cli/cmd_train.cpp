// llm-sizer-cli train (--preset ID | --config FILE) [--optimizer adamw|adam8bit|sgd]
// [--grad-bytes 2|4] [--zero 0..3] [--gpus N] [--tp N] [--pp N] [--seq N] [--micro-batch N]
// [--recompute none|selective|full] [--sequence-parallel] [--flash-attention] [--no-dropout]
// [--lora-rank R --lora-targets q,v --lora-base bf16|nf4_dq] [--json]: training memory per GPU.
// --gpus is the total; the data-parallel degree (ZeRO's N_d) is gpus / (tp · pp).
#include "cli.h"
#include "llmsizer/memory/training.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <string>

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

std::string choice(const QCommandLineParser& parser, const QString& name, const char* fallback)
{
    return parser.isSet(name) ? parser.value(name).toStdString() : std::string(fallback);
}

TrainingParams readParams(const QCommandLineParser& parser)
{
    TrainingParams tp;
    const std::string opt = choice(parser, QStringLiteral("optimizer"), "adamw");
    tp.optimizer = asUsage("optimizer", [&] { return optimizerById(opt); });
    tp.grad_bytes = uintOption(parser, QStringLiteral("grad-bytes"), 2, 2, 4);
    if (tp.grad_bytes == 3) {
        throw UsageError("--grad-bytes must be 2 (fp16/bf16) or 4 (fp32)");
    }
    tp.zero_stage = static_cast<int>(uintOption(parser, QStringLiteral("zero"), 0, 0, 3));
    ActivationParams& a = tp.activations;
    a.tensor_parallel = uintOption(parser, QStringLiteral("tp"), 1, 1, 1024);
    a.pipeline_parallel = uintOption(parser, QStringLiteral("pp"), 1, 1, 1024);
    const std::uint64_t mp = a.tensor_parallel * a.pipeline_parallel;
    const std::uint64_t gpus = uintOption(parser, QStringLiteral("gpus"), mp, 1, 1u << 20);
    if (gpus % mp != 0) {
        throw UsageError("--gpus must be a multiple of tp · pp (" + std::to_string(mp) + ")");
    }
    tp.data_parallel = gpus / mp;
    a.seq = uintOption(parser, QStringLiteral("seq"), 2048, 1, Limits::maxContext);
    a.micro_batch = uintOption(parser, QStringLiteral("micro-batch"), 1, 1, Limits::maxBatch);
    const std::string rc = choice(parser, QStringLiteral("recompute"), "none");
    if (rc == "none") {
        a.recompute = Recompute::None;
    } else if (rc == "selective") {
        a.recompute = Recompute::Selective;
    } else if (rc == "full") {
        a.recompute = Recompute::Full;
    } else {
        throw UsageError("--recompute must be none, selective or full (got '" + rc + "')");
    }
    a.sequence_parallel = parser.isSet(QStringLiteral("sequence-parallel"));
    a.flash_attention = parser.isSet(QStringLiteral("flash-attention"));
    a.dropout = !parser.isSet(QStringLiteral("no-dropout"));
    tp.lora.rank = uintOption(parser, QStringLiteral("lora-rank"), 0, 1, 1u << 16);
    const bool loraOption =
        parser.isSet(QStringLiteral("lora-targets")) || parser.isSet(QStringLiteral("lora-base"));
    if (loraOption && tp.lora.rank == 0) {
        throw UsageError("--lora-targets and --lora-base need --lora-rank");
    }
    if (parser.isSet(QStringLiteral("lora-targets"))) {
        const std::string list = parser.value(QStringLiteral("lora-targets")).toStdString();
        tp.lora.targets = asUsage("lora-targets", [&] { return parseLoraTargets(list); });
    }
    if (parser.isSet(QStringLiteral("lora-base"))) {
        tp.lora.base_precision = parser.value(QStringLiteral("lora-base")).toStdString();
        asUsage("lora-base", [&] { return precisionById(tp.lora.base_precision); });
    }
    return tp;
}

nlohmann::json resultJson(const LoadedModel& model, const TrainingParams& tp,
                          const TrainingMemory& m)
{
    const ActivationParams& a = tp.activations;
    nlohmann::json j;
    j["model"] = model.name;
    j["per_gpu_bytes"] = m.per_gpu_bytes;
    j["weights_bytes"] = m.weights_bytes;
    j["gradients_bytes"] = m.gradients_bytes;
    j["optimizer_bytes"] = m.optimizer_bytes;
    j["activation_bytes"] = m.activation_bytes;
    j["params"] = m.params;
    j["params_per_gpu"] = m.params_per_gpu;
    j["trainable_params"] = m.trainable_params;
    j["trainable_per_gpu"] = m.trainable_per_gpu;
    j["activations"] = {{"per_layer_bytes", m.activations.per_layer},
                        {"layers_held", m.activations.layers_held},
                        {"layers_bytes", m.activations.layers_bytes},
                        {"extra_bytes", m.activations.extra_bytes}};
    j["settings"] = {{"optimizer", tp.optimizer.id},
                     {"optimizer_bytes_per_param", tp.optimizer.bytes_per_param},
                     {"weight_bytes", tp.weight_bytes},
                     {"grad_bytes", tp.grad_bytes},
                     {"zero_stage", tp.zero_stage},
                     {"data_parallel", tp.data_parallel},
                     {"tensor_parallel", a.tensor_parallel},
                     {"pipeline_parallel", a.pipeline_parallel},
                     {"gpus", tp.data_parallel * a.tensor_parallel * a.pipeline_parallel},
                     {"seq", a.seq},
                     {"micro_batch", a.micro_batch},
                     {"recompute", std::string(recomputeId(a.recompute))},
                     {"sequence_parallel", a.sequence_parallel},
                     {"flash_attention", a.flash_attention},
                     {"dropout", a.dropout}};
    if (tp.lora.rank > 0) {
        j["lora"] = {{"rank", tp.lora.rank},
                     {"targets", loraTargetsToString(tp.lora.targets)},
                     {"base_precision", tp.lora.base_precision},
                     {"frozen_per_gpu", m.frozen_per_gpu}};
    }
    return j;
}

void printTable(const LoadedModel& model, const TrainingParams& tp, const TrainingMemory& m)
{
    const ActivationParams& a = tp.activations;
    printLine(model.name + ": training memory per GPU");
    printLine("  " + tp.optimizer.label + ", " + std::to_string(tp.grad_bytes) +
              "-byte gradients, ZeRO stage " + std::to_string(tp.zero_stage) + ", N_d " +
              std::to_string(tp.data_parallel) + ", TP " + std::to_string(a.tensor_parallel) +
              ", PP " + std::to_string(a.pipeline_parallel) + ", seq " + std::to_string(a.seq) +
              ", micro-batch " + std::to_string(a.micro_batch) + ", recompute " +
              std::string(recomputeId(a.recompute)));
    if (tp.lora.rank > 0) {
        printLine("  LoRA rank " + std::to_string(tp.lora.rank) + " on " +
                  loraTargetsToString(tp.lora.targets) + ", frozen base " + tp.lora.base_precision +
                  ": " + withThousands(m.trainable_params) + " trainable parameters");
    }
    printLine("  " + padRight("Part", 16) + padLeft("Bytes", 24) + padLeft("GB (1e9)", 12) +
              padLeft("GiB (2^30)", 12));
    auto row = [](const std::string& label, std::uint64_t bytes) {
        printLine("  " + padRight(label, 16) + padLeft(withThousands(bytes), 24) +
                  padLeft(text::fixed(static_cast<double>(bytes) / 1e9, 2), 12) +
                  padLeft(text::fixed(static_cast<double>(bytes) / 1073741824.0, 2), 12));
    };
    row("Weights", m.weights_bytes);
    row("Gradients", m.gradients_bytes);
    row("Optimizer", m.optimizer_bytes);
    row("Activations", m.activation_bytes);
    row("Total per GPU", m.per_gpu_bytes);
    printLine("  Parameters on this GPU: " + withThousands(m.params_per_gpu) + " of " +
              withThousands(m.params));
}

} // namespace

int runTrain(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Training memory per GPU: weights, gradients, optimizer states and "
                       "activations, with ZeRO, tensor/pipeline parallelism, recomputation and "
                       "LoRA/QLoRA."));
    addModelOptions(parser);
    auto opt = [&parser](const char* name, const char* help, const char* value) {
        parser.addOption(
            {QString::fromLatin1(name), QString::fromUtf8(help), QString::fromLatin1(value)});
    };
    opt("optimizer", "adamw (12 B/param), adam8bit (6), sgd (8); default adamw.", "NAME");
    opt("grad-bytes", "Gradient bytes per parameter: 2 (16 B/param) or 4 (18); default 2.", "N");
    opt("zero", "ZeRO stage 0-3 (default 0).", "N");
    opt("gpus", "Total GPUs; data parallel = gpus / (tp · pp) (default tp · pp).", "N");
    opt("tp", "Tensor-parallel size (default 1).", "N");
    opt("pp", "Pipeline-parallel size (default 1).", "N");
    opt("seq", "Sequence length (default 2048).", "N");
    opt("micro-batch", "Micro-batch size (default 1).", "N");
    opt("recompute", "Activation recomputation: none, selective, full (default none).", "MODE");
    opt("lora-rank", "LoRA rank; trains adapters only.", "R");
    opt("lora-targets", "Adapted modules: q,k,v,o,gate,up,down or all (default q,v).", "LIST");
    opt("lora-base", "Frozen base precision: bf16 (LoRA) or nf4_dq (QLoRA); default bf16.", "P");
    parser.addOption({QStringLiteral("sequence-parallel"),
                      QStringLiteral("Megatron sequence parallelism (splits the rest by tp).")});
    parser.addOption({QStringLiteral("flash-attention"),
                      QStringLiteral("FlashAttention: no stored s×s attention scores.")});
    parser.addOption({QStringLiteral("no-dropout"),
                      QStringLiteral("No dropout masks (the paper assumes dropout).")});
    addJsonOption(parser);
    parseOrThrow(parser, args);

    const TrainingParams tp = readParams(parser);
    const LoadedModel model = loadModel(parser);
    TrainingMemory m;
    try {
        m = trainingMemory(model.config, tp);
    } catch (const InputError& e) {
        // Settings the model cannot take (tp not dividing the heads, pp beyond the layers).
        const std::string& f = e.field();
        const std::string option = f == "tensor_parallel"     ? "tp"
                                   : f == "pipeline_parallel" ? "pp"
                                                              : f;
        throw UsageError("--" + option + ": " + e.message());
    }
    if (wantsJson(parser)) {
        printJson(resultJson(model, tp, m));
    } else {
        printTable(model, tp, m);
    }
    return kOk;
}

} // namespace llmsizer::cli
