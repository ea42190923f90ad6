#include "ui/teach/mathdocument.h"

#include "llmsizer/present/explore_view.h"

#include <QCoreApplication>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QUrl>
#include <algorithm>

namespace llmsizer::ui {

namespace {

QString esc(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

// Where a group of items starts: a heading before its first item.
QString sectionBefore(const std::string& key)
{
    if (key == "embedding") {
        return QCoreApplication::translate("llmsizer::ui::MathPanel", "Parameters");
    }
    if (key == "linear_bias") {
        return QCoreApplication::translate("llmsizer::ui::MathPanel", "The linear-layer rule");
    }
    if (key == "approx_12ld2") {
        return QCoreApplication::translate("llmsizer::ui::MathPanel", "The rule of thumb");
    }
    if (key == "weights") {
        return QCoreApplication::translate("llmsizer::ui::MathPanel", "Memory");
    }
    return {};
}

QString sourceHtml(const std::string& source)
{
    QString html;
    for (const SourceSegment& s : sourceSegments(source)) {
        if (s.kind == SourceSegment::Kind::Url) {
            html += QStringLiteral("<a href=\"%1\">%2</a>")
                        .arg(QString::fromStdString(s.text).toHtmlEscaped(), esc(s.text));
            continue;
        }
        const std::string path = s.kind == SourceSegment::Kind::Doc ? docPath(s.text) : "";
        if (!path.empty()) {
            html += QStringLiteral("<a href=\"%1\">%2</a>")
                        .arg(QUrl::fromLocalFile(QString::fromStdString(path))
                                 .toString()
                                 .toHtmlEscaped(),
                             esc(s.text));
        } else {
            html += esc(s.text);
        }
    }
    return html;
}

QString resultText(const MathItem& m)
{
    return QString::fromStdString(m.unit == "parameters" ? m.result_text + " " + m.unit
                                                         : m.result_text);
}

// The text of an item's formula block as the document holds it: three lines in one paragraph.
QString formulaBlockText(const MathItem& m)
{
    const QChar br(QChar::LineSeparator);
    return QString::fromStdString(m.formula) + br + QStringLiteral("= ") +
           QString::fromStdString(m.substituted) + br + QStringLiteral("= ") + resultText(m);
}

// Text the document shows exactly as given: HTML would collapse runs of white space.
bool plainRun(const QString& s)
{
    if (s.isEmpty() || s.front().isSpace() || s.back().isSpace()) {
        return false;
    }
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s[i].isSpace() && (s[i] != QLatin1Char(' ') || s[i + 1].isSpace())) {
            return false;
        }
    }
    return true;
}

// Replaces the run `was` at `position` by `now`: only the characters between their common start
// and end, in the format of the first of them (the run's own: a run is in one format).
void replaceRun(QTextDocument* doc, int position, const QString& was, const QString& now)
{
    qsizetype head = 0;
    while (head < was.size() && head < now.size() && was[head] == now[head]) {
        ++head;
    }
    qsizetype tail = 0;
    while (tail < was.size() - head && tail < now.size() - head &&
           was[was.size() - 1 - tail] == now[now.size() - 1 - tail]) {
        ++tail;
    }
    // QTextCursor::charFormat is the format of the character before the cursor: take the run's
    // first removed one, or when nothing is removed a kept one of the run.
    const qsizetype formatOf = head < was.size() - tail ? head + 1 : std::max<qsizetype>(head, 1);
    QTextCursor c(doc);
    c.setPosition(position + static_cast<int>(formatOf));
    const QTextCharFormat format = c.charFormat();
    c.setPosition(position + static_cast<int>(head));
    c.setPosition(position + static_cast<int>(was.size() - tail), QTextCursor::KeepAnchor);
    c.insertText(now.mid(head, now.size() - head - tail), format);
}

QString noteHtml(const std::string& note)
{
    return QStringLiteral("<p style=\"margin:2px 0 0 16px\"><i>%1</i></p>").arg(esc(note));
}

// The block and character formats a note's paragraph gets from the HTML under `css` (read after
// another paragraph: a document's first block has no top margin).
std::pair<QTextBlockFormat, QTextCharFormat> noteFormats(const QString& css)
{
    QTextDocument doc;
    doc.setDefaultStyleSheet(css);
    doc.setHtml(QStringLiteral("<p>-</p>") + noteHtml("-"));
    const QTextBlock note = doc.begin().next();
    QTextCursor c(note);
    c.movePosition(QTextCursor::NextCharacter);
    return {note.blockFormat(), c.charFormat()};
}

QString itemHtml(const MathItem& m)
{
    const QString result = resultText(m).toHtmlEscaped();
    QString html = QStringLiteral("<a name=\"item-%5\"></a>"
                                  "<p style=\"margin-top:10px; margin-bottom:2px\"><b>%1</b></p>"
                                  "<p style=\"margin:0 0 0 16px\"><span class=\"f\">%2</span>"
                                  "<br/>= <span class=\"f\">%3</span><br/>= <b>%4</b></p>")
                       .arg(esc(m.title), esc(m.formula), esc(m.substituted), result, esc(m.key));
    if (!m.legend.empty()) {
        html += QStringLiteral("<p class=\"legend\" style=\"margin:2px 0 0 16px\">%1</p>")
                    .arg(esc(m.legend));
    }
    if (!m.note.empty()) {
        html += noteHtml(m.note);
    }
    if (!m.source.empty()) {
        html += QStringLiteral("<p class=\"src\" style=\"margin:2px 0 0 16px\">%1 %2</p>")
                    .arg(QCoreApplication::translate("llmsizer::ui::MathPanel", "Source:"),
                         sourceHtml(m.source));
    }
    return html;
}

// The whole text: a heading before each group, then each item.
QString mathHtml(const std::vector<MathItem>& items)
{
    QString html;
    for (const MathItem& m : items) {
        const QString section = sectionBefore(m.key);
        if (!section.isEmpty()) {
            html += QStringLiteral("<h2>%1</h2>").arg(section.toHtmlEscaped());
        }
        html += itemHtml(m);
    }
    return html;
}

} // namespace

