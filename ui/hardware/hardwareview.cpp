#include "ui/hardware/hardwareview.h"

#include "ui/hardware/hardwaretable.h"
#include "ui/kit/flowlayout.h"
#include "ui/kit/wraplabel.h"
#include "ui/state/configmodel.h"
#include "ui/state/hardwaremodel.h"
#include "ui/state/qstrings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace llmsizer::ui {

HardwareView::HardwareView(ConfigModel* config, HardwareModel* model, QWidget* parent)
    : QWidget(parent), m_config(config), m_model(model),
      m_tableModel(new HardwareTableModel(model, this)),
      m_filter(new HardwareFilterModel(m_tableModel, this)), m_table(new QTableView(this))
{
    buildControls();

    m_table->setModel(m_filter);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the presets' own order until a click
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setTabKeyNavigation(false); // Tab leaves the table; the arrows move in it
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->setAccessibleName(tr("Models on this hardware"));
    m_table->viewport()->installEventFilter(this);
    connect(m_table, &QTableView::activated, this, &HardwareView::openRow);

    auto* layout = qobject_cast<QVBoxLayout*>(this->layout());
    layout->addWidget(m_table, 1);
    layout->addWidget(m_current);
    layout->addWidget(m_note);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &HardwareView::showCurrentRow);

    connect(m_model, &HardwareModel::rowsChanged, this, [this] {
        updateStatus();
        fitColumns();
        restoreCurrentRow();
        if (isVisible()) {
            followOverviewModel();
        }
        showCurrentRow();
    });
    connect(m_model, &HardwareModel::busyChanged, this, [this] { updateStatus(); });
    connect(m_model, &HardwareModel::choiceChanged, this, &HardwareView::syncControls);
    m_config->whenChanged(ConfigModel::Change::Catalog, this, [this] { fillGpus(); });
    connect(m_config, &ConfigModel::presetsChanged, this, &HardwareView::syncControls);
    // A GPU added, renamed or removed in Custom GPUs.
    m_config->whenChanged(ConfigModel::Change::Catalog, this, [this] { syncControls(); });
    syncControls();
}

void HardwareView::fillGpus()
{
    const QSignalBlocker block(m_gpu);
    m_gpu->clear();
    for (const GpuSpec& g : m_config->gpuCatalog().gpus()) {
        m_gpu->addItem(qs(g.name) + (g.user ? tr(" (yours)") : QString()), qs(g.id));
    }
    // A GPU the catalog does not hold (yet: this machine's, before its detection is done) shows
    // the one its rows use meanwhile, never another; the choice keeps its own until a GPU is
    // picked (applyControls).
    int i = m_gpu->findData(m_model->choice().gpu);
    if (i < 0) {
        i = m_gpu->findData(qs(m_model->query().hardware.gpu.id));
    }
    m_gpu->setCurrentIndex(std::max(i, 0));
    m_shownGpu = m_gpu->currentData().toString();
}

