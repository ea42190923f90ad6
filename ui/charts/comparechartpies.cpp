#include "ui/charts/comparechartpies.h"

#include "llmsizer/text/format.h"
#include "ui/charts/chartstyle.h"
#include "ui/kit/palette.h"
#include "ui/kit/wraplabel.h"
#include "ui/state/qstrings.h"

#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QFontMetricsF>
#include <QGridLayout>
#include <QLabel>
#include <QLegend>
#include <QPieSeries>
#include <QPieSlice>
#include <QToolTip>
#include <QVBoxLayout>

namespace llmsizer::ui {

namespace {

// Slices from this share up carry their percentage beside the pie, at the end of an arm of this
// share of the radius.
constexpr double kLabelledShare = 0.1;
constexpr qreal kArmFactor = 0.05;

bool labelled(const ComparePie& pie, std::size_t slice)
{
    return static_cast<double>(pie.slices[slice].params) >=
           kLabelledShare * static_cast<double>(pie.total);
}

} // namespace

CompareChartPies::CompareChartPies(const QString& title, QWidget* parent)
    : QWidget(parent), m_titleText(title), m_title(new QLabel(title, this)),
      m_grid(new QGridLayout), m_legend(new WrapLabel(this))
{
    m_title->setAlignment(Qt::AlignCenter);
    setTitleFont();
    m_legend->setAlignment(Qt::AlignCenter);
    m_legend->setTextFormat(Qt::RichText);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setHorizontalSpacing(4);
    m_grid->setVerticalSpacing(0);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    layout->addWidget(m_title);
    layout->addLayout(m_grid, 1);
    layout->addWidget(m_legend);
    setMinimumHeight(200);
}

void CompareChartPies::setData(const std::vector<ComparePie>& pies,
                               const std::vector<CompareSeries>& legend)
{
    // An edit that leaves the pies as they are (a context or KV precision) rebuilds nothing.
    if (m_hasData && pies == m_data && legend == m_legendKeys) {
        return;
    }
    m_hasData = true;
    m_data = pies;
    m_legendKeys = legend;
    while (m_pies.size() > pies.size()) {
        delete m_pies.back().view; // owns the chart and its series
        delete m_pies.back().caption;
        m_pies.pop_back();
    }
    while (m_pies.size() < pies.size()) {
        Pie p;
        p.chart = new QChart;
        p.chart->setAnimationOptions(QChart::NoAnimation);
        p.chart->legend()->hide();
        p.chart->setMargins(QMargins(0, 0, 0, 0));
        p.chart->setBackgroundRoundness(0);
        p.series = new QPieSeries(p.chart);
        p.series->setPieSize(0.8);
        p.chart->addSeries(p.series);
        const std::size_t index = m_pies.size();
        connect(p.series, &QPieSeries::hovered, this,
                [this, index](QPieSlice* slice, bool state) { hover(index, slice, state); });
        // The grid lays the views out after this widget's resize: fit again once the plot moved.
        connect(p.chart, &QChart::plotAreaChanged, this, &CompareChartPies::fitPies,
                Qt::QueuedConnection);
        p.view = new QChartView(p.chart, this);
        paintWithWindow(p.view);
        p.view->setRenderHint(QPainter::Antialiasing);
        p.view->setFocusPolicy(Qt::NoFocus);
        p.view->setMinimumSize(110, 110);
        p.caption = new WrapLabel(this);
        p.caption->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
        const int column = static_cast<int>(m_pies.size());
        m_grid->addWidget(p.caption, 0, column);
        m_grid->addWidget(p.view, 1, column);
        m_grid->setColumnStretch(column, 1);
        m_pies.push_back(p);
    }
    m_grid->setRowStretch(1, 1);
    for (std::size_t i = 0; i < pies.size(); ++i) {
        const ComparePie& pie = pies[i];
        Pie& p = m_pies[i];
        p.series->clear();
        p.caption->setText(QStringLiteral("<b>%1</b><br>%2")
                               .arg(shownName(pie.name).toHtmlEscaped(), qs(pie.caption)));
        for (std::size_t s = 0; s < pie.slices.size(); ++s) {
            const Slice& slice = pie.slices[s];
            auto* piece = new QPieSlice(qs(pie.shares[s]), static_cast<double>(slice.params));
            piece->setLabelPosition(QPieSlice::LabelOutside);
            piece->setLabelArmLengthFactor(kArmFactor);
            piece->setLabelVisible(labelled(pie, s));
            // A new label font (presentation mode) needs the pie fitted to it again.
            connect(piece, &QPieSlice::labelFontChanged, this, &CompareChartPies::fitPies,
                    Qt::QueuedConnection);
            p.series->append(piece);
        }
    }
    fillLegend();
    applyColours();
    fitPies();
}

void CompareChartPies::fitPies()
{
    // Each pie leaves room beside it for its share labels ("45.5%"); a pie too small for them
    // keeps its shares in the table and the legend, never as "4…".
    for (Pie& p : m_pies) {
        const QList<QPieSlice*> pieces = p.series->slices();
        if (pieces.isEmpty()) {
            continue;
        }
        const ComparePie& pie = m_data[static_cast<std::size_t>(&p - m_pies.data())];
        const QFont fm = pieces.front()->labelFont();
        std::vector<double> values;
        values.reserve(pie.slices.size());
        for (const Slice& slice : pie.slices) {
            values.push_back(static_cast<double>(slice.params));
        }
        const std::vector<qreal> angles = pieMidAngles(values);
        std::vector<PieLabelBox> labels;
        std::vector<qsizetype> labelled_slices;
        for (qsizetype s = 0; s < pieces.size(); ++s) {
            const std::size_t index = static_cast<std::size_t>(s);
            if (labelled(pie, index)) {
                labels.push_back({angles[index], labelBox(fm, pieces[s]->label()), values[index]});
                labelled_slices.push_back(s);
            }
        }
        // The chart's plot, where Qt elides a label crossing its edge (before the first layout,
        // the view's size).
        const QSizeF plot = p.chart->plotArea().isEmpty()
                                ? QSizeF(p.view->size()) - QSizeF(8, 8)
                                : p.chart->plotArea().size() - QSizeF(2, 2);
        const qreal size = pieSizeForLabels(plot, labels, 1 + kArmFactor, 0.8);
        const bool fits = size >= 0.3;
        p.series->setPieSize(fits ? size : 0.8);
        const std::vector<bool> shown = pieLabelsShown(plot, size, labels, 1 + kArmFactor);
        for (QPieSlice* piece : pieces) {
            piece->setLabelVisible(false);
        }
        for (std::size_t k = 0; k < labelled_slices.size(); ++k) {
            pieces[labelled_slices[k]]->setLabelVisible(fits && shown[k]);
        }
    }
}

void CompareChartPies::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        setTitleFont();
        applyColours();
        fitPies();
    }
}

