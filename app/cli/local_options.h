#pragma once

#include "cli.h"
#include "gpu_options.h"
#include "llmsizer/local/gpu_match.h"
#include "llmsizer/local/local_models.h"
#include "llmsizer/local/system.h"
#include "llmsizer/shape/runs.h"

#include <QCommandLineParser>
#include <cstdlib>
#include <string>

// --sysroot DIR (where this machine is read: /proc, /sys and PATH's nvidia-smi under DIR) and
// --home DIR / --folder DIR (where the model stores are), shared by system, local and runs.
namespace llmsizer::cli {

inline void addSysrootOption(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("sysroot"),
                      QStringLiteral("Read the machine under DIR instead of / (its proc/, sys/ "
                                     "and the nvidia-smi on PATH under DIR)."),
                      QStringLiteral("DIR")});
}

inline void addStoreOptions(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("home"),
                      QStringLiteral("Look for the model stores under this home folder "
                                     "(default $HOME)."),
                      QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("folder"),
                      QStringLiteral("Also look for models in DIR (may be repeated)."),
                      QStringLiteral("DIR")});
}

inline SystemInfo detectFromOptions(const QCommandLineParser& parser, const GpuCatalog& catalog)
{
    ProbeOptions o;
    o.env = processEnvironment();
    if (parser.isSet(QStringLiteral("sysroot"))) {
        o.root = fileOption(parser, QStringLiteral("sysroot"));
        (void)statusOrThrow(o.root, "no such directory");
    }
    SystemInfo info = detectSystem(o);
    matchGpus(info.gpus, catalog);
    return info;
}

inline ScanEnvironment storesFromOptions(const QCommandLineParser& parser)
{
    ScanEnvironment e;
    e.env = processEnvironment();
    if (parser.isSet(QStringLiteral("home"))) {
        e.home = fileOption(parser, QStringLiteral("home"));
    } else if (const auto it = e.env.find("HOME"); it != e.env.end()) {
        e.home = it->second;
    }
    for (const QString& f : parser.values(QStringLiteral("folder"))) {
        e.folders.emplace_back(fileArgument(f));
    }
    return e;
}

// runs --local: one row per copy on disk, in its file's quantization, with its store's runtime
// (cmd_runs_local.cpp).
int printLocalRuns(const LocalScan& scan, const RunQuery& query,
                   const std::vector<std::string>& machineNotes, bool fitsOnly, bool json);

} // namespace llmsizer::cli
