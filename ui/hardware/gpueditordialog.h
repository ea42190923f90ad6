#pragma once

#include "llmsizer/compute/hardware.h"
#include "ui/state/usergpus.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace llmsizer::ui {

class ConfigModel;
class GpuFormWidget;

// "Custom GPUs": every GPU of the catalog in a list (built-ins read-only, with their sources,
// memory note and unconfirmed figures; the user's own editable), and a form that adds, edits and
// removes the user's GPUs. The core checks each edit (its message, naming the field, shows under
// the form and nothing changes); UserGpus saves the user catalog atomically and hands the model
// the new catalog, so every view follows. The file's path is shown with the command line that
// reads it.
class GpuEditorDialog : public QDialog {
    Q_OBJECT
public:
    GpuEditorDialog(ConfigModel* model, UserGpus* store, QWidget* parent = nullptr);

    QTreeWidget* list() const { return m_list; }
    GpuFormWidget* form() const { return m_form; }
    QLabel* message() const { return m_message; }
    QLabel* details() const { return m_details; }
    QLabel* fileLabel() const { return m_file; }
    QPushButton* saveButton() const { return m_save; }
    QPushButton* removeButton() const { return m_remove; }
    QPushButton* newButton() const { return m_new; }
    QPushButton* duplicateButton() const { return m_duplicate; }

    // Shows a GPU of the catalog (editable when it is the user's); false for an unknown id.
    bool selectGpu(const QString& id);
    QString selectedId() const;
    // The user GPU the form edits; empty for a new one (or a built-in shown read-only).
    QString editingId() const { return m_editing; }
    // An empty form for a new GPU.
    void startNew();
    // A new GPU from the selected one: its figures, "(custom)" after its name, an id of its own.
    void duplicateSelected();
    // A new GPU from one found on this machine (My models): its name and memory filled in, the
    // bandwidth and throughput left for the user.
    void startFrom(const GpuSpec& gpu);
    // Saves the form (a new GPU, or the user GPU being edited). Returns the error shown under
    // the form, "" when saved.
    QString submit();
    // Removes a user GPU (the Remove button asks first). Returns the error shown, "" when done.
    QString removeGpu(const QString& id);

private:
    void refill();
    void showSelected();
    void showResult(const UserGpus::Result& result, const QString& done);
    void setEditable(bool editable, bool existing);

    ConfigModel* m_model;
    UserGpus* m_store;
    QTreeWidget* m_list;
    QLabel* m_details;
    QLabel* m_problem;
    QLabel* m_heading;
    GpuFormWidget* m_form;
    QLabel* m_message;
    QPushButton* m_new;
    QPushButton* m_duplicate;
    QPushButton* m_remove;
    QPushButton* m_save;
    QLabel* m_file;
    QString m_editing;
    GpuSpec m_base; // the GPU the form started from: the fields it does not show
};

} // namespace llmsizer::ui
