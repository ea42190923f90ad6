#include "ui/overview/summarypanel.h"

#include "llmsizer/present/view_support.h"
#include "llmsizer/text/format.h"
#include "ui/shell/figuregrid.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <QHash>
#include <QVBoxLayout>

namespace llmsizer::ui {

namespace {

std::uint64_t segmentBytes(const MemoryBar& bar, const char* key)
{
    for (const MemorySegment& s : bar.segments) {
        if (s.key == key) {
            return s.bytes;
        }
    }
    return 0;
}

} // namespace

SummaryPanel::SummaryPanel(ConfigModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_grid(new FigureGrid(2, 0, this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_grid);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    connect(m_model, &ConfigModel::changed, this, &SummaryPanel::refresh);
    refresh();
}

QString SummaryPanel::figure(const QString& key) const
{
    return m_grid->value(key);
}

void SummaryPanel::refresh()
{
    const ParamCount& count = m_model->count();
    const ModelConfig& config = m_model->config();
    const ByteUnits units = m_model->units();
    const MemoryBar& bar = m_model->selectedBar();
    const KvCache& kv = m_model->kv();
    const std::uint64_t approx = m_model->approx12Ld2();
    QHash<QString, QString> text;
    text[QStringLiteral("total")] = qs(countWithShort(count.total));
    // A vision-language model: the language model beside the whole. Something not counted: say
    // so on the total.
    if (count.language_model != count.total) {
        text[QStringLiteral("total")] +=
            tr(" (language model %1)").arg(qs(shortCount(count.language_model)));
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
    text[QStringLiteral("approx")] =
        qs(countWithShort(approx)) +
        tr(" (error %1)").arg(qs(formatPercent(relativeError(approx, count.total))));
    text[QStringLiteral("flops")] =
        tr("%1 (decode at %2 tokens)")
            .arg(qs(formatFlops(m_model->flopsPerToken())), qs(withThousands(m_model->context())));
    text[QStringLiteral("memory")] =
        tr("%1 at %2, %3")
            .arg(qs(formatBytes(bar.total, units, 1)), qs(bar.label),
                 m_model->training() ? tr("training") : tr("inference"));
    text[QStringLiteral("weights")] = qs(formatBytes(segmentBytes(bar, "weights"), units, 1));
    text[QStringLiteral("kv_token")] =
        qs(formatBytes(kv.bytes_per_token, units, 1)) + (kv.latent ? tr(" (latent)") : QString());
    text[QStringLiteral("kv_context")] =
        tr("%1 (%2 tokens × batch %3)")
            .arg(qs(formatBytes(kv.bytes, units, 1)), qs(withThousands(m_model->context())))
            .arg(m_model->batch());
    // Two columns, filled row by row: parameters on the left, memory on the right.
    const std::pair<const char*, QString> order[] = {
        {"total", tr("Total parameters")},       {"memory", tr("Memory")},
        {"active", tr("Active per token")},      {"weights", tr("Weights")},
        {"approx", tr("12·L·d² approximation")}, {"kv_token", tr("KV cache per token")},
        {"flops", tr("FLOPs per token")},        {"kv_context", tr("KV cache at context")}};
    QList<FigureGrid::Entry> entries;
    for (const auto& [key, name] : order) {
        const QString k = QString::fromLatin1(key);
        entries.append({k, name, text.value(k), QColor(),
                        k == QLatin1String("total") || k == QLatin1String("memory")});
    }
    m_grid->setEntries(entries);
}

} // namespace llmsizer::ui
