#include "ui/charts/comparechartbars.h"

#include "ui/charts/chartstyle.h"
#include "ui/kit/palette.h"
#include "ui/kit/textwidth.h"
#include "ui/kit/wraplabel.h"
#include "ui/state/qstrings.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QCursor>
#include <QEvent>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLogValueAxis>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

namespace llmsizer::ui {

namespace {

// Weight precisions from widest to narrowest: darker to lighter shades of one hue, so the eye
// reads "the same thing, smaller".
QColor weightShade(QStringView id, bool dark)
{
    const QColor base = componentColor(u"weights", dark);
    if (id == u"fp32") {
        return base.darker(dark ? 125 : 145);
    }
    if (id == u"fp16" || id == u"bf16") {
        return base;
    }
    if (id == u"int8" || id == u"fp8") {
        return base.lighter(135);
    }
    return base.lighter(170);
}

} // namespace

QColor CompareChartBars::colorFor(const QString& key, bool dark)
{
    static const QString prefix = QStringLiteral("weights.");
    if (key.startsWith(prefix)) {
        return weightShade(QStringView(key).mid(prefix.size()), dark);
    }
    return componentColor(key, dark);
}

CompareChartBars::CompareChartBars(const QString& title, QWidget* parent)
    : QWidget(parent), m_title(title), m_chart(new QChart), m_view(new QChartView(m_chart, this)),
      m_series(new QBarSeries(m_chart)), m_categories(new QBarCategoryAxis(m_chart)),
      m_value(new QValueAxis(m_chart)), m_logValue(new QLogValueAxis(m_chart)),
      m_logBox(new QCheckBox(tr("Log axis"), this)), m_legend(new WrapLabel(this))
{
    paintWithWindow(m_view);
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->addSeries(m_series);
    m_chart->addAxis(m_categories, Qt::AlignBottom);
    m_chart->addAxis(m_value, Qt::AlignLeft);
    m_chart->addAxis(m_logValue, Qt::AlignLeft);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_value);
    m_logValue->setVisible(false);
    m_logValue->setBase(10);
    m_logValue->setLabelFormat(QStringLiteral("%g"));
    m_series->setBarWidth(0.85);
    m_chart->legend()->hide();
    m_legend->setAlignment(Qt::AlignCenter);
    m_legend->setTextFormat(Qt::RichText);
    m_chart->setMargins(QMargins(4, 4, 8, 4));
    m_chart->setTitle(m_title);
    m_value->setLabelFormat(QStringLiteral("%g"));
    // Dynamic ticks from the start, with an interval that suits the initial range (0 to 1).
    m_value->setRange(0, 1);
    m_value->setTickInterval(0.2);
    m_value->setTickAnchor(0);
    m_value->setTickType(QValueAxis::TicksDynamic);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFocusPolicy(Qt::NoFocus);
    m_view->setMinimumSize(320, 220);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view, 1);
    auto* below = new QHBoxLayout;
    below->addWidget(m_legend, 1);
    below->addWidget(m_logBox, 0, Qt::AlignTop);
    layout->addLayout(below);
    m_logBox->setToolTip(tr("A logarithmic axis: each step is ten times the one below, so a "
                            "small model's bars stay visible beside a large one's"));
    connect(m_logBox, &QCheckBox::toggled, this, &CompareChartBars::setLogScale);
    connect(m_series, &QBarSeries::hovered, this, &CompareChartBars::hover);
    connect(m_chart, &QChart::plotAreaChanged, this, [this](const QRectF& plot) {
        fitTicks(plot.height());
        // Names too long for their group break onto two lines instead of being elided
        // ("Mixtral 8…"); queued, as a new label height moves the plot area again.
        const CategoryFit fit = categoryLabels(plot.width());
        if (fit.labels != m_categories->categories() || fit.font != m_categories->labelsFont()) {
            QMetaObject::invokeMethod(
                this, [this, width = plot.width()] { fitCategories(width); }, Qt::QueuedConnection);
        }
    });
    setDark(false);
}

