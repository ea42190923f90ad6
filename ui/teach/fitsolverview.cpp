#include "ui/teach/fitsolverview.h"

#include "llmsizer/model/model.h"
#include "llmsizer/precision/precision.h"
#include "llmsizer/present/fit.h"
#include "ui/kit/formrows.h"
#include "ui/kit/glossarydialog.h"
#include "ui/kit/presentation.h"
#include "ui/kit/scrollarea.h"
#include "ui/kit/wraplabel.h"
#include "ui/state/configmodel.h"
#include "ui/state/fitmodel.h"
#include "ui/state/qstrings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace llmsizer::ui {

namespace {

// "1 GPU", "2 GPUs": the count's noun follows its value.
void showCountSuffix(QSpinBox* box)
{
    box->setSuffix(box->value() == 1 ? FitSolverView::tr(" GPU") : FitSolverView::tr(" GPUs"));
}

// The answer's short lines (bytes), two to a row in presentation mode.
bool pairable(const QString& key)
{
    static const QStringList keys{QStringLiteral("weights"),     QStringLiteral("kv"),
                                  QStringLiteral("activations"), QStringLiteral("overhead"),
                                  QStringLiteral("total"),       QStringLiteral("budget"),
                                  QStringLiteral("headroom")};
    return keys.contains(key);
}

int clampedInt(std::uint64_t value, const QSpinBox* box)
{
    return static_cast<int>(
        std::min<std::uint64_t>(value, static_cast<std::uint64_t>(box->maximum())));
}

} // namespace

