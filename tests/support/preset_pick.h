#pragma once

// Choosing a preset in a PresetPicker (the main window's model box, the Compare window's) the way
// a user does: from its list or its search, by mouse or keyboard.
#include <QString>

namespace llmsizer::ui {
class PresetPicker;
}

namespace llmsizer::test {

// ListMouse and ListKeyboard open the picker's list and click the preset or press Enter on it;
// SearchMouse and SearchKeyboard type its name and choose it in the search list the same ways;
// SearchEnter types the name (or TypedPrefix, a part of it) and presses Enter without choosing in
// the search list.
enum class PickPath {
    ListMouse,
    ListKeyboard,
    SearchMouse,
    SearchKeyboard,
    SearchEnter,
    TypedPrefix
};

// Picks `name` (a preset's display name) the way a user does.
void pickPreset(ui::PresetPicker* picker, const QString& name, PickPath path);

} // namespace llmsizer::test
