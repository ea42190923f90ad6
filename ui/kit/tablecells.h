#pragma once

#include <QString>
#include <Qt>
#include <initializer_list>

class QTableWidget;
class QTableWidgetItem;

namespace llmsizer::ui {

// The read-only cell at (row, column) showing `text` with `alignment`: made once, then set only
// where it changed (each change tells the view, which may measure its columns again). Returns
// the cell.
QTableWidgetItem* setTableCell(QTableWidget* table, int row, int column, const QString& text,
                               Qt::Alignment alignment);

// Makes each of `columns` as wide as its widest cell text and its header, as the header's
// ResizeToContents mode would, but from cached text widths (kit/textwidth.h) and with the section
// Fixed: that mode measured every cell of the column through the style after each change of one
// of them (a slider step changes a few). A text is measured with its digits at the font's widest
// digit: a column keeps its width while only digits change. Each column is at least as wide as
// `roomFor` (measured the same way): the room a text that comes and goes needs. Call it after the
// cells are set, and when the table's font changes.
void fitColumnsToText(QTableWidget* table, std::initializer_list<int> columns,
                      const QString& roomFor = QString());

} // namespace llmsizer::ui
