#pragma once

#include "llmsizer/present/mathtext.h"
#include "ui/teach/mathdocument.h"

#include <QWidget>
#include <vector>

class QLabel;
class QTextBrowser;

namespace llmsizer::ui {

class ShowRefresh;

class ConfigModel;

// "Show the math": every parameter component and memory figure of the current configuration as
// its formula, the formula with the current numbers substituted, and the exact result
// (showTheMath), with the symbols, the note on why a figure differs from the simple rule, and the
// source as clickable links. The text is rebuilt on every model change while the panel is visible,
// and once when it is shown after changes.
class MathPanel : public QWidget {
    Q_OBJECT
public:
    explicit MathPanel(ConfigModel* model, QWidget* parent = nullptr);

    const std::vector<MathItem>& items() const { return m_items; }
    QString plainText() const;
    QString html() const;
    QTextBrowser* browser() const { return m_browser; }
    int rebuildCount() const { return m_rebuilds; }
    // How many rebuilds replaced the whole text, and how many only edited the changed results.
    int resetCount() const { return m_text.resetCount(); }
    int patchCount() const { return m_text.patchCount(); }
    // Brings the item `key` ("attention", "mlp", …) to the top of the text, once it is built.
    void showItem(const QString& key);

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();

    ConfigModel* m_model;
    QLabel* m_header;
    QTextBrowser* m_browser;
    MathDocument m_text;
    std::vector<MathItem> m_items;
    ShowRefresh* m_refresh;
    int m_rebuilds = 0;
    QString m_pendingItem; // showItem's, until the text is built
};

} // namespace llmsizer::ui
