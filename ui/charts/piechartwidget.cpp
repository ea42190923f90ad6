#include "ui/charts/piechartwidget.h"

#include "llmsizer/present/baseline.h"
#include "llmsizer/present/view_support.h"
#include "llmsizer/text/format.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/statictextitem.h"
#include "ui/kit/figuregrid.h"
#include "ui/kit/palette.h"
#include "ui/kit/showrefresh.h"
#include "ui/kit/wraplabel.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <QChart>
#include <QChartView>
#include <QFontMetricsF>
#include <QLabel>
#include <QPieSeries>
#include <QPieSlice>
#include <QSignalBlocker>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>

namespace llmsizer::ui {

namespace {

// "<b>Attention</b>: 1.3B = q 16,777,216 + k 4,194,304 + …"
QString breakdown(const Slice& s)
{
    QStringList parts;
    for (const Part& part : s.parts) {
        parts << qs(part.key) + QStringLiteral(" ") + qs(withThousands(part.params));
    }
    QString text = QStringLiteral("<b>%1</b>: %2").arg(qs(s.label), qs(countWithShort(s.params)));
    if (!parts.isEmpty()) {
        text += QStringLiteral(" = ") + parts.join(QStringLiteral(" + "));
    }
    return text;
}

// Slices below this share keep their label in the legend only, so labels never pile up.
constexpr double kMinLabelledShare = 0.03;
// Label arms are 0.12 of the radius, and a hovered slice moves out by 0.07 of it.
constexpr qreal kArmFactor = 0.12;
constexpr qreal kExplodeFactor = 0.07;
constexpr qreal kLabelReach = 1 + kArmFactor + kExplodeFactor;

} // namespace

PieChartWidget::PieChartWidget(ConfigModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_chart(new QChart), m_view(new QChartView(m_chart, this)),
      m_series(new QPieSeries(m_chart)), m_details(new WrapLabel(this)),
      m_barsTitle(new QLabel(this)), m_legend(new FigureGrid(2, 250, this)),
      m_title(new StaticTextItem(m_chart))
{
    paintWithWindow(m_view);
    m_barsTitle->setAlignment(Qt::AlignCenter);
    m_barsTitle->setTextFormat(Qt::PlainText);
    m_barsTitle->hide();
    m_title->setCentered(true);
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->addSeries(m_series);
    m_chart->legend()->hide();
    m_series->setPieSize(0.58);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFocusPolicy(Qt::NoFocus);
    m_view->setMinimumSize(280, 220);
    m_view->installEventFilter(this);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setText(tr("Hover a slice for its breakdown."));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_barsTitle);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    layout->addWidget(m_details);
    layout->addStretch(0); // takes the room the hidden pie leaves to the bars

    connect(m_series, &QPieSeries::hovered, this, &PieChartWidget::hover);
    // The slices follow the configuration or the checkpoint, never the workload or the options.
    using Change = ConfigModel::Change;
    // On another tab than the Overview, the pie catches up when it is shown again.
    m_refresh = new ShowRefresh(
        this, [this] { refresh(); }, ShowRefresh::Waits::WhileHiddenInShownWindow);
    m_model->whenChanged(Change::Configuration | Change::Checkpoint | Change::ModelLoaded |
                             Change::Baseline,
                         m_refresh, [this] { m_refresh->invalidate(); });
    connect(m_chart, &QChart::plotAreaChanged, this, &PieChartWidget::placeTitle);
    setDark(false);
    refresh();
}

void PieChartWidget::refresh()
{
    const std::vector<Slice>& slices = m_model->slices();
    bool sameKeys = slices.size() == m_keys.size();
    for (std::size_t i = 0; sameKeys && i < slices.size(); ++i) {
        sameKeys = slices[i].key == m_keys[i];
    }
    if (!sameKeys) {
        rebuild();
    }
    const std::uint64_t total = m_model->slicesTotal();
    // Against a pinned baseline each slice carries its ratio ("×2"), labels and legend alike.
    const BaselineRatios* ratios = m_model->ratios();
    m_ratios.clear();
    for (const Slice& s : slices) {
        const std::string r = ratios != nullptr ? ratios->slice(s.key) : std::string();
        m_ratios.push_back(r.empty() ? QString() : QLatin1Char(' ') + qs(r));
    }
    const bool bars = wantsBars();
    if (bars != m_bars) {
        m_bars = bars;
        m_view->setVisible(!bars);
        m_barsTitle->setVisible(bars);
        m_details->setText(bars ? tr("Hover a bar for its breakdown.")
                                : tr("Hover a slice for its breakdown."));
    }
    if (m_bars) {
        m_labelShown.assign(slices.size(), false); // the pie is hidden
    } else {
        fitLabels(slices, total);
    }
    updateSlices(slices, total);
    m_legend->setEntries(legendEntries(slices, total));
    // A model type the tool does not know: the figure is an estimate, said on it.
    QString title = m_model->config().estimate.empty()
                        ? tr("Parameters\n%1").arg(qs(countWithShort(total)))
                        : tr("Parameters (estimate)\n%1").arg(qs(countWithShort(total)));
    if (m_model->config().isMoe()) {
        title += tr("\n%1 active per token").arg(qs(shortCount(m_model->count().active)));
    }
    m_title->setText(title);
    m_barsTitle->setText(title);
    placeTitle();
}

// Every slice's value, label and label visibility. Qt Charts lays out every slice item (its
// label's text measured and set as HTML) on each value that changes, and the changed slice on each
// label or visibility: seven slices cost some sixty label layouts a step. The slices take their
// new state quietly, all but one value, whose change then lays out every slice once with it all;
// when no value changes, each changed slice is laid out once.
void PieChartWidget::updateSlices(const std::vector<Slice>& slices, std::uint64_t total)
{
    const QList<QPieSlice*> pieces = m_series->slices();
    qsizetype last = -1; // the last slice whose value changes
    for (qsizetype i = 0; i < pieces.size(); ++i) {
        if (!qFuzzyCompare(pieces[i]->value(),
                           static_cast<double>(slices[static_cast<std::size_t>(i)].params))) {
            last = i;
        }
    }
    for (qsizetype i = 0; i < pieces.size(); ++i) {
        const Slice& s = slices[static_cast<std::size_t>(i)];
        const double share = fraction(s.params, total);
        QPieSlice* p = pieces[i];
        const QSignalBlocker quiet(last >= 0 ? p : nullptr);
        // A narrow pie shows shares only; the legend below names every slice.
        const QString& ratio = m_ratios[static_cast<std::size_t>(i)];
        p->setLabel(m_compactLabels
                        ? qs(formatShare(share)) + ratio
                        : qs(s.label) + QLatin1Char(' ') + qs(formatShare(share)) + ratio);
        p->setLabelVisible(m_labelsFit && m_labelShown[static_cast<std::size_t>(i)]);
        if (i != last) {
            p->setValue(static_cast<double>(s.params));
        }
    }
    if (last >= 0) {
        pieces[last]->setValue(static_cast<double>(slices[static_cast<std::size_t>(last)].params));
    }
}

// The pie at its largest (kMax of the room under the title) against kMinPieDiameter.
bool PieChartWidget::wantsBars() const
{
    const QLayout* l = layout();
    // The legend as the pie shows it: measured with the bars' height, a pie given up on a
    // projector never came back when the window returned to its size (presentation mode off).
    const int legend = m_legend->sizeHint().height() - m_legend->barsHeight();
    const int room = height() - legend - m_details->sizeHint().height() - 3 * l->spacing() -
                     m_chart->margins().top() - 8;
    const qreal diameter = 0.62 * std::min(width() - 8, room);
    return diameter < (m_bars ? 1.05 : 1.0) * kMinPieDiameter;
}

// One entry per slice, in the pie's order; largest first with its share of the whole model as a
// bar (the full width is 100 %) when the bars stand in for the pie. Each entry's tooltip is its
// slice's breakdown.
QList<FigureGrid::Entry> PieChartWidget::legendEntries(const std::vector<Slice>& slices,
                                                       std::uint64_t total) const
{
    std::vector<std::size_t> order(slices.size());
    for (std::size_t i = 0; i < slices.size(); ++i) {
        order[i] = i;
    }
    if (m_bars) {
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return slices[a].params > slices[b].params;
        });
    }
    QList<FigureGrid::Entry> legend;
    for (const std::size_t i : order) {
        const Slice& s = slices[i];
        legend.append({qs(s.key), qs(s.label),
                       qs(shortCount(s.params)) + QStringLiteral(" (") +
                           qs(formatShare(fraction(s.params, total))) + QLatin1Char(')') +
                           m_ratios[i],
                       componentColor(qs(s.key), m_dark), false, breakdown(s),
                       m_bars ? fraction(s.params, total) : -1.0});
    }
    return legend;
}

