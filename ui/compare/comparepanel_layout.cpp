// The Compare panel's layout: the table beside the charts in a wide window, each in a tab of its
// own in a narrower one (a 1280-pixel projector), and the table's width in either.
#include "ui/charts/comparechartpies.h"
#include "ui/compare/comparediagrams.h"
#include "ui/compare/comparepanel.h"
#include "ui/compare/comparetablemodel.h"
#include "ui/kit/presentation.h"
#include "ui/state/comparisonmodel.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <algorithm>

namespace llmsizer::ui {

// The table gets the width its columns need, up to 55% of the panel; the charts take the rest.
void ComparePanel::fitTable()
{
    int width = 2 * m_table->frameWidth() + m_table->verticalHeader()->sizeHint().width() +
                m_table->verticalScrollBar()->sizeHint().width() + 4;
    for (int c = 0; c < m_tableModel->columnCount(); ++c) {
        width += m_table->columnWidth(c);
    }
    // The panel's width, not the splitter's: a hidden page of the stack keeps a stale size.
    const int total = contentsRect().width() - 20;
    const int table = std::min(width, total * 55 / 100);
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

// In a tab of its own the table's columns share the window's width when their text fits in it
// (about 60 % of a 1280-pixel window was left empty); beside the charts, or when the text needs
// more, each column is as wide as its text (the table scrolls).
void ComparePanel::fillTableWidth(bool fill)
{
    if (m_tableModel->columnCount() == 0) {
        return;
    }
    QHeaderView* header = m_table->horizontalHeader();
    const auto setMode = [header](QHeaderView::ResizeMode mode) {
        if (header->sectionResizeMode(0) != mode) {
            header->setSectionResizeMode(mode);
        }
    };
    if (!fill) {
        setMode(QHeaderView::ResizeToContents); // the columns' text is not measured twice
        return;
    }
    int needed = m_table->verticalHeader()->sizeHint().width() + 2 * m_table->frameWidth();
    // QTableView hides QAbstractItemView's public sizeHintForColumn.
    const QAbstractItemView* view = m_table;
    for (int c = 0; c < m_tableModel->columnCount(); ++c) {
        needed += std::max(view->sizeHintForColumn(c), header->sectionSizeHint(c));
    }
    const int room = m_tabs->contentsRect().width() - 8;
    setMode(needed <= room ? QHeaderView::Stretch : QHeaderView::ResizeToContents);
}

bool ComparePanel::isSideBySide() const
{
    return m_stack->currentWidget() == m_wide;
}

} // namespace llmsizer::ui
