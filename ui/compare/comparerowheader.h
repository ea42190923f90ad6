#pragma once

#include <QHeaderView>

namespace llmsizer::ui {

// The comparison table's row labels, painted flat: each section's background (the highlight of a
// row that differs, else the button colour), its label in the model's font for it (bold where the
// row differs) and a line below and to the right. The style's header sections are drawn with
// gradients and cached pixmaps, and measured through the style: with forty rows, a step of a
// slider that renamed one row ("KV cache at 16,384 tokens") spent more time repainting and
// measuring the labels than computing the comparison. Sizes come from cached text widths.
class CompareRowHeader : public QHeaderView {
    Q_OBJECT
public:
    explicit CompareRowHeader(QWidget* parent = nullptr);

protected:
    void paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const override;
    QSize sectionSizeFromContents(int logicalIndex) const override;

private:
    QFont sectionFont(int logicalIndex) const;
};

} // namespace llmsizer::ui
