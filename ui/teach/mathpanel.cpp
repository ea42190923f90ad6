#include "ui/teach/mathpanel.h"

#include "llmsizer/present/explore_view.h"
#include "llmsizer/text/format.h"
#include "ui/kit/showrefresh.h"
#include "ui/kit/wraplabel.h"
#include "ui/state/configmodel.h"
#include "ui/state/qstrings.h"

#include <QEvent>
#include <QLabel>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace llmsizer::ui {

MathPanel::MathPanel(ConfigModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_header(new WrapLabel(this)),
      m_browser(new QTextBrowser(this)), m_text(m_browser),
      m_refresh(new ShowRefresh(this, [this] { rebuild(); }))
{
    m_browser->setOpenExternalLinks(true);
    m_browser->setOpenLinks(true);
    m_browser->setAccessibleName(tr("Show the math"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addWidget(m_browser, 1);
    connect(m_model, &ConfigModel::changed, m_refresh, &ShowRefresh::invalidate);
    // A followed link replaces the document: the next rebuild sets the text again.
    connect(m_browser, &QTextBrowser::sourceChanged, this, [this] { m_text.forget(); });
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
    options.kv_precision = m_model->kvPrecision().toStdString();
    options.context = m_model->context();
    options.units = m_model->units();
    // The summary's Memory, worked out from the same bar.
    options.memory = m_model->selectedBar();
    options.memory_mode = m_model->training() ? "training" : "inference";
    QString error;
    try {
        m_items = showTheMath(m_model->config(), m_model->count(), options);
    } catch (const std::exception& e) {
        m_items.clear();
        error = QString::fromStdString(e.what());
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
    m_text.show(m_items, error, css);
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
