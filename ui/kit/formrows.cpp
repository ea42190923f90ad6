#include "ui/kit/formrows.h"

#include <QComboBox>
#include <QGridLayout>
#include <QLabel>

namespace llmsizer::ui {

void addLabelledField(QGridLayout* grid, const QString& text, QWidget* field, int row, int column)
{
    auto* label = new QLabel(text, grid->parentWidget());
    label->setBuddy(field);
    grid->addWidget(label, row, column);
    grid->addWidget(field, row, column + 1);
}

void elideLongEntries(std::initializer_list<QComboBox*> boxes)
{
    for (QComboBox* box : boxes) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(14);
    }
}

} // namespace llmsizer::ui
