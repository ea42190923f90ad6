#pragma once

#include <QWidget>

namespace llmsizer::ui {

class ConfigModel;
class FigureGrid;

// The summary: exact total and active parameters ("70,553,706,496 (70.6B)"), the 12·L·d²
// approximation and its error, memory at the selected precision, KV cache per token and at the
// chosen context, and FLOPs per token. Every figure comes from the ConfigModel's core results.
class SummaryPanel : public QWidget {
    Q_OBJECT
public:
    explicit SummaryPanel(ConfigModel* model, QWidget* parent = nullptr);

    // The text of one figure, by its key ("total", "active", "approx", "memory", "kv_token",
    // "kv_context", "flops"), for tests.
    QString figure(const QString& key) const;

private:
    void refresh();

    ConfigModel* m_model;
    FigureGrid* m_grid;
};

} // namespace llmsizer::ui
