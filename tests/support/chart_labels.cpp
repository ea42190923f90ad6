#include "support/chart_labels.h"

#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QList>
#include <QRectF>
#include <QWidget>

namespace llmsizer::test {

namespace {

QList<ChartLabel> labelsOf(const QGraphicsView* view)
{
    QList<ChartLabel> labels;
    for (QGraphicsItem* item : view->scene()->items()) {
        auto* text = qgraphicsitem_cast<QGraphicsTextItem*>(item);
        if (text != nullptr && text->isVisible() && !text->toPlainText().isEmpty()) {
            labels.append({text->toPlainText(),
                           view->mapFromScene(text->sceneBoundingRect()).boundingRect()});
        }
    }
    return labels;
}

} // namespace

QList<QList<ChartLabel>> chartLabelsPerView(QWidget* root)
{
    QList<QList<ChartLabel>> out;
    for (const QGraphicsView* view : root->findChildren<QGraphicsView*>()) {
        if (view->isVisible() && view->scene() != nullptr) {
            out.append(labelsOf(view));
        }
    }
    return out;
}

QString chartLabelProblem(QWidget* root)
{
    for (const QGraphicsView* view : root->findChildren<QGraphicsView*>()) {
        if (!view->isVisible() || view->scene() == nullptr) {
            continue;
        }
        const QList<ChartLabel> labels = labelsOf(view);
        for (qsizetype i = 0; i < labels.size(); ++i) {
            const ChartLabel& a = labels[i];
            if (a.text.contains(QChar(0x2026)) || a.text.contains(QLatin1String("..."))) {
                return QStringLiteral("elided label ") + a.text;
            }
            if (!view->rect().contains(a.rect.toAlignedRect())) {
                return QStringLiteral("label outside the chart: ") + a.text;
            }
            // A text item's box has a margin of a few pixels around its glyphs (QTextDocument's
            // 4): two labels whose margins meet at a corner of the axes do not touch.
            const QRectF glyphs = a.rect.adjusted(3, 3, -3, -3);
            for (qsizetype j = i + 1; j < labels.size(); ++j) {
                if (glyphs.intersects(labels[j].rect.adjusted(3, 3, -3, -3))) {
                    return QStringLiteral("labels overlap: ") + a.text + QStringLiteral(" / ") +
                           labels[j].text;
                }
            }
        }
    }
    return {};
}

} // namespace llmsizer::test
