#include "ui/shell/viewexport.h"

#include "ui/kit/export.h"
#include "ui/state/comparisonmodel.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QWidget>
#include <exception>

namespace llmsizer::ui {

ViewExport::ViewExport(QWidget* window, ComparisonModel* comparison,
                       std::function<QWidget*()> currentView)
    : QObject(window), m_window(window), m_comparison(comparison),
      m_currentView(std::move(currentView))
{
}

void ViewExport::attach(QWidget* chart, const QString& name, const QString& fileBase)
{
    chart->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(chart, &QWidget::customContextMenuRequested, this,
            [this, chart, name, fileBase](const QPoint& p) {
                QMenu menu(chart);
                addChartActions(&menu, chart, name, fileBase);
                menu.exec(chart->mapToGlobal(p));
            });
}

void ViewExport::addChartActions(QMenu* menu, QWidget* chart, const QString& name,
                                 const QString& fileBase)
{
    menu->addAction(tr("&Copy image"), this, [this, chart] { copyWidgetImage(chart, caption()); });
    const auto save = [this, chart, name, fileBase](const QString& filter) {
        const QString path = askPath(tr("Save %1").arg(name), fileBase, filter);
        if (!path.isEmpty()) {
            report(exportWidget(chart, path, name, caption()));
        }
    };
    menu->addAction(tr("Save as &PNG…"), this, [save] { save(tr("PNG image (*.png)")); });
    menu->addAction(tr("Save as &SVG…"), this, [save] { save(tr("SVG image (*.svg)")); });
}

void ViewExport::askCurrentView()
{
    const QString filters = tr("PNG image (*.png);;SVG image (*.svg);;Summary as CSV (*.csv);;"
                               "Summary as Markdown (*.md);;Summary as JSON (*.json)");
    const QString path = askPath(tr("Export current view"), QStringLiteral("view"), filters);
    if (!path.isEmpty()) {
        report(exportCurrentView(path));
    }
}

QString ViewExport::exportCurrentView(const QString& path) const
{
    if (tableFormatFor(path)) {
        if (m_comparison.isNull()) {
            return QStringLiteral("%1: no model to export").arg(path);
        }
        try {
            ComparisonTable table = m_comparison->currentTable();
            table.caption = caption().toStdString();
            return exportTable(table, path);
        } catch (const std::exception& e) {
            return QStringLiteral("%1: %2").arg(path, QString::fromStdString(e.what()));
        }
    }
    if (!imageFormatFor(path)) {
        return QStringLiteral("%1: unknown format (use .png or .svg for the view, .csv, .md or "
                              ".json for the summary)")
            .arg(path);
    }
    QWidget* view = m_currentView ? m_currentView() : nullptr;
    if (view == nullptr) {
        return QStringLiteral("%1: no view is shown").arg(path);
    }
    return exportWidget(view, path, m_window->windowTitle(), caption());
}

QString ViewExport::askPath(const QString& title, const QString& fileBase, const QString& filters)
{
    QString selected;
    QString path =
        QFileDialog::getSaveFileName(m_window, title, m_lastDir + fileBase, filters, &selected);
    if (path.isEmpty()) {
        return {};
    }
    // The type chosen in the dialog supplies a missing suffix: "(*.svg)" → ".svg".
    if (QFileInfo(path).suffix().isEmpty()) {
        const qsizetype star = selected.indexOf(QLatin1String("(*"));
        if (star >= 0) {
            path += selected.mid(star + 2).chopped(1);
        }
    }
    m_lastDir = QFileInfo(path).absolutePath() + QLatin1Char('/');
    return path;
}

void ViewExport::report(const QString& error) const
{
    if (!error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Export failed"), error);
    }
}

} // namespace llmsizer::ui
