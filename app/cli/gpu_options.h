#pragma once

#include "cli.h"
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/json/jsonio.h"

#include <QCommandLineParser>
#include <string>

// --gpu ID and --user-gpus FILE, shared by the compute, fit and gpus subcommands.
namespace llmsizer::cli {

inline void addUserGpusOption(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("user-gpus"),
                      QStringLiteral("Also read the user GPU catalog FILE (same format as "
                                     "resources/gpus.json)."),
                      QStringLiteral("FILE")});
}

// The built-in catalog plus --user-gpus; InputError (exit 3) for a bad file.
inline GpuCatalog loadGpuCatalog(const QCommandLineParser& parser)
{
    GpuCatalog catalog = GpuCatalog::loadBuiltin();
    if (parser.isSet(QStringLiteral("user-gpus"))) {
        const std::string file = fileOption(parser, QStringLiteral("user-gpus"));
        // A file named on the command line must exist (loadUser skips a missing one): like a
        // missing --config, this is bad input (exit 3) naming the file.
        (void)statusOrThrow(file, "no such file");
        catalog.loadUser(file);
    }
    return catalog;
}

// An unknown id is a usage error (exit 2) that says where the ids are listed.
inline const GpuSpec& gpuById(const GpuCatalog& catalog, const std::string& id)
{
    if (const GpuSpec* g = catalog.find(id)) {
        return *g;
    }
    throw UsageError("unknown GPU id '" + id + "' (run 'llm-sizer-cli gpus' to list the ids)");
}

} // namespace llmsizer::cli
