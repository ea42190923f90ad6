#include "ui/shell/sessioncontroller.h"

#include "llmsizer/formats/open_file.h"
#include "llmsizer/present/view_support.h"
#include "ui/kit/export.h"
#include "ui/shell/recentfiles.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QWidget>

namespace llmsizer::ui {

SessionController::SessionController(ConfigModel* current, ComparisonModel* comparison,
                                     RecentFiles* recent, QObject* parent)
    : QObject(parent), m_current(current), m_state(current, comparison), m_recent(recent)
{
}

Session SessionController::capture() const
{
    return m_state.capture();
}

QString SessionController::apply(const Session& session)
{
    return m_state.apply(session);
}

QString SessionController::save(const QString& path)
{
    const QString error =
        saveFileAtomically(path, QByteArray::fromStdString(saveSession(capture())));
    if (error.isEmpty()) {
        setSessionFile(path);
        m_recent->add(path);
    }
    return error;
}

QString SessionController::open(const QString& path)
{
    OpenedFile opened;
    try {
        opened = openAnyFile(path.toStdString(), &m_current->gpuCatalog());
    } catch (const std::exception& e) {
        return qs(e.what());
    }
    QString error;
    if (opened.kind == OpenedKind::Session) {
        error = apply(opened.session);
        if (error.isEmpty()) {
            setSessionFile(path);
        } else {
            error = path + QStringLiteral(": ") + error;
        }
    } else if (opened.kind == OpenedKind::Checkpoint) {
        const QString name = QFileInfo(QFileInfo(path).absoluteFilePath()).fileName();
        if (!m_current->loadCheckpoint(opened.checkpoint, name)) {
            error =
                path + QStringLiteral(": ") + issuesText(m_current->issues(), QStringLiteral("; "));
        }
    } else {
        error = openModel(path, opened.model);
    }
    if (error.isEmpty()) {
        m_recent->add(path);
    }
    return error;
}

QString SessionController::openModel(const QString& path, const LoadedModel& model)
{
    const QString name = model.name.empty() ? QFileInfo(path).fileName() : qs(model.name);
    if (model.preset && m_current->findPreset(qs(model.preset->id)) != nullptr &&
        m_current->findPreset(qs(model.preset->id))->config == model.config) {
        m_current->selectPreset(qs(model.preset->id));
        return {};
    }
    if (!m_current->loadConfig(model.config, name)) {
        return path + QStringLiteral(": ") + issuesText(m_current->issues(), QStringLiteral("; "));
    }
    return {};
}

void SessionController::setSessionFile(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (absolute != m_file) {
        m_file = absolute;
        emit sessionFileChanged();
    }
}

void SessionController::openWithDialog(const QString& path, QWidget* window)
{
    const QString error = open(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(window, tr("Cannot open %1").arg(QFileInfo(path).fileName()), error);
    }
}

void SessionController::saveAs(QWidget* window)
{
    const QString start = m_file.isEmpty() ? QStringLiteral("session.json") : m_file;
    const QString path = QFileDialog::getSaveFileName(window, tr("Save session"), start,
                                                      tr("Session files (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    const QString error = save(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(window, tr("Cannot save the session"), error);
    }
}

void SessionController::addFileActions(QMenu* file, QAction* before, QWidget* window)
{
    auto* openSession = new QAction(tr("Open &Session…"), file);
    openSession->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    openSession->setStatusTip(tr("Open a saved session (models, comparison, GPUs, workload)"));
    connect(openSession, &QAction::triggered, this, [this, window] {
        const QString path =
            QFileDialog::getOpenFileName(window, tr("Open session"), QFileInfo(m_file).path(),
                                         tr("Session files (*.json);;All files (*)"));
        if (!path.isEmpty()) {
            openWithDialog(path, window);
        }
    });
    auto* recentMenu = new QMenu(tr("Open &Recent"), file);
    m_recent->attachMenu(recentMenu);
    connect(m_recent, &RecentFiles::openRequested, this,
            [this, window](const QString& path) { openWithDialog(path, window); });
    auto* saveSession = new QAction(tr("&Save Session"), file);
    saveSession->setShortcut(QKeySequence::Save);
    connect(saveSession, &QAction::triggered, this, [this, window] {
        if (m_file.isEmpty()) {
            saveAs(window);
            return;
        }
        const QString error = save(m_file);
        if (!error.isEmpty()) {
            QMessageBox::warning(window, tr("Cannot save the session"), error);
        }
    });
    auto* saveSessionAs = new QAction(tr("Save Session &As…"), file);
    saveSessionAs->setShortcut(QKeySequence::SaveAs);
    connect(saveSessionAs, &QAction::triggered, this, [this, window] { saveAs(window); });

    file->insertAction(before, openSession);
    file->insertMenu(before, recentMenu);
    file->insertSeparator(before);
    file->insertAction(before, saveSession);
    file->insertAction(before, saveSessionAs);
    file->insertSeparator(before);
}

} // namespace llmsizer::ui
