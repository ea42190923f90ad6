#include "ui/overview/summarypanel.h"

#include "llmsizer/present/memory_view.h"
#include "llmsizer/present/preset_facts.h"
#include "llmsizer/present/view_support.h"
#include "llmsizer/text/format.h"
#include "ui/kit/figuregrid.h"
#include "ui/kit/glossarydialog.h"
#include "ui/kit/presentation.h"
#include "ui/kit/showrefresh.h"
#include "ui/kit/wraplabel.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace llmsizer::ui {

SummaryPanel::SummaryPanel(ConfigModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_grid(new FigureGrid(2, 0, this)),
      m_facts(new FigureGrid(1, 0, this)), m_factsRow(new QWidget(this)),
      m_baseline(new WrapLabel(this)), m_tokensPerParam(new QSpinBox(this))
{
    m_grid->setObjectName(QStringLiteral("summaryFigures"));
    m_facts->setObjectName(QStringLiteral("presetFacts"));
    // Chinchilla's rule, shown and edited where it is used: Hoffmann et al. 2022 ("Training
    // Compute-Optimal Large Language Models", Table 3) find about 20 tokens per parameter.
    m_tokensPerParam->setObjectName(QStringLiteral("tokensPerParam"));
    m_tokensPerParam->setRange(1, static_cast<int>(kMaxTokensPerParam));
    m_tokensPerParam->setSuffix(tr(" tokens/param"));
    m_tokensPerParam->setAccessibleName(tr("Chinchilla tokens per parameter"));
    attachGlossary(m_tokensPerParam, "chinchilla");
    m_tokensPerParam->setToolTip(glossaryTip(
        "chinchilla", tr("The training tokens here and in the Compare table are set against "
                         "this value.")));
    auto* chinchilla = new QLabel(tr("&Chinchilla:"), m_factsRow);
    chinchilla->setBuddy(m_tokensPerParam);
    auto* row = new QHBoxLayout(m_factsRow);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_facts, 1);
    row->addWidget(chinchilla, 0, Qt::AlignBottom);
    row->addWidget(m_tokensPerParam, 0, Qt::AlignBottom);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    m_baseline->setObjectName(QStringLiteral("baselineLine"));
    m_baseline->setVisible(false);
    layout->addWidget(m_baseline);
    layout->addWidget(m_grid);
    layout->addWidget(m_factsRow);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    // On another tab than the Overview, the summary catches up when it is shown again.
    m_refresh = new ShowRefresh(
        this, [this] { refresh(); }, ShowRefresh::Waits::WhileHiddenInShownWindow);
    connect(m_model, &ConfigModel::changed, m_refresh, &ShowRefresh::invalidate);
    connect(m_tokensPerParam, &QSpinBox::valueChanged, this,
            [this](int tokens) { m_model->setTokensPerParam(static_cast<std::uint64_t>(tokens)); });
    connect(Presentation::instance(), &Presentation::changing, this,
            &SummaryPanel::followPresentation);
    m_facts->setMaxColumns(presentationMode() ? 2 : 1);
    refresh();
}

void SummaryPanel::followPresentation(bool compact)
{
    m_facts->setMaxColumns(compact ? 2 : 1);
    refresh(); // the total's text and the facts' short forms
    // The configuration panel gives way in presentation mode and passes the keyboard focus on:
    // a selected value in this field would read as something to look at on the projector.
    QWidget* focus = window()->focusWidget();
    if (compact && focus != nullptr &&
        (focus == m_tokensPerParam || m_tokensPerParam->isAncestorOf(focus))) {
        focus->clearFocus();
    }
}

QString SummaryPanel::figure(const QString& key) const
{
    const QString v = m_grid->value(key);
    return v.isEmpty() && !m_factsRow->isHidden() ? m_facts->value(key) : v;
}

QString SummaryPanel::figureTip(const QString& key) const
{
    const QString tip = m_grid->tip(key);
    return tip.isEmpty() && !m_factsRow->isHidden() ? m_facts->tip(key) : tip;
}

