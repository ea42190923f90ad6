#pragma once

#include <QFont>
#include <QString>

namespace llmsizer::ui {

// The advance of `text` in `font`, exactly as QFontMetricsF(font).horizontalAdvance(text) gives
// it, remembered: Qt shapes the text again on every call, and a slider step measures the same
// titles, bar names and words many times over (a chart lays its labels out once per layout
// pass). The memory is cleared when it holds more than a few thousand texts of one font.
qreal textWidth(const QFont& font, const QString& text);

} // namespace llmsizer::ui
