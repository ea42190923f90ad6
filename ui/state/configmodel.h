#pragma once

#include "llmsizer/catalog/display_options.h"
#include "llmsizer/catalog/gpu_catalog.h"
#include "llmsizer/catalog/preset.h"
#include "llmsizer/formats/checkpoint.h"
#include "llmsizer/memory/memory.h"
#include "llmsizer/model/count.h"
#include "llmsizer/model/model.h"
#include "llmsizer/present/bar_verdict.h"
#include "llmsizer/present/baseline.h"
#include "llmsizer/present/memory_view.h"
#include "llmsizer/present/view_support.h"
#include "llmsizer/present/workspace.h"

#include <QFlags>
#include <QObject>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace llmsizer::ui {

// The one object that holds the app's current state: a Workspace (the model being sized, always a
// valid configuration; the workload; the display options) and the Snapshot the presentation layer
// evaluates from it (workspace.h), plus the preset or file it came from. Sliders and pickers write
// through the setters; charts, tables and the summary read the results. changed(what) fires
// exactly once per accepted edit, after exactly one recomputation, and says what the edit changed
// so that each view redoes only what depends on it. An edit that fails validate() is not applied:
// issues() holds the core's messages and issuesChanged() fires, while the charts stay on the last
// valid configuration.
class ConfigModel : public QObject {
    Q_OBJECT
public:
    // What one change touched; a load sets several.
    enum class Change : unsigned {
        Configuration = 1U << 0, // the model's configuration (a slider, a reset, a load)
        Workload = 1U << 1,      // context or batch
        Display = 1U << 2,       // the display options (units, precisions, profile, GPUs, training)
        Catalog = 1U << 3,       // the GPU catalog
        ModelLoaded = 1U << 4,   // another model (preset, file, checkpoint): a new base to reset to
        Checkpoint = 1U << 5,    // a checkpoint was opened, or the one open was let go
        Baseline = 1U << 6,      // a baseline was pinned or cleared
    };
    Q_DECLARE_FLAGS(Changes, Change)
    Q_FLAG(Changes)

    explicit ConfigModel(QObject* parent = nullptr);

    // The preset catalogue (sorted by family, as loadPresetDir returns it).
    void setPresets(std::vector<Preset> presets);
    const std::vector<Preset>& presets() const { return m_presets; }
    // Each preset's total as the pickers show it ("70.6B"; "?" when it cannot be counted), in
    // presets() order, counted once when the catalogue is set.
    const std::vector<std::string>& presetTotals() const { return m_presetTotals; }
    const Preset* findPreset(const QString& id) const;

    // Loads a preset: configuration, and the workload context set to the model's context length.
    bool selectPreset(const QString& id);
    // Loads a model from a file (no preset id); `name` is shown as the model's name.
    bool loadConfig(const ModelConfig& config, const QString& name);
    // Loads an inspected checkpoint: its inferred configuration (if any) becomes the current one,
    // and the pie shows the checkpoint's own components until the configuration is edited.
    // False (issues()) when the inferred configuration is rejected; nothing changes then.
    bool loadCheckpoint(const Checkpoint& checkpoint, const QString& name);
    // The checkpoint last opened (nullptr when none, or after a preset or another file).
    const Checkpoint* checkpoint() const { return m_checkpoint.get(); }
    QString checkpointName() const { return m_checkpointName; }
    // The pie shows the checkpoint's components rather than the estimate.
    bool showsCheckpoint() const { return m_checkpoint && m_ws.config == m_checkpointConfig; }
    QString presetId() const { return m_presetId; }
    QString modelName() const { return m_modelName; }
    // The configuration differs from the loaded preset/file; resetToBase() undoes every edit.
    bool isModified() const { return !(m_ws.config == m_base); }
    void resetToBase();
    const ModelConfig& baseConfig() const { return m_base; }

    const Workspace& workspace() const { return m_ws; }
    const ModelConfig& config() const { return m_ws.config; }
    // Applies a configuration; false (and issues()) when validate() rejects it.
    bool setConfig(const ModelConfig& config);
    bool setKnob(Knob knob, std::uint64_t value);
    const std::vector<ValidationIssue>& issues() const { return m_issues; }
    // How the d_model slider widens this configuration (explore.h widthRuleText); empty when
    // the configuration admits no family rule.
    std::string widthRule() const;