void PieChartWidget::rebuild()
{
    m_series->clear();
    m_keys.clear();
    for (const Slice& s : m_model->slices()) {
        auto* p = new QPieSlice(qs(s.label), static_cast<double>(s.params));
        p->setLabelPosition(QPieSlice::LabelOutside);
        p->setExplodeDistanceFactor(kExplodeFactor);
        p->setLabelArmLengthFactor(kArmFactor);
        // Presentation mode sets the slices' fonts (followPresentationFonts): the pie is sized
        // to its labels again, once for all slices.
        connect(p, &QPieSlice::labelFontChanged, this, &PieChartWidget::scheduleRefit);
        m_series->append(p);
        m_keys.push_back(s.key);
    }
    applyColours();
}

void PieChartWidget::applyColours()
{
    const QColor text = palette().color(QPalette::WindowText);
    const QColor base = palette().color(QPalette::Window);
    m_chart->setBackgroundBrush(base);
    // The title is a StaticTextItem in the top margin (three lines at most): QChart::setTitle
    // lays out HTML on every change, i.e. on every slider step.
    QFont titleFont = font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setColor(text);
    m_barsTitle->setFont(titleFont);
    m_chart->setMargins(QMargins(4, 3 * QFontMetrics(titleFont).height() + 10, 4, 4));
    m_chart->legend()->setLabelColor(text);
    const QList<QPieSlice*> pieces = m_series->slices();
    for (qsizetype i = 0; i < pieces.size(); ++i) {
        const QColor c = componentColor(qs(m_keys[static_cast<std::size_t>(i)]), m_dark);
        pieces[i]->setBrush(c);
        pieces[i]->setPen(sliceSeparatorPen(base));
        pieces[i]->setLabelColor(text);
    }
}

