#pragma once

#include <QString>
#include <initializer_list>

class QComboBox;
class QGridLayout;
class QWidget;

namespace llmsizer::ui {

// A label (with its mnemonic bound to the field) and the field in columns `column` and
// `column + 1` of `row`, as the solver views lay out their inputs two to a row.
void addLabelledField(QGridLayout* grid, const QString& text, QWidget* field, int row, int column);

// Combo boxes whose long entries elide rather than widen the window (narrow screens,
// presentation mode).
void elideLongEntries(std::initializer_list<QComboBox*> boxes);

} // namespace llmsizer::ui
