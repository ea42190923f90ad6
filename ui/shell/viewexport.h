#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <functional>

class QMenu;
class QTabWidget;
class QWidget;

namespace llmsizer::ui {

class ComparisonModel;

// Export from the main window: every chart (the parameter pie and diagram, the memory bars, the
// depth-by-width charts) gets a context menu with Copy image, Save as PNG… and Save as SVG…, and
// File > Export current view… writes the view on screen as PNG or SVG, or the summary of the
// model shown (the Compare window's table for that one model) as CSV, Markdown or JSON. Images
// carry a caption strip naming the model and the workload, without the hover highlight; File >
// Export all views… writes every tab as an image, and the summary, into one folder. Files are
// written whole through export.h; a failure is shown in a message box naming the file.
class ViewExport : public QObject {
    Q_OBJECT
public:
    // `currentView` gives the widget File > Export current view… paints (the tab shown) and its
    // title; `comparison` makes the summary table.
    ViewExport(QWidget* window, ComparisonModel* comparison, std::function<QWidget*()> currentView);

    // Gives `chart` its context menu; `name` titles the dialogs and the SVG, `fileBase` is the
    // proposed file name ("parameters" → parameters.png).
    void attach(QWidget* chart, const QString& name, const QString& fileBase);
    // The context menu's three actions for `chart`, on `menu` (tests open the menu this way).
    void addChartActions(QMenu* menu, QWidget* chart, const QString& name, const QString& fileBase);

    // File > Export current view…: asks for a file; the type it is saved as decides what.
    void askCurrentView();
    // Writes the current view (.png, .svg) or the summary table (.csv, .md, .json) to `path`;
    // returns the error ("PATH: what") or an empty string.
    QString exportCurrentView(const QString& path) const;
    // File > Export all views…: asks for a folder and writes every view into it for a handout.
    void askAllViews();
    // Writes each tab of the main window as DIR/NN-name.png (01-overview.png, …; the tab shown
    // before is shown again) and the model's summary as DIR/summary.md; returns the errors, one
    // line each, or an empty string.
    QString exportAllViews(const QString& dir);
    // The main window's tabs, for exportAllViews.
    void setTabs(QTabWidget* tabs) { m_tabs = tabs; }
    // The caption every image export carries below the picture (the model, the workload, the
    // app's version, the published figure's source); none when not set.
    void setCaption(std::function<QString()> caption) { m_caption = std::move(caption); }

private:
    QString caption() const { return m_caption ? m_caption() : QString(); }
    // The model's summary table (CSV, Markdown or JSON by the suffix) written to `path`.
    QString exportCurrentViewSummary(const QString& path) const;
    QString askPath(const QString& title, const QString& fileBase, const QString& filters);
    void report(const QString& error) const;

    QWidget* m_window;
    QPointer<ComparisonModel> m_comparison;
    std::function<QWidget*()> m_currentView;
    QPointer<QTabWidget> m_tabs;
    std::function<QString()> m_caption;
    QString m_lastDir;
};

} // namespace llmsizer::ui
