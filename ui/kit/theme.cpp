#include "ui/kit/theme.h"

#include <QApplication>
#include <QPainter>
#include <QProxyStyle>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOption>

namespace llmsizer::ui {

namespace {

// A frame half way between a palette's text and its fill.
QColor frameColour(const QPalette& palette, QPalette::ColorGroup group = QPalette::Current)
{
    const QColor text = palette.color(group, QPalette::Text);
    const QColor base = palette.color(group, QPalette::Base);
    return {(text.red() + base.red()) / 2, (text.green() + base.green()) / 2,
            (text.blue() + base.blue()) / 2};
}

void drawFrame(QPainter* painter, const QRect& rect, const QColor& colour, bool round)
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, round);
    painter->setPen(QPen(colour, 1));
    painter->setBrush(Qt::NoBrush);
    const QRectF r = QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5);
    if (round) {
        painter->drawEllipse(r);
    } else {
        painter->drawRect(r);
    }
    painter->restore();
}

// Fusion frames a check box, a radio button, a text field and a spin box in the window colour
// darkened, which on a dark window is the colour of the field itself: an unchecked box or an
// empty field did not show (Tied LM head, System RAM, on a projector). On a dark palette each
// gets a frame half way between its text and its fill (a disabled one's dimmer).
class FramedIndicators : public QProxyStyle {
public:
    FramedIndicators() : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion"))) {}

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget) const override
    {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        if (!isDark(option->palette)) {
            return;
        }
        const bool enabled = (option->state & State_Enabled) != 0;
        const QColor frame =
            frameColour(option->palette, enabled ? QPalette::Active : QPalette::Disabled);
        if (element == PE_IndicatorCheckBox || element == PE_IndicatorRadioButton) {
            drawFrame(painter, option->rect, frame, element == PE_IndicatorRadioButton);
        } else if (element == PE_FrameLineEdit) {
            drawFrame(painter, option->rect, frame, false);
        }
    }

    void drawComplexControl(ComplexControl control, const QStyleOptionComplex* option,
                            QPainter* painter, const QWidget* widget) const override
    {
        QProxyStyle::drawComplexControl(control, option, painter, widget);
        if (control == CC_SpinBox && isDark(option->palette) &&
            (option->subControls & SC_SpinBoxFrame) != 0) {
            const bool enabled = (option->state & State_Enabled) != 0;
            drawFrame(painter, option->rect,
                      frameColour(option->palette, enabled ? QPalette::Active : QPalette::Disabled),
                      false);
        }
    }
};

} // namespace

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2B2B2E);
    const QColor base(0x1F1F22);
    const QColor text(0xE8E8EA);
    const QColor highlight(0x3D8BFD);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xA0A0A6));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x38383C));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xFF6B6B));
    p.setColor(QPalette::Link, highlight.lighter(120));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Light, QColor(0x4A4A50));
    p.setColor(QPalette::Midlight, QColor(0x404046));
    p.setColor(QPalette::Mid, QColor(0x333338));
    p.setColor(QPalette::Dark, QColor(0x18181A));
    p.setColor(QPalette::Shadow, Qt::black);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        p.setColor(QPalette::Disabled, role, QColor(0x7A7A80));
    }
    // Fusion draws a field's frame in the window colour darkened (QFusionStyle's outline), which is
    // the base colour here: a disabled field filled with the window colour keeps its frame.
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    return p;
}

Theme themeFromString(const QString& name, bool* ok)
{
    const QString n = name.trimmed().toLower();
    if (ok != nullptr) {
        *ok = n == QLatin1String("light") || n == QLatin1String("dark") ||
              n == QLatin1String("system");
    }
    if (n == QLatin1String("light")) {
        return Theme::Light;
    }
    if (n == QLatin1String("dark")) {
        return Theme::Dark;
    }
    return Theme::System;
}

void applyTheme(QApplication& app, Theme theme)
{
    if (theme == Theme::System) {
        return;
    }
    QApplication::setStyle(new FramedIndicators);
    app.setPalette(theme == Theme::Dark ? darkPalette() : QApplication::style()->standardPalette());
}

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

} // namespace llmsizer::ui
