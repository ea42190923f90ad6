// My hardware's controls (HardwareView::buildControls): the machine, the runtime (and vLLM's own
// settings under vLLM), the workload and the speed model's efficiencies, in a flow that wraps in
// a narrow window; the filters over the table; and when a field applies.
#include "llmsizer/present/hardware_view.h"
#include "ui/hardware/hardwareview.h"
#include "ui/kit/flowlayout.h"
#include "ui/kit/wraplabel.h"
#include "ui/state/hardwaremodel.h"
#include "ui/state/qstrings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

namespace llmsizer::ui {

namespace {

QLabel* caption(const QString& text, QWidget* buddy, QWidget* parent)
{
    auto* l = new QLabel(text, parent);
    l->setBuddy(buddy);
    return l;
}

} // namespace

void HardwareView::buildControls()
{
    auto* layout = new QVBoxLayout(this);

    m_gpu = new QComboBox(this);
    m_gpu->setAccessibleName(tr("GPU"));
    m_gpu->setToolTip(tr("The GPU type, from the catalog (and your own GPUs)"));
    m_gpus = new QSpinBox(this);
    m_gpus->setRange(1, static_cast<int>(Limits::maxGpus));
    m_gpus->setAccessibleName(tr("Number of GPUs"));
    m_ram = new QDoubleSpinBox(this);
    m_ram->setRange(0, 65536);
    m_ram->setDecimals(1); // a 64 GiB machine is 68.7 GB
    m_ram->setSuffix(tr(" GB"));
    m_ram->setToolTip(tr("System RAM the model may use for layers offloaded from the GPU "
                         "(GB = 10⁹ bytes); 0 = no offloading"));
    m_ram->setAccessibleName(tr("System RAM for offloading, GB"));
    m_ramBandwidth = new QDoubleSpinBox(this);
    m_ramBandwidth->setRange(0.1, 100000);
    m_ramBandwidth->setDecimals(1);
    m_ramBandwidth->setSuffix(tr(" GB/s"));
    m_ramBandwidth->setToolTip(tr("System RAM bandwidth for the offloaded layers' decode "
                                  "(89.6 GB/s: dual-channel DDR5-5600)"));
    m_ramBandwidth->setAccessibleName(tr("RAM bandwidth, GB/s"));
    m_osReserve = new QDoubleSpinBox(this);
    m_osReserve->setRange(0, 1024);
    m_osReserve->setDecimals(1);
    m_osReserve->setSingleStep(0.5);
    m_osReserve->setSuffix(tr(" GiB"));
    m_osReserve->setToolTip(tr("What the operating system keeps of this device's unified memory "
                               "(GiB = 2³⁰ bytes); the model's GPU and CPU parts share the rest. "
                               "The default, 2 GiB, is about what macOS wires for its kernel at "
                               "idle; a desktop with other programs open keeps more"));
    m_osReserve->setAccessibleName(tr("Memory the system keeps, GiB"));
    m_runtime = new QComboBox(this);
    for (const RuntimeProfile& r : runtimeProfiles()) {
        m_runtime->addItem(qs(r.label), qs(r.id));
    }
    m_runtime->setAccessibleName(tr("Runtime"));
    m_runtime->setToolTip(tr("Memory placed as the runtime places it: llama.cpp and Ollama keep "
                             "the token embedding in RAM, split GPUs by layers and can put MoE "
                             "experts or layers in RAM; vLLM, SGLang and TensorRT-LLM preallocate "
                             "a share of each GPU, tensor parallel; MLX wires unified memory; "
                             "transformers offloads whole layers"));
    m_backend = new QComboBox(this);
    for (LlamaCppBackend b : llamaCppBackends()) {
        m_backend->addItem(qs(std::string(llamaCppBackendLabel(b))),
                           qs(std::string(llamaCppBackendId(b))));
    }
    m_backend->setAccessibleName(tr("llama.cpp backend"));
    m_backend->setToolTip(
        tr("The backend llama.cpp (and Ollama) runs on: on an AMD Radeon, ROCm/HIP "
           "and Vulkan reach different shares of the memory bandwidth, each "
           "calibrated on its own runs (docs/compute.md). Auto is ROCm/HIP, "
           "what Ollama ships for Radeon cards; no other GPU's figures depend "
           "on it"));
    m_context = new QSpinBox(this);
    m_context->setRange(1, static_cast<int>(Limits::maxContext));
    m_context->setSingleStep(1024);
    m_context->setGroupSeparatorShown(true);
    m_context->setAccessibleName(tr("Context, tokens per sequence"));
    m_ollamaContext = new QCheckBox(tr("&Ollama's default"), this);
    m_ollamaContext->setToolTip(
        tr("Ollama's own context when none is set: chosen by the VRAM its discovery reports, "
           "at most the model's own (the line under these fields gives the figure); a model "
           "that does not fit the GPUs at it gets experts or layers in RAM. Uncheck to set the "
           "context yourself (OLLAMA_CONTEXT_LENGTH or num_ctx)"));
    m_batch = new QSpinBox(this);
    m_batch->setRange(1, static_cast<int>(Limits::maxBatch));
    m_batch->setAccessibleName(tr("Concurrent sequences"));
    m_decodeEfficiency = new QDoubleSpinBox(this);
    m_prefillEfficiency = new QDoubleSpinBox(this);
    for (QDoubleSpinBox* e : {m_decodeEfficiency, m_prefillEfficiency}) {
        e->setRange(0.05, e == m_decodeEfficiency ? 1.0 : kMaxPrefillEfficiency);
        e->setSingleStep(0.05);
        e->setDecimals(2);
    }
    m_decodeEfficiency->setToolTip(
        tr("Share of peak memory bandwidth a decode step reaches (calibrated per runtime on "
           "published measurements: docs/compute.md)"));
    m_decodeEfficiency->setAccessibleName(tr("Decode efficiency"));
    m_prefillEfficiency->setToolTip(tr("Share of peak FLOP/s a prefill reaches"));
    m_prefillEfficiency->setAccessibleName(tr("Prefill efficiency"));
    // vLLM's own settings, shown under vLLM: its share of each GPU, the sequences its sampler
    // profile holds (the change a "no" row often names) and which sampler.
    m_vllmShare = new QDoubleSpinBox(this);
    m_vllmShare->setRange(0.05, 1.0);
    m_vllmShare->setSingleStep(0.01);
    m_vllmShare->setDecimals(2);
    m_vllmShare->setAccessibleName(tr("vLLM GPU memory utilization"));
    m_vllmShare->setToolTip(tr("--gpu-memory-utilization: the share of each GPU vLLM takes for "
                               "its weights, activations and KV cache (its default 0.90)"));
    m_vllmSeqs = new QSpinBox(this);
    m_vllmSeqs->setRange(0, static_cast<int>(Limits::maxBatch));
    m_vllmSeqs->setSpecialValueText(tr("auto"));
    m_vllmSeqs->setAccessibleName(tr("vLLM max num seqs"));
    m_vllmSeqs->setToolTip(tr("--max-num-seqs: sequences at once, whose logits vLLM's sampler "
                              "profile holds; auto is its default, 1,024 on GPUs of 70 GiB or "
                              "more (not an A100), else 256"));
    m_vllmSampler = new QComboBox(this);
    m_vllmSampler->addItem(tr("sort (0.11)"), QStringLiteral("sort"));
    m_vllmSampler->addItem(tr("FlashInfer (2026)"), QStringLiteral("flashinfer"));
    m_vllmSampler->setAccessibleName(tr("vLLM sampler"));
    m_vllmSampler->setToolTip(tr("The top-k/top-p sampler vLLM profiles: PyTorch's sort (38 bytes "
                                 "a logit; vLLM 0.11) or FlashInfer's (14; vLLM's default on "
                                 "NVIDIA GPUs from Turing on since April 2026). docs/memory.md"));
    // SGLang's own share, shown under SGLang: auto is its default from the GPU's memory, the
    // chunk and the graphs (the machine line says the share in use).
    m_sglangShare = new QDoubleSpinBox(this);
    m_sglangShare->setRange(0.0, 1.0);
    m_sglangShare->setSingleStep(0.01);
    m_sglangShare->setDecimals(3);
    m_sglangShare->setSpecialValueText(tr("auto"));
    m_sglangShare->setAccessibleName(tr("SGLang mem fraction static"));
    m_sglangShare->setToolTip(tr("--mem-fraction-static: the share of each GPU SGLang takes for "
                                 "its weights and KV pool; auto is SGLang 0.5.18's, from the GPU's "
                                 "memory less a reserve for activations and CUDA graphs (0.830 on "
                                 "one H100). docs/memory.md"));
    m_customGpus = new QPushButton(tr("Custom GPUs…"), this);
    m_customGpus->setToolTip(tr("Add, edit or remove your own GPUs"));
    connect(m_customGpus, &QPushButton::clicked, this, &HardwareView::editGpusRequested);

    // The machine, the runtime and the workload, as label-and-field pairs that wrap onto more
    // rows in a narrow window (the view never forces the window wider).
    auto* controls = new QWidget(this);
    auto* flow = new FlowLayout(controls, 12);
    flow->setContentsMargins(0, 0, 0, 0);
    auto pair = [controls, flow](const QString& text, QWidget* w) {
        auto* box = new QWidget(controls);
        auto* line = new QHBoxLayout(box);
        line->setContentsMargins(0, 0, 0, 0);
        if (!text.isEmpty()) {
            line->addWidget(caption(text, w, box));
        }
        w->setParent(box);
        line->addWidget(w);
        flow->addWidget(box);
        return box;
    };
    m_gpu->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_gpu->setMinimumContentsLength(20);
    pair(tr("&GPU"), m_gpu);
    pair(tr("×"), m_gpus);
    pair(tr("System &RAM"), m_ram);
    pair(tr("at"), m_ramBandwidth);
    m_osReserveBox = pair(tr("System &keeps"), m_osReserve);
    pair(QString(), m_customGpus);
    pair(tr("R&untime"), m_runtime);
    m_backendBox = pair(tr("on"), m_backend);
    m_vllmBoxes = {pair(tr("vLLM share"), m_vllmShare), pair(tr("se&quences"), m_vllmSeqs),
                   pair(tr("sampler"), m_vllmSampler)};
    m_sglangBox = pair(tr("SGLang share"), m_sglangShare);
    // The box beside its field, so that the two never wrap apart.
    QWidget* contextBox = pair(tr("Con&text"), m_context);
    m_ollamaContext->setParent(contextBox);
    contextBox->layout()->addWidget(m_ollamaContext);
    pair(tr("&Batch"), m_batch);
    // Decode and prefill side by side, so that the two never wrap apart.
    QWidget* efficiencyBox = pair(tr("Efficiency: decode"), m_decodeEfficiency);
    m_prefillEfficiency->setParent(efficiencyBox);
    efficiencyBox->layout()->addWidget(caption(tr("prefill"), m_prefillEfficiency, efficiencyBox));
    efficiencyBox->layout()->addWidget(m_prefillEfficiency);
    layout->addWidget(controls);

    m_machine = new WrapLabel(this);
    layout->addWidget(m_machine);

    m_search = new QLineEdit(this);
    // Short enough for presentation mode's larger type at 1240 px; the tooltip says the rest.
    m_search->setPlaceholderText(tr("Filter by name…"));
    m_search->setToolTip(tr("Shows the models whose name or family holds this text"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Filter by name"));
    m_family = new QComboBox(this);
    m_family->setAccessibleName(tr("Family"));
    m_year = new QComboBox(this);
    m_year->setAccessibleName(tr("Year"));
    m_size = new QComboBox(this);
    for (const SizeBand& b : sizeBands()) {
        m_size->addItem(qs(b.label));
    }
    m_size->setAccessibleName(tr("Size"));
    m_precision = new QComboBox(this);
    m_precision->setAccessibleName(tr("Precision"));
    m_gpuOnly = new QCheckBox(tr("Runs entirely on the GPUs"), this);
    m_status = new QLabel(this);
    m_status->setAccessibleName(tr("Rows shown"));
    m_search->setMinimumWidth(220);
    auto* filterBox = new QWidget(this);
    auto* filters = new FlowLayout(filterBox, 8);
    filters->setContentsMargins(0, 0, 0, 0);
    for (QWidget* w : std::initializer_list<QWidget*>{m_search, m_family, m_year, m_size,
                                                      m_precision, m_gpuOnly, m_status}) {
        w->setParent(filterBox);
        filters->addWidget(w);
    }
    layout->addWidget(filterBox);

    m_note = new WrapLabel(this);
    m_current = new WrapLabel(this);
    m_current->setTextFormat(Qt::PlainText);
    m_current->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_current->setAccessibleName(tr("Selected row"));
    m_current->hide();

    // Enter or leaving a field applies it at once; a value stepped with the arrows, the keys or
    // the wheel applies when the stepping pauses, so the table never disagrees with the field.
    m_applyTimer = new QTimer(this);
    m_applyTimer->setSingleShot(true);
    m_applyTimer->setInterval(400);
    connect(m_applyTimer, &QTimer::timeout, this, &HardwareView::applyControls);
    const auto soon = [this] {
        if (!m_syncing) {
            m_applyTimer->start();
        }
    };
    const auto now = [this] {
        m_applyTimer->stop();
        applyControls();
    };
    for (QSpinBox* s : {m_gpus, m_context, m_batch, m_vllmSeqs}) {
        connect(s, &QSpinBox::valueChanged, this, soon);
        connect(s, &QSpinBox::editingFinished, this, now);
    }
    for (QDoubleSpinBox* s : {m_ram, m_ramBandwidth, m_osReserve, m_decodeEfficiency,
                              m_prefillEfficiency, m_vllmShare, m_sglangShare}) {
        connect(s, &QDoubleSpinBox::valueChanged, this, soon);
        connect(s, &QDoubleSpinBox::editingFinished, this, now);
    }
    // A step up from "auto" (0) starts at SGLang's own share rather than at 0.01, which is no
    // share a server runs with (the settings take 0.05 to 1).
    connect(m_sglangShare, &QDoubleSpinBox::valueChanged, this, [this](double share) {
        if (share > 0 && share < 0.05) {
            const QSignalBlocker block(m_sglangShare);
            m_sglangShare->setValue(sglangDefaultShare(m_model->query()));
        }
    });
    for (QComboBox* b : {m_gpu, m_runtime, m_backend, m_vllmSampler}) {
        connect(b, &QComboBox::activated, this, &HardwareView::applyControls);
    }
    connect(m_search, &QLineEdit::textChanged, this, &HardwareView::applyFilter);
    for (QComboBox* b : {m_family, m_year, m_size, m_precision}) {
        connect(b, &QComboBox::currentIndexChanged, this, &HardwareView::applyFilter);
    }
    connect(m_gpuOnly, &QCheckBox::toggled, this, &HardwareView::applyFilter);
    connect(m_ollamaContext, &QCheckBox::toggled, this, now);
}

} // namespace llmsizer::ui
