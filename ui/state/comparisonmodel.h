#pragma once

#include "llmsizer/catalog/display_options.h"
#include "llmsizer/catalog/session.h"
#include "llmsizer/present/comparison.h"
#include "llmsizer/text/format.h"

#include <QObject>
#include <QString>
#include <cstdint>
#include <vector>

namespace llmsizer::ui {

class ConfigModel;
class HardwareModel;

// The state of the side-by-side comparison: 1–4 named configurations in column order (presets
// from the catalogue or the current configuration), the context the KV cache and FLOPs are taken
// at (the workload's, or each model's own). Units, the KV precision and the context are the
// ConfigModel's (one value for the Overview and the comparison). Everything the comparison view
// shows is one evaluation of the presentation layer (comparison.h evaluate), once per edit;
// changed() fires once after each accepted edit. Edits that would leave the comparison without a
// valid table are refused with a message and change nothing.
class ComparisonModel : public QObject {
    Q_OBJECT
public:
    explicit ComparisonModel(ConfigModel* current, QObject* parent = nullptr);

    static constexpr int kMax = static_cast<int>(kMaxCompared);

    const std::vector<SessionModel>& entries() const { return m_entries; }
    int size() const { return static_cast<int>(m_entries.size()); }
    bool isFull() const { return size() >= kMax; }

    // Each returns an empty string on success, else the reason ("the comparison holds at most 4
    // models", "unknown preset 'x'").
    QString addPreset(const QString& id);
    QString addCurrent(); // the ConfigModel's configuration; "(edited)" marks an edited preset
    QString add(const SessionModel& entry);
    QString setEntries(const std::vector<SessionModel>& entries);
    bool remove(int index);
    bool move(int from, int to);
    void clear();

    // Context for the KV cache and FLOPs rows: the workload's (ConfigModel::context, one value
    // for every view), or 0 = each model's own context length.
    std::uint64_t context() const;
    // 0: each model's own; otherwise the workload's context is set to `tokens` and followed from
    // then on. False (nothing changed) when the workload refuses that context.
    bool setContext(std::uint64_t tokens);
    QString kvPrecision() const;
    // Sets the ConfigModel's KV precision; false for an unknown id.
    bool setKvPrecision(const QString& id);
    ByteUnits units() const;

    // Results of the last recomputation (empty while the comparison is empty).
    const ComparisonSnapshot& snapshot() const { return m_results; }
    const ComparisonTable& table() const { return m_results.table; }
    const CompareChart& components() const { return m_results.components; }
    const CompareChart& memory() const { return m_results.memory; }
    const std::vector<ComparePie>& pies() const { return m_results.pies; }
    // Each model's parameter diagram (diagram.h), in column order.
    const std::vector<Diagram>& diagrams() const { return m_results.diagrams; }
    // The entries as the core's table input.
    std::vector<NamedConfig> namedConfigs() const;
    // The Overview's model alone, as a table like the one above, at the Overview's context (the
    // summary that File > Export current view writes); throws like the core.
    ComparisonTable currentTable() const;
    int recomputeCount() const { return m_recomputes; }

    // The My hardware view's machine: the table then says whether each model runs on it (at the
    // Overview's weight precision) and recomputes when the machine changes.
    void setHardware(const HardwareModel* hardware);

signals:
    void changed();
    // Something the comparison did on its own that the user must read (shown in its message line).
    void notice(const QString& text);

private:
    // The ConfigModel's model as an entry; "(edited)" marks an edited preset.
    SessionModel currentEntry() const;
    // An entry as the core's table input, with its preset's published figures when it is one.
    NamedConfig namedConfig(const SessionModel& entry) const;
    // What a candidate state is evaluated from.
    Comparison comparison(const std::vector<SessionModel>& entries, std::uint64_t context,
                          const DisplayOptions& display) const;
    // Adopts the candidate when it computes; returns the core's message otherwise.
    QString apply(std::vector<SessionModel> entries);
    void followOptions();

    ConfigModel* m_current;
    const HardwareModel* m_hardware = nullptr;
    std::vector<SessionModel> m_entries;
    bool m_ownContexts = false;          // each model's own context instead of the workload's
    std::uint64_t m_computedContext = 0; // the context the results were computed at
    DisplayOptions m_computedFor;        // the display options the results were computed with
    ComparisonSnapshot m_results;
    CountCache m_counts; // the counts of the entries last computed
    int m_recomputes = 0;
};

} // namespace llmsizer::ui
