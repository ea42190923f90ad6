// With --json, a subcommand's input error is also printed on stdout as one JSON object, so a
// script reading stdout sees why there is no result: {"error": {"file", "field", "message"}}
// (InvalidConfigError adds "issues", every {field, message}). stderr and exit code 3 are as
// without --json; main() reports them.
#include "cli.h"
#include "llmsizer/model/count.h"
#include "llmsizer/text/checked.h"
#include "llmsizer/text/error.h"

#include <iostream>

namespace llmsizer::cli {

namespace {

void printError(const nlohmann::json& error)
{
    // File names and messages may quote bytes that are not UTF-8: replaced, never thrown on.
    std::cout << nlohmann::json{{"error", error}}.dump(2, ' ', false,
                                                       nlohmann::json::error_handler_t::replace)
              << '\n';
}

} // namespace

int runWithJsonErrors(int (*run)(const QStringList&), const QStringList& args)
{
    const bool json = args.contains(QStringLiteral("--json"));
    try {
        return run(args);
    } catch (const InputError& e) {
        if (json) {
            printError({{"file", e.file()}, {"field", e.field()}, {"message", e.message()}});
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
                        {"issues", std::move(issues)}});
        }
        throw;
    } catch (const OverflowError& e) {
        if (json) {
            printError({{"file", ""}, {"field", ""}, {"message", e.what()}});
        }
        throw;
    }
}

} // namespace llmsizer::cli
