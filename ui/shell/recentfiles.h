#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class QMenu;

namespace llmsizer::ui {

class Settings;

// The recently opened and saved files (sessions, presets, config.json), newest first, kept in
// the typed Settings. fillMenu() lists them in an "Open Recent" menu; choosing one emits
// openRequested(). A file that no longer exists stays listed until opening it fails.
class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int kMax = 8;

    explicit RecentFiles(Settings* settings, QObject* parent = nullptr);

    QStringList files() const;
    void add(const QString& path);
    void remove(const QString& path);
    void clear();
    // Rebuilds `menu` from the list (it is refilled each time it is about to show).
    void attachMenu(QMenu* menu);

signals:
    void openRequested(const QString& path);

private:
    void fillMenu(QMenu* menu);

    Settings* m_settings;
};

} // namespace llmsizer::ui
