#pragma once

#include "llmsizer/present/view_support.h"

#include <QWidget>
#include <array>

class QLabel;

namespace llmsizer::ui {

class ConfigModel;
class KnobRow;
class ShowRefresh;
class PresetPicker;

// Presentation mode's controls: the preset picker and the four headline sliders (d_model,
// layers, heads, vocab) in one strip above the views, wrapping onto a second line when narrow, so
// that the charts keep the width of a 1280-pixel projector. It drives the ConfigModel as the
// configuration panel does and mirrors it back; it computes nothing itself.
class KnobStrip : public QWidget {
    Q_OBJECT
public:
    static constexpr std::array<Knob, 4> kKnobs{Knob::DModel, Knob::Layers, Knob::Heads,
                                                Knob::Vocab};

    explicit KnobStrip(ConfigModel* model, QWidget* parent = nullptr);

    KnobRow* row(Knob knob) const;
    PresetPicker* presetPicker() const { return m_picker; }
    QLabel* issueLabel() const { return m_issues; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void sync();

    ConfigModel* m_model;
    ShowRefresh* m_refresh = nullptr;
    PresetPicker* m_picker;
    std::array<KnobRow*, kKnobs.size()> m_rows{};
    QLabel* m_issues;
};

} // namespace llmsizer::ui
