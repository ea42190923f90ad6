#include "ui/compare/comparerowheader.h"

#include "ui/kit/palette.h"
#include "ui/kit/textwidth.h"

#include <QFontMetrics>
#include <QItemSelectionModel>
#include <QPainter>
#include <cmath>

namespace llmsizer::ui {

namespace {

constexpr int kPadding = 6; // left and right of a label

} // namespace

CompareRowHeader::CompareRowHeader(QWidget* parent) : QHeaderView(Qt::Vertical, parent)
{
    // As QTableView's own row header: a click selects the row, a selected row's label is marked.
    setSectionsClickable(true);
    setHighlightSections(true);
}

QFont CompareRowHeader::sectionFont(int logicalIndex) const
{
    const QVariant f = model() != nullptr
                           ? model()->headerData(logicalIndex, orientation(), Qt::FontRole)
                           : QVariant();
    // The model's font says only what differs (bold); the rest is this header's.
    return f.isValid() ? f.value<QFont>().resolve(font()) : font();
}

void CompareRowHeader::paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const
{
    if (!rect.isValid() || model() == nullptr) {
        return;
    }
    const QPalette& p = palette();
    QColor background = p.color(QPalette::Button);
    const QVariant brush = model()->headerData(logicalIndex, orientation(), Qt::BackgroundRole);
    if (brush.canConvert<QColor>()) {
        background = brush.value<QColor>();
    }
    // A row with a selected cell is marked as the style marks it: a tint of the highlight.
    if (highlightSections() && selectionModel() != nullptr &&
        selectionModel()->rowIntersectsSelection(logicalIndex, rootIndex())) {
        background = opaqueMix(p.color(QPalette::Highlight), background, 0.3F);
    }
    painter->fillRect(rect, background);
    painter->setPen(opaqueMix(p.color(QPalette::WindowText), p.color(QPalette::Button), 0.25F));
    painter->drawLine(rect.bottomLeft(), rect.bottomRight());
    painter->drawLine(rect.topRight(), rect.bottomRight());
    painter->setFont(sectionFont(logicalIndex));
    painter->setPen(p.color(QPalette::ButtonText));
    painter->drawText(rect.adjusted(kPadding, 0, -kPadding, 0), Qt::AlignLeft | Qt::AlignVCenter,
                      model()->headerData(logicalIndex, orientation(), Qt::DisplayRole).toString());
}

QSize CompareRowHeader::sectionSizeFromContents(int logicalIndex) const
{
    if (model() == nullptr) {
        return {};
    }
    const QFont f = sectionFont(logicalIndex);
    const QString text =
        model()->headerData(logicalIndex, orientation(), Qt::DisplayRole).toString();
    return {static_cast<int>(std::ceil(textWidth(f, text))) + 2 * kPadding + 1,
            QFontMetrics(f).height() + 4};
}

} // namespace llmsizer::ui
