#pragma once

#include "llmsizer/present/view_support.h"

#include <QWidget>
#include <array>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QGridLayout;
class QGroupBox;
class QLabel;
class QPushButton;

namespace llmsizer::ui {

class ConfigModel;
class KnobRow;
class WrapLabel;
class PresetPicker;

// Shows `knob` of the model's configuration on `row`: its step table (anchored at the loaded
// model's value) and value, and for the heads the head size, "(head dim 128)" or "(latent)". The
// configuration panel and presentation mode's strip show their sliders through it.
void showKnob(KnobRow* row, Knob knob, const ConfigModel& model);
// The glossary term (glossary.h key) a knob's row explains: "d_model", "kv_heads", "moe", ….
const char* knobGlossaryKey(Knob knob);

// The configuration panel: preset picker, "Modified" marker with reset, one slider + spin box per
// model knob (d_model, layers, heads, kv heads, vocab, d_ff, and the expert fields when the model
// has experts), toggles for MLP kind, norm kind, tied head and biases, and the workload (context,
// batch). It writes edits to the ConfigModel and mirrors the model back on every change; it
// computes nothing itself.
class ConfigPanel : public QWidget {
    Q_OBJECT
public:
    explicit ConfigPanel(ConfigModel* model, QWidget* parent = nullptr);

    PresetPicker* presetPicker() const { return m_picker; }
    KnobRow* row(Knob knob) const;
    KnobRow* contextRow() const { return m_context; }
    KnobRow* batchRow() const { return m_batch; }
    QPushButton* resetButton() const { return m_reset; }
    QLabel* modifiedLabel() const { return m_modified; }
    // The family shape rule the d_model slider follows, as a sentence (explore.h widthRuleText).
    QLabel* widthRuleLabel() const;
    // Presentation mode (presentation.h): only the four headline sliders (d_model, layers,
    // heads, vocab) and the preset picker stay visible.
    bool isSimplified() const;

private:
    void setSimplified(bool on);
    void sync();
    // Every field's value from the model, but `keep`'s (the field a refused value was typed in).
    void syncValues(const KnobRow* keep);
    void showIssues();
    void editToggles();
    KnobRow* addRow(const QString& label, QGridLayout* grid, QWidget* box, int row);

    ConfigModel* m_model;
    PresetPicker* m_picker;
    QLabel* m_modified;
    QPushButton* m_reset;
    static constexpr int kKnobs = 10;
    std::array<KnobRow*, kKnobs> m_rows{};
    KnobRow* m_context = nullptr;
    KnobRow* m_batch = nullptr;
    KnobRow* m_lastTyped = nullptr;
    QComboBox* m_mlp;
    QComboBox* m_norm;
    QCheckBox* m_tied;
    QCheckBox* m_biases;
    WrapLabel* m_widthRule = nullptr;
    QGroupBox* m_moeBox;
    QFormLayout* m_toggles = nullptr;
    QGroupBox* m_workBox = nullptr;
};

} // namespace llmsizer::ui
