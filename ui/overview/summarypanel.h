#pragma once

#include <QWidget>

class QLabel;
class QSpinBox;

namespace llmsizer::ui {

class ConfigModel;
class FigureGrid;
class ShowRefresh;

// The summary: exact total and active parameters ("70,553,706,496 (70.6B)"), the 12·L·d²
// approximation and its error, memory at the selected precision, KV cache per token and at the
// chosen context, and FLOPs per token. Every figure comes from the ConfigModel's core results.
// Under them, for a preset as loaded: what its makers published against the exact count, and its
// training tokens per parameter against Chinchilla's rule, whose tokens per parameter are edited
// beside it (the Compare table uses the same value).
class SummaryPanel : public QWidget {
    Q_OBJECT
public:
    explicit SummaryPanel(ConfigModel* model, QWidget* parent = nullptr);

    // The text of one figure, by its key ("total", "active", "approx", "memory", "kv_token",
    // "kv_context", "flops", and for a preset as loaded "published" and "training"), for tests.
    QString figure(const QString& key) const;
    // The tooltip of one figure ("published": the note and the sources).
    QString figureTip(const QString& key) const;
    FigureGrid* grid() const { return m_grid; }
    // "Against the baseline …" above the figures while one is pinned (hidden otherwise).
    QLabel* baselineLine() const { return m_baseline; }
    // The published figures and training tokens of a preset (hidden for other models).
    FigureGrid* facts() const { return m_facts; }
    // Chinchilla's tokens per parameter.
    QSpinBox* tokensPerParam() const { return m_tokensPerParam; }

private:
    // Presentation mode (presentation.h): the published figure and the training tokens in their
    // short forms ("70B headline (+0.8%)", "213 (11× Chinchilla)") side by side, one row instead
    // of two, so that the charts keep their height on a 1280 × 800 projector.
    void followPresentation(bool on);
    void refresh();
    void refreshFacts();

    ConfigModel* m_model;
    ShowRefresh* m_refresh = nullptr;
    FigureGrid* m_grid;
    FigureGrid* m_facts;
    QWidget* m_factsRow;
    QLabel* m_baseline;
    QSpinBox* m_tokensPerParam;
};

} // namespace llmsizer::ui
