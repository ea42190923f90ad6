#include "ui/compare/comparediagrams.h"

#include "ui/charts/diagramwidget.h"
#include "ui/kit/wraplabel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

namespace llmsizer::ui {

CompareDiagrams::CompareDiagrams(QWidget* parent)
    : QWidget(parent), m_row(new QHBoxLayout), m_note(new WrapLabel(this))
{
    m_note->setText(tr("One scale for every model: a box's area is its parameters."));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_note);
    layout->addLayout(m_row, 1);
}

void CompareDiagrams::setDiagrams(const std::vector<Diagram>& diagrams, const QStringList& titles)
{
    // An edit that leaves the diagrams as they are (a context or KV precision) rebuilds nothing.
    if (m_shown && m_shown->diagrams == diagrams && m_shown->titles == titles) {
        return;
    }
    m_shown = Shown{diagrams, titles};
    while (m_widgets.size() > static_cast<qsizetype>(diagrams.size())) {
        delete m_widgets.takeLast();
    }
    while (m_widgets.size() < static_cast<qsizetype>(diagrams.size())) {
        auto* w = new DiagramWidget(this);
        w->setDark(m_dark);
        m_row->addWidget(w, 1);
        m_widgets.append(w);
    }
    for (qsizetype i = 0; i < m_widgets.size(); ++i) {
        m_widgets[i]->setDiagram(diagrams[static_cast<std::size_t>(i)], titles.value(i), false);
    }
    rescale();
    // The columns get their widths when the layout runs: scale again then.
    QTimer::singleShot(0, this, &CompareDiagrams::rescale);
}

void CompareDiagrams::setDark(bool dark)
{
    m_dark = dark;
    for (DiagramWidget* w : m_widgets) {
        w->setDark(dark);
    }
}

void CompareDiagrams::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    rescale();
}

void CompareDiagrams::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        rescale();
    }
}

void CompareDiagrams::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale) {
        rescale();
    }
}

// The largest scale at which every diagram fits its own column. While the Diagrams tab is not
// showing, only noted (a model added on the Table tab cost four fits per diagram).
void CompareDiagrams::rescale()
{
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    m_stale = false;
    double scale = 0;
    for (DiagramWidget* w : m_widgets) {
        const double s = w->fittingScale(QSizeF(w->size()));
        if (s > 0) {
            scale = scale == 0 ? s : std::min(scale, s);
        }
    }
    if (scale <= 0) {
        return;
    }
    m_scale = scale;
    for (DiagramWidget* w : m_widgets) {
        w->setFixedScale(scale);
    }
}

} // namespace llmsizer::ui
