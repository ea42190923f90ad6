#include "ui/kit/glossarydialog.h"

#include "llmsizer/present/glossary.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QVariant>

namespace llmsizer::ui {

namespace {

QString fromView(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

} // namespace

QString glossaryTip(const char* key, const QString& extra)
{
    const QByteArray more = extra.toUtf8();
    return QString::fromStdString(glossaryHtml(
        key, std::string_view(more.constData(), static_cast<std::size_t>(more.size()))));
}

void attachGlossary(QWidget* widget, const char* key, bool keepToolTip)
{
    const QString tip = glossaryTip(key);
    widget->setWhatsThis(tip);
    if (!keepToolTip) {
        widget->setToolTip(tip);
    }
    widget->setProperty("glossaryKey", QString::fromLatin1(key));
}

GlossaryDialog::GlossaryDialog(QWidget* parent)
    : QDialog(parent), m_search(new QLineEdit(this)), m_count(new QLabel(this)),
      m_text(new QTextBrowser(this))
{
    setWindowTitle(tr("Glossary"));
    setObjectName(QStringLiteral("glossary"));
    m_search->setPlaceholderText(tr("Search: a term or another name for it (n_embd, GQA, Q4_K_M)"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search the glossary"));
    m_text->setOpenLinks(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_search);
    layout->addWidget(m_count);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_search, &QLineEdit::textChanged, this, &GlossaryDialog::refresh);
    resize(640, 560);
    refresh();
}

void GlossaryDialog::setQuery(const QString& query)
{
    m_search->setText(query); // textChanged refreshes
    refresh();
}

QString GlossaryDialog::shownText() const
{
    return m_text->toPlainText();
}

void GlossaryDialog::refresh()
{
    const QByteArray query = m_search->text().toUtf8();
    const std::vector<std::string_view> keys =
        searchGlossary(std::string_view(query.constData(), static_cast<std::size_t>(query.size())));
    m_shown.clear();
    QString html;
    for (std::string_view key : keys) {
        const GlossaryTerm* t = findGlossaryTerm(key);
        m_shown << fromView(key);
        html += QStringLiteral("<p><b>%1</b><br>%2<br>%3<br><small><i>%4</i></small></p>")
                    .arg(fromView(t->term).toHtmlEscaped(), fromView(t->line1).toHtmlEscaped(),
                         fromView(t->line2).toHtmlEscaped(),
                         tr("Also: %1").arg(fromView(t->aliases).toHtmlEscaped()));
    }
    if (keys.empty()) {
        html = tr("<p>No term matches “%1”.</p>").arg(m_search->text().toHtmlEscaped());
    }
    m_count->setText(keys.size() == 1 ? tr("1 term") : tr("%1 terms").arg(keys.size()));
    m_text->setHtml(html);
}

} // namespace llmsizer::ui
