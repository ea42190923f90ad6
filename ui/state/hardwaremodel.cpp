#include "ui/state/hardwaremodel.h"

#include "llmsizer/text/text.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <QMetaObject>
#include <algorithm>
#include <future>
#include <mutex>
#include <set>

namespace llmsizer::ui {

namespace {

// The worker threads still running; the model waits for them when it goes away.
struct Workers {
    std::mutex mutex;
    std::vector<std::future<void>> running;
};

Workers& workers()
{
    static Workers w;
    return w;
}

std::uint64_t toUInt(const QString& s, std::uint64_t fallback, std::uint64_t lo, std::uint64_t hi)
{
    bool ok = false;
    const qulonglong v = s.toULongLong(&ok);
    return ok && v >= lo && v <= hi ? v : fallback;
}

double toDouble(const QString& s, double fallback, double lo, double hi)
{
    const std::optional<double> v = text::parseDouble(s.toStdString());
    return v && *v >= lo && *v <= hi ? *v : fallback;
}

// Everything a computation of the presets' rows needs, copied: the worker reads nothing the app
// may change meanwhile.
struct Job {
    std::vector<Preset> presets;
    RunQuery query;
    ByteUnits units = ByteUnits::Decimal;
};

} // namespace

QStringList HardwareChoice::toStrings() const
{
    return {QStringLiteral("gpu=") + gpu,
            QStringLiteral("gpus=") + QString::number(gpus),
            QStringLiteral("ram=") + QString::number(ram_bytes),
            QStringLiteral("ramBandwidth=") +
                QString::fromStdString(text::general(ram_bandwidth_gb_s, 6)),
            QStringLiteral("osReserve=") + QString::number(os_reserve_bytes),
            QStringLiteral("runtime=") + runtime,
            QStringLiteral("backend=") + backend,
            QStringLiteral("context=") + QString::number(context),
            QStringLiteral("batch=") + QString::number(batch),
            QStringLiteral("decodeEfficiency=") +
                QString::fromStdString(text::general(decode_efficiency, 6)),
            QStringLiteral("prefillEfficiency=") +
                QString::fromStdString(text::general(prefill_efficiency, 6)),
            QStringLiteral("vllmUtilization=") +
                QString::fromStdString(text::general(vllm_utilization, 6)),
            QStringLiteral("vllmMaxSeqs=") + QString::number(vllm_max_seqs),
            QStringLiteral("vllmSampler=") +
                (vllm_flashinfer ? QStringLiteral("flashinfer") : QStringLiteral("sort")),
            QStringLiteral("sglangFraction=") +
                QString::fromStdString(text::general(sglang_fraction, 6)),
            QStringLiteral("ollamaDefaultContext=") +
                QString::number(ollama_default_context ? 1 : 0),
            QStringLiteral("detected=") + QString::number(detected ? 1 : 0)};
}

HardwareChoice HardwareChoice::fromStrings(const QStringList& items)
{
    HardwareChoice c;
    bool contextSet = false;
    bool defaultSaid = false;
    for (const QString& item : items) {
        const qsizetype eq = item.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            continue;
        }
        const QString key = item.left(eq);
        const QString value = item.mid(eq + 1);
        if (key == QLatin1String("gpu") && !value.isEmpty()) {
            c.gpu = value;
        } else if (key == QLatin1String("gpus")) {
            c.gpus = toUInt(value, c.gpus, 1, Limits::maxGpus);
        } else if (key == QLatin1String("ram")) {
            c.ram_bytes = toUInt(value, c.ram_bytes, 0, 1ull << 50);
        } else if (key == QLatin1String("ramGB")) {
            c.ram_bytes = static_cast<std::uint64_t>(std::llround(
                toDouble(value, static_cast<double>(c.ram_bytes) / 1e9, 0, 1e6) * 1e9));
        } else if (key == QLatin1String("ramBandwidth")) {
            c.ram_bandwidth_gb_s = toDouble(value, c.ram_bandwidth_gb_s, 0.1, 100000);
        } else if (key == QLatin1String("osReserve")) {
            c.os_reserve_bytes = toUInt(value, c.os_reserve_bytes, 0, 1ull << 40);
        } else if (key == QLatin1String("runtime") && !value.isEmpty()) {
            c.runtime = value;
        } else if (key == QLatin1String("backend")) {
            try {
                c.backend =
                    qs(std::string(llamaCppBackendId(llamaCppBackendById(value.toStdString()))));
            } catch (const std::exception&) {
                // an unknown backend keeps the default
            }
        } else if (key == QLatin1String("context")) {
            c.context = toUInt(value, c.context, 1, Limits::maxContext);
            bool ok = false;
            const qulonglong v = value.toULongLong(&ok);
            contextSet = ok && v >= 1 && v <= Limits::maxContext;
        } else if (key == QLatin1String("batch")) {
            c.batch = toUInt(value, c.batch, 1, Limits::maxBatch);
        } else if (key == QLatin1String("decodeEfficiency")) {
            c.decode_efficiency = toDouble(value, 0, 0, 1);
        } else if (key == QLatin1String("prefillEfficiency")) {
            c.prefill_efficiency = toDouble(value, 0, 0, kMaxPrefillEfficiency);
        } else if (key == QLatin1String("vllmUtilization")) {
            c.vllm_utilization = toDouble(value, 0, 0, 1);
        } else if (key == QLatin1String("vllmMaxSeqs")) {
            c.vllm_max_seqs = toUInt(value, 0, 0, Limits::maxBatch);
        } else if (key == QLatin1String("vllmSampler")) {
            c.vllm_flashinfer = value == QLatin1String("flashinfer");
        } else if (key == QLatin1String("sglangFraction")) {
            c.sglang_fraction = toDouble(value, 0, 0, 1);
        } else if (key == QLatin1String("ollamaDefaultContext")) {
            c.ollama_default_context = value != QLatin1String("0");
            defaultSaid = true;
        } else if (key == QLatin1String("detected")) {
            c.detected = value == QLatin1String("1");
        }
    }
    // A context given (--hardware context=N) is the one Ollama runs at, unless the items say
    // otherwise (the settings write both).
    if (contextSet && !defaultSaid) {
        c.ollama_default_context = false;
    }
    return c;
}

