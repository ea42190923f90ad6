#pragma once

#include <QFont>
#include <QObject>
#include <QPalette>

class QAction;

namespace llmsizer::ui {

// Presentation mode, for a projector: a larger application font, a high-contrast palette (black
// on white, or white on black when the theme is dark) and thicker chart lines (chartstyle.h).
// Toggled by its checkable action (F5 or Ctrl+Shift+P, in the View menu); toggled() lets the
// window simplify its panels. Switching off restores the font and palette in use before.
class Presentation : public QObject {
    Q_OBJECT
public:
    explicit Presentation(QObject* parent = nullptr);
    ~Presentation() override;

    static constexpr double kFontScale = 1.4;

    bool isOn() const { return m_on; }
    QAction* action() const { return m_action; }
    // The projector palette for a light or a dark base palette.
    static QPalette highContrast(const QPalette& base);

    void setOn(bool on);
    void toggle() { setOn(!m_on); }

signals:
    void toggled(bool on);

private:
    QAction* m_action;
    bool m_on = false;
    QFont m_font;
    QPalette m_palette;
};

} // namespace llmsizer::ui
