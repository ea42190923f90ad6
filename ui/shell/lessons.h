#pragma once

#include <QFrame>
#include <QString>

class QLabel;
class QMenu;

namespace llmsizer::ui {

class ConfigModel;
class MainWindow;

// Help > Lessons: one-click demonstrations for class (present/lessons.h). A lesson loads its
// preset, shows its view, frames the summary figure to look at, may put models side by side in
// the Compare window, and says in a bar above the views what the class should see, with the
// numbers. The bar's close button (or another model) ends it.
class Lessons : public QFrame {
    Q_OBJECT
public:
    Lessons(MainWindow* window, ConfigModel* model);

    // One entry per lesson.
    void addMenuEntries(QMenu* menu);
    // Starts a lesson by id ("depth-vs-width", "gqa-saving", "rule-vs-exact"); false for an
    // unknown id or a catalogue without its preset.
    bool start(const QString& id);
    void stop();
    QString current() const { return m_current; }
    QString text() const;

private:
    MainWindow* m_window;
    ConfigModel* m_model;
    QLabel* m_title;
    QLabel* m_text;
    QString m_current;
};

} // namespace llmsizer::ui