HardwareModel::HardwareModel(ConfigModel* model, QObject* parent)
    : QObject(parent), m_model(model), m_generation(std::make_shared<std::atomic<int>>(0))
{
    using Change = ConfigModel::Change;
    // The presets' rows follow the catalog, the units and the KV precision (computed on a worker);
    // the current model's rows follow its edits (one model: computed at once).
    m_model->whenChanged(Change::Catalog | Change::Display, this, [this] { invalidate(); });
    connect(m_model, &ConfigModel::presetsChanged, this, [this] { invalidate(); });
    m_model->whenChanged(Change::Configuration | Change::ModelLoaded, this, [this] {
        m_currentStale = true;
        if (m_active) {
            updateCurrent();
        }
    });
}

HardwareModel::~HardwareModel()
{
    ++*m_generation;
    std::lock_guard lock(workers().mutex);
    for (std::future<void>& f : workers().running) {
        f.wait();
    }
    workers().running.clear();
}

RuntimeProfile HardwareModel::runtime() const
{
    const auto& all = runtimeProfiles();
    const auto it = std::find_if(all.begin(), all.end(), [this](const RuntimeProfile& r) {
        return r.id == m_choice.runtime.toStdString();
    });
    RuntimeProfile r = it != all.end() ? *it : all.front();
    try {
        r.llama_cpp.backend = llamaCppBackendById(m_choice.backend.toStdString());
    } catch (const std::exception&) {
        r.llama_cpp.backend = LlamaCppBackend::Auto;
    }
    // The user's efficiencies replace the model's for the chosen GPU's memory and device class
    // (a Radeon's: the backend's).
    const GpuSpec* gpu = m_model->gpuCatalog().find(m_choice.gpu.toStdString());
    if (gpu != nullptr && m_choice.decode_efficiency > 0) {
        setDecodeEfficiency(r, *gpu, m_choice.decode_efficiency);
    }
    if (gpu != nullptr && m_choice.prefill_efficiency > 0) {
        setPrefillEfficiency(r.speed, *gpu, m_choice.prefill_efficiency);
    }
    if (m_choice.vllm_utilization > 0) {
        r.vllm.gpu_memory_utilization = {
            static_cast<std::uint64_t>(std::llround(m_choice.vllm_utilization * 1000)), 1000};
    }
    r.vllm.max_num_seqs = m_choice.vllm_max_seqs;
    r.vllm.flashinfer_sampler = m_choice.vllm_flashinfer;
    if (m_choice.sglang_fraction > 0) {
        r.sglang.mem_fraction_static = {
            static_cast<std::uint64_t>(std::llround(m_choice.sglang_fraction * 1000)), 1000};
    }
    return r;
}

