// The Compare panel's layout: the table beside the charts in a wide window, each in a tab of its
// own in a narrower one (a 1280-pixel projector), and the table's width in either.
#include "ui/charts/comparechartpies.h"
#include "ui/compare/comparediagrams.h"
#include "ui/compare/comparepanel.h"
#include "ui/compare/comparetablemodel.h"
#include "ui/kit/presentation.h"
#include "ui/kit/textwidth.h"
#include "ui/state/comparisonmodel.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <algorithm>
#include <cmath>
#include <vector>

namespace llmsizer::ui {

// The table gets the width its columns need, up to 65% of the panel (four models at 1880 pixels
// scrolled sideways at 55%); the charts take the rest.
void ComparePanel::fitTable()
{
    int width = 2 * m_table->frameWidth() + m_table->verticalHeader()->sizeHint().width() +
                m_table->verticalScrollBar()->sizeHint().width() + 4;
    for (int c = 0; c < m_tableModel->columnCount(); ++c) {
        width += m_table->columnWidth(c);
    }
    // The panel's width, not the splitter's: a hidden page of the stack keeps a stale size.
    const int total = contentsRect().width() - 20;
    const int table = std::min(width, total * 65 / 100);
    m_split->setSizes({table, std::max(total - table, 1)});
    // Below the table, the pies take the rest of the column (at least kMinPiesHeight).
    constexpr int kMinPiesHeight = 260;
    const int rows = 2 * m_table->frameWidth() + m_table->horizontalHeader()->sizeHint().height() +
                     m_table->verticalHeader()->length() +
                     m_table->horizontalScrollBar()->sizeHint().height();
    const int height = std::max(m_left->height(), rows + kMinPiesHeight);
    const int tableHeight = std::min(rows, height - kMinPiesHeight);
    m_left->setSizes({tableHeight, height - tableHeight});
}

// Wide windows show the table and the charts side by side; narrower ones (a 1280-pixel
// projector) give each its own tab, so that neither is squeezed.
void ComparePanel::arrange()
{
    // Presentation mode's larger text fits side by side only on a very wide screen: on a projector
    // the table, the charts and the diagrams each get the whole window.
    const bool wide = width() >= (presentationMode() ? 2 : 1) * kSideBySideWidth;
    // Decided by where the table is: the tabs leave the emptied left column in the splitter, and
    // coming back from them (presentation mode off) must refill it.
    if (wide && m_table->parentWidget() != m_left) {
        m_left->addWidget(m_table);
        m_left->addWidget(m_pies);
        m_left->setStretchFactor(0, 0);
        m_left->setStretchFactor(1, 1);
        m_split->insertWidget(0, m_left);
        m_split->insertWidget(1, m_charts);
        m_wide->addTab(m_diagrams, tr("&Diagrams"));
        m_bars->setOrientation(Qt::Vertical);
        // The tab stack hid the page that was not current.
        for (QWidget* w : {static_cast<QWidget*>(m_table), static_cast<QWidget*>(m_pies),
                           static_cast<QWidget*>(m_left), static_cast<QWidget*>(m_charts)}) {
            w->show();
        }
    } else if (!wide && m_tabs->indexOf(m_table) < 0) {
        m_charts->addWidget(m_pies);
        m_charts->setStretchFactor(0, 1);
        m_charts->setStretchFactor(1, 1);
        const bool diagrams = m_wide->currentWidget() == m_diagrams;
        m_tabs->addTab(m_table, tr("&Table"));
        m_tabs->addTab(m_charts, tr("C&harts"));
        m_tabs->addTab(m_diagrams, tr("&Diagrams"));
        if (diagrams) {
            m_tabs->setCurrentWidget(m_diagrams); // still the diagrams, now in a tab of their own
        }
        m_bars->setOrientation(Qt::Horizontal);
        m_pies->show();
    }
    if (m_comparison->size() == 0) {
        m_stack->setCurrentIndex(0);
        return;
    }
    m_stack->setCurrentWidget(wide ? m_wide : m_tabs);
    fillTableWidth(!wide);
    if (wide) {
        fitTable();
    }
}

// Each column as wide as its widest text, measured from cached text widths: the header's
// ResizeToContents mode measured every cell through the style after every edit (a context step
// changes a few cells), which cost more than the comparison itself.
std::vector<int> ComparePanel::columnWidths() const
{
    // As QTableView measures a cell: the style's text margin on each side, and the grid line.
    const int margin =
        m_table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_table) + 1;
    const int grid = m_table->showGrid() ? 1 : 0;
    const QFont cellFont = m_table->font();
    std::vector<int> widths;
    for (int c = 0; c < m_tableModel->columnCount(); ++c) {
        qreal widest = 0;
        for (int r = 0; r < m_tableModel->rowCount(); ++r) {
            widest =
                std::max(widest, textWidth(cellFont, m_tableModel->index(r, c).data().toString()));
        }
        // At least the model's name as the header measures it (four sections: cheap).
        widths.push_back(std::max(static_cast<int>(std::ceil(widest)) + 2 * margin + grid,
                                  m_table->horizontalHeader()->sectionSizeHint(c)));
    }
    return widths;
}

// In a tab of its own the table's columns share the window's width when their text fits in it
// (about 60 % of a 1280-pixel window was left empty); beside the charts, or when the text needs
// more, each column is as wide as its text (the table scrolls). The header's mode stays Fixed:
// the widths are set here.
void ComparePanel::fillTableWidth(bool fill)
{
    if (m_tableModel->columnCount() == 0) {
        return;
    }
    QHeaderView* header = m_table->horizontalHeader();
    std::vector<int> widths = columnWidths();
    // The rows' scroll bar is counted in: forty rows are taller than a tab.
    int needed = m_table->verticalHeader()->sizeHint().width() + 2 * m_table->frameWidth() +
                 m_table->verticalScrollBar()->sizeHint().width();
    for (int w : widths) {
        needed += w;
    }
    // The room left over is shared equally: a column keeps at least its own text's width (an
    // equal split of the whole width elided the widest column's text).
    const int spare = m_tabs->contentsRect().width() - 8 - needed;
    if (fill && spare > 0) {
        const int n = static_cast<int>(widths.size());
        for (int c = 0; c < n; ++c) {
            widths[static_cast<std::size_t>(c)] += spare / n + (c < spare % n ? 1 : 0);
        }
    }
    for (int c = 0; c < static_cast<int>(widths.size()); ++c) {
        if (header->sectionSize(c) != widths[static_cast<std::size_t>(c)]) {
            header->resizeSection(c, widths[static_cast<std::size_t>(c)]);
        }
    }
}

bool ComparePanel::isSideBySide() const
{
    return m_stack->currentWidget() == m_wide;
}

} // namespace llmsizer::ui
