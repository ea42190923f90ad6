#pragma once

#include "llmsizer/formats/model_file.h"

#include <QCommandLineParser>
#include <QStringList>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <stdexcept>
#include <string>

// Shared plumbing of llm-sizer-cli's subcommands. Each subcommand lives in its own cmd_*.cpp and
// is listed in main.cpp's table. Exit codes are part of the contract: 0 success, 2 usage error,
// 3 invalid input.
namespace llmsizer::cli {

enum ExitCode : int { kOk = 0, kUsage = 2, kBadInput = 3 };

// A command line that does not follow the usage: exit 2.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// --help (or -h) on a subcommand: main() prints text, the subcommand's usage, and exits 0.
class HelpRequested : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Parses `args` (args[0] is the program name, args[1] the subcommand); throws UsageError on
// unknown options or stray positional arguments (unless allowPositional). Adds -h/--help itself
// and throws HelpRequested when it is given.
void parseOrThrow(QCommandLineParser& parser, const QStringList& args,
                  bool allowPositional = false);

// The command line as the system gave it (main() records it before Qt decodes it): file names
// are opened byte for byte, because a name that is not UTF-8 (byte 0xFF) does not survive QString.
void setRawArguments(int argc, const char* const* argv);
// The file named by option `name` (--name FILE, --name=FILE, -name FILE), as given.
std::string fileOption(const QCommandLineParser& parser, const QString& name);
// A positional argument naming a file, as given.
std::string fileArgument(const QString& decoded);

// --preset ID | --config FILE, exactly one of them.
void addModelOptions(QCommandLineParser& parser);
LoadedModel loadModel(const QCommandLineParser& parser);

// --json
void addJsonOption(QCommandLineParser& parser);
bool wantsJson(const QCommandLineParser& parser);

// Typed option values; a malformed or out-of-range value is a UsageError naming the option.
std::uint64_t uintOption(const QCommandLineParser& parser, const QString& name,
                         std::uint64_t fallback, std::uint64_t lo, std::uint64_t hi);
double doubleOption(const QCommandLineParser& parser, const QString& name, double fallback,
                    double lo, double hi);

void printJson(const nlohmann::json& j);
// Runs a subcommand; with --json among args, any error (a usage error, a bad input, running out
// of memory) is also printed on stdout as {"error": {"file", "field", "message", "exit_code"}}
// before it is rethrown for main() to report (json_errors.cpp).
int runWithJsonErrors(int (*run)(const QStringList&), const QStringList& args);
// --json (or -json, which the parser reads the same) is among a subcommand's arguments.
bool jsonRequested(const QStringList& args);
void printLine(const std::string& line);

int runCount(const QStringList& args);
int runPresets(const QStringList& args);
int runMemory(const QStringList& args);
int runTrain(const QStringList& args);
int runCompute(const QStringList& args);
int runFit(const QStringList& args);
int runGpus(const QStringList& args);
int runInspect(const QStringList& args);
int runRuns(const QStringList& args);
int runSystem(const QStringList& args);
int runLocal(const QStringList& args);

} // namespace llmsizer::cli
