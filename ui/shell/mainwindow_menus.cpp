// The main window's menus and the dialogs they open (made when first asked for).
#include "llmsizer/formats/model_file.h"
#include "llmsizer/formats/open_file.h"
#include "llmsizer/precision/quant_mix.h"
#include "llmsizer/present/view_support.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/diagramwidget.h"
#include "ui/charts/isocurvechart.h"
#include "ui/charts/isometricschart.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/charts/piechartwidget.h"
#include "ui/charts/rulestepswidget.h"
#include "ui/compare/comparewindow.h"
#include "ui/hardware/gpueditordialog.h"
#include "ui/hardware/hardwareview.h"
#include "ui/kit/glossarydialog.h"
#include "ui/kit/presentation.h"
#include "ui/kit/theme.h"
#include "ui/kit/windowsize.h"
#include "ui/overview/configpanel.h"
#include "ui/overview/knobstrip.h"
#include "ui/overview/memorypanel.h"
#include "ui/overview/parameterchart.h"
#include "ui/overview/summarypanel.h"
#include "ui/shell/checkpointdialog.h"
#include "ui/shell/edithistory.h"
#include "ui/shell/lessons.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/recentfiles.h"
#include "ui/shell/sessioncontroller.h"
#include "ui/shell/viewexport.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/exportfacts.h"
#include "ui/state/hardwaremodel.h"
#include "ui/state/settings.h"
#include "ui/state/usergpus.h"
#include "ui/teach/explorerview.h"
#include "ui/teach/mathpanel.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QWhatsThis>

namespace llmsizer::ui {

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open model"), QString(),
            tr("Models and checkpoints (*.json *.safetensors *.gguf);;All files (*)"));
        if (!path.isEmpty()) {
            openFile(path);
        }
    });
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Open a session, a preset JSON, a Hugging Face config.json or a "
                          "checkpoint (.safetensors, .index.json, .gguf)"));
    m_sessions->addFileActions(file, nullptr, this);
    file->addSeparator();
    createExport(file);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_history->undoAction());
    edit->addAction(m_history->redoAction());

    QMenu* model = menuBar()->addMenu(tr("&Model"));
    QAction* reset = model->addAction(tr("&Reset to preset"), m_model, &ConfigModel::resetToBase);
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    // The lesson's moves, exactly, one action each: nobody has to hit a value by dragging.
    model->addSeparator();
    const auto move = [this, model](const QString& text, const QKeySequence& key, Knob knob,
                                    auto next) {
        QAction* a = model->addAction(text, this, [this, knob, next] {
            m_model->setKnob(knob, next(knobValue(knob, m_model->config())));
        });
        a->setShortcut(key);
    };
    move(tr("Double the &layers"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_L), Knob::Layers,
         [](std::uint64_t v) { return 2 * v; });
    move(tr("Double &d_model"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_D), Knob::DModel,
         [](std::uint64_t v) { return 2 * v; });
    move(tr("&Halve the KV heads"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_K), Knob::KvHeads,
         [](std::uint64_t v) { return std::max<std::uint64_t>(v / 2, 1); });
    model->addSeparator();
    model->addSeparator();
    // Pin as baseline: every figure, slice, bar and box then shows its ratio to this model.
    QAction* pin = model->addAction(tr("&Pin as baseline"), m_model, &ConfigModel::pinBaseline);
    pin->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    pin->setStatusTip(tr("Keep the model shown as the baseline: the summary, the pie, the bars "
                         "and the diagram then show each figure's ratio to it"));
    QAction* unpin = model->addAction(tr("C&lear baseline"), m_model, &ConfigModel::clearBaseline);
    unpin->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    unpin->setEnabled(false);
    m_model->whenChanged(ConfigModel::Change::Baseline, unpin,
                         [this, unpin] { unpin->setEnabled(m_model->hasBaseline()); });
    model->addSeparator();
    model->addAction(m_checkpoint->action());

    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_views->addMenuEntries(view);
    // Textbook numbers, one key away for a lecturer (the Overview's Numbers box says the same).
    QAction* textbook = view->addAction(tr("&Textbook numbers"));
    textbook->setObjectName(QStringLiteral("textbookAction"));
    textbook->setCheckable(true);
    textbook->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    textbook->setShortcutContext(Qt::ApplicationShortcut);
    textbook->setStatusTip(tr("Memory as computed by hand (parameters × bytes per parameter) and "
                              "the 12·L·d² rule taken to the exact count, instead of the full "
                              "memory"));
    connect(textbook, &QAction::toggled, m_model, &ConfigModel::setTextbook);
    m_model->whenChanged(ConfigModel::Change::Display, textbook, [this, textbook] {
        const QSignalBlocker block(textbook);
        textbook->setChecked(m_model->textbook());
    });

    QMenu* compare = menuBar()->addMenu(tr("&Compare"));
    m_compareWindow->addActionsTo(compare);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* glossaryAction = help->addAction(tr("&Glossary…"), this, [this] {
        glossary()->show();
        glossary()->raise();
        glossary()->activateWindow();
    });
    glossaryAction->setShortcut(QKeySequence::HelpContents);
    glossaryAction->setStatusTip(tr("Every term the app shows, with its definition"));
    QAction* whatsThis = QWhatsThis::createAction(this);
    whatsThis->setStatusTip(tr("Click a control to see what its term means"));
    help->addAction(whatsThis);
    findChild<Lessons*>()->addMenuEntries(help->addMenu(tr("&Lessons")));
    help->addSeparator();
    help->addAction(tr("&About LLM Sizer"), this, [this] {
        QMessageBox::about(
            this, tr("About LLM Sizer"),
            tr("<b>LLM Sizer %1</b><p>Where a transformer's parameters live and how much "
               "memory it needs.</p><p>GB = 10⁹ bytes, GiB = 2³⁰ bytes.</p>")
                .arg(QApplication::applicationVersion()));
    });
}