// A preset as loaded: its published headline against the exact count, its training tokens
// against Chinchilla's rule (preset_facts.h). Another model (edited, a file) has no such figures.
void SummaryPanel::refreshFacts()
{
    {
        const QSignalBlocker block(m_tokensPerParam);
        m_tokensPerParam->setValue(static_cast<int>(m_model->tokensPerParam()));
    }
    const Preset* preset = m_model->isModified() || m_model->checkpoint() != nullptr
                               ? nullptr
                               : m_model->findPreset(m_model->presetId());
    m_factsRow->setHidden(preset == nullptr);
    if (preset == nullptr) {
        return;
    }
    const std::uint64_t counted = m_model->count().total;
    const PublishedFacts published = publishedFacts(preset->published, counted);
    const TrainingFacts training =
        trainingFacts(preset->training, counted, static_cast<double>(m_model->tokensPerParam()));
    const bool compact = presentationMode();
    // Rich text, so that the tooltip wraps the sources' long sentences.
    const auto tip = [](const std::string& text) {
        return QStringLiteral("<p>%1</p>").arg(qs(text).toHtmlEscaped());
    };
    // The short forms leave the sentence to the tooltip.
    const auto full = [compact, &tip](const std::string& text) {
        return compact ? tip(text) : QString();
    };
    m_facts->setEntries(
        {{QStringLiteral("published"), tr("Published vs exact"),
          qs(compact ? published.short_text : published.text), QColor(), false,
          glossaryTip(published.term.c_str()) + full(published.text) + tip(published.detail)},
         {QStringLiteral("training"), compact ? tr("Tokens per parameter") : tr("Training tokens"),
          qs(compact ? training.short_text : training.text), QColor(), false,
          glossaryTip("chinchilla") + full(training.text) + tip(training.detail)}});
}

