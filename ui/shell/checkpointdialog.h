#pragma once

#include <QDialog>
#include <QWidget>

class QAction;
class QLabel;
class QPushButton;
class QTableWidget;

namespace llmsizer::ui {

class ConfigModel;

// "Checkpoint vs estimate": per component the checkpoint's parameters, the estimate's and the
// difference (highlighted when nonzero), then the checkpoint's facts (unmapped tensors, buffers,
// missing shards, bytes per dtype, effective bits per weight). Rows and text come from the core.
class CheckpointDialog : public QDialog {
    Q_OBJECT
public:
    CheckpointDialog(ConfigModel* model, QWidget* parent = nullptr);
    QLabel* heading() const { return m_heading; }
    QTableWidget* components() const { return m_components; }
    QTableWidget* facts() const { return m_facts; }

private:
    void refresh();

    ConfigModel* m_model;
    QLabel* m_heading;
    QTableWidget* m_components;
    QTableWidget* m_facts;
};

// A line above the charts saying where the pie's breakdown comes from ("from checkpoint FILE",
// "counted from the configuration", or "estimate from the configuration" for a model type counted
// from its size fields or with parts left out), with a button opening CheckpointDialog while a
// checkpoint is loaded; action() is the same command for a menu.
class CheckpointBar : public QWidget {
    Q_OBJECT
public:
    CheckpointBar(ConfigModel* model, QWidget* parent = nullptr);
    QAction* action() const { return m_action; }
    QLabel* label() const { return m_label; }
    // Opens (or raises) the dialog; nullptr when no checkpoint is loaded.
    CheckpointDialog* showDialog();

private:
    void refresh();

    ConfigModel* m_model;
    QLabel* m_label;
    QPushButton* m_button;
    QAction* m_action;
    CheckpointDialog* m_dialog = nullptr;
};

} // namespace llmsizer::ui
