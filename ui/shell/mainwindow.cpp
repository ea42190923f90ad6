#include "ui/shell/mainwindow.h"

#include "llmsizer/formats/model_file.h"
#include "llmsizer/formats/open_file.h"
#include "llmsizer/precision/quant_mix.h"
#include "llmsizer/present/view_support.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/charts/piechartwidget.h"
#include "ui/compare/comparewindow.h"
#include "ui/hardware/gpueditordialog.h"
#include "ui/hardware/hardwareview.h"
#include "ui/kit/glossarydialog.h"
#include "ui/kit/paintround.h"
#include "ui/kit/presentation.h"
#include "ui/kit/scrollarea.h"
#include "ui/kit/theme.h"
#include "ui/kit/windowsize.h"
#include "ui/local/localmodelsview.h"
#include "ui/overview/configpanel.h"
#include "ui/overview/knobstrip.h"
#include "ui/overview/memorypanel.h"
#include "ui/overview/parameterchart.h"
#include "ui/overview/summarypanel.h"
#include "ui/shell/checkpointdialog.h"
#include "ui/shell/edithistory.h"
#include "ui/shell/lessons.h"
#include "ui/shell/recentfiles.h"
#include "ui/shell/sessioncontroller.h"
#include "ui/shell/viewtabs.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/hardwaremodel.h"
#include "ui/state/localmodelsmodel.h"
#include "ui/state/qstrings.h"
#include "ui/state/settings.h"
#include "ui/state/usergpus.h"
#include "ui/teach/mathpanel.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScrollArea>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QWhatsThis>

namespace llmsizer::ui {

namespace {

// Room before the tabs (QTabWidget's left corner), as wide as it is told: the tab widget lays its
// corners out by their size hints.
class TabSpacer : public QWidget {
public:
    using QWidget::QWidget;
    void setRoom(int width)
    {
        m_width = width;
        setFixedSize(width, 1);
    }
    QSize sizeHint() const override { return {m_width, 1}; }
    int room() const { return m_width; } // 0 until told

private:
    int m_width = 0;
};

// JSON files (sessions, presets, config.json) and checkpoints (files or directories).
bool isModelFile(const QUrl& url)
{
    if (!url.isLocalFile()) {
        return false;
    }
    const QString path = url.toLocalFile();
    return path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ||
           looksLikeCheckpoint(path.toStdString());
}

} // namespace

MainWindow::MainWindow(ConfigModel* model, Settings* settings, QWidget* parent)
    : QMainWindow(parent), m_model(model), m_settings(settings),
      m_config(new ConfigPanel(model, this)), m_summary(new SummaryPanel(model, this)),
      m_chart(new ParameterChart(model, this)), m_pie(m_chart->pie()),
      m_memory(new MemoryPanel(model, this)), m_comparison(new ComparisonModel(model, this)),
      m_recent(new RecentFiles(settings, this)),
      m_sessions(new SessionController(model, m_comparison, m_recent, this)),
      m_compareWindow(new CompareWindow(m_comparison, model, this)),
      m_views(new ViewTabs(model, this)), m_checkpoint(new CheckpointBar(model, this)),
      m_strip(new KnobStrip(model, this)), m_hardware(new HardwareModel(model, this)),
      m_hardwareView(new HardwareView(model, m_hardware, this)),
      m_local(new LocalModelsModel(model, m_hardware, this)),
      m_localView(new LocalModelsView(m_local, this)), m_history(new EditHistory(model, this)),
      m_userGpus(std::make_unique<UserGpus>(model, settings->userGpuFile()))
{
    paintInOneRound(this);
    QScrollArea* scroll = verticalScrollArea(m_config, this);
    scroll->setMinimumWidth(m_config->sizeHint().width() + 16);

    auto* charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(m_chart);
    charts->addWidget(m_memory);
    charts->setStretchFactor(0, 2);
    charts->setStretchFactor(1, 3);
    charts->setChildrenCollapsible(false);

    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_summary);
    rightLayout->addWidget(m_checkpoint);
    rightLayout->addWidget(charts, 1);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(scroll);
    auto* tabs = new QTabWidget(this);
    m_tabs = tabs;
    tabs->setDocumentMode(true);
    m_views->addTabs(tabs, right, m_hardwareView, m_localView);
    split->addWidget(tabs);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    // Presentation mode trades the configuration panel for a strip of the headline sliders above
    // the views: on a 1280 × 800 projector the charts get the whole width.
    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    m_strip->setVisible(false);
    centralLayout->addWidget(m_strip);
    // Help > Lessons: a bar above the views says what the lesson shows (findChild<Lessons*>()).
    centralLayout->addWidget(new Lessons(this, m_model));
    centralLayout->addWidget(split, 1);
    setCentralWidget(central);
    setAcceptDrops(true);
    createMenus();

