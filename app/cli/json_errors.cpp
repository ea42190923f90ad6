// With --json, every error is also printed on stdout as one JSON object, so a script reading
// stdout sees why there is no result: {"error": {"file", "field", "message", "exit_code"}}
// (InvalidConfigError adds "issues", every {field, message}). A usage error (exit 2), a bad input
// (exit 3) and running out of memory (exit 3) all print it. stderr and the exit code are as
// without --json; main() reports them.
#include "cli.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

#include <iostream>
#include <new>

namespace llmsizer::cli {

namespace {

void printError(nlohmann::json error, int exitCode)
{
    error["exit_code"] = exitCode;
    // File names and messages may quote bytes that are not UTF-8: replaced, never thrown on.
    std::cout << nlohmann::json{{"error", error}}.dump(2, ' ', false,
                                                       nlohmann::json::error_handler_t::replace)
              << '\n';
}

} // namespace

bool jsonRequested(const QStringList& args)
{
    // The parser reads -json as --json (single-dash words are long options); "--" ends the
    // options.
    for (qsizetype i = 2; i < args.size(); ++i) {
        const QString& a = args.at(i);
        if (a == QLatin1String("--")) {
            return false;
        }
        if (a == QLatin1String("--json") || a == QLatin1String("-json") ||
            a.startsWith(QLatin1String("--json=")) || a.startsWith(QLatin1String("-json="))) {
            return true;
        }
    }
    return false;
}

int runWithJsonErrors(int (*run)(const QStringList&), const QStringList& args)
{
    const bool json = jsonRequested(args);
    try {
        return run(args);
    } catch (const UsageError& e) {
        if (json) {
            printError({{"file", ""}, {"field", ""}, {"message", e.what()}}, kUsage);
        }
        throw;
    } catch (const InputError& e) {
        if (json) {
            printError({{"file", e.file()}, {"field", e.field()}, {"message", e.message()}},
                       kBadInput);
        }
        throw;
    } catch (const InvalidConfigError& e) {
        if (json) {
            nlohmann::json issues = nlohmann::json::array();
            for (const auto& issue : e.issues()) {
                issues.push_back({{"field", issue.field}, {"message", issue.message}});
            }
            const bool any = !e.issues().empty();
            printError({{"file", ""},
                        {"field", any ? e.issues().front().field : std::string()},
                        {"message", any ? e.issues().front().message : std::string(e.what())},
                        {"issues", std::move(issues)}},
                       kBadInput);
        }
        throw;
    } catch (const OverflowError& e) {
        if (json) {
            printError({{"file", ""}, {"field", ""}, {"message", e.what()}}, kBadInput);
        }
        throw;
    } catch (const std::bad_alloc&) {
        if (json) {
            // A few hundred bytes: the memory that failed was a large request, not these.
            printError({{"file", ""}, {"field", ""}, {"message", "out of memory"}}, kBadInput);
        }
        throw;
    } catch (const HelpRequested&) {
        throw;
    } catch (const std::exception& e) {
        if (json) {
            printError({{"file", ""}, {"field", ""}, {"message", e.what()}}, kBadInput);
        }
        throw;
    }
}

} // namespace llmsizer::cli