RunQuery HardwareModel::query() const
{
    RunQuery q;
    const GpuCatalog& catalog = m_model->gpuCatalog();
    const GpuSpec* gpu = catalog.find(m_choice.gpu.toStdString());
    if (gpu == nullptr) {
        gpu = catalog.find(HardwareChoice{}.gpu.toStdString());
    }
    if (gpu == nullptr && !catalog.gpus().empty()) {
        gpu = &catalog.gpus().front();
    }
    if (gpu != nullptr) {
        q.hardware.gpu = *gpu;
    }
    // A unified-memory device or a CPU-only machine runs a model alone.
    q.hardware.gpus = q.hardware.gpu.unified_memory ? 1 : m_choice.gpus;
    q.hardware.ram_bytes = m_choice.ram_bytes;
    q.hardware.ram_bandwidth_gb_s = m_choice.ram_bandwidth_gb_s;
    q.hardware.unified_os_reserve_bytes =
        std::min(m_choice.os_reserve_bytes, q.hardware.gpu.memory_bytes); // as the field shows it
    q.runtime = runtime();
    q.context = m_choice.context;
    q.context_given = q.runtime.kind != Runtime::Ollama || !m_choice.ollama_default_context;
    q.batch = m_choice.batch;
    q.kv = kvPrecisionById(m_model->kvPrecision().toStdString());
    return q;
}

ByteUnits HardwareModel::units() const
{
    return m_model->units();
}

void HardwareModel::setChoice(const HardwareChoice& choice)
{
    if (choice == m_choice) {
        return;
    }
    m_choice = choice;
    emit choiceChanged();
    invalidate();
}

void HardwareModel::setActive(bool active)
{
    m_active = active;
    if (!m_active) {
        return;
    }
    if (m_currentStale) {
        updateCurrent();
    }
    if (m_stale) {
        start();
    }
}

void HardwareModel::invalidate()
{
    m_stale = true;
    m_currentStale = true;
    ++*m_generation; // a computation under way answers an old question
    if (m_active) {
        updateCurrent();
        start();
    }
}

// The model being looked at, unless it is a preset as loaded (its rows are among the presets').
void HardwareModel::updateCurrent()
{
    m_currentStale = false;
    m_currentRows.clear();
    if (!m_model->presetId().isEmpty() && !m_model->isModified()) {
        // shown among the presets
    } else {
        try {
            const RunQuery q = query();
            ModelRuns current = modelRuns(m_model->config(), m_model->count(), "", q);
            current.name = "Current model: " + m_model->modelName().toStdString();
            m_currentRows = hardwareRows({}, units(), &current);
        } catch (const std::exception&) {
            // an invalid edit: the presets alone (the Overview names the problem)
        }
    }
    joinRows();
}

void HardwareModel::joinRows()
{
    m_rows = m_currentRows;
    m_rows.insert(m_rows.end(), m_presetRows.begin(), m_presetRows.end());
    emit rowsChanged();
}

void HardwareModel::computeNow()
{
    ++*m_generation;
    m_presetRows = hardwareRows(presetRuns(m_model->presets(), query()), units());
    m_stale = false;
    if (m_busy) {
        m_busy = false;
        emit busyChanged(false);
    }
    updateCurrent();
}

void HardwareModel::start()
{
    if (m_model->gpuCatalog().gpus().empty()) {
        return;
    }
    m_stale = false;
    Job job{m_model->presets(), query(), units()};
    const int generation = ++*m_generation;
    if (!m_busy) {
        m_busy = true;
        emit busyChanged(true);
    }
    std::shared_ptr<std::atomic<int>> current = m_generation;
    std::lock_guard lock(workers().mutex);
    auto& running = workers().running;
    running.erase(std::remove_if(running.begin(), running.end(),
                                 [](std::future<void>& f) {
                                     return f.wait_for(std::chrono::seconds(0)) ==
                                            std::future_status::ready;
                                 }),
                  running.end());
    running.push_back(
        std::async(std::launch::async, [this, job = std::move(job), generation, current] {
            std::vector<HardwareRow> rows;
            try {
                rows = hardwareRows(presetRuns(job.presets, job.query), job.units);
            } catch (const std::exception&) {
                rows.clear();
            }
            if (current->load() != generation) {
                return; // a newer question was asked
            }
            QMetaObject::invokeMethod(
                this,
                [this, rows = std::move(rows), generation]() mutable {
                    if (m_generation->load() != generation) {
                        return;
                    }
                    m_presetRows = std::move(rows);
                    m_busy = false;
                    emit busyChanged(false);
                    joinRows();
                },
                Qt::QueuedConnection);
        }));
}

std::vector<std::string> HardwareModel::families() const
{
    std::set<std::string> out;
    for (const Preset& p : m_model->presets()) {
        out.insert(p.family);
    }
    return {out.begin(), out.end()};
}

std::vector<int> HardwareModel::years() const
{
    std::set<int> out;
    for (const Preset& p : m_model->presets()) {
        if (p.releasedYear() != 0) {
            out.insert(p.releasedYear());
        }
    }
    return {out.rbegin(), out.rend()};
}

} // namespace llmsizer::ui
