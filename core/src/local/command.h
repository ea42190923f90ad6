#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace llmsizer::detail {

// A program's output: exit status, stdout, the first line of stderr, and whether it was stopped
// for taking too long.
struct CommandResult {
    bool started = false;
    bool timed_out = false;
    int exit_code = -1;
    std::string out;
    std::string err;
};

// The executable `name` in one of PATH's directories (env's PATH), or an empty path.
std::filesystem::path findOnPath(const std::string& name,
                                 const std::map<std::string, std::string>& env);

// Runs `program` with `args`, reading at most maxOutput bytes of each stream; killed after
// timeoutMs milliseconds. Never throws.
CommandResult runCommand(const std::filesystem::path& program, const std::vector<std::string>& args,
                         int timeoutMs, std::size_t maxOutput = 1u << 16);

} // namespace llmsizer::detail