void CompareChartBars::setData(const CompareChart& chart)
{
    // An edit that leaves the bars as they are (a context or KV precision) rebuilds nothing.
    if (m_hasData && chart == m_data) {
        return;
    }
    m_hasData = true;
    m_data = chart;
    m_series->clear(); // deletes the sets
    m_sets.clear();
    fitCategories(m_chart->plotArea().width());
    for (const CompareSeries& s : chart.series) {
        auto* set = new QBarSet(qs(s.label));
        for (double v : s.values) {
            set->append(v);
        }
        m_series->append(set);
        m_sets.push_back(set);
    }
    setValueAxis(m_value, 0, chart.axis_max, chart.tick);
    m_logValue->setRange(chart.log_min, chart.log_max);
    m_chart->setTitle(QStringLiteral("%1 — %2").arg(m_title, qs(chart.axis_title)));
    fitTicks(m_chart->plotArea().height());
    applyColours();
    cacheStaticItems(m_chart);
}

// The core's tick interval gives four to eight ticks; a short chart doubles it until the labels
// are at least kMinTickSpacing pixels apart (closer ones would be elided to "…").
void CompareChartBars::fitTicks(qreal plotHeight)
{
    constexpr qreal kMinTickSpacing = 28;
    double tick = m_data.tick;
    while (plotHeight > 0 && tick < m_data.axis_max &&
           plotHeight * tick / m_data.axis_max < kMinTickSpacing) {
        tick *= 2;
    }
    if (tick != m_value->tickInterval()) {
        m_value->setTickInterval(tick);
    }
}

void CompareChartBars::applyColours()
{
    const QColor text = palette().color(QPalette::WindowText);
    const QColor base = palette().color(QPalette::Window);
    m_chart->setBackgroundBrush(base);
    m_chart->setTitleBrush(text);
    QFont titleFont = font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    titleFont.setBold(true);
    m_chart->setTitleFont(titleFont);
    m_chart->legend()->hide(); // a theme may bring it back
    QStringList entries;
    for (const CompareSeries& s : m_data.series) {
        // Lines break between entries, never inside one ("LM" / "head").
        entries << QStringLiteral("<span style=\"color:%1\">&#9632;</span>&nbsp;%2")
                       .arg(colorFor(qs(s.key), m_dark).name(),
                            qs(s.label).toHtmlEscaped().replace(QLatin1Char(' '),
                                                                QStringLiteral("&nbsp;")));
    }
    m_legend->setText(entries.join(QStringLiteral(" &nbsp; ")));
    m_legend->setVisible(!entries.isEmpty());
    fitCategories(m_chart->plotArea().width());
    m_value->setLabelsFont(font());
    m_value->setTitleFont(font());
    m_logValue->setLabelsFont(font());
    m_logValue->setTitleFont(font());
    const QColor grid = opaqueMix(text, base, 0.16F);
    for (QAbstractAxis* a :
         {static_cast<QAbstractAxis*>(m_categories), static_cast<QAbstractAxis*>(m_value),
          static_cast<QAbstractAxis*>(m_logValue)}) {
        a->setLabelsColor(text);
        a->setTitleBrush(text);
        a->setLinePenColor(text);
        a->setGridLineColor(grid);
    }
    m_categories->setGridLineVisible(false);
    for (std::size_t i = 0; i < m_sets.size(); ++i) {
        m_sets[i]->setColor(colorFor(qs(m_data.series[i].key), m_dark));
        m_sets[i]->setBorderColor(base);
    }
}

void CompareChartBars::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        applyColours();
    }
}

CompareChartBars::CategoryFit CompareChartBars::categoryLabels(qreal plotWidth) const
{
    CategoryFit fit{{}, font()};
    // Qt Charts elides a category's label well inside its group's width: keep 40% spare.
    const qreal room = m_data.categories.empty()
                           ? 0
                           : 0.6 * plotWidth / static_cast<qreal>(m_data.categories.size());
    qreal widest = 0; // the longest line
    for (const std::string& c : m_data.categories) {
        QString label = qs(c);
        qreal width = textWidth(fit.font, label);
        // The space or hyphen nearest the middle: "Mixtral<br>8x22B", "DeepSeek-<br>V3".
        const qsizetype middle = label.size() / 2;
        qsizetype split = -1;
        for (qsizetype i = 1; i + 1 < label.size(); ++i) {
            if ((label[i] == QLatin1Char(' ') || label[i] == QLatin1Char('-')) &&
                (split < 0 || std::abs(i - middle) < std::abs(split - middle))) {
                split = i;
            }
        }
        if (room > 0 && width > room && split > 0) {
            const QString first = label.left(label[split] == QLatin1Char('-') ? split + 1 : split);
            const QString second = label.mid(split + 1);
            width = std::max(textWidth(fit.font, first), textWidth(fit.font, second));
            label = first.toHtmlEscaped() + QStringLiteral("<br>") + second.toHtmlEscaped();
        }
        widest = std::max(widest, width);
        fit.labels << label;
    }
    // Before the first layout the plot is a few pixels wide: nothing to fit yet.
    constexpr qreal kLaidOut = 40;
    if (room > kLaidOut && widest > room) {
        const qreal scale = std::max(0.7, room / widest);
        if (fit.font.pointSizeF() > 0) {
            fit.font.setPointSizeF(fit.font.pointSizeF() * scale);
        } else {
            fit.font.setPixelSize(std::max(1, qRound(fit.font.pixelSize() * scale)));
        }
    }
    return fit;
}

