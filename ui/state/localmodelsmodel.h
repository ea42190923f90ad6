#pragma once

#include "llmsizer/local/gpu_match.h"
#include "llmsizer/local/local_models.h"
#include "llmsizer/local/local_runs.h"
#include "llmsizer/local/system.h"
#include "llmsizer/present/local_view.h"

#include <QObject>
#include <QStringList>
#include <atomic>
#include <future>
#include <memory>
#include <vector>

class QFileSystemWatcher;
class QTimer;

namespace llmsizer::ui {

class ConfigModel;
class HardwareModel;

// My models: this machine as detected (system.h) and the models in its stores (local_models.h),
// with how each copy runs on the My hardware machine (local_runs.h). Detection, the scan and the
// verdicts run on a worker thread, so the window never waits for a disk; a QFileSystemWatcher on
// the stores rescans (after a second of quiet) when a download lands or a model is removed.
class LocalModelsModel : public QObject {
    Q_OBJECT
public:
    LocalModelsModel(ConfigModel* config, HardwareModel* hardware, QObject* parent = nullptr);
    ~LocalModelsModel() override;

    // Where to look: the home and environment (default: this process's), the machine's root
    // (default "/"), and the folders the user added.
    void setEnvironment(const ScanEnvironment& env);
    void setSysroot(const QString& root);
    QStringList folders() const;
    void setFolders(const QStringList& folders); // for the next refresh()

    // Detects the machine and scans the stores on a worker thread.
    void refresh();
    // The same, synchronously (tests, screenshots).
    void refreshNow();
    bool busy() const { return m_busy; }
    bool hasResults() const { return m_hasResults; }

    const SystemInfo& system() const { return m_system; }
    const DetectedMachine& machine() const { return m_machine; }
    const LocalScan& scan() const { return m_scan; }
    const std::vector<std::vector<LocalRun>>& runs() const { return m_runs; }
    const std::vector<LocalRowView>& rows() const { return m_rows; }
    const LocalCopy* copy(std::size_t model, std::size_t copy) const;
    ByteUnits units() const;
    // The paths the watcher follows.
    QStringList watchedPaths() const;
    // One worker's answer (localmodelsmodel.cpp).
    struct Result;

signals:
    void busyChanged(bool busy);
    // A new scan or new verdicts: rows() changed.
    void rowsChanged();
    // The machine was detected (again): system() and machine() changed.
    void systemDetected();

private:
    void start(bool rescan);
    void adopt(Result result);
    void rerun(); // the verdicts again, for a new machine or units (no rescan)
    void watch();

    ConfigModel* m_config;
    HardwareModel* m_hardware;
    ScanEnvironment m_env;
    ProbeOptions m_probe;
    SystemInfo m_system;
    DetectedMachine m_machine;
    LocalScan m_scan;
    std::vector<std::vector<LocalRun>> m_runs;
    std::vector<LocalRowView> m_rows;
    bool m_busy = false;
    bool m_hasResults = false;
    QFileSystemWatcher* m_watcher;
    QTimer* m_quiet; // debounces the watcher's bursts
    std::shared_ptr<std::atomic<int>> m_generation;
    std::vector<std::future<void>> m_workers;
};

} // namespace llmsizer::ui
