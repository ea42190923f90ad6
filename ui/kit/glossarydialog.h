#pragma once

#include <QDialog>
#include <QString>
#include <QStringList>

class QLabel;
class QLineEdit;
class QTextBrowser;
class QWidget;

namespace llmsizer::ui {

// The glossary's text for a term (present/glossary.h) as rich text, for a tooltip or a What's
// This; `extra` follows as a third line. Empty for an unknown key.
QString glossaryTip(const char* key, const QString& extra = {});

// Gives `widget` the term's text as its What's This and, unless `keepToolTip`, as its tooltip;
// the key is kept in the widget's "glossaryKey" property, so that tests can find every control
// that explains itself and check its key.
void attachGlossary(QWidget* widget, const char* key, bool keepToolTip = false);

// Help > Glossary: every term the app shows with its two-line definition, filtered as the user
// types (searchGlossary: the term, its other names and the definition; "n_embd" finds d_model).
class GlossaryDialog : public QDialog {
    Q_OBJECT
public:
    explicit GlossaryDialog(QWidget* parent = nullptr);

    // Fills the search field (and filters); the keys shown, in glossary order.
    void setQuery(const QString& query);
    QStringList shownKeys() const { return m_shown; }
    QLineEdit* searchField() const { return m_search; }
    QString shownText() const;

private:
    void refresh();

    QLineEdit* m_search;
    QLabel* m_count;
    QTextBrowser* m_text;
    QStringList m_shown;
};

} // namespace llmsizer::ui