    std::uint64_t context() const { return m_ws.context; }
    bool setContext(std::uint64_t tokens);
    std::uint64_t batch() const { return m_ws.batch; }
    bool setBatch(std::uint64_t batch);
    // Context, batch and the KV cache precision in one edit (one evaluation, one changed()).
    // False, with nothing changed, for an unknown precision or a workload out of range.
    bool setWorkload(std::uint64_t context, std::uint64_t batch, const QString& kvPrecision);
    // Brings back an edit's state (undo and redo): the loaded model (its base, preset id and
    // name), the edited configuration and the workload, in one evaluation and one changed().
    // False, with nothing changed, when it is refused.
    bool restoreEdit(const ModelConfig& base, const QString& presetId, const QString& name,
                     const ModelConfig& config, std::uint64_t context, std::uint64_t batch);
    // A whole state at once (a session being opened): the display options (unknown ids keep the
    // current ones), a model (a preset's id, or "" for a configuration of its own) at `context`
    // tokens and `batch` sequences, with one recomputation and one changed(). False, with
    // issues() set and nothing else changed, when it is refused.
    bool openState(const DisplayOptions& options, const ModelConfig& config,
                   const QString& presetId, const QString& name, std::uint64_t context,
                   std::uint64_t batch);

    // The display options (display_options.h), shared by the Overview, the Compare window,
    // sessions and the settings file. setDisplayOptions applies them all with one recomputation;
    // unknown precision or profile ids keep the current ones. The setters below change one each.
    const DisplayOptions& displayOptions() const { return m_ws.display; }
    void setDisplayOptions(const DisplayOptions& options);
    QString precision() const; // the summary's weight precision
    void setPrecision(const QString& id);
    QStringList extraPrecisions() const; // GGUF types added to the bars
    void setExtraPrecisions(const QStringList& ids);
    bool training() const { return m_ws.display.training; }
    void setTraining(bool training);
    // Textbook numbers (DisplayOptions::textbook): the bars hold what the course computes by
    // hand, and the parameter chart takes the 12·L·d² rule to the exact count.
    bool textbook() const { return m_ws.display.textbook; }
    void setTextbook(bool textbook);
    // The rule taken to the exact count, term by term (rule_steps.h).
    const RuleSteps& ruleSteps() const { return m_results.rule_steps; }
    // Training ÷ inference at the summary's precision, and as the summary shows it.
    double trainingRatio() const { return m_results.training_ratio; }
    const std::string& modeRatioText() const { return m_results.mode_ratio_text; }
    // The KV cache precision (kvPrecisions(); the Compare window's too) and runtime overhead
    // profile (overheadProfiles()) of the inference bars; unknown ids are ignored (false).
    QString kvPrecision() const;
    bool setKvPrecision(const QString& id);
    QString overhead() const;
    void setOverhead(const QString& id);
    // Chinchilla's tokens per parameter (display_options.h), which the summary and the Compare
    // table set a preset's training tokens against; false for 0 or above kMaxTokensPerParam.
    std::uint64_t tokensPerParam() const { return m_ws.display.tokens_per_param; }
    bool setTokensPerParam(std::uint64_t tokens);
    ByteUnits units() const { return m_ws.display.units; }
    void setUnits(ByteUnits units);
    // GPU reference lines: catalog ids, optionally ":count" ("h100-sxm-80gb:8").
    QStringList gpus() const;
    void setGpus(const QStringList& keys);
    void setGpuCatalog(GpuCatalog catalog);
    const GpuCatalog& gpuCatalog() const { return m_catalog; }

