// My hardware's table columns (HardwareView::fitColumns): each as wide as its contents, the text
// columns elided before the table scrolls sideways.
#include "ui/hardware/hardwaretable.h"
#include "ui/hardware/hardwareview.h"
#include "ui/state/hardwaremodel.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QStyle>
#include <QTableView>
#include <algorithm>

namespace llmsizer::ui {

// Every column as wide as its contents; the width left over goes to the model's name, so the table
// fills the view when it can and scrolls only when the numbers alone are wider.
void HardwareView::fitColumns()
{
    QHeaderView* header = m_table->horizontalHeader();
    // Offloading needs a runtime that can: without it the RAM column is empty.
    m_table->setColumnHidden(static_cast<int>(HardwareColumn::Ram), !m_model->runtime().offloads());
    m_table->resizeColumnsToContents();
    int used = 0;
    for (int c = 0; c < header->count(); ++c) {
        if (!header->isSectionHidden(c)) {
            used += header->sectionSize(c);
        }
    }
    // The vertical scroll bar may appear after this layout: leave its width free.
    const int bar = m_table->verticalScrollBar()->isVisible()
                        ? 0
                        : style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_table);
    int spare = m_table->viewport()->width() - used - bar;
    // The text columns give up width before the table scrolls sideways, elided (the row's
    // tooltip has the verdict and the whole-machine / change text whole): the whole machine /
    // change column, the model's name, then the verdict, each down to a floor (the verdict's
    // keeps "✓ fits (tight)" whole; the precision stays whole).
    const int chars = fontMetrics().averageCharWidth();
    for (const auto& [column, floor] : {std::pair{HardwareColumn::Machine, 16 * chars},
                                        std::pair{HardwareColumn::Model, 13 * chars},
                                        std::pair{HardwareColumn::Verdict, 15 * chars}}) {
        if (spare >= 0) {
            break;
        }
        const int c = static_cast<int>(column);
        const int width = header->sectionSize(c);
        const int shrunk = std::max(std::min(floor, width), width + spare);
        header->resizeSection(c, shrunk);
        spare += width - shrunk;
    }
    if (spare > 0) {
        const int model = static_cast<int>(HardwareColumn::Model);
        header->resizeSection(model, header->sectionSize(model) + spare);
    }
}

} // namespace llmsizer::ui
