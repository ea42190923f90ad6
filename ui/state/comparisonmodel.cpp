#include "ui/state/comparisonmodel.h"

#include "llmsizer/precision/precision.h"
#include "ui/state/configmodel.h"
#include "ui/state/hardwaremodel.h"
#include "ui/state/qstrings.h"

#include <algorithm>
#include <set>
#include <string>

namespace llmsizer::ui {

namespace {

// Every slot gets its own label: the charts group by label (a category axis merges equal ones, so
// a group would show another slot's bars) and the table's columns would read alike. A second
// copy of a model becomes "Name (2)", a third "Name (3)".
void distinguishNames(std::vector<SessionModel>& entries)
{
    std::set<std::string> used;
    for (SessionModel& e : entries) {
        if (used.count(e.name) != 0) {
            std::string candidate;
            for (int copy = 2; candidate.empty() || used.count(candidate) != 0; ++copy) {
                candidate = e.name + " (" + std::to_string(copy) + ")";
            }
            e.name = candidate;
        }
        used.insert(e.name);
    }
}

} // namespace

ComparisonModel::ComparisonModel(ConfigModel* current, QObject* parent)
    : QObject(parent), m_current(current)
{
    // Units and the KV precision are the Overview's display options; the context is the
    // workload's (one value for every view), unless each model's own is asked for.
    m_current->whenChanged(ConfigModel::Change::Display, this, [this] { followOptions(); });
    m_current->whenChanged(ConfigModel::Change::Workload, this, [this] {
        if (m_ownContexts || m_computedContext == m_current->context()) {
            return;
        }
        const QString why = apply(m_entries);
        if (!why.isEmpty()) {
            // Never the old context's figures under the new one: each model's own, and why.
            m_ownContexts = true;
            apply(m_entries);
            emit notice(tr("At %1 tokens the comparison cannot be computed (%2); it shows each "
                           "model's own context.")
                            .arg(qs(withThousands(m_current->context())), why));
        }
    });
}

std::uint64_t ComparisonModel::context() const
{
    return m_ownContexts ? 0 : m_current->context();
}

NamedConfig ComparisonModel::namedConfig(const SessionModel& entry) const
{
    NamedConfig nc{entry.name, entry.config, std::nullopt, std::nullopt};
    // What the makers published belongs to the preset as loaded, not to an edited copy.
    const Preset* p =
        entry.preset_id.empty() ? nullptr : m_current->findPreset(qs(entry.preset_id));
    if (p != nullptr && p->config == entry.config) {
        nc.published = p->published;
        nc.training = p->training;
    }
    return nc;
}

std::vector<NamedConfig> ComparisonModel::namedConfigs() const
{
    std::vector<NamedConfig> out;
    for (const SessionModel& e : m_entries) {
        out.push_back(namedConfig(e));
    }
    return out;
}

QString ComparisonModel::addPreset(const QString& id)
{
    const Preset* p = m_current->findPreset(id);
    if (p == nullptr) {
        return tr("unknown preset '%1'").arg(id);
    }
    return add({p->name, p->id, p->config});
}

QString ComparisonModel::addCurrent()
{
    return add(currentEntry());
}

SessionModel ComparisonModel::currentEntry() const
{
    SessionModel entry;
    entry.name = m_current->modelName().toStdString();
    entry.config = m_current->config();
    if (m_current->isModified()) {
        entry.name += " (edited)";
    } else {
        entry.preset_id = m_current->presetId().toStdString();
    }
    return entry;
}

ComparisonTable ComparisonModel::currentTable() const
{
    CountCache counts;
    return evaluate(comparison({currentEntry()}, m_current->context(), m_current->displayOptions()),
                    counts)
        .table;
}

QString ComparisonModel::add(const SessionModel& entry)
{
    if (isFull()) {
        return tr("The comparison holds at most %1 models; remove one first.").arg(kMax);
    }
    std::vector<SessionModel> entries = m_entries;
    entries.push_back(entry);
    return apply(std::move(entries));
}

QString ComparisonModel::setEntries(const std::vector<SessionModel>& entries)
{
    if (entries.size() > kMaxCompared) {
        return tr("The comparison holds at most %1 models (got %2).")
            .arg(kMax)
            .arg(static_cast<qulonglong>(entries.size()));
    }
    return apply(entries);
}

bool ComparisonModel::remove(int index)
{
    if (index < 0 || index >= size()) {
        return false;
    }
    std::vector<SessionModel> entries = m_entries;
    entries.erase(entries.begin() + index);
    return apply(std::move(entries)).isEmpty();
}

bool ComparisonModel::move(int from, int to)
{
    if (from < 0 || from >= size() || to < 0 || to >= size() || from == to) {
        return false;
    }
    std::vector<SessionModel> entries = m_entries;
    const SessionModel moved = entries[static_cast<std::size_t>(from)];
    entries.erase(entries.begin() + from);
    entries.insert(entries.begin() + to, moved);
    return apply(std::move(entries)).isEmpty();
}

void ComparisonModel::clear()
{
    if (!m_entries.empty()) {
        apply({});
    }
}

bool ComparisonModel::setContext(std::uint64_t tokens)
{
    if (tokens == 0) {
        if (!m_ownContexts) {
            m_ownContexts = true;
            apply(m_entries);
        }
        return true;
    }
    // Through the workload (the Workload change above recomputes while the context is followed).
    if (tokens != m_current->context() && !m_current->setContext(tokens)) {
        return false;
    }
    if (m_ownContexts) {
        m_ownContexts = false;
        apply(m_entries);
    }
    return true;
}

QString ComparisonModel::kvPrecision() const
{
    return m_current->kvPrecision();
}

ByteUnits ComparisonModel::units() const
{
    return m_current->units();
}

bool ComparisonModel::setKvPrecision(const QString& id)
{
    if (id == m_current->kvPrecision()) {
        return true;
    }
    // Through the Overview's options: followOptions() recomputes the comparison.
    return m_current->setKvPrecision(id);
}

void ComparisonModel::setHardware(const HardwareModel* hardware)
{
    m_hardware = hardware;
    connect(hardware, &HardwareModel::choiceChanged, this, [this] { apply(m_entries); });
    apply(m_entries);
}

void ComparisonModel::followOptions()
{
    const DisplayOptions& o = m_current->displayOptions();
    // The hardware rows follow the Overview's weight precision.
    const bool precision =
        m_hardware != nullptr && o.weight_precision != m_computedFor.weight_precision;
    if (o.units != m_computedFor.units || o.kv_precision != m_computedFor.kv_precision ||
        o.tokens_per_param != m_computedFor.tokens_per_param || precision) {
        apply(m_entries);
    }
}

Comparison ComparisonModel::comparison(const std::vector<SessionModel>& entries,
                                       std::uint64_t context, const DisplayOptions& display) const
{
    Comparison c;
    for (const SessionModel& e : entries) {
        c.models.push_back(namedConfig(e));
    }
    c.options.context = context;
    c.options.units = display.units;
    c.options.kv_precision = display.kv_precision;
    c.options.tokens_per_param = display.tokens_per_param;
    if (m_hardware != nullptr) {
        c.options.hardware = m_hardware->query();
        c.options.hardware_precision = display.weight_precision;
    }
    return c;
}

QString ComparisonModel::apply(std::vector<SessionModel> entries)
{
    const std::uint64_t context = this->context();
    distinguishNames(entries);
    const DisplayOptions& display = m_current->displayOptions();
    ComparisonSnapshot results;
    // The models kept from the last recomputation are not counted again; only new ones are.
    CountCache counts;
    try {
        for (const SessionModel& e : entries) {
            counts.add(e.config, m_counts.count(e.config));
        }
        results = evaluate(comparison(entries, context, display), counts);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    m_counts = std::move(counts);
    ++m_recomputes;
    m_entries = std::move(entries);
    m_computedContext = context;
    m_computedFor = display;
    m_results = std::move(results);
    emit changed();
    return {};
}

} // namespace llmsizer::ui
