#include "ui/compare/comparewindow.h"

#include "ui/compare/compareexportmenu.h"
#include "ui/compare/comparepanel.h"
#include "ui/kit/paintround.h"
#include "ui/kit/theme.h"
#include "ui/kit/windowsize.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/modelmime.h"

#include <QAction>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QEvent>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>

namespace llmsizer::ui {

namespace {

QKeySequence addCurrentKeys()
{
    return {Qt::CTRL | Qt::SHIFT | Qt::Key_K};
}

} // namespace

CompareWindow::CompareWindow(ComparisonModel* comparison, ConfigModel* current, QWidget* parent)
    : QMainWindow(parent, Qt::Window), m_comparison(comparison),
      m_panel(new ComparePanel(comparison, current, this))
{
    paintInOneRound(this);
    setCentralWidget(m_panel);
    setAcceptDrops(true);
    // Alt+M: Alt+C is the panel's "Add current" button.
    QMenu* menu = menuBar()->addMenu(tr("Co&mparison"));
    QAction* addCurrent = menu->addAction(tr("Add &Current Configuration"), m_panel, [this] {
        const QString error = m_comparison->addCurrent();
        if (!error.isEmpty()) {
            QMessageBox::information(this, tr("Comparison full"), error);
        }
    });
    // The main window's Compare > Add Current to Comparison key, here too: a window of its own
    // does not see the main window's shortcuts.
    addCurrent->setShortcut(addCurrentKeys());
    menu->addAction(tr("&Remove All"), m_comparison, &ComparisonModel::clear);
    menu->addSeparator();
    QAction* close = menu->addAction(tr("C&lose"), this, &QWidget::close);
    close->setShortcut(QKeySequence::Close);
    menuBar()->addMenu(m_panel->exportMenu());
    connect(m_comparison, &ComparisonModel::changed, this, &CompareWindow::updateTitle);
    resize(fittingWindowSize(this, QSize(1500, 950)));
    updateTitle();
    followPalette();
}

void CompareWindow::addActionsTo(QMenu* menu)
{
    QAction* show = menu->addAction(tr("&Compare Models…"), this, &CompareWindow::present);
    show->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    show->setStatusTip(tr("Compare 2–4 configurations side by side"));
    QAction* add = menu->addAction(tr("&Add Current to Comparison"), this, [this] {
        const QString error = m_comparison->addCurrent();
        if (!error.isEmpty()) {
            QMessageBox::information(parentWidget(), tr("Comparison full"), error);
            return;
        }
        present();
    });
    add->setShortcut(addCurrentKeys());
}

void CompareWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasFormat(kModelMimeType)) {
        event->acceptProposedAction();
    }
}

void CompareWindow::dropEvent(QDropEvent* event)
{
    if (!event->mimeData()->hasFormat(kModelMimeType)) {
        return;
    }
    event->acceptProposedAction();
    const QString error = addDropped(event->mimeData());
    if (!error.isEmpty()) {
        QMessageBox::information(this, tr("Not added"), error);
    }
}

QString CompareWindow::addDropped(const QMimeData* mime)
{
    const std::optional<SessionModel> model = modelFromMime(mime);
    if (!model) {
        return tr("The dropped model has no configuration that can be compared");
    }
    return m_comparison->add(*model);
}

void CompareWindow::present()
{
    show();
    raise();
    activateWindow();
}

void CompareWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange) {
        followPalette();
    }
    QMainWindow::changeEvent(event);
}

void CompareWindow::followPalette()
{
    m_panel->setDark(isDark(palette()));
}

void CompareWindow::updateTitle()
{
    const int n = m_comparison->size();
    setWindowTitle(n == 0   ? tr("Compare models — LLM Sizer")
                   : n == 1 ? tr("Compare 1 model — LLM Sizer")
                            : tr("Compare %1 models — LLM Sizer").arg(n));
}

} // namespace llmsizer::ui
