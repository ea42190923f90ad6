#include "ui/teach/exploreviews.h"

#include "ui/teach/budgetview.h"
#include "ui/teach/exploremodel.h"
#include "ui/teach/explorerview.h"
#include "ui/teach/fitsolverview.h"
#include "ui/teach/mathpanel.h"
#include "ui/teach/presentation.h"

#include <QAction>
#include <QMenu>
#include <QTabWidget>

namespace llmsizer::ui {

ExploreViews::ExploreViews(ConfigModel* model, QWidget* parent)
    : QObject(parent), m_exploreModel(new ExploreModel(model, this)),
      m_explorer(new ExplorerView(m_exploreModel, parent)), m_math(new MathPanel(model, parent)),
      m_budget(new BudgetView(model, parent)), m_fit(new FitSolverView(model, parent)),
      m_presentation(new Presentation(this))
{
    m_explorer->setObjectName(QStringLiteral("explorer"));
    m_math->setObjectName(QStringLiteral("math"));
    m_budget->setObjectName(QStringLiteral("budget"));
    m_fit->setObjectName(QStringLiteral("fit"));
    connect(m_presentation, &Presentation::toggled, this, [this](bool on) {
        m_budget->setCompact(on);
        m_explorer->setCompact(on);
    });
}

QStringList ExploreViews::viewNames()
{
    return {QStringLiteral("overview"), QStringLiteral("hardware"), QStringLiteral("models"),
            QStringLiteral("explorer"), QStringLiteral("math"),     QStringLiteral("budget"),
            QStringLiteral("fit")};
}

void ExploreViews::addTabs(QTabWidget* tabs)
{
    m_tabs = tabs;
    tabs->addTab(m_explorer, tr("Depth × width"));
    tabs->addTab(m_math, tr("Show the math"));
    tabs->addTab(m_budget, tr("Compute budget"));
    tabs->addTab(m_fit, tr("Largest that fits"));
    tabs->setTabToolTip(tabs->indexOf(m_explorer), tr("Depth against width at equal parameters"));
    tabs->setTabToolTip(tabs->indexOf(m_math), tr("Every figure with its formula and source"));
    tabs->setTabToolTip(tabs->indexOf(m_budget),
                        tr("Configurations under a FLOP budget (the sizing chapter's search)"));
    tabs->setTabToolTip(tabs->indexOf(m_fit), tr("The largest model a GPU can hold"));
}

void ExploreViews::addMenuEntries(QMenu* view)
{
    if (m_tabs != nullptr) {
        for (int i = 0; i < m_tabs->count() && i < 9; ++i) {
            QAction* a = view->addAction(m_tabs->tabText(i), this,
                                         [this, i] { m_tabs->setCurrentIndex(i); });
            a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
        }
        view->addSeparator();
    }
    view->addAction(m_presentation->action());
}

bool ExploreViews::showView(const QString& name)
{
    if (m_tabs == nullptr) {
        return false;
    }
    if (name == QLatin1String("overview")) {
        m_tabs->setCurrentIndex(0);
        return true;
    }
    // Any tab by its widget's object name (the main window's own tabs too: "hardware").
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (m_tabs->widget(i)->objectName() == name) {
            m_tabs->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

} // namespace llmsizer::ui
