// llm-sizer-cli: the sizing core on the command line. Subcommands are listed below; each has its
// own --help. Exit codes: 0 success, 2 usage error, 3 invalid input.
#include "cli.h"
#include "llmsizer/checked.h"
#include "llmsizer/count.h"
#include "llmsizer/error.h"

#include <QCoreApplication>
#include <array>
#include <iostream>

namespace {

struct Command {
    const char* name;
    const char* summary;
    int (*run)(const QStringList&);
};

constexpr std::array<Command, 8> kCommands{{
    {"count", "Exact parameter count per component", llmsizer::cli::runCount},
    {"presets", "List the bundled presets", llmsizer::cli::runPresets},
    {"memory", "Inference memory per precision", llmsizer::cli::runMemory},
    {"train", "Training memory per GPU", llmsizer::cli::runTrain},
    {"compute", "Training FLOPs, Chinchilla tokens, training time", llmsizer::cli::runCompute},
    {"fit", "Does it fit on a GPU, and on how many", llmsizer::cli::runFit},
    {"gpus", "List the GPU catalog", llmsizer::cli::runGpus},
    {"inspect", "Read a safetensors or GGUF checkpoint's header", llmsizer::cli::runInspect},
}};

void printUsage(std::ostream& out)
{
    out << "usage: llm-sizer-cli COMMAND [options]   (llm-sizer-cli COMMAND --help)\n\n";
    for (const Command& c : kCommands) {
        out << "  " << c.name << std::string(10 - std::string(c.name).size(), ' ') << c.summary
            << '\n';
    }
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("llm-sizer-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PROJECT_VERSION));
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 2) {
        printUsage(std::cerr);
        return llmsizer::cli::kUsage;
    }
    const QString name = args.at(1);
    if (name == QLatin1String("--help") || name == QLatin1String("-h") ||
        name == QLatin1String("help")) {
        printUsage(std::cout);
        return llmsizer::cli::kOk;
    }
    if (name == QLatin1String("--version")) {
        std::cout << "llm-sizer-cli " << PROJECT_VERSION << '\n';
        return llmsizer::cli::kOk;
    }
    for (const Command& c : kCommands) {
        if (name != QLatin1String(c.name)) {
            continue;
        }
        try {
            return llmsizer::cli::runWithJsonErrors(c.run, args);
        } catch (const llmsizer::cli::HelpRequested& help) {
            std::cout << help.what();
            return llmsizer::cli::kOk;
        } catch (const llmsizer::cli::UsageError& e) {
            std::cerr << "error: " << e.what() << "\n(see 'llm-sizer-cli " << c.name
                      << " --help')\n";
            return llmsizer::cli::kUsage;
        } catch (const llmsizer::InputError& e) {
            std::cerr << "error: " << e.what() << '\n';
            return llmsizer::cli::kBadInput;
        } catch (const llmsizer::InvalidConfigError& e) {
            for (const auto& issue : e.issues()) {
                std::cerr << "error: " << issue.field << ": " << issue.message << '\n';
            }
            return llmsizer::cli::kBadInput;
        } catch (const llmsizer::OverflowError& e) {
            std::cerr << "error: " << e.what() << '\n';
            return llmsizer::cli::kBadInput;
        }
    }
    std::cerr << "error: unknown command '" << name.toStdString() << "'\n";
    printUsage(std::cerr);
    return llmsizer::cli::kUsage;
}
