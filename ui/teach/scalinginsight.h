#pragma once

#include <QWidget>

class QLabel;
class QTableWidget;

namespace llmsizer::ui {

class ExploreModel;

// The blog post's key insight measured on the current family (scalingRatios): "×2 layers → ×2.00
// blocks; ×2 width → ×4.00 blocks, ×3.7 total with embeddings" as one large line, and the ratio
// of each block component for doubled depth and doubled width.
class ScalingInsight : public QWidget {
    Q_OBJECT
public:
    explicit ScalingInsight(ExploreModel* model, QWidget* parent = nullptr);

    QString summary() const; // the label's text (rich text around the core's summary)
    QTableWidget* table() const { return m_table; }
    // The ratio columns as wide as their text (after a change of font).
    void fitColumns();

private:
    void sync();

    ExploreModel* m_model;
    QLabel* m_summary;
    QTableWidget* m_table;
};

} // namespace llmsizer::ui
