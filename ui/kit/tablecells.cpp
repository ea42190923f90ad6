#include "ui/kit/tablecells.h"

#include <QTableWidget>

namespace llmsizer::ui {

QTableWidgetItem* setTableCell(QTableWidget* table, int row, int column, const QString& text,
                               Qt::Alignment alignment)
{
    QTableWidgetItem* item = table->item(row, column);
    if (item == nullptr) {
        item = new QTableWidgetItem;
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        table->setItem(row, column, item);
    }
    if (item->textAlignment() != static_cast<int>(alignment)) {
        item->setTextAlignment(alignment);
    }
    if (item->text() != text) {
        item->setText(text);
    }
    return item;
}

} // namespace llmsizer::ui
