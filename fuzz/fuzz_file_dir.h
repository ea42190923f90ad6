#pragma once

// A private directory for fuzz targets whose parser reads files by name (checkpoint directories,
// GGUF splits, the settings file): made once per process on a RAM file system where there is one
// and removed at exit.
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>
#include <unistd.h>

namespace fuzzsupport {

class FileDir {
public:
    FileDir()
    {
        std::error_code ec;
        const std::filesystem::path base =
            std::filesystem::is_directory("/dev/shm", ec) ? "/dev/shm" : "/tmp";
        std::string pattern = (base / "llmsizer-fuzz-XXXXXX").string();
        if (mkdtemp(pattern.data()) == nullptr) {
            std::abort();
        }
        m_dir = pattern;
    }
    ~FileDir()
    {
        std::error_code ec;
        std::filesystem::remove_all(m_dir, ec);
    }
    FileDir(const FileDir&) = delete;
    FileDir& operator=(const FileDir&) = delete;

    const std::filesystem::path& path() const { return m_dir; }

    // Removes every file in the directory (the previous input's).
    void clear() const
    {
        std::error_code ec;
        for (std::filesystem::directory_iterator it(m_dir, ec), end; !ec && it != end;
             it.increment(ec)) {
            std::error_code ignored;
            std::filesystem::remove_all(it->path(), ignored);
        }
    }

    // Writes `bytes` as the file `name` in the directory, replacing it; returns its path.
    std::filesystem::path write(const std::string& name, std::string_view bytes) const
    {
        const std::filesystem::path file = m_dir / name;
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        if (!out) {
            std::abort(); // the fuzz machine's disk, not the parser
        }
        return file;
    }

private:
    std::filesystem::path m_dir;
};

} // namespace fuzzsupport
