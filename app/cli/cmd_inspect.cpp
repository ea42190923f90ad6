// llm-sizer-cli inspect FILE_OR_DIR [--json] [--tensors] [--header-only]: reads the headers of a
// safetensors checkpoint (a file, an index with its shards, or a directory) or a GGUF file, and
// prints the exact parameters and bytes per component and dtype next to the estimate for the
// architecture the files describe. Only headers are read.
#include "cli.h"
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <string>

namespace llmsizer::cli {

namespace {

std::string shapeText(const std::vector<std::uint64_t>& shape)
{
    std::string out = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        out += (i ? ", " : "") + std::to_string(shape[i]);
    }
    return out + "]";
}

// Names, at most `limit` of them, then a count of the rest.
void printNames(const std::vector<std::string>& names, std::size_t limit)
{
    for (std::size_t i = 0; i < names.size() && i < limit; ++i) {
        printLine("    " + names[i]);
    }
    if (names.size() > limit) {
        printLine("    ... and " + withThousands(names.size() - limit) + " more");
    }
}

void printHeader(const Checkpoint& c)
{
    if (!c.headline.empty()) {
        printLine(c.headline);
    }
    printLine(c.path + " (" + std::string(checkpointFormatName(c.format)) +
              (c.format == CheckpointFormat::Gguf ? " v" + std::to_string(c.gguf_version) : "") +
              ", " + std::to_string(c.files.size()) + (c.files.size() == 1 ? " file" : " files") +
              ")");
    if (!c.model_name.empty() || !c.config_source.empty()) {
        printLine("Model: " + (c.model_name.empty() ? std::string("(unnamed)") : c.model_name) +
                  (c.config_source.empty() ? "" : "; architecture from " + c.config_source));
    }
    printLine("");
    printLine("  " + padRight("Parameters", 26) + padLeft(withThousands(c.total_params), 22) +
              "  (" + shortCount(c.total_params) + ")");
    if (c.index_total_parameters) {
        printLine("  " + padRight("  index total_parameters", 26) +
                  padLeft(withThousands(*c.index_total_parameters), 22));
    }
    printLine("  " + padRight("Bytes", 26) + padLeft(withThousands(c.total_bytes), 22) + "  (" +
              formatBytes(c.total_bytes, ByteUnits::Decimal) + ", " +
              formatBytes(c.total_bytes, ByteUnits::Binary) + ")");
    if (c.index_total_size) {
        printLine("  " + padRight("  index total_size", 26) +
                  padLeft(withThousands(*c.index_total_size), 22));
    }
    if (c.effective_bpw) {
        printLine("  " + padRight("Effective bits per weight", 26) +
                  padLeft(text::fixed(*c.effective_bpw, 4), 22));
    }
    if (c.lora) {
        std::string ranks;
        for (std::uint64_t r : c.lora->ranks) {
            ranks += (ranks.empty() ? "" : ", ") + std::to_string(r);
        }
        std::string targets;
        for (const std::string& t : c.lora->targets) {
            targets += (targets.empty() ? "" : ", ") + t;
        }
        printLine("  LoRA adapter: " + withThousands(c.lora->params) + " parameters in " +
                  withThousands(c.lora->tensors) + " tensors, rank " + ranks + " on " + targets +
                  (c.lora->base_model.empty() ? "" : "; base model " + c.lora->base_model));
    }
    for (const std::string& q : c.quantization) {
        printLine("  Quantized: " + q);
    }
    if (c.quant_metadata_tensors > 0) {
        printLine("  Quantization metadata (scales, zeros, absmax; bytes, not parameters): " +
                  withThousands(c.quant_metadata_tensors) + " tensors, " +
                  withThousands(c.quant_metadata_bytes) + " bytes");
    }
    printLine("");
    printLine("  " + padRight("dtype", 16) + padLeft("tensors", 10) + padLeft("parameters", 22) +
              padLeft("bytes", 22));
    for (const DtypeTotal& d : c.dtypes) {
        printLine("  " + padRight(d.dtype, 16) + padLeft(withThousands(d.tensors), 10) +
                  padLeft(withThousands(d.params), 22) + padLeft(withThousands(d.bytes), 22));
    }
}

void printComponents(const Checkpoint& c)
{
    printLine("");
    if (!c.estimate) {
        printLine("  " + padRight("Component", 22) + padLeft("Checkpoint", 22));
        for (const ComponentCount& cc : c.components) {
            printLine("  " + padRight(std::string(componentLabel(cc.component)), 22) +
                      padLeft(withThousands(cc.params), 22));
        }
        if (c.unmapped_params > 0) {
            printLine("  " + padRight("Unmapped", 22) +
                      padLeft(withThousands(c.unmapped_params), 22));
        }
        printLine("  " + padRight("Total", 22) + padLeft(withThousands(c.total_params), 22));
        printLine("");
        printLine(c.estimate_note);
        return;
    }
    printLine("  " + padRight("Component", 22) + padLeft("Checkpoint", 20) +
              padLeft("Estimate", 20) + padLeft("Difference", 18));
    bool anyDiff = false;
    // Without tensors (an index whose shards are all absent) the estimate stands alone.
    for (std::size_t i = 0; i < c.components.size(); ++i) {
        const Component comp = c.components[i].component;
        const ComponentDiff* d = c.compared() ? &c.diff[i] : nullptr;
        anyDiff = anyDiff || (d != nullptr && d->difference != 0);
        printLine("  " + padRight(std::string(componentLabel(comp)), 22) +
                  padLeft(withThousands(c.components[i].params), 20) +
                  padLeft(withThousands(c.estimate->params(comp)), 20) +
                  padLeft(d != nullptr ? signedThousands(d->difference) : "-", 18) +
                  (d != nullptr && d->difference != 0 ? "  <- differs" : ""));
    }
    if (c.unmapped_params > 0) {
        anyDiff = true;
        printLine("  " + padRight("Unmapped", 22) + padLeft(withThousands(c.unmapped_params), 20) +
                  padLeft("0", 20) + padLeft(signedThousands(c.diff.back().difference), 18) +
                  "  <- differs");
    }
    printLine("  " + padRight("Total", 22) + padLeft(withThousands(c.total_params), 20) +
              padLeft(withThousands(c.estimate->total), 20) +
              padLeft(c.compared() ? signedThousands(c.total_difference) : "-", 18));
    printLine("");
    printLine(!c.headline.empty() ? c.headline
              : anyDiff           ? "The checkpoint differs from the estimate in the rows marked."
                                  : "The checkpoint matches the estimate in every component.");
    for (const std::string& g : c.guesses) {
        printLine("  guessed: " + g);
    }
}

void printTensors(const Checkpoint& c)
{
    printLine("");
    printLine("  " + padRight("tensor", 52) + padRight("dtype", 9) + padRight("shape", 22) +
              padLeft("parameters", 16) + "  component");
    for (const CheckpointTensor& t : c.tensors) {
        const std::string role =
            t.role.kind == TensorKind::Parameter
                ? std::string(componentKey(t.role.component)) + "/" + t.role.part
            : t.role.kind == TensorKind::Buffer        ? std::string("buffer")
            : t.role.kind == TensorKind::QuantMetadata ? "quantization (" + t.quant + ")"
                                                       : "unmapped";
        const std::string shape =
            shapeText(t.shape) +
            (t.logical_shape.empty() ? "" : " -> " + shapeText(t.logical_shape));
        printLine(
            "  " + padRight(t.name, 52) + padRight(t.dtype, 9) + padRight(shape, 22) +
            padLeft(t.role.kind == TensorKind::QuantMetadata ? "-" : withThousands(t.params), 16) +
            "  " + role);
    }
}

void printFindings(const Checkpoint& c)
{
    if (!c.buffers.empty()) {
        printLine("");
        printLine("Buffers (not parameters, left out of the total): " +
                  withThousands(c.buffers.size()) + " tensors, " + withThousands(c.buffer_params) +
                  " values, " + withThousands(c.buffer_bytes) + " bytes");
        printNames(c.buffers, 5);
    }
    if (!c.unmapped.empty()) {
        printLine("");
        printLine("Unmapped tensors (in the total, in no component): " +
                  withThousands(c.unmapped.size()) + " tensors, " +
                  withThousands(c.unmapped_params) + " parameters");
        printNames(c.unmapped, 20);
    }
    if (c.partial) {
        printLine("");
        printLine("PARTIAL: " + countOf(c.missing_shards.size(), "shard", "shards") +
                  " missing; their " + withThousands(c.missing_tensors) +
                  " tensors are not counted:");
        printNames(c.missing_shards, 50);
    }
    for (const std::string& n : c.notes) {
        printLine("Note: " + n);
    }
}

} // namespace

