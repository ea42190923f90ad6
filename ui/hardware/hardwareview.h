#pragma once

#include "ui/kit/onceperturn.h"

#include <QString>
#include <QWidget>
#include <array>
#include <utility>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableView;

class QTimer;

namespace llmsizer::ui {

class ConfigModel;
class HardwareFilterModel;
class HardwareModel;
class HardwareTableModel;

// "My hardware": the machine (GPU type and count from the catalog, system RAM for offloaded
// layers, the runtime and llama.cpp's backend, the workload) and every preset at every precision
// the runtime offers on it: does it fit, on how many GPUs, with how many layers offloaded, how much
// context, how fast. Sortable by any column and filtered by name, family, year, size and "runs
// entirely on the GPUs". Double-click (or Enter) opens a row's model and precision in the Overview.
class HardwareView : public QWidget {
    Q_OBJECT
public:
    HardwareView(ConfigModel* config, HardwareModel* model, QWidget* parent = nullptr);

    HardwareModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    // llama.cpp's backend (llama.cpp and Ollama): auto, ROCm/HIP, Vulkan.
    QComboBox* backendBox() const { return m_backend; }
    QComboBox* gpuBox() const { return m_gpu; }
    HardwareFilterModel* filterModel() const { return m_filter; }
    // Reads the machine back from the model into the controls (after a session or settings).
    void syncControls();
    void setDark(bool dark);

signals:
    // A row was opened: load this preset ("" = the model already shown) at this precision.
    void openInOverview(const QString& presetId, const QString& precisionId);
    // The "Custom GPUs…" button.
    void editGpusRequested();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    void buildControls();
    void applyControls();
    void applyFilter();
    void fillGpus();
    void openRow(const QModelIndex& index);
    void updateStatus();
    void fitColumns();
    void scheduleFit();
    // The current row whole under the table (its cells elide when the window is narrow).
    void showCurrentRow();
    void restoreCurrentRow();
    // The Overview's preset, newly chosen there: its first row becomes current, in view.
    void followOverviewModel();

    ConfigModel* m_config;
    HardwareModel* m_model;
    HardwareTableModel* m_tableModel;
    HardwareFilterModel* m_filter;
    QTableView* m_table;
    QComboBox* m_gpu;
    QSpinBox* m_gpus;
    QDoubleSpinBox* m_ram;
    QDoubleSpinBox* m_ramBandwidth;
    QDoubleSpinBox* m_osReserve;
    QWidget* m_osReserveBox; // shown for a unified-memory device
    QComboBox* m_runtime;
    QComboBox* m_backend;
    QSpinBox* m_context;
    QCheckBox* m_ollamaContext; // Ollama's default context, shown under Ollama
    QString m_shownGpu;         // the GPU picker's entry as fillGpus set it
    QSpinBox* m_batch;
    QDoubleSpinBox* m_decodeEfficiency;
    QDoubleSpinBox* m_prefillEfficiency;
    QPushButton* m_customGpus;
    QDoubleSpinBox* m_vllmShare;
    QSpinBox* m_vllmSeqs;
    QComboBox* m_vllmSampler;
    std::array<QWidget*, 3> m_vllmBoxes{}; // shown under vLLM
    QDoubleSpinBox* m_sglangShare;
    QWidget* m_sglangBox = nullptr;           // shown under SGLang
    QWidget* m_backendBox = nullptr;          // shown for a Radeon under llama.cpp and Ollama
    QLabel* m_current;                        // the current row's verdict, note and change, whole
    std::pair<QString, QString> m_currentKey; // its preset and precision, across new rows
    int m_columnsGaveWay = 0;                 // columns hidden for the table's width (fitColumns)
    QString m_followedPreset;                 // the Overview's preset last made current here
    OncePerTurn m_fit{this, [this] { fitColumns(); }};
    QLineEdit* m_search;
    QComboBox* m_family;
    QComboBox* m_year;
    QComboBox* m_size;
    QComboBox* m_precision;
    QCheckBox* m_gpuOnly;
    QLabel* m_machine;
    QLabel* m_status;
    QLabel* m_note;
    QTimer* m_applyTimer;      // a spin box's arrows, keys or wheel apply once they pause
    double m_shownReserve = 0; // the System keeps value shown, within the device's memory
    bool m_syncing = false;
};

} // namespace llmsizer::ui
