#pragma once

#include <QMainWindow>

class QMenu;
class QMimeData;

namespace llmsizer::ui {

class ComparePanel;
class ComparisonModel;
class ConfigModel;

// The comparison's own window, so that it can sit on a second screen (or the projector) beside
// the main window: the ComparePanel with a Comparison menu and the Export menu. It follows the
// palette (light or dark) like the main window; the state lives in the ComparisonModel.
class CompareWindow : public QMainWindow {
    Q_OBJECT
public:
    CompareWindow(ComparisonModel* comparison, ConfigModel* current, QWidget* parent = nullptr);

    ComparePanel* panel() const { return m_panel; }
    // Adds "Compare Models…" and "Add Current to Comparison" to a menu of another window.
    void addActionsTo(QMenu* menu);
    // Shows, raises and activates the window.
    void present();
    // Adds the model a drop carries (kModelMimeType, from My models); "" or why it was not.
    QString addDropped(const QMimeData* mime);

protected:
    void changeEvent(QEvent* event) override;
    // A model dragged from My models is added to the comparison.
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void followPalette();
    void updateTitle();

    ComparisonModel* m_comparison;
    ComparePanel* m_panel;
};

} // namespace llmsizer::ui
