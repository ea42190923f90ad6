#pragma once

#include <QMainWindow>
#include <QSize>
#include <memory>

class QMenu;
class QTabWidget;

namespace llmsizer::ui {

class CheckpointBar;
class CompareWindow;
class ComparisonModel;
class ConfigModel;
class ConfigPanel;
class EditHistory;
class GlossaryDialog;
struct HardwareChoice;
class HardwareModel;
class HardwareView;
class GpuEditorDialog;
class KnobStrip;
class LocalModelsModel;
class LocalModelsView;
class MemoryPanel;
class ParameterChart;
class PieChartWidget;
class Presentation;
class RecentFiles;
class SessionController;
class Settings;
class SummaryPanel;
class UserGpus;
class ViewExport;
class ViewTabs;

// The main window assembles the panels (configuration on the left; on the right, the tabs of
// ViewTabs: the overview with summary, parameter pie or diagram and memory bars, My hardware, My
// models, then the teaching views), the File menu and drag-and-drop of model files. It holds no
// sizing logic: every panel reads the shared ConfigModel.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    MainWindow(ConfigModel* model, Settings* settings, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Loads a session file, a preset JSON or a Hugging Face config.json (the content decides);
    // returns the error ("FILE: FIELD: what") or an empty string. On error the current state is
    // untouched.
    QString loadFile(const QString& path);
    // loadFile, with errors shown in a message box.
    void openFile(const QString& path);
    // Applies the persisted options (precision, mode, units, GPUs, log axis) to the model.
    void restoreSettings();
    // Stores the window geometry and options; off in screenshot mode.
    void setPersistent(bool persistent) { m_persistent = persistent; }
    void saveSettings();

    ConfigPanel* configPanel() const { return m_config; }
    SummaryPanel* summaryPanel() const { return m_summary; }
    PieChartWidget* pieChart() const { return m_pie; }
    // The Overview's pie or diagram, and the switch between them.
    ParameterChart* parameterChart() const { return m_chart; }
    MemoryPanel* memoryPanel() const { return m_memory; }
    ComparisonModel* comparison() const { return m_comparison; }
    CompareWindow* compareWindow() const { return m_compareWindow; }
    SessionController* sessions() const { return m_sessions; }
    // The list of every tab, and the teaching views (explorer, show the math, budget, fit).
    ViewTabs* views() const { return m_views; }
    // The application's presentation mode (F5).
    Presentation* presentation() const;
    // Where the pie's breakdown comes from, and the checkpoint-versus-estimate dialog.
    CheckpointBar* checkpointBar() const { return m_checkpoint; }
    KnobStrip* knobStrip() const { return m_strip; }
    // Undo and redo of the model's and the workload's edits.
    EditHistory* history() const { return m_history; }
    // My hardware: every preset at every precision on the chosen GPUs.
    HardwareView* hardwareView() const { return m_hardwareView; }
    // My models: this machine and the models on its disk.
    LocalModelsView* localModelsView() const { return m_localView; }
    LocalModelsModel* localModels() const { return m_local; }
    // Makes a copy found on disk the current model (its checkpoint read again for the pie); ""
    // or the error. With `show`, the Overview is shown.
    QString openLocalCopy(std::size_t model, std::size_t copy, bool show);
    // The detected machine into My hardware (its GPUs when the catalog knows them, its free RAM
    // and memory bandwidth); false when nothing was detected to use.
    bool useDetectedMachine();
    // The machine given on the command line (--hardware): My hardware shows it, and the machine
    // detected at start no longer replaces it.
    void setMachine(const HardwareChoice& choice);
    // Right-click export of every chart and File > Export current view.
    ViewExport* viewExport() const { return m_viewExport; }
    // Help > Glossary (made when first asked for).
    GlossaryDialog* glossary();
    // Opens a model (a preset id, or "" for the one shown) at a precision in the Overview, with
    // the hardware view's workload, runtime and GPU line, and shows the Overview.
    void openInOverview(const QString& presetId, const QString& precisionId);
    // The user's GPU catalog (Settings::userGpuFile()); main() loads it at start.
    UserGpus* userGpus() const { return m_userGpus.get(); }

public slots:
    // Opens (or raises) "Custom GPUs" (the GPUs menu's "Custom GPUs…"; any view may call it).
    GpuEditorDialog* showGpuEditor();

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus();
    void createExport(QMenu* file); // File > Export current view, the charts' context menus
    void connectLocalModels();      // My models' signals (mainwindow_local.cpp)
    void updateTitle();
    void followPalette();

    ConfigModel* m_model;
    Settings* m_settings;
    ConfigPanel* m_config;
    SummaryPanel* m_summary;
    ParameterChart* m_chart;
    PieChartWidget* m_pie;
    MemoryPanel* m_memory;
    ComparisonModel* m_comparison;
    RecentFiles* m_recent;
    SessionController* m_sessions;
    CompareWindow* m_compareWindow;
    ViewTabs* m_views;
    CheckpointBar* m_checkpoint;
    KnobStrip* m_strip;
    // The window's size before presentation mode: a relayout that briefly asks for more (a label
    // wrapping under the other font) grows a window, which never shrinks back by itself.
    QSize m_sizeBeforePresentation;
    HardwareModel* m_hardware;
    HardwareView* m_hardwareView;
    LocalModelsModel* m_local;
    LocalModelsView* m_localView;
    bool m_detectOnStart = false; // the settings held no machine: use the detected one
    EditHistory* m_history;
    QTabWidget* m_tabs = nullptr;
    std::unique_ptr<UserGpus> m_userGpus;
    GpuEditorDialog* m_gpuEditor = nullptr;
    GlossaryDialog* m_glossary = nullptr;
    ViewExport* m_viewExport = nullptr;
    bool m_persistent = true;
    bool m_dark = false;
};

} // namespace llmsizer::ui
