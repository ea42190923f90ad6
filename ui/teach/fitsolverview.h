#pragma once

#include <QWidget>
#include <cstdint>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QSpinBox;
class QTableWidget;

namespace llmsizer::ui {

class ShowRefresh;

class ConfigModel;

// The teaching guide's exercise ("You have a 24GB GPU. What's the largest model you can run at
// INT8? At INT4?") as a reverse solver: a GPU from the catalog, a weight precision, a context and a
// family shape (the current model or a preset, scaled along its own aspect ratio or at fixed depth)
// give the largest family member whose weights and KV cache fit (largestThatFits), its exact count
// and headroom, and the next step up that does not fit; a table answers the exercise for FP16, INT8
// and INT4 at once. The view reads its inputs and shows the core's lines.
class FitSolverView : public QWidget {
    Q_OBJECT
public:
    explicit FitSolverView(ConfigModel* model, QWidget* parent = nullptr);

    QComboBox* gpuBox() const { return m_gpu; }
    QComboBox* precisionBox() const { return m_precision; }
    QComboBox* familyBox() const { return m_family; }
    QSpinBox* contextBox() const { return m_context; }
    QTableWidget* exerciseTable() const { return m_exercise; }
    // "label\tvalue" per answer line (tests).
    QStringList answerLines() const;
    // Solves now (the view also solves when shown after a change).
    void solve();
    // A lesson's question: one `gpu` (catalogue id), weights at `precision`, an FP16 KV cache for
    // `context` tokens of one sequence, the current model's family along its own aspect ratio.
    // False (nothing changed) for an unknown GPU or precision.
    bool setExercise(const QString& gpu, const QString& precision, std::uint64_t context);

private:
    void runSolve();
    void fillGpus();
    // The GPU list no longer matches the catalog (a device was added or removed).
    bool gpuListStale() const;
    void fillFamilies();
    void onModelChanged();
    bool followWorkload();

    ConfigModel* m_model;
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
    QTableWidget* m_exercise;
    QLabel* m_message;
    ShowRefresh* m_refresh;
};

} // namespace llmsizer::ui
