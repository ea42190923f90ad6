// llm-sizer-cli gpus [--user-gpus FILE] [--json]: the GPU catalog. Capacities in GiB (2^30
// bytes), bandwidth in GB/s (1e9 bytes/s), dense TFLOPS (1e12 FLOP/s); '*' marks a figure no
// primary source confirmed (the entry's uncertain_fields).
#include "cli.h"
#include "gpu_options.h"
#include "llmsizer/catalog/gpu_choices.h"
#include "llmsizer/text/format.h"
#include "llmsizer/text/text.h"

#include <algorithm>
#include <cstddef>

namespace llmsizer::cli {

namespace {

std::string marked(const GpuSpec& g, const std::string& text, const char* field)
{
    return text + (g.isUncertain(field) ? "*" : " ");
}

std::string optionalTflops(const GpuSpec& g, const std::optional<double>& v, const char* field)
{
    return marked(g, v ? text::fixed(*v, 1) : std::string("-"), field);
}

} // namespace

int runGpus(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("List the GPU catalog: memory (GiB), bandwidth (GB/s) and dense BF16/FP8 "
                       "TFLOPS; '*' marks an unconfirmed figure."));
    addUserGpusOption(parser);
    addJsonOption(parser);
    parseOrThrow(parser, args);
    const GpuCatalog catalog = loadGpuCatalog(parser);

    if (wantsJson(parser)) {
        nlohmann::json list = nlohmann::json::array();
        for (const GpuSpec& g : catalog.gpus()) {
            nlohmann::json j = gpuToJson(g);
            j["memory_bytes"] = g.memory_bytes;
            j["usable_bytes"] = g.usableBytes();
            j["user"] = g.user;
            list.push_back(std::move(j));
        }
        nlohmann::json groups = nlohmann::json::array();
        for (const GpuGroup& grp : defaultReferenceGroups()) {
            groups.push_back({{"gpu", grp.gpu_id}, {"count", grp.count}, {"label", grp.label()}});
        }
        printJson({{"gpus", std::move(list)}, {"reference_groups", std::move(groups)}});
        return kOk;
    }

    // Columns as wide as their longest entry, with two spaces between (an id as long as
    // "rtx-4070-ti-super-16gb" ran into the name at a fixed width).
    std::size_t idWidth = 2;
    std::size_t nameWidth = 4;
    for (const GpuSpec& g : catalog.gpus()) {
        idWidth = std::max(idWidth, g.id.size() + (g.user ? 7 : 0));
        nameWidth = std::max(nameWidth, g.name.size());
    }
    idWidth += 2;
    nameWidth += 2;
    printLine(padRight("id", idWidth) + padRight("name", nameWidth) + padLeft("memory", 16) +
              padLeft("GB/s", 10) + padLeft("BF16", 10) + padLeft("FP8", 10));
    for (const GpuSpec& g : catalog.gpus()) {
        const char* memKey = g.memory_unit == MemoryUnit::GiB ? "memory_gib" : "memory_gb";
        std::string mem = formatBytes(g.memory_bytes, ByteUnits::Binary, 0);
        if (g.usable_fraction < 1.0) {
            mem = formatBytes(g.usableBytes(), ByteUnits::Binary, 0) + "/" +
                  formatBytes(g.memory_bytes, ByteUnits::Binary, 0);
        }
        printLine(padRight(g.id + (g.user ? " (user)" : ""), idWidth) +
                  padRight(g.name, nameWidth) + padLeft(marked(g, mem, memKey), 16) +
                  padLeft(marked(g, text::fixed(g.bandwidth_gb_s, 0), "bandwidth_gb_s"), 10) +
                  padLeft(optionalTflops(g, g.bf16_tflops, "bf16_dense_tflops"), 10) +
                  padLeft(optionalTflops(g, g.fp8_tflops, "fp8_dense_tflops"), 10));
    }
    printLine("");
    printLine(std::to_string(catalog.gpus().size()) +
              " devices. Memory in GiB (usable/total where the GPU gets only part of unified "
              "memory); TFLOPS dense; * = not confirmed by a primary source; '-' = none or "
              "unknown. Sources: 'llm-sizer-cli gpus --json'.");
    return kOk;
}

} // namespace llmsizer::cli
