#include "ui/kit/tablecells.h"

#include "ui/kit/textwidth.h"

#include <QHeaderView>
#include <QStyle>
#include <QTableWidget>
#include <algorithm>
#include <cmath>

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

namespace {

// `text` with each digit replaced by the font's widest: the room the text needs whatever its
// digits, so that a column does not change width (and the table repaint a second time) with each
// changed digit of a slider step.
QString withWidestDigits(const QFont& font, const QString& text)
{
    QChar widest = QLatin1Char('0');
    qreal most = 0;
    for (char d = '0'; d <= '9'; ++d) {
        const qreal w = textWidth(font, QString(QLatin1Char(d)));
        if (w > most) {
            most = w;
            widest = QLatin1Char(d);
        }
    }
    QString out = text;
    for (QChar& c : out) {
        if (c >= QLatin1Char('0') && c <= QLatin1Char('9')) {
            c = widest;
        }
    }
    return out;
}

} // namespace

void fitColumnsToText(QTableWidget* table, std::initializer_list<int> columns,
                      const QString& roomFor)
{
    // As QStyledItemDelegate sizes a cell of text: the style's text margin on each side; and the
    // grid line QTableView adds.
    const int margin =
        table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1;
    const int grid = table->showGrid() ? 1 : 0;
    const QFont tableFont = table->font();
    QHeaderView* header = table->horizontalHeader();
    for (const int c : columns) {
        qreal widest =
            roomFor.isEmpty() ? 0 : textWidth(tableFont, withWidestDigits(tableFont, roomFor));
        for (int r = 0; r < table->rowCount(); ++r) {
            const QTableWidgetItem* item = table->item(r, c);
            if (item == nullptr) {
                continue;
            }
            // A cell's own font attributes (bold) over the table's, as the delegate resolves them.
            const QVariant own = item->data(Qt::FontRole);
            const QFont font =
                own.isValid() ? qvariant_cast<QFont>(own).resolve(tableFont) : tableFont;
            widest = std::max(widest, textWidth(font, withWidestDigits(font, item->text())));
        }
        const int width = std::max(static_cast<int>(std::ceil(widest)) + 2 * margin + grid,
                                   header->sectionSizeHint(c));
        if (header->sectionResizeMode(c) != QHeaderView::Fixed) {
            header->setSectionResizeMode(c, QHeaderView::Fixed);
        }
        if (header->sectionSize(c) != width) {
            header->resizeSection(c, width);
        }
    }
}

} // namespace llmsizer::ui
