// Pin as baseline: the pinned model kept evaluated at the current workload and options, and the
// ratios of the model shown to it (baseline.h) after every recomputation.
#include "llmsizer/present/baseline.h"
#include "ui/state/configmodel.h"

#include <exception>

namespace llmsizer::ui {

void ConfigModel::followBaseline()
{
    if (!m_baseline) {
        return;
    }
    Baseline& b = *m_baseline;
    if (b.stale || b.workspace.context != m_ws.context || b.workspace.batch != m_ws.batch ||
        !(b.workspace.display == m_ws.display)) {
        Workspace w = m_ws;
        w.config = b.workspace.config;
        try {
            b.results = evaluate(w, m_catalog);
            b.workspace = std::move(w);
            b.stale = false;
        } catch (const std::exception&) {
            // The baseline was valid when pinned and the workload is checked: only an overflow
            // at a huge workload lands here; its last figures stay.
        }
    }
    b.ratios = baselineRatios(m_results, b.results, m_ws.display.units);
}

void ConfigModel::pinBaseline()
{
    QString name = m_modelName;
    if (isModified()) {
        name += tr(" (edited)");
    }
    m_baseline = Baseline{name, m_ws, m_results, {}, false};
    followBaseline();
    emit changed(Change::Baseline);
}

bool ConfigModel::setBaseline(const QString& name, const ModelConfig& config)
{
    Workspace w = m_ws;
    w.config = config;
    Snapshot results;
    try {
        if (!validate(config).empty()) {
            return false;
        }
        results = evaluate(w, m_catalog);
    } catch (const std::exception&) {
        return false;
    }
    m_baseline = Baseline{name, std::move(w), std::move(results), {}, false};
    followBaseline();
    emit changed(Change::Baseline);
    return true;
}

void ConfigModel::clearBaseline()
{
    if (m_baseline) {
        m_baseline.reset();
        emit changed(Change::Baseline);
    }
}

} // namespace llmsizer::ui
