#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QMenu;
class QToolButton;

namespace llmsizer::ui {

class ConfigModel;
class MemoryChartWidget;

// The memory view: a row of options (inference/training, realistic/textbook numbers, the
// summary's precision, extra GGUF
// types, GPU reference lines, runtime overhead and KV cache precision, GB/GiB, log axis) above
// the memory bar chart. Options go to the
// ConfigModel; optionsChanged() tells the window to persist them.
class MemoryPanel : public QWidget {
    Q_OBJECT
public:
    explicit MemoryPanel(ConfigModel* model, QWidget* parent = nullptr);

    MemoryChartWidget* chart() const { return m_chart; }
    QComboBox* modeBox() const { return m_mode; }
    QComboBox* numbersBox() const { return m_numbers; }
    QComboBox* precisionBox() const { return m_precision; }
    QComboBox* unitsBox() const { return m_units; }
    QToolButton* runtimeButton() const { return m_runtime; }
    QCheckBox* logBox() const { return m_log; }
    QToolButton* gpusButton() const { return m_gpus; }
    void setLogScale(bool log);
    // The row of options wraps; the panel asks for the width it asks without the Numbers box, so
    // that the parameter chart beside it keeps its room in the splitter.
    QSize sizeHint() const override;

signals:
    void optionsChanged();
    // "Custom GPUs…" in the GPUs menu: the window opens the dialog.
    void customGpusRequested();

private:
    // Presentation mode (presentation.h): only Mode and Precision stay above the chart (the
    // chart's title states the rest), so the chart keeps the height of a 800-pixel projector.
    void setCompact(bool compact);
    void sync();
    void fillGpuMenu();
    void fillGgufMenu();
    void fillRuntimeMenu();

    ConfigModel* m_model;
    QComboBox* m_mode;
    QComboBox* m_numbers;              // Realistic or Textbook
    QWidget* m_numbersGroup = nullptr; // it with its label
    QComboBox* m_precision;
    QToolButton* m_gguf;
    QToolButton* m_gpus;
    QToolButton* m_runtime; // overhead profile and KV cache precision
    QComboBox* m_units;
    QCheckBox* m_log;
    MemoryChartWidget* m_chart;
};

} // namespace llmsizer::ui
