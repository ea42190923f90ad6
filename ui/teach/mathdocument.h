#pragma once

#include "llmsizer/present/mathtext.h"

#include <QString>
#include <vector>

class QTextBrowser;

namespace llmsizer::ui {

// The text of "Show the math" in its browser: every item as its title, its formula, the formula
// with this model's numbers and the result, its symbols, note and source. A change of numbers
// (a slider step) edits the changed lines in place, so that only their paragraphs are laid out
// again; any other change sets the whole text.
class MathDocument {
public:
    explicit MathDocument(QTextBrowser* browser);

    // Shows `items`, or `error` instead when it is not empty, under the style sheet `css`.
    void show(const std::vector<MathItem>& items, const QString& error, const QString& css);
    // The browser's document was replaced (a followed link): the next show sets the whole text.
    void forget();

    // How many shows set the whole text, and how many edited lines in place.
    int resetCount() const { return m_resets; }
    int patchCount() const { return m_patches; }

private:
    void reset(const QString& html, const QString& css, std::vector<MathItem> items);
    bool patch(const std::vector<MathItem>& items);

    QTextBrowser* m_browser;
    QString m_shownHtml; // what the browser holds, and with which style sheet
    QString m_shownCss;
    std::vector<MathItem> m_shownItems;
    // Each shown item's blocks by number: its title, formula (three lines), legend and note (-1:
    // none). Empty when the text was not indexed.
    struct ItemBlocks {
        int title = -1;
        int formula = -1;
        int legend = -1;
        int note = -1;
    };
    std::vector<ItemBlocks> m_blocks;
    int m_resets = 0;
    int m_patches = 0;
};

} // namespace llmsizer::ui