void CompareChartBars::fitCategories(qreal plotWidth)
{
    const CategoryFit fit = categoryLabels(plotWidth);
    if (fit.font != m_categories->labelsFont()) {
        m_categories->setLabelsFont(fit.font);
    }
    if (fit.labels != m_categories->categories()) {
        // Emptied and filled rather than setCategories(): replacing four names by three that
        // way took 105 ms in Qt 6.4 (a lesson that opens Compare), this way a few.
        m_categories->clear();
        m_categories->append(fit.labels);
    }
}

QString CompareChartBars::legendText() const
{
    return m_legend->text();
}

void CompareChartBars::setDark(bool dark)
{
    m_dark = dark;
    m_chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    applyColours();
}

void CompareChartBars::hover(bool state, int index, QBarSet* set)
{
    if (!state) {
        QToolTip::hideText();
        return;
    }
    const auto it = std::find(m_sets.begin(), m_sets.end(), set);
    if (it == m_sets.end() || index < 0 ||
        static_cast<std::size_t>(index) >= m_data.categories.size()) {
        return;
    }
    const CompareSeries& s = m_data.series[static_cast<std::size_t>(it - m_sets.begin())];
    const QString text = QStringLiteral("<b>%1</b><br>%2: %3")
                             .arg(qs(m_data.categories[static_cast<std::size_t>(index)]),
                                  qs(s.label), qs(s.texts[static_cast<std::size_t>(index)]));
    QToolTip::showText(QCursor::pos(), text, m_view);
}

QStringList CompareChartBars::categories() const
{
    // The names, without the line breaks categoryLabels() may have put in.
    QStringList out;
    for (const std::string& c : m_data.categories) {
        out << qs(c);
    }
    return out;
}

QStringList CompareChartBars::categoryTexts() const
{
    return m_categories->categories();
}

QStringList CompareChartBars::seriesKeys() const
{
    QStringList out;
    for (const CompareSeries& s : m_data.series) {
        out << qs(s.key);
    }
    return out;
}

QStringList CompareChartBars::seriesLabels() const
{
    QStringList out;
    for (QBarSet* set : m_sets) {
        out << set->label();
    }
    return out;
}

double CompareChartBars::value(int series, int category) const
{
    if (series < 0 || static_cast<std::size_t>(series) >= m_sets.size()) {
        return -1;
    }
    return m_sets[static_cast<std::size_t>(series)]->at(category);
}

double CompareChartBars::axisMax() const
{
    return m_log ? m_logValue->max() : m_value->max();
}

double CompareChartBars::axisMin() const
{
    return m_log ? m_logValue->min() : m_value->min();
}

void CompareChartBars::setLogScale(bool log)
{
    if (log == m_log) {
        return;
    }
    m_log = log;
    QAbstractAxis* from = log ? static_cast<QAbstractAxis*>(m_value) : m_logValue;
    QAbstractAxis* to = log ? static_cast<QAbstractAxis*>(m_logValue) : m_value;
    m_series->detachAxis(from);
    m_series->attachAxis(to);
    from->setVisible(false);
    to->setVisible(true);
    const QSignalBlocker quiet(m_logBox);
    m_logBox->setChecked(log);
    applyColours();
}

QString CompareChartBars::chartTitle() const
{
    return m_chart->title();
}

QColor CompareChartBars::seriesColor(int series) const
{
    if (series < 0 || static_cast<std::size_t>(series) >= m_sets.size()) {
        return {};
    }
    return m_sets[static_cast<std::size_t>(series)]->color();
}

} // namespace llmsizer::ui
