#include "ui/compare/compareexportmenu.h"

#include <QFileDialog>
#include <QFileInfo>

namespace llmsizer::ui {

CompareExportMenu::CompareExportMenu(ComparePanel* panel)
    : QMenu(tr("&Export"), panel), m_panel(panel)
{
    using Chart = ComparePanel::Chart;
    addAction(tr("Table as &CSV…"), this,
              [this] { askTable(tr("CSV (*.csv)"), QStringLiteral("csv")); });
    addAction(tr("Table as &Markdown…"), this,
              [this] { askTable(tr("Markdown (*.md)"), QStringLiteral("md")); });
    addAction(tr("Table as &JSON…"), this,
              [this] { askTable(tr("JSON (*.json)"), QStringLiteral("json")); });
    addSeparator();
    for (Chart chart : {Chart::Components, Chart::Memory, Chart::Pies}) {
        addChartActions(addMenu(m_panel->chartName(chart)), chart);
    }
}

void CompareExportMenu::addChartActions(QMenu* menu, ComparePanel::Chart chart)
{
    menu->addAction(tr("Save as &PNG…"), this,
                    [this, chart] { askChart(chart, QStringLiteral("png")); });
    menu->addAction(tr("Save as &SVG…"), this,
                    [this, chart] { askChart(chart, QStringLiteral("svg")); });
    menu->addAction(tr("&Copy image"), this, [this, chart] { m_panel->copyChart(chart); });
}

QString CompareExportMenu::remember(const QString& path)
{
    if (!path.isEmpty()) {
        m_lastDir = QFileInfo(path).absolutePath() + QLatin1Char('/');
    }
    return path;
}

void CompareExportMenu::askTable(const QString& filter, const QString& suffix)
{
    const QString path = remember(
        QFileDialog::getSaveFileName(m_panel, tr("Export comparison table"),
                                     m_lastDir + QStringLiteral("comparison.") + suffix, filter));
    if (!path.isEmpty()) {
        m_panel->exportTable(path);
    }
}

void CompareExportMenu::askChart(ComparePanel::Chart chart, const QString& suffix)
{
    using Chart = ComparePanel::Chart;
    const QString base = chart == Chart::Components ? QStringLiteral("parameters")
                         : chart == Chart::Memory   ? QStringLiteral("memory")
                                                    : QStringLiteral("pies");
    const QString filter =
        suffix == QLatin1String("png") ? tr("PNG image (*.png)") : tr("SVG image (*.svg)");
    const QString path = remember(
        QFileDialog::getSaveFileName(m_panel, tr("Export %1").arg(m_panel->chartName(chart)),
                                     m_lastDir + base + QLatin1Char('.') + suffix, filter));
    if (!path.isEmpty()) {
        m_panel->exportChart(chart, path);
    }
}

} // namespace llmsizer::ui
