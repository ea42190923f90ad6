#include "ui/overview/parameterchart.h"

#include "llmsizer/present/baseline.h"
#include "llmsizer/present/diagram.h"
#include "llmsizer/text/format.h"
#include "ui/charts/diagramlayout.h"
#include "ui/charts/diagramwidget.h"
#include "ui/charts/piechartwidget.h"
#include "ui/charts/rulestepswidget.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <QAbstractButton>
#include <QButtonGroup>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace llmsizer::ui {

ParameterChart::ParameterChart(ConfigModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_pie(new PieChartWidget(model, this)),
      m_diagram(new DiagramWidget(this)), m_rule(new RuleStepsWidget(this)),
      m_stack(new QStackedWidget(this)), m_buttons(new QButtonGroup(this))
{
    m_diagram->setObjectName(QStringLiteral("parameterDiagram"));
    m_stack->addWidget(m_pie);
    m_stack->addWidget(m_diagram);
    m_stack->addWidget(m_rule);

    // A segmented switch: two checkable buttons side by side, one of them down.
    auto* switcher = new QHBoxLayout;
    switcher->setContentsMargins(4, 2, 4, 0);
    switcher->setSpacing(0);
    const auto addButton = [&](Kind kind, const QString& text, const QString& tip) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setCheckable(true);
        b->setAutoRaise(false);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        m_buttons->addButton(b, static_cast<int>(kind));
        switcher->addWidget(b);
    };
    addButton(Kind::Pie, tr("Pie"), tr("The parameters by component, as shares of the whole"));
    addButton(Kind::Diagram, tr("Diagram"),
              tr("Every weight of one layer as a box of its shape and count, the layer drawn "
                 "once with its × N; areas are proportional to parameters"));
    addButton(Kind::Rule, tr("12·L·d²"),
              tr("The 12·L·d² rule taken to the exact count, one correction or missing part at "
                 "a time (textbook numbers show it)"));
    switcher->addStretch(1);
    m_buttons->setExclusive(true);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(switcher);
    layout->addWidget(m_stack, 1);

    connect(m_buttons, &QButtonGroup::idClicked, this,
            [this](int id) { setKind(static_cast<Kind>(id)); });
    // The chosen one in bold: a checked tool button is hard to tell apart in some styles and in
    // the dark palettes.
    connect(m_buttons, &QButtonGroup::buttonToggled, this, [](QAbstractButton* b, bool on) {
        QFont f = b->font();
        f.setBold(on);
        b->setFont(f);
    });
    m_buttons->button(static_cast<int>(Kind::Pie))->setChecked(true);
    refreshRule();
    followTextbook();
    connect(m_diagram, &DiagramWidget::boxClicked, this, &ParameterChart::mathRequested);
    // Slider drags recompute the model once per step: the diagram follows each of them.
    connect(m_model, &ConfigModel::changed, this, [this](ConfigModel::Changes what) {
        using Change = ConfigModel::Change;
        if (what & Change::Display) {
            followTextbook();
        }
        if (!(what & (Change::Configuration | Change::ModelLoaded | Change::Baseline))) {
            return;
        }
        const bool loaded = what.testFlag(Change::ModelLoaded);
        refreshRule();
        if (m_kind == Kind::Diagram) {
            refreshDiagram(!loaded);
        } else {
            m_stale = true;
            m_staleModel = m_staleModel || loaded;
        }
    });
}

QToolButton* ParameterChart::button(Kind kind) const
{
    return qobject_cast<QToolButton*>(m_buttons->button(static_cast<int>(kind)));
}

void ParameterChart::setKind(Kind kind)
{
    m_buttons->button(static_cast<int>(kind))->setChecked(true);
    if (kind == m_kind) {
        return;
    }
    m_kind = kind;
    m_stack->setCurrentWidget(kind == Kind::Diagram ? static_cast<QWidget*>(m_diagram)
                              : kind == Kind::Rule  ? static_cast<QWidget*>(m_rule)
                                                    : m_pie);
    if (kind == Kind::Diagram && m_stale) {
        refreshDiagram(!m_staleModel);
    }
    emit kindChanged(kind);
}

QString ParameterChart::kindName(Kind kind)
{
    return kind == Kind::Diagram ? QStringLiteral("diagram")
           : kind == Kind::Rule  ? QStringLiteral("rule")
                                 : QStringLiteral("pie");
}

ParameterChart::Kind ParameterChart::kindFromName(const QString& name, bool* ok)
{
    const QString n = name.trimmed().toLower();
    if (ok != nullptr) {
        *ok = n == QLatin1String("pie") || n == QLatin1String("diagram") ||
              n == QLatin1String("rule");
    }
    return n == QLatin1String("diagram") ? Kind::Diagram
           : n == QLatin1String("rule")  ? Kind::Rule
                                         : Kind::Pie;
}

void ParameterChart::setDark(bool dark)
{
    m_pie->setDark(dark);
    m_diagram->setDark(dark);
    m_rule->setDark(dark);
}

void ParameterChart::refreshRule()
{
    const RuleSteps& steps = m_model->ruleSteps();
    m_rule->setSteps(steps, qs(steps.summary));
}

void ParameterChart::followTextbook()
{
    if (m_model->textbook() == m_textbook) {
        return;
    }
    m_textbook = m_model->textbook();
    if (m_textbook) {
        m_beforeTextbook = m_kind == Kind::Rule ? Kind::Pie : m_kind;
        setKind(Kind::Rule);
    } else if (m_kind == Kind::Rule) {
        setKind(m_beforeTextbook);
    }
}

void ParameterChart::refreshDiagram(bool sameModel)
{
    const ParamCount& count = m_model->count();
    Diagram d = parameterDiagram(m_model->config(), count);
    // Against a pinned baseline every box carries its ratio to the baseline's (baseline.h).
    if (const ModelConfig* base = m_model->baselineConfig()) {
        setAgainstBaseline(d, parameterDiagram(*base, *m_model->baselineCount()));
    }
    // The name shown, never obeyed, on one line: elided in the middle to most of the diagram's
    // width, in its bold title font (a name longer than a line is not wrapped whole).
    const int room = std::max(160, m_diagram->width() * 4 / 5);
    QString title = QFontMetrics(DiagramFonts(m_diagram->font()).bold)
                        .elidedText(shownName(m_model->modelName()), Qt::ElideMiddle, room) +
                    QLatin1Char('\n') + qs(d.total_text);
    if (m_model->config().isMoe()) {
        title += tr(", %1 active per token").arg(qs(shortCount(count.active)));
    }
    m_diagram->setDiagram(d, title, sameModel);
    m_stale = false;
    m_staleModel = false;
}

} // namespace llmsizer::ui
