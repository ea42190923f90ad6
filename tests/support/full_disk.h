#pragma once

// A 64 KiB tmpfs mounted over a temporary directory, for the tests that save onto a full file
// system: mounted() is false (and the test skips) unless the test runs as root.
#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>
#include <cerrno>
#include <fcntl.h>
#include <sys/mount.h>
#include <unistd.h>

namespace llmsizer::test {

class FullDisk {
public:
    FullDisk()
    {
        if (!m_dir.isValid() || ::geteuid() != 0) {
            return;
        }
        const QByteArray where = QFile::encodeName(m_dir.path());
        m_mounted = ::mount("tmpfs", where.constData(), "tmpfs", 0, "size=64k") == 0;
    }
    ~FullDisk()
    {
        if (m_mounted) {
            (void)::umount2(QFile::encodeName(m_dir.path()).constData(), MNT_DETACH);
        }
    }
    FullDisk(const FullDisk&) = delete;
    FullDisk& operator=(const FullDisk&) = delete;

    bool mounted() const { return m_mounted; }
    QString path(const QString& name) const { return m_dir.filePath(name); }

    // Writes `old` to `name`, then fills the file system; true when it is full.
    bool prepare(const QString& name, const QByteArray& old) const
    {
        QFile file(path(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(old) != old.size()) {
            return false;
        }
        file.close();
        const QByteArray filler = QFile::encodeName(path(QStringLiteral("filler")));
        const int fd = ::open(filler.constData(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd < 0) {
            return false;
        }
        const char byte = 'x';
        int err = 0;
        for (;;) {
            if (::write(fd, &byte, 1) < 0) {
                err = errno;
                break;
            }
        }
        ::close(fd);
        return err == ENOSPC;
    }

private:
    QTemporaryDir m_dir;
    bool m_mounted = false;
};

} // namespace llmsizer::test