void SummaryPanel::refresh()
{
    const ParamCount& count = m_model->count();
    const ModelConfig& config = m_model->config();
    const ByteUnits units = m_model->units();
    const MemoryBar& bar = m_model->selectedBar();
    const KvCache& kv = m_model->kv();
    QHash<QString, QString> text;
    text[QStringLiteral("total")] = qs(countWithShort(count.total));
    // A vision-language model: the language model beside the whole. Something not counted: say
    // so on the total.
    // In presentation mode's narrow columns it goes to the figure's tooltip instead.
    QString totalTip;
    if (count.language_model != count.total) {
        const QString lm = tr(" (language model %1)").arg(qs(shortCount(count.language_model)));
        if (presentationMode()) {
            totalTip = QStringLiteral("<p>%1</p>").arg(lm.trimmed().toHtmlEscaped());
        } else {
            text[QStringLiteral("total")] += lm;
        }
    }
    if (!config.estimate.empty()) {
        // A model type the tool does not know: the total is an estimate, said on the number.
        text[QStringLiteral("total")] = tr("Estimate: %1").arg(text[QStringLiteral("total")]);
        totalTip += QStringLiteral("<p>%1</p>")
                        .arg(tr("Estimate: %1").arg(qs(config.estimate)).toHtmlEscaped());
    }
    // What the checkpoint stores beyond the model (MTP layers), on its own line.
    QString extrasTip;
    for (const CheckpointExtra& e : count.checkpoint_extras) {
        const std::string what = e.what.substr(0, e.what.find(','));
        QString& line = text[QStringLiteral("extras")];
        line += (line.isEmpty() ? QString() : QStringLiteral("; ")) +
                (e.known ? tr("+%1 (%2)") : tr("perhaps +%1 (%2)"))
                    .arg(qs(shortCount(e.params)), qs(what));
        extrasTip += QStringLiteral("<p>%1</p>")
                         .arg((e.known ? tr("+%1: %2") : tr("Perhaps +%1: %2"))
                                  .arg(qs(withThousands(e.params)), qs(e.what))
                                  .toHtmlEscaped());
    }
    if (!config.not_counted.empty()) {
        // The part before its reason ("the vision tower and projector"), to fit the grid; the
        // CLI's scope and the JSON carry the whole sentence.
        const std::string& what = config.not_counted;
        text[QStringLiteral("total")] +=
            tr(" — %1 not counted").arg(qs(what.substr(0, what.find(" ("))));
    }
    text[QStringLiteral("active")] =
        config.isMoe() ? qs(countWithShort(count.active)) + tr(" (%1 of %2 experts)")
                                                                .arg(config.moe.experts_per_token)
                                                                .arg(config.moe.n_routed_experts)
                       : qs(countWithShort(count.active)) + tr(" (dense: all)");
    // In presentation mode's narrow columns the short form; the note is the tooltip.
    text[QStringLiteral("approx")] =
        qs(presentationMode() ? m_model->approxText().short_text : m_model->approxText().text);
    const QString approxTip =
        m_model->approxText().note.empty()
            ? QString()
            : QStringLiteral("<p>%1</p>").arg(qs(m_model->approxText().note).toHtmlEscaped());
    text[QStringLiteral("flops")] =
        tr("%1 (decode at %2 tokens)")
            .arg(qs(formatFlops(m_model->flopsPerToken())), qs(withThousands(m_model->context())));
    // Training against inference, so that switching the mode reads as a ratio ("×8
    // inference"); in inference the training figure is the tooltip.
    text[QStringLiteral("memory")] =
        tr("%1 at %2, %3%4")
            .arg(qs(formatBytes(bar.total, units, 1)), qs(bar.label),
                 m_model->training() ? tr("training") : tr("inference"),
                 m_model->textbook() ? tr(" (textbook)") : QString());
    if (m_model->training()) {
        text[QStringLiteral("memory")] += QStringLiteral(": ") + qs(m_model->modeRatioText());
    }
    const QString memoryTip =
        QStringLiteral("<p>%1</p>")
            .arg((tr("Training ÷ inference: ") + qs(m_model->modeRatioText())).toHtmlEscaped());
    text[QStringLiteral("weights")] = qs(formatBytes(segmentBytes(bar, "weights"), units, 1));
    text[QStringLiteral("kv_token")] =
        qs(formatBytes(kv.bytes_per_token, units, 1)) + (kv.latent ? tr(" (latent)") : QString());
    text[QStringLiteral("kv_context")] =
        tr("%1 (%2 tokens × batch %3)")
            .arg(qs(formatBytes(kv.bytes, units, 1)), qs(withThousands(m_model->context())))
            .arg(m_model->batch());
    // Pinned baseline: each figure with the model shown over the baseline's (baseline.h).
    if (const BaselineRatios* ratios = m_model->ratios()) {
        for (auto it = text.begin(); it != text.end(); ++it) {
            const std::string ratio = ratios->figure(it.key().toStdString());
            if (!ratio.empty()) {
                it.value() += QStringLiteral("  ") + qs(ratio);
            }
        }
        // The name elided to about 40 characters' width, whole (as shown) in the tooltip.
        const QString name = shownName(m_model->baselineName());
        const QFontMetrics metrics(m_baseline->font());
        m_baseline->setText(
            tr("<b>Against the baseline %1</b>: ×N is this model over it "
               "(Model &gt; Clear baseline)")
                .arg(metrics.elidedText(name, Qt::ElideMiddle, 40 * metrics.averageCharWidth())
                         .toHtmlEscaped()));
        m_baseline->setToolTip(name);
    }
    m_baseline->setVisible(m_model->hasBaseline());
    // Two columns, filled row by row: parameters on the left, memory on the right.
    // Each figure explains its term (glossary.h) as tooltip and What's This.
    struct Figure {
        const char* key;
        QString name;
        const char* term;
    };
    const Figure order[] = {{"total", tr("Total parameters"), "parameters"},
                            {"memory", tr("Memory"), "precision"},
                            {"active", tr("Active per token"), "active_params"},
                            {"weights", tr("Weights"), "precision"},
                            {"approx", tr("12·L·d² approximation"), "approx_12ld2"},
                            {"kv_token", tr("KV cache per token"), "kv_cache"},
                            {"flops", tr("FLOPs per token"), "flops_per_token"},
                            {"kv_context", tr("KV cache at context"), "context"},
                            {"extras", tr("In the checkpoint, not in the model"), "parameters"}};
    QList<FigureGrid::Entry> entries;
    for (const Figure& f : order) {
        const QString k = QString::fromLatin1(f.key);
        // The checkpoint's extra tensors get their own row; in presentation mode's narrow
        // columns they go to the total's tooltip instead.
        if (k == QLatin1String("extras") &&
            (count.checkpoint_extras.empty() || presentationMode())) {
            continue;
        }
        const QString tip = k == QLatin1String("total")
                                ? totalTip + (presentationMode() ? extrasTip : QString())
                            : k == QLatin1String("extras") ? extrasTip
                            : k == QLatin1String("approx") ? approxTip
                            : k == QLatin1String("memory") ? memoryTip
                                                           : QString();
        entries.append({k, f.name, text.value(k), QColor(),
                        k == QLatin1String("total") || k == QLatin1String("memory"),
                        glossaryTip(f.term) + tip});
    }
    m_grid->setEntries(entries);
    refreshFacts();
}

} // namespace llmsizer::ui