FitSolverView::FitSolverView(FitModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_gpu(new QComboBox(this)), m_count(new QSpinBox(this)),
      m_precision(new QComboBox(this)), m_kv(new QComboBox(this)), m_context(new QSpinBox(this)),
      m_batch(new QSpinBox(this)), m_family(new QComboBox(this)), m_path(new QComboBox(this)),
      m_exactKv(new QCheckBox(tr("Keep KV heads &exactly"), this)), m_answer(nullptr),
      m_answerBox(new QGroupBox(tr("Answer"), this)), m_exercise(new QTableWidget(0, 5, this)),
      m_message(new WrapLabel(this))
{
    QWidget* inputs = buildInputs();
    m_answer = new QGridLayout(m_answerBox);
    m_answer->setColumnStretch(1, 1);
    m_message->setStyleSheet(QStringLiteral("color: #d32f2f;"));
    m_message->setVisible(false);

    m_exercise->setHorizontalHeaderLabels({tr("Weights"), tr("Largest that fits"), tr("Shape"),
                                           tr("Headroom"), tr("Next step (too big)")});
    m_exercise->verticalHeader()->hide();
    m_exercise->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_exercise->horizontalHeader()->setStretchLastSection(true);
    m_exercise->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_exercise->setSelectionMode(QAbstractItemView::NoSelection);
    m_exercise->setFocusPolicy(Qt::NoFocus);
    m_exercise->setTabKeyNavigation(false);
    m_exercise->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_exercise->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_exercise->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* exerciseBox = new QGroupBox(tr("The exercise at this GPU, context and family"), this);
    auto* exerciseLayout = new QVBoxLayout(exerciseBox);
    exerciseLayout->addWidget(m_exercise);

    // Everything scrolls when the window is too short for it, rather than growing the window past
    // the screen; at 1240×760 it fits, presentation mode included (its answer packs the byte
    // lines two to a row).
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->addWidget(inputs);
    layout->addWidget(m_message);
    layout->addWidget(m_answerBox);
    layout->addWidget(exerciseBox);
    layout->addStretch(1);
    scrollWholeView(this, content)->setObjectName(QStringLiteral("fitScroll"));
    connect(Presentation::instance(), &Presentation::changing, this,
            [this](bool compact) { arrangeAnswer(compact); });

    fillGpus();
    fillFamilies();
    showInputs();
    for (QComboBox* box : {m_gpu, m_precision, m_family, m_path}) {
        connect(box, &QComboBox::activated, this, &FitSolverView::writeChoice);
    }
    connect(m_count, &QSpinBox::valueChanged, this, [this] { showCountSuffix(m_count); });
    connect(m_count, &QSpinBox::valueChanged, this, &FitSolverView::writeChoice);
    connect(m_exactKv, &QCheckBox::toggled, this, &FitSolverView::writeChoice);
    connect(m_kv, &QComboBox::activated, this, &FitSolverView::writeWorkload);
    for (QSpinBox* box : {m_context, m_batch}) {
        connect(box, &QSpinBox::valueChanged, this, &FitSolverView::writeWorkload);
    }
    ConfigModel* config = m_model->configModel();
    // The workload fields are the Workspace's; a GPU of the user's may have come or gone.
    connect(config, &ConfigModel::changed, this, [this](ConfigModel::Changes what) {
        if (what & ConfigModel::Change::Catalog) {
            fillGpus();
        }
        showInputs();
    });
    connect(config, &ConfigModel::presetsChanged, this, [this] {
        fillGpus();
        fillFamilies();
    });
    connect(m_model, &FitModel::changed, this, [this] {
        showInputs();
        showSnapshot();
    });
}

QWidget* FitSolverView::buildInputs()
{
    elideLongEntries({m_gpu, m_precision, m_kv, m_family, m_path}); // GPU names, paths
    for (const Precision& p : weightPrecisions()) {
        m_precision->addItem(qs(p.label), qs(p.id));
    }
    for (const Precision& p : kvPrecisions()) {
        m_kv->addItem(qs(p.label), qs(p.id));
    }
    m_count->setRange(1, 64);
    showCountSuffix(m_count);
    // The Workspace's ranges (validateWorkload), and 0 for the view's own "no KV cache".
    m_context->setRange(0, static_cast<int>(Limits::maxContext));
    m_context->setSingleStep(1024);
    m_context->setGroupSeparatorShown(true);
    m_context->setSuffix(tr(" tokens"));
    m_context->setSpecialValueText(tr("no KV cache"));
    m_batch->setRange(1, static_cast<int>(Limits::maxBatch));
    m_batch->setGroupSeparatorShown(true);
    // Short enough for a 1280-pixel window; the rest is the item's tooltip.
    m_path->addItem(tr("Layers grow with width"));
    m_path->setItemData(0, tr("Layers grow with d_model, at the base model's d_model / layers"),
                        Qt::ToolTipRole);
    m_path->addItem(tr("Only the width grows"));
    m_path->setItemData(1, tr("The base model's layers kept; only d_model grows"), Qt::ToolTipRole);
    m_exactKv->setToolTip(tr("Keep the base's KV head count exactly, as real GQA families do"));

    auto* inputs = new QGroupBox(tr("The largest model that fits"), this);
    auto* grid = new QGridLayout(inputs);
    auto* gpuLine = new QHBoxLayout;
    gpuLine->addWidget(m_gpu, 1);
    gpuLine->addWidget(m_count);
    gpuLine->addWidget(m_exactKv); // on the GPU's line: one row less
    auto* gpuLabel = new QLabel(tr("&GPU:"), inputs);
    gpuLabel->setBuddy(m_gpu);
    grid->addWidget(gpuLabel, 0, 0);
    grid->addLayout(gpuLine, 0, 1, 1, 3);
    addLabelledField(grid, tr("&Weights:"), m_precision, 1, 0);
    addLabelledField(grid, tr("&KV cache:"), m_kv, 1, 2);
    addLabelledField(grid, tr("&Context:"), m_context, 2, 0);
    addLabelledField(grid, tr("&Batch:"), m_batch, 2, 2);
    addLabelledField(grid, tr("&Family:"), m_family, 3, 0);
    addLabelledField(grid, tr("&Path:"), m_path, 3, 2);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
    return inputs;
}

void FitSolverView::fillGpus()
{
    const QSignalBlocker block(m_gpu);
    m_gpu->clear();
    for (const GpuSpec& g : m_model->configModel()->gpuCatalog().gpus()) {
        m_gpu->addItem(qs(gpuLabel(g)), qs(g.id));
    }
    m_gpu->setCurrentIndex(std::max(0, m_gpu->findData(m_model->choice().gpu)));
}

void FitSolverView::fillFamilies()
{
    const QSignalBlocker block(m_family);
    m_family->clear();
    m_family->addItem(tr("The current model"), QString());
    for (const Preset& p : m_model->configModel()->presets()) {
        m_family->addItem(tr("%1's shape").arg(qs(p.name)), qs(p.id));
    }
    m_family->setCurrentIndex(std::max(0, m_family->findData(m_model->choice().family)));
}

void FitSolverView::writeChoice()
{
    FitModel::Choice c = m_model->choice();
    c.gpu = m_gpu->currentData().toString();
    c.gpus = static_cast<std::uint64_t>(m_count->value());
    c.precision = m_precision->currentData().toString();
    c.family = m_family->currentData().toString();
    c.keepLayers = m_path->currentIndex() == 1;
    c.exactKv = m_exactKv->isChecked();
    m_model->setChoice(c);
}

void FitSolverView::writeWorkload()
{
    ConfigModel* config = m_model->configModel();
    FitModel::Choice c = m_model->choice();
    c.weightsOnly = m_context->value() == 0;
    m_model->setChoice(c);
    const std::uint64_t context =
        c.weightsOnly ? config->context() : static_cast<std::uint64_t>(m_context->value());
    if (!config->setWorkload(context, static_cast<std::uint64_t>(m_batch->value()),
                             m_kv->currentData().toString())) {
        showInputs(); // refused: the fields show the Workspace again
    }
}

void FitSolverView::showInputs()
{
    const FitModel::Choice& c = m_model->choice();
    const ConfigModel* config = m_model->configModel();
    const QSignalBlocker b1(m_gpu);
    const QSignalBlocker b2(m_count);
    const QSignalBlocker b3(m_precision);
    const QSignalBlocker b4(m_kv);
    const QSignalBlocker b5(m_context);
    const QSignalBlocker b6(m_batch);
    const QSignalBlocker b7(m_family);
    const QSignalBlocker b8(m_path);
    const QSignalBlocker b9(m_exactKv);
    m_gpu->setCurrentIndex(std::max(0, m_gpu->findData(c.gpu)));
    m_count->setValue(static_cast<int>(c.gpus));
    showCountSuffix(m_count);
    m_precision->setCurrentIndex(std::max(0, m_precision->findData(c.precision)));
    m_family->setCurrentIndex(std::max(0, m_family->findData(c.family)));
    m_path->setCurrentIndex(c.keepLayers ? 1 : 0);
    m_exactKv->setChecked(c.exactKv);
    m_context->setValue(c.weightsOnly ? 0 : clampedInt(config->context(), m_context));
    m_batch->setValue(clampedInt(config->batch(), m_batch));
    m_kv->setCurrentIndex(std::max(0, m_kv->findData(config->kvPrecision())));
}

void FitSolverView::solve()
{
    writeChoice();
    m_model->refresh();
}

void FitSolverView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    m_model->setActive(true);
}

