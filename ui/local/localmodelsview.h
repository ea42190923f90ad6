#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QTreeView;

namespace llmsizer::ui {

class LocalModelsModel;
class LocalModelsSort;
class LocalModelsTree;

// "My models": the machine as detected, and every model found on its disk (the Hugging Face
// cache, Ollama, LM Studio, llama.cpp's cache, the folders added) with its exact count, its
// quantization, its size and how it runs here with its store's runtime. A click makes a model
// the current one (the Overview's pie then shows its own tensors); a double-click also shows
// the Overview; a row can be dragged into the Compare window. Rescan, add a folder, or use the
// detected machine in My hardware.
class LocalModelsView : public QWidget {
    Q_OBJECT
public:
    explicit LocalModelsView(LocalModelsModel* model, QWidget* parent = nullptr);

    LocalModelsModel* model() const { return m_model; }
    QTreeView* tree() const { return m_tree; }
    QLabel* statusLabel() const { return m_status; }
    void setDark(bool dark);

signals:
    // A copy was chosen: make it the current model (and, with `show`, show the Overview).
    void openCopy(qulonglong model, qulonglong copy, bool show);
    // "Use this machine": the detected GPUs and RAM into My hardware.
    void useMachineRequested();
    void addFolderRequested();
    // "Add … to Custom GPUs": a GPU found here that the catalog lacks.
    void addGpuRequested();

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void update();
    void fitColumns();
    void open(const QModelIndex& index, bool show);

    LocalModelsModel* m_model;
    LocalModelsTree* m_treeModel;
    LocalModelsSort* m_sort;
    QTreeView* m_tree;
    QLabel* m_machine;
    QLabel* m_status;
    QLabel* m_problems;
    QPushButton* m_rescan;
    QPushButton* m_addFolder;
    QPushButton* m_useMachine;
    QPushButton* m_addGpu;
};

} // namespace llmsizer::ui
