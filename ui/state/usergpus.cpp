#include "ui/state/usergpus.h"

#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/text/error.h"
#include "ui/state/configmodel.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <exception>
#include <filesystem>
#include <utility>

namespace llmsizer::ui {

namespace {

std::filesystem::path fsPath(const QString& file)
{
    return QFile::encodeName(file).toStdString();
}

UserGpus::Result failure(const std::exception& e)
{
    const auto* input = dynamic_cast<const InputError*>(&e);
    return {QString::fromStdString(e.what()),
            input != nullptr ? QString::fromStdString(input->field()) : QString(),
            {}};
}

// The reference lines ("id" or "id:count") with those of `from` moved to `to`, or dropped when
// `to` is empty.
QStringList movedLines(const QStringList& keys, const QString& from, const QString& to)
{
    QStringList out;
    for (const QString& key : keys) {
        const qsizetype colon = key.indexOf(QLatin1Char(':'));
        if (key.left(colon) != from) {
            out << key;
        } else if (!to.isEmpty()) {
            out << to + (colon < 0 ? QString() : key.mid(colon));
        }
    }
    out.removeDuplicates();
    return out;
}

} // namespace

UserGpus::UserGpus(ConfigModel* model, QString file) : m_model(model), m_file(std::move(file)) {}

namespace {

// The file's bytes, and whether it exists.
bool readBytes(const QString& file, QByteArray& bytes)
{
    QFile f(file);
    if (!QFileInfo(file).isFile() || !f.open(QIODevice::ReadOnly)) {
        bytes.clear();
        return false;
    }
    bytes = f.readAll();
    return true;
}

// The catalog with its user GPUs as the file now holds them (none when it is gone).
GpuCatalog withFileGpus(GpuCatalog catalog, const QString& file, bool exists)
{
    if (!exists) {
        for (const GpuSpec& g : catalog.userGpus()) {
            catalog.removeUserGpu(g.id);
        }
        return catalog;
    }
    catalog.loadUser(fsPath(file));
    return catalog;
}

const GpuSpec* userGpu(const GpuCatalog& catalog, const QString& id)
{
    const GpuSpec* g = catalog.find(id.toStdString());
    return g != nullptr && g->user ? g : nullptr;
}

} // namespace

UserGpus::Result UserGpus::load()
{
    GpuCatalog next = m_model->gpuCatalog();
    QByteArray bytes;
    const bool exists = readBytes(m_file, bytes);
    // What this window saw, valid or not: a save then replaces an invalid file (kept as
    // FILE.invalid) unless another window changed it meanwhile.
    m_seen = bytes;
    m_seenExists = exists;
    try {
        next.loadUser(fsPath(m_file));
    } catch (const std::exception& e) {
        const Result bad = failure(e);
        // The next save replaces the file: keep what the user wrote.
        const QString copy = m_file + QStringLiteral(".invalid");
        bool kept = false;
        if (QFileInfo(m_file).isFile()) {
            QFile::remove(copy);
            kept = QFile::copy(m_file, copy);
        }
        m_problem = QStringLiteral("%1; the built-in GPUs are used%2")
                        .arg(bad.error, kept ? QStringLiteral(" (the file is kept as %1)").arg(copy)
                                             : QString());
        return {m_problem, bad.field, {}};
    }
    m_problem.clear();
    if (!(next.gpus() == m_model->gpuCatalog().gpus())) {
        m_model->setGpuCatalog(std::move(next));
    }
    return {};
}

UserGpus::Result UserGpus::commit(const Change& change)
{
    QDir().mkpath(QFileInfo(m_file).absolutePath());
    // One window at a time reads, changes and writes the file; a lock left by a window that
    // ended without removing it is taken over after 10 s.
    // A lock file that cannot be made at all (a full disk, a read-only folder) is no other
    // window's: the save goes on, and the write itself reports the reason.
    QLockFile lock(m_file + QStringLiteral(".lock"));
    lock.setStaleLockTime(10'000);
    if (!lock.tryLock(3'000) && lock.error() == QLockFile::LockFailedError) {
        return {QStringLiteral("%1: is being saved by another LLM Sizer window (its lock file "
                               "%1.lock is held); nothing was written, try again")
                    .arg(m_file),
                {},
                {}};
    }
    const GpuCatalog mine = m_model->gpuCatalog();
    QByteArray bytes;
    const bool exists = readBytes(m_file, bytes);
    const bool changedElsewhere = exists != m_seenExists || bytes != m_seen;
    GpuCatalog next = mine;
    QString notice;
    try {
        if (changedElsewhere) {
            next = withFileGpus(mine, m_file, exists);
            const GpuSpec* before = userGpu(mine, change.replacing);
            const GpuSpec* now = userGpu(next, change.replacing);
            const QString id = QString::fromStdString(change.gpu.id);
            const bool lost = !change.replacing.isEmpty() &&
                              (now == nullptr || before == nullptr || !(*now == *before));
            const bool taken = !change.remove && id != change.replacing &&
                               userGpu(next, id) != nullptr && userGpu(mine, id) == nullptr;
            if (lost || taken) {
                // Shown as the file holds it, so that the user sees what the other window did.
                m_seen = bytes;
                m_seenExists = exists;
                m_model->setGpuCatalog(next);
                return {QStringLiteral("%1: '%2' was %3 in another window since this one read the "
                                       "file; your change is not saved (the file's GPUs are now "
                                       "shown)")
                            .arg(m_file, lost ? change.replacing : id,
                                 lost ? (now == nullptr ? QStringLiteral("removed")
                                                        : QStringLiteral("changed"))
                                      : QStringLiteral("added")),
                        QStringLiteral("id"),
                        {}};
            }
            notice = QStringLiteral("%1 had changed since this window read it (another LLM Sizer "
                                    "window?): its GPUs are kept beside your change")
                         .arg(m_file);
        }
        if (change.remove) {
            next.removeUserGpu(change.replacing.toStdString());
        } else {
            const GpuSpec* same = next.find(change.gpu.id);
            if (same != nullptr && same->user &&
                QString::fromStdString(change.gpu.id) != change.replacing) {
                throw InputError("", "id",
                                 "'" + change.gpu.id +
                                     "' is already one of your GPUs; choose another id, or "
                                     "select that GPU to edit it");
            }
            if (!change.replacing.isEmpty()) {
                next.removeUserGpu(change.replacing.toStdString());
            }
            next.setUserGpu(change.gpu);
        }
        next.saveUser(fsPath(m_file));
    } catch (const std::exception& e) {
        return failure(e);
    }
    readBytes(m_file, m_seen);
    m_seenExists = true;
    m_problem.clear();
    const QStringList lines = m_model->gpus();
    m_model->setGpuCatalog(std::move(next));
    const QString id = change.remove ? QString() : QString::fromStdString(change.gpu.id);
    if (!change.replacing.isEmpty() && change.replacing != id) {
        const QStringList moved = movedLines(lines, change.replacing, id);
        if (moved != lines) {
            m_model->setGpus(moved);
        }
    }
    return {{}, {}, notice};
}

UserGpus::Result UserGpus::save(const GpuSpec& gpu, const QString& replacing)
{
    return commit({gpu, replacing, false});
}

UserGpus::Result UserGpus::remove(const QString& id)
{
    if (userGpu(m_model->gpuCatalog(), id) == nullptr) {
        return {
            QStringLiteral("id: '%1' is not one of your GPUs").arg(id), QStringLiteral("id"), {}};
    }
    return commit({GpuSpec{}, id, true});
}

} // namespace llmsizer::ui