    using Change = ConfigModel::Change;
    m_model->whenChanged(Change::Configuration | Change::ModelLoaded, this,
                         [this] { updateTitle(); });
    // The settings file follows the display options, whichever window or session changed them.
    m_model->whenChanged(Change::Display, this, [this] {
        if (m_persistent) {
            m_settings->setDisplayOptions(m_model->displayOptions());
        }
    });
    // The configuration panel edits the model the Overview and the teaching views show; My
    // hardware lists every model, so it takes the whole width instead. The tabs stay where they
    // were: a spacer the panel's width stands before them (the tabs moved 400 pixels left, and a
    // click on the same spot opened another tab).
    auto* tabSpacer = new TabSpacer(m_tabs);
    tabSpacer->hide();
    const auto showConfig = [this, scroll, split, tabSpacer] {
        const bool allModels =
            m_tabs->currentWidget() == m_hardwareView || m_tabs->currentWidget() == m_localView;
        const bool show = !presentationMode() && !allModels;
        if (!show) {
            // The panel's width as last shown (before it ever was: the least it takes; not
            // presentation mode's, which is wider and lasts until its fonts have arrived).
            m_config->ensurePolished(); // its size hint in its own fonts
            const int panel = scroll->isVisible()     ? scroll->width()
                              : tabSpacer->room() > 0 ? tabSpacer->room() - split->handleWidth()
                                                      : std::max(scroll->minimumWidth(),
                                                                 m_config->sizeHint().width() + 16);
            tabSpacer->setRoom(panel + split->handleWidth());
        }
        scroll->setVisible(show);
        // Presentation mode's sliders edit the model the Overview and the teaching views show;
        // My hardware and My models list every model, and take their height instead.
        m_strip->setVisible(presentationMode() && !allModels);
        // In presentation mode the panel is hidden on every tab: nothing to keep in place. (The
        // tab widget shows a corner widget it is given and lays the tabs out again.)
        const bool room = !show && !presentationMode();
        m_tabs->setCornerWidget(room ? tabSpacer : nullptr, Qt::TopLeftCorner);
        tabSpacer->setVisible(room);
    };
    connect(m_tabs, &QTabWidget::currentChanged, this, showConfig);
    // A tab shown by a click, or the page whose field had the focus hidden, hands the focus to
    // the next field in the chain (the Chinchilla ratio, its text selected for a stray key to
    // change): the tabs keep it instead.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        QWidget* focus = QApplication::focusWidget();
        if (focus != nullptr && m_tabs->currentWidget() != nullptr &&
            m_tabs->currentWidget()->isAncestorOf(focus) &&
            (qobject_cast<QAbstractSpinBox*>(focus) != nullptr ||
             qobject_cast<QLineEdit*>(focus) != nullptr)) {
            m_tabs->tabBar()->setFocus(Qt::OtherFocusReason);
        }
    });
    // Presentation mode: each panel follows it by itself (presentation.h); the window shows the
    // strip instead of the configuration panel.
    connect(Presentation::instance(), &Presentation::changing, this,
            [this, scroll, showConfig](bool on) {
                if (on) {
                    m_sizeBeforePresentation = size();
                }
                // The focus in the panel about to be hidden would go to the next field in the chain
                // (the Chinchilla ratio, its text selected, where a stray key changed it): the tabs
                // take it.
                const QWidget* leaving = on ? static_cast<QWidget*>(scroll) : m_strip;
                if (const QWidget* focus = QApplication::focusWidget();
                    focus != nullptr && leaving->isAncestorOf(focus)) {
                    m_tabs->tabBar()->setFocus(Qt::OtherFocusReason);
                }
                showConfig();
            });
    connect(Presentation::instance(), &Presentation::toggled, this, [this, scroll] {
        // The new font and palette reach the widgets through events: restyle after them.
        QMetaObject::invokeMethod(
            this,
            [this, scroll] {
                m_config->ensurePolished(); // style sizes, also before the first show
                scroll->setMinimumWidth(m_config->sizeHint().width() + 16);
                m_chart->setDark(isDark(palette())); // re-applies fonts and colours
                m_memory->chart()->setDark(isDark(palette()));
                followPresentationFonts(this);
                // Switched on or off, the window keeps the size it had before presentation mode
                // (the tests hold that both modes fit 1240×760), unless the mode needs more: the
                // relayout that follows the new font can grow it for a moment, and it would stay.
                QTimer::singleShot(200, this, [this] {
                    if (!isMaximized() && !isFullScreen() && m_sizeBeforePresentation.isValid() &&
                        size() != m_sizeBeforePresentation) {
                        resize(m_sizeBeforePresentation.expandedTo(minimumSizeHint()));
                    }
                });
            },
            Qt::QueuedConnection);
    });
    connect(m_memory, &MemoryPanel::optionsChanged, this, &MainWindow::saveSettings);
    connect(m_chart, &ParameterChart::kindChanged, this, [this](ParameterChart::Kind kind) {
        if (m_persistent) {
            m_settings->setOverviewChart(ParameterChart::kindName(kind));
        }
    });
    // A box of the diagram opens its formula in Show the math.
    connect(m_chart, &ParameterChart::mathRequested, this, [this](const QString& key) {
        if (m_views->showView(QStringLiteral("math"))) {
            m_views->math()->showItem(key);
        }
    });
    connect(m_hardwareView, &HardwareView::openInOverview, this, &MainWindow::openInOverview);
    connect(m_hardwareView, &HardwareView::editGpusRequested, this, &MainWindow::showGpuEditor);
    m_comparison->setHardware(m_hardware);
    connect(m_hardware, &HardwareModel::choiceChanged, this, [this] {
        if (m_persistent) {
            m_settings->setHardware(m_hardware->choice().toStrings());
        }
    });
    connect(m_memory, &MemoryPanel::customGpusRequested, this, &MainWindow::showGpuEditor);
    connectLocalModels();
    updateTitle();
    followPalette();
}

