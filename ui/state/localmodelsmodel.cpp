#include "ui/state/localmodelsmodel.h"

#include "ui/state/configmodel.h"
#include "ui/state/hardwaremodel.h"

#include <QDir>
#include <QFileSystemWatcher>
#include <QMetaObject>
#include <QTimer>
#include <chrono>

namespace llmsizer::ui {

namespace {

// Everything a worker needs, copied: it reads nothing the app may change meanwhile.
struct Job {
    bool rescan = true;
    ScanEnvironment env;
    ProbeOptions probe;
    GpuCatalog catalog;
    RunQuery query;
    bool machineChosen = true; // the My hardware machine was set by hand (or has a GPU)
    ByteUnits units = ByteUnits::Decimal;
    LocalScan scan;    // when !rescan
    SystemInfo system; // when !rescan
    DetectedMachine machine;
};

constexpr int kMaxWatched = 2000;

} // namespace

struct LocalModelsModel::Result {
    bool rescanned = false;
    SystemInfo system;
    DetectedMachine machine;
    LocalScan scan;
    std::vector<std::vector<LocalRun>> runs;
    std::vector<LocalRowView> rows;
};

namespace {

LocalModelsModel::Result compute(const Job& job)
{
    LocalModelsModel::Result r;
    r.rescanned = job.rescan;
    if (job.rescan) {
        r.system = detectSystem(job.probe);
        matchGpus(r.system.gpus, job.catalog);
        r.machine = machineFromSystem(r.system, job.catalog);
        r.scan = scanLocalModels(job.env);
    } else {
        r.system = job.system;
        r.machine = job.machine;
        r.scan = job.scan;
    }
    // A CPU-only machine runs models too, on its CPU (cpuMachine).
    const bool hasGpu = job.machineChosen || r.machine.has_gpu || r.machine.cpu_only;
    for (const LocalModel& m : r.scan.models) {
        std::vector<LocalRun> runs;
        for (const LocalCopy& c : m.copies) {
            runs.push_back(localRun(c, job.query, hasGpu, job.env.env));
        }
        r.runs.push_back(std::move(runs));
    }
    r.rows = localRows(r.scan, r.runs, job.units);
    return r;
}

} // namespace

LocalModelsModel::LocalModelsModel(ConfigModel* config, HardwareModel* hardware, QObject* parent)
    : QObject(parent), m_config(config), m_hardware(hardware),
      m_watcher(new QFileSystemWatcher(this)), m_quiet(new QTimer(this)),
      m_generation(std::make_shared<std::atomic<int>>(0))
{
    m_env.env = processEnvironment();
    if (const auto it = m_env.env.find("HOME"); it != m_env.env.end()) {
        m_env.home = it->second;
    }
    m_probe.env = m_env.env;
    m_quiet->setSingleShot(true);
    m_quiet->setInterval(1000);
    connect(m_quiet, &QTimer::timeout, this, &LocalModelsModel::refresh);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, m_quiet, qOverload<>(&QTimer::start));
    connect(m_watcher, &QFileSystemWatcher::fileChanged, m_quiet, qOverload<>(&QTimer::start));
    // New verdicts (not a new scan) when the machine, the units or the KV precision change.
    connect(m_hardware, &HardwareModel::choiceChanged, this, &LocalModelsModel::rerun);
    m_config->whenChanged(ConfigModel::Change::Display, this, [this] { rerun(); });
}

LocalModelsModel::~LocalModelsModel()
{
    ++*m_generation;
    for (std::future<void>& f : m_workers) {
        f.wait();
    }
}

void LocalModelsModel::setEnvironment(const ScanEnvironment& env)
{
    const std::vector<std::filesystem::path> folders = m_env.folders;
    m_env = env;
    if (m_env.folders.empty()) {
        m_env.folders = folders;
    }
    m_probe.env = m_env.env;
}

void LocalModelsModel::setSysroot(const QString& root)
{
    m_probe.root =
        root.isEmpty() ? std::filesystem::path("/") : std::filesystem::path(root.toStdString());
}

QStringList LocalModelsModel::folders() const
{
    QStringList out;
    for (const std::filesystem::path& f : m_env.folders) {
        out << QString::fromStdString(f.string());
    }
    return out;
}

void LocalModelsModel::setFolders(const QStringList& folders)
{
    m_env.folders.clear();
    for (const QString& f : folders) {
        m_env.folders.emplace_back(f.toStdString());
    }
}

const LocalCopy* LocalModelsModel::copy(std::size_t model, std::size_t copy) const
{
    if (model >= m_scan.models.size() || copy >= m_scan.models[model].copies.size()) {
        return nullptr;
    }
    return &m_scan.models[model].copies[copy];
}

