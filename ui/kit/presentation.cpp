#include "ui/kit/presentation.h"

#include "ui/kit/theme.h"

#include <QAction>
#include <QApplication>
#include <QPointer>
#include <QWidget>

namespace llmsizer::ui {

namespace {

// The one instance; cleared when the application (its parent) deletes it.
QPointer<Presentation>& theInstance()
{
    static QPointer<Presentation> instance;
    return instance;
}

} // namespace

Presentation* Presentation::instance()
{
    QPointer<Presentation>& p = theInstance();
    if (p.isNull()) {
        p = new Presentation(qApp);
    }
    return p.data();
}

bool presentationMode()
{
    const QPointer<Presentation>& p = theInstance();
    return !p.isNull() && p->isOn();
}

Presentation::Presentation(QObject* parent)
    : QObject(parent), m_action(new QAction(tr("&Presentation mode"), this))
{
    m_action->setCheckable(true);
    m_action->setShortcuts(
        {QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)});
    m_action->setStatusTip(tr("Large fonts, thick lines and high contrast for a projector"));
    connect(m_action, &QAction::toggled, this, &Presentation::setOn);
}

Presentation::~Presentation()
{
    if (m_on) {
        setOn(false);
    }
}

QPalette Presentation::highContrast(const QPalette& base)
{
    const bool dark = isDark(base);
    QPalette p = base;
    const QColor bg = dark ? QColor(Qt::black) : QColor(Qt::white);
    const QColor fg = dark ? QColor(Qt::white) : QColor(Qt::black);
    // Fusion draws frames, check boxes and slider grooves in the window colour darkened: a dark
    // window a little above black keeps them visible; text areas stay pure black.
    const QColor window = dark ? QColor(0x1E1E1E) : bg;
    for (const QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        p.setColor(group, QPalette::Window, window);
        p.setColor(group, QPalette::Base, bg);
        p.setColor(group, QPalette::AlternateBase, dark ? QColor(0x1C1C1C) : QColor(0xEEEEEE));
        p.setColor(group, QPalette::WindowText, fg);
        p.setColor(group, QPalette::Text, fg);
        p.setColor(group, QPalette::ButtonText, fg);
        p.setColor(group, QPalette::Button, dark ? QColor(0x3A3A3A) : QColor(0xE6E6E6));
        p.setColor(group, QPalette::PlaceholderText, dark ? QColor(0xD0D0D0) : QColor(0x303030));
        p.setColor(group, QPalette::Highlight, dark ? QColor(0x4DA3FF) : QColor(0x0050B3));
        p.setColor(group, QPalette::HighlightedText, dark ? QColor(Qt::black) : QColor(Qt::white));
        p.setColor(group, QPalette::Link, dark ? QColor(0x8CC4FF) : QColor(0x003C99));
    }
    return p;
}

void Presentation::setOn(bool on)
{
    if (on == m_on) {
        return;
    }
    m_on = on; // before the font and palette events reach the charts
    if (m_action->isChecked() != on) {
        m_action->setChecked(on);
    }
    // The keyboard focus goes back where it was before presentation mode moved it (the panels
    // that give way take it with them): switched off, every window looks as it did.
    if (on) {
        m_focus = QApplication::focusWidget();
    }
    // One repaint per window, after the whole switch.
    QList<QPointer<QWidget>> frozen;
    for (QWidget* w : QApplication::topLevelWidgets()) {
        if (w->isVisible() && w->updatesEnabled()) {
            w->setUpdatesEnabled(false);
            frozen << w;
        }
    }
    emit changing(on);
    if (on) {
        m_font = QApplication::font();
        m_palette = QApplication::palette();
        QFont big = m_font;
        if (big.pointSizeF() > 0) {
            big.setPointSizeF(big.pointSizeF() * kFontScale);
        } else {
            big.setPixelSize(static_cast<int>(big.pixelSize() * kFontScale));
        }
        QApplication::setPalette(highContrast(m_palette));
        QApplication::setFont(big);
    } else {
        QApplication::setPalette(m_palette);
        QApplication::setFont(m_font);
    }
    emit toggled(on);
    if (on) {
        m_focusOn = QApplication::focusWidget(); // where the switch left it
    } else if (!m_focus.isNull() && m_focus->isVisible() && m_focus->isEnabled() &&
               QApplication::focusWidget() == m_focusOn.data()) {
        // Not if the user has moved it since: then it stays where they put it.
        m_focus->setFocus(Qt::OtherFocusReason);
    }
    for (const QPointer<QWidget>& w : frozen) {
        if (!w.isNull()) {
            w->setUpdatesEnabled(true);
        }
    }
}

} // namespace llmsizer::ui
