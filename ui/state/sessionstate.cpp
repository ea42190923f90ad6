#include "ui/state/sessionstate.h"

#include "llmsizer/catalog/display_options.h"
#include "llmsizer/model/count.h"
#include "llmsizer/model/model.h"
#include "llmsizer/present/view_support.h"
#include "llmsizer/text/format.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

namespace llmsizer::ui {

SessionState::SessionState(ConfigModel* current, ComparisonModel* comparison)
    : m_current(current), m_comparison(comparison)
{
}

Session SessionState::capture() const
{
    Session s;
    s.current.name = m_current->modelName().toStdString();
    s.current.config = m_current->config();
    if (m_current->isModified()) {
        s.current.name += " (edited)";
    } else {
        s.current.preset_id = m_current->presetId().toStdString();
    }
    s.comparison = m_comparison->entries();
    s.workload.context = m_current->context();
    s.workload.batch = m_current->batch();
    s.display = m_current->displayOptions();
    if (const ModelConfig* base = m_current->baselineConfig()) {
        s.baseline = SessionModel{m_current->baselineName().toStdString(), {}, *base};
    }
    // A name the app made longer (" (edited)", " (2)") stays within the 256 characters a
    // session's reader takes, so that every saved session opens again.
    s.current.name = boundedName(s.current.name);
    for (SessionModel& m : s.comparison) {
        m.name = boundedName(m.name);
    }
    if (s.baseline) {
        s.baseline->name = boundedName(s.baseline->name);
    }
    return s;
}

// What the core's session reader accepts but the app cannot show: a workload beyond the
// sliders' limits, a configuration whose counts overflow.
QString SessionState::precheck(const Session& session) const
{
    const std::vector<ValidationIssue> workload =
        validateWorkload(session.workload.context, session.workload.batch);
    if (!workload.empty()) {
        return issuesText(workload, QStringLiteral("; "), QStringLiteral("workload."));
    }
    try {
        countParameters(session.current.config);
        for (std::size_t i = 0; i < session.comparison.size(); ++i) {
            countParameters(session.comparison[i].config);
        }
        if (session.baseline) {
            countParameters(session.baseline->config);
        }
    } catch (const std::exception& e) {
        return qs(e.what());
    }
    return {};
}

QString SessionState::apply(const Session& session)
{
    const QString problem = precheck(session);
    if (!problem.isEmpty()) {
        return problem;
    }
    const Session before = capture();
    const QString error = applyUnchecked(session);
    if (!error.isEmpty()) {
        applyUnchecked(before); // back to exactly where we were
    }
    return error;
}

QString SessionState::applyUnchecked(const Session& session)
{
    // Every display option; a file older than version 4 holds no GGUF extras and no tokens per
    // parameter, which then stay as they are.
    const DisplayOptions& now = m_current->displayOptions();
    DisplayOptions wanted = session.display;
    if (session.version < 4) {
        wanted.extra_precisions = now.extra_precisions;
        wanted.tokens_per_param = now.tokens_per_param;
    }
    const DisplayOptions options = checkedDisplayOptions(wanted, now);
    const QString at =
        session.version < 4 ? QStringLiteral("workload.") : QStringLiteral("display.");
    if (options.kv_precision != wanted.kv_precision) {
        return at + QStringLiteral("kv_precision: not a KV cache precision");
    }
    if (options.overhead != wanted.overhead) {
        return at + QStringLiteral("overhead: not a runtime overhead profile");
    }
    const QString comparison = m_comparison->setEntries(session.comparison);
    if (!comparison.isEmpty()) {
        return QStringLiteral("comparison: ") + comparison;
    }
    const SessionModel& current = session.current;
    const Preset* preset =
        current.preset_id.empty() ? nullptr : m_current->findPreset(qs(current.preset_id));
    const bool asPreset =
        preset != nullptr && preset->config == current.config && preset->name == current.name;
    // One recomputation for the model, its workload and the options (each is a fit search of
    // every bar: a DeepSeek-V3 session in training mode took four).
    if (!m_current->openState(options, current.config, asPreset ? qs(current.preset_id) : QString(),
                              qs(current.name), session.workload.context, session.workload.batch)) {
        const bool model = !validate(current.config).empty();
        return issuesText(m_current->issues(), QStringLiteral("; "),
                          model ? QStringLiteral("current.architecture.")
                                : QStringLiteral("workload."));
    }
    if (!session.baseline) {
        m_current->clearBaseline();
    } else if (!m_current->setBaseline(qs(session.baseline->name), session.baseline->config)) {
        return QStringLiteral("baseline: cannot be evaluated at this workload");
    }
    return {};
}

} // namespace llmsizer::ui
