#include "ui/shell/viewtabs.h"

#include "ui/kit/presentation.h"
#include "ui/state/budgetmodel.h"
#include "ui/state/exploremodel.h"
#include "ui/state/fitmodel.h"
#include "ui/teach/budgetview.h"
#include "ui/teach/explorerview.h"
#include "ui/teach/fitsolverview.h"
#include "ui/teach/mathpanel.h"

#include <QAction>
#include <QMenu>
#include <QSizePolicy>
#include <QTabWidget>

namespace llmsizer::ui {

ViewTabs::ViewTabs(ConfigModel* model, QWidget* parent)
    : QObject(parent), m_exploreModel(new ExploreModel(model, this)),
      m_budgetModel(new BudgetModel(model, this)), m_fitModel(new FitModel(model, this)),
      m_explorer(new ExplorerView(m_exploreModel, parent)), m_math(new MathPanel(model, parent)),
      m_budget(new BudgetView(m_budgetModel, parent)), m_fit(new FitSolverView(m_fitModel, parent))
{
}

QStringList ViewTabs::viewNames()
{
    return {QStringLiteral("overview"), QStringLiteral("hardware"), QStringLiteral("models"),
            QStringLiteral("explorer"), QStringLiteral("math"),     QStringLiteral("budget"),
            QStringLiteral("fit")};
}

void ViewTabs::addTabs(QTabWidget* tabs, QWidget* overview, QWidget* hardware, QWidget* models)
{
    m_tabs = tabs;
    struct Tab {
        QWidget* widget;
        QString title;
        QString tip;
    };
    const Tab list[] = {
        {overview, tr("Overview"), QString()},
        {hardware, tr("My hardware"),
         tr("Every model and precision on your GPUs: fits, context, speed")},
        {models, tr("My models"),
         tr("The models already on this machine's disk, and how each runs here")},
        {m_explorer, tr("Depth × width"), tr("Depth against width at equal parameters")},
        {m_math, tr("Show the math"), tr("Every figure with its formula and source")},
        {m_budget, tr("Compute budget"),
         tr("Configurations under a FLOP budget (the sizing chapter's search)")},
        {m_fit, tr("Largest that fits"), tr("The largest model a GPU can hold")},
    };
    const QStringList names = viewNames();
    for (qsizetype i = 0; i < names.size(); ++i) {
        const Tab& t = list[i];
        t.widget->setObjectName(names[i]);
        const int index = tabs->addTab(t.widget, t.title);
        if (!t.tip.isEmpty()) {
            tabs->setTabToolTip(index, t.tip);
        }
    }
    // Only the tab shown has a say in the window's minimum size. A hidden tab keeps the width it
    // last had; switched to presentation mode's font there, it asked for more height than a
    // 1280×800 screen has, and the window grew past the screen on every tab and stayed so.
    QList<QSizePolicy> policies;
    for (int i = 0; i < tabs->count(); ++i) {
        policies.append(tabs->widget(i)->sizePolicy());
    }
    const auto sizeByShown = [tabs, policies](int shown) {
        for (int i = 0; i < tabs->count() && i < policies.size(); ++i) {
            tabs->widget(i)->setSizePolicy(
                i == shown ? policies[i] : QSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored));
        }
    };
    sizeByShown(tabs->currentIndex());
    connect(tabs, &QTabWidget::currentChanged, this, sizeByShown);
}

void ViewTabs::addMenuEntries(QMenu* view)
{
    if (m_tabs != nullptr) {
        for (int i = 0; i < m_tabs->count() && i < 9; ++i) {
            QAction* a = view->addAction(m_tabs->tabText(i), this,
                                         [this, i] { m_tabs->setCurrentIndex(i); });
            a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
        }
        view->addSeparator();
    }
    view->addAction(Presentation::instance()->action());
}

bool ViewTabs::showView(const QString& name)
{
    if (m_tabs == nullptr) {
        return false;
    }
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (m_tabs->widget(i)->objectName() == name) {
            m_tabs->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

QString ViewTabs::currentView() const
{
    return m_tabs != nullptr && m_tabs->currentWidget() != nullptr
               ? m_tabs->currentWidget()->objectName()
               : QString();
}

} // namespace llmsizer::ui
