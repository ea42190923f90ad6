#pragma once

#include <QLayout>
#include <QList>

namespace llmsizer::ui {

// Lays its items out left to right at their size hints and wraps to a new row when the width
// runs out, so a row of options stays whole in a narrow window instead of squeezing its combo
// boxes. Items in a row are centred vertically on each other.
class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget* parent = nullptr, int spacing = 6);
    ~FlowLayout() override;

    void addItem(QLayoutItem* item) override;
    int count() const override;
    QLayoutItem* itemAt(int index) const override;
    QLayoutItem* takeAt(int index) override;

    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    // Places the items in rect (when apply) and returns the height they take.
    int layoutRows(const QRect& rect, bool apply) const;

    QList<QLayoutItem*> m_items;
    int m_spacing;
};

} // namespace llmsizer::ui
