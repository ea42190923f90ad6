#pragma once

#include "llmsizer/present/budget.h"

#include <QObject>

namespace llmsizer::ui {

class ConfigModel;

// The Compute budget view's state next to the ConfigModel: the question its fields ask
// (budget.h BudgetQuestion) and its one evaluation by the presentation layer. The current
// family's configuration is the ConfigModel's, read when evaluating (never a copy). While
// inactive (the view hidden) nothing is evaluated; setActive(true) catches up. changed() fires
// once after each evaluation.
class BudgetModel : public QObject {
    Q_OBJECT
public:
    explicit BudgetModel(ConfigModel* model, QObject* parent = nullptr);

    // The question as asked; its `current` is filled in when evaluating.
    const BudgetQuestion& question() const { return m_question; }
    // Asks a new question: evaluated now when active (or when `now`), else when next active.
    void setQuestion(const BudgetQuestion& question, bool now = false);
    // A lesson's question: the sizing chapter's grid and family under `budget` FLOPs ("1e24") at
    // 20 tokens per parameter, ranked by quality.
    void setExercise(const std::string& budget);
    const BudgetSnapshot& snapshot() const { return m_snapshot; }

    void setActive(bool active);
    bool isActive() const { return m_active; }
    // Evaluates now when anything changed since the last evaluation.
    void refresh();
    int evaluations() const { return m_evaluations; }

signals:
    // After each evaluation.
    void changed();
    // A new question was asked (the view's fields show it).
    void questionChanged();

private:
    void invalidate();

    ConfigModel* m_model;
    BudgetQuestion m_question;
    BudgetSnapshot m_snapshot;
    bool m_active = false;
    bool m_stale = true;
    int m_evaluations = 0;
};

} // namespace llmsizer::ui