GpuEditorDialog* MainWindow::showGpuEditor()
{
    if (m_gpuEditor == nullptr) {
        m_gpuEditor = new GpuEditorDialog(m_model, m_userGpus.get(), this);
    }
    if (m_gpuEditor->isVisible()) {
        m_gpuEditor->raise();
        m_gpuEditor->activateWindow();
    } else {
        m_gpuEditor->show();
    }
    return m_gpuEditor;
}

GlossaryDialog* MainWindow::glossary()
{
    if (m_glossary == nullptr) {
        m_glossary = new GlossaryDialog(this);
    }
    return m_glossary;
}

void MainWindow::createExport(QMenu* file)
{
    m_viewExport = new ViewExport(this, m_comparison, [this] { return m_tabs->currentWidget(); });
    m_viewExport->setCaption([this] { return exportCaptionOf(*m_model); });
    QAction* exportView =
        file->addAction(tr("&Export current view…"), m_viewExport, &ViewExport::askCurrentView);
    // Not Ctrl+E: on X11 every line edit and spin box takes it (end of line).
    exportView->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportView->setStatusTip(tr("Save the view shown as PNG or SVG, or the model's summary as "
                                "CSV, Markdown or JSON"));
    m_viewExport->setTabs(m_tabs);
    QAction* exportAll =
        file->addAction(tr("Export &all views…"), m_viewExport, &ViewExport::askAllViews);
    exportAll->setStatusTip(tr("Save every view as a PNG image, and the model's summary as "
                               "Markdown, into one folder (a handout)"));
    m_viewExport->attach(m_chart->pie(), tr("Parameter pie"), QStringLiteral("parameters"));
    m_viewExport->attach(m_chart->diagram(), tr("Parameter diagram"), QStringLiteral("diagram"));
    m_viewExport->attach(m_chart->ruleSteps(), tr("12·L·d² to the exact count"),
                         QStringLiteral("rule-to-exact"));
    m_viewExport->attach(m_memory->chart(), tr("Memory per precision"), QStringLiteral("memory"));
    m_viewExport->attach(m_views->explorer()->curveChart(), tr("Equal-parameter curve"),
                         QStringLiteral("depth-width"));
    m_viewExport->attach(m_views->explorer()->metricsChart(), tr("Along the curve"),
                         QStringLiteral("depth-width-metrics"));
}

} // namespace llmsizer::ui
