#pragma once

#include <Qt>

class QString;
class QTableWidget;
class QTableWidgetItem;

namespace llmsizer::ui {

// The read-only cell at (row, column) showing `text` with `alignment`: made once, then set only
// where it changed (each change tells the view, which may measure its columns again). Returns
// the cell.
QTableWidgetItem* setTableCell(QTableWidget* table, int row, int column, const QString& text,
                               Qt::Alignment alignment);

} // namespace llmsizer::ui
