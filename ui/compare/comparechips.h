#pragma once

#include <QStringList>
#include <QWidget>

namespace llmsizer::ui {

class ComparisonModel;
class FlowLayout;

// One chip per compared model, in column order: its name (the preset it came from in the tool
// tip) and buttons to move it left or right and to remove it. Buttons are named "left2",
// "right0", "remove3" by column. Rebuilt when the models or their order change. The chips wrap onto
// a second row when the window is narrower than they are.
class CompareChips : public QWidget {
    Q_OBJECT
public:
    explicit CompareChips(ComparisonModel* comparison, QWidget* parent = nullptr);

private:
    void rebuild();

    ComparisonModel* m_comparison;
    FlowLayout* m_row;   // wraps: four chips in presentation mode are wider than a projector
    QStringList m_shown; // each chip's name and preset, in order
};

} // namespace llmsizer::ui
