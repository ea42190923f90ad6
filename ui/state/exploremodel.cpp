#include "ui/state/exploremodel.h"

#include "llmsizer/model/count.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <exception>

namespace llmsizer::ui {

ExploreModel::ExploreModel(ConfigModel* model, QObject* parent) : QObject(parent), m_model(model)
{
    connect(m_model, &ConfigModel::changed, this, &ExploreModel::onConfigChanged);
}

void ExploreModel::setActive(bool active)
{
    m_active = active;
    if (m_active && m_dirty) {
        rebuildFamily();
    }
}

void ExploreModel::setLocked(bool locked)
{
    if (locked == m_locked) {
        return;
    }
    m_locked = locked;
    m_solved = false;
    updateCurrent();
    emit changed();
}

void ExploreModel::setTarget(std::uint64_t target)
{
    if (target == 0 || target == m_target) {
        return;
    }
    m_target = target;
    rebuildFamily();
}

void ExploreModel::lockCurrentTotal()
{
    setTarget(m_model->count().total);
}

void ExploreModel::usePresetTotal()
{
    try {
        setTarget(countParameters(m_model->baseConfig()).total);
    } catch (const std::exception& e) {
        m_error = QString::fromStdString(e.what());
        emit changed();
    }
}

QString ExploreModel::widthRule() const
{
    try {
        return QString::fromStdString(widthRuleText(m_base, m_rules));
    } catch (const std::exception&) {
        return {};
    }
}

void ExploreModel::setExactKv(bool exact)
{
    const KvScaling kv = exact ? KvScaling::KeepCountExact : KvScaling::Auto;
    if (kv == m_rules.kv) {
        return;
    }
    m_rules.kv = kv;
    rebuildFamily();
}

void ExploreModel::setLayers(std::uint64_t layers)
{
    try {
        applyConfig(m_locked
                        ? solveWidth(m_base, m_target, layers, m_rules)
                        : isoDistance(reshape(m_base, m_model->config().d_model, layers, m_rules),
                                      m_target));
    } catch (const std::exception& e) {
        m_error = QString::fromStdString(e.what());
        emit changed();
    }
}

void ExploreModel::setDModel(std::uint64_t d_model)
{
    try {
        applyConfig(m_locked
                        ? solveDepth(m_base, m_target, d_model, m_rules)
                        : isoDistance(reshape(m_base, d_model, m_model->config().n_layers, m_rules),
                                      m_target));
    } catch (const std::exception& e) {
        m_error = QString::fromStdString(e.what());
        emit changed();
    }
}

void ExploreModel::applyConfig(const IsoSolution& solution)
{
    m_solution = solution;
    m_solved = m_locked;
    m_error.clear();
    m_applying = true;
    m_changeSeen = false;
    const bool ok = m_model->setConfig(solution.config);
    m_applying = false;
    if (!ok) {
        m_error = issuesText(m_model->issues(), QStringLiteral("; "));
        m_solved = false;
    }
    if (!m_changeSeen) { // same configuration, or refused: no changed() came
        updateCurrent();
        emit changed();
    }
}

void ExploreModel::onConfigChanged(ConfigModel::Changes what)
{
    using Change = ConfigModel::Change;
    if (what.testFlag(Change::ModelLoaded)) {
        m_newModel = true;
    }
    // The family and its metrics follow the configuration and the context only.
    if (!(what & (Change::Configuration | Change::Workload | Change::ModelLoaded))) {
        return;
    }
    if (m_applying) {
        m_changeSeen = true;
        updateCurrent();
        emit changed();
        return;
    }
    m_solved = false;
    if (!m_active) {
        m_dirty = true;
        return;
    }
    const ModelConfig& c = m_model->config();
    bool member = false;
    try {
        member = reshape(m_base, c.d_model, c.n_layers, m_rules) == c;
    } catch (const std::exception&) {
        member = false;
    }
    if (member && !m_newModel && m_context == m_model->context() && !m_dirty) {
        updateCurrent();
        emit changed();
    } else {
        rebuildFamily();
    }
}

void ExploreModel::rebuildFamily()
{
    if (!m_active) {
        m_dirty = true;
        return;
    }
    m_dirty = false;
    m_error.clear();
    const ModelConfig& c = m_model->config();
    try {
        if (m_newModel || m_target == 0) {
            m_newModel = false;
            m_target = countParameters(m_model->baseConfig()).total;
        }
        bool member = false;
        try {
            member = reshape(m_base, c.d_model, c.n_layers, m_rules) == c;
        } catch (const std::exception&) {
            member = false;
        }
        if (!member) {
            m_base = c;
        }
        m_context = m_model->context();
        m_range = isoRange(m_base, c.n_layers);
        m_curve = isoCurve(m_base, m_target, m_range.layers_from, m_range.layers_to, m_range.step,
                           m_rules, m_context);
        m_layerSteps = isoLayerSteps(m_range);
        m_widthSteps = isoWidthSteps(m_base, m_target, m_range, m_rules, c.d_model);
        m_reference = shapeMetrics(m_base, m_context);
        m_ratios = scalingRatios(m_base, m_rules);
    } catch (const std::exception& e) {
        m_curve.clear();
        m_error = QString::fromStdString(e.what());
    }
    updateCurrent();
    emit familyChanged();
    emit changed();
}

void ExploreModel::updateCurrent()
{
    ++m_recomputes;
    const ModelConfig& c = m_model->config();
    try {
        // The ConfigModel counted c once for this edit.
        const ParamCount& count = m_model->count();
        m_metrics = shapeMetrics(c, count, m_model->context());
        if (!m_solved) {
            m_solution = isoDistance(c, count.total, m_target);
        }
    } catch (const std::exception& e) {
        m_error = QString::fromStdString(e.what());
    }
}

} // namespace llmsizer::ui