MainWindow::~MainWindow()
{
    // Presentation mode is the application's: it ends with the window that showed it. Switched
    // off before the children are torn down, while every view that follows it is whole.
    Presentation::instance()->setOn(false);
    // Children go in the order they were made, and the comparison model was made before the
    // window that shows it: that window (its table's header asks the model for section sizes while
    // it is torn down) goes first, while the model is still whole.
    delete m_compareWindow;
    m_compareWindow = nullptr;
    delete m_gpuEditor; // before the user catalog it edits
    m_gpuEditor = nullptr;
}

Presentation* MainWindow::presentation() const
{
    return Presentation::instance();
}

QString MainWindow::loadFile(const QString& path)
{
    // Sessions, presets and config.json files alike; the content decides.
    return m_sessions->open(path);
}

void MainWindow::openFile(const QString& path)
{
    const QString error = loadFile(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot open %1").arg(QFileInfo(path).fileName()), error);
    }
}

void MainWindow::openInOverview(const QString& presetId, const QString& precisionId)
{
    if (!presetId.isEmpty() && presetId != m_model->presetId()) {
        m_model->selectPreset(presetId);
    }
    // The Overview shows the row's workload: its context and batch, the runtime's overhead, the
    // precision, and the chosen GPUs as a reference line.
    const HardwareChoice& ch = m_hardware->choice();
    m_model->setContext(ch.context);
    m_model->setBatch(ch.batch);
    m_model->setOverhead(QString::fromStdString(m_hardware->runtime().overhead_id));
    m_model->setPrecision(precisionId);
    // A GGUF file type gets its own bar, so the row's memory is on the chart too.
    QStringList extras = m_model->extraPrecisions();
    if (isGgufFileType(precisionId.toStdString()) && !extras.contains(precisionId)) {
        extras << precisionId;
        m_model->setExtraPrecisions(extras);
    }
    const QString line = ch.gpus > 1 ? ch.gpu + QStringLiteral(":%1").arg(ch.gpus) : ch.gpu;
    QStringList lines = m_model->gpus();
    if (!lines.contains(line)) {
        lines << line;
        m_model->setGpus(lines);
    }
    m_tabs->setCurrentIndex(0);
}

void MainWindow::restoreSettings()
{
    m_detectOnStart = m_settings->hardware().isEmpty();
    m_hardware->setChoice(HardwareChoice::fromStrings(m_settings->hardware()));
    m_local->setFolders(m_settings->localFolders());
    m_model->setDisplayOptions(m_settings->displayOptions());
    m_memory->setLogScale(m_settings->logScale());
    m_chart->setKind(ParameterChart::kindFromName(m_settings->overviewChart()));
    if (m_persistent) {
        if (!restoreGeometry(m_settings->windowGeometry())) {
            resize(fittingWindowSize(this, QSize(1600, 1000)));
        }
        m_compareWindow->restoreGeometry(m_settings->compareGeometry());
    }
}

void MainWindow::saveSettings()
{
    if (!m_persistent) {
        return;
    }
    m_settings->setDisplayOptions(m_model->displayOptions());
    m_settings->setLogScale(m_memory->logBox()->isChecked());
    m_settings->setOverviewChart(ParameterChart::kindName(m_chart->kind()));
    if (!m_model->presetId().isEmpty()) {
        m_settings->setLastPreset(m_model->presetId());
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_persistent) {
        m_settings->setWindowGeometry(saveGeometry());
        m_settings->setCompareGeometry(m_compareWindow->saveGeometry());
        saveSettings();
        m_settings->sync();
    }
    event->accept();
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange) {
        followPalette();
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::followPalette()
{
    const bool dark = isDark(palette());
    if (dark == m_dark && m_pie != nullptr) {
        return;
    }
    m_dark = dark;
    m_chart->setDark(dark);
    m_memory->chart()->setDark(dark);
    m_hardwareView->setDark(dark);
    m_localView->setDark(dark);
}

void MainWindow::updateTitle()
{
    // The window manager elides a long title; the name is shown, never obeyed.
    QString title = shownName(m_model->modelName());
    if (m_model->isModified()) {
        title += tr(" (modified)");
    }
    setWindowTitle(title + QStringLiteral(" — LLM Sizer"));
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && isModelFile(urls.front())) {
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && isModelFile(urls.front())) {
        event->acceptProposedAction();
        openFile(urls.front().toLocalFile());
    }
}

} // namespace llmsizer::ui