void FitSolverView::hideEvent(QHideEvent* event)
{
    m_model->setActive(false);
    QWidget::hideEvent(event);
}

FitSolverView::AnswerRow& FitSolverView::answerRow(int row)
{
    while (m_answerRows.size() <= row) {
        const int r = static_cast<int>(m_answerRows.size());
        AnswerRow made{new QLabel(m_answerBox), new WrapLabel(m_answerBox)};
        made.value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_answer->addWidget(made.label, r, 0, Qt::AlignTop);
        m_answer->addWidget(made.value, r, 1, 1, 3);
        m_answerRows.append(made);
    }
    return m_answerRows[row];
}

void FitSolverView::showSnapshot()
{
    const FitSnapshot& s = m_model->snapshot();
    m_message->setText(qs(s.error));
    m_message->setVisible(!s.ok && !s.error.empty());
    // Showing a hidden widget lays out every layout above it at once: rows shown one by one laid
    // the window out twice each. When rows come or go, the box is hidden while they change and
    // shown once.
    const int rows = s.ok ? static_cast<int>(s.lines.size()) + 1 : 0;
    const bool hideBox = m_answerBox->isVisible() &&
                         (rows != m_shownRows || presentationMode() != m_arrangedCompact);
    if (hideBox) {
        m_answerBox->setVisible(false);
    }
    // The answer's lines and the shape rule's, in rows made once and refilled.
    int row = 0;
    const auto show = [this, &row](const QString& key, const QString& label, const QString& value,
                                   bool emphasis) {
        AnswerRow& r = answerRow(row++);
        r.label->setText(label + QLatin1Char(':'));
        r.value->setText(value);
        r.value->setObjectName(key);
        if (r.value->font().bold() != emphasis) {
            QFont f = r.value->font();
            f.setBold(emphasis);
            r.value->setFont(f);
            r.label->setFont(f);
        }
        // The glossary explains headroom and the split over several GPUs.
        const QString tip = key == QLatin1String("headroom") ? glossaryTip("headroom")
                            : label.contains(QLatin1String("tensor parallel"))
                                ? glossaryTip("tensor_parallel") + glossaryTip("pipeline_parallel")
                                : QString();
        r.label->setToolTip(tip);
        r.value->setToolTip(tip);
        r.label->setVisible(true);
        r.value->setVisible(true);
    };
    if (s.ok) {
        for (const FitLine& line : s.lines) {
            show(qs(line.key), qs(line.label), qs(line.value), line.emphasis);
        }
        show(QStringLiteral("widthRule"), tr("Shape rule"), qs(s.width_rule), false);
    }
    for (int r = row; r < m_answerRows.size(); ++r) {
        m_answerRows[r].label->setVisible(false);
        m_answerRows[r].value->setVisible(false);
    }
    m_shownRows = row;
    for (int r = 0; r < row; ++r) { // the rule, also where the shape is (presentation mode)
        if (m_answerRows[r].value->objectName() == QLatin1String("shape")) {
            m_answerRows[r].value->setToolTip(qs(s.width_rule));
        }
    }
    arrangeAnswer(presentationMode());
    if (hideBox) {
        m_answerBox->setVisible(true);
    }
    // The exercise's table, its items made once and refilled, quietly: the view, told of each
    // cell, would measure every column (they fit their contents) again per cell. Told once.
    m_exercise->setRowCount(static_cast<int>(s.exercise.size()));
    QAbstractItemModel* model = m_exercise->model();
    QSignalBlocker quiet(model);
    bool changed = false;
    for (std::size_t i = 0; i < s.exercise.size(); ++i) {
        for (std::size_t c = 0; c < s.exercise[i].cells.size(); ++c) {
            const int rr = static_cast<int>(i);
            const int cc = static_cast<int>(c);
            QTableWidgetItem* item = m_exercise->item(rr, cc);
            if (item == nullptr) {
                item = new QTableWidgetItem;
                item->setTextAlignment(Qt::AlignVCenter |
                                       (c == 0 || c == 2 ? Qt::AlignLeft : Qt::AlignRight));
                m_exercise->setItem(rr, cc, item);
            }
            const QString text = qs(s.exercise[i].cells[c]);
            changed = changed || item->text() != text;
            item->setText(text);
        }
    }
    quiet.unblock();
    if (changed) {
        emit model->dataChanged(model->index(0, 0),
                                model->index(model->rowCount() - 1, model->columnCount() - 1));
    }
}