MathDocument::MathDocument(QTextBrowser* browser) : m_browser(browser)
{
    m_browser->document()->setUndoRedoEnabled(false);
}

void MathDocument::show(const std::vector<MathItem>& items, const QString& error,
                        const QString& css)
{
    const QString html =
        error.isEmpty() ? mathHtml(items) : QStringLiteral("<p>%1</p>").arg(error.toHtmlEscaped());
    // The same text (a batch size changes none of it) is not laid out again. Setting the text lays
    // out the whole document; when only numbers changed, only their lines are replaced.
    if (html == m_shownHtml && css == m_shownCss) {
        return;
    }
    if (error.isEmpty() && !items.empty() && css == m_shownCss && patch(items)) {
        ++m_patches;
        m_shownHtml = html;
        m_shownItems = items;
        return;
    }
    reset(html, css, error.isEmpty() ? items : std::vector<MathItem>{});
}

void MathDocument::forget()
{
    m_shownHtml.clear();
    m_shownItems.clear();
    m_blocks.clear();
}

void MathDocument::reset(const QString& html, const QString& css, std::vector<MathItem> items)
{
    ++m_resets;
    m_browser->document()->setDefaultStyleSheet(css);
    const int scroll = m_browser->verticalScrollBar()->value();
    m_browser->setHtml(html);
    m_browser->verticalScrollBar()->setValue(scroll);
    m_shownHtml = html;
    m_shownCss = css;
    m_shownItems = std::move(items);
    // Find each item's formula block, the title block before it and its legend and note blocks
    // after it, in order; a text that does not read as expected (white space the HTML collapsed)
    // leaves the index empty, and the next change sets the whole text again.
    m_blocks.clear();
    std::vector<ItemBlocks> found;
    QTextBlock b = m_browser->document()->begin();
    for (const MathItem& m : m_shownItems) {
        while (b.isValid() && b.text() != formulaBlockText(m)) {
            b = b.next();
        }
        if (!b.isValid() || b.previous().text() != QString::fromStdString(m.title)) {
            return;
        }
        ItemBlocks at;
        at.title = b.previous().blockNumber();
        at.formula = b.blockNumber();
        for (auto [line, number] : {std::pair{&m.legend, &at.legend}, {&m.note, &at.note}}) {
            if (!line->empty()) {
                b = b.next();
                if (!b.isValid() || b.text() != QString::fromStdString(*line)) {
                    return;
                }
                *number = b.blockNumber();
            }
        }
        found.push_back(at);
        b = b.next();
    }
    m_blocks = std::move(found);
}