void HardwareView::syncControls()
{
    m_syncing = true;
    fillGpus();
    const HardwareChoice& ch = m_model->choice();
    const RuntimeProfile rt = m_model->runtime();
    {
        const QSignalBlocker b0(m_osReserve), b1(m_gpus), b2(m_ram), b3(m_ramBandwidth),
            b4(m_runtime), b5(m_context), b6(m_batch), b7(m_decodeEfficiency),
            b8(m_prefillEfficiency), b9(m_backend), b10(m_vllmShare), b11(m_vllmSeqs),
            b12(m_vllmSampler), b13(m_ollamaContext), b14(m_sglangShare);
        const RunQuery q = m_model->query();
        const GpuSpec& gpu = q.hardware.gpu;
        // A unified-memory device (or a CPU-only machine) runs a model alone: one of it.
        m_gpus->setValue(gpu.unified_memory ? 1 : static_cast<int>(ch.gpus));
        m_gpus->setEnabled(!gpu.unified_memory);
        m_ram->setValue(static_cast<double>(ch.ram_bytes) / 1e9);
        // A CPU-only machine's RAM or a unified pool is the device's own memory: its bandwidth,
        // not a figure that contradicts the machine's line; elsewhere the RAM's, as set.
        m_ramBandwidth->setValue(gpu.unified_memory ? gpu.bandwidth_gb_s : ch.ram_bandwidth_gb_s);
        m_runtime->setCurrentIndex(std::max(0, m_runtime->findData(qs(rt.id))));
        m_backend->setCurrentIndex(std::max(
            0, m_backend->findData(qs(std::string(llamaCppBackendId(rt.llama_cpp.backend))))));
        // Under Ollama's default the field shows the machine's figure (each model's own at
        // most), greyed; the context set by hand is kept for when the box is unchecked.
        const bool ollamaDefault = q.ollamaDefault();
        m_ollamaContext->setChecked(ch.ollama_default_context);
        m_ollamaContext->setVisible(rt.kind == Runtime::Ollama);
        m_context->setEnabled(!ollamaDefault);
        m_context->setValue(
            static_cast<int>(ollamaDefault ? ollamaDefaultContext(rt, q.hardware, 0) : ch.context));
        m_batch->setValue(static_cast<int>(ch.batch));
        // Only a Radeon's speeds depend on llama.cpp's backend (the other runtimes have none);
        // elsewhere the picker shows Auto, and the choice kept for a Radeon stays.
        const bool backend = !radeonBackendLabel(rt, gpu).empty();
        m_backend->setEnabled(backend);
        if (!backend) {
            m_backend->setCurrentIndex(std::max(0, m_backend->findData(QStringLiteral("auto"))));
        }
        m_decodeEfficiency->setValue(decodeEfficiency(rt, gpu));
        m_prefillEfficiency->setValue(prefillEfficiency(rt.speed, gpu));
        const bool perCore = gpu.cpuOnly() && rt.speed.prefill_cpu_cores > 0;
        m_prefillEfficiency->setToolTip(
            !perCore
                ? tr("Share of peak FLOP/s a prefill reaches")
                : tr("Share of the CPU's FP32 vector peak a prefill reaches, before its cores: "
                     "on %1 cores it is divided by (1 + cores / %2), %3")
                      .arg(QString::number(gpu.cpuCores(), 'f', 0),
                           QString::number(rt.speed.prefill_cpu_cores, 'f', 0),
                           QString::number(prefillShareOn(rt.speed, gpu), 'f', 2)));
        // llama.cpp, Ollama and transformers offload to RAM; the serving engines and MLX do
        // not; a unified-memory device has no RAM apart from its own, of which the system keeps
        // a part.
        // A CPU-only machine's RAM is its memory: the field sets its size, at its own bandwidth.
        const bool ram = rt.offloads() && !gpu.unified_memory;
        m_ram->setEnabled(ram || gpu.cpuOnly());
        m_ramBandwidth->setEnabled(ram);
        const bool pool = gpu.unified_memory && !gpu.cpuOnly();
        // Beside a unified pool there is no RAM of its own: the field shows none (the value the
        // choice keeps for other machines is left as it is).
        m_ram->setSpecialValueText(pool ? tr("unified") : QString());
        if (pool) {
            m_ram->setValue(0);
        }
        const double gib = static_cast<double>(std::uint64_t{1} << 30);
        // Shown within this device's memory (as the query counts it); the choice keeps the value
        // the user set until the field is edited.
        m_osReserve->setMaximum(std::max(1.0, static_cast<double>(gpu.memory_bytes) / gib));
        m_osReserve->setValue(static_cast<double>(ch.os_reserve_bytes) / gib);
        m_shownReserve = m_osReserve->value();
        m_osReserve->setEnabled(pool && rt.offloads());
        m_osReserveBox->setVisible(pool);
        m_vllmShare->setValue(rt.vllm.gpu_memory_utilization.value());
        m_vllmSeqs->setValue(static_cast<int>(ch.vllm_max_seqs));
        m_vllmSampler->setCurrentIndex(ch.vllm_flashinfer ? 1 : 0);
        for (QWidget* box : m_vllmBoxes) {
            box->setVisible(rt.kind == Runtime::Vllm);
        }
        m_sglangShare->setValue(ch.sglang_fraction); // 0 reads "auto"
        m_sglangBox->setVisible(rt.kind == Runtime::Sglang);
        // Only where it changes something: a Radeon under llama.cpp or Ollama.
        m_backendBox->setVisible(rt.llamaCppFamily() && backend);
    }
    {
        const QSignalBlocker bp(m_precision);
        const QString precision = m_precision->currentData().toString();
        m_precision->clear();
        m_precision->addItem(tr("All precisions"), QString());
        for (const Precision& p : runPrecisions(rt, "")) {
            m_precision->addItem(qs(p.label), qs(p.id));
        }
        m_precision->setCurrentIndex(std::max(0, m_precision->findData(precision)));
    }
    {
        const QSignalBlocker bf(m_family), by(m_year);
        const QString family = m_family->currentData().toString();
        const int year = m_year->currentData().toInt();
        m_family->clear();
        m_family->addItem(tr("All families"), QString());
        for (const std::string& f : m_model->families()) {
            m_family->addItem(qs(f), qs(f));
        }
        m_family->setCurrentIndex(std::max(0, m_family->findData(family)));
        m_year->clear();
        m_year->addItem(tr("All years"), 0);
        for (int y : m_model->years()) {
            m_year->addItem(QString::number(y), y);
        }
        m_year->setCurrentIndex(std::max(0, m_year->findData(year)));
    }
    m_machine->setText(qs(hardwareSummary(m_model->query())));
    m_note->setText(qs(hardwareSpeedNote(m_model->runtime(), m_model->query().hardware.gpu)) +
                    QLatin1Char(' ') +
                    tr("Double-click a row (or press Enter) to open it in the Overview."));
    m_syncing = false;
    updateStatus();
}

