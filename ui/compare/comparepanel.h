#pragma once

#include <QString>
#include <QWidget>
#include <vector>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QMenu;
class QPushButton;
class QSpinBox;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QToolButton;

namespace llmsizer::ui {

class CompareChartBars;
class CompareChartPies;
class CompareDiagrams;
class CompareChips;
class CompareExportMenu;
class CompareTableModel;
class ComparisonModel;
class ConfigModel;
class PresetPicker;

// The side-by-side comparison: a row of controls (add a preset, add the current configuration,
// context, units, export), one chip per model (move left, move right, remove), the comparison
// table with differing rows highlighted, grouped bars of parameters per component and of memory
// per precision, and one pie per model. It reads everything from the ComparisonModel and writes
// only edits to it (and the units to the ConfigModel, which the main window shares).
class ComparePanel : public QWidget {
    Q_OBJECT
public:
    ComparePanel(ComparisonModel* comparison, ConfigModel* current, QWidget* parent = nullptr);

    enum class Chart { Components, Memory, Pies };

    QTableView* table() const { return m_table; }
    CompareTableModel* tableModel() const { return m_tableModel; }
    CompareChartBars* componentsChart() const { return m_components; }
    CompareChartBars* memoryChart() const { return m_memory; }
    CompareChartPies* pies() const { return m_pies; }
    CompareDiagrams* diagrams() const { return m_diagrams; }
    PresetPicker* presetPicker() const { return m_picker; }
    QPushButton* addCurrentButton() const { return m_addCurrent; }
    QComboBox* contextBox() const { return m_context; }
    QWidget* chartWidget(Chart chart) const;
    QString chartName(Chart chart) const;
    // The last message shown (a refused add, a failed export); empty after a success.
    QString message() const;

    // File actions; each returns "" or the error it also shows in the message line.
    QString exportTable(const QString& path);
    QString exportChart(Chart chart, const QString& path);
    void copyChart(Chart chart);
    // The export menu (table as CSV/Markdown/JSON, each chart as PNG/SVG or to the clipboard).
    CompareExportMenu* exportMenu() const { return m_exportMenu; }

    void setDark(bool dark);

    // From this width up the table and the charts sit side by side (twice it in presentation
    // mode); below, in tabs.
    static constexpr int kSideBySideWidth = 1500;
    bool isSideBySide() const;
    void showCharts();   // the charts tab, when in tabs
    void showDiagrams(); // the diagrams' tab

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void refresh();
    void fitTable();
    void fillTableWidth(bool fill);
    std::vector<int> columnWidths() const;
    void arrange();
    void syncOptions();
    void showMessage(const QString& text);
    void buildCharts();

    ComparisonModel* m_comparison;
    ConfigModel* m_current;
    PresetPicker* m_picker;
    QPushButton* m_addCurrent;
    QComboBox* m_context;
    QComboBox* m_kv;
    QComboBox* m_units;
    QSpinBox* m_tokensPerParam; // Chinchilla's tokens per parameter (the Overview's too)
    QToolButton* m_export;
    CompareExportMenu* m_exportMenu;
    CompareChips* m_chips;
    QLabel* m_hint;
    QLabel* m_message;
    QStackedWidget* m_stack;
    QSplitter* m_split;
    QTabWidget* m_tabs;
    QSplitter* m_charts = nullptr; // the bar charts (and, in tabs, the pies)
    QSplitter* m_left = nullptr;   // side by side: the table above the pies
    QSplitter* m_bars = nullptr;
    QTableView* m_table;
    CompareTableModel* m_tableModel;
    CompareChartBars* m_components;
    CompareChartBars* m_memory;
    CompareChartPies* m_pies;
    CompareDiagrams* m_diagrams;
    QTabWidget* m_wide; // side by side: the table and charts, and the diagrams
};

} // namespace llmsizer::ui
