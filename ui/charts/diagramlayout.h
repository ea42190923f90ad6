#pragma once

#include "llmsizer/present/diagram.h"

#include <QFont>
#include <QLineF>
#include <QList>
#include <QRectF>
#include <QString>
#include <vector>

namespace llmsizer::ui {

// Where the parameter diagram puts its boxes and texts at a given scale (square pixels per
// parameter): the inputs, the decoder layer drawn once in a frame with its "× N", and the outputs,
// top to bottom. Each box's area is its parameters times the scale (boxes too small to see are
// drawn a few pixels wide and marked `minimal`). A box's text goes inside when it fits there
// whole, else on a line of its own below the boxes (with a leader to its box), or beside a box
// too small to hold any text; texts are never cut and never overlap. Plain geometry: the widget
// paints it and tests read it back.
struct DiagramLayout {
    struct Box {
        const DiagramBox* box = nullptr;
        QRectF rect;
        bool minimal = false;   // drawn larger than its area (too small to see)
        int cols = 0, rows = 0; // the cells of an experts box
    };
    enum class Role { Title, Key, Header, Caption, Inside, Beside };
    struct Text {
        QString text;
        QRectF rect;
        Role role = Role::Inside;
        QString box; // the key of the box it names ("" for titles and captions)
        bool bold = false;
        bool big = false;   // the block's "× N"
        bool plate = false; // drawn on a plate over an experts box's cells
    };

    std::vector<Box> boxes;
    std::vector<Text> texts;
    std::vector<QLineF> leaders; // from a box to its text below
    std::vector<QLineF> arrows;  // the flow between the sections, pointing down
    std::vector<QRectF> notes;   // dashed boxes of a tied LM head
    QRectF block;                // the decoder layer's frame
    QRectF key;                  // the key square ("= 50M parameters")
    qreal height = 0;            // the whole drawing's
    double scale = 0;
    int detail = 2; // DiagramFit::detail

    // The box under a point (its rect, or a text naming it); nullptr when none.
    const DiagramBox* boxAt(QPointF point) const;
};

// The fonts the layout measures with: the widget's font, its bold, and the large "× N".
struct DiagramFonts {
    QFont text;
    QFont bold;
    QFont big;
    explicit DiagramFonts(const QFont& base);
};

// A drawing scale (square pixels per parameter) and how much a box's text says when it cannot go
// inside the box: 2 its shape and count ("k  8192 × 1024 = 8,388,608"), 1 its count
// ("k  8,388,608"), 0 its name only.
struct DiagramFit {
    double scale = 0;
    int detail = 2;
};

DiagramLayout layoutDiagram(const Diagram& diagram, const QString& title, qreal width,
                            DiagramFit fit, const DiagramFonts& fonts);

// The largest scale at which the diagram fits `size` (its layout's height at most the height)
// with the most detail that fits at all; the smallest scale tried, without detail, when nothing
// fits. The height is not monotonic in the scale (small boxes put their texts beside them, one
// per line), so scales are tried from the largest down.
DiagramFit fitDiagram(const Diagram& diagram, const QString& title, QSizeF size,
                      const DiagramFonts& fonts);

} // namespace llmsizer::ui
