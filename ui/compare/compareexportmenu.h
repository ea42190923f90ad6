#pragma once

#include "ui/compare/comparepanel.h"

#include <QMenu>
#include <QString>

namespace llmsizer::ui {

// The comparison's Export menu: the table as CSV, Markdown or JSON, and each chart saved as PNG
// or SVG or copied to the clipboard. It asks for file names and leaves the writing (through
// saveFileAtomically) and the error line to the ComparePanel.
class CompareExportMenu : public QMenu {
    Q_OBJECT
public:
    explicit CompareExportMenu(ComparePanel* panel);

    // "Save as PNG…", "Save as SVG…", "Copy image" for one chart (also its context menu).
    void addChartActions(QMenu* menu, ComparePanel::Chart chart);

private:
    void askTable(const QString& filter, const QString& suffix);
    void askChart(ComparePanel::Chart chart, const QString& suffix);
    QString remember(const QString& path);

    ComparePanel* m_panel;
    QString m_lastDir;
};

} // namespace llmsizer::ui