void PieChartWidget::setDark(bool dark)
{
    m_dark = dark;
    m_chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    applyColours();
    refresh();
}

void PieChartWidget::hover(QPieSlice* slice, bool state)
{
    slice->setExploded(state);
    if (!state) {
        return;
    }
    const qsizetype index = m_series->slices().indexOf(slice);
    const std::vector<Slice>& slices = m_model->slices();
    if (index < 0 || static_cast<std::size_t>(index) >= slices.size()) {
        return;
    }
    const QString text = breakdown(slices[static_cast<std::size_t>(index)]);
    m_details->setText(text);
    QToolTip::showText(QCursor::pos(), text, m_view);
}

QList<PieChartWidget::SliceValue> PieChartWidget::sliceValues() const
{
    QList<SliceValue> out;
    const QList<QPieSlice*> pieces = m_series->slices();
    for (qsizetype i = 0; i < pieces.size(); ++i) {
        out.append({qs(m_keys[static_cast<std::size_t>(i)]), pieces[i]->value(), pieces[i]->label(),
                    pieces[i]->labelColor()});
    }
    return out;
}

QString PieChartWidget::title() const
{
    return m_title->text();
}

void PieChartWidget::placeTitle()
{
    m_title->setPos((m_chart->size().width() - m_title->boundingRect().width()) / 2, 6);
}

