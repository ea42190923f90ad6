#include "ui/shell/recentfiles.h"

#include "ui/state/settings.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>

namespace llmsizer::ui {

RecentFiles::RecentFiles(Settings* settings, QObject* parent)
    : QObject(parent), m_settings(settings)
{
}

QStringList RecentFiles::files() const
{
    // A settings file edited by hand may list any number: the menu shows the first kMax (a list
    // of 200,000 made the app take 29 s to start, refilling the menu).
    return m_settings->recentFiles().mid(0, kMax);
}

// Several windows share the list: each change starts from the list as the settings file holds it
// now (sync() re-reads a file another window wrote, QSettings merging key by key under its lock
// file) and is written at once, so that a file another window added is kept, not overwritten by
// this window's older copy of the list.
void RecentFiles::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_settings->sync();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMax) {
        list.removeLast();
    }
    m_settings->setRecentFiles(list);
    m_settings->sync();
}

void RecentFiles::remove(const QString& path)
{
    m_settings->sync();
    QStringList list = files();
    if (list.removeAll(QFileInfo(path).absoluteFilePath()) > 0) {
        m_settings->setRecentFiles(list);
        m_settings->sync();
    }
}

void RecentFiles::clear()
{
    m_settings->setRecentFiles({});
    m_settings->sync();
}

void RecentFiles::attachMenu(QMenu* menu)
{
    connect(menu, &QMenu::aboutToShow, this, [this, menu] { fillMenu(menu); });
    fillMenu(menu);
}

void RecentFiles::fillMenu(QMenu* menu)
{
    m_settings->sync(); // the files other windows opened too
    menu->clear();
    const QStringList list = files();
    for (int i = 0; i < list.size(); ++i) {
        const QString& path = list[i];
        // "&1 session.json — /home/…/talks": a mnemonic, the name first, the folder after.
        const QFileInfo info(path);
        const QString text = QStringLiteral("&%1 %2  —  %3")
                                 .arg(i + 1)
                                 .arg(info.fileName(), QDir::toNativeSeparators(info.path()));
        QAction* action = menu->addAction(text, this, [this, path] { emit openRequested(path); });
        action->setToolTip(path);
    }
    if (list.isEmpty()) {
        menu->addAction(tr("No recent files"))->setEnabled(false);
        return;
    }
    menu->addSeparator();
    menu->addAction(tr("&Clear Menu"), this, &RecentFiles::clear);
}

} // namespace llmsizer::ui
