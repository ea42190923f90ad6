#pragma once

#include "llmsizer/present/rule_steps.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>

namespace llmsizer::ui {

// The textbook numbers' parameter chart: the 12·L·d² rule taken to the exact count, one row a
// step (rule_steps.h). Each row is a segment from the running total before the step to the one
// after it, on one scale, so the segments read as one bar built up and corrected step by step:
// a step the rule left out adds a segment in its part's colour, a correction of the rule's
// assumption (GQA's narrower K and V) takes a hatched segment back. The last row is the exact
// count, whole. A row shows its label and its exact signed value; its sentence of why is the
// row's tooltip.
//
// Rows are one line each where the width allows the label, a bar and the value side by side,
// otherwise two (the label and value over the bar); the font steps down until every row fits the
// height, so nothing is elided or cut.
class RuleStepsWidget : public QWidget {
    Q_OBJECT
public:
    explicit RuleStepsWidget(QWidget* parent = nullptr);

    void setSteps(const RuleSteps& steps, const QString& title);
    void setDark(bool dark);

    // What the chart shows, for tests and exports: the title, and each row as "label  value".
    QString title() const { return m_title; }
    QStringList rowTexts() const;
    // True when the rows are laid out on two lines each; the point size they were drawn in.
    bool twoLineRows() const { return m_twoLines; }
    qreal drawnPointSize() const { return m_pointSize; }
    // True when, as last painted, every row and the title fit the widget whole (false only when
    // even the smallest font cannot hold them); each row's box as painted.
    bool fitsWhole() const { return m_fits; }
    const QList<QRect>& rowRects() const { return m_rowRects; }
    static constexpr qreal kMinPointSize = 6.5;

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override; // the row under the mouse explains itself

private:
    // One drawn row: a step, or the exact count after the last one.
    struct Row {
        QString label;
        QString value;
        QString why;
        QString color;
        std::uint64_t from = 0;
        std::uint64_t to = 0;
        bool negative = false;
        bool bold = false;
    };
    static QList<Row> rowsOf(const RuleSteps& steps);
    struct Layout;
    Layout layoutFor(const QFont& base) const;
    int rowAt(QPoint pos) const;

    RuleSteps m_steps;
    QList<Row> m_rows; // from m_steps, made once per setSteps
    QString m_title;
    bool m_dark = false;
    // As last painted.
    bool m_twoLines = false;
    qreal m_pointSize = 0;
    bool m_fits = true;
    QList<QRect> m_rowRects;
};

} // namespace llmsizer::ui