void HardwareView::applyControls()
{
    if (m_syncing) {
        return;
    }
    HardwareChoice ch = m_model->choice();
    if (const QString picked = m_gpu->currentData().toString(); picked != m_shownGpu) {
        ch.gpu = picked;
    }
    if (m_gpus->isEnabled()) {
        ch.gpus = static_cast<std::uint64_t>(m_gpus->value());
    }
    if (m_ram->isEnabled()) {
        ch.ram_bytes = static_cast<std::uint64_t>(std::llround(m_ram->value() * 1e9));
    }
    if (m_ramBandwidth->isEnabled()) {
        ch.ram_bandwidth_gb_s = m_ramBandwidth->value();
    }
    if (m_osReserve->isEnabled() && std::abs(m_osReserve->value() - m_shownReserve) > 1e-9) {
        ch.os_reserve_bytes = static_cast<std::uint64_t>(
            std::llround(m_osReserve->value() * static_cast<double>(std::uint64_t{1} << 30)));
    }
    ch.runtime = m_runtime->currentData().toString();
    if (m_backend->isEnabled()) {
        ch.backend = m_backend->currentData().toString();
    }
    if (m_context->isEnabled()) {
        ch.context = static_cast<std::uint64_t>(m_context->value());
    }
    ch.ollama_default_context = m_ollamaContext->isChecked(); // as synced, unless toggled
    ch.batch = static_cast<std::uint64_t>(m_batch->value());
    if (ch.runtime == QLatin1String("vllm") && m_model->choice().runtime == ch.runtime) {
        // vLLM's 0.9 left alone stays "vLLM's own" (0), as the efficiencies do.
        const double share = m_vllmShare->value();
        ch.vllm_utilization = std::abs(share - 0.9) < 0.005 ? 0.0 : share;
        ch.vllm_max_seqs = static_cast<std::uint64_t>(m_vllmSeqs->value());
        ch.vllm_flashinfer = m_vllmSampler->currentData().toString() == QLatin1String("flashinfer");
    }
    if (ch.runtime == QLatin1String("sglang") && m_model->choice().runtime == ch.runtime) {
        // Under 0.05 (the field's "auto" at 0) is SGLang's own share.
        const double share = m_sglangShare->value();
        ch.sglang_fraction = share < 0.05 ? 0.0 : share;
    }
    // Efficiencies the user left at the runtime's defaults stay "the runtime's" (0); a new
    // runtime brings its own calibrated ones.
    RuntimeProfile defaults = runtimeById(ch.runtime.toStdString());
    defaults.llama_cpp.backend = llamaCppBackendById(ch.backend.toStdString());
    const GpuSpec* gpu = m_config->gpuCatalog().find(ch.gpu.toStdString());
    const GpuSpec spec = gpu != nullptr ? *gpu : m_model->query().hardware.gpu;
    // A CPU-only machine picked from the list is the size its entry says (the RAM field then
    // changes it); the RAM set for another machine would contradict its name.
    if (gpu != nullptr && gpu->cpuOnly() && ch.gpu != m_model->choice().gpu) {
        ch.ram_bytes = gpu->memory_bytes;
    }
    const double decodeDefault = decodeEfficiency(defaults, spec);
    const double prefillDefault = prefillEfficiency(defaults.speed, spec);
    if (ch.runtime != m_model->choice().runtime || ch.gpu != m_model->choice().gpu ||
        ch.backend != m_model->choice().backend) {
        m_decodeEfficiency->setValue(decodeDefault);
        m_prefillEfficiency->setValue(prefillDefault);
    }
    auto own = [](double v, double d) { return std::abs(v - d) < 0.005 ? 0.0 : v; };
    ch.decode_efficiency = own(m_decodeEfficiency->value(), decodeDefault);
    ch.prefill_efficiency = own(m_prefillEfficiency->value(), prefillDefault);
    if (!(ch == m_model->choice())) {
        ch.detected = false; // set by hand from now on, no longer the detected machine
    }
    m_model->setChoice(ch);
}

