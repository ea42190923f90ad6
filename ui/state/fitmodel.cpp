#include "ui/state/fitmodel.h"

#include "llmsizer/precision/precision.h"
#include "ui/state/configmodel.h"

#include <exception>

namespace llmsizer::ui {

FitModel::FitModel(ConfigModel* model, QObject* parent) : QObject(parent), m_model(model)
{
    connect(m_model, &ConfigModel::changed, this, [this](ConfigModel::Changes what) {
        using Change = ConfigModel::Change;
        // A GPU edited in the catalog may keep its id: asked again even when the question reads
        // the same.
        if (what & Change::Catalog) {
            m_stale = true;
        }
        if (what & (Change::Catalog | Change::Workload | Change::Display | Change::Configuration |
                    Change::ModelLoaded)) {
            invalidate();
        }
    });
    connect(m_model, &ConfigModel::presetsChanged, this, [this] {
        m_stale = true;
        invalidate();
    });
}

FitQuestion FitModel::question() const
{
    FitQuestion q;
    q.gpu = m_choice.gpu.toStdString();
    q.gpus = m_choice.gpus;
    q.precision = m_choice.precision.toStdString();
    const Preset* preset =
        m_choice.family.isEmpty() ? nullptr : m_model->findPreset(m_choice.family);
    q.base = preset != nullptr ? preset->config : m_model->config();
    q.keep_layers = m_choice.keepLayers;
    q.exact_kv = m_choice.exactKv;
    const Workspace& w = m_model->workspace();
    q.context = m_choice.weightsOnly ? 0 : w.context;
    q.batch = w.batch;
    q.kv_precision = w.display.kv_precision;
    q.overhead = w.display.overhead;
    q.units = w.display.units;
    return q;
}

void FitModel::setChoice(const Choice& choice)
{
    if (choice == m_choice) {
        return;
    }
    m_choice = choice;
    invalidate();
}

bool FitModel::setExercise(const QString& gpu, const QString& precision, std::uint64_t context)
{
    if (m_model->gpuCatalog().find(gpu.toStdString()) == nullptr) {
        return false;
    }
    try {
        precisionById(precision.toStdString());
    } catch (const std::exception&) {
        return false;
    }
    Choice c;
    c.gpu = gpu;
    c.precision = precision;
    m_choice = c;
    // One edit of the workload; then one evaluation (none when the view is hidden).
    m_model->setWorkload(context, 1, QStringLiteral("fp16"));
    invalidate();
    return true;
}

void FitModel::setActive(bool active)
{
    m_active = active;
    if (m_active) {
        refresh();
    }
}

void FitModel::invalidate()
{
    if (m_active) {
        refresh(); // when hidden, setActive(true) asks again
    }
}

void FitModel::refresh()
{
    FitQuestion q = question();
    if (!m_stale && m_evaluations > 0 && q == m_asked) {
        return; // a display option the answer does not use (GPU lines, training)
    }
    m_stale = false;
    CountCache counts;
    if (m_choice.family.isEmpty() || m_model->findPreset(m_choice.family) == nullptr) {
        counts.add(q.base, m_model->count()); // counted once, by the Overview's evaluate
    }
    m_snapshot = evaluate(q, m_model->gpuCatalog(), counts);
    m_asked = std::move(q);
    ++m_evaluations;
    emit changed();
}

} // namespace llmsizer::ui