ByteUnits LocalModelsModel::units() const
{
    return m_config->units();
}

void LocalModelsModel::refresh()
{
    start(true);
}

void LocalModelsModel::rerun()
{
    if (m_hasResults) {
        start(false);
    }
}

void LocalModelsModel::start(bool rescan)
{
    Job job;
    job.rescan = rescan || !m_hasResults;
    job.env = m_env;
    job.probe = m_probe;
    job.catalog = m_config->gpuCatalog();
    job.query = m_hardware->query();
    job.machineChosen = !m_hardware->choice().detected || m_machine.has_gpu || m_machine.cpu_only;
    job.units = m_config->units();
    if (!job.rescan) {
        job.scan = m_scan;
        job.system = m_system;
        job.machine = m_machine;
    }
    const int generation = ++*m_generation;
    if (!m_busy) {
        m_busy = true;
        emit busyChanged(true);
    }
    std::erase_if(m_workers, [](std::future<void>& f) {
        return f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
    });
    std::shared_ptr<std::atomic<int>> current = m_generation;
    m_workers.push_back(
        std::async(std::launch::async, [this, job = std::move(job), generation, current] {
            Result r = compute(job);
            if (current->load() != generation) {
                return; // a newer question was asked
            }
            QMetaObject::invokeMethod(
                this,
                [this, r = std::move(r), generation]() mutable {
                    if (m_generation->load() == generation) {
                        adopt(std::move(r));
                    }
                },
                Qt::QueuedConnection);
        }));
}

void LocalModelsModel::refreshNow()
{
    ++*m_generation;
    Job job;
    job.env = m_env;
    job.probe = m_probe;
    job.catalog = m_config->gpuCatalog();
    job.units = m_config->units();
    // Detect first, so that the verdicts answer for the machine My hardware then shows.
    Result detected = compute(job);
    m_system = detected.system;
    m_machine = detected.machine;
    emit systemDetected();
    job.rescan = false;
    job.scan = std::move(detected.scan);
    job.system = m_system;
    job.machine = m_machine;
    job.query = m_hardware->query();
    job.machineChosen = !m_hardware->choice().detected || m_machine.has_gpu || m_machine.cpu_only;
    adopt(compute(job));
    watch();
}

void LocalModelsModel::adopt(Result r)
{
    const bool detected = r.rescanned;
    if (r.rescanned) {
        m_system = std::move(r.system);
        m_machine = std::move(r.machine);
    }
    m_scan = std::move(r.scan);
    m_runs = std::move(r.runs);
    m_rows = std::move(r.rows);
    m_hasResults = true;
    if (m_busy) {
        m_busy = false;
        emit busyChanged(false);
    }
    if (detected) {
        watch();
        emit systemDetected();
    }
    emit rowsChanged();
}

// The stores' folders and the ones below them that change when a model comes or goes: HF
// repositories and their snapshots and blobs, Ollama's manifest tree and blobs, the publishers'
// and models' folders of LM Studio, llama.cpp's cache and the user's folders (two levels).
void LocalModelsModel::watch()
{
    QStringList paths;
    const auto add = [&paths](const QString& p) {
        if (paths.size() < kMaxWatched && QDir(p).exists()) {
            paths << p;
        }
    };
    for (const ModelStore& s : m_scan.stores) {
        if (!s.exists) {
            continue;
        }
        const QString root = QString::fromStdString(s.root.string());
        add(root);
        QDir dir(root);
        const QStringList subs =
            dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks);
        for (const QString& sub : subs) {
            const QString p = dir.filePath(sub);
            add(p);
            for (const QString& deeper :
                 QDir(p).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks)) {
                add(QDir(p).filePath(deeper));
            }
        }
        if (s.kind == StoreKind::Ollama) {
            // manifests/HOST/NAMESPACE/MODEL: a new tag is a new file in MODEL's folder.
            QDir manifests(dir.filePath(QStringLiteral("manifests")));
            for (const QString& host : manifests.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                QDir h(manifests.filePath(host));
                for (const QString& ns : h.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                    QDir n(h.filePath(ns));
                    add(n.path());
                    for (const QString& model : n.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                        add(n.filePath(model));
                    }
                }
            }
        }
    }
    const QStringList old = m_watcher->directories();
    if (!old.isEmpty()) {
        m_watcher->removePaths(old);
    }
    if (!paths.isEmpty()) {
        m_watcher->addPaths(paths);
    }
}

QStringList LocalModelsModel::watchedPaths() const
{
    return m_watcher->directories();
}

} // namespace llmsizer::ui
