#include "ui/teach/fitsolverview.h"

#include "llmsizer/precision/precision.h"
#include "llmsizer/present/explore_tables.h"
#include "ui/kit/showrefresh.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"
#include "ui/kit/formrows.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <array>

namespace llmsizer::ui {

namespace {

const char* const kCurrentFamily = "";

} // namespace

FitSolverView::FitSolverView(ConfigModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_gpu(new QComboBox(this)), m_count(new QSpinBox(this)),
      m_precision(new QComboBox(this)), m_kv(new QComboBox(this)), m_context(new QSpinBox(this)),
      m_batch(new QSpinBox(this)), m_family(new QComboBox(this)), m_path(new QComboBox(this)),
      m_exactKv(new QCheckBox(tr("Keep KV heads &exactly"), this)), m_answer(nullptr),
      m_answerBox(new QGroupBox(tr("Answer"), this)), m_exercise(new QTableWidget(0, 5, this)),
      m_message(new QLabel(this)), m_refresh(new ShowRefresh(this, [this] {
          if (gpuListStale()) {
              fillGpus(); // the catalog grew or shrank while the view was hidden
          }
          runSolve();
      }))
{
    m_refresh->setStaleWhen([this] { return gpuListStale(); });
    elideLongEntries({m_gpu, m_precision, m_kv, m_family, m_path}); // GPU names, paths
    for (const Precision& p : weightPrecisions()) {
        m_precision->addItem(qs(p.label), qs(p.id));
    }
    m_precision->setCurrentIndex(m_precision->findData(QStringLiteral("int8")));
    for (const Precision& p : kvPrecisions()) {
        m_kv->addItem(qs(p.label), qs(p.id));
    }
    m_kv->setCurrentIndex(m_kv->findData(QStringLiteral("fp16")));
    m_count->setRange(1, 64);
    m_count->setSuffix(tr(" GPU(s)"));
    m_context->setRange(0, 1 << 20);
    m_context->setValue(4096);
    m_context->setSingleStep(1024);
    m_context->setGroupSeparatorShown(true);
    m_context->setSuffix(tr(" tokens"));
    m_context->setSpecialValueText(tr("no KV cache"));
    m_batch->setRange(1, 1024);
    m_path->addItem(tr("Layers grow with width (the base's d_model / layers)"));
    m_path->addItem(tr("Layers stay the base's; only the width grows"));
    m_exactKv->setToolTip(tr("Keep the base's KV head count exactly, as real GQA families do"));

    auto* inputs = new QGroupBox(tr("The largest model that fits"), this);
    auto* grid = new QGridLayout(inputs);
    auto* gpuLine = new QHBoxLayout;
    gpuLine->addWidget(m_gpu, 1);
    gpuLine->addWidget(m_count);
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
    grid->addWidget(m_exactKv, 4, 1);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);

    m_answer = new QGridLayout(m_answerBox);
    m_answer->setColumnStretch(1, 1);
    m_message->setWordWrap(true);
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
    m_exercise->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_exercise->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_exercise->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* exerciseBox = new QGroupBox(tr("The exercise at this GPU, context and family"), this);
    auto* exerciseLayout = new QVBoxLayout(exerciseBox);
    exerciseLayout->addWidget(m_exercise);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(inputs);
    layout->addWidget(m_message);
    layout->addWidget(m_answerBox);
    layout->addWidget(exerciseBox);
    layout->addStretch(1);

    fillGpus();
    fillFamilies();
    for (QComboBox* box : {m_gpu, m_precision, m_kv, m_family, m_path}) {
        connect(box, &QComboBox::activated, this, &FitSolverView::solve);
    }
    for (QSpinBox* box : {m_count, m_context, m_batch}) {
        connect(box, &QSpinBox::valueChanged, this, &FitSolverView::solve);
    }
    connect(m_exactKv, &QCheckBox::toggled, this, &FitSolverView::solve);
    connect(m_model, &ConfigModel::changed, this, &FitSolverView::onModelChanged);
    followWorkload();
    connect(m_model, &ConfigModel::presetsChanged, this, [this] {
        fillGpus();
        fillFamilies();
        m_refresh->invalidate();
    });
}

void FitSolverView::fillGpus()
{
    const QString wanted =
        m_gpu->count() > 0 ? m_gpu->currentData().toString() : QStringLiteral("rtx-4090-24gb");
    m_gpu->clear();
    for (const GpuSpec& g : m_model->gpuCatalog().gpus()) {
        m_gpu->addItem(qs(gpuLabel(g)), qs(g.id));
    }
    m_gpu->setCurrentIndex(std::max(0, m_gpu->findData(wanted)));
}

bool FitSolverView::gpuListStale() const
{
    // A user GPU added, removed, renamed or edited (its label shows its memory).
    const std::vector<GpuSpec>& gpus = m_model->gpuCatalog().gpus();
    if (m_gpu->count() != static_cast<int>(gpus.size())) {
        return true;
    }
    for (std::size_t i = 0; i < gpus.size(); ++i) {
        const int row = static_cast<int>(i);
        if (m_gpu->itemData(row).toString() != qs(gpus[i].id) ||
            m_gpu->itemText(row) != qs(gpuLabel(gpus[i]))) {
            return true;
        }
    }
    return false;
}

void FitSolverView::fillFamilies()
{
    const QString wanted = m_family->currentData().toString();
    m_family->clear();
    m_family->addItem(tr("The current model"), QString::fromLatin1(kCurrentFamily));
    for (const Preset& p : m_model->presets()) {
        m_family->addItem(tr("%1's shape").arg(qs(p.name)), qs(p.id));
    }
    m_family->setCurrentIndex(std::max(0, m_family->findData(wanted)));
}

// The workload (context, batch, KV precision) is the one on the left, as in the Overview.
// Returns whether it changed.
bool FitSolverView::followWorkload()
{
    const int context = m_context->value();
    const int batch = m_batch->value();
    const int kvIndex = m_kv->currentIndex();
    const QSignalBlocker blockContext(m_context);
    const QSignalBlocker blockBatch(m_batch);
    m_context->setValue(static_cast<int>(std::min<std::uint64_t>(
        m_model->context(), static_cast<std::uint64_t>(m_context->maximum()))));
    m_batch->setValue(static_cast<int>(
        std::min<std::uint64_t>(m_model->batch(), static_cast<std::uint64_t>(m_batch->maximum()))));
    const int kv = m_kv->findData(m_model->kvPrecision());
    if (kv >= 0) {
        m_kv->setCurrentIndex(kv);
    }
    return context != m_context->value() || batch != m_batch->value() ||
           kvIndex != m_kv->currentIndex();
}

void FitSolverView::onModelChanged()
{
    // The user's GPUs changed (a hidden view refills when it is shown).
    const bool gpus = isVisible() && gpuListStale();
    if (gpus) {
        fillGpus();
    }
    const bool workload = followWorkload();
    if (m_family->currentIndex() > 0 && !workload && !gpus) {
        return; // a preset's shape does not follow the sliders
    }
    m_refresh->invalidate();
}

void FitSolverView::solve()
{
    m_refresh->rebuild();
}

bool FitSolverView::setExercise(const QString& gpu, const QString& precision, std::uint64_t context)
{
    const int g = m_gpu->findData(gpu);
    const int p = m_precision->findData(precision);
    const int kv = m_kv->findData(QStringLiteral("fp16"));
    if (g < 0 || p < 0 || kv < 0) {
        return false;
    }
    m_gpu->setCurrentIndex(g);
    m_count->setValue(1);
    m_precision->setCurrentIndex(p);
    m_kv->setCurrentIndex(kv);
    m_context->setValue(static_cast<int>(
        std::min<std::uint64_t>(context, static_cast<std::uint64_t>(m_context->maximum()))));
    m_batch->setValue(1);
    m_family->setCurrentIndex(0);
    m_path->setCurrentIndex(0);
    m_exactKv->setChecked(false);
    solve();
    return true;
}

void FitSolverView::runSolve()
{
    while (QLayoutItem* item = m_answer->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_exercise->setRowCount(0);
    m_message->setVisible(false);
    const GpuSpec* gpu = m_model->gpuCatalog().find(m_gpu->currentData().toString().toStdString());
    if (gpu == nullptr) {
        return;
    }
    const QString familyId = m_family->currentData().toString();
    const Preset* preset = familyId.isEmpty() ? nullptr : m_model->findPreset(familyId);
    const ModelConfig& base = preset != nullptr ? preset->config : m_model->config();
    FitPath path;
    path.keep_layers = m_path->currentIndex() == 1;
    ShapeRules rules;
    // The family rule every view uses (explore.h): head_dim and the queries per KV head kept (no
    // prime head counts forced to one KV head); or, checked, the exact KV head count of the base.
    rules.kv = m_exactKv->isChecked() ? KvScaling::KeepCountExact : KvScaling::Auto;
    auto budgetAt = [&](const QString& precision) {
        return fitBudgetFor(*gpu, static_cast<std::uint64_t>(m_count->value()),
                            precision.toStdString(), m_kv->currentData().toString().toStdString(),
                            static_cast<std::uint64_t>(m_context->value()),
                            static_cast<std::uint64_t>(m_batch->value()),
                            m_model->overhead().toStdString());
    };
    try {
        // One cache for the answer and the exercise: each shape is counted once.
        CountCache counts;
        if (&base == &m_model->config()) {
            counts.add(base, m_model->count());
        }
        const FitBudget budget = budgetAt(m_precision->currentData().toString());
        const FitResult result = largestThatFits(counts, base, budget, path, rules);
        int row = 0;
        for (const FitLine& line : fitLines(result, budget, m_model->units())) {
            auto* label = new QLabel(qs(line.label) + QLatin1Char(':'), m_answerBox);
            auto* value = new QLabel(qs(line.value), m_answerBox);
            value->setObjectName(qs(line.key));
            value->setWordWrap(true);
            value->setTextInteractionFlags(Qt::TextSelectableByMouse);
            if (line.emphasis) {
                QFont f;
                f.setBold(true);
                value->setFont(f);
                label->setFont(f);
            }
            m_answer->addWidget(label, row, 0, Qt::AlignTop);
            m_answer->addWidget(value, row, 1);
            ++row;
        }
        auto* ruleLabel = new QLabel(tr("Shape rule:"), m_answerBox);
        auto* rule = new QLabel(qs(widthRuleText(base, rules)), m_answerBox);
        rule->setObjectName(QStringLiteral("widthRule"));
        rule->setWordWrap(true);
        m_answer->addWidget(ruleLabel, row, 0, Qt::AlignTop);
        m_answer->addWidget(rule, row, 1);
        const std::array<QString, 3> exercise{QStringLiteral("fp16"), QStringLiteral("int8"),
                                              QStringLiteral("int4")};
        m_exercise->setRowCount(static_cast<int>(exercise.size()));
        for (std::size_t i = 0; i < exercise.size(); ++i) {
            const FitBudget b = budgetAt(exercise[i]);
            const FitResult r = largestThatFits(counts, base, b, path, rules);
            const std::array<QString, 5> cells{
                qs(precisionById(exercise[i].toStdString()).label),
                r.found ? qs(countWithShort(r.best.params)) : tr("nothing fits"),
                r.found ? qs(shapeText(r.best.config)) : QString(),
                r.found ? qs(formatBytes(r.headroom_bytes, m_model->units())) : QString(),
                r.has_next ? qs(shortCount(r.next.params)) : QString()};
            for (std::size_t c = 0; c < cells.size(); ++c) {
                auto* item = new QTableWidgetItem(cells[c]);
                item->setTextAlignment(Qt::AlignVCenter |
                                       (c == 0 || c == 2 ? Qt::AlignLeft : Qt::AlignRight));
                m_exercise->setItem(static_cast<int>(i), static_cast<int>(c), item);
            }
        }
    } catch (const std::exception& e) {
        m_message->setText(qs(e.what()));
        m_message->setVisible(true);
    }
}

QStringList FitSolverView::answerLines() const
{
    QStringList lines;
    for (int r = 0; r < m_answer->rowCount(); ++r) {
        QLayoutItem* label = m_answer->itemAtPosition(r, 0);
        QLayoutItem* value = m_answer->itemAtPosition(r, 1);
        if (label == nullptr || value == nullptr) {
            continue;
        }
        lines << qobject_cast<QLabel*>(label->widget())->text() + QLatin1Char('\t') +
                     qobject_cast<QLabel*>(value->widget())->text();
    }
    return lines;
}

} // namespace llmsizer::ui
