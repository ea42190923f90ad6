// Saving files atomically (writeFileAtomically, jsonio.h; docs/reliability.md, "Saving"): a
// temporary beside the target, written, synced and renamed over it.
#include "llmsizer/json/jsonio.h"
#include "llmsizer/text/error.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace llmsizer {

namespace {

std::filesystem::path directoryOf(const std::filesystem::path& file)
{
    return file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
}

// Temporaries are "<name>.tmp-<pid>-<16 hex digits>" (earlier versions wrote "<name>.tmp-<pid>").
// A writer killed between creating and renaming its temporary leaves that one file behind; this
// removes the ones whose process no longer exists, so killed writers never accumulate more than
// one file each between successful saves.
void removeStaleTemporaries(const std::filesystem::path& file)
{
    const std::string prefix = file.filename().string() + ".tmp-";
    std::error_code ec;
    std::filesystem::directory_iterator it(directoryOf(file), ec);
    for (; !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) {
            continue;
        }
        std::string rest = name.substr(prefix.size());
        if (const std::size_t dash = rest.find('-'); dash != std::string::npos) {
            const std::string random = rest.substr(dash + 1);
            if (random.size() != 16 || !std::all_of(random.begin(), random.end(), [](char c) {
                    return std::isxdigit(static_cast<unsigned char>(c));
                })) {
                continue;
            }
            rest.resize(dash);
        }
        if (rest.empty() || rest.size() > 9 ||
            !std::all_of(rest.begin(), rest.end(), [](char c) { return c >= '0' && c <= '9'; })) {
            continue;
        }
        const auto pid = static_cast<pid_t>(std::stol(rest));
        if (pid > 0 && pid != ::getpid() && ::kill(pid, 0) != 0 && errno == ESRCH) {
            std::error_code ignored;
            std::filesystem::remove(it->path(), ignored);
        }
    }
}

// POSIX: the rename is durable only once the directory entry is on disk.
void syncDirectory(const std::filesystem::path& file)
{
    const int fd = ::open(directoryOf(file).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)::fsync(fd); // best effort: some file systems refuse fsync on a directory
        ::close(fd);
    }
}

// Removes the temporary and reports "what (step: the system's reason for error number err)".
[[noreturn]] void failWrite(const std::filesystem::path& tmp, const std::string& label,
                            const char* what, const char* step, int err)
{
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw InputError(label, "", std::string(what) + " (" + step + ": " + std::strerror(err) + ")");
}

// The file a save replaces: the path itself, or, for a symbolic link, the file it points to (a
// saved session reached through a link updates what the link names, and the link stays). Links
// are followed one at a time, as the system would, up to its own limit; a relative link is
// relative to the link's directory.
std::filesystem::path saveTarget(const std::filesystem::path& file, const std::string& label)
{
    std::filesystem::path p = file;
    for (int hops = 0;; ++hops) {
        struct stat st {};
        if (::lstat(p.c_str(), &st) != 0) {
            if (errno == ENOENT) {
                return p; // a new file (or what a dangling link names)
            }
            throw InputError(label, "",
                             std::string("cannot be written (") + std::strerror(errno) + ")");
        }
        if (!S_ISLNK(st.st_mode)) {
            if (!S_ISREG(st.st_mode)) {
                // A directory, a named pipe, a device or a socket is never replaced by a file.
                throw InputError(label, "",
                                 std::string("is not a regular file (") +
                                     (S_ISDIR(st.st_mode)                          ? "a directory"
                                      : S_ISFIFO(st.st_mode)                       ? "a named pipe"
                                      : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device"
                                                                                   : "a socket") +
                                     "); it is not replaced");
            }
            return p;
        }
        if (hops >= 40) { // Linux's MAXSYMLINKS
            throw InputError(label, "",
                             std::string("cannot be written (") + std::strerror(ELOOP) + ")");
        }
        std::error_code ec;
        const std::filesystem::path to = std::filesystem::read_symlink(p, ec);
        if (ec) {
            throw InputError(label, "", "cannot be written (" + ec.message() + ")");
        }
        p = to.is_absolute() ? to : directoryOf(p) / to;
    }
}

// Creates the temporary beside `target` with a name no other writer can predict, opened
// exclusively (O_EXCL: an existing file or link of that name is never opened, let alone
// followed); the mode is the usual 0644 less the umask.
int createTemporary(const std::filesystem::path& target, std::filesystem::path& tmp)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::random_device random;
    for (int attempt = 0; attempt < 100; ++attempt) {
        std::string suffix;
        for (int i = 0; i < 4; ++i) {
            const std::uint32_t r = random();
            for (int k = 0; k < 4; ++k) {
                suffix += kHex[(r >> (4 * k)) & 0xF];
            }
        }
        tmp = target;
        tmp += ".tmp-" + std::to_string(::getpid()) + "-" + suffix;
        const int fd =
            ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
        if (fd >= 0 || errno != EEXIST) {
            return fd;
        }
    }
    errno = EEXIST;
    return -1;
}

} // namespace

void writeFileAtomically(const std::filesystem::path& file, const std::string& text)
{
    const std::string label = file.string();
    const std::filesystem::path target = saveTarget(file, label);
    std::filesystem::path tmp;
    const int fd = createTemporary(target, tmp);
    if (fd < 0) {
        throw InputError(label, "",
                         std::string("cannot be written (cannot create a temporary file beside "
                                     "it: ") +
                             std::strerror(errno) + ")");
    }
    // A replaced file keeps its permissions (a private file stays private).
    struct stat old {};
    if (::stat(target.c_str(), &old) == 0) {
        (void)::fchmod(fd, old.st_mode & 07777);
    }
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            const int err = n < 0 ? errno : EIO;
            ::close(fd);
            failWrite(tmp, label, "cannot be written", "write", err);
        }
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) {
        const int err = errno;
        ::close(fd);
        failWrite(tmp, label, "cannot be written", "fsync", err);
    }
    if (::close(fd) != 0) {
        failWrite(tmp, label, "cannot be written", "close", errno);
    }
    if (::rename(tmp.c_str(), target.c_str()) != 0) {
        failWrite(tmp, label, "cannot be replaced", "rename", errno);
    }
    syncDirectory(target);
    removeStaleTemporaries(target);
}

} // namespace llmsizer
