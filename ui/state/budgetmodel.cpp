#include "ui/state/budgetmodel.h"

#include "ui/state/configmodel.h"

namespace llmsizer::ui {

BudgetModel::BudgetModel(ConfigModel* model, QObject* parent) : QObject(parent), m_model(model)
{
    // Only the current model's family depends on the configuration.
    m_model->whenChanged(ConfigModel::Change::Configuration, this, [this] {
        if (m_question.current_family) {
            invalidate();
        }
    });
}

void BudgetModel::setQuestion(const BudgetQuestion& question, bool now)
{
    m_question = question;
    m_question.current = {}; // the ConfigModel's, when evaluating
    m_stale = true;
    emit questionChanged();
    if (now) {
        refresh();
    } else {
        invalidate();
    }
}

void BudgetModel::setExercise(const std::string& budget)
{
    BudgetQuestion q;
    q.budget = budget;
    setQuestion(q, true);
}

void BudgetModel::setActive(bool active)
{
    m_active = active;
    if (m_active) {
        refresh();
    }
}

void BudgetModel::invalidate()
{
    m_stale = true;
    if (m_active) {
        refresh();
    }
}

void BudgetModel::refresh()
{
    if (!m_stale) {
        return;
    }
    m_stale = false;
    BudgetQuestion q = m_question;
    if (q.current_family) {
        q.current = m_model->config();
    }
    m_snapshot = evaluate(q);
    ++m_evaluations;
    emit changed();
}

} // namespace llmsizer::ui