void CompareChartPies::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    QMetaObject::invokeMethod(this, &CompareChartPies::applyColours, Qt::QueuedConnection);
}

// The title a little larger than the text, following it into presentation mode.
void CompareChartPies::setTitleFont()
{
    QFont titleFont = font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
}

void CompareChartPies::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitPies();
}

void CompareChartPies::fillLegend()
{
    QStringList entries;
    for (const CompareSeries& k : m_legendKeys) {
        entries << QStringLiteral("<span style=\"color:%1\">&#9632;</span>&nbsp;%2")
                       .arg(componentColor(qs(k.key), m_dark).name(),
                            qs(k.label).toHtmlEscaped().replace(QLatin1Char(' '),
                                                                QStringLiteral("&nbsp;")));
    }
    m_legend->setText(entries.join(QStringLiteral(" &nbsp; ")));
}

void CompareChartPies::applyColours()
{
    const QColor base = palette().color(QPalette::Window);
    const QColor text = palette().color(QPalette::WindowText);
    for (std::size_t i = 0; i < m_pies.size(); ++i) {
        Pie& p = m_pies[i];
        p.chart->setTheme(m_dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        p.chart->setBackgroundBrush(base);
        const QList<QPieSlice*> pieces = p.series->slices();
        for (qsizetype s = 0; s < pieces.size(); ++s) {
            const Slice& slice = m_data[i].slices[static_cast<std::size_t>(s)];
            const QColor c = componentColor(qs(slice.key), m_dark);
            pieces[s]->setBrush(c);
            pieces[s]->setPen(sliceSeparatorPen(base));
            pieces[s]->setLabelColor(text);
            pieces[s]->setLabelArmLengthFactor(kArmFactor);
            QFont f = font();
            f.setBold(true);
            pieces[s]->setLabelFont(f);
        }
    }
    fillLegend();
}

void CompareChartPies::hover(std::size_t pie, QPieSlice* slice, bool state)
{
    if (!state || pie >= m_data.size()) {
        QToolTip::hideText();
        return;
    }
    const qsizetype i = m_pies[pie].series->slices().indexOf(slice);
    const ComparePie& model = m_data[pie];
    if (i < 0 || static_cast<std::size_t>(i) >= model.slices.size()) {
        return;
    }
    const Slice& s = model.slices[static_cast<std::size_t>(i)];
    QToolTip::showText(QCursor::pos(),
                       QStringLiteral("<b>%1</b><br>%2: %3 (%4)")
                           .arg(shownName(model.name).toHtmlEscaped(), qs(s.label),
                                qs(countWithShort(s.params)),
                                qs(model.shares[static_cast<std::size_t>(i)])),
                       m_pies[pie].view);
}

void CompareChartPies::setDark(bool dark)
{
    m_dark = dark;
    applyColours();
}

QString CompareChartPies::pieTitle(int pie) const
{
    if (pie < 0 || pie >= pieCount()) {
        return {};
    }
    return m_pies[static_cast<std::size_t>(pie)].caption->text();
}

QStringList CompareChartPies::sliceKeys(int pie) const
{
    QStringList out;
    if (pie < 0 || pie >= pieCount()) {
        return out;
    }
    for (const Slice& s : m_data[static_cast<std::size_t>(pie)].slices) {
        out << qs(s.key);
    }
    return out;
}

QList<double> CompareChartPies::sliceValues(int pie) const
{
    QList<double> out;
    if (pie < 0 || pie >= pieCount()) {
        return out;
    }
    for (const QPieSlice* s : m_pies[static_cast<std::size_t>(pie)].series->slices()) {
        out << s->value();
    }
    return out;
}

QString CompareChartPies::legendText() const
{
    return m_legend->text();
}

} // namespace llmsizer::ui
