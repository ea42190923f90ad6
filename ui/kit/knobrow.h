#pragma once

#include <QObject>
#include <QSpinBox>
#include <cstdint>
#include <vector>

class QGridLayout;
class QLabel;
class QSlider;

namespace llmsizer::ui {

// A spin box whose arrows (and PageUp/PageDown) step through a table of valid values, while
// typing still accepts any number in range.
class StepSpinBox : public QSpinBox {
    Q_OBJECT
public:
    using QSpinBox::QSpinBox;
    void setSteps(const std::vector<std::uint64_t>* steps) { m_steps = steps; }
    void stepBy(int steps) override;
    // As wide as the largest value a knob takes ("16,777,216"), not the spin box's int range.
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    StepEnabled stepEnabled() const override;

private:
    const std::vector<std::uint64_t>* m_steps = nullptr;
};

// One row of the configuration panel: a label, a slider over a table of valid values (from the
// core's step tables) and a spin box for exact entry, plus an inline message line below. The
// slider moves by table index, so it can only reach values of the table. valueEdited() fires for
// every slider step while dragging and for each committed spin box value (Enter, focus out,
// arrows); never for setState().
class KnobRow : public QObject {
    Q_OBJECT
public:
    // Adds the widgets to rows `row` (controls) and `row + 1` (message) of `grid`.
    KnobRow(const QString& label, QGridLayout* grid, int row, QWidget* parent);

    void setState(const std::vector<std::uint64_t>& steps, std::uint64_t value);
    void setNote(const QString& note); // appended to the label, e.g. "×3.50"
    // The glossary's term for this knob (glossary.h key): the label, slider and spin box explain
    // it as tooltip and What's This.
    void setGlossary(const char* key);
    void setMessage(const QString& message); // empty hides the line
    void setVisible(bool visible);
    void setEnabled(bool enabled);
    // The label keeps the width of this text (default: the longest note, "Heads  (head dim
    // 00000)"), so that notes changing while dragging never relayout the window.
    void setLabelWidthFor(const QString& sample);

    QSlider* slider() const { return m_slider; }
    QSpinBox* spinBox() const { return m_spin; }
    std::uint64_t sliderValue() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void valueEdited(std::uint64_t value);
    void typed(std::uint64_t value); // from the spin box (the message belongs to this row)

private:
    void fitLabel();

    QString m_text;
    QString m_help; // the glossary's text, the label's tooltip
    QString m_labelSample = QStringLiteral("Heads  (head dim 00000)");
    QLabel* m_label;
    QSlider* m_slider;
    StepSpinBox* m_spin;
    QLabel* m_message;
    std::vector<std::uint64_t> m_steps;
};

} // namespace llmsizer::ui