    // Results of the last recomputation.
    const ParamCount& count() const { return m_results.count; }
    // The estimate's slices, or the checkpoint's while showsCheckpoint().
    const std::vector<Slice>& slices() const
    {
        return showsCheckpoint() ? m_checkpointSlices : m_results.slices;
    }
    // What the slices sum to: the checkpoint's parameters or the estimate's total.
    std::uint64_t slicesTotal() const
    {
        return showsCheckpoint() ? m_checkpoint->total_params : m_results.count.total;
    }
    const std::vector<Slice>& estimateSlices() const { return m_results.slices; }
    const std::vector<MemoryBar>& bars() const { return m_results.bars; }
    const MemoryBar& selectedBar() const { return m_results.selected; }
    const std::vector<ReferenceLine>& lines() const { return m_results.lines; }
    // One per bar: fits on which selected GPUs, or how many it needs (barVerdict, as `fit`).
    const std::vector<BarVerdict>& verdicts() const { return m_results.verdicts; }
    const MemoryAxis& axis() const { return m_results.axis; }
    const KvCache& kv() const { return m_results.kv; }
    double flopsPerToken() const { return m_results.flops_per_token; }
    // The 12·L·d² approximation of the total (count.h approx12Ld2).
    std::uint64_t approx12Ld2() const { return m_results.approx_12ld2; }
    // It as shown, with its error and, for an MoE model, the rule's scope (approxRuleFigure).
    const RuleFigure& approxText() const { return m_results.approx_text; }
    // Pin as baseline: the model shown now is kept, evaluated again at the current workload and
    // display options whenever they change, and every view sets its figures against it
    // (baseline.h) until it is cleared. Loads and edits keep it pinned.
    void pinBaseline();
    // Pins `config` under `name` (a session's baseline); false, with nothing changed, when it
    // cannot be evaluated at the current workload.
    bool setBaseline(const QString& name, const ModelConfig& config);
    void clearBaseline();
    bool hasBaseline() const { return m_baseline.has_value(); }
    QString baselineName() const { return m_baseline ? m_baseline->name : QString(); }
    const ModelConfig* baselineConfig() const
    {
        return m_baseline ? &m_baseline->workspace.config : nullptr;
    }
    const ParamCount* baselineCount() const
    {
        return m_baseline ? &m_baseline->results.count : nullptr;
    }
    // The ratios of the model shown to the baseline (nullptr when none is pinned).
    const BaselineRatios* ratios() const { return m_baseline ? &m_baseline->ratios : nullptr; }

    // How many times the results were recomputed (tests pin one per edit).
    int recomputeCount() const { return m_recomputes; }

    // Calls `f` (in `context`'s thread and lifetime) after each change that touches any of
    // `parts`: a view that depends on part of the state redoes nothing for the rest.
    template <typename F>
    QMetaObject::Connection whenChanged(Changes parts, const QObject* context, F f)
    {
        return connect(this, &ConfigModel::changed, context,
                       [parts, f = std::move(f)](Changes what) {
                           if (what & parts) {
                               f();
                           }
                       });
    }

signals:
    // After every accepted change, once, with what it touched.
    void changed(llmsizer::ui::ConfigModel::Changes what);
    void issuesChanged();
    void presetsChanged();

private:
    // Validates and evaluates `next`; adopts it (true) or keeps the current state and reports the
    // issues (false). The caller emits changed() once it has updated its own state.
    bool apply(Workspace next);
    // Adopts new display options and recomputes with the current config and workload.
    void changeOptions(DisplayOptions options);
    bool loadModel(const ModelConfig& config, const QString& presetId, const QString& name);
    // Adopts `next` as a newly loaded model (the base for Reset) and emits changed() once.
    bool adoptModel(Workspace next, const QString& presetId, const QString& name, Changes also);
    void setIssues(std::vector<ValidationIssue> issues);

    std::vector<Preset> m_presets;
    std::vector<std::string> m_presetTotals;
    QString m_presetId;
    QString m_modelName;
    ModelConfig m_base;
    Workspace m_ws;
    std::vector<ValidationIssue> m_issues;
    GpuCatalog m_catalog;

    std::shared_ptr<const Checkpoint> m_checkpoint;
    QString m_checkpointName;
    ModelConfig m_checkpointConfig;
    std::vector<Slice> m_checkpointSlices;

    Snapshot m_results;
    int m_recomputes = 0;

    struct Baseline {
        QString name;
        Workspace workspace; // its configuration at the workload and options it was evaluated at
        Snapshot results;
        BaselineRatios ratios; // of m_results against `results`
        bool stale = false;    // the GPU catalog changed
    };
    // Evaluates the baseline again when the workload, the options or the catalog moved, and the
    // ratios after every recomputation.
    void followBaseline();
    std::optional<Baseline> m_baseline;
};

Q_DECLARE_OPERATORS_FOR_FLAGS(ConfigModel::Changes)

} // namespace llmsizer::ui
