#pragma once

#include <QString>
#include <QWidget>

class QButtonGroup;
class QStackedWidget;
class QToolButton;

namespace llmsizer::ui {

class ConfigModel;
class DiagramWidget;
class PieChartWidget;
class RuleStepsWidget;

// The Overview's parameter chart: the pie (components and their shares), the diagram (every
// weight of the block as a box of its shape and count, the block drawn once with its "× N") or
// the 12·L·d² rule taken to the exact count step by step (textbook numbers show it), chosen with
// three buttons above it. Both follow every edit of the model, the diagram while it is
// shown (and once when it is shown after edits). Clicking a box of the diagram asks for its
// formula in "Show the math" (mathRequested).
class ParameterChart : public QWidget {
    Q_OBJECT
public:
    enum class Kind { Pie, Diagram, Rule };

    explicit ParameterChart(ConfigModel* model, QWidget* parent = nullptr);

    Kind kind() const { return m_kind; }
    void setKind(Kind kind);
    // "pie", "diagram" or "rule"; anything else reads as the pie.
    static QString kindName(Kind kind);
    static Kind kindFromName(const QString& name, bool* ok = nullptr);

    PieChartWidget* pie() const { return m_pie; }
    DiagramWidget* diagram() const { return m_diagram; }
    RuleStepsWidget* ruleSteps() const { return m_rule; }
    QToolButton* button(Kind kind) const;
    void setDark(bool dark);

signals:
    void kindChanged(llmsizer::ui::ParameterChart::Kind kind);
    // The Show the math item of a clicked box ("attention", "mlp", …).
    void mathRequested(const QString& mathKey);

private:
    void refreshDiagram(bool sameModel);
    void refreshRule();
    // Textbook numbers switched on show the rule's steps; switched off, the chart shown before.
    void followTextbook();

    ConfigModel* m_model;
    PieChartWidget* m_pie;
    DiagramWidget* m_diagram;
    RuleStepsWidget* m_rule;
    QStackedWidget* m_stack;
    QButtonGroup* m_buttons;
    Kind m_kind = Kind::Pie;
    bool m_stale = true;      // the diagram missed edits while hidden
    bool m_staleModel = true; // one of them loaded another model
    bool m_textbook = false;  // as last followed
    Kind m_beforeTextbook = Kind::Pie;
};

} // namespace llmsizer::ui
