#include "ui/state/configmodel.h"

#include "llmsizer/compute/compute.h"
#include "llmsizer/present/checkpoint_view.h"
#include "llmsizer/shape/explore.h"
#include "llmsizer/text/format.h"

#include <algorithm>

namespace llmsizer::ui {

ConfigModel::ConfigModel(QObject* parent) : QObject(parent)
{
    m_modelName = QStringLiteral("Custom");
    m_ws.context = defaultContext(m_ws.config);
    ++m_recomputes;
    m_results = evaluate(m_ws, m_catalog);
}

void ConfigModel::setPresets(std::vector<Preset> presets)
{
    m_presets = std::move(presets);
    m_presetTotals.clear();
    for (const Preset& p : m_presets) {
        try {
            m_presetTotals.push_back(shortCount(countParameters(p.config).total));
        } catch (const std::exception&) {
            m_presetTotals.push_back("?");
        }
    }
    emit presetsChanged();
}

const Preset* ConfigModel::findPreset(const QString& id) const
{
    const std::string key = id.toStdString();
    for (const Preset& p : m_presets) {
        if (p.id == key) {
            return &p;
        }
    }
    return nullptr;
}

bool ConfigModel::selectPreset(const QString& id)
{
    const Preset* p = findPreset(id);
    return p != nullptr && loadModel(p->config, id, QString::fromStdString(p->name));
}

bool ConfigModel::loadConfig(const ModelConfig& config, const QString& name)
{
    return loadModel(config, {}, name);
}

// A preset or a file: the configuration, at its default context (its own length, capped at
// kDefaultContext), becomes the new base.
bool ConfigModel::loadModel(const ModelConfig& config, const QString& presetId, const QString& name)
{
    Workspace next = m_ws;
    next.config = config;
    next.context = defaultContext(config);
    return adoptModel(std::move(next), presetId, name, {});
}

bool ConfigModel::openState(const DisplayOptions& options, const ModelConfig& config,
                            const QString& presetId, const QString& name, std::uint64_t context,
                            std::uint64_t batch)
{
    Workspace next = m_ws;
    next.display = checkedDisplayOptions(options, m_ws.display);
    next.config = config;
    next.context = context;
    next.batch = batch;
    const Changes display = next.display == m_ws.display ? Changes{} : Changes{Change::Display};
    return adoptModel(std::move(next), presetId, name, display);
}

bool ConfigModel::adoptModel(Workspace next, const QString& presetId, const QString& name,
                             Changes also)
{
    const ModelConfig config = next.config;
    if (!apply(std::move(next))) {
        return false;
    }
    m_presetId = presetId;
    m_modelName = name;
    m_base = config;
    Changes what = Change::Configuration | Change::Workload | Change::ModelLoaded | also;
    if (m_checkpoint) {
        m_checkpoint.reset();
        what |= Change::Checkpoint;
    }
    emit changed(what);
    return true;
}

bool ConfigModel::loadCheckpoint(const Checkpoint& checkpoint, const QString& name)
{
    Changes what = Change::Checkpoint;
    if (checkpoint.inferred) {
        const ModelConfig& config = *checkpoint.inferred;
        Workspace next = m_ws;
        next.config = config;
        next.context = defaultContext(config);
        if (!apply(std::move(next))) {
            return false;
        }
        m_presetId.clear();
        m_modelName = name;
        m_base = config;
        what |= Change::Configuration | Change::Workload | Change::ModelLoaded;
    }
    m_checkpoint = std::make_shared<const Checkpoint>(checkpoint);
    m_checkpointName = name;
    m_checkpointConfig = m_ws.config;
    m_checkpointSlices = checkpointSlices(checkpoint);
    emit changed(what);
    return true;
}

void ConfigModel::resetToBase()
{
    setConfig(m_base);
}

bool ConfigModel::setConfig(const ModelConfig& config)
{
    if (config == m_ws.config && m_issues.empty()) {
        return true;
    }
    Workspace next = m_ws;
    next.config = config;
    const ModelConfig& current = m_ws.config;
    if (!next.config.projector.empty() && next.config.d_model != current.d_model &&
        next.config.projector == current.projector) {
        // The projector maps into d_model and was counted for the imported width: a changed
        // width leaves it unknown, which the total then says (the vision tower stays valid).
        next.config.projector.clear();
        next.config.not_counted = "the projector (counted for d_model " +
                                  withThousands(current.d_model) + "; d_model was changed)";
    }
    if (!apply(std::move(next))) {
        return false;
    }
    emit changed(Change::Configuration);
    return true;
}

bool ConfigModel::setKnob(Knob knob, std::uint64_t value)
{
    return setConfig(withKnob(m_ws.config, knob, value));
}

bool ConfigModel::setContext(std::uint64_t tokens)
{
    if (tokens == m_ws.context && m_issues.empty()) {
        return true;
    }
    Workspace next = m_ws;
    next.context = tokens;
    if (!apply(std::move(next))) {
        return false;
    }
    emit changed(Change::Workload);
    return true;
}

bool ConfigModel::setBatch(std::uint64_t batch)
{
    if (batch == m_ws.batch && m_issues.empty()) {
        return true;
    }
    Workspace next = m_ws;
    next.batch = batch;
    if (!apply(std::move(next))) {
        return false;
    }
    emit changed(Change::Workload);
    return true;
}

bool ConfigModel::setWorkload(std::uint64_t context, std::uint64_t batch,
                              const QString& kvPrecision)
{
    Workspace next = m_ws;
    next.context = context;
    next.batch = batch;
    next.display.kv_precision = kvPrecision.toStdString();
    next.display = checkedDisplayOptions(std::move(next.display), m_ws.display);
    if (next.display.kv_precision != kvPrecision.toStdString()) {
        return false;
    }
    Changes what;
    if (next.context != m_ws.context || next.batch != m_ws.batch) {
        what |= Change::Workload;
    }
    if (!(next.display == m_ws.display)) {
        what |= Change::Display;
    }
    if (!what && m_issues.empty()) {
        return true;
    }
    if (!apply(std::move(next))) {
        return false;
    }
    emit changed(what);
    return true;
}

bool ConfigModel::restoreEdit(const ModelConfig& base, const QString& presetId, const QString& name,
                              const ModelConfig& config, std::uint64_t context, std::uint64_t batch)
{
    const bool load = presetId != m_presetId || !(base == m_base);
    Workspace next = m_ws;
    next.config = config;
    next.context = context;
    next.batch = batch;
    if (!apply(std::move(next))) {
        return false;
    }
    Changes what = Change::Configuration | Change::Workload;
    if (load) {
        m_base = base;
        m_presetId = presetId;
        m_modelName = name;
        what |= Change::ModelLoaded;
        if (m_checkpoint) {
            m_checkpoint.reset();
            what |= Change::Checkpoint;
        }
    }
    emit changed(what);
    return true;
}

// The one recomputation per edit: everything the views show, from the core.
bool ConfigModel::apply(Workspace next)
{
    std::vector<ValidationIssue> issues = validate(next.config);
    for (ValidationIssue& i : validateWorkload(next.context, next.batch)) {
        issues.push_back(std::move(i));
    }
    Snapshot results;
    if (issues.empty()) {
        // A valid configuration can still overflow 64 bits (huge d_model × vocab).
        try {
            ++m_recomputes;
            results = evaluate(next, m_catalog);
        } catch (const std::exception& e) {
            issues.push_back({"configuration", e.what()});
        }
    }
    if (!issues.empty()) {
        setIssues(std::move(issues));
        return false;
    }
    m_ws = std::move(next);
    m_results = std::move(results);
    followBaseline();
    setIssues({});
    return true;
}

namespace {

QStringList toQt(const std::vector<std::string>& list)
{
    QStringList out;
    for (const std::string& s : list) {
        out << QString::fromStdString(s);
    }
    return out;
}

std::vector<std::string> fromQt(const QStringList& list)
{
    std::vector<std::string> out;
    for (const QString& s : list) {
        out.push_back(s.toStdString());
    }
    return out;
}

} // namespace

void ConfigModel::setDisplayOptions(const DisplayOptions& options)
{
    changeOptions(checkedDisplayOptions(options, m_ws.display));
}

QString ConfigModel::precision() const
{
    return QString::fromStdString(m_ws.display.weight_precision);
}

void ConfigModel::setPrecision(const QString& id)
{
    DisplayOptions o = m_ws.display;
    o.weight_precision = id.toStdString();
    setDisplayOptions(o);
}

QStringList ConfigModel::extraPrecisions() const
{
    return toQt(m_ws.display.extra_precisions);
}

void ConfigModel::setExtraPrecisions(const QStringList& ids)
{
    DisplayOptions o = m_ws.display;
    o.extra_precisions = fromQt(ids);
    changeOptions(std::move(o));
}

void ConfigModel::setTraining(bool training)
{
    DisplayOptions o = m_ws.display;
    o.training = training;
    changeOptions(std::move(o));
}

void ConfigModel::setTextbook(bool textbook)
{
    DisplayOptions o = m_ws.display;
    o.textbook = textbook;
    changeOptions(std::move(o));
}

bool ConfigModel::setTokensPerParam(std::uint64_t tokens)
{
    DisplayOptions o = m_ws.display;
    o.tokens_per_param = tokens;
    o = checkedDisplayOptions(std::move(o), m_ws.display);
    if (o.tokens_per_param != tokens) {
        return false;
    }
    changeOptions(std::move(o));
    return true;
}

QString ConfigModel::kvPrecision() const
{
    return QString::fromStdString(m_ws.display.kv_precision);
}

bool ConfigModel::setKvPrecision(const QString& id)
{
    DisplayOptions o = m_ws.display;
    o.kv_precision = id.toStdString();
    o = checkedDisplayOptions(std::move(o), m_ws.display);
    if (o.kv_precision != id.toStdString()) {
        return false;
    }
    changeOptions(std::move(o));
    return true;
}

QString ConfigModel::overhead() const
{
    return QString::fromStdString(m_ws.display.overhead);
}

void ConfigModel::setOverhead(const QString& id)
{
    DisplayOptions o = m_ws.display;
    o.overhead = id.toStdString();
    setDisplayOptions(o);
}

void ConfigModel::setUnits(ByteUnits units)
{
    DisplayOptions o = m_ws.display;
    o.units = units;
    changeOptions(std::move(o));
}

QStringList ConfigModel::gpus() const
{
    return toQt(m_ws.display.gpus);
}

void ConfigModel::setGpus(const QStringList& keys)
{
    DisplayOptions o = m_ws.display;
    o.gpus = fromQt(keys);
    changeOptions(std::move(o));
}

void ConfigModel::setGpuCatalog(GpuCatalog catalog)
{
    m_catalog = std::move(catalog);
    if (m_baseline) {
        m_baseline->stale = true;
    }
    if (apply(m_ws)) {
        emit changed(Change::Catalog);
    }
}

void ConfigModel::changeOptions(DisplayOptions options)
{
    if (options == m_ws.display) {
        return;
    }
    Workspace next = m_ws;
    next.display = std::move(options);
    if (!apply(next)) {
        // Only an overflow in the new bars can refuse this (the configuration and workload were
        // valid): the options are still adopted, so that every view and the settings agree; the
        // charts keep the last results and issues() says why.
        m_ws.display = std::move(next.display);
    }
    emit changed(Change::Display);
}

void ConfigModel::setIssues(std::vector<ValidationIssue> issues)
{
    if (issues == m_issues) {
        return;
    }
    m_issues = std::move(issues);
    emit issuesChanged();
}

std::string ConfigModel::widthRule() const
{
    try {
        return widthRuleText(m_ws.config);
    } catch (const std::exception&) {
        return {};
    }
}

} // namespace llmsizer::ui
