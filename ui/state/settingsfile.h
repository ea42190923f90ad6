#pragma once

// What a settings file must be before QSettings reads it (ui/state/settings.cpp).
#include <QByteArray>
#include <QString>

namespace llmsizer::ui {

// The app's own settings file is a few kilobytes; a larger one is not read.
inline constexpr qsizetype kMaxSettingsBytes = 1024 * 1024;

// Why `bytes` is not an INI file QSettings wrote or a person edited ("" when it is one): at most
// kMaxSettingsBytes of UTF-8 text without C0 control characters, each line a [section], a
// key=value, a comment or blank (a line ending in a backslash continues on the next), and no
// value QSettings would deserialize with QDataStream (@Variant, @DateTime). QSettings itself
// reads 4 KB of random bytes without an error, and would replace them with its own at the next
// save.
QString iniProblem(const QByteArray& bytes);

} // namespace llmsizer::ui
