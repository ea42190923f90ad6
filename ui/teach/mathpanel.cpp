#include "ui/teach/mathpanel.h"

#include "llmsizer/present/explore_view.h"
#include "llmsizer/text/format.h"
#include "ui/kit/showrefresh.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <QEvent>
#include <QLabel>
#include <QScrollBar>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

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
        return MathPanel::tr("Parameters");
    }
    if (key == "linear_bias") {
        return MathPanel::tr("The linear-layer rule");
    }
    if (key == "approx_12ld2") {
        return MathPanel::tr("The rule of thumb");
    }
    if (key == "weights") {
        return MathPanel::tr("Memory");
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

QString itemHtml(const MathItem& m)
{
    QString result = esc(m.result_text);
    if (m.unit == "parameters") {
        result += QStringLiteral(" ") + esc(m.unit);
    }
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
        html += QStringLiteral("<p style=\"margin:2px 0 0 16px\"><i>%1</i></p>").arg(esc(m.note));
    }
    if (!m.source.empty()) {
        html += QStringLiteral("<p class=\"src\" style=\"margin:2px 0 0 16px\">%1 %2</p>")
                    .arg(MathPanel::tr("Source:"), sourceHtml(m.source));
    }
    return html;
}

} // namespace

MathPanel::MathPanel(ConfigModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_header(new QLabel(this)),
      m_browser(new QTextBrowser(this)), m_refresh(new ShowRefresh(this, [this] { rebuild(); }))
{
    m_header->setWordWrap(true);
    m_browser->setOpenExternalLinks(true);
    m_browser->setOpenLinks(true);
    m_browser->setAccessibleName(tr("Show the math"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addWidget(m_browser, 1);
    connect(m_model, &ConfigModel::changed, m_refresh, &ShowRefresh::invalidate);
    // A followed link replaces the document: the next rebuild sets the text again.
    connect(m_browser, &QTextBrowser::sourceChanged, this, [this] { m_shownHtml.clear(); });
}

void MathPanel::changeEvent(QEvent* event)
{
    // The style sheet's colours come from the palette: rebuild for light, dark and presentation.
    if (event->type() == QEvent::PaletteChange) {
        m_refresh->invalidate();
    }
    QWidget::changeEvent(event);
}

void MathPanel::rebuild()
{
    ++m_rebuilds;
    MathOptions options;
    options.weight_precision = m_model->precision().toStdString();
    options.context = m_model->context();
    options.units = m_model->units();
    QString html;
    try {
        m_items = showTheMath(m_model->config(), m_model->count(), options);
    } catch (const std::exception& e) {
        m_items.clear();
        html = QStringLiteral("<p>%1</p>").arg(esc(e.what()));
    }
    m_header->setText(tr("<b>Show the math</b> for %1: every figure as its formula, the same "
                         "formula with this model's numbers, and the exact result.")
                          .arg(shownName(m_model->modelName()).toHtmlEscaped()));
    const QColor muted = palette().color(QPalette::PlaceholderText);
    const QColor formula = palette().color(QPalette::Link);
    QString css = QStringLiteral(".f { font-family: monospace; } .legend { color: %1; } "
                                 ".src { color: %1; } h2 { margin-top: 14px; }")
                      .arg(muted.name());
    css += QStringLiteral(" a { color: %1; }").arg(formula.name());
    for (const MathItem& m : m_items) {
        const QString section = sectionBefore(m.key);
        if (!section.isEmpty()) {
            html += QStringLiteral("<h2>%1</h2>").arg(section.toHtmlEscaped());
        }
        html += itemHtml(m);
    }
    // The same text (a batch size changes none of it) is not laid out again: the whole document
    // is, each time it is set.
    if (html != m_shownHtml || css != m_shownCss) {
        m_browser->document()->setDefaultStyleSheet(css);
        const int scroll = m_browser->verticalScrollBar()->value();
        m_browser->setHtml(html);
        m_browser->verticalScrollBar()->setValue(scroll);
        m_shownHtml = html;
        m_shownCss = css;
    }
    if (!m_pendingItem.isEmpty() && isVisible()) {
        m_browser->scrollToAnchor(QStringLiteral("item-") + m_pendingItem);
        m_pendingItem.clear();
    }
}

void MathPanel::showItem(const QString& key)
{
    m_pendingItem = key;
    if (isVisible() && !m_refresh->isStale()) {
        m_browser->scrollToAnchor(QStringLiteral("item-") + key);
        m_pendingItem.clear();
    }
}

QString MathPanel::plainText() const
{
    return m_browser->toPlainText();
}

QString MathPanel::html() const
{
    return m_browser->toHtml();
}

} // namespace llmsizer::ui
