#include "ui/shell/viewexport.h"

#include "ui/kit/export.h"
#include "ui/state/comparisonmodel.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QTabWidget>
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

QString ViewExport::exportCurrentViewSummary(const QString& path) const
{
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

QString ViewExport::exportCurrentView(const QString& path) const
{
    if (tableFormatFor(path)) {
        return exportCurrentViewSummary(path);
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

void ViewExport::askAllViews()
{
    const QString dir =
        QFileDialog::getExistingDirectory(m_window, tr("Export all views into a folder"),
                                          m_lastDir.isEmpty() ? QString() : m_lastDir);
    if (dir.isEmpty()) {
        return;
    }
    m_lastDir = dir + QLatin1Char('/');
    report(exportAllViews(dir));
}

namespace {

// A tab's title as a file name: "Depth × width" → "depth-width", "&Overview" → "overview".
QString fileStem(QString title)
{
    title.remove(QLatin1Char('&'));
    QString out;
    for (const QChar c : title.toLower()) {
        if ((c >= QLatin1Char('a') && c <= QLatin1Char('z')) ||
            (c >= QLatin1Char('0') && c <= QLatin1Char('9'))) {
            out += c;
        } else if (!out.isEmpty() && !out.endsWith(QLatin1Char('-'))) {
            out += QLatin1Char('-');
        }
    }
    while (out.endsWith(QLatin1Char('-'))) {
        out.chop(1);
    }
    return out.isEmpty() ? QStringLiteral("view") : out;
}

} // namespace

QString ViewExport::exportAllViews(const QString& dir)
{
    if (m_tabs.isNull()) {
        return QStringLiteral("%1: no views to export").arg(dir);
    }
    QStringList errors;
    const int shown = m_tabs->currentIndex();
    for (int i = 0; i < m_tabs->count(); ++i) {
        // Shown first: a view brings itself up to date when it is shown (ShowRefresh), and some
        // charts finish their layout in a queued step.
        m_tabs->setCurrentIndex(i);
        QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
        const QString title = m_tabs->tabText(i).remove(QLatin1Char('&'));
        const QString path = QDir(dir).filePath(
            QStringLiteral("%1-%2.png").arg(i + 1, 2, 10, QLatin1Char('0')).arg(fileStem(title)));
        const QString error = exportWidget(m_tabs->widget(i), path, title, caption());
        if (!error.isEmpty()) {
            errors << error;
        }
    }
    m_tabs->setCurrentIndex(shown);
    const QString error =
        exportCurrentViewSummary(QDir(dir).filePath(QStringLiteral("summary.md")));
    if (!error.isEmpty()) {
        errors << error;
    }
    return errors.join(QLatin1Char('\n'));
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
