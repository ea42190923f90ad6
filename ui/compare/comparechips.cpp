#include "ui/compare/comparechips.h"

#include "ui/kit/flowlayout.h"
#include "ui/state/comparisonmodel.h"
#include "ui/state/qstrings.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace llmsizer::ui {

namespace {

QToolButton* chipButton(const QString& text, const QString& tip, QWidget* parent)
{
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    b->setAccessibleName(tip);
    b->setAutoRaise(true);
    b->setFocusPolicy(Qt::TabFocus); // reordered and removed from the keyboard too
    return b;
}

} // namespace

CompareChips::CompareChips(ComparisonModel* comparison, QWidget* parent)
    : QWidget(parent), m_comparison(comparison), m_row(new FlowLayout(this, 6))
{
    m_row->setContentsMargins(0, 0, 0, 0);
    connect(m_comparison, &ComparisonModel::changed, this, &CompareChips::rebuild);
    rebuild();
}

void CompareChips::rebuild()
{
    // A step of a slider changes the comparison's figures, not its models: the chips stay (new
    // ones would relay out and repaint the whole window).
    QStringList shown;
    for (const SessionModel& e : m_comparison->entries()) {
        shown << QString::fromStdString(e.name) + QLatin1Char('\n') +
                     QString::fromStdString(e.preset_id);
    }
    if (shown == m_shown && m_row->count() == m_comparison->size()) {
        return;
    }
    m_shown = shown;
    while (QLayoutItem* item = m_row->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const int n = m_comparison->size();
    for (int i = 0; i < n; ++i) {
        const SessionModel& e = m_comparison->entries()[static_cast<std::size_t>(i)];
        auto* chip = new QFrame(this);
        chip->setFrameShape(QFrame::StyledPanel);
        auto* row = new QHBoxLayout(chip);
        row->setContentsMargins(6, 1, 1, 1);
        row->setSpacing(0);
        const QString name = shownName(e.name);
        // A chip holds about 32 characters of name; the rest is elided (whole in the tooltip).
        const QFontMetrics metrics(chip->font());
        auto* label = new QLabel(
            QStringLiteral("<b>%1</b>")
                .arg(metrics.elidedText(name, Qt::ElideMiddle, 32 * metrics.averageCharWidth())
                         .toHtmlEscaped()),
            chip);
        label->setToolTip(e.preset_id.empty()
                              ? tr("Custom configuration")
                              : tr("From preset %1").arg(QString::fromStdString(e.preset_id)));
        row->addWidget(label);
        QToolButton* left = chipButton(QStringLiteral("◀"), tr("Move %1 left").arg(name), chip);
        QToolButton* right = chipButton(QStringLiteral("▶"), tr("Move %1 right").arg(name), chip);
        QToolButton* remove = chipButton(QStringLiteral("✕"), tr("Remove %1").arg(name), chip);
        left->setObjectName(QStringLiteral("left%1").arg(i));
        right->setObjectName(QStringLiteral("right%1").arg(i));
        remove->setObjectName(QStringLiteral("remove%1").arg(i));
        left->setEnabled(i > 0);
        right->setEnabled(i + 1 < n);
        row->addWidget(left);
        row->addWidget(right);
        row->addWidget(remove);
        // Queued: the clicked button is deleted by the rebuild its edit triggers.
        connect(
            left, &QToolButton::clicked, m_comparison, [this, i] { m_comparison->move(i, i - 1); },
            Qt::QueuedConnection);
        connect(
            right, &QToolButton::clicked, m_comparison, [this, i] { m_comparison->move(i, i + 1); },
            Qt::QueuedConnection);
        connect(
            remove, &QToolButton::clicked, m_comparison, [this, i] { m_comparison->remove(i); },
            Qt::QueuedConnection);
        m_row->addWidget(chip);
    }
}

} // namespace llmsizer::ui
