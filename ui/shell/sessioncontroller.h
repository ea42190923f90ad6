#pragma once

#include "llmsizer/catalog/session.h"
#include "ui/state/sessionstate.h"

#include <QObject>
#include <QString>

class QAction;
class QMenu;
class QWidget;

namespace llmsizer {
struct LoadedModel;
}

namespace llmsizer::ui {

class ComparisonModel;
class ConfigModel;
class RecentFiles;

// Session files and File > Open for the desktop app: captures the whole working state (the
// configuration being edited, the comparison, the selected GPUs, the workload, the units) into a
// core Session and saves it atomically (saveFileAtomically); opens a session, a preset or a Hugging
// Face config.json (the content decides). Opening is all or nothing: the file is parsed and
// validated by the core, checked against the app's limits, then applied; on any error the current
// state is untouched and the error names the file and the field ("s.json: gpus[1].id: unknown GPU
// …").
class SessionController : public QObject {
    Q_OBJECT
public:
    SessionController(ConfigModel* current, ComparisonModel* comparison, RecentFiles* recent,
                      QObject* parent = nullptr);

    // The working state as a session.
    Session capture() const;
    // Applies a session; "" or the reason it was refused (the state is then unchanged).
    QString apply(const Session& session);

    // Each returns "" or the error; successful opens and saves are added to the recent files.
    QString save(const QString& path);
    QString open(const QString& path);
    // The session file last opened or saved ("" for none): File > Save writes there.
    QString sessionFile() const { return m_file; }

    // Adds Open Session…, Open Recent, Save Session and Save Session As… to `file`, before
    // `before` (or at the end). Dialogs and error boxes are parented to `window`.
    void addFileActions(QMenu* file, QAction* before, QWidget* window);
    // open() with the error shown in a message box.
    void openWithDialog(const QString& path, QWidget* window);

signals:
    void sessionFileChanged();

private:
    QString openModel(const QString& path, const LoadedModel& model);
    void saveAs(QWidget* window);
    void setSessionFile(const QString& path);

    ConfigModel* m_current;
    SessionState m_state;
    RecentFiles* m_recent;
    QString m_file;
};

} // namespace llmsizer::ui
