#pragma once

#include "llmsizer/catalog/display_options.h"

#include <QByteArray>
#include <QObject>
#include <QSettings>
#include <QString>
#include <QStringList>
#include <memory>

namespace llmsizer::ui {

// The app's persistent settings, typed. Each key and its default is declared once (settings.cpp);
// each setter stores the value (the window and the models write them as they change; nothing
// listens to the settings). QSettings underneath: the user's configuration file, or an explicit INI
// file (tests).
class Settings : public QObject {
    Q_OBJECT
public:
    explicit Settings(QObject* parent = nullptr);
    // Reads and writes `iniFile` only (tests pass a file in a temporary directory).
    explicit Settings(const QString& iniFile, QObject* parent = nullptr);
    ~Settings() override;

    // The memory view's display options as one value (the keys below; GPUs have their own
    // default list).
    DisplayOptions displayOptions() const;
    void setDisplayOptions(const DisplayOptions& options);

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& geometry);
    QByteArray compareGeometry() const; // the Compare window's
    void setCompareGeometry(const QByteArray& geometry);
    QString lastPreset() const;
    void setLastPreset(const QString& id);
    QString precision() const; // weight precision id of the summary ("fp16")
    void setPrecision(const QString& id);
    QStringList extraPrecisions() const; // GGUF types added to the bar chart ("q4_k_m")
    void setExtraPrecisions(const QStringList& ids);
    QStringList gpus() const; // selected GPU reference lines, by catalog name
    void setGpus(const QStringList& names);
    QString kvPrecision() const; // KV cache precision id ("fp16")
    void setKvPrecision(const QString& id);
    QString overhead() const; // runtime overhead profile id ("transformers")
    void setOverhead(const QString& id);
    bool binaryUnits() const; // GiB (2^30) instead of GB (1e9)
    void setBinaryUnits(bool binary);
    bool training() const; // training instead of inference memory
    void setTraining(bool training);
    bool textbook() const; // textbook numbers instead of the full memory (DisplayOptions)
    void setTextbook(bool textbook);
    // Chinchilla's tokens per parameter (display_options.h); out of range: the display options
    // keep their own.
    qulonglong tokensPerParam() const;
    void setTokensPerParam(const qulonglong& tokens);
    bool logScale() const; // log memory axis
    void setLogScale(bool log);
    QString overviewChart() const; // the Overview's parameter chart: "pie", "diagram" or "rule"
    void setOverviewChart(const QString& name);
    // The My hardware view's machine and workload, "key=value" items (HardwareChoice).
    QStringList hardware() const;
    void setHardware(const QStringList& items);
    QStringList localFolders() const; // folders added to My models
    void setLocalFolders(const QStringList& folders);
    QStringList recentFiles() const; // newest first, absolute paths
    void setRecentFiles(const QStringList& paths);

    // The app's user GPU catalog: gpus.json in the folder of the settings file (an INI file given
    // to the constructor puts it beside that file, so tests never reach the user's own). Where the
    // settings are not a file (the Windows registry, a macOS plist), the app's config folder
    // (QStandardPaths::AppConfigLocation).
    QString userGpuFile() const;

    void sync();
    // What was wrong with the settings file when it was read (a directory, unreadable, a value
    // of the wrong kind), one line each; empty when nothing was. The app shows it once.
    QString problem() const { return m_problem; }

private:
    void check();
    QStringList unknownValues() const;

    std::unique_ptr<QSettings> m_settings;
    QString m_problem;
};

} // namespace llmsizer::ui
