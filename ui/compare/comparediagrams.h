#pragma once

#include "llmsizer/present/diagram.h"

#include <QList>
#include <QStringList>
#include <QWidget>
#include <optional>
#include <vector>

class QHBoxLayout;
class QLabel;

namespace llmsizer::ui {

class DiagramWidget;

// One parameter diagram per compared model, side by side and drawn at one scale (square pixels
// per parameter), so that box areas compare across models: Llama 3 70B's MLP beside Mixtral's
// eight experts. The scale is the largest at which every diagram fits its column.
class CompareDiagrams : public QWidget {
    Q_OBJECT
public:
    explicit CompareDiagrams(QWidget* parent = nullptr);

    // `titles[i]` heads `diagrams[i]` (lines separated by '\n').
    void setDiagrams(const std::vector<Diagram>& diagrams, const QStringList& titles);
    void setDark(bool dark);

    QList<DiagramWidget*> diagramWidgets() const { return m_widgets; }
    double scale() const { return m_scale; } // the shared scale; 0 before the first layout

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void rescale();

    QHBoxLayout* m_row;
    QLabel* m_note;
    QList<DiagramWidget*> m_widgets;
    bool m_dark = false;
    double m_scale = 0;
    bool m_stale = false; // the scale is to be found again when shown
    struct Shown {
        std::vector<Diagram> diagrams;
        QStringList titles;
    };
    std::optional<Shown> m_shown; // what setDiagrams last drew
};

} // namespace llmsizer::ui