int runInspect(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Reads the headers of a safetensors or GGUF checkpoint and prints the exact "
                       "parameters and bytes per component, next to the estimate."));
    parser.addPositionalArgument(
        QStringLiteral("path"),
        QStringLiteral("A .safetensors or .gguf file, a model.safetensors.index.json, or a "
                       "directory holding them."));
    addJsonOption(parser);
    parser.addOption({QStringLiteral("tensors"), QStringLiteral("List every tensor.")});
    parser.addOption({QStringLiteral("header-only"),
                      QStringLiteral("Accept files that end before their tensor data (a header "
                                     "downloaded alone); the counts come from the headers.")});
    parseOrThrow(parser, args, /*allowPositional=*/true);
    const QStringList paths = parser.positionalArguments();
    if (paths.size() != 1) {
        throw UsageError("give exactly one FILE_OR_DIR");
    }
    InspectOptions options;
    options.header_only = parser.isSet(QStringLiteral("header-only"));
    const Checkpoint c = inspectCheckpoint(fileArgument(paths.front()), options);
    if (wantsJson(parser)) {
        printJson(checkpointToJson(c));
        return kOk;
    }
    printHeader(c);
    printComponents(c);
    if (parser.isSet(QStringLiteral("tensors"))) {
        printTensors(c);
    }
    printFindings(c);
    return kOk;
}

} // namespace llmsizer::cli