void PieChartWidget::fitLabels(const std::vector<Slice>& slices, std::uint64_t total)
{
    // Name and share beside each slice of 3 % or more when the pie can stay at least 0.4 of the
    // plot with them around it; else the share only (the legend below names every slice); else
    // no labels. Where each label goes depends on its slice's angle (pieSizeForLabels).
    const QList<QPieSlice*> pieces = m_series->slices();
    const QFont fm = pieces.isEmpty() ? font() : pieces.front()->labelFont();
    std::vector<double> values;
    values.reserve(slices.size());
    for (const Slice& s : slices) {
        values.push_back(static_cast<double>(s.params));
    }
    const std::vector<qreal> angles = pieMidAngles(values);
    std::vector<PieLabelBox> named;
    std::vector<PieLabelBox> shares;
    std::vector<std::size_t> labelled; // the slice of each label
    for (std::size_t i = 0; i < slices.size(); ++i) {
        const double share = fraction(slices[i].params, total);
        if (share >= kMinLabelledShare) {
            const QString text = qs(formatShare(share));
            named.push_back(
                {angles[i],
                 labelBox(fm, qs(slices[i].label) + QLatin1Char(' ') + text + m_ratios[i]),
                 values[i]});
            shares.push_back({angles[i], labelBox(fm, text + m_ratios[i]), values[i]});
            labelled.push_back(i);
        }
    }
    const QMargins margins = m_chart->margins();
    const QSizeF plot(m_view->width() - margins.left() - margins.right() - 8,
                      m_view->height() - margins.top() - margins.bottom() - 8);
    constexpr qreal kMax = 0.62;
    qreal size = pieSizeForLabels(plot, named, kLabelReach, kMax);
    m_compactLabels = size < 0.4;
    if (m_compactLabels) {
        size = pieSizeForLabels(plot, shares, kLabelReach, kMax);
    }
    m_labelsFit = size >= 0.3;
    m_series->setPieSize(m_labelsFit ? size : kMax);
    // Labels that would overlap a larger slice's keep to the legend.
    m_labelShown.assign(slices.size(), false);
    const std::vector<bool> shown =
        pieLabelsShown(plot, size, m_compactLabels ? shares : named, 1 + kArmFactor);
    for (std::size_t k = 0; k < labelled.size(); ++k) {
        m_labelShown[labelled[k]] = shown[k];
    }
}

void PieChartWidget::scheduleRefit()
{
    m_refit.schedule();
}

// Qt Charts gives the slices its theme's colours when the chart is first shown (the light theme's
// labels are gray): the app's text colour is set again then, as every later rebuild sets it.
void PieChartWidget::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    QMetaObject::invokeMethod(this, &PieChartWidget::applyColours, Qt::QueuedConnection);
}

void PieChartWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    refresh();
}

bool PieChartWidget::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view && event->type() == QEvent::Resize) {
        scheduleRefit();
    }
    return QWidget::eventFilter(watched, event);
}

qreal PieChartWidget::pieDiameter() const
{
    const QRectF plot = m_chart->plotArea();
    return m_bars ? 0 : m_series->pieSize() * std::min(plot.width(), plot.height());
}

QStringList PieChartWidget::legendTexts() const
{
    QStringList out;
    for (const FigureGrid::Entry& e : m_legend->entries()) {
        out << e.name + QStringLiteral(": ") + e.value;
    }
    return out;
}

QString PieChartWidget::details() const
{
    return m_details->text();
}

} // namespace llmsizer::ui
