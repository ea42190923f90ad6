#pragma once

#include <QFont>
#include <QObject>
#include <QPalette>
#include <QPointer>
#include <QWidget>

class QAction;

namespace llmsizer::ui {

// Presentation mode, for a projector: a larger application font, a high-contrast palette (black
// on white, or white on black when the theme is dark) and thicker chart lines (chartstyle.h).
// The mode is the application's (its font and palette are), so it is held here once: one object
// per application (instance()), read by every view through presentationMode() and followed
// through toggled(). Its checkable action (F5 or Ctrl+Shift+P) sits in the View menu.
//
// setOn() switches everything at once: the mode, then the views' own layouts (changing()), then
// the font and palette, then toggled(); the windows repaint once, after the switch. Switching off
// restores the font and palette in use before.
class Presentation : public QObject {
    Q_OBJECT
public:
    // The application's presentation mode (made on first use, a child of the application).
    static Presentation* instance();
    ~Presentation() override;

    static constexpr double kFontScale = 1.4;

    bool isOn() const { return m_on; }
    QAction* action() const { return m_action; }
    // The projector palette for a light or a dark base palette.
    static QPalette highContrast(const QPalette& base);

    void setOn(bool on);
    void toggle() { setOn(!m_on); }

signals:
    // The mode changed and the font has not yet: views show or hide their parts now, so that the
    // new font lays out the new panels once.
    void changing(bool on);
    // The mode, the font and the palette changed.
    void toggled(bool on);

private:
    explicit Presentation(QObject* parent);

    QAction* m_action;
    bool m_on = false;
    QFont m_font;
    QPalette m_palette;
    QPointer<QWidget> m_focus;   // the keyboard focus before switching on
    QPointer<QWidget> m_focusOn; // and right after
};

// Whether presentation mode is on (false before any Presentation exists).
bool presentationMode();

} // namespace llmsizer::ui
