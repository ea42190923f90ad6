#include "ui/overview/memorypanel.h"

#include "llmsizer/catalog/gpu_choices.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/precision/quant_mix.h"
#include "llmsizer/present/glossary.h"
#include "llmsizer/present/memory_view.h"
#include "llmsizer/present/runtime_menu.h"
#include "ui/charts/memorychartwidget.h"
#include "ui/kit/flowlayout.h"
#include "ui/kit/glossarydialog.h"
#include "ui/kit/presentation.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <QActionGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

namespace llmsizer::ui {

MemoryPanel::MemoryPanel(ConfigModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_mode(new QComboBox(this)), m_numbers(new QComboBox(this)),
      m_precision(new QComboBox(this)), m_gguf(new QToolButton(this)),
      m_gpus(new QToolButton(this)), m_runtime(new QToolButton(this)), m_units(new QComboBox(this)),
      m_log(new QCheckBox(tr("&Log axis"), this)), m_chart(new MemoryChartWidget(model, this))
{
    m_mode->addItem(tr("Inference"));
    m_mode->addItem(tr("Training"));
    m_mode->setAccessibleName(tr("Mode"));
    m_mode->setToolTip(tr("Inference: weights + KV cache + activations + overhead. Training: "
                          "weights + gradients + AdamW states + activations."));
    m_numbers->addItem(tr("Realistic"));
    m_numbers->addItem(tr("Textbook"));
    m_numbers->setAccessibleName(tr("Numbers"));
    m_numbers->setToolTip(
        tr("Realistic: the full memory (KV cache, activations, runtime overhead; in training "
           "the activations too). Textbook: what the course computes by hand, parameters × "
           "bytes per parameter (training: + gradients + AdamW states), and the 12·L·d² rule "
           "taken to the exact count (View > Textbook numbers, Ctrl+T)."));
    m_numbers->setWhatsThis(m_numbers->toolTip());
    m_numbers->setProperty("glossaryKey", QStringLiteral("textbook_numbers"));
    for (const Precision& p : weightPrecisions()) {
        m_precision->addItem(qs(p.label), qs(p.id));
    }
    m_precision->setAccessibleName(tr("Precision"));
    // Each precision explains itself in the list; the menu explains what a precision is.
    for (int i = 0; i < m_precision->count(); ++i) {
        const std::string id = m_precision->itemData(i).toString().toStdString();
        const std::string key(glossaryKeyForPrecision(id));
        if (!key.empty()) {
            m_precision->setItemData(i, glossaryTip(key.c_str()), Qt::ToolTipRole);
        }
    }
    m_precision->setToolTip(
        glossaryTip("precision", tr("The precision of the summary's memory figure.")));
    m_precision->setWhatsThis(m_precision->toolTip());
    m_precision->setProperty("glossaryKey", QStringLiteral("precision"));
    m_units->addItem(tr("GB (10⁹)"));
    m_units->addItem(tr("GiB (2³⁰)"));
    m_units->setAccessibleName(tr("Units"));
    attachGlossary(m_units, "gb_gib");
    m_gguf->setText(tr("GGUF types"));
    m_gguf->setPopupMode(QToolButton::InstantPopup);
    m_gguf->setMenu(new QMenu(m_gguf));
    m_gpus->setText(tr("GPUs"));
    m_gpus->setPopupMode(QToolButton::InstantPopup);
    m_gpus->setMenu(new QMenu(m_gpus));
    m_runtime->setText(tr("Runtime"));
    // The KV cache's precision is chosen here (the tooltip names the choice).
    attachGlossary(m_runtime, "kv_cache", true);
    attachGlossary(m_mode, "training_memory", true);
    m_runtime->setPopupMode(QToolButton::InstantPopup);
    m_runtime->setMenu(new QMenu(m_runtime));

    // The options wrap onto a second row in a narrow panel rather than squeeze their text.
    auto* bar = new FlowLayout(nullptr, 6);
    bar->setContentsMargins(4, 0, 4, 0);
    auto labelled = [this](const QString& text, QWidget* field) {
        auto* group = new QWidget(this);
        auto* row = new QHBoxLayout(group);
        row->setContentsMargins(0, 0, 0, 0);
        auto* label = new QLabel(text, group);
        label->setBuddy(field);
        row->addWidget(label);
        row->addWidget(field);
        return group;
    };
    bar->addWidget(labelled(tr("&Mode"), m_mode));
    m_numbersGroup = labelled(tr("N&umbers"), m_numbers);
    bar->addWidget(m_numbersGroup);
    bar->addWidget(labelled(tr("&Precision"), m_precision));
    bar->addWidget(m_gguf);
    bar->addWidget(m_gpus);
    bar->addWidget(m_runtime);
    bar->addWidget(m_units);
    bar->addWidget(m_log);
    // Tab follows the row as read (the labelled fields moved into their groups).
    const QList<QWidget*> order{m_mode, m_numbers, m_precision, m_gguf,
                                m_gpus, m_runtime, m_units,     m_log};
    for (qsizetype i = 1; i < order.size(); ++i) {
        setTabOrder(order[i - 1], order[i]);
    }
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_chart, 1);

    fillGgufMenu();
    fillGpuMenu();
    fillRuntimeMenu();
    connect(m_mode, &QComboBox::activated, this, [this](int i) {
        m_model->setTraining(i == 1);
        emit optionsChanged();
    });
    connect(m_numbers, &QComboBox::activated, this, [this](int i) {
        m_model->setTextbook(i == 1);
        emit optionsChanged();
    });
    connect(m_precision, &QComboBox::activated, this, [this](int i) {
        m_model->setPrecision(m_precision->itemData(i).toString());
        emit optionsChanged();
    });
    connect(m_units, &QComboBox::activated, this, [this](int i) {
        m_model->setUnits(i == 1 ? ByteUnits::Binary : ByteUnits::Decimal);
        emit optionsChanged();
    });
    connect(m_log, &QCheckBox::toggled, this, [this](bool on) {
        m_chart->setLogScale(on);
        emit optionsChanged();
    });
    connect(m_model, &ConfigModel::changed, this, [this](ConfigModel::Changes what) {
        if (what & ConfigModel::Change::Catalog) {
            fillGpuMenu(); // a GPU of the user's was added, edited or removed
        }
        sync();
    });
    connect(Presentation::instance(), &Presentation::changing, this, &MemoryPanel::setCompact);
    sync();
}

QSize MemoryPanel::sizeHint() const
{
    QSize hint = QWidget::sizeHint();
    hint.rwidth() -= m_numbersGroup->sizeHint().width() + 6; // the flow layout's spacing
    return hint;
}

void MemoryPanel::setLogScale(bool log)
{
    m_log->setChecked(log);
}

void MemoryPanel::fillGgufMenu()
{
    QMenu* menu = m_gguf->menu();
    for (const std::string& id : ggufFileTypeIds()) {
        QAction* a = menu->addAction(qs(id).toUpper());
        a->setCheckable(true);
        a->setData(qs(id));
        connect(a, &QAction::toggled, this, [this] {
            QStringList ids;
            const QList<QAction*> actions = m_gguf->menu()->actions();
            for (const QAction* act : actions) {
                if (act->isChecked()) {
                    ids << act->data().toString();
                }
            }
            m_model->setExtraPrecisions(ids);
            emit optionsChanged();
        });
    }
}

// Runtime overhead profiles and KV cache precisions, each with its constants and source.
void MemoryPanel::fillRuntimeMenu()
{
    QMenu* menu = m_runtime->menu();
    menu->setToolTipsVisible(true);
    menu->addSection(tr("Runtime overhead (inference)"));
    auto* overheads = new QActionGroup(menu);
    for (const OverheadProfile& p : overheadProfiles()) {
        QAction* a = menu->addAction(
            QStringLiteral("%1 — %2").arg(qs(p.label), qs(overheadProfileSummary(p))));
        a->setCheckable(true);
        a->setData(qs(p.id));
        a->setToolTip(qs(p.source));
        a->setActionGroup(overheads);
        connect(a, &QAction::triggered, this, [this, id = qs(p.id)] {
            m_model->setOverhead(id);
            emit optionsChanged();
        });
    }
    // Each runtime as it places a model (the My hardware view and `runs` use these): its
    // version, every constant with its source, and its overhead for these bars.
    menu->addSection(tr("Runtimes as they place memory"));
    for (const RuntimeMenuEntry& r : runtimeMenuEntries()) {
        QMenu* sub = menu->addMenu(qs(r.title));
        sub->setToolTipsVisible(true);
        QAction* use =
            sub->addAction(tr("Use its overhead for these bars (%1)").arg(qs(r.overhead_label)));
        connect(use, &QAction::triggered, this, [this, id = qs(r.overhead_id)] {
            m_model->setOverhead(id);
            emit optionsChanged();
        });
        sub->addSection(tr("Constants (hover for the source)"));
        for (const RuntimeMenuConstant& c : r.constants) {
            QAction* a = sub->addAction(qs(c.text));
            a->setToolTip(qs(c.source));
        }
    }
    menu->addSection(tr("KV cache precision"));
    auto* kv = new QActionGroup(menu);
    for (const Precision& p : kvPrecisions()) {
        QAction* a = menu->addAction(
            tr("KV %1 — %2 bits per value").arg(qs(p.label)).arg(p.bpw.value(), 0, 'g', 4));
        a->setToolTip(qs(p.source));
        a->setCheckable(true);
        a->setData(QStringLiteral("kv:") + qs(p.id));
        a->setActionGroup(kv);
        connect(a, &QAction::triggered, this, [this, id = qs(p.id)] {
            m_model->setKvPrecision(id);
            emit optionsChanged();
        });
    }
}

void MemoryPanel::fillGpuMenu()
{
    QMenu* menu = m_gpus->menu();
    menu->clear();
    auto add = [this, menu](const QString& key, const QString& text) {
        QAction* a = menu->addAction(text);
        a->setCheckable(true);
        a->setData(key);
        connect(a, &QAction::toggled, this, [this] {
            QStringList keys;
            const QList<QAction*> actions = m_gpus->menu()->actions();
            for (const QAction* act : actions) {
                if (act->isChecked()) {
                    keys << act->data().toString();
                }
            }
            m_model->setGpus(keys);
            emit optionsChanged();
        });
    };
    bool builtIn = true;
    for (const GpuSpec& g : m_model->gpuCatalog().gpus()) {
        if (g.user && builtIn) {
            menu->addSection(tr("Your GPUs"));
            builtIn = false;
        }
        add(qs(g.id), qs(g.name));
    }
    menu->addSeparator();
    // Nodes offered next to single devices.
    for (const std::string& id : nodeGpuIds()) {
        if (const GpuSpec* g = m_model->gpuCatalog().find(id)) {
            add(QStringLiteral("%1:8").arg(qs(g->id)), tr("8× %1 (node)").arg(qs(g->name)));
        }
    }
    menu->addSeparator();
    QAction* custom = menu->addAction(tr("Custom GPUs…"));
    custom->setStatusTip(tr("Add, edit or remove GPUs of your own"));
    connect(custom, &QAction::triggered, this, &MemoryPanel::customGpusRequested);
}

void MemoryPanel::sync()
{
    if (m_gpus->menu()->actions().isEmpty() && !m_model->gpuCatalog().gpus().empty()) {
        fillGpuMenu();
    }
    const QSignalBlocker b1(m_mode);
    const QSignalBlocker b2(m_precision);
    const QSignalBlocker b3(m_units);
    const QSignalBlocker b4(m_numbers);
    m_mode->setCurrentIndex(m_model->training() ? 1 : 0);
    m_numbers->setCurrentIndex(m_model->textbook() ? 1 : 0);
    m_precision->setCurrentIndex(m_precision->findData(m_model->precision()));
    m_units->setCurrentIndex(m_model->units() == ByteUnits::Binary ? 1 : 0);
    m_gguf->setEnabled(!m_model->training());
    const QString logText =
        m_model->axis().suggest_log ? tr("&Log axis (suggested)") : tr("&Log axis");
    if (m_log->text() != logText) {
        m_log->setText(logText);
    }
    const QStringList extras = m_model->extraPrecisions();
    const QList<QAction*> gguf = m_gguf->menu()->actions();
    for (QAction* a : gguf) {
        const QSignalBlocker block(a);
        a->setChecked(extras.contains(a->data().toString()));
    }
    const QString kvKey = QStringLiteral("kv:") + m_model->kvPrecision();
    QString overheadLabel;
    const QList<QAction*> runtime = m_runtime->menu()->actions();
    for (QAction* a : runtime) {
        const QString key = a->data().toString();
        if (!key.isEmpty()) {
            a->setChecked(key == m_model->overhead() || key == kvKey);
        }
        if (key == m_model->overhead()) {
            overheadLabel = a->text();
        }
    }
    m_runtime->setToolTip(
        glossaryTip("kv_cache", tr("Runtime overhead: %1. KV cache: %2.")
                                    .arg(overheadLabel, m_model->kvPrecision().toUpper())));
    const QStringList gpus = m_model->gpus();
    const QList<QAction*> gpuActions = m_gpus->menu()->actions();
    for (QAction* a : gpuActions) {
        const QSignalBlocker block(a);
        a->setChecked(gpus.contains(a->data().toString()));
    }
}

void MemoryPanel::setCompact(bool compact)
{
    for (QWidget* w : {static_cast<QWidget*>(m_gguf), static_cast<QWidget*>(m_gpus),
                       static_cast<QWidget*>(m_runtime), static_cast<QWidget*>(m_units),
                       static_cast<QWidget*>(m_log)}) {
        w->setVisible(!compact);
    }
}

} // namespace llmsizer::ui
