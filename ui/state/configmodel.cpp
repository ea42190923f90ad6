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
    m_context = m_config.context_length;
    m_results = compute(m_config, m_context, m_batch);
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
    if (p == nullptr) {
        return false;
    }
    const QString name = QString::fromStdString(p->name);
    const ModelConfig config = p->config;
    if (!apply(config, config.context_length, m_batch)) {
        return false;
    }
    m_presetId = id;
    m_modelName = name;
    m_base = config;
    m_checkpoint.reset();
    emit modelLoaded();
    emit changed();
    return true;
}

bool ConfigModel::loadConfig(const ModelConfig& config, const QString& name)
{
    if (!apply(config, config.context_length, m_batch)) {
        return false;
    }
    m_presetId.clear();
    m_modelName = name;
    m_base = config;
    m_checkpoint.reset();
    emit modelLoaded();
    emit changed();
    return true;
}

bool ConfigModel::loadCheckpoint(const Checkpoint& checkpoint, const QString& name)
{
    if (checkpoint.inferred) {
        const ModelConfig& config = *checkpoint.inferred;
        if (!apply(config, config.context_length, m_batch)) {
            return false;
        }
        m_presetId.clear();
        m_modelName = name;
        m_base = config;
    }
    m_checkpoint = std::make_shared<const Checkpoint>(checkpoint);
    m_checkpointName = name;
    m_checkpointConfig = m_config;
    m_checkpointSlices = checkpointSlices(checkpoint);
    if (checkpoint.inferred) {
        emit modelLoaded();
    }
    emit changed();
    return true;
}

void ConfigModel::resetToBase()
{
    setConfig(m_base);
}

bool ConfigModel::setConfig(const ModelConfig& config)
{
    if (config == m_config && m_issues.empty()) {
        return true;
    }
    ModelConfig next = config;
    if (!next.projector.empty() && next.d_model != m_config.d_model &&
        next.projector == m_config.projector) {
        // The projector maps into d_model and was counted for the imported width: a changed
        // width leaves it unknown, which the total then says (the vision tower stays valid).
        next.projector.clear();
        next.not_counted = "the projector (counted for d_model " + withThousands(m_config.d_model) +
                           "; d_model was changed)";
    }
    if (!apply(next, m_context, m_batch)) {
        return false;
    }
    emit changed();
    return true;
}

bool ConfigModel::setKnob(Knob knob, std::uint64_t value)
{
    return setConfig(withKnob(m_config, knob, value));
}

bool ConfigModel::setContext(std::uint64_t tokens)
{
    if (tokens == m_context && m_issues.empty()) {
        return true;
    }
    if (!apply(m_config, tokens, m_batch)) {
        return false;
    }
    emit changed();
    return true;
}

bool ConfigModel::setBatch(std::uint64_t batch)
{
    if (batch == m_batch && m_issues.empty()) {
        return true;
    }
    if (!apply(m_config, m_context, batch)) {
        return false;
    }
    emit changed();
    return true;
}

// Validates, computes and stores; the caller emits changed() once it has updated its own state.
bool ConfigModel::apply(const ModelConfig& config, std::uint64_t context, std::uint64_t batch)
{
    std::vector<ValidationIssue> issues = validate(config);
    for (ValidationIssue& i : validateWorkload(context, batch)) {
        issues.push_back(std::move(i));
    }
    Snapshot results;
    if (issues.empty()) {
        // A valid configuration can still overflow 64 bits (huge d_model × vocab).
        try {
            results = compute(config, context, batch);
        } catch (const std::exception& e) {
            issues.push_back({"configuration", e.what()});
        }
    }
    if (!issues.empty()) {
        setIssues(std::move(issues));
        return false;
    }
    m_config = config;
    m_context = context;
    m_batch = batch;
    m_results = std::move(results);
    setIssues({});
    return true;
}

// The one recomputation per edit: everything the views show, from the core.
Snapshot ConfigModel::compute(const ModelConfig& config, std::uint64_t context, std::uint64_t batch)
{
    ++m_recomputes;
    return evaluate({config, context, batch, m_display}, m_catalog);
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
    changeOptions(checkedDisplayOptions(options, m_display));
}

QString ConfigModel::precision() const
{
    return QString::fromStdString(m_display.weight_precision);
}

void ConfigModel::setPrecision(const QString& id)
{
    DisplayOptions o = m_display;
    o.weight_precision = id.toStdString();
    setDisplayOptions(o);
}

QStringList ConfigModel::extraPrecisions() const
{
    return toQt(m_display.extra_precisions);
}

void ConfigModel::setExtraPrecisions(const QStringList& ids)
{
    DisplayOptions o = m_display;
    o.extra_precisions = fromQt(ids);
    changeOptions(std::move(o));
}

void ConfigModel::setTraining(bool training)
{
    DisplayOptions o = m_display;
    o.training = training;
    changeOptions(std::move(o));
}

QString ConfigModel::kvPrecision() const
{
    return QString::fromStdString(m_display.kv_precision);
}

bool ConfigModel::setKvPrecision(const QString& id)
{
    DisplayOptions o = m_display;
    o.kv_precision = id.toStdString();
    o = checkedDisplayOptions(std::move(o), m_display);
    if (o.kv_precision != id.toStdString()) {
        return false;
    }
    changeOptions(std::move(o));
    return true;
}

QString ConfigModel::overhead() const
{
    return QString::fromStdString(m_display.overhead);
}

void ConfigModel::setOverhead(const QString& id)
{
    DisplayOptions o = m_display;
    o.overhead = id.toStdString();
    setDisplayOptions(o);
}

void ConfigModel::setUnits(ByteUnits units)
{
    DisplayOptions o = m_display;
    o.units = units;
    changeOptions(std::move(o));
}

QStringList ConfigModel::gpus() const
{
    return toQt(m_display.gpus);
}

void ConfigModel::setGpus(const QStringList& keys)
{
    DisplayOptions o = m_display;
    o.gpus = fromQt(keys);
    changeOptions(std::move(o));
}

void ConfigModel::setGpuCatalog(GpuCatalog catalog)
{
    m_catalog = std::move(catalog);
    if (apply(m_config, m_context, m_batch)) {
        emit changed();
    }
}

void ConfigModel::changeOptions(DisplayOptions options)
{
    if (options == m_display) {
        return;
    }
    m_display = std::move(options);
    if (apply(m_config, m_context, m_batch)) {
        emit changed();
    }
    emit displayOptionsChanged();
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
        return widthRuleText(m_config);
    } catch (const std::exception&) {
        return {};
    }
}

} // namespace llmsizer::ui