// One answer line a row; in presentation mode the byte lines two to a row. Placed again only when
// the lines or the mode change (not on every edit).
// Presentation mode also leaves the shape rule's sentence to the shape's tooltip, as Depth × width
// does.
void FitSolverView::arrangeAnswer(bool compact)
{
    QStringList keys;
    for (int r = 0; r < m_shownRows; ++r) {
        keys << m_answerRows[r].value->objectName();
        if (keys.last() == QLatin1String("widthRule")) {
            m_answerRows[r].label->setVisible(!compact);
            m_answerRows[r].value->setVisible(!compact);
        }
    }
    if (keys == m_arrangedKeys && compact == m_arrangedCompact) {
        return;
    }
    m_arrangedKeys = keys;
    m_arrangedCompact = compact;
    int gridRow = 0;
    int column = 0; // 0 or 2: the left or right half of a row of two
    for (int r = 0; r < m_shownRows; ++r) {
        const AnswerRow& a = m_answerRows[r];
        m_answer->removeWidget(a.label);
        m_answer->removeWidget(a.value);
        if (compact && pairable(keys[r])) {
            m_answer->addWidget(a.label, gridRow, column, Qt::AlignTop);
            m_answer->addWidget(a.value, gridRow, column + 1);
            column = column == 0 ? 2 : 0;
            gridRow += column == 0 ? 1 : 0;
            continue;
        }
        if (column == 2) {
            column = 0;
            ++gridRow;
        }
        m_answer->addWidget(a.label, gridRow, 0, Qt::AlignTop);
        m_answer->addWidget(a.value, gridRow, 1, 1, 3);
        ++gridRow;
    }
    m_answer->setColumnStretch(3, compact ? 1 : 0);
}

QStringList FitSolverView::answerLines() const
{
    QStringList lines;
    const FitSnapshot& s = m_model->snapshot();
    if (!s.ok) {
        return lines;
    }
    for (const FitLine& line : s.lines) {
        lines << qs(line.label) + QStringLiteral(":\t") + qs(line.value);
    }
    lines << tr("Shape rule") + QStringLiteral(":\t") + qs(s.width_rule);
    return lines;
}

} // namespace llmsizer::ui
