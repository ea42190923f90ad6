#include "ui/state/usergpus.h"

#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/text/error.h"
#include "ui/state/configmodel.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
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
            input != nullptr ? QString::fromStdString(input->field()) : QString()};
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

UserGpus::Result UserGpus::load()
{
    GpuCatalog next = m_model->gpuCatalog();
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
        return {m_problem, bad.field};
    }
    m_problem.clear();
    if (!(next.gpus() == m_model->gpuCatalog().gpus())) {
        m_model->setGpuCatalog(std::move(next));
    }
    return {};
}

UserGpus::Result UserGpus::save(const GpuSpec& gpu, const QString& replacing)
{
    GpuCatalog next = m_model->gpuCatalog();
    const QString id = QString::fromStdString(gpu.id);
    try {
        const GpuSpec* same = next.find(gpu.id);
        if (same != nullptr && same->user && id != replacing) {
            throw InputError("", "id",
                             "'" + gpu.id +
                                 "' is already one of your GPUs; choose another id, or select "
                                 "that GPU to edit it");
        }
        if (!replacing.isEmpty()) {
            next.removeUserGpu(replacing.toStdString());
        }
        next.setUserGpu(gpu);
        QDir().mkpath(QFileInfo(m_file).absolutePath());
        next.saveUser(fsPath(m_file));
    } catch (const std::exception& e) {
        return failure(e);
    }
    m_problem.clear();
    const QStringList lines = m_model->gpus();
    m_model->setGpuCatalog(std::move(next));
    if (!replacing.isEmpty() && replacing != id) {
        const QStringList moved = movedLines(lines, replacing, id);
        if (moved != lines) {
            m_model->setGpus(moved);
        }
    }
    return {};
}

UserGpus::Result UserGpus::remove(const QString& id)
{
    GpuCatalog next = m_model->gpuCatalog();
    if (!next.removeUserGpu(id.toStdString())) {
        return {QStringLiteral("id: '%1' is not one of your GPUs").arg(id), QStringLiteral("id")};
    }
    try {
        next.saveUser(fsPath(m_file));
    } catch (const std::exception& e) {
        return failure(e);
    }
    m_problem.clear();
    const QStringList lines = m_model->gpus();
    m_model->setGpuCatalog(std::move(next));
    const QStringList kept = movedLines(lines, id, QString());
    if (kept != lines) {
        m_model->setGpus(kept);
    }
    return {};
}

} // namespace llmsizer::ui
