#pragma once

#include <QList>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QSpinBox;
class QTableWidget;

namespace llmsizer::ui {

class FitModel;

// The teaching guide's exercise ("You have a 24GB GPU. What's the largest model you can run at
// INT8? At INT4?") as a reverse solver: a GPU from the catalog, a weight precision and a family
// shape (the current model or a preset, scaled along its own aspect ratio or at fixed depth) give
// the largest family member whose weights and KV cache fit, its exact count and headroom, and the
// next step up that does not fit; a table answers the exercise for FP16, INT8 and INT4 at once.
// The view writes its choices to the FitModel (ui/state) and shows its snapshot (fit.h); the
// context, batch and KV cache fields are the Workspace's, as on the left.
class FitSolverView : public QWidget {
    Q_OBJECT
public:
    explicit FitSolverView(FitModel* model, QWidget* parent = nullptr);

    FitModel* model() const { return m_model; }
    QComboBox* gpuBox() const { return m_gpu; }
    QComboBox* precisionBox() const { return m_precision; }
    QComboBox* familyBox() const { return m_family; }
    QSpinBox* contextBox() const { return m_context; }
    QSpinBox* batchBox() const { return m_batch; }
    QTableWidget* exerciseTable() const { return m_exercise; }
    // "label:\tvalue" per answer line, then the shape rule's (the snapshot's, as shown).
    QStringList answerLines() const;
    // Asks the fields' question now (the view also asks when shown after a change).
    void solve();

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    struct AnswerRow {
        QLabel* label;
        QLabel* value;
    };
    QWidget* buildInputs();
    void fillGpus();
    void fillFamilies();
    // The choices into the FitModel, the workload fields into the Workspace.
    void writeChoice();
    void writeWorkload();
    // The model's choice and the Workspace's workload into the fields.
    void showInputs();
    void showSnapshot();
    AnswerRow& answerRow(int row);
    void arrangeAnswer(bool compact);

    FitModel* m_model;
    QComboBox* m_gpu;
    QSpinBox* m_count;
    QComboBox* m_precision;
    QComboBox* m_kv;
    QSpinBox* m_context;
    QSpinBox* m_batch;
    QComboBox* m_family;
    QComboBox* m_path;
    QCheckBox* m_exactKv;
    QGridLayout* m_answer;
    QWidget* m_answerBox;
    QList<AnswerRow> m_answerRows; // made as needed, kept and refilled
    int m_shownRows = 0;
    QStringList m_arrangedKeys; // as last placed in the grid, and in which mode
    bool m_arrangedCompact = false;
    QTableWidget* m_exercise;
    QLabel* m_message;
};

} // namespace llmsizer::ui
