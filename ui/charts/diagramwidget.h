#pragma once

#include "llmsizer/present/diagram.h"
#include "ui/charts/diagramlayout.h"

#include <QList>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QWidget>

namespace llmsizer::ui {

// The parameter diagram (present/diagram.h) drawn with QPainter: the token embedding, the
// decoder layer drawn once with its "× N", the final norm and the LM head, each weight a box in
// its component's colour (palette.h) whose area is its parameters times one scale
// (diagramlayout.h places boxes and texts). Hovering a box names it, its shape, count and share
// of the model in a tooltip and emits boxHovered; clicking it emits boxClicked with the Show the
// math item of its formula.
//
// The scale: fitted to the widget when another model is shown, and kept while the same model is
// edited (so k and v shrink when KV heads drop, a wider model's boxes grow) until the drawing no
// longer fits, or fills less than half of the room's height; setFixedScale() instead gives several
// diagrams one scale, to compare them by area.
class DiagramWidget : public QWidget {
    Q_OBJECT
public:
    explicit DiagramWidget(QWidget* parent = nullptr);

    // `title`: lines separated by '\n'. `sameModel`: an edit of the model shown (keep the scale
    // while it fits); false fits the scale again.
    void setDiagram(const Diagram& diagram, const QString& title, bool sameModel);
    const Diagram& diagram() const { return m_diagram; }
    // Square pixels per parameter for every diagram of a comparison (each with the most detail
    // that fits its own room); 0 fits this one alone.
    void setFixedScale(double scale);
    // The largest scale at which this diagram fits `size`.
    double fittingScale(QSizeF size) const;
    double scale() const { return m_layout.scale; }
    void setDark(bool dark);

    // What is drawn (tests): boxes, texts and their places, in widget coordinates.
    const DiagramLayout& drawn() const { return m_layout; }
    // Every text's rectangle and text, in drawing order (tests: none overlap, none is cut).
    QList<QRectF> labelRects() const;
    QStringList labelTexts() const;
    // The box under a point (a box, the text naming it, or a tied LM head's note).
    const DiagramBox* boxAt(QPointF point) const;
    QString hoveredBox() const { return m_hover; }

    QSize minimumSizeHint() const override { return {240, 200}; }
    QSize sizeHint() const override { return {480, 560}; }

signals:
    // The box under the mouse: its key and its pie slice key; both empty when none.
    void boxHovered(const QString& boxKey, const QString& component);
    // A box was clicked: the Show the math item of its formula ("attention", "mlp", …).
    void boxClicked(const QString& mathKey);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    // Lays the diagram out again; `refit`: at the scale that fits (else the kept one if it
    // still fits).
    void relayout(bool refit);
    void setHover(const DiagramBox* box);
    void paintBox(QPainter& p, const DiagramLayout::Box& b) const;
    void paintTexts(QPainter& p) const;

    Diagram m_diagram;
    QString m_title;
    DiagramLayout m_layout;
    DiagramFit m_kept;  // the scale kept while the same model is edited
    double m_fixed = 0; // a scale shared with other diagrams
    bool m_dark = false;
    QString m_hover;
};

} // namespace llmsizer::ui
