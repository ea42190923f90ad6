// Running a small program (nvidia-smi) with a deadline: posix_spawn with both output streams on
// pipes, read with poll until the program ends or the deadline passes, then SIGKILL. A driver
// that hangs can therefore never hang the caller.
#include "local/command.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ; // NOLINT(readability-redundant-declaration): POSIX leaves it undeclared

namespace llmsizer::detail {

namespace fs = std::filesystem;

fs::path findOnPath(const std::string& name, const std::map<std::string, std::string>& env)
{
    const auto it = env.find("PATH");
    if (it == env.end()) {
        return {};
    }
    const std::string& path = it->second;
    std::size_t pos = 0;
    while (pos <= path.size()) {
        const std::size_t end = std::min(path.find(':', pos), path.size());
        const std::string dir = path.substr(pos, end - pos);
        pos = end + 1;
        if (dir.empty()) {
            continue; // an empty entry means the current directory: never searched here
        }
        fs::path candidate = fs::path(dir) / name;
        struct stat st {};
        if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
            ::access(candidate.c_str(), X_OK) == 0) {
            return candidate;
        }
    }
    return {};
}

CommandResult runCommand(const fs::path& program, const std::vector<std::string>& args,
                         int timeoutMs, std::size_t maxOutput)
{
    CommandResult r;
    int out[2] = {-1, -1};
    int err[2] = {-1, -1};
    if (::pipe2(out, O_CLOEXEC) != 0) {
        return r;
    }
    if (::pipe2(err, O_CLOEXEC) != 0) {
        ::close(out[0]);
        ::close(out[1]);
        return r;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
    std::vector<std::string> argv0{program.string()};
    argv0.insert(argv0.end(), args.begin(), args.end());
    std::vector<char*> argv;
    argv.reserve(argv0.size() + 1);
    for (std::string& a : argv0) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    pid_t pid = -1;
    const int rc = ::posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    ::close(err[1]);
    if (rc != 0) {
        ::close(out[0]);
        ::close(err[0]);
        return r;
    }
    r.started = true;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
    int open = 2;
    char buffer[4096];
    while (open > 0) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                              deadline - std::chrono::steady_clock::now())
                              .count();
        if (left <= 0) {
            r.timed_out = true;
            break;
        }
        const int n = ::poll(fds, 2, static_cast<int>(left));
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            continue; // the deadline is checked above
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) {
                continue;
            }
            const ssize_t got = ::read(fds[i].fd, buffer, sizeof buffer);
            if (got <= 0) {
                ::close(fds[i].fd);
                fds[i].fd = -1;
                --open;
                continue;
            }
            std::string& into = i == 0 ? r.out : r.err;
            if (into.size() < maxOutput) {
                into.append(buffer, std::min<std::size_t>(static_cast<std::size_t>(got),
                                                          maxOutput - into.size()));
            }
        }
    }
    for (pollfd& f : fds) {
        if (f.fd >= 0) {
            ::close(f.fd);
        }
    }
    // The streams may close before the program ends: wait for it up to the same deadline.
    int status = 0;
    while (!r.timed_out) {
        const pid_t w = ::waitpid(pid, &status, WNOHANG);
        if (w == pid) {
            r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            return r;
        }
        if (w < 0 && errno != EINTR) {
            return r;
        }
        if (std::chrono::steady_clock::now() >= deadline) {
            r.timed_out = true;
            break;
        }
        ::usleep(5000);
    }
    ::kill(pid, SIGKILL);
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return r;
}

} // namespace llmsizer::detail
