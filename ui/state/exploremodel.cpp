#include "ui/state/exploremodel.h"

#include "llmsizer/model/count.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <algorithm>
#include <exception>

namespace llmsizer::ui {

ExploreModel::ExploreModel(ConfigModel* model, QObject* parent) : QObject(parent), m_model(model)
{
    m_snapshot.family = std::make_shared<FamilyCurve>();
    connect(m_model, &ConfigModel::changed, this, &ExploreModel::onConfigChanged);
}

QString ExploreModel::errorText() const
{
    if (!m_error.isEmpty()) {
        return m_error;
    }
    return qs(m_snapshot.error.empty() ? m_snapshot.family->error : m_snapshot.error);
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
    m_family.solved.reset();
    updateCurrent();
    emit changed();
}

void ExploreModel::setTarget(std::uint64_t target)
{
    if (target == 0 || target == m_family.target) {
        return;
    }
    m_family.target = target;
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
        return QString::fromStdString(widthRuleText(m_family.base, m_family.rules));
    } catch (const std::exception&) {
        return {};
    }
}

void ExploreModel::setExactKv(bool exact)
{
    const KvScaling kv = exact ? KvScaling::KeepCountExact : KvScaling::Auto;
    if (kv == m_family.rules.kv) {
        return;
    }
    m_family.rules.kv = kv;
    rebuildFamily();
}

void ExploreModel::setLayers(std::uint64_t layers)
{
    const Family& f = m_family;
    try {
        applyConfig(m_locked
                        ? solveWidth(f.base, f.target, layers, f.rules)
                        : isoDistance(reshape(f.base, m_model->config().d_model, layers, f.rules),
                                      f.target));
    } catch (const std::exception& e) {
        m_error = QString::fromStdString(e.what());
        emit changed();
    }
}

void ExploreModel::setDModel(std::uint64_t d_model)
{
    const Family& f = m_family;
    try {
        applyConfig(m_locked
                        ? solveDepth(f.base, f.target, d_model, f.rules)
                        : isoDistance(reshape(f.base, d_model, m_model->config().n_layers, f.rules),
                                      f.target));
    } catch (const std::exception& e) {
        m_error = QString::fromStdString(e.what());
        emit changed();
    }
}

void ExploreModel::applyConfig(const IsoSolution& solution)
{
    if (m_locked) {
        m_family.solved = solution;
    } else {
        m_family.solved.reset();
    }
    m_error.clear();
    m_applying = true;
    m_changeSeen = false;
    const bool ok = m_model->setConfig(solution.config);
    m_applying = false;
    if (!ok) {
        m_error = issuesText(m_model->issues(), QStringLiteral("; "));
        m_family.solved.reset();
    }
    if (!m_changeSeen) { // same configuration, or refused: no changed() came
        updateCurrent();
        emit changed();
    }
}

bool ExploreModel::isMember(const ModelConfig& c) const
{
    try {
        return reshape(m_family.base, c.d_model, c.n_layers, m_family.rules) == c;
    } catch (const std::exception&) {
        return false;
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
    m_family.solved.reset();
    if (!m_active) {
        m_dirty = true;
        return;
    }
    if (isMember(m_model->config()) && !m_newModel && m_family.context == m_model->context() &&
        !m_dirty) {
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
    m_familyIsNewModel = m_newModel;
    const ModelConfig& c = m_model->config();
    if (m_newModel || m_family.target == 0) {
        try {
            m_family.target = countParameters(m_model->baseConfig()).total;
            m_newModel = false;
        } catch (const std::exception& e) {
            m_error = QString::fromStdString(e.what());
        }
    }
    if (!isMember(c)) {
        m_family.base = c;
    }
    m_family.context = m_model->context();
    m_family.anchor_layers = c.n_layers;
    m_family.anchor_d_model = c.d_model;
    updateCurrent();
    emit familyChanged();
    emit changed();
}

void ExploreModel::updateCurrent()
{
    ++m_recomputes;
    // The ConfigModel counted the current configuration once for this edit.
    m_family.current = m_model->config();
    m_family.current_count = m_model->count();
    // A family drawn a few steps ago is handed to evaluate as if it were the last one: it reuses
    // it instead of drawing it again.
    const FamilySnapshot* previous = &m_snapshot;
    FamilySnapshot recalled;
    if (!m_snapshot.family->drawnFrom(m_family)) {
        const auto it = std::find_if(m_drawn.begin(), m_drawn.end(), [this](const auto& drawn) {
            return drawn->drawnFrom(m_family);
        });
        if (it != m_drawn.end()) {
            recalled = m_snapshot;
            recalled.family = *it;
            previous = &recalled;
        }
    }
    m_snapshot = evaluate(m_family, previous);
    remember(m_snapshot.family);
}

void ExploreModel::remember(const std::shared_ptr<const FamilyCurve>& family)
{
    constexpr std::size_t kKept = 8;
    const auto it = std::find(m_drawn.begin(), m_drawn.end(), family);
    if (it != m_drawn.end()) {
        std::rotate(m_drawn.begin(), it, it + 1);
        return;
    }
    if (m_drawn.size() == kKept) {
        m_drawn.pop_back();
    }
    m_drawn.insert(m_drawn.begin(), family);
}

} // namespace llmsizer::ui