// Edits the shown text into `items` when they differ from it only in the numbers of their
// titles, formulas, results, legends and notes: each changed block is laid out again, the rest
// of the document is not. False when anything else differs (the caller then sets the whole
// text).
bool MathDocument::patch(const std::vector<MathItem>& items)
{
    if (items.size() != m_shownItems.size() || m_blocks.size() != items.size()) {
        return false;
    }
    // A line that changes must read as given both before and after; only a note may appear or
    // vanish (its paragraph is inserted or removed).
    auto editable = [](const std::string& was, const std::string& now, bool mayBeEmpty = false) {
        auto plain = [mayBeEmpty](const std::string& line) {
            return (mayBeEmpty && line.empty()) || plainRun(QString::fromStdString(line));
        };
        return was == now || (plain(was) && plain(now));
    };
    for (std::size_t i = 0; i < items.size(); ++i) {
        const MathItem& was = m_shownItems[i];
        const MathItem& now = items[i];
        if (was.key != now.key || was.formula != now.formula || was.unit != now.unit ||
            was.source != now.source || !editable(was.title, now.title) ||
            !editable(was.substituted, now.substituted) ||
            !editable(was.result_text, now.result_text) || !editable(was.legend, now.legend) ||
            !editable(was.note, now.note, true)) {
            return false;
        }
    }
    QTextDocument* doc = m_browser->document();
    auto position = [doc](int block) { return doc->findBlockByNumber(block).position(); };
    // Every block after `block` moves by `by` (a note's paragraph inserted or removed).
    auto shiftAfter = [this](int block, int by) {
        for (ItemBlocks& b : m_blocks) {
            for (int* n : {&b.title, &b.formula, &b.legend, &b.note}) {
                *n += *n > block ? by : 0;
            }
        }
    };
    for (std::size_t i = 0; i < items.size(); ++i) {
        const MathItem& was = m_shownItems[i];
        const MathItem& now = items[i];
        ItemBlocks& at = m_blocks[i];
        // An item's edits as one change of the document: its blocks are laid out once, and no
        // cursor works out its x position after each edit.
        QTextCursor edit(doc);
        edit.beginEditBlock();
        for (auto [line, block] : {std::pair{&MathItem::title, at.title},
                                   {&MathItem::legend, at.legend},
                                   {&MathItem::note, at.note}}) {
            if (was.*line != now.*line && !(was.*line).empty() && !(now.*line).empty()) {
                replaceRun(doc, position(block), QString::fromStdString(was.*line),
                           QString::fromStdString(now.*line));
            }
        }
        if (was.note.empty() && !now.note.empty()) {
            // After the legend, or the formula when there is none.
            const int after = at.legend >= 0 ? at.legend : at.formula;
            const QTextBlock before = doc->findBlockByNumber(after);
            QTextCursor c(doc);
            c.setPosition(before.position() + before.length() - 1);
            const auto [blockFormat, charFormat] = noteFormats(m_shownCss);
            c.insertBlock(blockFormat, charFormat);
            c.insertText(QString::fromStdString(now.note), charFormat);
            shiftAfter(after, 1);
            at.note = after + 1;
        } else if (!was.note.empty() && now.note.empty()) {
            const QTextBlock note = doc->findBlockByNumber(at.note);
            QTextCursor c(doc);
            c.setPosition(note.position() - 1);
            c.setPosition(note.position() + note.length() - 1, QTextCursor::KeepAnchor);
            c.removeSelectedText();
            const int removed = at.note;
            at.note = -1;
            shiftAfter(removed, -1);
        }
        // formula ⏎ "= " substituted ⏎ "= " result: the later run first, so that the earlier
        // one's position holds.
        const QString oldSub = QString::fromStdString(was.substituted);
        const int sub =
            position(at.formula) + static_cast<int>(QString::fromStdString(was.formula).size()) + 3;
        if (was.result_text != now.result_text) {
            replaceRun(doc, sub + static_cast<int>(oldSub.size()) + 3, resultText(was),
                       resultText(now));
        }
        if (was.substituted != now.substituted) {
            replaceRun(doc, sub, oldSub, QString::fromStdString(now.substituted));
        }
        edit.endEditBlock();
    }
    return true;
}

} // namespace llmsizer::ui
