#pragma once

#include <QWidget>

class QBoxLayout;
class QCheckBox;
class QGridLayout;
class QLabel;
class QPushButton;
class QSplitter;
class QTableWidget;

namespace llmsizer::ui {

class ExploreModel;
class IsoCurveChart;
class IsoMetricsChart;
class KnobRow;
class WrapLabel;
class ScalingInsight;

// The depth-vs-width explorer: lock a parameter total, drag the layers (the width is solved) or
// the width (the depth is solved), and see how far the snapped shape is from the target, the
// iso-parameter curve with the current point, what changes at equal parameters (FLOPs, KV cache,
// activations, aspect ratio, embedding share) and the blog post's key insight measured on the
// current model. Everything is read from the ExploreModel.
class ExplorerView : public QWidget {
    Q_OBJECT
public:
    explicit ExplorerView(ExploreModel* model, QWidget* parent = nullptr);

    KnobRow* layersRow() const { return m_layers; }
    KnobRow* widthRow() const { return m_width; }
    QCheckBox* lockBox() const { return m_lock; }
    QLabel* errorLabel() const { return m_errorValue; } // "+514,432 (+0.0076%)"
    QLabel* targetLabel() const { return m_targetValue; }
    QTableWidget* metricsTable() const { return m_metrics; }
    IsoCurveChart* curveChart() const { return m_curve; }
    IsoMetricsChart* metricsChart() const { return m_metricsChart; }
    ScalingInsight* insight() const { return m_insight; }

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // Presentation mode (presentation.h): the charts and the key insight's line get the screen;
    // the table of metrics (drawn by the right-hand chart), the insight's per-component table and
    // the width rule's note are hidden.
    void setCompact(bool compact);
    void sync();
    void syncFamily();
    void fitMetricColumns();

    ExploreModel* m_model;
    QCheckBox* m_lock;
    QLabel* m_targetValue;
    QPushButton* m_useCurrent;
    QPushButton* m_usePreset;
    QCheckBox* m_exactKv;
    WrapLabel* m_widthRule;
    KnobRow* m_layers;
    KnobRow* m_width;
    QLabel* m_shape;
    QLabel* m_totalValue;
    QLabel* m_errorValue;
    QLabel* m_message;
    IsoCurveChart* m_curve;
    IsoMetricsChart* m_metricsChart;
    QTableWidget* m_metrics;
    ScalingInsight* m_insight;
    QBoxLayout* m_bottom = nullptr;
    QSplitter* m_charts = nullptr;
};

} // namespace llmsizer::ui
