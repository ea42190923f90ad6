// llm-sizer-cli local [--home DIR] [--folder DIR]... [--json]
// The models on this machine's disk (the Hugging Face cache, Ollama, LM Studio, llama.cpp's
// cache and the folders given), read header-only: one line per copy, the same model found in two
// stores listed once with both copies, and every problem named.
#include "cli.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"
#include "local_options.h"

namespace llmsizer::cli {

namespace {

std::string gbText(std::uint64_t bytes)
{
    return text::fixed(static_cast<double>(bytes) / 1e9, 2);
}

std::string copyLine(const std::string& first, const LocalCopy& c)
{
    const auto safe = [](const std::string& s) { return terminalSafe(s, false); };
    std::string quant = c.quantization.empty() ? std::string("-") : safe(c.quantization);
    if (c.bpw) {
        quant += " " + text::fixed(*c.bpw, 2);
    }
    return padRight(first, 43) + " " + padRight(std::string(storeKindId(c.store)), 10) +
           padRight(c.architecture.empty() ? "-" : safe(c.architecture), 14) +
           padLeft(c.error.empty() ? withThousands(c.params) : "-", 17) + "  " +
           padRight(quant, 18) + padLeft(gbText(c.disk_bytes), 9) +
           padLeft(c.context_length == 0 ? "-" : withThousands(c.context_length), 10);
}

} // namespace

int runLocal(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The models on this machine's disk: the Hugging Face cache, Ollama, LM Studio, "
        "llama.cpp's cache and the folders given, read header-only."));
    addStoreOptions(parser);
    addJsonOption(parser);
    parseOrThrow(parser, args);
    const LocalScan scan = scanLocalModels(storesFromOptions(parser));
    if (wantsJson(parser)) {
        printJson(localScanToJson(scan));
        return kOk;
    }
    const auto safe = [](const std::string& s) { return terminalSafe(s, false); };
    printLine(padRight("model", 44) + padRight("store", 10) + padRight("architecture", 14) +
              padLeft("parameters", 17) + "  " + padRight("quant, bpw", 18) +
              padLeft("disk GB", 9) + padLeft("context", 10));
    for (const LocalModel& m : scan.models) {
        if (m.copies.size() > 1) {
            printLine(safe(m.name) + " (" + std::to_string(m.copies.size()) + " copies)");
        }
        for (const LocalCopy& c : m.copies) {
            printLine(copyLine(m.copies.size() > 1 ? "  " + safe(c.name) : safe(m.name), c));
            printLine("    " + safe(c.location) +
                      (c.revision.empty() ? "" : " (revision " + safe(c.revision) + ")"));
            if (!c.error.empty()) {
                printLine("    error: " + safe(c.error));
            }
            for (const std::string& p : c.problems) {
                printLine("    " + std::string(c.partial ? "partial: " : "note: ") + safe(p));
            }
        }
    }
    for (const ScanProblem& p : scan.problems) {
        printLine("problem: " + safe(p.path) + ": " + safe(p.message));
    }
    std::size_t stores = 0;
    for (const ModelStore& s : scan.stores) {
        stores += s.exists ? 1 : 0;
    }
    printLine(countOf(scan.models.size(), "model", "models") + " in " +
              countOf(stores, "store", "stores") + " (" + withThousands(scan.entries) +
              " entries looked at; headers only). GB = 10^9 bytes.");
    return kOk;
}

} // namespace llmsizer::cli