void HardwareView::applyFilter()
{
    HardwareFilter f;
    f.text = m_search->text().trimmed().toStdString();
    f.family = m_family->currentData().toString().toStdString();
    f.year = m_year->currentData().toInt();
    const int band = std::max(0, m_size->currentIndex());
    f.min_params = sizeBands().at(static_cast<std::size_t>(band)).min_params;
    f.max_params = sizeBands().at(static_cast<std::size_t>(band)).max_params;
    f.gpu_only = m_gpuOnly->isChecked();
    f.precision = m_precision->currentData().toString().toStdString();
    m_filter->setFilter(f);
    updateStatus();
}

void HardwareView::updateStatus()
{
    if (m_model->busy()) {
        m_status->setText(tr("Working…"));
        return;
    }
    QString text = tr("%1 of %2 rows").arg(m_filter->rowCount()).arg(m_tableModel->rowCount());
    if (m_columnsGaveWay > 0) {
        text += m_columnsGaveWay == 1
                    ? tr(" · 1 column hidden: narrow window")
                    : tr(" · %1 columns hidden: narrow window").arg(m_columnsGaveWay);
    }
    m_status->setText(text);
}

void HardwareView::openRow(const QModelIndex& index)
{
    if (!index.isValid()) {
        return;
    }
    emit openInOverview(index.data(HardwareTableModel::PresetRole).toString(),
                        index.data(HardwareTableModel::PrecisionRole).toString());
}

void HardwareView::setDark(bool dark)
{
    m_tableModel->setDark(dark);
}

void HardwareView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    m_model->setActive(true);
    scheduleFit();
    followOverviewModel();
}

void HardwareView::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    m_model->setActive(false);
}

} // namespace llmsizer::ui
