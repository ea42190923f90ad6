#pragma once

#include <QPalette>
#include <QString>

class QApplication;

namespace llmsizer::ui {

// Light or dark: System follows the desktop's palette; Light and Dark force the Fusion style with
// a matching palette (--theme, screenshots).
enum class Theme { System, Light, Dark };

// "light", "dark", "system" (anything else: nullopt via ok = false).
Theme themeFromString(const QString& name, bool* ok = nullptr);
void applyTheme(QApplication& app, Theme theme);
// The dark theme's palette (Fusion's colours for a dark window).
QPalette darkPalette();
// Whether a palette is dark (window colour darker than mid grey): charts pick their theme by it.
bool isDark(const QPalette& palette);

} // namespace llmsizer::ui
