// llm-sizer-cli: the sizing core on the command line. Subcommands are listed below; each has its
// own --help. Exit codes: 0 success, 2 usage error, 3 invalid input or output that cannot be
// written.
#include "cli.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"
#include "llmsizer/text/format.h"

#include <QCoreApplication>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <new>
#include <unistd.h>

namespace {

struct Command {
    const char* name;
    const char* summary;
    int (*run)(const QStringList&);
};

constexpr std::array<Command, 11> kCommands{{
    {"count", "Exact parameter count per component", llmsizer::cli::runCount},
    {"presets", "List the bundled presets", llmsizer::cli::runPresets},
    {"memory", "Inference memory per precision", llmsizer::cli::runMemory},
    {"train", "Training memory per GPU", llmsizer::cli::runTrain},
    {"compute", "Training FLOPs, Chinchilla tokens, training time", llmsizer::cli::runCompute},
    {"fit", "Does it fit on a GPU, and on how many", llmsizer::cli::runFit},
    {"runs", "What runs on my GPUs (and RAM): every model", llmsizer::cli::runRuns},
    {"gpus", "List the GPU catalog", llmsizer::cli::runGpus},
    {"system", "This machine: CPU, RAM and GPUs, matched to the catalog", llmsizer::cli::runSystem},
    {"local", "The models on this machine's disk (HF cache, Ollama, LM Studio, llama.cpp)",
     llmsizer::cli::runLocal},
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

// Output that cannot be written (a full disk, /dev/full, a closed pipe) is an error, never a
// silently truncated result: the reason goes to stderr and the exit code is 3.
// Messages quote names read from files: one line, control characters shown, never obeyed.
std::string safe(const std::string& text)
{
    return llmsizer::terminalSafe(text, /*keepNewlines=*/false);
}

// Out of memory, a large request fails and is reported (exit 3; with --json, the JSON error),
// but freeing what was built so far may need memory too: nlohmann_json's destructor keeps a
// stack of the values it frees, and an exception thrown there ends the program. So a request
// that fails while an exception unwinds the stack gets a reserve, set aside at start, and is
// tried again; any other failing request throws std::bad_alloc. Untouched, the reserve costs
// address space only, no resident memory.
void* g_reserve = nullptr;
constexpr std::size_t kRoom = std::size_t{3} << 20;

void onOutOfMemory()
{
    if (std::uncaught_exceptions() > 0 && g_reserve != nullptr) {
        std::free(g_reserve); // NOLINT(cppcoreguidelines-no-malloc): the reserve is raw memory
        g_reserve = nullptr;
        return; // the request is tried again
    }
    throw std::bad_alloc();
}

int checkedExit(int code)
{
    errno = 0;
    std::cout.flush();
    const bool failed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
    if (!failed) {
        return code;
    }
    const int err = errno;
    std::cerr << "error: standard output: cannot be written ("
              << (err != 0 ? std::strerror(err) : "write error") << ")\n";
    return code == llmsizer::cli::kOk ? llmsizer::cli::kBadInput : code;
}

int runCommand(const Command& c, const QStringList& args)
{
    try {
        return llmsizer::cli::runWithJsonErrors(c.run, args);
    } catch (const llmsizer::cli::HelpRequested& help) {
        std::cout << help.what();
        return llmsizer::cli::kOk;
    } catch (const llmsizer::cli::UsageError& e) {
        std::cerr << "error: " << safe(e.what()) << "\n(see 'llm-sizer-cli " << c.name
                  << " --help')\n";
        return llmsizer::cli::kUsage;
    } catch (const llmsizer::InputError& e) {
        std::cerr << "error: " << safe(e.what()) << '\n';
        return llmsizer::cli::kBadInput;
    } catch (const llmsizer::InvalidConfigError& e) {
        for (const auto& issue : e.issues()) {
            std::cerr << "error: " << safe(issue.field + ": " + issue.message) << '\n';
        }
        return llmsizer::cli::kBadInput;
    } catch (const llmsizer::OverflowError& e) {
        std::cerr << "error: " << safe(e.what()) << '\n';
        return llmsizer::cli::kBadInput;
    } catch (const std::filesystem::filesystem_error& e) {
        // Last resort: every reader uses the error_code overloads, so this is a bug, reported
        // with the file and the system's reason rather than an abort.
        std::cerr << "error: " << safe(e.path1().string() + ": " + e.code().message()) << '\n';
        return llmsizer::cli::kBadInput;
    } catch (const std::bad_alloc&) {
        std::cerr << "error: out of memory\n";
        return llmsizer::cli::kBadInput;
    } catch (const std::exception& e) {
        std::cerr << "error: " << safe(e.what()) << '\n';
        return llmsizer::cli::kBadInput;
    }
}

} // namespace

int runMain(int argc, char** argv);

int main(int argc, char** argv)
{
    if (::fcntl(STDOUT_FILENO, F_GETFD) == -1) {
        // A closed stdout: nothing could be printed, and a file opened later would take its
        // descriptor.
        std::cerr << "error: standard output: cannot be written (it is closed)\n";
        return llmsizer::cli::kBadInput;
    }
    // Output is held in one 1 MiB buffer and written when the command ends, so that a failed write
    // (a full disk) is seen by checkedExit with its errno, not midway and then forgotten. Longer
    // output still fails with exit 3, as "write error" when the reason is gone.
    static std::array<char, std::size_t{1} << 20> outBuffer;
    std::setvbuf(stdout, outBuffer.data(), _IOFBF, outBuffer.size());
    // 64 MiB covers freeing the largest document a reader accepts (1,000,000 values: a stack of
    // 16 MB growing by doubling); less is set aside when the address space is that tight.
    // The reserve leaves some room beside it for the program's start: Qt's own code (its option
    // parser) ends the program on an exception rather than passing it on.
    // NOLINTBEGIN(cppcoreguidelines-no-malloc): the reserve is raw memory
    for (std::size_t mib = 64; g_reserve == nullptr && mib >= 1; mib = mib * 3 / 4) {
        g_reserve = std::malloc(mib << 20);
        void* room = g_reserve == nullptr ? nullptr : std::malloc(kRoom);
        if (room == nullptr) {
            std::free(g_reserve);
            g_reserve = nullptr;
        }
        std::free(room);
    }
    // NOLINTEND(cppcoreguidelines-no-malloc)
    std::set_new_handler(onOutOfMemory);
    llmsizer::cli::setRawArguments(argc, argv);
    // Qt's own event dispatcher, not GLib's: the CLI runs no event loop, and GLib's allocator
    // aborts the process when memory is short (GSlice) where ours reports it.
    ::setenv("QT_NO_GLIB", "1", 0);
    try {
        return runMain(argc, argv);
    } catch (const std::bad_alloc&) {
        // Memory ran out before or after a command (Qt's start, its arguments): the same
        // answer as inside one, written without allocating.
        std::free(g_reserve); // NOLINT(cppcoreguidelines-no-malloc): the reserve is raw memory
        g_reserve = nullptr;
        bool json = false;
        for (int i = 1; i < argc; ++i) {
            json = json || std::strcmp(argv[i], "--json") == 0;
        }
        if (json) {
            std::fputs("{\"error\": {\"exit_code\": 3, \"field\": \"\", \"file\": \"\", "
                       "\"message\": \"out of memory\"}}\n",
                       stdout);
        }
        std::fputs("error: out of memory\n", stderr);
        return checkedExit(llmsizer::cli::kBadInput);
    }
}

int runMain(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("llm-sizer-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PROJECT_VERSION));
    llmsizer::setProgramDirectory(QCoreApplication::applicationDirPath().toStdString());
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 2) {
        printUsage(std::cerr);
        return llmsizer::cli::kUsage;
    }
    const QString name = args.at(1);
    if (name == QLatin1String("--help") || name == QLatin1String("-h") ||
        name == QLatin1String("help")) {
        printUsage(std::cout);
        return checkedExit(llmsizer::cli::kOk);
    }
    if (name == QLatin1String("--version")) {
        std::cout << "llm-sizer-cli " << PROJECT_VERSION << '\n';
        return checkedExit(llmsizer::cli::kOk);
    }
    for (const Command& c : kCommands) {
        if (name != QLatin1String(c.name)) {
            continue;
        }
        return checkedExit(runCommand(c, args));
    }
    const std::string unknown = "unknown command '" + name.toStdString() + "'";
    if (llmsizer::cli::jsonRequested(args)) {
        llmsizer::cli::printJson({{"error",
                                   {{"file", ""},
                                    {"field", ""},
                                    {"message", unknown},
                                    {"exit_code", llmsizer::cli::kUsage}}}});
    }
    std::cerr << "error: " << safe(unknown) << '\n';
    printUsage(std::cerr);
    return checkedExit(llmsizer::cli::kUsage);
}
